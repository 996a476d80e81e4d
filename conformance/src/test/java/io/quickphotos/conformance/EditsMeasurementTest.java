package io.quickphotos.conformance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.quickphotos.AccessPattern;
import io.quickphotos.AppValue;
import io.quickphotos.NewPhoto;
import io.quickphotos.NewUser;
import io.quickphotos.OperationCost;
import io.quickphotos.Photo;
import io.quickphotos.PhotoEdit;
import io.quickphotos.PhotoId;
import io.quickphotos.QuickPhotos;
import io.quickphotos.UserStatus;
import io.quickphotos.VersionConflictException;
import io.quickphotos.contract.RecordingCostListener;
import io.quickphotos.dynamo.DynamoQuickPhotos;
import io.quickphotos.memory.MemoryQuickPhotos;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * What issue #49 asked to be measured, on the memory backend and on DynamoDB Local, printed as a
 * table: two writers of different attributes of one photo, and 16 threads adding to one counter,
 * each the way an application had to before (read the photo, change its map of attributes,
 * write the whole map back) and with single-attribute changes; a stale version refused; and the
 * requests and capacity units of a change of one attribute against a read-modify-write of all of
 * them. The "before" figures depend on how the threads interleave and are printed, not asserted;
 * the "after" figures are exact and asserted. Run:
 *
 * <pre>
 * ./mvnw -B -ntp -q verify -pl conformance -am -Dtest=EditsMeasurementTest \
 *     -Dsurefire.failIfNoSpecifiedTests=false
 * </pre>
 */
class EditsMeasurementTest {
  private static final AtomicLong RUNS = new AtomicLong();
  private static final Instant TAKEN = Instant.parse("2026-05-01T09:00:00Z");
  private static final int THREADS = 16;
  private static final int EACH = 25;

  /** About 2.5 KB of attributes: a photo of 3 KB, billed 3 WCU a write on the table. */
  private static final Map<String, AppValue> ATTRIBUTES =
      Map.of(
          "alt", AppValue.of("A grey heron on one leg at the edge of the lake, in the mist"),
          "exif", AppValue.map(Map.of("camera", AppValue.of("X100V"), "iso", AppValue.of(160))),
          "notes", AppValue.of("n".repeat(2_400)));

  private final List<String> lines = new ArrayList<>();

  @Test
  void onMemory() throws Exception {
    RecordingCostListener costs = new RecordingCostListener();
    measure("memory", MemoryQuickPhotos.builder().costListener(costs).build(), costs, "m-");
  }

  @Test
  void onDynamoDbLocal() throws Exception {
    RecordingCostListener costs = new RecordingCostListener();
    QuickPhotos photos =
        DynamoQuickPhotos.builder()
            .client(SharedDynamoDbLocal.client())
            .tableName(SharedDynamoDbLocal.TABLE)
            .costListener(costs)
            .build();
    measure("DynamoDB Local", photos, costs, "d" + RUNS.incrementAndGet() + "-");
  }

  private void measure(String backend, QuickPhotos photos, RecordingCostListener costs, String p)
      throws Exception {
    String owner = p + "ann";
    photos.createUser(
        new NewUser(
            owner, "Ann", "ann@example.com", LocalDate.of(1990, 4, 1), "", UserStatus.ACTIVE));
    lines.add("== " + backend + " ==");

    // Two writers of different attributes, one after the other's read.
    PhotoId before = upload(photos, owner, 0, Map.of());
    Photo tagger = photos.getPhoto(before).orElseThrow();
    Photo app = photos.getPhoto(before).orElseThrow();
    photos.editPhoto(before, PhotoEdit.builder().attributes(with(tagger, "tags", tags())).build());
    photos.editPhoto(before, PhotoEdit.builder().attributes(with(app, "alt", alt())).build());
    int keptBefore = photos.getPhoto(before).orElseThrow().attributes().size();
    PhotoId after = upload(photos, owner, 1, Map.of());
    photos.getPhoto(after);
    photos.getPhoto(after);
    photos.editPhoto(after, PhotoEdit.builder().set("tags", tags()).build());
    photos.editPhoto(after, PhotoEdit.builder().set("alt", alt()).build());
    int keptAfter = photos.getPhoto(after).orElseThrow().attributes().size();
    lines.add(
        String.format(
            Locale.ROOT,
            "two writers of different attributes: before %d of 2 kept, after %d of 2 kept",
            keptBefore,
            keptAfter));
    assertThat(keptAfter).isEqualTo(2);

    // 16 threads adding to one counter.
    PhotoId rmw = upload(photos, owner, 2, Map.of("views", AppValue.of(0)));
    run(
        () -> {
          Photo read = photos.getPhoto(rmw).orElseThrow();
          long views = ((AppValue.Num) read.attributes().get("views")).value().longValueExact();
          photos.editPhoto(
              rmw,
              PhotoEdit.builder().attributes(with(read, "views", AppValue.of(views + 1))).build());
        });
    long countedBefore = views(photos, rmw);
    PhotoId atomic = upload(photos, owner, 3, Map.of());
    long start = System.nanoTime();
    run(() -> photos.editPhoto(atomic, PhotoEdit.builder().add("views", 1).build()));
    long millis = (System.nanoTime() - start) / 1_000_000;
    long countedAfter = views(photos, atomic);
    lines.add(
        String.format(
            Locale.ROOT,
            "%d threads x %d additions to one counter: before %d counted (%d lost), after %d"
                + " counted (%d lost, %d ms)",
            THREADS,
            EACH,
            countedBefore,
            THREADS * EACH - countedBefore,
            countedAfter,
            THREADS * EACH - countedAfter,
            millis));
    assertThat(countedAfter).isEqualTo(THREADS * EACH);

    // A stale version refused, nothing written.
    Photo read = photos.getPhoto(after).orElseThrow();
    photos.editPhoto(after, PhotoEdit.builder().caption("Mist").build());
    Throwable stale =
        catchThrowable(
            () ->
                photos.editPhoto(
                    after,
                    PhotoEdit.builder().caption("Fog").expectedVersion(read.version()).build()));
    assertThat(stale).isInstanceOf(VersionConflictException.class);
    assertThat(photos.getPhoto(after).orElseThrow().caption()).isEqualTo("Mist");
    lines.add(
        "a stale version: "
            + stale.getClass().getSimpleName()
            + " "
            + ((VersionConflictException) stale).identifiers()
            + ", caption still \"Mist\"");

    // One attribute of a 3 KB photo: read-modify-write of all of them against a single change.
    PhotoId large = upload(photos, owner, 4, ATTRIBUTES);
    photos.editPhoto(large, PhotoEdit.builder().set("alt", alt()).build()); // gives it its bound
    costs.clear();
    Photo current = photos.getPhoto(large).orElseThrow();
    photos.editPhoto(
        large, PhotoEdit.builder().attributes(with(current, "alt", AppValue.of("x"))).build());
    double[] whole = total(costs.costs());
    costs.clear();
    photos.editPhoto(large, PhotoEdit.builder().set("alt", AppValue.of("y")).build());
    double[] partial = total(costs.costs());
    costs.clear();
    photos.editPhoto(large, PhotoEdit.builder().add("views", 1).build());
    double[] counter = total(costs.costs());
    costs.clear();
    PhotoId small = upload(photos, owner, 5, Map.of("alt", alt()));
    photos.editPhoto(small, PhotoEdit.builder().set("alt", alt()).build());
    double[] firstOfSmall = total(costs.of(AccessPattern.EDIT_PHOTO));
    costs.clear();
    photos.editPhoto(small, PhotoEdit.builder().set("alt", alt()).build());
    double[] nextOfSmall = total(costs.of(AccessPattern.EDIT_PHOTO));
    lines.add(
        String.format(
            Locale.ROOT,
            "one attribute of a 3 KB photo: read-modify-write %s, single change %s, addition %s;"
                + " small photo's first single change %s, the next %s",
            shown(whole),
            shown(partial),
            shown(counter),
            shown(firstOfSmall),
            shown(nextOfSmall)));
    assertThat(partial[0]).isEqualTo(1);
    assertThat(partial[0]).isLessThan(whole[0]);
    assertThat(partial[2]).isEqualTo(whole[2]);
    assertThat(partial[1]).isLessThan(whole[1]);
    lines.forEach(System.out::println);
  }

  private static PhotoId upload(
      QuickPhotos photos, String owner, int second, Map<String, AppValue> attributes) {
    return photos
        .uploadPhoto(
            new NewPhoto(
                owner,
                TAKEN.plusSeconds(second),
                "https://photos.example.com/p.jpg",
                "",
                attributes))
        .id();
  }

  private static AppValue tags() {
    return AppValue.list(AppValue.of("heron"), AppValue.of("lake"));
  }

  private static AppValue alt() {
    return AppValue.of("A heron");
  }

  private static Map<String, AppValue> with(Photo photo, String name, AppValue value) {
    Map<String, AppValue> attributes = new HashMap<>(photo.attributes());
    attributes.put(name, value);
    return attributes;
  }

  private static long views(QuickPhotos photos, PhotoId id) {
    return ((AppValue.Num) photos.getPhoto(id).orElseThrow().attributes().get("views"))
        .value()
        .longValueExact();
  }

  private static void run(Runnable addition) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(THREADS);
    try {
      List<Future<?>> done = new ArrayList<>();
      for (int t = 0; t < THREADS; t++) {
        done.add(
            pool.submit(
                () -> {
                  for (int i = 0; i < EACH; i++) {
                    addition.run();
                  }
                }));
      }
      for (Future<?> f : done) {
        f.get();
      }
    } finally {
      pool.shutdown();
    }
  }

  /** Requests, read units and write units of the calls. */
  private static double[] total(List<OperationCost> costs) {
    double[] sum = new double[3];
    for (OperationCost cost : costs) {
      sum[0] += cost.requests();
      sum[1] += cost.readCapacityUnits();
      sum[2] += cost.writeCapacityUnits();
    }
    return sum;
  }

  private static String shown(double[] cost) {
    return String.format(Locale.ROOT, "%.0f requests %.1f RCU %.1f WCU", cost[0], cost[1], cost[2]);
  }
}
