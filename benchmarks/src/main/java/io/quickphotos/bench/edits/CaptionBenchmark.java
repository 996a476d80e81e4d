package io.quickphotos.bench.edits;

import io.quickphotos.FanOut;
import io.quickphotos.Follow;
import io.quickphotos.NewPhoto;
import io.quickphotos.NewUser;
import io.quickphotos.Page;
import io.quickphotos.PageRequest;
import io.quickphotos.Photo;
import io.quickphotos.QuickPhotos;
import io.quickphotos.Snapshot;
import io.quickphotos.SortOrder;
import io.quickphotos.UserPhotos;
import io.quickphotos.UserStatus;
import io.quickphotos.bench.CostCounters;
import io.quickphotos.bench.CostTally;
import io.quickphotos.bench.DataSet;
import io.quickphotos.memory.InMemoryTable;
import io.quickphotos.memory.MemoryQuickPhotos;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
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
 * What a caption costs the two reads that carry the most photos, on the in-memory backend: a
 * first page of 25 of {@code userWithPhotos}, newest first, and a page of 25 of
 * {@code homeFeed}, pull or hybrid, with every photo captioned with {@code captionBytes}
 * characters (0: none, the items of photos without captions) beside the same without. Each of
 * {@value #USERS} users has {@value #PHOTOS} photos of the last {@value #PHOTOS} days and follows
 * {@value #FOLLOWS} others; the hybrid's readers follow all of them by timeline (a backfill after
 * the import). The {@link CostCounters} give each call's requests and read units beside its time:
 * a caption makes a photo item about 200 bytes larger (about 220 to 430 bytes here), which a Query
 * pays per 4 KB of the page it reads, and a BatchGetItem not at all while a photo stays under
 * 4 KB.
 *
 * <p>Run, from the repository root, after {@code ./mvnw -pl benchmarks -am package -DskipTests}:
 * <pre>
 * java -jar benchmarks/target/benchmarks.jar 'CaptionBenchmark' -rf json \
 *     -rff benchmarks/results/captions.json
 * </pre>
 * The settings below are short (1 fork, 3 × 1 s warm-up, 5 × 1 s measured): the figures are
 * for comparing the two caption lengths side by side in one run, not for the report's targets.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xms1g", "-Xmx1g", "-XX:+UseParallelGC"})
public abstract class CaptionBenchmark {
  static final int USERS = 200;
  static final int PHOTOS = 30;
  static final int FOLLOWS = 10;
  static final int PAGE = 25;
  static final Instant NOW = Instant.parse("2024-06-01T12:00:00Z");

  /** Every photo's caption length in characters of one byte; 0 for none. */
  @Param({"0", "200"})
  public int captionBytes;

  QuickPhotos photos;
  CostTally costs;
  private int next;

  /** The users, in the order the calls take them. */
  static String user(int i) {
    return "user." + i;
  }

  /**
   * The community of {@value #USERS} users, imported into a new in-memory table.
   *
   * @param captionBytes every photo's caption length
   * @param fanOut the repository's setting; under the hybrid every reader's follows are made
   *     timeline follows
   * @param costs where each call's cost goes
   * @return the repository
   */
  static QuickPhotos load(int captionBytes, FanOut fanOut, CostTally costs) {
    List<NewUser> users = new ArrayList<>();
    List<NewPhoto> uploads = new ArrayList<>();
    List<Follow> follows = new ArrayList<>();
    for (int u = 0; u < USERS; u++) {
      users.add(
          new NewUser(
              user(u),
              "User " + u,
              "u" + u + "@example.com",
              LocalDate.of(1990, 1, 1),
              "",
              UserStatus.ACTIVE));
      for (int p = 0; p < PHOTOS; p++) {
        uploads.add(
            new NewPhoto(
                user(u),
                NOW.minus(Duration.ofDays(p)).minusSeconds(u),
                "https://photos.example.com/" + user(u) + "/" + p + ".jpg",
                DataSet.caption(u * PHOTOS + p, captionBytes),
                Map.of()));
      }
      for (int f = 1; f <= FOLLOWS; f++) {
        follows.add(new Follow(user(u), user((u + f * 7) % USERS), NOW.minusSeconds(f)));
      }
    }
    QuickPhotos photos =
        MemoryQuickPhotos.builder()
            .table(InMemoryTable.create())
            .clock(Clock.fixed(NOW, ZoneOffset.UTC))
            .fanOut(fanOut)
            .costListener(costs)
            .build();
    photos.importSnapshot(new Snapshot(users, uploads, follows, List.of()), n -> {});
    if (!fanOut.equals(FanOut.off())) {
      for (int u = 0; u < USERS; u++) {
        photos.fillTimeline(user(u));
      }
    }
    costs.clear();
    return photos;
  }

  String nextUser() {
    next = (next + 1) % USERS;
    return user(next);
  }

  /** A user's profile and newest photos: a Query of 27 photos, then a GetItem of the profile. */
  public static class UserWithPhotos extends CaptionBenchmark {
    /** Loads the community, once per trial. */
    @Setup(Level.Trial)
    public void load() {
      costs = new CostTally();
      photos = load(captionBytes, FanOut.off(), costs);
    }

    /**
     * One first page, newest first.
     *
     * @param counters the call's requests and units
     * @return the page
     */
    @Benchmark
    public UserPhotos userWithPhotos(CostCounters counters) {
      return costs.moveTo(
          counters,
          photos.userWithPhotos(nextUser(), SortOrder.NEWEST_FIRST, PageRequest.first(PAGE)));
    }
  }

  /** A reader's home feed: ten followed users, pulled or from the timeline. */
  public static class HomeFeed extends CaptionBenchmark {
    /** {@code pull} (fan-out on read) or {@code hybrid} (every follow a timeline follow). */
    @Param({"pull", "hybrid"})
    public String feed;

    /** Loads the community, once per trial. */
    @Setup(Level.Trial)
    public void load() {
      costs = new CostTally();
      photos = load(captionBytes, feed.equals("hybrid") ? FanOut.hybrid() : FanOut.off(), costs);
    }

    /**
     * One first page.
     *
     * @param counters the call's requests and units
     * @return the page
     */
    @Benchmark
    public Page<Photo> homeFeed(CostCounters counters) {
      return costs.moveTo(counters, photos.homeFeed(nextUser(), PageRequest.first(PAGE)));
    }
  }
}
