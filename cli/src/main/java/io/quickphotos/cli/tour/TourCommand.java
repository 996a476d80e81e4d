package io.quickphotos.cli.tour;

import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.quickphotos.AccessPattern;
import io.quickphotos.CostListener;
import io.quickphotos.CostModel;
import io.quickphotos.OperationCost;
import io.quickphotos.TableItems;
import io.quickphotos.cli.QuickPhotosCli;
import io.quickphotos.cli.backend.Backend;
import io.quickphotos.cli.backend.BackendOptions;
import io.quickphotos.cli.backend.OpenBackend;
import io.quickphotos.cli.output.CostRecorder;
import io.quickphotos.cli.output.CostTotals;
import io.quickphotos.cli.output.Format;
import io.quickphotos.cli.output.ProgressBars;
import io.quickphotos.cli.output.RequestShapes;
import io.quickphotos.cli.output.ResultLines;
import io.quickphotos.cli.output.TextTable;
import io.quickphotos.cli.sample.SampleData;
import io.quickphotos.cli.sample.SampleLoader;
import io.quickphotos.cli.sample.SampleOptions;
import io.quickphotos.micrometer.QuickPhotosMetrics;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * Loads the sample into a backend, runs every access pattern on it and prints each result, the
 * DynamoDB request it took and what it cost, then a summary per pattern.
 */
@Command(
    name = "tour",
    mixinStandardHelpOptions = true,
    versionProvider = QuickPhotosCli.Version.class,
    description = {
      "Tours every access pattern on a generated sample (the default command).",
      "",
      "Loads a generated sample (about a thousand items) into a backend, runs every "
          + "access pattern of the single-table design on it, and prints each result with the "
          + "DynamoDB request it made and what it cost (requests, read and write capacity units, "
          + "items read, latency), then a summary table with the mean latency and what a million "
          + "calls cost at on-demand prices (us-east-1).",
      "",
      "Exits with 1 if a step fails other than as the tour means it to."
    })
public final class TourCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Mixin BackendOptions backend;

  @Mixin SampleOptions sample;

  @Option(
      names = "--users",
      paramLabel = "<n>",
      defaultValue = "" + SampleData.DEFAULT_USERS,
      description =
          "Users in the sample; photos (4 per user), follows (3) and reactions (2.5) "
              + "scale with it (default: ${DEFAULT-VALUE}, about a thousand items).")
  int users;

  @Option(
      names = "--metrics",
      description =
          "At the end, print the meters quickphotos-micrometer recorded for the tour's calls, as "
              + "a Prometheus scrape: what an application's dashboard gets from one line of "
              + "wiring.")
  boolean metrics;

  /** Runs the tour. */
  @Override
  public Integer call() {
    backend.validate();
    SampleData data = sample.generate(users);
    PrintWriter out = spec.commandLine().getOut();
    CostRecorder recorder = new CostRecorder();
    PrometheusMeterRegistry registry =
        metrics ? new PrometheusMeterRegistry(PrometheusConfig.DEFAULT) : null;
    CostListener listener = recorder;
    // The meters take the walkthrough's calls, not the sample's loading.
    AtomicBoolean touring = new AtomicBoolean();
    if (registry != null) {
      // What an application writes: the repository's cost listener bound to its registry.
      CostListener meters = QuickPhotosMetrics.costListener(registry);
      listener =
          cost -> {
            recorder.onCost(cost);
            if (touring.get()) {
              meters.onCost(cost);
            }
          };
    }
    try (OpenBackend open = OpenBackend.open(backend, listener, data.clock())) {
      out.printf(
          Locale.ROOT,
          "quickphotos tour on %s: sample of seed %d%n%n",
          open.description(),
          data.seed());
      out.println(
          "The single-table layout (table "
              + tableName()
              + "; GSI InvertedIndex "
              + "swaps PK and SK):");
      out.println("  User        PK = USER#<username>            SK = #METADATA#<username>");
      out.println(
          "  Photo       PK = USER#<username>            SK = PHOTO#<username>#<timestamp>");
      out.println("  Reaction    PK = REACTION#<reactor>#<type>  SK = PHOTO#<owner>#<timestamp>");
      out.println("  Friendship  PK = USER#<followed>            SK = #FRIEND#<follower>");
      out.println();

      int mark = recorder.mark();
      long start = System.nanoTime();
      SampleLoader.Result loaded;
      if (backend.kind == Backend.MEMORY) {
        loaded = SampleLoader.load(open.repository(), data, SampleLoader.Progress.NONE);
      } else {
        // A thousand requests to DynamoDB take seconds: show that something is happening.
        try (ProgressBars.Progress bar =
            ProgressBars.loading(spec.commandLine().getErr(), data.itemCount())) {
          ProgressBars.Batched progress = ProgressBars.batched(bar);
          loaded = SampleLoader.load(open.repository(), data, progress);
          progress.finish();
        }
      }
      Duration took = Duration.ofNanos(System.nanoTime() - start);
      out.printf(
          Locale.ROOT,
          "Loaded the sample through the repository API: %s, %s, %s, %s"
              + " (%s written%s) in %s%n",
          Format.count(data.users().size(), "user"),
          Format.count(data.photos().size(), "photo"),
          Format.count(data.follows().size(), "follow"),
          Format.count(data.reactions().size(), "reaction"),
          Format.count(loaded.written(), "item"),
          loaded.skipped() == 0 ? "" : ", " + Format.count(loaded.skipped()) + " already there",
          Format.elapsed(took));
      out.println("  cost: " + recorder.totalSince(mark));
      if (backend.kind != Backend.DYNAMODB) {
        // A table of one's own may hold far more than the sample: no Scan of it.
        out.println("  " + itemSizes(TableItems.census(open.repository())));
      }
      // The tour closes the newcomer's account at its end; a table that kept the sample from an
      // earlier run holds the newcomer only if that run stopped before the end.
      boolean rerun =
          loaded.skipped() > 0 && open.repository().getUser(data.newcomer().username()).isPresent();
      if (rerun) {
        out.println(
            "  The table already held this sample and the newcomer from an earlier run: "
                + "the steps that create the newcomer's profile, photo and reaction will find them "
                + "there.");
      }
      out.println();

      touring.set(true);
      Walkthrough walkthrough = new Walkthrough(data, rerun);
      List<Walkthrough.Step> steps = walkthrough.steps();
      Map<AccessPattern, CostTotals> byPattern = new EnumMap<>(AccessPattern.class);
      int unexpected = 0;
      for (int i = 0; i < steps.size(); i++) {
        Walkthrough.Outcome outcome = Walkthrough.run(steps.get(i), open.repository(), recorder);
        print(out, i + 1, outcome);
        for (OperationCost cost : outcome.costs()) {
          byPattern.merge(cost.pattern(), CostTotals.ZERO.plus(cost), CostTotals::plus);
        }
        if (!outcome.asExpected()) {
          unexpected++;
        }
      }
      printSummary(out, byPattern);
      if (registry != null) {
        out.printf(
            Locale.ROOT,
            "%nThe tour's meters (QuickPhotosMetrics.costListener(registry), Prometheus"
                + " exposition):%n%n");
        out.print(registry.scrape());
      }
      if (unexpected > 0) {
        out.printf(
            Locale.ROOT,
            "%n%d step%s did not go as expected (see above).%n",
            unexpected,
            unexpected == 1 ? "" : "s");
      }
      out.flush();
      return unexpected == 0 ? 0 : 1;
    }
  }

  /**
   * What the sample's users and photos take as DynamoDB counts them, and so what a write and a
   * read of one costs: photos carry a caption and the application's attributes.
   */
  static String itemSizes(Map<TableItems.Kind, TableItems.Tally> census) {
    StringBuilder line = new StringBuilder("items as stored (one Scan):");
    for (TableItems.Kind kind : List.of(TableItems.Kind.USER, TableItems.Kind.PHOTO)) {
      TableItems.Tally tally = census.getOrDefault(kind, TableItems.Tally.NONE);
      if (tally.items() == 0) {
        continue;
      }
      long mean = tally.bytes() / tally.items();
      line.append(
          String.format(
              Locale.ROOT,
              " %s %s of %,d bytes on average (%d WCU a write, %d RCU a strongly consistent read);",
              Format.count(tally.items()),
              kind == TableItems.Kind.USER ? "users" : "photos",
              mean,
              (mean + 1023) / 1024,
              (mean + 4095) / 4096));
    }
    line.setLength(line.length() - 1);
    return line.toString();
  }

  private String tableName() {
    return backend.kind == Backend.DYNAMODB ? backend.tableName() : BackendOptions.DEFAULT_TABLE;
  }

  /**
   * Prints one step: title, the requests it made, result, cost.
   *
   * @param out where to print
   * @param number the step's number
   * @param outcome what the step did
   */
  static void print(PrintWriter out, int number, Walkthrough.Outcome outcome) {
    Walkthrough.Step step = outcome.step();
    out.printf(Locale.ROOT, "%2d. %s  [%s]%n", number, step.title(), step.pattern());
    for (String line : RequestShapes.of(outcome.costs())) {
      out.println("    " + line);
    }
    if (outcome.error() == null) {
      List<String> lines = ResultLines.render(outcome.result());
      out.println("    → " + lines.get(0));
      for (String line : lines.subList(1, lines.size())) {
        out.println("      " + line);
      }
    } else {
      out.println(
          "    → "
              + outcome.error().getClass().getSimpleName()
              + ": "
              + outcome.error().getMessage()
              + (outcome.asExpected() ? "  (as expected)" : "  (UNEXPECTED)"));
    }
    for (OperationCost cost : outcome.costs()) {
      out.println("    cost: " + cost(cost));
    }
    out.println();
  }

  /**
   * One call's cost in words, with its latency and any retries.
   *
   * @param cost the cost
   * @return e.g. {@code 1 request, 0.5 RCU, 0.0 WCU, 1 item read, 14 µs}
   */
  static String cost(OperationCost cost) {
    int retries = cost.retryCount();
    return String.format(
        Locale.ROOT,
        "%d request%s, %s RCU, %s WCU, %d item%s read, %s%s%s",
        cost.requests(),
        cost.requests() == 1 ? "" : "s",
        Format.units(cost.readCapacityUnits()),
        Format.units(cost.writeCapacityUnits()),
        cost.itemsRead(),
        cost.itemsRead() == 1 ? "" : "s",
        Format.latency(cost.latencyNanos()),
        retries == 0 ? "" : ", " + Format.count(retries) + (retries == 1 ? " retry" : " retries"),
        cost.succeeded() ? "" : " (call failed)");
  }

  /**
   * The tour's calls per pattern: what they made and consumed, their mean latency as the
   * repository timed it, and what a million such calls cost at on-demand prices.
   */
  private static void printSummary(PrintWriter out, Map<AccessPattern, CostTotals> byPattern) {
    CostModel prices = CostModel.ON_DEMAND_US_EAST_1;
    out.println("Summary of the tour's calls (loading not included):");
    TextTable table =
        new TextTable(
            "pattern",
            "calls",
            "requests",
            "RCU",
            "WCU",
            "items read",
            "mean latency",
            "$ per 1M calls");
    CostTotals total = CostTotals.ZERO;
    for (Map.Entry<AccessPattern, CostTotals> row : byPattern.entrySet()) {
      CostTotals t = row.getValue();
      table.row(
          row.getKey().name(),
          Format.count(t.calls()),
          Format.count(t.requests()),
          Format.units(t.readCapacityUnits()),
          Format.units(t.writeCapacityUnits()),
          Format.count(t.itemsRead()),
          Format.latency(t.meanLatencyNanos()),
          Format.dollars(t.dollarsPerMillionCalls(prices)));
      total = total.plus(t);
    }
    table
        .rule()
        .row(
            "total",
            Format.count(total.calls()),
            Format.count(total.requests()),
            Format.units(total.readCapacityUnits()),
            Format.units(total.writeCapacityUnits()),
            Format.count(total.itemsRead()),
            Format.latency(total.meanLatencyNanos()),
            Format.dollars(total.dollarsPerMillionCalls(prices)));
    table.print(out, 2);
    out.println(
        "  Latency as the repository timed each call; dollars at "
            + prices
            + " (on-demand, us-east-1), for a million calls like the tour's.");
  }
}
