package io.quickphotos.bench.latency;

import io.quickphotos.AccessPattern;
import io.quickphotos.CostListener;
import io.quickphotos.FanOut;
import io.quickphotos.OperationCost;
import io.quickphotos.PageRequest;
import io.quickphotos.QuickPhotos;
import io.quickphotos.bench.DataSet;
import io.quickphotos.bench.LocalTable;
import io.quickphotos.bench.feed.FeedCosts;
import io.quickphotos.bench.feed.FeedScenario;
import io.quickphotos.bench.hybrid.HybridScenario;
import io.quickphotos.dynamo.DynamoQuickPhotos;
import io.quickphotos.dynamo.local.DynamoDbLocal;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The wall-clock latency of one call of every access pattern, and of a home-feed page as the
 * number of followed accounts grows, on DynamoDB Local under a latency model that makes round
 * trips visible: every request waits a fixed delay in the HTTP client before it is sent
 * ({@link DelayingHttpClient}), as a network round trip to DynamoDB would take. Each call is
 * timed at no delay and at {@value #DELAY_MILLIS} ms a request, the median of several calls each;
 * the difference over the delay is the number of round trips the call waits for one after
 * another. Each is measured with the repository's parallelism at 1 (its requests one after
 * another, the behaviour before requests went side by side) and at
 * {@link DynamoQuickPhotos#DEFAULT_PARALLELISM}, the default. Requests come from the cost
 * listener ({@link OperationCost#requests()}).
 *
 * <p>The access patterns run on the benchmarks' {@link DataSet} of 10³ items, each call as
 * {@link LatencyProbe} makes it (what must exist first, and putting the table back, through a
 * repository of its own without delay, neither timed nor metered). The home feed runs on
 * {@link FeedScenario}'s reader, loaded into a DynamoDB Local of its own for each F
 * ({@link DelayedRepositories#startWithFeed}). Every call is one thread's: the latency of a call
 * on an idle server, not a throughput.
 *
 * <p>Run, from the repository root, after {@code ./mvnw -pl benchmarks -am package -DskipTests}
 * (about 2–3 minutes on 2 cores, most of it the F = 1,000 feed one request after another and its
 * loading):
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar io.quickphotos.bench.latency.LatencyReport \
 *     [--out benchmarks/results/latency]
 * </pre>
 * Writes {@code <out>.md} (the method, then the tables) and {@code <out>.csv} (one line per
 * measured case and parallelism), and prints the markdown.
 */
public final class LatencyReport {
  /** The delay per request of the measurement with a delay. */
  static final int DELAY_MILLIS = 5;

  /** Parallelism 1: a call's requests one after another. */
  static final int BEFORE = 1;

  /** The default parallelism: a call's independent requests side by side. */
  static final int AFTER = DynamoQuickPhotos.DEFAULT_PARALLELISM;

  /** Where the report goes unless {@code --out} says otherwise, from the repository root. */
  static final String DEFAULT_OUT = "benchmarks/results/latency";

  private static final PageRequest FEED_PAGE = PageRequest.first(FeedScenario.PAGE);

  private LatencyReport() {}

  /**
   * How much to measure.
   *
   * @param items the size of the data set the access patterns run on
   * @param patternCalls timed calls per pattern, parallelism and delay
   * @param followees the home feed's F values
   * @param feedCalls timed feed pages per F (same index), parallelism and delay
   * @param delay the wait per request of the delayed measurement
   */
  record Settings(
      int items,
      int patternCalls,
      List<Integer> followees,
      List<Integer> feedCalls,
      Duration delay) {

    /**
     * Checks that every F has a number of calls and that there is a delay.
     *
     * @param items data set size
     * @param patternCalls calls per pattern
     * @param followees F values
     * @param feedCalls calls per F
     * @param delay per request
     */
    Settings {
      followees = List.copyOf(followees);
      feedCalls = List.copyOf(feedCalls);
      if (followees.size() != feedCalls.size()) {
        throw new IllegalArgumentException("one number of calls per F is needed");
      }
      if (delay.isZero() || delay.isNegative()) {
        throw new IllegalArgumentException("the delay must be positive, was " + delay);
      }
    }

    /**
     * The committed report's settings: 15 calls a pattern; F = 10, 100, 1,000 with 15, 9 and 3
     * pages (a page of F = 1,000 one request after another waits over 5 s).
     *
     * @return the settings
     */
    static Settings standard() {
      return new Settings(
          1000, 15, List.of(10, 100, 1000), List.of(15, 9, 3), Duration.ofMillis(DELAY_MILLIS));
    }
  }

  /**
   * One case at one parallelism.
   *
   * @param section {@code pattern} or {@code feed}
   * @param name the access pattern, or {@code HOME_FEED F=<n>}
   * @param followees F for the feed, 0 for the patterns
   * @param parallelism the repository's parallelism
   * @param minRequests the fewest requests a timed call made
   * @param maxRequests the most requests a timed call made
   * @param millisUndelayed median wall-clock time of a call without delay, ms
   * @param millisDelayed median wall-clock time of a call with the delay, ms
   * @param calls timed calls at each delay
   */
  record Row(
      String section,
      String name,
      int followees,
      int parallelism,
      int minRequests,
      int maxRequests,
      double millisUndelayed,
      double millisDelayed,
      int calls) {

    /**
     * Round trips waited one after another: the added time over the delay, to one decimal.
     *
     * @param delay the delay of {@link #millisDelayed}
     * @return (delayed − undelayed) / delay, rounded to 0.1
     */
    double roundTrips(Duration delay) {
      double delayMillis = delay.toNanos() / 1e6;
      return Math.round((millisDelayed - millisUndelayed) / delayMillis * 10) / 10.0;
    }

    /**
     * The requests, as one number or a range when calls differed (a retry).
     *
     * @return e.g. {@code 11} or {@code 11–12}
     */
    String requests() {
      return minRequests == maxRequests
          ? count(minRequests)
          : count(minRequests) + "–" + count(maxRequests);
    }
  }

  /**
   * Measures everything and writes the report.
   *
   * @param args {@code --out <base>} for where to write, {@value #DEFAULT_OUT} by default
   * @throws IOException if a file cannot be written
   */
  public static void main(String[] args) throws IOException {
    Path base = Path.of(DEFAULT_OUT);
    for (int i = 0; i < args.length; i++) {
      if (args[i].equals("--out") && i + 1 < args.length) {
        base = Path.of(args[++i]);
      } else {
        System.err.println("usage: LatencyReport [--out <base>]");
        System.exit(2);
        return;
      }
    }
    long start = System.nanoTime();
    Settings settings = Settings.standard();
    String before = machine();
    List<Row> rows = measure(settings);
    String after = machine();
    String took = String.format(Locale.ROOT, "%.0f s", (System.nanoTime() - start) / 1e9);
    Path markdown = write(rows, settings, base, before, after, took);
    System.out.print(Files.readString(markdown));
    System.out.println();
    System.out.println("Wrote " + markdown + " and " + base + ".csv in " + took);
    // DynamoDB Local leaves a non-daemon thread behind that would keep the JVM alive.
    System.exit(0);
  }

  /**
   * Measures every access pattern, then the feed at every F, each at both parallelisms.
   *
   * @param settings how much
   * @return the patterns' rows in the enum's order, then the feed's by F, each case at
   *     {@link #BEFORE} then {@link #AFTER}
   */
  static List<Row> measure(Settings settings) {
    List<Row> rows = new ArrayList<>(measurePatterns(settings));
    rows.addAll(measureFeed(settings));
    return rows;
  }

  /**
   * Every access pattern on a loaded data set, at both parallelisms.
   *
   * @param settings how much
   * @return two rows per pattern
   */
  static List<Row> measurePatterns(Settings settings) {
    DataSet data = DataSet.of(settings.items());
    Map<AccessPattern, LatencyProbe> probes = LatencyProbe.all(data);
    List<Row> rows = new ArrayList<>();
    try (LocalTable table = LocalTable.load(data, CostListener.NONE);
        DelayedRepositories repositories = new DelayedRepositories(table.endpoint())) {
      List<Timing> timings = new ArrayList<>();
      for (int parallelism : List.of(BEFORE, AFTER)) {
        timings.add(new Timing(repositories, table.repository(), parallelism, settings.delay()));
      }
      for (LatencyProbe probe : probes.values()) {
        for (Timing timing : timings) {
          rows.add(
              timing.measure("pattern", probe.pattern().name(), 0, probe, settings.patternCalls()));
        }
      }
    }
    return rows;
  }

  /**
   * A newest home-feed page for each F, at both parallelisms, each F on a DynamoDB Local of its
   * own: fan-out on read's page, then the hybrid's ({@link FanOut#hybrid()}) of a reader who
   * follows F accounts by timeline follows, on the same DynamoDB Local.
   *
   * @param settings how much
   * @return four rows per F: the pull page at both parallelisms, then the hybrid page
   */
  static List<Row> measureFeed(Settings settings) {
    List<Row> rows = new ArrayList<>();
    LatencyProbe page =
        LatencyProbe.alone(
            AccessPattern.HOME_FEED,
            (photos, slot) -> photos.homeFeed(FeedScenario.READER, FEED_PAGE));
    for (int i = 0; i < settings.followees().size(); i++) {
      int followees = settings.followees().get(i);
      try (DynamoDbLocal local = DelayedRepositories.startWithFeed(followees, true);
          DelayedRepositories repositories = new DelayedRepositories(local.endpoint())) {
        QuickPhotos setup = repositories.open(Duration.ZERO, BEFORE, CostListener.NONE);
        for (int parallelism : List.of(BEFORE, AFTER)) {
          rows.add(
              new Timing(repositories, setup, parallelism, settings.delay(), FanOut.off())
                  .measure(
                      "feed",
                      "HOME_FEED F=" + followees,
                      followees,
                      page,
                      settings.feedCalls().get(i)));
        }
        String reader = HybridScenario.reader(followees, 0);
        LatencyProbe hybridPage =
            LatencyProbe.alone(
                AccessPattern.HOME_FEED, (photos, slot) -> photos.homeFeed(reader, FEED_PAGE));
        for (int parallelism : List.of(BEFORE, AFTER)) {
          rows.add(
              new Timing(repositories, setup, parallelism, settings.delay(), FanOut.hybrid())
                  .measure(
                      "hybrid",
                      "HOME_FEED hybrid F=" + followees,
                      followees,
                      hybridPage,
                      settings.feedCalls().get(i)));
        }
      }
    }
    return rows;
  }

  /**
   * Times calls on two repositories of one parallelism, one without delay and one with, taking
   * turns call by call with the same arguments, so that whatever else the machine does falls on
   * both alike. Not thread-safe: one measuring thread.
   */
  private static final class Timing {
    private final QuickPhotos setup;
    private final QuickPhotos undelayed;
    private final QuickPhotos delayed;
    private final List<OperationCost> costs = new ArrayList<>();
    private final int parallelism;

    Timing(DelayedRepositories repositories, QuickPhotos setup, int parallelism, Duration delay) {
      this(repositories, setup, parallelism, delay, FanOut.off());
    }

    Timing(
        DelayedRepositories repositories,
        QuickPhotos setup,
        int parallelism,
        Duration delay,
        FanOut fanOut) {
      this.setup = setup;
      this.parallelism = parallelism;
      this.undelayed = repositories.open(Duration.ZERO, parallelism, costs::add, fanOut);
      this.delayed = repositories.open(delay, parallelism, costs::add, fanOut);
    }

    /** One warm-up call on each, then {@code calls} timed calls on each, interleaved. */
    Row measure(String section, String name, int followees, LatencyProbe probe, int calls) {
      // The warm-up takes the last slots of the rings, which the timed calls do not reach.
      once(probe, undelayed, DataSet.RING - 1);
      once(probe, delayed, DataSet.RING - 2);
      long[] undelayedNanos = new long[calls];
      long[] delayedNanos = new long[calls];
      int minRequests = Integer.MAX_VALUE;
      int maxRequests = 0;
      for (int slot = 0; slot < calls; slot++) {
        // Which goes first alternates, so neither always follows the other's undo.
        boolean undelayedFirst = slot % 2 == 0;
        long[] first = once(probe, undelayedFirst ? undelayed : delayed, slot);
        long[] second = once(probe, undelayedFirst ? delayed : undelayed, slot);
        undelayedNanos[slot] = (undelayedFirst ? first : second)[0];
        delayedNanos[slot] = (undelayedFirst ? second : first)[0];
        for (long[] call : List.of(first, second)) {
          minRequests = Math.min(minRequests, (int) call[1]);
          maxRequests = Math.max(maxRequests, (int) call[1]);
        }
      }
      return new Row(
          section,
          name,
          followees,
          parallelism,
          minRequests,
          maxRequests,
          medianMillis(undelayedNanos),
          medianMillis(delayedNanos),
          calls);
    }

    /**
     * Prepares, times and undoes one call.
     *
     * @return the call's wall-clock nanoseconds and its requests
     */
    private long[] once(LatencyProbe probe, QuickPhotos measured, int slot) {
      probe.prepare().run(setup, slot);
      costs.clear();
      long start = System.nanoTime();
      probe.call().run(measured, slot);
      long nanos = System.nanoTime() - start;
      int requests = 0;
      for (OperationCost cost : costs) {
        if (cost.pattern() != probe.pattern()) {
          throw new IllegalStateException(
              "the probe of " + probe.pattern() + " reported a cost of " + cost.pattern());
        }
        requests += cost.requests();
      }
      if (costs.isEmpty()) {
        throw new IllegalStateException("the probe of " + probe.pattern() + " reported no cost");
      }
      probe.undo().run(setup, slot);
      return new long[] {nanos, requests};
    }
  }

  private static double medianMillis(long[] nanos) {
    long[] sorted = nanos.clone();
    Arrays.sort(sorted);
    int n = sorted.length;
    double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0;
    return median / 1e6;
  }

  /**
   * The round trips a feed page of F followees waits for by design at a parallelism: the
   * followee listing's Queries one after another, then the per-author Queries in waves of the
   * parallelism.
   *
   * @param followees F
   * @param parallelism requests side by side
   * @return ⌊F / 1000⌋ + 1 + ⌈F / parallelism⌉
   */
  public static int designRoundTrips(int followees, int parallelism) {
    int listing = Math.toIntExact(FeedCosts.homeFeedRequests(followees) - followees);
    return listing + (followees + parallelism - 1) / parallelism;
  }

  // --- output ----------------------------------------------------------------------------------

  /**
   * Writes {@code <base>.md} and {@code <base>.csv}.
   *
   * @param rows what {@link #measure} returned
   * @param settings how it was measured
   * @param base the outputs' path without extension
   * @param machineBefore the machine's state when measuring began
   * @param machineAfter its state when measuring ended
   * @param took how long measuring took
   * @return the markdown file
   * @throws IOException if a file cannot be written
   */
  static Path write(
      List<Row> rows,
      Settings settings,
      Path base,
      String machineBefore,
      String machineAfter,
      String took)
      throws IOException {
    if (base.toAbsolutePath().getParent() != null) {
      Files.createDirectories(base.toAbsolutePath().getParent());
    }
    Path markdown = Path.of(base + ".md");
    Files.writeString(
        markdown, LatencyMarkdown.markdown(rows, settings, machineBefore, machineAfter, took));
    Files.writeString(Path.of(base + ".csv"), LatencyMarkdown.csv(rows, settings));
    return markdown;
  }

  /**
   * The round trips of a hybrid page whose follows are all timeline follows: the followed list,
   * the timeline, the BatchGetItem of the page's photos.
   *
   * @param followees F
   * @return ⌊F / 1000⌋ + 3
   */
  public static int hybridRoundTrips(int followees) {
    return Math.toIntExact(FeedCosts.homeFeedRequests(followees) - followees) + 2;
  }

  /**
   * Processors, load average, JDK: what a reader needs to judge the times.
   *
   * @return e.g. {@code 2 processors, load average 1.52, OpenJDK 17.0.15}
   */
  public static String machine() {
    double load = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    return String.format(
        Locale.ROOT,
        "%d processors, load average %s, %s %s",
        Runtime.getRuntime().availableProcessors(),
        load < 0 ? "unknown" : String.format(Locale.ROOT, "%.2f", load),
        System.getProperty("java.vm.name"),
        System.getProperty("java.version"));
  }

  static String count(long value) {
    return String.format(Locale.ROOT, "%,d", value);
  }
}
