package io.quickphotos.cli.tour;

import io.quickphotos.CostModel;
import io.quickphotos.OperationCost;
import io.quickphotos.QuickPhotos;
import io.quickphotos.cli.QuickPhotosCli;
import io.quickphotos.cli.backend.DynamoDbBackends;
import io.quickphotos.cli.backend.OpenBackend;
import io.quickphotos.cli.output.CostRecorder;
import io.quickphotos.cli.output.CostTotals;
import io.quickphotos.cli.output.Format;
import io.quickphotos.cli.output.ResultLines;
import io.quickphotos.cli.output.TextTable;
import io.quickphotos.cli.sample.SampleData;
import io.quickphotos.cli.sample.SampleLoader;
import io.quickphotos.cli.sample.SampleOptions;
import io.quickphotos.dynamo.DynamoQuickPhotos;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Runs the tour's walkthrough on the memory backend and on DynamoDB Local, with the same sample
 * and equal stepping clocks, and prints them side by side: whether the results are equal, the
 * requests and capacity each reported, and the latency of each with their ratio.
 */
@Command(
    name = "compare",
    mixinStandardHelpOptions = true,
    versionProvider = QuickPhotosCli.Version.class,
    description = {
      "Runs every access pattern on memory and on DynamoDB Local, side by side.",
      "",
      "Runs every access pattern on the memory backend and on DynamoDB Local (started in this "
          + "process), on the same generated sample with the same clock, and prints them side by "
          + "side: results equal (yes/no), requests and capacity units on each, what a million "
          + "such calls cost at on-demand prices, latency on each and the ratio. Costs that differ are shown as memory / dynamodb-local.",
      "",
      "Exits with 1 if any result differs; differing costs are reported, not fatal."
    })
public final class CompareCommand implements Callable<Integer> {
  /**
   * Walkthroughs run on a small sample before measuring, on throwaway memory backends and on a
   * table of its own in DynamoDB Local, so that neither backend's latencies are its first calls'
   * class loading and interpretation.
   */
  private static final int MEMORY_WARM_UP_RUNS = 30;

  private static final int DYNAMODB_WARM_UP_RUNS = 1;

  /** The prices of the dollars column. */
  private static final CostModel PRICES = CostModel.ON_DEMAND_US_EAST_1;

  private static final int WARM_UP_USERS = 10;
  private static final String WARM_UP_TABLE = "warm-up";

  @Spec CommandSpec spec;

  @Mixin SampleOptions sample;

  @Option(
      names = "--users",
      paramLabel = "<n>",
      defaultValue = "" + SampleData.DEFAULT_USERS,
      description = "Users in the sample; the rest scales with it (default: ${DEFAULT-VALUE}).")
  int users;

  /** Calls of a read step timed after the first, for a median latency. */
  private static final int EXTRA_READ_CALLS = 4;

  /**
   * One backend's run.
   *
   * @param outcomes each step's first call
   * @param nanos each step's latency: the first call's for writes, the median for reads
   * @param load the load's cost
   * @param loadNanos the load's wall time
   */
  private record Run(
      List<Walkthrough.Outcome> outcomes, List<Long> nanos, CostTotals load, long loadNanos) {}

  /** Runs the comparison. */
  @Override
  public Integer call() {
    SampleData data = sample.generate(users);
    PrintWriter out = spec.commandLine().getOut();
    out.printf(
        Locale.ROOT,
        "quickphotos compare: memory vs DynamoDB Local, sample of seed %d "
            + "(%s items), loaded through the repository API on each%n",
        data.seed(),
        Format.count(data.itemCount()));
    out.flush();

    warmUpMemory(data.seed());
    CostRecorder memoryCosts = new CostRecorder();
    Run memory;
    try (OpenBackend open = OpenBackend.memory(memoryCosts, data.clock())) {
      memory = run(open, memoryCosts, data);
    }
    CostRecorder dynamoCosts = new CostRecorder();
    Run dynamo;
    try (OpenBackend open =
        DynamoDbBackends.local(
            dynamoCosts, data.clock(), client -> warmUpDynamoDb(client, data.seed()))) {
      out.println("dynamodb-local: " + open.description());
      out.flush();
      dynamo = run(open, dynamoCosts, data);
    }
    out.println();

    out.println(
        "Latency: a write's wall time, a read's median of "
            + (EXTRA_READ_CALLS + 1)
            + " calls. Costs that differ show as memory / DynamoDB Local; $/1M calls is what a"
            + " million calls like the step's cost at "
            + PRICES
            + " (on-demand, us-east-1).");
    TextTable table =
        new TextTable(
                "#",
                "pattern",
                "equal",
                "same cost",
                "requests",
                "RCU",
                "WCU",
                "items",
                "$/1M calls",
                "memory",
                "DDB Local",
                "ratio")
            .leftAligned(4);
    table.row(
        "",
        "(load the sample)",
        "-",
        yesNo(costsEqual(memory.load, dynamo.load)),
        pair(memory.load.requests(), dynamo.load.requests()),
        pairUnits(memory.load.readCapacityUnits(), dynamo.load.readCapacityUnits()),
        pairUnits(memory.load.writeCapacityUnits(), dynamo.load.writeCapacityUnits()),
        pair(memory.load.itemsRead(), dynamo.load.itemsRead()),
        pairDollars(memory.load, dynamo.load),
        Format.latency(memory.loadNanos),
        Format.latency(dynamo.loadNanos),
        ratio(memory.loadNanos, dynamo.loadNanos));
    table.rule();
    List<Integer> differingResults = new ArrayList<>();
    List<Integer> differingCosts = new ArrayList<>();
    long memoryNanos = 0;
    long dynamoNanos = 0;
    for (int i = 0; i < memory.outcomes.size(); i++) {
      Walkthrough.Outcome m = memory.outcomes.get(i);
      Walkthrough.Outcome d = dynamo.outcomes.get(i);
      CostTotals mc = totals(m.costs());
      CostTotals dc = totals(d.costs());
      boolean sameResult = Objects.equals(m.comparable(), d.comparable());
      boolean sameCost = costsEqual(mc, dc);
      if (!sameResult) {
        differingResults.add(i);
      }
      if (!sameCost) {
        differingCosts.add(i);
      }
      long mn = memory.nanos.get(i);
      long dn = dynamo.nanos.get(i);
      memoryNanos += mn;
      dynamoNanos += dn;
      table.row(
          String.valueOf(i + 1),
          m.step().pattern().name(),
          yesNo(sameResult),
          yesNo(sameCost),
          pair(mc.requests(), dc.requests()),
          pairUnits(mc.readCapacityUnits(), dc.readCapacityUnits()),
          pairUnits(mc.writeCapacityUnits(), dc.writeCapacityUnits()),
          pair(mc.itemsRead(), dc.itemsRead()),
          pairDollars(mc, dc),
          Format.latency(mn),
          Format.latency(dn),
          ratio(mn, dn));
    }
    table
        .rule()
        .row(
            "",
            "(all steps)",
            yesNo(differingResults.isEmpty()),
            yesNo(differingCosts.isEmpty()),
            "",
            "",
            "",
            "",
            "",
            Format.latency(memoryNanos),
            Format.latency(dynamoNanos),
            ratio(memoryNanos, dynamoNanos));
    table.print(out, 0);
    out.println();
    out.println("Steps:");
    for (int i = 0; i < memory.outcomes.size(); i++) {
      out.printf(Locale.ROOT, "%3d. %s%n", i + 1, memory.outcomes.get(i).step().title());
    }

    List<Integer> differing = new ArrayList<>(differingResults);
    differingCosts.stream().filter(i -> !differing.contains(i)).forEach(differing::add);
    differing.sort(null);
    for (int i : differing) {
      out.printf(
          Locale.ROOT,
          "%nStep %d differs in %s:%n",
          i + 1,
          differingResults.contains(i) ? "its result" : "its cost");
      describe(out, "memory", memory.outcomes.get(i));
      describe(out, "dynamodb-local", dynamo.outcomes.get(i));
    }
    out.println();
    out.println(
        differingResults.isEmpty()
            ? "Equal results on both backends for every step."
            : differingResults.size() + " step(s) returned different results.");
    if (!differingCosts.isEmpty() || !costsEqual(memory.load, dynamo.load)) {
      out.println(
          "The backends reported different costs for "
              + (differingCosts.isEmpty() ? "" : differingCosts.size() + " step(s)")
              + (differingCosts.isEmpty() || costsEqual(memory.load, dynamo.load) ? "" : " and ")
              + (costsEqual(memory.load, dynamo.load) ? "" : "the load")
              + " (see above).");
    }
    out.flush();
    return differingResults.isEmpty() ? 0 : 1;
  }

  private static void warmUpDynamoDb(DynamoDbClient client, long seed) {
    SampleData small = SampleData.generate(seed, WARM_UP_USERS);
    for (int i = 0; i < DYNAMODB_WARM_UP_RUNS; i++) {
      CostRecorder recorder = new CostRecorder();
      QuickPhotos repository =
          DynamoQuickPhotos.builder()
              .client(client)
              .tableName(WARM_UP_TABLE + "-" + i)
              .costListener(recorder)
              .clock(small.clock())
              .createTableIfMissing(true)
              .build();
      run(repository, recorder, small);
    }
  }

  private static void warmUpMemory(long seed) {
    SampleData small = SampleData.generate(seed, WARM_UP_USERS);
    for (int i = 0; i < MEMORY_WARM_UP_RUNS; i++) {
      CostRecorder recorder = new CostRecorder();
      try (OpenBackend open = OpenBackend.memory(recorder, small.clock())) {
        run(open, recorder, small);
      }
    }
  }

  private static Run run(OpenBackend open, CostRecorder recorder, SampleData data) {
    return run(open.repository(), recorder, data);
  }

  private static Run run(QuickPhotos repository, CostRecorder recorder, SampleData data) {
    long start = System.nanoTime();
    SampleLoader.load(repository, data, SampleLoader.Progress.NONE);
    long loadNanos = System.nanoTime() - start;
    CostTotals load = recorder.totalSince(0);
    List<Walkthrough.Outcome> outcomes = new ArrayList<>();
    List<Long> nanos = new ArrayList<>();
    for (Walkthrough.Step step : new Walkthrough(data, false).steps()) {
      Walkthrough.Outcome outcome = Walkthrough.run(step, repository, recorder);
      outcomes.add(outcome);
      nanos.add(Walkthrough.medianNanos(outcome, repository, EXTRA_READ_CALLS));
    }
    return new Run(outcomes, nanos, load, loadNanos);
  }

  private static void describe(PrintWriter out, String name, Walkthrough.Outcome outcome) {
    out.println("  " + name + ":");
    if (outcome.error() != null) {
      out.println("    " + outcome.comparable());
    } else {
      ResultLines.render(outcome.result()).forEach(line -> out.println("    " + line));
    }
    outcome.costs().forEach(cost -> out.println("    cost: " + TourCommand.cost(cost)));
  }

  private static CostTotals totals(List<OperationCost> costs) {
    CostTotals totals = CostTotals.ZERO;
    for (OperationCost cost : costs) {
      totals = totals.plus(cost);
    }
    return totals;
  }

  private static boolean costsEqual(CostTotals a, CostTotals b) {
    return a.calls() == b.calls()
        && a.requests() == b.requests()
        && a.itemsRead() == b.itemsRead()
        && Math.abs(a.readCapacityUnits() - b.readCapacityUnits()) < 1e-9
        && Math.abs(a.writeCapacityUnits() - b.writeCapacityUnits()) < 1e-9;
  }

  private static String yesNo(boolean yes) {
    return yes ? "yes" : "NO";
  }

  private static String pair(long a, long b) {
    return a == b ? Format.count(a) : Format.count(a) + " / " + Format.count(b);
  }

  /** Dollars per million calls on each backend, one figure where they agree to the cent. */
  private static String pairDollars(CostTotals a, CostTotals b) {
    String first = Format.dollars(a.dollarsPerMillionCalls(PRICES));
    String second = Format.dollars(b.dollarsPerMillionCalls(PRICES));
    return first.equals(second) ? first : first + " / " + second;
  }

  private static String pairUnits(double a, double b) {
    return Math.abs(a - b) < 1e-9 ? Format.units(a) : Format.units(a) + " / " + Format.units(b);
  }

  /** How many times longer DynamoDB Local took, with a decimal where it matters. */
  static String ratio(long memoryNanos, long dynamoNanos) {
    double ratio = dynamoNanos / (double) Math.max(memoryNanos, 1);
    return String.format(Locale.ROOT, ratio < 10 ? "%.1f×" : "%,.0f×", ratio);
  }
}
