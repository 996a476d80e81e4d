package io.quickphotos.bench.hybrid.report;

// Internal on purpose (README.md, "What the benchmarks use"): the report measures the hybrid
// feed's storage (a timeline entry, an audience item, a follow's mark, in bytes) and checks every
// fan-out entry when an upload returns, item by item; its latency wraps the scenario's engine.
import io.quickphotos.CostListener;
import io.quickphotos.FanOut;
import io.quickphotos.OperationCost;
import io.quickphotos.PageRequest;
import io.quickphotos.Photo;
import io.quickphotos.QuickPhotos;
import io.quickphotos.Sharding;
import io.quickphotos.bench.DataSet;
import io.quickphotos.bench.feed.FeedScenario;
import io.quickphotos.bench.hybrid.FeedThroughput;
import io.quickphotos.bench.hybrid.HybridScenario;
import io.quickphotos.bench.latency.DelayedRepositories;
import io.quickphotos.bench.latency.DelayingHttpClient;
import io.quickphotos.bench.latency.LatencyReport;
import io.quickphotos.dynamo.DynamoQuickPhotos;
import io.quickphotos.dynamo.local.DynamoDbLocal;
import io.quickphotos.internal.singletable.codec.ItemCodec;
import io.quickphotos.internal.singletable.feed.Timelines;
import io.quickphotos.memory.internal.SimulatedLatency;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.BiConsumer;

/**
 * What the hybrid home feed ({@link FanOut#hybrid()}) costs, beside fan-out on read: a page's
 * requests, read units and latency; an upload's requests, units, latency and fan-out completion
 * time as its author's following and audience grow; the storage a timeline follower takes; the
 * dollars of a million pages and uploads; and, on the throughput model, whether a celebrity's
 * uploads or many ordinary authors' fan-outs throttle anything ({@link FeedThroughput}).
 *
 * <p><b>Pages</b> run on DynamoDB Local with every request delayed {@value #DELAY_MILLIS} ms in the
 * HTTP client ({@link DelayingHttpClient}), as {@link LatencyReport} does, and their requests and
 * read units are also taken on the memory engine, which bills as the service documents.
 * <b>Uploads</b> run on the memory engine with a simulated latency of {@value #DELAY_MILLIS} ms a
 * request ({@link SimulatedLatency}, what {@code MemoryQuickPhotos.builder().latency(..)} builds)
 * and the repository's parallelism at {@link DynamoQuickPhotos#DEFAULT_PARALLELISM}, with the
 * service's billing. The data is built through the repository's own calls ({@link
 * HybridScenario}).
 *
 * <p>Run, from the repository root, after {@code ./mvnw -pl benchmarks -am package -DskipTests}:
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar io.quickphotos.bench.hybrid.report.HybridFeedReport \
 *     [--out benchmarks/results/hybrid]
 * </pre>
 * Writes {@code <out>.md}, {@code <out>.csv} and {@code <out>.png}, and prints the markdown.
 */
public final class HybridFeedReport {
  /** The delay per request. */
  static final int DELAY_MILLIS = 5;

  /** On-demand price of a million read request units, us-east-1, in dollars. */
  static final double READ_PRICE = 0.125;

  /** On-demand price of a million write request units, us-east-1, in dollars. */
  static final double WRITE_PRICE = 0.625;

  /** Where the report goes unless {@code --out} says otherwise. */
  static final String DEFAULT_OUT = "benchmarks/results/hybrid";

  /** The default parallelism, the "after" of {@link LatencyReport}. */
  static final int PARALLEL = DynamoQuickPhotos.DEFAULT_PARALLELISM;

  private static final PageRequest PAGE = PageRequest.first(FeedScenario.PAGE);

  private HybridFeedReport() {}

  /**
   * How much to measure.
   *
   * @param followees the feed's F values
   * @param pulls the numbers of pull follows among them
   * @param pageCalls timed pages per F (same index), per mode and delay
   * @param k K of the pages' scenario and of the uploads by N
   * @param followers the uploads' N values
   * @param realFollowers followers beyond this many are written straight to the engine
   * @param audiences the A values of the sweep (K raised to the largest)
   * @param uploadCalls timed uploads per case and delay
   * @param delay the wait per request
   * @param throughput the throughput model's runs
   */
  record Settings(
      List<Integer> followees,
      List<Integer> pulls,
      List<Integer> pageCalls,
      int k,
      List<Integer> followers,
      int realFollowers,
      List<Integer> audiences,
      int uploadCalls,
      Duration delay,
      FeedThroughput.Settings throughput) {

    Settings {
      followees = List.copyOf(followees);
      pulls = List.copyOf(pulls);
      pageCalls = List.copyOf(pageCalls);
      followers = List.copyOf(followers);
      audiences = List.copyOf(audiences);
      if (followees.size() != pageCalls.size()) {
        throw new IllegalArgumentException("one number of calls per F is needed");
      }
    }

    /**
     * The committed report's settings.
     *
     * @return F = 10, 100, 1,000 with 0 and 5 pull follows; N = 10, 1,000, 10,000, 1,000,000; A
     *     = 10, 100, 500, 1,000, 5,000, 10,000
     */
    static Settings standard() {
      return new Settings(
          List.of(10, 100, 1000),
          List.of(0, HybridScenario.MAX_PULLS),
          List.of(15, 9, 3),
          FanOut.DEFAULT_MAX_FOLLOWERS,
          List.of(10, 1_000, 10_000, 1_000_000),
          10_000,
          List.of(10, 100, 500, 1_000, 5_000, 10_000),
          7,
          Duration.ofMillis(DELAY_MILLIS),
          FeedThroughput.Settings.standard());
    }
  }

  /**
   * One timed case.
   *
   * @param minRequests fewest requests of a timed call
   * @param maxRequests most requests of a timed call
   * @param readUnits read units of the last call
   * @param writeUnits write units of the last call
   * @param millisUndelayed median without delay
   * @param millisDelayed median with the delay
   * @param calls timed calls at each delay
   */
  record Timed(
      int minRequests,
      int maxRequests,
      double readUnits,
      double writeUnits,
      double millisUndelayed,
      double millisDelayed,
      int calls) {

    double roundTrips(Duration delay) {
      return Math.round((millisDelayed - millisUndelayed) / (delay.toNanos() / 1e6) * 10) / 10.0;
    }

    String requests() {
      return minRequests == maxRequests
          ? count(minRequests)
          : count(minRequests) + "–" + count(maxRequests);
    }
  }

  /**
   * A page of one reader in one mode.
   *
   * @param followees F
   * @param pulls pull follows among them
   * @param mode {@code hybrid} or {@code pull}
   * @param parallelism the repository's parallelism
   * @param serviceRequests requests on the memory engine
   * @param serviceReadUnits read units on the memory engine (the service's billing)
   * @param local the timing on DynamoDB Local (its requests and read units as it reports them)
   */
  record PageRow(
      int followees,
      int pulls,
      String mode,
      int parallelism,
      int serviceRequests,
      double serviceReadUnits,
      Timed local) {}

  /**
   * Uploads of an author.
   *
   * @param section {@code N} (K = 1,000, followers growing) or {@code A} (K raised, every
   *     follower in the audience)
   * @param mode {@code hybrid} or {@code pull}
   * @param followers N
   * @param audience A: timeline followers, counted in the table
   * @param k K
   * @param timed the timing on the memory engine with simulated latency (service billing)
   * @param incomplete audience entries missing when the timed calls returned, over all calls
   */
  record UploadRow(
      String section,
      String mode,
      int followers,
      int audience,
      int k,
      Timed timed,
      long incomplete) {}

  /**
   * Storage per follower, from the items of the pages' scenario.
   *
   * @param entryBytes mean size of a timeline entry by DynamoDB's formula
   * @param audienceBytes mean size of an audience item
   * @param friendshipMarkBytes what the {@code feed = timeline} mark adds to a friendship
   * @param readerLength handle length of the readers whose entries were measured
   * @param ownerLength handle length of the authors
   * @param entries entries measured
   */
  record Storage(
      double entryBytes,
      double audienceBytes,
      double friendshipMarkBytes,
      double readerLength,
      double ownerLength,
      long entries) {

    /** DynamoDB's storage overhead per item, in the table and again in each index. */
    static final int OVERHEAD = 100;

    double entryStored() {
      return 2 * (entryBytes + OVERHEAD);
    }

    double audienceStored() {
      return 2 * (audienceBytes + OVERHEAD);
    }
  }

  /**
   * Everything measured.
   *
   * @param pages the pages
   * @param uploads the uploads
   * @param storage storage per follower
   * @param throughput the throughput model's runs
   */
  record Results(
      List<PageRow> pages,
      List<UploadRow> uploads,
      Storage storage,
      List<FeedThroughput.Run> throughput) {}

  /**
   * Measures everything and writes the report.
   *
   * @param args {@code --out <base>}
   * @throws IOException if a file cannot be written
   */
  public static void main(String[] args) throws IOException {
    Path base = Path.of(DEFAULT_OUT);
    for (int i = 0; i < args.length; i++) {
      if (args[i].equals("--out") && i + 1 < args.length) {
        base = Path.of(args[++i]);
      } else {
        System.err.println("usage: HybridFeedReport [--out <base>]");
        System.exit(2);
        return;
      }
    }
    long start = System.nanoTime();
    Settings settings = Settings.standard();
    String before = LatencyReport.machine();
    Results results = measure(settings);
    String after = LatencyReport.machine();
    String took = String.format(Locale.ROOT, "%.0f s", (System.nanoTime() - start) / 1e9);
    Path markdown = write(results, settings, base, before, after, took);
    System.out.print(Files.readString(markdown));
    System.out.println();
    System.out.println("Wrote " + markdown + ", " + base + ".csv and " + base + ".png in " + took);
    // DynamoDB Local leaves a non-daemon thread behind.
    System.exit(0);
  }

  /**
   * Measures the pages, the uploads, the storage and the throughput model's runs.
   *
   * @param settings how much
   * @return the results
   */
  static Results measure(Settings settings) {
    List<Storage> storages = new ArrayList<>();
    List<PageRow> pages = measurePages(settings, storages);
    // The storage of the largest F's scenario: the most entries.
    Storage storage = storages.get(storages.size() - 1);
    List<UploadRow> uploads = new ArrayList<>(measureUploadsByFollowers(settings));
    uploads.addAll(measureUploadsByAudience(settings));
    List<FeedThroughput.Run> throughput = FeedThroughput.runAll(settings.throughput());
    return new Results(pages, uploads, storage, throughput);
  }

  // --- pages -----------------------------------------------------------------------------------

  /** The modes a page is measured in: hybrid at the default parallelism, pull at it and at 1. */
  private record Mode(String name, FanOut fanOut, int parallelism) {}

  private static final List<Mode> PAGE_MODES =
      List.of(
          new Mode("hybrid", FanOut.hybrid(), PARALLEL),
          new Mode("pull", FanOut.off(), PARALLEL),
          new Mode("pull", FanOut.off(), 1));

  /**
   * The pages of every F, each F's readers in a scenario and a DynamoDB Local of their own (a
   * larger table slows DynamoDB Local's own queries, which would fall on the smaller F).
   *
   * @param settings how much
   * @param storages receives each F's storage figures, in the order of F
   * @return the pages' rows
   */
  static List<PageRow> measurePages(Settings settings, List<Storage> storages) {
    List<PageRow> rows = new ArrayList<>();
    for (int i = 0; i < settings.followees().size(); i++) {
      int f = settings.followees().get(i);
      // The hybrid's table, and one whose follows were all made with the hybrid off: a
      // repository reads a timeline for every follow the table marks served, whatever its own
      // setting, so fan-out on read is measured where nothing is served.
      HybridScenario scenario =
          HybridScenario.readers(
              List.of(f),
              settings.pulls(),
              settings.k(),
              FanOut.hybrid(settings.k(), FanOut.DEFAULT_WINDOW));
      HybridScenario pullOnly =
          HybridScenario.readers(List.of(f), settings.pulls(), settings.k(), FanOut.off());
      storages.add(storage(scenario));
      long start = System.nanoTime();
      try (DynamoDbLocal local =
              DelayedRepositories.startWith(scenario.lines(), "hybrid feed, F = " + f, start);
          DelayedRepositories repositories = new DelayedRepositories(local.endpoint());
          DynamoDbLocal pullLocal =
              DelayedRepositories.startWith(
                  pullOnly.lines(), "pull feed, F = " + f, System.nanoTime());
          DelayedRepositories pullRepositories = new DelayedRepositories(pullLocal.endpoint())) {
        Costs costs = new Costs();
        for (int p : settings.pulls()) {
          String reader = HybridScenario.reader(f, p);
          for (Mode mode : PAGE_MODES) {
            boolean hybrid = mode.fanOut().isHybrid();
            Costs service = new Costs();
            List<Photo> onMemory =
                (hybrid ? scenario : pullOnly)
                    .repository(mode.fanOut(), Sharding.defaults(), service)
                    .homeFeed(reader, PAGE)
                    .items();
            DelayedRepositories opened = hybrid ? repositories : pullRepositories;
            QuickPhotos undelayed =
                opened.open(Duration.ZERO, mode.parallelism(), costs, mode.fanOut());
            QuickPhotos delayed =
                opened.open(settings.delay(), mode.parallelism(), costs, mode.fanOut());
            List<Photo> onLocal = delayed.homeFeed(reader, PAGE).items();
            if (!onLocal.equals(onMemory) || onMemory.size() != FeedScenario.PAGE) {
              throw new IllegalStateException(
                  reader + " " + mode + ": the pages differ or are short");
            }
            Timed timed =
                time(
                    (photos, call) -> photos.homeFeed(reader, PAGE),
                    undelayed,
                    delayed,
                    costs,
                    settings.pageCalls().get(i));
            rows.add(
                new PageRow(
                    f,
                    p,
                    mode.name(),
                    mode.parallelism(),
                    service.requests(),
                    service.readUnits(),
                    timed));
            System.out.printf(
                Locale.ROOT,
                "page F=%d pulls=%d %s p=%d: %s requests, %.1f ms at %d ms%n",
                f,
                p,
                mode.name(),
                mode.parallelism(),
                timed.requests(),
                timed.millisDelayed(),
                settings.delay().toMillis());
          }
        }
      }
    }
    return rows;
  }

  // --- uploads ---------------------------------------------------------------------------------

  /** Uploads of an author with N followers at K (default sharding), hybrid and pull-only. */
  static List<UploadRow> measureUploadsByFollowers(Settings settings) {
    List<UploadRow> rows = new ArrayList<>();
    FanOut hybrid = FanOut.hybrid(settings.k(), FanOut.DEFAULT_WINDOW);
    for (int n : settings.followers()) {
      HybridScenario scenario =
          HybridScenario.author(
              n, Math.min(n, settings.realFollowers()), hybrid, Sharding.defaults());
      rows.add(uploads(settings, scenario, "N", "hybrid", n, hybrid, Sharding.defaults()));
      // An author whose followers followed with the hybrid off: no audience to fan out to.
      HybridScenario pullOnly =
          HybridScenario.author(
              n, Math.min(n, settings.realFollowers()), FanOut.off(), Sharding.defaults());
      rows.add(uploads(settings, pullOnly, "N", "pull", n, FanOut.off(), Sharding.defaults()));
    }
    return rows;
  }

  /** Uploads of an author whose every follower is in its audience, K raised, sharding off. */
  static List<UploadRow> measureUploadsByAudience(Settings settings) {
    List<UploadRow> rows = new ArrayList<>();
    int k = settings.audiences().stream().mapToInt(Integer::intValue).max().orElse(1);
    FanOut hybrid = FanOut.hybrid(k, FanOut.DEFAULT_WINDOW);
    for (int a : settings.audiences()) {
      HybridScenario scenario = HybridScenario.author(a, a, hybrid, Sharding.off());
      rows.add(uploads(settings, scenario, "A", "hybrid", a, hybrid, Sharding.off()));
    }
    return rows;
  }

  private static UploadRow uploads(
      Settings settings,
      HybridScenario scenario,
      String section,
      String mode,
      int followers,
      FanOut fanOut,
      Sharding sharding) {
    List<String> audience = scenario.audience(HybridScenario.AUTHOR);
    Costs costs = new Costs();
    QuickPhotos undelayed =
        HybridScenario.repository(scenario.table, fanOut, sharding, PARALLEL, costs);
    QuickPhotos delayed =
        HybridScenario.repository(
            new SimulatedLatency(scenario.table, settings.delay()),
            fanOut,
            sharding,
            PARALLEL,
            costs);
    long[] missing = {0};
    // Each call a photo of its own, an hour before now and a second apart (the window holds it).
    Instant first = DataSet.CLOCK.instant().minus(Duration.ofHours(1));
    int offset = mode.equals("pull") ? 10_000 : 0;
    Timed timed =
        time(
            (photos, call) -> {
              Photo photo =
                  photos.uploadPhoto(
                      HybridScenario.AUTHOR,
                      first.plusSeconds(offset + call),
                      "https://photos.example.com/author/" + call + ".jpg");
              if (fanOut.isHybrid()) {
                for (String member : audience) {
                  if (scenario
                      .table
                      .getItem(Timelines.entryKey(member, photo.id()))
                      .item()
                      .isEmpty()) {
                    missing[0]++;
                  }
                }
              }
            },
            undelayed,
            delayed,
            costs,
            settings.uploadCalls());
    System.out.printf(
        Locale.ROOT,
        "upload %s=%d %s (audience %d): %s requests, %.1f WCU, %.1f ms at %d ms%n",
        section,
        followers,
        mode,
        audience.size(),
        timed.requests(),
        timed.writeUnits(),
        timed.millisDelayed(),
        settings.delay().toMillis());
    return new UploadRow(
        section,
        mode,
        followers,
        fanOut.isHybrid() ? audience.size() : 0,
        fanOut.maxFollowers(),
        timed,
        missing[0]);
  }

  // --- timing ----------------------------------------------------------------------------------

  /** Collects the costs of the calls since it was last cleared. Not thread-safe. */
  static final class Costs implements CostListener {
    private final List<OperationCost> costs = new ArrayList<>();

    @Override
    public synchronized void onCost(OperationCost cost) {
      costs.add(cost);
    }

    synchronized void clear() {
      costs.clear();
    }

    synchronized int requests() {
      return costs.stream().mapToInt(OperationCost::requests).sum();
    }

    synchronized double readUnits() {
      return costs.stream().mapToDouble(OperationCost::readCapacityUnits).sum();
    }

    synchronized double writeUnits() {
      return costs.stream().mapToDouble(OperationCost::writeCapacityUnits).sum();
    }
  }

  /**
   * One warm-up call on each repository, then {@code calls} timed calls on each, taking turns;
   * the call gets its number (warm-ups the last two), so that each call can use arguments of its
   * own. What a call does after the repository returns is not timed.
   */
  static Timed time(
      BiConsumer<QuickPhotos, Integer> call,
      QuickPhotos undelayed,
      QuickPhotos delayed,
      Costs costs,
      int calls) {
    call.accept(undelayed, 2 * calls);
    call.accept(delayed, 2 * calls + 1);
    long[] undelayedNanos = new long[calls];
    long[] delayedNanos = new long[calls];
    int minRequests = Integer.MAX_VALUE;
    int maxRequests = 0;
    double read = 0;
    double write = 0;
    for (int i = 0; i < calls; i++) {
      boolean undelayedFirst = i % 2 == 0;
      for (int turn = 0; turn < 2; turn++) {
        boolean isUndelayed = (turn == 0) == undelayedFirst;
        costs.clear();
        long start = System.nanoTime();
        call.accept(isUndelayed ? undelayed : delayed, 2 * i + (isUndelayed ? 0 : 1));
        long nanos = System.nanoTime() - start;
        (isUndelayed ? undelayedNanos : delayedNanos)[i] = nanos;
        minRequests = Math.min(minRequests, costs.requests());
        maxRequests = Math.max(maxRequests, costs.requests());
        read = costs.readUnits();
        write = costs.writeUnits();
      }
    }
    return new Timed(
        minRequests,
        maxRequests,
        read,
        write,
        medianMillis(undelayedNanos),
        medianMillis(delayedNanos),
        calls);
  }

  private static double medianMillis(long[] nanos) {
    long[] sorted = nanos.clone();
    Arrays.sort(sorted);
    int n = sorted.length;
    double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0;
    return median / 1e6;
  }

  // --- storage ---------------------------------------------------------------------------------

  static Storage storage(HybridScenario scenario) {
    long[] entries = {0, 0};
    long[] audience = {0, 0};
    double[] handles = {0, 0};
    long[] marked = {0, 0};
    long[] unmarked = {0, 0};
    scenario.table.forEachItem(
        item -> {
          ItemCodec.Entity entity = ItemCodec.entityOf(item);
          if (entity == ItemCodec.Entity.TIMELINE_ENTRY) {
            entries[0]++;
            entries[1] += item.size();
            handles[0] += item.string("reader").length();
            handles[1] += item.string("owner").length();
          } else if (entity == ItemCodec.Entity.AUDIENCE) {
            audience[0]++;
            audience[1] += item.size();
          } else if (entity == ItemCodec.Entity.FRIENDSHIP) {
            long[] bucket = Timelines.servedWindow(item).isPresent() ? marked : unmarked;
            bucket[0]++;
            bucket[1] += item.size();
          }
        });
    return new Storage(
        (double) entries[1] / entries[0],
        (double) audience[1] / audience[0],
        marked[0] == 0 || unmarked[0] == 0
            ? 0
            : (double) marked[1] / marked[0] - (double) unmarked[1] / unmarked[0],
        handles[0] / entries[0],
        handles[1] / entries[0],
        entries[0]);
  }

  // --- output ----------------------------------------------------------------------------------

  static Path write(
      Results results,
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
    String name = base.getFileName().toString();
    Files.writeString(
        markdown,
        HybridMarkdown.markdown(results, settings, machineBefore, machineAfter, took, name));
    Files.writeString(Path.of(base + ".csv"), HybridMarkdown.csv(results, settings));
    HybridMarkdown.chart(results, settings, Path.of(base + ".png"));
    return markdown;
  }

  static String count(long value) {
    return String.format(Locale.ROOT, "%,d", value);
  }

  static String today() {
    return LocalDate.now(ZoneOffset.UTC).toString();
  }
}
