package io.quickphotos.cli.simulate;

import io.quickphotos.AuditReport;
import io.quickphotos.NewPhoto;
import io.quickphotos.NewUser;
import io.quickphotos.Photo;
import io.quickphotos.PhotoId;
import io.quickphotos.QuickPhotos;
import io.quickphotos.RetryPolicy;
import io.quickphotos.ServiceUnavailableException;
import io.quickphotos.Sharding;
import io.quickphotos.Snapshot;
import io.quickphotos.cli.QuickPhotosCli;
import io.quickphotos.cli.output.Format;
import io.quickphotos.cli.simulate.celebrity.CelebrityCommand;
import io.quickphotos.cli.simulate.celebrity.CelebrityLaunch;
import io.quickphotos.cli.simulate.celebrity.SimulatedClock;
import io.quickphotos.memory.InMemoryTable;
import io.quickphotos.memory.PartitionLoad;
import io.quickphotos.memory.Throughput;
import java.io.PrintWriter;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * A viral photo's views: viewers drawn at random from a pool view one photo at a stated rate
 * under DynamoDB's per-partition limits, with sharding off and on. Off, every view adds to the
 * photo item's {@code views}: one item, 1,000 write units a second, two units a view. On, the
 * photo is switched to counter shards when its views reach the reactions' threshold, and each
 * view adds to the shard its viewer hashes to. Both runs end with the photo's counts equal to the
 * views let through and to its view marks, and the audit finding nothing.
 */
@Command(
    name = "views",
    mixinStandardHelpOptions = true,
    versionProvider = QuickPhotosCli.Version.class,
    description = {
      "A viral photo is viewed at a stated rate, with sharding off and on, side by side.",
      "",
      "Viewers are drawn at random from a pool (each has viewed another photo before the clock "
          + "starts, as a real viewer has), so the views are first views and, as the pool "
          + "fills, repeat views. With sharding off every view adds to the photo item's "
          + "counters; with the default sharding (or --shards) the photo switches to 8 counter "
          + "shards at 1,000 views and each view adds to its viewer's shard. Prints each "
          + "second's views "
          + "let through and the check that the counts are exact.",
      "",
      "Exit status: 0 when both runs end with exact counts."
    })
final class ViralViewsCommand implements Callable<Integer> {
  private static final String OWNER = "celebrity";
  private static final String ELSEWHERE = "elsewhere";
  private static final Instant START = Instant.parse("2026-03-01T12:00:00Z");
  private static final int MAX_VIEWERS = 200_000;

  // The viral photo's counter shards' partition key values (docs/data-model.md); checked by
  // ViralViewsCommandTest against the key layout's own prefixes.
  static final String PHOTO_SHARDS = CelebrityCommand.SHARDS + CelebrityCommand.PHOTOS + OWNER;

  /** What one item takes of transactional counts a second: 1,000 write units, two a view. */
  static final int ONE_ITEM_VIEWS = 500;

  @Spec CommandSpec spec;

  @Option(
      names = "--seconds",
      paramLabel = "<n>",
      defaultValue = "60",
      description = "Simulated seconds of views (default: ${DEFAULT-VALUE}).")
  int seconds;

  @Option(
      names = "--views-per-second",
      paramLabel = "<n>",
      defaultValue = "5000",
      description = "Views offered each second (default: ${DEFAULT-VALUE}).")
  int viewsPerSecond;

  @Option(
      names = "--viewers",
      paramLabel = "<n>",
      defaultValue = "20000",
      description = "Viewers in the pool the views are drawn from (default: ${DEFAULT-VALUE}).")
  int viewers;

  @Option(
      names = "--attempts",
      paramLabel = "<n>",
      defaultValue = "3",
      description = "Attempts of each request before a view gives up (default: ${DEFAULT-VALUE}).")
  int attempts;

  @Option(
      names = "--shards",
      paramLabel = "<n>",
      defaultValue = "8",
      description =
          "Counter shards of a hot key in the run with sharding on, 2 to 64 (default: "
              + "${DEFAULT-VALUE}, Sharding.defaults()); each takes about 500 views a second.")
  int shards;

  @Option(
      names = "--seed",
      paramLabel = "<n>",
      defaultValue = "42",
      description = "Seed of the viewers' names and draws (default: ${DEFAULT-VALUE}).")
  long seed;

  /**
   * One run.
   *
   * @param perSecond views let through, per second
   * @param firstViews views let through that were their viewer's first
   * @param views the photo's {@code views} at the end, read as the sum of its parts
   * @param uniqueViewers the photo's {@code uniqueViewers} at the end
   * @param shards the photo's shards at the end
   * @param switchedAt the second in which the photo was switched to shards, 0 if never
   * @param auditClean whether the audit found nothing (the counts equal the marks)
   */
  record Run(
      List<Integer> perSecond,
      long firstViews,
      long views,
      long uniqueViewers,
      int shards,
      int switchedAt,
      boolean auditClean) {
    long total() {
      return perSecond.stream().mapToLong(Integer::longValue).sum();
    }

    /** Views let through a second over the last ten seconds (or all, if fewer). */
    long lastTenRate() {
      List<Integer> last = perSecond.subList(Math.max(0, perSecond.size() - 10), perSecond.size());
      return last.stream().mapToLong(Integer::longValue).sum() / last.size();
    }

    boolean exact() {
      return views == total() && uniqueViewers == firstViews && auditClean;
    }
  }

  /** Runs the scenario with sharding off, then on, and prints both. */
  @Override
  public Integer call() {
    if (seconds < 1 || viewsPerSecond < 1 || attempts < 1 || viewers < 1) {
      throw new CommandLine.ParameterException(
          spec.commandLine(),
          "--seconds, --views-per-second, --viewers and --attempts must be positive");
    }
    if (viewers > MAX_VIEWERS) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "at most " + Format.count(MAX_VIEWERS) + " viewers");
    }
    if (shards < 2 || shards > Sharding.MAX_SHARDS) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "--shards must be 2 to " + Sharding.MAX_SHARDS + ": " + shards);
    }
    Sharding defaults = Sharding.defaults();
    Sharding sharding =
        shards == defaults.shards()
            ? defaults
            : Sharding.of(shards, defaults.followersThreshold(), defaults.reactionsThreshold());
    PrintWriter out = spec.commandLine().getOut();
    long start = System.nanoTime();
    Run off = run(Sharding.off());
    Run on = run(sharding);
    out.printf(
        Locale.ROOT,
        "quickphotos simulate views: %s viewers view @%s's photo at %s/s for %d simulated "
            + "seconds, on demand (1,000 write units a second per partition), %d attempts a "
            + "request; sharding on: %s%n%n",
        Format.count(viewers),
        OWNER,
        Format.count(viewsPerSecond),
        seconds,
        attempts,
        sharding);
    Format.sideBySide(out, "views let through", off.perSecond(), on.perSecond());
    for (String name : List.of("off", "on")) {
      Run run = name.equals("off") ? off : on;
      out.printf(
          Locale.ROOT,
          "Sharding %s: %s of %s views went through (%s/s), %s first views; the photo counts %s"
              + " views and %s viewers on %d shards%s, audit %s: %s.%n",
          name,
          Format.count(run.total()),
          Format.count((long) seconds * viewsPerSecond),
          Format.count(run.total() / seconds),
          Format.count(run.firstViews()),
          Format.count(run.views()),
          Format.count(run.uniqueViewers()),
          run.shards(),
          run.switchedAt() > 0 ? " (switched in second " + run.switchedAt() + ")" : "",
          run.auditClean() ? "clean" : "found something",
          run.exact() ? "counts exact" : "COUNTS WRONG");
    }
    out.printf(
        Locale.ROOT,
        "%nLast %d s: sharding off %s views/s, on %s (offered %s): %.1fx one item's %d.%n",
        Math.min(10, seconds),
        Format.count(off.lastTenRate()),
        Format.count(on.lastTenRate()),
        Format.count(viewsPerSecond),
        on.lastTenRate() / (double) ONE_ITEM_VIEWS,
        ONE_ITEM_VIEWS);
    out.printf(
        Locale.ROOT,
        "Simulated in %s.%n",
        Format.elapsed(Duration.ofNanos(System.nanoTime() - start)));
    out.flush();
    return off.exact() && on.exact() ? 0 : 1;
  }

  private Run run(Sharding sharding) {
    SimulatedClock clock = new SimulatedClock(START.minus(Duration.ofHours(1)));
    InMemoryTable table = InMemoryTable.create();
    QuickPhotos bare = CelebrityLaunch.repository(table, clock, sharding).build();
    List<NewUser> users = new ArrayList<>(viewers + 2);
    users.add(CelebrityLaunch.user(OWNER));
    users.add(CelebrityLaunch.user(ELSEWHERE));
    List<String> names = new ArrayList<>(viewers);
    for (int i = 0; i < viewers; i++) {
      names.add(CelebrityLaunch.fan(seed, i));
      users.add(CelebrityLaunch.user(names.get(i)));
    }
    NewPhoto viral =
        new NewPhoto(OWNER, START.minus(Duration.ofMinutes(1)), "https://photos.example.com/v.jpg");
    NewPhoto seen =
        new NewPhoto(
            ELSEWHERE, START.minus(Duration.ofMinutes(30)), "https://photos.example.com/e.jpg");
    bare.importSnapshot(new Snapshot(users, List.of(viral, seen), List.of(), List.of()), n -> {});
    // Outside the limits, every viewer has viewed something before: its profile records it, so
    // its first view of the viral photo is one transaction, as a real viewer's is.
    for (String viewer : names) {
      bare.viewPhoto(viewer, seen.id());
    }
    clock.moveTo(START);
    Throughput.Model model = Throughput.onDemand().model(clock);
    QuickPhotos limited =
        CelebrityLaunch.repository(table, clock, sharding)
            .throughput(model)
            .retryPolicy(RetryPolicy.noDelay(attempts))
            .build();
    PhotoId photo = viral.id();
    CelebrityLaunch.Arrivals arrivals = new CelebrityLaunch.Arrivals(viewsPerSecond, seed);
    SplittableRandom draws = new SplittableRandom(seed);
    List<Integer> perSecond = new ArrayList<>(seconds);
    long firsts = 0;
    int switchedAt = 0;
    for (int s = 0; s < seconds; s++) {
      arrivals.startSecond();
      int through = 0;
      while (arrivals.next() != Long.MAX_VALUE) {
        clock.moveTo(START.plusSeconds(s).plusNanos(arrivals.next()));
        String viewer = names.get(draws.nextInt(viewers));
        arrivals.advance();
        try {
          if (limited.viewPhoto(viewer, photo).first()) {
            firsts++;
          }
          through++;
        } catch (ServiceUnavailableException throttled) {
          // The viewer gives up: the view is not counted.
        }
      }
      perSecond.add(through);
      if (switchedAt == 0 && shards(model) > 0) {
        switchedAt = s + 1;
      }
      clock.moveTo(START.plusSeconds(s + 1L));
    }
    Photo counted = bare.getPhoto(photo).orElseThrow();
    AuditReport audit = bare.audit(false, n -> {});
    return new Run(
        perSecond,
        firsts,
        counted.views(),
        counted.uniqueViewers(),
        shards(model),
        switchedAt,
        audit.clean());
  }

  /**
   * The photo's shards the run wrote: the table partitions of its counter shards (each shard is
   * its own partition key value, {@code SHARD#PHOTO#<owner>#...}) that the model charged.
   */
  private static int shards(Throughput.Model model) {
    return (int)
        model.partitions().stream()
            .filter(p -> !p.onIndex() && p.partitionValue().startsWith(PHOTO_SHARDS))
            .map(PartitionLoad::partitionValue)
            .distinct()
            .count();
  }
}
