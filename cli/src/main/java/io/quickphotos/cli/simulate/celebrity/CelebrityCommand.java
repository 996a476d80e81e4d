package io.quickphotos.cli.simulate.celebrity;

import io.quickphotos.Sharding;
import io.quickphotos.cli.CliException;
import io.quickphotos.cli.QuickPhotosCli;
import io.quickphotos.cli.output.Format;
import io.quickphotos.cli.output.TextTable;
import io.quickphotos.cli.sample.SampleData;
import io.quickphotos.memory.PartitionLoad;
import io.quickphotos.memory.Throughput;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.function.ToLongFunction;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * A celebrity launch ({@link CelebrityLaunch}) run twice on the same offered load, with sharding
 * off and with the default sharding, and printed side by side: what each second let through, the
 * phases' rates and hottest partitions, and the final counters against the items.
 */
@Command(
    name = "celebrity",
    mixinStandardHelpOptions = true,
    versionProvider = QuickPhotosCli.Version.class,
    sortOptions = false,
    description = {
      "Fans follow and react to one account, with sharding off and on, side by side.",
      "",
      "For --seconds simulated seconds, new fans follow one account at --follows-per-second "
          + "and react (a heart) to its photos at --reactions-per-second, spread evenly over "
          + "each second (each call at a random instant of its own slot), on the memory engine "
          + "with the on-demand throughput model (3,000 read and 1,000 write units a second per "
          + "partition, splits for heat). Runs twice on the same load, once with sharding off "
          + "and once with the default sharding (8 shards from 1,000 followers or 1,000 "
          + "reactions of one type), and prints the follows and reactions each second let "
          + "through, the calls throttled, the hottest partitions of the table and its index, "
          + "and the final counters checked against the items.",
      "",
      "A throttled request is retried at once (--attempts in all); the simulated clock stands "
          + "still during a call, so the retries are throttled too and the call fails: the fan "
          + "gives up.",
      "",
      "Exits with 1 if a counter disagrees with the items."
    })
public final class CelebrityCommand implements Callable<Integer> {
  /** The most fans a run may import: they all live in memory, twice over. */
  static final int MAX_FANS = 1_000_000;

  // The layout's key prefixes (docs/data-model.md), to group rows; SimulateCommandTest checks.
  public static final String SHARDS = "SHARD#";

  public static final String PHOTOS = "PHOTO#";

  @Spec CommandSpec spec;

  @Option(
      names = "--seconds",
      paramLabel = "<n>",
      defaultValue = "30",
      description = "Simulated seconds (default: ${DEFAULT-VALUE}).")
  int seconds;

  @Option(
      names = "--follows-per-second",
      paramLabel = "<n>",
      defaultValue = "3000",
      description =
          "Follow calls offered each second, each by a new fan (default: ${DEFAULT-VALUE}).")
  int followsPerSecond;

  @Option(
      names = "--reactions-per-second",
      paramLabel = "<n>",
      defaultValue = "3000",
      description = "Reactions offered each second (default: ${DEFAULT-VALUE}).")
  int reactionsPerSecond;

  @Option(
      names = "--photos",
      paramLabel = "<n>",
      defaultValue = "1",
      description =
          "The celebrity's photos; reactions go to each in turn (default: ${DEFAULT-VALUE}; "
              + "try 100).")
  int photos;

  @Option(
      names = "--split-after",
      paramLabel = "<s>",
      defaultValue = "" + Throughput.DEFAULT_SPLIT_DELAY_SECONDS,
      description =
          "Seconds a partition must keep throttling before it splits for heat "
              + "(default: ${DEFAULT-VALUE}, the model's; AWS publishes no figure).")
  long splitAfter;

  @Option(
      names = "--no-split",
      description = "Partitions never split: one partition per key value, the strict bound.")
  boolean noSplit;

  @Option(
      names = "--attempts",
      paramLabel = "<n>",
      defaultValue = "3",
      description = "Attempts of a request before a call fails (default: ${DEFAULT-VALUE}).")
  int attempts;

  @Option(
      names = "--seed",
      paramLabel = "<n>",
      defaultValue = "" + SampleData.DEFAULT_SEED,
      description =
          "Seed of the fans' names and of the calls' instants (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(
      names = "--csv",
      paramLabel = "<file>",
      description =
          "Also writes each second's follows, reactions, failed calls and throttled attempts of "
              + "both runs to this CSV file (for the chart in benchmarks/results).")
  Path csv;

  /** Runs the launch with sharding off, then on, and prints both. */
  @Override
  public Integer call() throws IOException {
    CelebrityLaunch.Settings settings = settings();
    PrintWriter out = spec.commandLine().getOut();
    long start = System.nanoTime();
    CelebrityLaunch launch = new CelebrityLaunch(settings);
    // The runs share nothing (each has its own table, clock and model): side by side on two
    // threads, each as deterministic as alone.
    FutureTask<CelebrityLaunch.Run> offTask = new FutureTask<>(() -> launch.run(Sharding.off()));
    Thread offThread = new Thread(offTask, "celebrity-sharding-off");
    offThread.setDaemon(true);
    offThread.start();
    CelebrityLaunch.Run on = launch.run(Sharding.defaults());
    CelebrityLaunch.Run off = result(offTask);
    Duration wall = Duration.ofNanos(System.nanoTime() - start);

    header(out, settings);
    perSecond(out, settings, off, on);
    phases(out, settings, off, on);
    hottest(out, off, on);
    partitionsAtEnd(out, off, on);
    boolean ok = check(out, off, on);
    summary(out, settings, off, on, wall);
    if (csv != null) {
      writeCsv(csv, off, on);
      out.println("Wrote each second of both runs to " + csv + ".");
    }
    out.flush();
    return ok ? 0 : 1;
  }

  private static CelebrityLaunch.Run result(FutureTask<CelebrityLaunch.Run> task) {
    try {
      return task.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CliException("interrupted while the simulation ran", e);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RuntimeException runtime) {
        throw runtime;
      }
      if (e.getCause() instanceof Error error) {
        throw error;
      }
      throw new IllegalStateException(e.getCause());
    }
  }

  private CelebrityLaunch.Settings settings() {
    require(seconds >= 1 && seconds <= 3_600, "--seconds must be 1 to 3,600, was " + seconds);
    require(
        followsPerSecond >= 0
            && reactionsPerSecond >= 0
            && followsPerSecond + reactionsPerSecond > 0,
        "--follows-per-second and --reactions-per-second must not be negative, nor both zero");
    require(photos >= 1 && photos <= 1_000, "--photos must be 1 to 1,000, was " + photos);
    require(splitAfter >= 0, "--split-after must not be negative, was " + splitAfter);
    require(attempts >= 1 && attempts <= 20, "--attempts must be 1 to 20, was " + attempts);
    long fans = (long) seconds * Math.max(followsPerSecond, reactionsPerSecond);
    require(
        fans <= MAX_FANS,
        "a run needs one fan per follow or reaction, at most "
            + Format.count(MAX_FANS)
            + ": --seconds × the larger rate was "
            + Format.count(fans));
    Throughput throughput =
        noSplit
            ? Throughput.onDemand().withoutSplitting()
            : Throughput.onDemand().splittingForHeatAfter(Duration.ofSeconds(splitAfter));
    return new CelebrityLaunch.Settings(
        seconds, followsPerSecond, reactionsPerSecond, photos, throughput, attempts, seed);
  }

  private void require(boolean condition, String message) {
    if (!condition) {
      throw new CommandLine.ParameterException(spec.commandLine(), message);
    }
  }

  private static void header(PrintWriter out, CelebrityLaunch.Settings s) {
    Throughput limits = s.throughput();
    out.printf(
        Locale.ROOT,
        "quickphotos simulate celebrity: %d simulated seconds of a celebrity launch on the memory "
            + "engine%n",
        s.seconds());
    out.printf(
        Locale.ROOT,
        "  Limits:   on demand, %s read and %s write units a second per partition of the table "
            + "and of InvertedIndex; %s.%n",
        Format.count((long) limits.readUnitsPerSecond()),
        Format.count((long) limits.writeUnitsPerSecond()),
        limits
            .splitForHeatAfter()
            .map(d -> "a partition splits for heat after " + d.toSeconds() + " s of throttling")
            .orElse("partitions never split"));
    out.printf(
        Locale.ROOT,
        "  Offered:  %s follows/s, each by a new fan, and %s %s reactions/s by the same fans on "
            + "%s of @%s, in turn; spread evenly over each second, each call at a random "
            + "instant of its own slot.%n",
        Format.count(s.followsPerSecond()),
        Format.count(s.reactionsPerSecond()),
        CelebrityLaunch.REACTION.storedName(),
        Format.count(s.photos(), "photo"),
        CelebrityLaunch.CELEBRITY);
    out.printf(
        Locale.ROOT,
        "  Setup:    %s fans (seed %d) and the photos imported before the clock starts, "
            + "outside the limits.%n",
        Format.count(s.fans()),
        s.seed());
    out.printf(
        Locale.ROOT,
        "  Retries:  a throttled request is retried at once, %s in all; the clock stands "
            + "still during a call, so its retries are throttled too and the call fails.%n",
        Format.count(s.attempts(), "attempt"));
    out.println(
        "  Runs:     sharding off (Sharding.off()) and on (Sharding.defaults(): 8 shards from "
            + "1,000 followers or 1,000 reactions of one type), same load.");
    out.println();
  }

  private static void perSecond(
      PrintWriter out,
      CelebrityLaunch.Settings s,
      CelebrityLaunch.Run off,
      CelebrityLaunch.Run on) {
    out.printf(
        Locale.ROOT,
        "Each simulated second (offered %s follows and %s reactions):%n",
        Format.count(s.followsPerSecond()),
        Format.count(s.reactionsPerSecond()));
    TextTable table =
        new TextTable(
            "second",
            "follows off",
            "on",
            "reactions off",
            "on",
            "failed calls off",
            "on",
            "throttled attempts off",
            "on");
    for (int i = 0; i < s.seconds(); i++) {
      CelebrityLaunch.Second a = off.seconds().get(i);
      CelebrityLaunch.Second b = on.seconds().get(i);
      table.row(
          i + "–" + (i + 1),
          Format.count(a.follows()),
          Format.count(b.follows()),
          Format.count(a.reactions()),
          Format.count(b.reactions()),
          Format.count(a.failed()),
          Format.count(b.failed()),
          Format.count(a.throttledAttempts()),
          Format.count(b.throttledAttempts()));
    }
    table.print(out, 2);
    out.println();
  }

  private static void phases(
      PrintWriter out,
      CelebrityLaunch.Settings s,
      CelebrityLaunch.Run off,
      CelebrityLaunch.Run on) {
    out.println("A second on average, by phase:");
    int first = Math.min(CelebrityLaunch.PHASE_SECONDS, s.seconds());
    List<int[]> spans =
        List.of(
            new int[] {0, first},
            new int[] {s.seconds() - first, s.seconds()},
            new int[] {0, s.seconds()});
    List<String> header = new ArrayList<>();
    header.add("");
    for (int[] span : spans) {
      header.add(phaseName(span[0], span[1], s) + " off");
      header.add("on");
    }
    TextTable table = new TextTable(header.toArray(String[]::new));
    rate(table, "follows", spans, off, on, CelebrityLaunch.Second::follows);
    rate(table, "reactions", spans, off, on, CelebrityLaunch.Second::reactions);
    rate(table, "calls failed, throttled", spans, off, on, CelebrityLaunch.Second::failed);
    rate(table, "throttled attempts", spans, off, on, CelebrityLaunch.Second::throttledAttempts);
    table.print(out, 2);
    out.println();
  }

  private static void rate(
      TextTable table,
      String name,
      List<int[]> spans,
      CelebrityLaunch.Run off,
      CelebrityLaunch.Run on,
      ToLongFunction<CelebrityLaunch.Second> what) {
    List<String> cells = new ArrayList<>();
    cells.add(name);
    for (int[] span : spans) {
      cells.add(Format.count(Math.round(average(off, span[0], span[1], what))));
      cells.add(Format.count(Math.round(average(on, span[0], span[1], what))));
    }
    table.row(cells.toArray(String[]::new));
  }

  /**
   * A rate averaged over some seconds of a run.
   *
   * @param run the run
   * @param from the first second
   * @param to the second after the last
   * @param what the count of each second
   * @return the average a second
   */
  static double average(
      CelebrityLaunch.Run run, int from, int to, ToLongFunction<CelebrityLaunch.Second> what) {
    long sum = 0;
    for (int i = from; i < to; i++) {
      sum += what.applyAsLong(run.seconds().get(i));
    }
    return sum / (double) (to - from);
  }

  private static String phaseName(int from, int to, CelebrityLaunch.Settings s) {
    if (from == 0 && to == s.seconds()) {
      return "whole run";
    }
    return (from == 0 ? "first " : "last ") + (to - from) + " s";
  }

  private static void hottest(PrintWriter out, CelebrityLaunch.Run off, CelebrityLaunch.Run on) {
    out.println(
        "Hottest partitions of the table and of the index in the first "
            + CelebrityLaunch.PHASE_SECONDS
            + " s (a second on average) and in the last second (hottest: the larger share of "
            + "the read or the write limit):");
    TextTable table =
        new TextTable(
                "sharding",
                "seconds",
                "of",
                "partition key",
                "sort keys",
                "RCU/s",
                "WCU/s",
                "refused/s")
            .leftAligned(5);
    boolean firstRun = true;
    for (CelebrityLaunch.Run run : List.of(off, on)) {
      if (!firstRun) {
        table.rule();
      }
      firstRun = false;
      for (CelebrityLaunch.Phase phase : run.phases()) {
        boolean firstRow = true;
        for (List<CelebrityLaunch.Hot> hottest : List.of(phase.table(), phase.index())) {
          for (CelebrityLaunch.Hot hot : hottest) {
            table.row(
                firstRow ? shardingName(run) : "",
                firstRow ? phase.from() + "–" + phase.to() : "",
                hot.onIndex() ? "index" : "table",
                hot.partitionValue(),
                range(hot.fromSortKey().orElse(null), hot.toSortKey().orElse(null))
                    + (hot.split() ? " (split)" : ""),
                Format.units(hot.readUnits()),
                Format.units(hot.writeUnits()),
                Format.units(hot.refused()));
            firstRow = false;
          }
        }
      }
    }
    table.print(out, 2);
    out.println();
  }

  private static void partitionsAtEnd(
      PrintWriter out, CelebrityLaunch.Run off, CelebrityLaunch.Run on) {
    out.println(
        "The celebrity's partition key values at the end, and the partitions they have split "
            + "into:");
    TextTable table =
        new TextTable("of", "partition key", "values off", "on", "partitions off", "on")
            .leftAligned(2);
    List<String[]> groups = new ArrayList<>();
    for (CelebrityLaunch.Run run : List.of(off, on)) {
      for (PartitionLoad row : run.partitions()) {
        String[] group = group(row);
        if (groups.stream().noneMatch(g -> g[0].equals(group[0]) && g[1].equals(group[1]))) {
          groups.add(group);
        }
      }
    }
    for (String[] group : groups) {
      table.row(
          group[0],
          group[1],
          count(off, group, true),
          count(on, group, true),
          count(off, group, false),
          count(on, group, false));
    }
    table.print(out, 2);
    out.println();
  }

  /** Where a partition is counted: its table or index, and its key value or a family of them. */
  private static String[] group(PartitionLoad row) {
    String of = row.onIndex() ? "index" : "table";
    String value = row.partitionValue();
    if (value.startsWith(SHARDS)) {
      return new String[] {of, SHARDS + "… (shards)"};
    }
    if (value.startsWith(PHOTOS)) {
      return new String[] {of, PHOTOS + CelebrityLaunch.CELEBRITY + "#… (photos)"};
    }
    return new String[] {of, value};
  }

  /** The key values, or the partitions, of a group at the end of a run. */
  private static String count(CelebrityLaunch.Run run, String[] group, boolean values) {
    List<PartitionLoad> rows =
        run.partitions().stream().filter(row -> Arrays.equals(group(row), group)).toList();
    long n =
        values ? rows.stream().map(PartitionLoad::partitionValue).distinct().count() : rows.size();
    return n == 0 ? "-" : Format.count(n);
  }

  private static boolean check(PrintWriter out, CelebrityLaunch.Run off, CelebrityLaunch.Run on) {
    out.println("Final counters against the items:");
    TextTable table = new TextTable("", "off", "on");
    count(table, "follows that succeeded", off, on, CelebrityLaunch.Check::follows);
    count(table, "getUser: followers", off, on, CelebrityLaunch.Check::followers);
    count(table, "followersOf: friendship items", off, on, CelebrityLaunch.Check::friendships);
    count(table, "reactions that succeeded", off, on, CelebrityLaunch.Check::reactions);
    count(table, "getPhoto: heart counters, summed", off, on, CelebrityLaunch.Check::counted);
    count(
        table, "photoWithReactions: reaction items", off, on, CelebrityLaunch.Check::reactionItems);
    table.rule().row("counters match the items", verdict(off), verdict(on));
    table.print(out, 2);
    out.println();
    return off.check().ok() && on.check().ok();
  }

  private static void count(
      TextTable table,
      String name,
      CelebrityLaunch.Run off,
      CelebrityLaunch.Run on,
      ToLongFunction<CelebrityLaunch.Check> what) {
    table.row(
        name,
        Format.count(what.applyAsLong(off.check())),
        Format.count(what.applyAsLong(on.check())));
  }

  private static String verdict(CelebrityLaunch.Run run) {
    return run.check().ok() ? "OK" : "MISMATCH";
  }

  private static void summary(
      PrintWriter out,
      CelebrityLaunch.Settings s,
      CelebrityLaunch.Run off,
      CelebrityLaunch.Run on,
      Duration wall) {
    int to = s.seconds();
    int from = Math.max(to - CelebrityLaunch.PHASE_SECONDS, 0);
    out.printf(
        Locale.ROOT,
        "Last %d s: sharding off %s follows/s and %s reactions/s, on %s and %s (offered %s and %s).%n",
        to - from,
        Format.count(Math.round(average(off, from, to, CelebrityLaunch.Second::follows))),
        Format.count(Math.round(average(off, from, to, CelebrityLaunch.Second::reactions))),
        Format.count(Math.round(average(on, from, to, CelebrityLaunch.Second::follows))),
        Format.count(Math.round(average(on, from, to, CelebrityLaunch.Second::reactions))),
        Format.count(s.followsPerSecond()),
        Format.count(s.reactionsPerSecond()));
    for (CelebrityLaunch.Run run : List.of(off, on)) {
      out.printf(
          Locale.ROOT,
          "Sharding %s, settled (within 5%%): follows %s; reactions %s.%n",
          shardingName(run),
          steady(run, CelebrityLaunch.Second::follows),
          steady(run, CelebrityLaunch.Second::reactions));
    }
    out.printf(
        Locale.ROOT,
        "Wall time %s, the two runs side by side: setup %s and %s, simulated seconds %s and "
            + "%s (off, on).%n",
        Format.elapsed(wall),
        Format.elapsed(Duration.ofNanos(off.setupNanos())),
        Format.elapsed(Duration.ofNanos(on.setupNanos())),
        Format.elapsed(Duration.ofNanos(off.runNanos())),
        Format.elapsed(Duration.ofNanos(on.runNanos())));
  }

  /** The seconds at the end whose average is the level a rate settles at. */
  static final int SETTLED_SECONDS = 5;

  /**
   * When a rate settled: its level is the average of the last {@value #SETTLED_SECONDS} seconds,
   * and it settled at the first second from which every second stays within 5% of that level; if
   * that is later than {@value #SETTLED_SECONDS} seconds before the end, it is still moving.
   */
  static String steady(CelebrityLaunch.Run run, ToLongFunction<CelebrityLaunch.Second> what) {
    List<CelebrityLaunch.Second> seconds = run.seconds();
    int end = seconds.size();
    int tail = Math.max(end - SETTLED_SECONDS, 0);
    double level = average(run, tail, end, what);
    int from = end;
    while (from > 0
        && Math.abs(what.applyAsLong(seconds.get(from - 1)) - level) <= 0.05 * Math.max(level, 1)) {
      from--;
    }
    if (from > tail) {
      return String.format(
          Locale.ROOT,
          "still moving at the end (%s/s over the last %d s, %s in the last second)",
          Format.count(Math.round(level)),
          end - tail,
          Format.count(what.applyAsLong(seconds.get(end - 1))));
    }
    return String.format(
        Locale.ROOT, "%s/s from second %d on", Format.count(Math.round(level)), from);
  }

  private static String shardingName(CelebrityLaunch.Run run) {
    return run.sharding().followersThreshold() == Long.MAX_VALUE ? "off" : "on";
  }

  /** A partition's sort-key range: all of them, or from one key up to another. */
  static String range(String from, String to) {
    if (from == null && to == null) {
      return "all";
    }
    return (from == null ? "(lowest)" : from) + " – " + (to == null ? "(highest)" : to);
  }

  /** Writes one line per run and second: the chart's data. */
  private static void writeCsv(Path file, CelebrityLaunch.Run off, CelebrityLaunch.Run on)
      throws IOException {
    StringBuilder csv =
        new StringBuilder(
            "sharding,second,follows,reactions,failed_follows,failed_reactions,"
                + "throttled_attempts\n");
    for (CelebrityLaunch.Run run : List.of(off, on)) {
      for (int i = 0; i < run.seconds().size(); i++) {
        CelebrityLaunch.Second s = run.seconds().get(i);
        csv.append(
            String.format(
                Locale.ROOT,
                "%s,%d,%d,%d,%d,%d,%d%n",
                shardingName(run),
                i,
                s.follows(),
                s.reactions(),
                s.failedFollows(),
                s.failedReactions(),
                s.throttledAttempts()));
      }
    }
    Path parent = file.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    Files.writeString(file, csv);
  }
}
