package io.quickphotos.bench.hybrid;

import io.quickphotos.FanOut;
import io.quickphotos.NewPhoto;
import io.quickphotos.NewUser;
import io.quickphotos.PageRequest;
import io.quickphotos.QuickPhotos;
import io.quickphotos.RetryPolicy;
import io.quickphotos.ServiceUnavailableException;
import io.quickphotos.Sharding;
import io.quickphotos.Snapshot;
import io.quickphotos.TableItems;
import io.quickphotos.bench.CostTally;
import io.quickphotos.bench.feed.FeedScenario;
import io.quickphotos.memory.InMemoryTable;
import io.quickphotos.memory.MemoryQuickPhotos;
import io.quickphotos.memory.PartitionLoad;
import io.quickphotos.memory.Throughput;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The hybrid feed on the memory engine's throughput model ({@link Throughput#onDemand()}: 3,000
 * read and 1,000 write units a second per table and index partition, split for heat after 5 s):
 * for some simulated seconds, authors upload photos and followers read home-feed pages at stated
 * rates, and the run records the throttled requests, the calls that failed, the fan-outs left
 * pending and the hottest partitions of the table and the index.
 *
 * <p>Two runs: a <b>celebrity</b> above K — its first K followers are its audience, the rest
 * follow by pull — uploading while its followers read; and <b>many ordinary authors</b>, each
 * with its whole following as its audience, uploading at random, so that their fan-outs write
 * into the timelines of a shared pool of readers. Every follow is a real {@code follow} call of a
 * hybrid repository, made before the clock starts on the engine without limits.
 *
 * <p>The simulation is single-threaded and discrete, as {@code quickphotos simulate celebrity}'s:
 * the clock stands still during a call and moves to the next call's instant between calls, each
 * second's calls spread over it (the n-th of a kind at a random instant of the n-th of equal
 * slots); a throttled request is retried at once ({@link RetryPolicy#noDelay(int)}), so it meets
 * the same empty bucket and the call fails. A partition's load is its units over the whole run,
 * per second: a mean, not a peak (a throttled attempt would show any second above the limit).
 */
public final class FeedThroughput {
  /** When the simulated run begins. */
  static final Instant START = Instant.parse("2026-03-01T12:00:00Z");

  /** How many of the hottest partitions a run lists, of the table and of the index each. */
  static final int HOTTEST = 3;

  private static final PageRequest PAGE = PageRequest.first(FeedScenario.PAGE);

  private FeedThroughput() {}

  /**
   * One run's load.
   *
   * @param name what it shows
   * @param authors how many authors upload
   * @param followersEach followers of each author
   * @param k K: the first K followers of an author are its audience
   * @param readers the readers the followers are drawn from (each author's followers distinct)
   * @param photosBefore photos each author has before the run (in the window)
   * @param seconds simulated seconds
   * @param uploadsPerSecond uploads a second, over all authors
   * @param pagesPerSecond home-feed pages a second, by random followers
   * @param attempts attempts of a request before a call gives up
   * @param seed the random choices
   */
  public record Load(
      String name,
      int authors,
      int followersEach,
      int k,
      int readers,
      int photosBefore,
      int seconds,
      int uploadsPerSecond,
      int pagesPerSecond,
      int attempts,
      long seed) {}

  /**
   * Both runs.
   *
   * @param celebrity the celebrity's
   * @param ordinary the ordinary authors'
   */
  public record Settings(Load celebrity, Load ordinary) {
    /**
     * The committed report's: a celebrity with 10,000 followers (1,000 in its audience)
     * uploading 10 photos a second for 30 s while its followers read 300 pages a second; 2,000
     * authors with 500 followers each (a pool of 10,000 readers, 100 follows each) uploading 100
     * photos a second between them for 20 s while 300 pages a second are read.
     *
     * @return the settings
     */
    public static Settings standard() {
      return new Settings(
          new Load("celebrity", 1, 10_000, 1_000, 10_000, 30, 30, 10, 300, 3, 1),
          new Load("ordinary", 2_000, 500, 1_000, 10_000, 2, 20, 100, 300, 3, 2));
    }
  }

  /**
   * One partition's load over a run.
   *
   * @param onIndex whether a partition of the index, not of the table
   * @param partitionValue its partition key value
   * @param readUnits read units a second, mean over the run
   * @param writeUnits write units a second
   * @param refused requests it refused
   * @param share the larger of read units over the read limit and write units over the write
   *     limit
   */
  public record Hot(
      boolean onIndex,
      String partitionValue,
      double readUnits,
      double writeUnits,
      long refused,
      double share) {}

  /**
   * What a run did.
   *
   * @param load the load
   * @param audience the audience of an author, on average: the audience items in the table over
   *     the authors (each author's first K followers, the same for every author of a run)
   * @param uploads uploads offered
   * @param failedUploads uploads that failed
   * @param pages pages offered
   * @param failedPages pages that failed
   * @param throttledAttempts request attempts the model refused
   * @param pendingLeft pending fan-outs in the table at the end
   * @param entriesWritten timeline entries in the table at the end, less those before the run
   * @param writeUnits write units the run consumed
   * @param readUnits read units the run consumed
   * @param partitions partitions the model tracked
   * @param table the table's hottest partitions
   * @param index the index's hottest partitions
   * @param setupSeconds wall time of building the follows
   * @param runSeconds wall time of the simulated seconds
   */
  public record Run(
      Load load,
      int audience,
      long uploads,
      long failedUploads,
      long pages,
      long failedPages,
      long throttledAttempts,
      long pendingLeft,
      long entriesWritten,
      double writeUnits,
      double readUnits,
      int partitions,
      List<Hot> table,
      List<Hot> index,
      double setupSeconds,
      double runSeconds) {}

  /**
   * Runs both loads.
   *
   * @param settings the loads
   * @return the celebrity's run, then the ordinary authors'
   */
  public static List<Run> runAll(Settings settings) {
    return List.of(run(settings.celebrity()), run(settings.ordinary()));
  }

  /**
   * Runs one load on a new table.
   *
   * @param load the load
   * @return what happened
   */
  static Run run(Load load) {
    long setupStart = System.nanoTime();
    ManualClock clock = new ManualClock(START.minus(Duration.ofHours(1)));
    InMemoryTable table = InMemoryTable.create();
    QuickPhotos bare = repository(table, clock, load).build();
    List<NewUser> users = new ArrayList<>();
    List<NewPhoto> photos = new ArrayList<>();
    for (int a = 0; a < load.authors(); a++) {
      users.add(HybridScenario.user(author(load, a)));
      for (int p = 0; p < load.photosBefore(); p++) {
        photos.add(
            new NewPhoto(
                author(load, a),
                START.minus(Duration.ofMinutes(load.photosBefore() - p)).minusMillis(a),
                "https://photos.example.com/" + author(load, a) + "/" + p + ".jpg"));
      }
    }
    for (int r = 0; r < load.readers(); r++) {
      users.add(HybridScenario.user(HybridScenario.follower(r)));
    }
    bare.importSnapshot(new Snapshot(users, photos, List.of(), List.of()), n -> {});
    for (int a = 0; a < load.authors(); a++) {
      for (int j = 0; j < load.followersEach(); j++) {
        bare.follow(HybridScenario.follower(followerOf(load, a, j)), author(load, a));
      }
    }
    Map<TableItems.Kind, TableItems.Tally> before = TableItems.census(bare);
    long entriesBefore = before.get(TableItems.Kind.TIMELINE_ENTRY).items();
    int audience = Math.toIntExact(before.get(TableItems.Kind.AUDIENCE).items() / load.authors());
    double setupSeconds = (System.nanoTime() - setupStart) / 1e9;

    long runStart = System.nanoTime();
    clock.moveTo(START);
    Throughput limits = Throughput.onDemand();
    Throughput.Model model = limits.model(clock);
    CostTally costs = new CostTally();
    QuickPhotos limited =
        repository(table, clock, load)
            .throughput(model)
            .retryPolicy(RetryPolicy.noDelay(load.attempts()))
            .costListener(costs)
            .build();
    SplittableRandom random = new SplittableRandom(load.seed());
    Spread uploads = new Spread(load.uploadsPerSecond(), random.split());
    Spread pages = new Spread(load.pagesPerSecond(), random.split());
    long failedUploads = 0;
    long failedPages = 0;
    int uploadNumber = 0;
    for (int s = 0; s < load.seconds(); s++) {
      Instant second = START.plusSeconds(s);
      uploads.startSecond();
      pages.startSecond();
      while (uploads.next() != Long.MAX_VALUE || pages.next() != Long.MAX_VALUE) {
        boolean upload = uploads.next() <= pages.next();
        Spread spread = upload ? uploads : pages;
        clock.moveTo(second.plusNanos(spread.next()));
        spread.advance();
        try {
          if (upload) {
            int a = random.nextInt(load.authors());
            limited.uploadPhoto(
                author(load, a),
                clock.instant(),
                "https://photos.example.com/" + author(load, a) + "/u" + uploadNumber++ + ".jpg");
          } else {
            int a = random.nextInt(load.authors());
            int j = random.nextInt(load.followersEach());
            limited.homeFeed(HybridScenario.follower(followerOf(load, a, j)), PAGE);
          }
        } catch (ServiceUnavailableException throttled) {
          if (upload) {
            failedUploads++;
          } else {
            failedPages++;
          }
        }
      }
    }
    clock.moveTo(START.plusSeconds(load.seconds()));
    List<PartitionLoad> partitions = model.partitions();
    double runSeconds = (System.nanoTime() - runStart) / 1e9;
    List<Hot> tableHot = new ArrayList<>();
    List<Hot> indexHot = new ArrayList<>();
    for (PartitionLoad row : partitions) {
      double read = row.readUnits() / load.seconds();
      double write = row.writeUnits() / load.seconds();
      Hot hot =
          new Hot(
              row.onIndex(),
              row.partitionValue(),
              read,
              write,
              row.refused(),
              Math.max(read / limits.readUnitsPerSecond(), write / limits.writeUnitsPerSecond()));
      (row.onIndex() ? indexHot : tableHot).add(hot);
    }
    Comparator<Hot> hotter = Comparator.comparingDouble(Hot::share).reversed();
    tableHot.sort(hotter);
    indexHot.sort(hotter);
    Map<TableItems.Kind, TableItems.Tally> after = TableItems.census(bare);
    return new Run(
        load,
        audience,
        (long) load.uploadsPerSecond() * load.seconds(),
        failedUploads,
        (long) load.pagesPerSecond() * load.seconds(),
        failedPages,
        model.throttledAttempts(),
        after.get(TableItems.Kind.FAN_OUT).items(),
        after.get(TableItems.Kind.TIMELINE_ENTRY).items() - entriesBefore,
        costs.writeUnits,
        costs.readUnits,
        partitions.size(),
        List.copyOf(tableHot.subList(0, Math.min(HOTTEST, tableHot.size()))),
        List.copyOf(indexHot.subList(0, Math.min(HOTTEST, indexHot.size()))),
        setupSeconds,
        runSeconds);
  }

  /** An author's handle: {@code celebrity} alone, or {@code a00000 ...}. */
  static String author(Load load, int a) {
    return load.authors() == 1 ? "celebrity" : String.format(Locale.ROOT, "a%05d", a);
  }

  /**
   * The j-th follower of author a: distinct for each author, spread over the pool so each reader
   * follows about {@code authors × followersEach / readers} authors.
   */
  static int followerOf(Load load, int a, int j) {
    if (load.authors() == 1) {
      return j;
    }
    int stride = Math.max(1, load.readers() / load.followersEach());
    return (int) (((long) a * 37 + (long) j * stride) % load.readers());
  }

  /**
   * A repository on the run's table, stamped by its clock, with the run's hybrid feed and the
   * default sharding: unlimited until told.
   */
  private static MemoryQuickPhotos.Builder repository(InMemoryTable table, Clock clock, Load load) {
    return MemoryQuickPhotos.builder()
        .table(table)
        .clock(clock)
        .sharding(Sharding.defaults())
        .fanOut(FanOut.hybrid(load.k(), FanOut.DEFAULT_WINDOW));
  }

  /** Calls of one kind within a second: the n-th at a random instant of the n-th equal slot. */
  private static final class Spread {
    private final int rate;
    private final SplittableRandom random;
    private int made;
    private long next = Long.MAX_VALUE;

    Spread(int rate, SplittableRandom random) {
      this.rate = rate;
      this.random = random;
    }

    void startSecond() {
      made = 0;
      next = draw();
    }

    long next() {
      return next;
    }

    void advance() {
      made++;
      next = draw();
    }

    private long draw() {
      return made < rate
          ? (long) ((made + random.nextDouble()) * 1_000_000_000L / rate)
          : Long.MAX_VALUE;
    }
  }

  /** A clock moved by hand, forward only. */
  static final class ManualClock extends Clock {
    private volatile Instant now;

    ManualClock(Instant start) {
      this.now = start;
    }

    void moveTo(Instant instant) {
      if (instant.isBefore(now)) {
        throw new IllegalArgumentException("the clock does not go back: " + instant);
      }
      now = instant;
    }

    @Override
    public Instant instant() {
      return now;
    }

    @Override
    public ZoneId getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
      throw new UnsupportedOperationException("UTC only");
    }
  }
}
