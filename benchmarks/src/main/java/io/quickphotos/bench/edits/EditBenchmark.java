package io.quickphotos.bench.edits;

import io.quickphotos.AppValue;
import io.quickphotos.NewPhoto;
import io.quickphotos.NewUser;
import io.quickphotos.Photo;
import io.quickphotos.PhotoEdit;
import io.quickphotos.PhotoId;
import io.quickphotos.QuickPhotos;
import io.quickphotos.Snapshot;
import io.quickphotos.UserStatus;
import io.quickphotos.bench.CostCounters;
import io.quickphotos.bench.CostTally;
import io.quickphotos.bench.DataSet;
import io.quickphotos.memory.InMemoryTable;
import io.quickphotos.memory.MemoryQuickPhotos;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * A change of one attribute of a photo against the read-modify-write of all of them that an
 * application made before single changes, and a view counted, on the in-memory backend, with the
 * requests and units of each ({@link CostCounters}). The photos are what a photo app stores: a
 * caption and the sample's attributes (width, height, alt text, tags, a views counter), about 450
 * bytes an item, or with {@code notesBytes} of notes about 3 KB. Every photo has had one single
 * change before the measurement, so its attributes' bound is set and each change is one request
 * (a photo's first takes two: see {@code docs/data-model.md}).
 *
 * <p>Run, from the repository root, after {@code ./mvnw -pl benchmarks -am package -DskipTests}:
 * <pre>
 * java -jar benchmarks/target/benchmarks.jar 'EditBenchmark' -rf json \
 *     -rff benchmarks/results/edits.json
 * </pre>
 * The settings are short (1 fork, 3 × 1 s warm-up, 5 × 1 s measured): for comparing the three
 * shapes side by side in one run.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xms1g", "-Xmx1g", "-XX:+UseParallelGC"})
public class EditBenchmark {
  static final int PHOTOS = 1_000;
  static final Instant TAKEN = Instant.parse("2024-06-01T12:00:00Z");
  static final String OWNER = "ann";

  /** Notes beside the sample's attributes: 0 for a photo of about 450 bytes, 2,400 for 3 KB. */
  @Param({"0", "2400"})
  public int notesBytes;

  QuickPhotos photos;
  CostTally costs;
  private int next;
  private long edits;

  /**
   * The photos, imported and each given its attributes' bound by one single change.
   *
   * @param notesBytes the length of every photo's notes
   * @param costs where each call's cost goes
   * @return the repository
   */
  static QuickPhotos load(int notesBytes, CostTally costs) {
    List<NewPhoto> uploads = new ArrayList<>(PHOTOS);
    for (int i = 0; i < PHOTOS; i++) {
      uploads.add(
          new NewPhoto(
              OWNER,
              TAKEN.minusSeconds(i),
              "https://photos.example.com/ann/" + i + ".jpg",
              DataSet.caption(i, 60),
              attributes(i, notesBytes)));
    }
    QuickPhotos photos =
        MemoryQuickPhotos.builder().table(InMemoryTable.create()).costListener(costs).build();
    NewUser ann =
        new NewUser(
            OWNER, "Ann", "ann@example.com", LocalDate.of(1990, 1, 1), "", UserStatus.ACTIVE);
    photos.importSnapshot(new Snapshot(List.of(ann), uploads, List.of(), List.of()), n -> {});
    for (int i = 0; i < PHOTOS; i++) {
      photos.editPhoto(photo(i), PhotoEdit.builder().set("alt", AppValue.of("alt " + i)).build());
    }
    costs.clear();
    return photos;
  }

  /** The sample's attributes of a photo (as {@code ./quickphotos load} writes them). */
  static Map<String, AppValue> attributes(int i, int notesBytes) {
    Map<String, AppValue> attributes = new HashMap<>();
    attributes.put("width", AppValue.of(1080));
    attributes.put("height", AppValue.of(1080));
    attributes.put("alt", AppValue.of("A grey heron on one leg at the edge of the lake " + i));
    attributes.put("tags", AppValue.list(AppValue.of("birds"), AppValue.of("lake")));
    attributes.put("views", AppValue.of(i * 7L));
    if (notesBytes > 0) {
      attributes.put("notes", AppValue.of(DataSet.caption(i, notesBytes)));
    }
    return attributes;
  }

  static PhotoId photo(int i) {
    return new PhotoId(OWNER, TAKEN.minusSeconds(i));
  }

  /** Loads the photos, once per trial. */
  @Setup(Level.Trial)
  public void load() {
    costs = new CostTally();
    photos = load(notesBytes, costs);
  }

  private PhotoId nextPhoto() {
    next = (next + 1) % PHOTOS;
    return photo(next);
  }

  private AppValue nextAlt() {
    return AppValue.of("An edited alt text, number " + (edits++ % 1_000));
  }

  /**
   * One attribute set where it is stored: one transaction.
   *
   * @param counters the call's requests and units
   * @return the photo changed
   */
  @Benchmark
  public PhotoId singleChange(CostCounters counters) {
    PhotoId id = nextPhoto();
    photos.editPhoto(id, PhotoEdit.builder().set("alt", nextAlt()).build());
    return costs.moveTo(counters, id);
  }

  /**
   * The same change as an application made it before: read the photo, change its map, write the
   * whole map back (and lose a concurrent writer's change).
   *
   * @param counters the calls' requests and units
   * @return the photo changed
   */
  @Benchmark
  public PhotoId readModifyWrite(CostCounters counters) {
    PhotoId id = nextPhoto();
    Photo read = photos.getPhoto(id).orElseThrow();
    Map<String, AppValue> attributes = new HashMap<>(read.attributes());
    attributes.put("alt", nextAlt());
    photos.editPhoto(id, PhotoEdit.builder().attributes(attributes).build());
    return costs.moveTo(counters, id);
  }

  /**
   * A view counted: an addition where the counter is stored.
   *
   * @param counters the call's requests and units
   * @return the photo counted
   */
  @Benchmark
  public PhotoId addView(CostCounters counters) {
    PhotoId id = nextPhoto();
    photos.editPhoto(id, PhotoEdit.builder().add("views", 1).build());
    return costs.moveTo(counters, id);
  }
}
