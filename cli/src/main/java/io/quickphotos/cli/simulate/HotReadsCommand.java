package io.quickphotos.cli.simulate;

import io.quickphotos.NewUser;
import io.quickphotos.PhotoId;
import io.quickphotos.QuickPhotos;
import io.quickphotos.QuickPhotosException;
import io.quickphotos.ReactionType;
import io.quickphotos.RetryPolicy;
import io.quickphotos.ServiceUnavailableException;
import io.quickphotos.Sharding;
import io.quickphotos.Snapshot;
import io.quickphotos.cli.QuickPhotosCli;
import io.quickphotos.cli.output.Format;
import io.quickphotos.cli.simulate.celebrity.CelebrityLaunch;
import io.quickphotos.cli.simulate.celebrity.SimulatedClock;
import io.quickphotos.memory.InMemoryTable;
import io.quickphotos.memory.PartitionLoad;
import io.quickphotos.memory.Throughput;
import java.io.PrintWriter;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * A celebrity's profile and its viral photo opened by many readers through a fleet of instances,
 * while fans follow, unfollow, react and take reactions back through the same instances: once
 * with a hot-read staleness of zero (every read of a hot key reads its item and shards as one
 * snapshot, as before hot reads existed), once with the bound given. Each run has its own table,
 * model and {@link SimulatedClock}; the readers' calls are spread evenly over each second and
 * over the instances, the writes among them.
 *
 * <p>Every count served is checked against the counts the key really held: an unlimited
 * repository with a staleness of zero reads the true counts after every write, and each count a
 * reader got is placed in that history. A count the key held until a later instant is that much
 * stale; one it never held is counted as such (there must be none).
 */
@Command(
    name = "readers",
    mixinStandardHelpOptions = true,
    versionProvider = QuickPhotosCli.Version.class,
    description = {
      "A celebrity's profile and viral photo read through a fleet, hot reads off and on.",
      "",
      "A celebrity with sharded counters and a viral photo with sharded reactions are read at "
          + "the rate given, each, through the instances given, while fans follow and unfollow "
          + "it and react to the photo and take the reaction back, through the same instances. "
          + "Runs twice: with a hot-read staleness of zero (every read of the profile or the "
          + "photo reads its item and shards as one transactional snapshot) and with the bound "
          + "given (each instance reads them again at most once per bound and after its own "
          + "writes). Prints each second's reads served, the throttled calls, the table's read "
          + "units, and how stale the counts served were.",
      "",
      "Exit status: 0 when no count served was one the key never held, and none was older than "
          + "the bound."
    })
final class HotReadsCommand implements Callable<Integer> {
  private static final String CELEBRITY = "celebrity";
  private static final Instant START = Instant.parse("2026-03-01T12:00:00Z");
  private static final ReactionType HEART = ReactionType.HEART;

  /** Fans: past the default thresholds (1,000 followers, 1,000 reactions of one type). */
  private static final int FANS = 1_200;

  private static final long NANOS = 1_000_000_000L;

  @Spec CommandSpec spec;

  @Option(
      names = "--seconds",
      paramLabel = "<n>",
      defaultValue = "10",
      description = "Simulated seconds (default: ${DEFAULT-VALUE}).")
  int seconds;

  @Option(
      names = "--reads-per-second",
      paramLabel = "<n>",
      defaultValue = "30000",
      description =
          "Reads offered each second, of the profile and of the photo each (default: "
              + "${DEFAULT-VALUE}).")
  int readsPerSecond;

  @Option(
      names = "--instances",
      paramLabel = "<n>",
      defaultValue = "10",
      description = "Instances of the repository over the table (default: ${DEFAULT-VALUE}).")
  int instances;

  @Option(
      names = "--writes-per-second",
      paramLabel = "<n>",
      defaultValue = "100",
      description =
          "Fan writes offered each second: half follows or unfollows of the celebrity, half "
              + "reactions to the photo or their removals (default: ${DEFAULT-VALUE}).")
  int writesPerSecond;

  @Option(
      names = "--staleness-ms",
      paramLabel = "<ms>",
      defaultValue = "1000",
      description =
          "The instances' hot-read staleness in the second run (default: ${DEFAULT-VALUE}).")
  long stalenessMillis;

  @Option(
      names = "--attempts",
      paramLabel = "<n>",
      defaultValue = "3",
      description = "Attempts of each request before a call gives up (default: ${DEFAULT-VALUE}).")
  int attempts;

  /**
   * What one second of a run served.
   *
   * @param profileReads getUser calls answered
   * @param photoReads getPhoto calls answered
   * @param throttled reads and writes that failed for throughput
   * @param readUnits the read units the table charged
   * @param hottestReadUnits the read units of the partition that charged most
   */
  record Second(
      int profileReads, int photoReads, int throttled, double readUnits, double hottestReadUnits) {}

  /**
   * One run.
   *
   * @param staleness the instances' hot-read staleness
   * @param seconds each simulated second
   * @param staleNanos how stale each count served was, sorted
   * @param neverHeld counts served that the key never held
   * @param writes fan writes that went through
   */
  record Run(
      Duration staleness, List<Second> seconds, long[] staleNanos, long neverHeld, long writes) {
    double mean(java.util.function.ToDoubleFunction<Second> figure) {
      return seconds.stream().mapToDouble(figure).sum() / seconds.size();
    }

    long maxStaleNanos() {
      return staleNanos.length == 0 ? 0 : staleNanos[staleNanos.length - 1];
    }

    long p99StaleNanos() {
      return staleNanos.length == 0
          ? 0
          : staleNanos[
              (int) Math.min(staleNanos.length - 1, Math.ceil(0.99 * staleNanos.length) - 1)];
    }

    boolean withinBound() {
      return neverHeld == 0 && maxStaleNanos() <= staleness.toNanos();
    }
  }

  /** Runs the scenario with hot reads off, then on, and prints both. */
  @Override
  public Integer call() {
    if (seconds < 1 || readsPerSecond < 1 || instances < 1 || attempts < 1 || writesPerSecond < 0) {
      throw new CommandLine.ParameterException(
          spec.commandLine(),
          "--seconds, --reads-per-second, --instances and --attempts must be positive,"
              + " --writes-per-second not negative");
    }
    if (writesPerSecond > readsPerSecond || stalenessMillis < 1 || stalenessMillis > 86_400_000) {
      throw new CommandLine.ParameterException(
          spec.commandLine(),
          "--writes-per-second may not exceed --reads-per-second, and --staleness-ms must be"
              + " 1 to 86,400,000");
    }
    PrintWriter out = spec.commandLine().getOut();
    long start = System.nanoTime();
    Run off = run(Duration.ZERO);
    Run on = run(Duration.ofMillis(stalenessMillis));
    out.printf(
        Locale.ROOT,
        "quickphotos simulate readers: @%s's profile and its viral photo, %s reads/s of each "
            + "through %d instances, %s fan writes/s through the same, %d simulated seconds, on "
            + "demand (3,000 read units a second per partition), %d attempts a request%n%n",
        CELEBRITY,
        Format.count(readsPerSecond),
        instances,
        Format.count(writesPerSecond),
        seconds,
        attempts);
    String onName = "staleness " + Format.count(stalenessMillis) + " ms";
    out.printf(
        Locale.ROOT, "  second   %-33s   %s%n", "staleness 0 (every read from the table)", onName);
    out.printf(
        Locale.ROOT,
        "           %9s %9s %9s %9s   %9s %9s %9s %9s%n",
        "profile",
        "photo",
        "throttled",
        "RCU",
        "profile",
        "photo",
        "throttled",
        "RCU");
    for (int s = 0; s < seconds; s++) {
      Second a = off.seconds().get(s);
      Second b = on.seconds().get(s);
      out.printf(
          Locale.ROOT,
          "  %6d   %9s %9s %9s %9s   %9s %9s %9s %9s%n",
          s + 1,
          Format.count(a.profileReads()),
          Format.count(a.photoReads()),
          Format.count(a.throttled()),
          Format.count(Math.round(a.readUnits())),
          Format.count(b.profileReads()),
          Format.count(b.photoReads()),
          Format.count(b.throttled()),
          Format.count(Math.round(b.readUnits())));
    }
    out.println();
    for (Run run : List.of(off, on)) {
      out.printf(
          Locale.ROOT,
          "Staleness %s: %s profile and %s photo reads/s served, %s calls/s throttled, %s read "
              + "units/s (hottest partition %s); counts served %s ms stale at most, %s ms at "
              + "p99; %d never held; %s fan writes went through: %s.%n",
          run.staleness().isZero() ? "0" : Format.count(run.staleness().toMillis()) + " ms",
          Format.count(Math.round(run.mean(Second::profileReads))),
          Format.count(Math.round(run.mean(Second::photoReads))),
          Format.count(Math.round(run.mean(Second::throttled))),
          Format.count(Math.round(run.mean(Second::readUnits))),
          Format.count(Math.round(run.mean(Second::hottestReadUnits))),
          millis(run.maxStaleNanos()),
          millis(run.p99StaleNanos()),
          run.neverHeld(),
          Format.count(run.writes()),
          run.withinBound() ? "every count within the bound" : "COUNTS OUTSIDE THE BOUND");
    }
    out.printf(
        Locale.ROOT,
        "Simulated in %s.%n",
        Format.elapsed(Duration.ofNanos(System.nanoTime() - start)));
    out.flush();
    return off.withinBound() && on.withinBound() ? 0 : 1;
  }

  private static String millis(long nanos) {
    return String.format(Locale.ROOT, "%,.1f", nanos / 1e6);
  }

  private Run run(Duration staleness) {
    SimulatedClock clock = new SimulatedClock(START.minus(Duration.ofHours(1)));
    InMemoryTable table = InMemoryTable.create();
    // The truth: unlimited, every hot read from the table.
    QuickPhotos truth =
        CelebrityLaunch.repository(table, clock, Sharding.defaults())
            .hotReadStaleness(Duration.ZERO)
            .build();
    List<NewUser> users = new ArrayList<>(FANS + 1);
    users.add(CelebrityLaunch.user(CELEBRITY));
    List<String> fans = new ArrayList<>(FANS);
    for (int i = 0; i < FANS; i++) {
      fans.add(CelebrityLaunch.fan(0, i));
      users.add(CelebrityLaunch.user(fans.get(i)));
    }
    truth.importSnapshot(new Snapshot(users, List.of(), List.of(), List.of()), n -> {});
    PhotoId photo =
        truth
            .uploadPhoto(CELEBRITY, START.minusSeconds(60), "https://photos.example.com/c/1.jpg")
            .id();
    // Every fan follows and reacts before the clock starts: past the default threshold (1,000),
    // both keys are sharded.
    for (String fan : fans) {
      truth.follow(fan, CELEBRITY);
      truth.reactTo(fan, photo, HEART);
    }
    clock.moveTo(START);
    Throughput.Model model = Throughput.onDemand().model(clock);
    List<QuickPhotos> fleet = new ArrayList<>(instances);
    for (int i = 0; i < instances; i++) {
      fleet.add(
          CelebrityLaunch.repository(table, clock, Sharding.defaults())
              .throughput(model)
              .retryPolicy(RetryPolicy.noDelay(attempts))
              .hotReadStaleness(staleness)
              .build());
    }
    History followers = new History(truth.getUser(CELEBRITY).orElseThrow().followers(), clock);
    History hearts = new History(truth.getPhoto(photo).orElseThrow().reactionCount(HEART), clock);
    List<Second> perSecond = new ArrayList<>(seconds);
    long[] stale = new long[seconds * readsPerSecond * 2];
    int served = 0;
    long neverHeld = 0;
    long writes = 0;
    int writeNumber = 0;
    for (int s = 0; s < seconds; s++) {
      double unitsBefore = readUnits(model.partitions());
      Map<String, Double> partitionsBefore = byPartition(model.partitions());
      int profileReads = 0;
      int photoReads = 0;
      int throttled = 0;
      int writesDone = 0;
      for (int r = 0; r < readsPerSecond; r++) {
        clock.moveTo(START.plusSeconds(s).plusNanos(r * NANOS / readsPerSecond));
        QuickPhotos instance = fleet.get(r % instances);
        // The writes of the second, spread evenly among its reads.
        while ((long) writesDone * readsPerSecond < (long) (r + 1) * writesPerSecond) {
          String fan = fans.get(writeNumber / 2 % FANS);
          boolean adding = writeNumber / 2 / FANS % 2 == 1;
          try {
            if (writeNumber % 2 == 0) {
              if (adding) {
                instance.follow(fan, CELEBRITY);
              } else {
                instance.unfollow(fan, CELEBRITY);
              }
            } else if (adding) {
              instance.reactTo(fan, photo, HEART);
            } else {
              instance.removeReaction(fan, photo, HEART);
            }
            writes++;
          } catch (ServiceUnavailableException e) {
            throttled++;
          } catch (QuickPhotosException e) {
            // A fan whose earlier write was throttled is where it was: nothing to do.
          }
          if (writeNumber % 2 == 0) {
            followers.now(truth.getUser(CELEBRITY).orElseThrow().followers());
          } else {
            hearts.now(truth.getPhoto(photo).orElseThrow().reactionCount(HEART));
          }
          writeNumber++;
          writesDone++;
        }
        // Half the readers open the profile first, half the photo: they share a partition.
        for (int k = 0; k < 2; k++) {
          boolean profile = (r + k) % 2 == 0;
          try {
            long count =
                profile
                    ? instance.getUser(CELEBRITY).orElseThrow().followers()
                    : instance.getPhoto(photo).orElseThrow().reactionCount(HEART);
            if (profile) {
              profileReads++;
            } else {
              photoReads++;
            }
            long age = (profile ? followers : hearts).staleness(count);
            if (age < 0) {
              neverHeld++;
            } else {
              stale[served++] = age;
            }
          } catch (ServiceUnavailableException e) {
            throttled++;
          }
        }
      }
      clock.moveTo(START.plusSeconds(s + 1L));
      List<PartitionLoad> after = model.partitions();
      double hottest = 0;
      for (Map.Entry<String, Double> row : byPartition(after).entrySet()) {
        hottest =
            Math.max(hottest, row.getValue() - partitionsBefore.getOrDefault(row.getKey(), 0.0));
      }
      perSecond.add(
          new Second(profileReads, photoReads, throttled, readUnits(after) - unitsBefore, hottest));
    }
    long[] sorted = Arrays.copyOf(stale, served);
    Arrays.sort(sorted);
    return new Run(staleness, perSecond, sorted, neverHeld, writes);
  }

  /** The read units of every partition, the table's and the index's together. */
  private static double readUnits(List<PartitionLoad> rows) {
    double units = 0;
    for (PartitionLoad row : rows) {
      units += row.readUnits();
    }
    return units;
  }

  private static Map<String, Double> byPartition(List<PartitionLoad> rows) {
    Map<String, Double> units = new HashMap<>();
    for (PartitionLoad row : rows) {
      units.put(
          row.onIndex()
              + "|"
              + row.partitionValue()
              + "|"
              + row.fromSortKey()
              + "|"
              + row.toSortKey(),
          row.readUnits());
    }
    return units;
  }

  /**
   * The counts one key held, as the truth read them after each write, and until when each was
   * last held: a count served is as stale as the time since the key last stopped holding it.
   */
  private static final class History {
    private final SimulatedClock clock;
    private final Map<Long, Long> heldUntil = new HashMap<>();
    private long current;

    History(long current, SimulatedClock clock) {
      this.current = current;
      this.clock = clock;
    }

    /** The count the key holds from now on. */
    void now(long count) {
      if (count != current) {
        heldUntil.put(current, nanos(clock.instant()));
        current = count;
      }
    }

    /**
     * How stale a count served now is.
     *
     * @return nanoseconds since the key last held it, 0 if it holds it; -1 if it never did
     */
    long staleness(long count) {
      if (count == current) {
        return 0;
      }
      Long until = heldUntil.get(count);
      return until == null ? -1 : nanos(clock.instant()) - until;
    }

    private static long nanos(Instant instant) {
      return instant.getEpochSecond() * NANOS + instant.getNano();
    }
  }
}
