package io.quickphotos.cli.simulate.celebrity;

import io.quickphotos.FanOut;
import io.quickphotos.NewPhoto;
import io.quickphotos.NewUser;
import io.quickphotos.Page;
import io.quickphotos.PageRequest;
import io.quickphotos.PhotoId;
import io.quickphotos.PhotoReactions;
import io.quickphotos.QuickPhotos;
import io.quickphotos.ReactionType;
import io.quickphotos.RetryPolicy;
import io.quickphotos.ServiceUnavailableException;
import io.quickphotos.Sharding;
import io.quickphotos.Snapshot;
import io.quickphotos.UserStatus;
import io.quickphotos.memory.InMemoryTable;
import io.quickphotos.memory.MemoryQuickPhotos;
import io.quickphotos.memory.PartitionLoad;
import io.quickphotos.memory.Throughput;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * A celebrity launch on the in-memory engine under per-partition throughput limits: for a number
 * of simulated seconds, fans follow one account and react to its photos at a stated rate, and the
 * run records what the table let through, what it throttled, which partitions ran hot, and
 * whether the counters still agree with the items at the end.
 *
 * <p>The simulation is single-threaded and discrete. A {@link SimulatedClock} stands still while
 * a call runs and moves to the next call's instant between calls: each second's follows and
 * reactions are spread evenly over it ({@link Arrivals}), interleaved by time, so the partitions'
 * buckets refill between calls as they would at that rate. Every follow is by a new fan and every
 * reaction (a heart) by a fan on one of the celebrity's photos in turn; the fans and photos are
 * imported before the clock starts by a repository without limits, so the limits see only the
 * launch.
 *
 * <p>A throttled request is retried at once, as {@link RetryPolicy#noDelay(int)} retries: the
 * clock does not move during a call, so the retries meet the same empty bucket and the call
 * fails with {@link ServiceUnavailableException}; the fan gives up. Retries add no load in the
 * model (a refused attempt consumes nothing), so they change the counts of throttled attempts,
 * not the throughput.
 *
 * <p>Each {@link #run} has its own table, clock and model and gives the same numbers every time
 * for the same settings, so two runs may go side by side on two threads.
 */
public final class CelebrityLaunch {
  /** The account everyone follows. */
  static final String CELEBRITY = "celebrity";

  /** The reaction every fan leaves: one type, so a photo reaches the threshold soonest. */
  static final ReactionType REACTION = ReactionType.HEART;

  /** When the launch begins, by the simulated clock. */
  static final Instant START = Instant.parse("2026-03-01T12:00:00Z");

  /** Length of the first phase, in seconds; the last phase is the last second. */
  static final int PHASE_SECONDS = 10;

  /** A partition a phase lists has used at least this share of its read or write limit. */
  static final double MIN_HEAT = 0.01;

  /** How many of the hottest partitions a phase lists. */
  static final int HOTTEST = 3;

  private static final long NANOS_PER_SECOND = 1_000_000_000L;
  private static final int PAGE = PageRequest.MAX_SIZE;

  /**
   * What to simulate.
   *
   * @param seconds simulated seconds, at least 1
   * @param followsPerSecond follow calls offered each second, each by a new fan
   * @param reactionsPerSecond reactions offered each second
   * @param photos the celebrity's photos the reactions go to, in turn
   * @param throughput the per-partition limits
   * @param attempts attempts of each request before a call gives up, at least 1
   * @param seed picks the fans' names
   */
  record Settings(
      int seconds,
      int followsPerSecond,
      int reactionsPerSecond,
      int photos,
      Throughput throughput,
      int attempts,
      long seed) {

    /**
     * The fans needed: one per follow, the same ones reacting.
     *
     * @return how many fans the run imports
     */
    int fans() {
      return Math.toIntExact((long) seconds * Math.max(followsPerSecond, reactionsPerSecond));
    }
  }

  /**
   * One simulated second.
   *
   * @param follows follows that succeeded
   * @param reactions reactions that succeeded
   * @param failedFollows follows that failed because they were throttled
   * @param failedReactions reactions that failed because they were throttled
   * @param throttledAttempts request attempts the model refused, retries included
   */
  record Second(
      int follows, int reactions, int failedFollows, int failedReactions, long throttledAttempts) {

    int failed() {
      return failedFollows + failedReactions;
    }
  }

  /**
   * One partition's load during a phase, per second of the phase.
   *
   * @param onIndex whether a partition of the index, not of the table
   * @param partitionValue its partition key value
   * @param fromSortKey the first sort key it covers, or empty from the lowest
   * @param toSortKey the first sort key it does not cover, or empty to the highest
   * @param readUnits read units a second
   * @param writeUnits write units a second
   * @param refused requests it refused a second
   * @param split whether it split for heat by the end of the phase
   */
  record Hot(
      boolean onIndex,
      String partitionValue,
      Optional<String> fromSortKey,
      Optional<String> toSortKey,
      double readUnits,
      double writeUnits,
      double refused,
      boolean split) {}

  /**
   * A stretch of the run and its hottest partitions, of the table and of the index: those
   * nearest their limits, by the larger of read units over the read limit and write units over
   * the write limit, hottest first; at most {@value #HOTTEST} of each, none below
   * {@value #MIN_HEAT} of a limit.
   *
   * @param from its first second
   * @param to the second after its last
   * @param table the table's hottest partitions
   * @param index the index's hottest partitions
   */
  record Phase(int from, int to, List<Hot> table, List<Hot> index) {
    int seconds() {
      return to - from;
    }
  }

  /**
   * The counters at the end against what the simulation saw succeed and the items that hold it.
   *
   * @param follows follow calls that succeeded
   * @param followers the celebrity's {@code followers} as {@code getUser} reads it
   * @param friendships the friendship items {@code followersOf} lists
   * @param reactions reactions that succeeded
   * @param counted the photos' heart counters as {@code getPhoto} reads them, summed
   * @param reactionItems the reaction items {@code photoWithReactions} lists, over all photos
   */
  record Check(
      long follows,
      long followers,
      long friendships,
      long reactions,
      long counted,
      long reactionItems) {

    boolean ok() {
      return follows == followers
          && follows == friendships
          && reactions == counted
          && reactions == reactionItems;
    }
  }

  /**
   * One run.
   *
   * @param sharding the repository's sharding settings
   * @param seconds each simulated second, in order
   * @param phases the first {@value #PHASE_SECONDS} seconds and the last second: a partition
   *     born by a split within a phase shows its units over the whole phase, so the last
   *     second, where few are, shows the rates the run ended at
   * @param partitions the partitions of the celebrity's key values at the end, not those that
   *     split: the profile's and the photos' table partition, their index partitions, and their
   *     shards
   * @param check the counters against the items
   * @param setupNanos wall time of importing the fans and photos
   * @param runNanos wall time of the simulated seconds
   */
  record Run(
      Sharding sharding,
      List<Second> seconds,
      List<Phase> phases,
      List<PartitionLoad> partitions,
      Check check,
      long setupNanos,
      long runNanos) {}

  private final Settings settings;

  CelebrityLaunch(Settings settings) {
    this.settings = settings;
  }

  /**
   * Runs the launch once on a new table.
   *
   * @param sharding the repository's sharding settings
   * @return what happened
   */
  Run run(Sharding sharding) {
    long setupStart = System.nanoTime();
    SimulatedClock clock = new SimulatedClock(START.minus(Duration.ofHours(1)));
    InMemoryTable table = InMemoryTable.create();
    // Unlimited: the import and the final reads are not part of the launch.
    QuickPhotos bare = repository(table, clock, sharding).build();
    List<PhotoId> photos = importFansAndPhotos(bare);
    long setupNanos = System.nanoTime() - setupStart;

    long runStart = System.nanoTime();
    clock.moveTo(START);
    Throughput.Model model = settings.throughput().model(clock);
    QuickPhotos limited =
        repository(table, clock, sharding)
            .throughput(model)
            .retryPolicy(RetryPolicy.noDelay(settings.attempts()))
            .build();

    int first = Math.min(PHASE_SECONDS, settings.seconds());
    int last = settings.seconds() - 1;
    List<PartitionLoad> atStart = model.partitions();
    List<PartitionLoad> atFirstEnd = null;
    List<PartitionLoad> atLastStart = last == 0 ? atStart : null;
    // Both runs draw the same instants: the same offered load, call for call.
    Arrivals followArrivals = new Arrivals(settings.followsPerSecond(), settings.seed());
    Arrivals reactionArrivals =
        new Arrivals(settings.reactionsPerSecond(), ~settings.seed() * 0x9E3779B97F4A7C15L);
    List<Second> seconds = new ArrayList<>(settings.seconds());
    long follows = 0;
    long reactions = 0;
    for (int s = 0; s < settings.seconds(); s++) {
      Second second = second(s, limited, clock, model, photos, followArrivals, reactionArrivals);
      seconds.add(second);
      follows += second.follows();
      reactions += second.reactions();
      clock.moveTo(START.plusSeconds(s + 1L));
      // Readings are costly (every fan's partitions, sorted): one per phase boundary.
      if (s + 1 == first || s + 1 == last) {
        List<PartitionLoad> snapshot = model.partitions();
        atFirstEnd = s + 1 == first ? snapshot : atFirstEnd;
        atLastStart = s + 1 == last ? snapshot : atLastStart;
      }
    }
    List<PartitionLoad> atEnd = first == settings.seconds() ? atFirstEnd : model.partitions();
    long runNanos = System.nanoTime() - runStart;

    List<Phase> phases =
        List.of(
            phase(0, first, atStart, atFirstEnd),
            phase(last, settings.seconds(), atLastStart, atEnd));
    Check check = check(bare, photos, follows, reactions);
    return new Run(
        sharding, seconds, phases, celebrityPartitions(atEnd), check, setupNanos, runNanos);
  }

  /**
   * A repository on the run's table, stamped by its clock, fan-out on read: unlimited until told.
   */
  public static MemoryQuickPhotos.Builder repository(
      InMemoryTable table, SimulatedClock clock, Sharding sharding) {
    return MemoryQuickPhotos.builder()
        .table(table)
        .clock(clock)
        .sharding(sharding)
        .fanOut(FanOut.off());
  }

  /** Imports the celebrity, its photos and every fan, without limits. */
  private List<PhotoId> importFansAndPhotos(QuickPhotos bare) {
    List<NewUser> users = new ArrayList<>(settings.fans() + 1);
    users.add(user(CELEBRITY));
    for (int i = 0; i < settings.fans(); i++) {
      users.add(user(fan(settings.seed(), i)));
    }
    List<NewPhoto> photos = new ArrayList<>(settings.photos());
    for (int p = 0; p < settings.photos(); p++) {
      photos.add(
          new NewPhoto(
              CELEBRITY,
              START.minus(Duration.ofMinutes(settings.photos() - p)),
              "https://photos.example.com/" + CELEBRITY + "/" + p + ".jpg"));
    }
    bare.importSnapshot(new Snapshot(users, photos, List.of(), List.of()), n -> {});
    return photos.stream().map(NewPhoto::id).toList();
  }

  public static NewUser user(String username) {
    return new NewUser(
        username,
        username,
        username + "@example.com",
        LocalDate.of(2000, 1, 1),
        "",
        UserStatus.ACTIVE);
  }

  /**
   * A fan's handle: {@code fan} and eight hex digits of a bijective mix of the fan's number and
   * the seed, so handles are distinct and do not rise with the number: a friendship's sort key
   * is {@code #FRIEND#<follower>}, and an item collection whose new sort keys keep rising gains
   * nothing when it splits, while one whose writes spread over its keys gains a partition's
   * worth of throughput with each split, as fans' names do.
   */
  public static String fan(long seed, int number) {
    int x = number ^ (int) ((seed * 0x9E3779B97F4A7C15L) >>> 32);
    x ^= x >>> 16;
    x *= 0x45D9F3B;
    x ^= x >>> 16;
    x *= 0x45D9F3B;
    x ^= x >>> 16;
    String hex = Integer.toHexString(x);
    return "fan" + "0".repeat(8 - hex.length()) + hex;
  }

  /** Offers one second's follows and reactions, interleaved by time, and counts them. */
  private Second second(
      int s,
      QuickPhotos photos,
      SimulatedClock clock,
      Throughput.Model model,
      List<PhotoId> ids,
      Arrivals followArrivals,
      Arrivals reactionArrivals) {
    long throttledBefore = model.throttledAttempts();
    Instant secondStart = START.plusSeconds(s);
    followArrivals.startSecond();
    reactionArrivals.startSecond();
    int follows = 0;
    int reactions = 0;
    while (followArrivals.next() != Long.MAX_VALUE || reactionArrivals.next() != Long.MAX_VALUE) {
      if (followArrivals.next() <= reactionArrivals.next()) {
        clock.moveTo(secondStart.plusNanos(followArrivals.next()));
        String fan = fan(settings.seed(), s * settings.followsPerSecond() + followArrivals.made());
        followArrivals.advance();
        try {
          photos.follow(fan, CELEBRITY);
          follows++;
        } catch (ServiceUnavailableException throttled) {
          // The fan gives up.
        }
      } else {
        clock.moveTo(secondStart.plusNanos(reactionArrivals.next()));
        int number = s * settings.reactionsPerSecond() + reactionArrivals.made();
        reactionArrivals.advance();
        try {
          photos.reactTo(fan(settings.seed(), number), ids.get(number % ids.size()), REACTION);
          reactions++;
        } catch (ServiceUnavailableException throttled) {
          // The fan gives up.
        }
      }
    }
    return new Second(
        follows,
        reactions,
        settings.followsPerSecond() - follows,
        settings.reactionsPerSecond() - reactions,
        model.throttledAttempts() - throttledBefore);
  }

  /**
   * When the calls of one kind arrive within a second: {@code rate} of them, the n-th at a random
   * instant of the n-th of {@code rate} equal slots. Spread evenly, yet not in lockstep: calls
   * exactly 1/rate apart can fall in step with a partition's refill (a follow charges 2 units,
   * which a partition refills in exactly 6 intervals at 3,000 a second), so that one kind of call
   * always finds the units the other never gets.
   */
  public static final class Arrivals {
    private final int rate;
    private final SplittableRandom random;
    private int made;
    private long next;

    /**
     * A stream of arrivals.
     *
     * @param rate calls a second, at least 0
     * @param seed the seed of the instants within the slots
     */
    public Arrivals(int rate, long seed) {
      this.rate = rate;
      this.random = new SplittableRandom(seed);
      this.next = Long.MAX_VALUE;
    }

    /** Starts a second: its first call is next. */
    public void startSecond() {
      made = 0;
      next = draw();
    }

    /** Nanoseconds into the second of the next call, or {@link Long#MAX_VALUE} if none is left. */
    public long next() {
      return next;
    }

    /** The calls made so far this second. */
    public int made() {
      return made;
    }

    /** The next call was made. */
    public void advance() {
      made++;
      next = draw();
    }

    private long draw() {
      return made < rate
          ? (long) ((made + random.nextDouble()) * NANOS_PER_SECOND / rate)
          : Long.MAX_VALUE;
    }
  }

  /** A phase's hottest partitions: what each served and refused between two readings. */
  private Phase phase(int from, int to, List<PartitionLoad> before, List<PartitionLoad> after) {
    List<PartitionLoad> table = new ArrayList<>();
    List<PartitionLoad> index = new ArrayList<>();
    for (PartitionLoad row : after) {
      (row.onIndex() ? index : table).add(row);
    }
    return new Phase(
        from, to, hottest(to - from, before, table), hottest(to - from, before, index));
  }

  /** The hottest of some partitions in a phase of {@code seconds}. */
  private List<Hot> hottest(double seconds, List<PartitionLoad> before, List<PartitionLoad> rows) {
    double readLimit = settings.throughput().readUnitsPerSecond();
    double writeLimit = settings.throughput().writeUnitsPerSecond();
    Comparator<Hot> hotter =
        Comparator.comparingDouble((Hot h) -> heat(h, readLimit, writeLimit)).reversed();
    // A partition's load in a phase is at most its total at the phase's end, so only the
    // partitions with the largest totals need looking up in the earlier snapshot: widen the
    // candidates until the smallest total among them is below the last of the hottest found (or
    // below the floor, while fewer are found).
    for (int candidates = 64; ; candidates *= 4) {
      List<PartitionLoad> top = largest(rows, candidates, readLimit, writeLimit);
      Map<Where, PartitionLoad> earlierRows = rowsOf(before, top);
      List<Hot> hot = new ArrayList<>(top.size());
      for (PartitionLoad row : top) {
        PartitionLoad earlier = earlierRows.get(Where.of(row));
        hot.add(
            new Hot(
                row.onIndex(),
                row.partitionValue(),
                row.fromSortKey(),
                row.toSortKey(),
                (row.readUnits() - (earlier == null ? 0 : earlier.readUnits())) / seconds,
                (row.writeUnits() - (earlier == null ? 0 : earlier.writeUnits())) / seconds,
                (row.refused() - (earlier == null ? 0 : earlier.refused())) / seconds,
                row.split()));
      }
      hot.removeIf(h -> heat(h, readLimit, writeLimit) < MIN_HEAT);
      hot.sort(hotter);
      List<Hot> hottest = List.copyOf(hot.subList(0, Math.min(HOTTEST, hot.size())));
      double bar =
          hottest.size() == HOTTEST
              ? heat(hottest.get(HOTTEST - 1), readLimit, writeLimit)
              : MIN_HEAT;
      if (top.size() == rows.size()
          || heat(top.get(top.size() - 1), readLimit, writeLimit) / seconds < bar) {
        return hottest;
      }
    }
  }

  private static double heat(PartitionLoad row, double readLimit, double writeLimit) {
    return Math.max(row.readUnits() / readLimit, row.writeUnits() / writeLimit);
  }

  private static double heat(Hot hot, double readLimit, double writeLimit) {
    return Math.max(hot.readUnits() / readLimit, hot.writeUnits() / writeLimit);
  }

  /** The {@code n} rows with the largest totals, relative to the limits. */
  private static List<PartitionLoad> largest(
      List<PartitionLoad> rows, int n, double readLimit, double writeLimit) {
    if (rows.size() <= n) {
      return rows;
    }
    Comparator<PartitionLoad> byHeat =
        Comparator.comparingDouble(row -> heat(row, readLimit, writeLimit));
    PriorityQueue<PartitionLoad> top = new PriorityQueue<>(n + 1, byHeat);
    for (PartitionLoad row : rows) {
      top.add(row);
      if (top.size() > n) {
        top.poll();
      }
    }
    List<PartitionLoad> list = new ArrayList<>(top);
    list.sort(byHeat.reversed());
    return list;
  }

  /** Where a partition is: the key of its row in every reading. */
  private record Where(
      boolean onIndex, String partitionValue, Optional<String> from, Optional<String> to) {
    static Where of(PartitionLoad row) {
      return new Where(row.onIndex(), row.partitionValue(), row.fromSortKey(), row.toSortKey());
    }
  }

  /** The rows of an earlier reading for the same partitions as some rows, where it has them. */
  private static Map<Where, PartitionLoad> rowsOf(
      List<PartitionLoad> snapshot, List<PartitionLoad> rows) {
    Set<String> values = new HashSet<>();
    for (PartitionLoad row : rows) {
      values.add(row.partitionValue());
    }
    Map<Where, PartitionLoad> found = new HashMap<>();
    for (PartitionLoad row : snapshot) {
      if (values.contains(row.partitionValue())) {
        found.put(Where.of(row), row);
      }
    }
    return found;
  }

  /** The final rows of the celebrity's partitions: its profile's, its photos' and its shards'. */
  private static List<PartitionLoad> celebrityPartitions(List<PartitionLoad> snapshot) {
    List<PartitionLoad> rows = new ArrayList<>();
    for (PartitionLoad row : snapshot) {
      String value = row.partitionValue();
      if (value.contains(CELEBRITY) && !row.split()) {
        rows.add(row);
      }
    }
    return rows;
  }

  /** Reads the counters and counts the items, without limits. */
  private static Check check(QuickPhotos bare, List<PhotoId> photos, long follows, long reactions) {
    long followers = bare.getUser(CELEBRITY).orElseThrow().followers();
    long friendships = 0;
    PageRequest request = PageRequest.first(PAGE);
    while (true) {
      var page = bare.followersOf(CELEBRITY, request);
      friendships += page.items().size();
      if (!page.hasNext()) {
        break;
      }
      request = page.next(PAGE);
    }
    long counted = 0;
    long items = 0;
    for (PhotoId id : photos) {
      counted += bare.getPhoto(id).orElseThrow().reactionCount(REACTION);
      request = PageRequest.first(PAGE);
      while (true) {
        PhotoReactions page = bare.photoWithReactions(id, request);
        Page<?> listed = page.reactions();
        items += listed.items().size();
        if (!listed.hasNext()) {
          break;
        }
        request = listed.next(PAGE);
      }
    }
    return new Check(follows, followers, friendships, reactions, counted, items);
  }
}
