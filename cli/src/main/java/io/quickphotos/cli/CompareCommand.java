package io.quickphotos.cli;

import io.quickphotos.OperationCost;
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

/**
 * Runs the tour's walkthrough on the memory backend and on DynamoDB Local, with the same sample
 * and equal stepping clocks, and prints them side by side: whether the results are equal, the
 * requests and capacity each reported, and the latency of each with their ratio.
 */
@Command(name = "compare", mixinStandardHelpOptions = true,
    versionProvider = QuickPhotosCli.Version.class,
    description = {"Runs every access pattern on memory and on DynamoDB Local, side by side.",
        "",
        "Runs every access pattern on the memory backend and on DynamoDB Local "
        + "(started in this process), on the same generated sample with the same clock, and "
        + "prints them side by side: results equal (yes/no), requests and capacity units on "
        + "each, latency on each and the ratio.",
        "",
        "Exits with 1 if any result or cost differs."})
final class CompareCommand implements Callable<Integer> {

  @Spec
  CommandSpec spec;

  @Mixin
  SampleOptions sample;

  @Option(names = "--users", paramLabel = "<n>", defaultValue = "" + SampleData.DEFAULT_USERS,
      description = "Users in the sample; the rest scales with it (default: ${DEFAULT-VALUE}).")
  int users;

  /** One backend's run: its outcomes and the load's cost and time. */
  private record Run(String name, List<Walkthrough.Outcome> outcomes, CostTotals load,
      long loadNanos) {
  }

  /** Runs the comparison. */
  @Override
  public Integer call() {
    SampleData data = sample.generate(users);
    PrintWriter out = spec.commandLine().getOut();
    out.printf(Locale.ROOT, "quickphotos compare: memory vs DynamoDB Local, sample of seed %d "
        + "(%s items)%n", data.seed(), Format.count(data.itemCount()));
    out.flush();

    CostRecorder memoryCosts = new CostRecorder();
    Run memory;
    try (Backend backend = Backend.memory(memoryCosts, data.clock())) {
      memory = run("memory", backend, memoryCosts, data);
    }
    CostRecorder dynamoCosts = new CostRecorder();
    Run dynamo;
    try (Backend backend = Backend.dynamoDbLocal(dynamoCosts, data.clock())) {
      out.println("DynamoDB Local: " + backend.description());
      out.flush();
      dynamo = run("dynamodb-local", backend, dynamoCosts, data);
    }
    out.println();

    TextTable table = new TextTable("#", "pattern", "equal", "requests", "RCU", "WCU",
        "items", "memory", "dynamodb-local", "ratio");
    out.println("Where the backends differ, a column shows memory / dynamodb-local.");
    table.row("", "load sample", costsEqual(memory.load, dynamo.load) ? "yes" : "NO",
        pair(memory.load.requests(), dynamo.load.requests()),
        pairUnits(memory.load.readCapacityUnits(), dynamo.load.readCapacityUnits()),
        pairUnits(memory.load.writeCapacityUnits(), dynamo.load.writeCapacityUnits()),
        pair(memory.load.itemsRead(), dynamo.load.itemsRead()),
        Format.latency(memory.loadNanos), Format.latency(dynamo.loadNanos),
        ratio(memory.loadNanos, dynamo.loadNanos));
    table.rule();
    List<Integer> differing = new ArrayList<>();
    long memoryNanos = 0;
    long dynamoNanos = 0;
    for (int i = 0; i < memory.outcomes.size(); i++) {
      Walkthrough.Outcome m = memory.outcomes.get(i);
      Walkthrough.Outcome d = dynamo.outcomes.get(i);
      CostTotals mc = totals(m.costs());
      CostTotals dc = totals(d.costs());
      boolean equal = Objects.equals(m.comparable(), d.comparable()) && costsEqual(mc, dc);
      if (!equal) {
        differing.add(i);
      }
      memoryNanos += m.nanos();
      dynamoNanos += d.nanos();
      table.row(String.valueOf(i + 1), m.step().pattern().name(), equal ? "yes" : "NO",
          pair(mc.requests(), dc.requests()),
          pairUnits(mc.readCapacityUnits(), dc.readCapacityUnits()),
          pairUnits(mc.writeCapacityUnits(), dc.writeCapacityUnits()),
          pair(mc.itemsRead(), dc.itemsRead()),
          Format.latency(m.nanos()), Format.latency(d.nanos()), ratio(m.nanos(), d.nanos()));
    }
    table.rule().row("", "all steps", differing.isEmpty() ? "yes" : "NO", "", "", "", "",
        Format.latency(memoryNanos), Format.latency(dynamoNanos),
        ratio(memoryNanos, dynamoNanos));
    table.print(out, 0);
    out.println();
    out.println("Steps:");
    for (int i = 0; i < memory.outcomes.size(); i++) {
      out.printf(Locale.ROOT, "%3d. %s%n", i + 1, memory.outcomes.get(i).step().title());
    }

    for (int i : differing) {
      out.printf(Locale.ROOT, "%nStep %d differs:%n", i + 1);
      describe(out, "memory", memory.outcomes.get(i));
      describe(out, "dynamodb-local", dynamo.outcomes.get(i));
    }
    out.println();
    out.println(differing.isEmpty()
        ? "Both backends returned equal results at equal cost for every step."
        : differing.size() + " step(s) differ.");
    out.flush();
    return differing.isEmpty() ? 0 : 1;
  }

  private static Run run(String name, Backend backend, CostRecorder recorder, SampleData data) {
    long start = System.nanoTime();
    Loader.load(backend.repository(), data, Loader.Progress.NONE);
    long loadNanos = System.nanoTime() - start;
    CostTotals load = recorder.totalSince(0);
    List<Walkthrough.Outcome> outcomes = new ArrayList<>();
    for (Walkthrough.Step step : new Walkthrough(data).steps()) {
      outcomes.add(Walkthrough.run(step, backend.repository(), recorder));
    }
    return new Run(name, outcomes, load, loadNanos);
  }

  private static void describe(PrintWriter out, String name, Walkthrough.Outcome outcome) {
    out.println("  " + name + ":");
    if (outcome.error() != null) {
      out.println("    " + outcome.comparable());
    } else {
      Results.render(outcome.result()).forEach(line -> out.println("    " + line));
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
    return a.calls() == b.calls() && a.requests() == b.requests()
        && a.itemsRead() == b.itemsRead()
        && Math.abs(a.readCapacityUnits() - b.readCapacityUnits()) < 1e-9
        && Math.abs(a.writeCapacityUnits() - b.writeCapacityUnits()) < 1e-9;
  }

  private static String pair(long a, long b) {
    return a == b ? Format.count(a) : Format.count(a) + " / " + Format.count(b);
  }

  private static String pairUnits(double a, double b) {
    return Math.abs(a - b) < 1e-9 ? Format.units(a) : Format.units(a) + " / " + Format.units(b);
  }

  private static String ratio(long memoryNanos, long dynamoNanos) {
    return String.format(Locale.ROOT, "%,.0f×", dynamoNanos / (double) Math.max(memoryNanos, 1));
  }
}
