package io.quickphotos.cli.data;

import io.quickphotos.AccessPattern;
import io.quickphotos.CostListener;
import io.quickphotos.OperationCost;
import io.quickphotos.TableItems;
import io.quickphotos.cli.CliException;
import io.quickphotos.cli.QuickPhotosCli;
import io.quickphotos.cli.backend.Backend;
import io.quickphotos.cli.backend.BackendOptions;
import io.quickphotos.cli.backend.OpenBackend;
import io.quickphotos.cli.output.CostRecorder;
import io.quickphotos.cli.output.CostTotals;
import io.quickphotos.cli.output.Format;
import io.quickphotos.cli.output.ProgressBars;
import io.quickphotos.cli.output.TextTable;
import io.quickphotos.cli.sample.SampleData;
import io.quickphotos.cli.sample.SampleOptions;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * Fills a backend with a generated data set of any size, showing progress, and reports what was
 * written, how long it took and the capacity it consumed.
 */
@Command(
    name = "load",
    mixinStandardHelpOptions = true,
    versionProvider = QuickPhotosCli.Version.class,
    description = {
      "Fills a backend with a generated data set of any size.",
      "",
      "Fills a backend with a generated data set of any size, showing progress on "
          + "standard error (a bar on a terminal, a line every 5 s otherwise), and reports items "
          + "written, elapsed time and capacity consumed. The memory and dynamodb-local backends "
          + "run in this process: what they hold is gone when the command exits.",
      "",
      "The data set goes in as one snapshot through the repository's bulk import: "
          + "BatchWriteItem requests of 25 items, unprocessed items retried with backoff, users "
          + "and photos written with the follower, following and reaction counters the data set "
          + "implies. Items already in the table are replaced.",
      "",
      "With --file, loads the items of a file instead: one item a line in DynamoDB JSON, as "
          + "DynamoDB's export to S3 writes them ({\"Item\": {...}}) or bare (the AWS "
          + "tutorial's items.json), with BatchWriteItem as they are."
    })
public final class LoadCommand implements Callable<Integer> {
  /** How many users the load command generates when not told. */
  static final int DEFAULT_USERS = 10_000;

  @Spec CommandSpec spec;

  @Mixin BackendOptions backend;

  @Mixin SampleOptions sample;

  @Option(
      names = "--users",
      paramLabel = "<n>",
      defaultValue = "" + DEFAULT_USERS,
      description =
          "Users to generate; photos (4 per user), follows (3) and reactions (2.5) "
              + "scale with it (default: ${DEFAULT-VALUE}, about 105,000 items).")
  int users;

  @Option(names = "--no-progress", negatable = false, description = "Do not show progress.")
  boolean noProgress;

  @Option(
      names = "--file",
      paramLabel = "<file>",
      description =
          "Load the items of this file (DynamoDB JSON, one item a line) instead of a "
              + "generated data set.")
  Path file;

  /** Runs the load. */
  @Override
  public Integer call() {
    backend.validate();
    if (file != null) {
      if (spec.commandLine().getParseResult().hasMatchedOption("--users")
          || spec.commandLine().getParseResult().hasMatchedOption("--seed")) {
        throw new CommandLine.ParameterException(
            spec.commandLine(),
            "--file loads the file's items; --users and --seed apply to generated data only");
      }
      return loadFile();
    }
    PrintWriter out = spec.commandLine().getOut();
    SampleData data = sample.generate(users);
    out.printf(
        Locale.ROOT,
        "Generated %s, %s, %s, %s (%s) from seed %d%n",
        Format.count(data.users().size(), "user"),
        Format.count(data.photos().size(), "photo"),
        Format.count(data.follows().size(), "follow"),
        Format.count(data.reactions().size(), "reaction"),
        Format.count(data.itemCount(), "item"),
        data.seed());
    out.flush();

    CostRecorder recorder = new CostRecorder();
    try (OpenBackend open = OpenBackend.open(backend, recorder, data.clock())) {
      out.println("Loading into " + open.description());
      if (backend.kind != Backend.DYNAMODB) {
        out.println(
            "Note: "
                + backend.kind
                + " keeps its data in this process only: it is gone"
                + " when this command exits. To keep it, load into --backend dynamodb.");
      }
      out.flush();
      long start = System.nanoTime();
      io.quickphotos.Snapshot snapshot = data.snapshot();
      long written;
      if (noProgress) {
        written = open.repository().importSnapshot(snapshot, count -> {});
      } else {
        try (ProgressBars.Progress bar =
            ProgressBars.loading(spec.commandLine().getErr(), data.itemCount())) {
          written = open.repository().importSnapshot(snapshot, bar::stepTo);
        }
      }
      Duration took = Duration.ofNanos(System.nanoTime() - start);
      double seconds = Math.max(took.toNanos(), 1) / 1e9;

      out.printf(
          Locale.ROOT,
          "Wrote %s with BatchWriteItem, 25 a request, in %s " + "(%s items/s)%n",
          Format.count(written, "item"),
          Format.elapsed(took),
          Format.count(Math.round(written / seconds)));
      out.println("Consumed: " + recorder.totalSince(0));
      Map<AccessPattern, CostTotals> byPattern = new EnumMap<>(AccessPattern.class);
      for (OperationCost cost : recorder.since(0)) {
        byPattern.merge(cost.pattern(), CostTotals.ZERO.plus(cost), CostTotals::plus);
      }
      TextTable table = new TextTable("pattern", "calls", "requests", "RCU", "WCU");
      byPattern.forEach(
          (pattern, t) ->
              table.row(
                  pattern.name(),
                  Format.count(t.calls()),
                  Format.count(t.requests()),
                  Format.units(t.readCapacityUnits()),
                  Format.units(t.writeCapacityUnits())));
      table.print(out, 2);
      out.flush();
      return 0;
    }
  }

  /**
   * Writes items in DynamoDB JSON, one a line, as they are ({@link TableItems#load}), 25 a
   * request, before the backend's repository reads the table's settings.
   *
   * @param open the backend
   * @param items the lines
   * @return how many items were written
   */
  public static long loadItems(OpenBackend open, Reader items) {
    return TableItems.load(open.loader(), items);
  }

  /** Loads the file's items as they are, 25 a request. */
  private int loadFile() {
    PrintWriter out = spec.commandLine().getOut();
    try (OpenBackend open =
            OpenBackend.open(backend, CostListener.NONE, java.time.Clock.systemUTC());
        Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      out.println("Loading " + file + " into " + open.description());
      out.flush();
      long start = System.nanoTime();
      long written = loadItems(open, reader);
      Duration took = Duration.ofNanos(System.nanoTime() - start);
      out.printf(
          Locale.ROOT,
          "Wrote %s with BatchWriteItem, 25 a request, in %s%n",
          Format.count(written, "item"),
          Format.elapsed(took));
      out.flush();
      return 0;
    } catch (NoSuchFileException e) {
      throw new CliException("no such file: " + file, e);
    } catch (IOException e) {
      throw new CliException("cannot read " + file + ": " + e.getMessage(), e);
    }
  }
}
