package io.quickphotos.bench.report;

import io.quickphotos.bench.patterns.AccessPatternBenchmark;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Turns JMH's JSON results into a markdown report and PNG charts: every benchmark's time with its
 * error, allocation, requests and capacity units per operation; the performance targets (listed
 * as data in {@link #targets()}), each marked met or missed per access pattern with the measured
 * ratio; and the query shapes side by side. Two targets are judged outside JMH, from the last
 * table of {@value #STUB_FILE} (StubbedSdkComparison) and of {@value #FOOTPRINT_FILE}
 * (Footprint), read from the directory the report is written to, copied and linked.
 *
 * <p>Stability: a JMH figure behind a target counts only if its error (the half-width of JMH's
 * 99.9% confidence interval) is under 10% of its score. A ratio with a figure that is not is
 * marked "unstable: error N%", is not met, and is counted in the targets table's "Unstable"
 * column; so a target is met only with stable figures.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar io.quickphotos.bench.report.Report \
 *     benchmarks/results/latest.json [read-scaling.json ...] [--out benchmarks/results/latest]
 * </pre>
 *
 * <p>Every JSON file given is read and merged, so the thread-scaling results may be in the same
 * file as the access patterns (one JMH run of both classes) or in a second file. Writes
 * {@code <out>.md}, {@code <out>.png} (access patterns) and {@code <out>-shapes.png} (query
 * shapes, if they ran); {@code <out>} defaults to the first JSON file without its extension.
 * Prints the markdown too. The run settings and full run command are in
 * {@link AccessPatternBenchmark}'s documentation.
 */
public final class Report {
  static final String PATTERNS = "AccessPatternBenchmark";
  static final String SHAPES = "QueryShapeBenchmark";
  static final String STUBBED = "StubbedSdkBenchmark";
  static final String READ_SCALING = "ReadScalingBenchmark";

  /** StubbedSdkComparison's report, beside this one: judges dynamo-impl's ≤ 1.10× target. */
  static final String STUB_FILE = "stubbed-sdk-comparison.md";

  /** Footprint's report, beside this one: judges the ≤ 2.5× heap-per-item target. */
  static final String FOOTPRINT_FILE = "footprint.md";

  private static final List<String> WRITES =
      List.of(
          "createUser",
          "uploadPhoto",
          "reactToPhoto",
          "followAndUnfollow",
          "reactAndRemoveReaction",
          "uploadAndDeletePhotoCascade",
          "createAndDeleteUserCascade");
  private static final String COLLECTIONS_FLOOR =
      "The collections floor (`CollectionsBackend`)"
          + " validates every argument with the repository's own checks, builds the same key strings"
          + " (timestamps formatted as in the keys) and keeps every listing in maps keyed by those"
          + " sort keys in DynamoDB's UTF-8 order, a table and an inverted index, returning the same"
          + " records, pages and exceptions. It stores the records themselves: no items (no encoding"
          + " or decoding), no capacity or size accounting, no lock, no transactions, no cursor"
          + " encoding.\n\n";

  private final JmhResults results;
  private final String source;
  private final String machine;
  private final Path directory;

  private Report(JmhResults results, String source, String machine, Path directory) {
    this.results = results;
    this.source = source;
    this.machine = machine;
    this.directory = directory;
  }

  /**
   * Reads JMH JSON files and writes the report beside the first.
   *
   * @param args JSON files, optionally {@code --out <base>}
   * @throws IOException if a file cannot be read or written
   */
  public static void main(String[] args) throws IOException {
    List<Path> inputs = new ArrayList<>();
    Path out = null;
    for (int i = 0; i < args.length; i++) {
      if ("--out".equals(args[i]) && i + 1 < args.length) {
        out = Path.of(args[++i]);
      } else {
        inputs.add(Path.of(args[i]));
      }
    }
    if (inputs.isEmpty()) {
      System.err.println("usage: Report <jmh-result.json>... [--out <base>]");
      System.exit(2);
      return;
    }
    Written written = write(inputs, out);
    System.out.print(Files.readString(written.markdown()));
    System.out.println();
    System.out.println("Wrote " + written.markdown() + " and " + written.charts());
  }

  /**
   * Where a report went.
   *
   * @param markdown the markdown file
   * @param charts the PNG files
   */
  public record Written(Path markdown, List<Path> charts) {}

  /**
   * Writes the report of some JMH JSON files.
   *
   * @param inputs the files
   * @param out the base path of the outputs, or null for the first input without extension
   * @return the files written
   * @throws IOException if a file cannot be read or written
   */
  public static Written write(List<Path> inputs, Path out) throws IOException {
    // The charts are drawn off-screen; without this a machine with no display would refuse.
    System.setProperty("java.awt.headless", "true");
    Path base = out != null ? out : withoutExtension(inputs.get(0));
    if (base.toAbsolutePath().getParent() != null) {
      Files.createDirectories(base.toAbsolutePath().getParent());
    }
    JmhResults results = JmhResults.read(inputs);
    if (results.rows().isEmpty()) {
      throw new IOException("no benchmark results in " + inputs);
    }
    String name = base.getFileName().toString();
    List<Path> charts = new ArrayList<>();
    Path patternsChart =
        chart(results, PATTERNS, "access patterns", base.resolveSibling(name + ".png"), charts);
    Path shapesChart =
        chart(results, SHAPES, "query shapes", base.resolveSibling(name + "-shapes.png"), charts);
    Report report =
        new Report(
            results,
            String.join(", ", inputs.stream().map(p -> p.getFileName().toString()).toList()),
            machine(),
            base.toAbsolutePath().getParent());
    Path markdown = base.resolveSibling(name + ".md");
    Files.writeString(
        markdown, report.markdown(patternsChart, shapesChart), StandardCharsets.UTF_8);
    return new Written(markdown, charts);
  }

  /** Draws one benchmark class's chart if it ran; returns its file name, else null. */
  private static Path chart(
      JmhResults results, String group, String what, Path png, List<Path> charts)
      throws IOException {
    if (results.methods(group).isEmpty()) {
      return null;
    }
    Charts.write(results, group, "quickphotos " + what + ": time per operation", png);
    charts.add(png);
    return png.getFileName();
  }

  private String markdown(Path patternsChart, Path shapesChart) {
    StringBuilder md = new StringBuilder();
    md.append("# quickphotos benchmark results\n\n");
    md.append("- Results: `")
        .append(source)
        .append("` (JMH ")
        .append(results.jmhVersion())
        .append("; ")
        .append(results.settings())
        .append(")\n");
    md.append("- JVM: ").append(results.jvm()).append('\n');
    md.append("- Machine: ").append(machine).append("\n\n");

    if (patternsChart != null) {
      md.append("## Targets\n\n");
      targets(md);
      md.append("## Access patterns\n\n");
      md.append("![access patterns](").append(patternsChart).append(")\n\n");
      table(md);
      md.append(
          "\nWrites (†) are timed together with the write that undoes it, so the table"
              + " keeps its size: create and upload are followed by a delete, a reaction by a"
              + " transaction deleting it and restoring the photo, a follow by the unfollow. The"
              + " request and capacity columns count the access pattern's own requests (both of"
              + " follow + unfollow). Collections make no requests (see the floor's description"
              + " under the targets). On DynamoDB Local, capacity is"
              + " what DynamoDB Local reports, which for transactions differs from the service's"
              + " figures that the in-memory engine computes (dynamo-local's"
              + " DynamoDbLocalCapacityTest pins the differences), and allocation includes the"
              + " in-process server's.\n\n");
    }
    if (shapesChart != null) {
      md.append("## Query shapes\n\n");
      md.append("![query shapes](").append(shapesChart).append(")\n\n");
      shapes(md);
    }
    if (!results.methods(STUBBED).isEmpty()) {
      md.append("## dynamo-impl vs raw SDK on a stubbed HTTP client\n\n");
      stubbed(md);
    }
    return md.toString();
  }

  // --- targets -------------------------------------------------------------------------------

  /** A row of the targets table. */
  private sealed interface Target permits Ratio, Copied {}

  /** What differs between the two figures of a ratio; the details table's two column names. */
  private enum Across {
    /** Two backends at the same size: the columns are named after the backends. */
    BACKENDS,
    /** The smallest and the largest size of each backend. */
    SIZES("smallest", "largest"),
    /** One reader thread and two, at each size of each backend. */
    THREADS("1 thread", "2 threads");

    private final List<String> columns;

    Across(String... columns) {
      this.columns = List.of(columns);
    }
  }

  /**
   * A bound on the ratio of two JMH figures of each pattern: the second over the first.
   *
   * @param title the row's name
   * @param definition how the ratio is formed
   * @param limit the bound
   * @param atLeast whether the ratio must reach the bound (else stay under it)
   * @param judged false for a view shown without a verdict (the target is judged elsewhere)
   * @param group the benchmark class of both figures
   * @param across what differs between the two figures
   * @param backends with {@link Across#BACKENDS} the first figure's backend, then the second's
   *     (whose sizes are compared); otherwise every backend compared with itself, all but the
   *     first named beside the pattern
   * @param note a paragraph after the details table, or empty
   */
  private record Ratio(
      String title,
      String definition,
      double limit,
      boolean atLeast,
      boolean judged,
      String group,
      Across across,
      List<String> backends,
      String note)
      implements Target {

    boolean met(double value) {
      return atLeast ? value >= limit : value <= limit;
    }

    String bound() {
      return (atLeast ? "≥ " : "≤ ")
          + String.format(Locale.ROOT, limit >= 100 ? "%,.0f" : "%.1f", limit)
          + "×";
    }

    List<String> columns() {
      return across == Across.BACKENDS ? backends : across.columns;
    }
  }

  /**
   * A target judged outside JMH, by a markdown file beside this report, every row of whose last
   * table's {@code column} (ratios like {@code 1.05×}) must be within {@code limit}.
   *
   * @param file the file
   * @param title the row's name
   * @param column the header of the column judged
   * @param limit the bound
   */
  private record Copied(String file, String title, String column, double limit) implements Target {}

  /** The targets, in the table's order. */
  private List<Target> targets() {
    return List.of(
        new Ratio(
            "memory vs bare collections",
            "memory time / collections time",
            10,
            false,
            true,
            PATTERNS,
            Across.BACKENDS,
            List.of("collections", "memory"),
            COLLECTIONS_FLOOR),
        new Ratio(
            "memory at the largest size vs the smallest",
            "time at the largest size / time at the smallest",
            1.5,
            false,
            true,
            PATTERNS,
            Across.SIZES,
            List.of("memory"),
            floorScaling()),
        new Ratio(
            "reads with 2 threads vs 1",
            "throughput with 2 threads / throughput with 1",
            1.7,
            true,
            true,
            READ_SCALING,
            Across.THREADS,
            List.of("memory", "collections"),
            ""),
        new Ratio(
            "memory vs DynamoDB Local",
            "DynamoDB Local time / memory time",
            1000,
            true,
            true,
            PATTERNS,
            Across.BACKENDS,
            List.of("memory", "dynamodb-local"),
            ""),
        new Ratio(
            "dynamo-impl vs raw SDK on DynamoDB Local (end-to-end view)",
            "dynamodb-local time / raw-sdk time; the ≤ 1.10× target is judged by the stub"
                + " comparison",
            1.10,
            false,
            false,
            PATTERNS,
            Across.BACKENDS,
            List.of("raw-sdk", "dynamodb-local"),
            ""),
        new Copied(
            STUB_FILE,
            "dynamo-impl vs raw SDK on a stubbed HTTP client (≤ 1.10×)",
            "ratio (median)",
            1.10),
        new Copied(
            FOOTPRINT_FILE,
            "heap per item vs DynamoDB item size (≤ 2.5×)",
            "Heap ÷ DynamoDB size",
            2.5));
  }

  /**
   * One ratio of two benchmark figures.
   *
   * @param method the pattern
   * @param size the size label
   * @param first the figure in the denominator's column (the baseline or the smaller case)
   * @param second the other figure
   * @param value the ratio
   */
  private record Comparison(
      String method, String size, JmhResults.Row first, JmhResults.Row second, double value) {
    boolean stable() {
      return first.stable() && second.stable();
    }

    /** The larger relative error of the two figures, NaN if either has none. */
    double error() {
      return Math.max(first.relativeError(), second.relativeError());
    }

    /**
     * The ratio with both figures moved to the far ends of their 99.9% confidence intervals,
     * against the target: for "at least", the numerator at its lowest over the denominator at
     * its highest; for "at most", the other way round. NaN if either figure has no error.
     */
    double worstCase(boolean atLeast) {
      if (Double.isNaN(first.error()) || Double.isNaN(second.error())) {
        return Double.NaN;
      }
      return atLeast
          ? (second.score() - second.error()) / (first.score() + first.error())
          : (second.score() + second.error()) / Math.max(0, first.score() - first.error());
    }

    /** Whether the target holds even at the far ends of both confidence intervals. */
    boolean metAtBounds(Ratio target) {
      double worst = worstCase(target.atLeast());
      return target.judged() && !Double.isNaN(worst) && target.met(worst);
    }
  }

  private void targets(StringBuilder md) {
    StringBuilder details = new StringBuilder();
    md.append(
        "A target is met only where every figure behind it is stable: JMH's error (the"
            + " half-width of its 99.9% confidence interval) under 10% of the score. A ratio with an"
            + " unstable figure is marked \"unstable: error N%\" (N the larger of its two figures'"
            + " errors) and counted as not met.\n\n");
    md.append("| Target | Met | Range over patterns | Unstable |\n|---|---|---|---|\n");
    for (Target target : targets()) {
      if (target instanceof Ratio ratio) {
        summarize(md, details, ratio, comparisons(ratio.group(), ratio.across(), ratio.backends()));
        details.append(ratio.note());
      } else {
        copied(md, details, (Copied) target);
      }
    }
    md.append('\n').append(details);
  }

  /** The ratios of a group's figures, per pattern, then backend, then size (see {@link Ratio}). */
  private List<Comparison> comparisons(String group, Across across, List<String> backends) {
    List<Comparison> comparisons = new ArrayList<>();
    for (String method : results.methods(group)) {
      if (across == Across.BACKENDS) {
        String first = backends.get(0);
        String second = backends.get(1);
        for (int size : results.sizes(group, second)) {
          add(
              comparisons,
              label(method),
              size(size),
              results.find(group, method, first, size),
              results.find(group, method, second, size));
        }
        continue;
      }
      for (String backend : backends) {
        String name = label(method) + (backend.equals(backends.get(0)) ? "" : " (" + backend + ")");
        List<Integer> sizes = results.sizes(group, backend);
        if (across == Across.THREADS) {
          for (int size : sizes) {
            add(
                comparisons,
                name,
                size(size),
                results.find(group, method, backend, size, 1),
                results.find(group, method, backend, size, 2));
          }
        } else if (sizes.size() >= 2) {
          int small = sizes.get(0);
          int large = sizes.get(sizes.size() - 1);
          add(
              comparisons,
              name,
              size(small) + " → " + size(large),
              results.find(group, method, backend, small),
              results.find(group, method, backend, large));
        }
      }
    }
    return comparisons;
  }

  private static void add(
      List<Comparison> comparisons,
      String method,
      String size,
      Optional<JmhResults.Row> first,
      Optional<JmhResults.Row> second) {
    if (first.isPresent() && second.isPresent()) {
      comparisons.add(
          new Comparison(
              method, size, first.get(), second.get(), second.get().score() / first.get().score()));
    }
  }

  /** How the collections baseline itself scales: the part of the growth that is not the engine. */
  private String floorScaling() {
    List<Comparison> floor = comparisons(PATTERNS, Across.SIZES, List.of("collections"));
    if (floor.isEmpty()) {
      return "";
    }
    List<Integer> sizes = results.sizes(PATTERNS, "collections");
    return "For comparison, the bare-collections baseline takes "
        + range(floor)
        + " its "
        + size(sizes.get(0))
        + " time at "
        + size(sizes.get(sizes.size() - 1))
        + " over the same patterns.\n\n";
  }

  /** How many unstable ratios hold the target even at both figures' confidence bounds. */
  private static String boundsNote(Ratio target, List<Comparison> comparisons) {
    long atBounds = comparisons.stream().filter(c -> !c.stable() && c.metAtBounds(target)).count();
    return atBounds == 0 ? "" : " (" + atBounds + " of them hold even at the 99.9% bounds)";
  }

  /** The verdict on one ratio: unstable before met or missed. */
  private static String verdict(Ratio target, Comparison comparison) {
    if (!comparison.stable()) {
      double error = comparison.error();
      if (Double.isNaN(error)) {
        return "unstable: no error (one iteration)";
      }
      // Still not met: the figures are not stable. But say when no value inside the
      // confidence intervals could change the answer.
      return String.format(Locale.ROOT, "unstable: error %.0f%%", 100 * error)
          + (comparison.metAtBounds(target) ? "; holds even at the 99.9% bounds" : "");
    }
    if (!target.judged()) {
      return "";
    }
    return target.met(comparison.value()) ? "met" : "**missed**";
  }

  private void summarize(
      StringBuilder md, StringBuilder details, Ratio target, List<Comparison> comparisons) {
    md.append("| ").append(target.title());
    if (comparisons.isEmpty()) {
      md.append(target.judged() ? " (" + target.bound() + ")" : "")
          .append(" | ")
          .append(
              results.methods(target.group()).isEmpty()
                  ? "not measured: no " + target.group() + " results in these files"
                  : "n/a: not in these results")
          .append(" | | |\n");
      return;
    }
    long unstable = comparisons.stream().filter(c -> !c.stable()).count();
    long met = comparisons.stream().filter(c -> c.stable() && target.met(c.value())).count();
    if (target.judged()) {
      md.append(" (")
          .append(target.bound())
          .append(") | ")
          .append(met == comparisons.size() ? "met: " : "**missed**: met for ")
          .append(met)
          .append(" of ")
          .append(comparisons.size());
    } else {
      // A target judged elsewhere is stated to the hundredth, as it is set: 1.10×.
      md.append(" | no verdict here: the ≤ ")
          .append(String.format(Locale.ROOT, "%.2f", target.limit()))
          .append("× target is judged by [the stub comparison](" + STUB_FILE + ")");
    }
    md.append(" | ")
        .append(range(comparisons))
        .append(" | ")
        .append(unstable == 0 ? "0" : "**" + unstable + " of " + comparisons.size() + "**")
        .append(boundsNote(target, comparisons))
        .append(" |\n");
    details.append("### ").append(target.title()).append(" (").append(target.definition());
    if (target.judged()) {
      details.append(", target ").append(target.bound());
    }
    details
        .append(")\n\n| Pattern | Size | ")
        .append(target.columns().get(0))
        .append(" | ± | B/op | ")
        .append(target.columns().get(1))
        .append(" | ± | B/op | Ratio | |\n|---|---|---:|---:|---:|---:|---:|---:|---:|---|\n");
    for (Comparison c : comparisons) {
      details
          .append("| ")
          .append(c.method())
          .append(" | ")
          .append(c.size())
          .append(" | ")
          .append(time(c.first()))
          .append(" | ")
          .append(percent(c.first()))
          .append(" | ")
          .append(bytes(c.first().allocatedBytes()))
          .append(" | ")
          .append(time(c.second()))
          .append(" | ")
          .append(percent(c.second()))
          .append(" | ")
          .append(bytes(c.second().allocatedBytes()))
          .append(" | ")
          .append(ratio(c.value()))
          .append(" | ")
          .append(verdict(target, c))
          .append(" |\n");
    }
    details.append('\n');
  }

  private static String range(List<Comparison> comparisons) {
    return rangeOf(comparisons.stream().map(Comparison::value).toList());
  }

  private static String rangeOf(List<Double> values) {
    return ratio(values.stream().mapToDouble(Double::doubleValue).min().orElseThrow())
        + " – "
        + ratio(values.stream().mapToDouble(Double::doubleValue).max().orElseThrow());
  }

  /** Links the target's file, copies its last table, and judges the target from that table. */
  private void copied(StringBuilder md, StringBuilder details, Copied target) {
    String file = target.file();
    String link = "[" + file + "](" + file + ")";
    Path path = directory.resolve(file);
    List<String> table = List.of();
    try {
      if (Files.isRegularFile(path)) {
        table = lastTable(Files.readAllLines(path, StandardCharsets.UTF_8));
      }
    } catch (IOException e) {
      table = List.of();
    }
    md.append("| ").append(target.title()).append(" | ");
    if (table.size() < 3) {
      md.append("not measured: no table in ").append(link).append(" beside this report | | |\n");
      return;
    }
    int index = cells(table.get(0)).indexOf(target.column());
    List<Double> values = new ArrayList<>();
    for (String row : table.subList(2, table.size())) {
      List<String> cells = cells(row);
      if (index >= 0 && index < cells.size()) {
        try {
          values.add(
              Double.parseDouble(
                  cells.get(index).replace("×", "").replace(",", "").replace("*", "").trim()));
        } catch (NumberFormatException e) {
          // A cell that is not a ratio is left out of the verdict, not guessed at.
        }
      }
    }
    if (values.isEmpty()) {
      md.append("see ").append(link).append(" | | |\n");
    } else {
      long met = values.stream().filter(v -> v <= target.limit()).count();
      md.append(met == values.size() ? "met: " : "**missed**: met for ")
          .append(met)
          .append(" of ")
          .append(values.size())
          .append(" (from ")
          .append(link)
          .append(") | ")
          .append(rangeOf(values))
          .append(" | judged in the file |\n");
    }
    details
        .append("### ")
        .append(target.title())
        .append("\n\nThe last table of ")
        .append(link)
        .append(
            ", copied as it is; how it was measured, and its earlier tables, are in the"
                + " file.\n\n");
    for (String line : table) {
      details.append(line).append('\n');
    }
    details.append('\n');
  }

  /** The last block of consecutive lines starting with {@code |}. */
  private static List<String> lastTable(List<String> lines) {
    List<String> last = List.of();
    List<String> current = new ArrayList<>();
    for (String line : lines) {
      if (line.startsWith("|")) {
        current.add(line);
      } else if (!current.isEmpty()) {
        last = current;
        current = new ArrayList<>();
      }
    }
    return current.isEmpty() ? last : current;
  }

  private static List<String> cells(String row) {
    String trimmed = row.trim();
    if (trimmed.startsWith("|")) {
      trimmed = trimmed.substring(1);
    }
    if (trimmed.endsWith("|")) {
      trimmed = trimmed.substring(0, trimmed.length() - 1);
    }
    return Arrays.stream(trimmed.split("\\|", -1)).map(String::trim).toList();
  }

  // --- tables --------------------------------------------------------------------------------

  private void table(StringBuilder md) {
    md.append(
        "| Benchmark | Backend | Size | Score | ± Error | Unit | Alloc B/op | Requests/op"
            + " | RCU/op | WCU/op |\n|---|---|---:|---:|---:|---|---:|---:|---:|---:|\n");
    for (JmhResults.Row row : rows(PATTERNS)) {
      md.append("| ")
          .append(label(row.method()))
          .append(" | ")
          .append(figures(row))
          .append(" | ")
          .append(bytes(row.allocatedBytes()))
          .append(" | ")
          .append(cost(row, row.requests()))
          .append(" | ")
          .append(cost(row, row.readUnits()))
          .append(" | ")
          .append(cost(row, row.writeUnits()))
          .append(" |\n");
    }
  }

  private void shapes(StringBuilder md) {
    md.append(
        "Each shape beside the design's shape for the same result (the first of each"
            + " pair or triple), through each engine's Table SPI; the denormalized copies are extra"
            + " items loaded for these benchmarks only.\n\n");
    md.append(
        "| Shape | Backend | Size | Score | ± Error | Unit | vs design | Alloc B/op |"
            + " Requests/op | RCU/op |\n|---|---|---:|---:|---:|---|---:|---:|---:|---:|\n");
    for (JmhResults.Row row : rows(SHAPES)) {
      String design =
          row.method().startsWith("user") ? "userAndPhotosInOneQuery" : "followedByBatchGet";
      String relative =
          results
              .find(SHAPES, design, row.backend(), row.size())
              .map(d -> ratio(row.score() / d.score()))
              .orElse("");
      md.append("| ")
          .append(row.method())
          .append(" | ")
          .append(figures(row))
          .append(" | ")
          .append(relative)
          .append(" | ")
          .append(bytes(row.allocatedBytes()))
          .append(" | ")
          .append(cost(row, row.requests()))
          .append(" | ")
          .append(cost(row, row.readUnits()))
          .append(" |\n");
    }
  }

  private List<JmhResults.Row> rows(String group) {
    return results.rows().stream().filter(row -> row.group().equals(group)).toList();
  }

  /** The backend, size, score, error and unit cells of a row. */
  private static String figures(JmhResults.Row row) {
    return row.backend()
        + " | "
        + size(row.size())
        + " | "
        + number(row.score())
        + " | "
        + number(row.error())
        + " | "
        + row.unit();
  }

  private static String cost(JmhResults.Row row, double value) {
    return row.hasCosts() ? units(value) : "—";
  }

  /**
   * dynamo-impl beside the hand-written calls, both on a stubbed HTTP client: the ratio and the
   * absolute overhead per call. JMH ran the two one after the other, so on a busy machine the
   * ratio moves with the load; StubbedSdkComparison measures it interleaved.
   */
  private void stubbed(StringBuilder md) {
    md.append(
        "A real DynamoDbClient on a stub HTTP client replaying the responses DynamoDB Local"
            + " gave (StubbedSdkBenchmark): no server, so the difference is dynamo-impl's own work."
            + " Target: dynamo-impl ≤ 1.10× the hand-written calls; a pattern is judged only where"
            + " both errors are under 10% of their scores. JMH ran the two backends one after the"
            + " other: on a shared machine, StubbedSdkComparison's interleaved ratio is the one to"
            + " trust.\n\n");
    md.append(
        "| Pattern | raw SDK | ± | dynamo-impl | ± | Unit | ratio | overhead µs |"
            + " raw SDK B/op | dynamo-impl B/op | ≤ 1.10× |\n"
            + "|---|---:|---:|---:|---:|---|---:|---:|---:|---:|---|\n");
    for (String method : results.methods(STUBBED)) {
      Optional<JmhResults.Row> impl = results.find(STUBBED, method, "dynamo-impl", 0);
      Optional<JmhResults.Row> raw = results.find(STUBBED, method, "raw-sdk", 0);
      if (impl.isEmpty() || raw.isEmpty()) {
        continue;
      }
      JmhResults.Row i = impl.get();
      JmhResults.Row r = raw.get();
      double ratio = i.score() / r.score();
      md.append("| ")
          .append(method)
          .append(" | ")
          .append(number(r.score()))
          .append(" | ")
          .append(number(r.error()))
          .append(" | ")
          .append(number(i.score()))
          .append(" | ")
          .append(number(i.error()))
          .append(" | ")
          .append(i.unit())
          .append(" | ")
          .append(ratio(ratio))
          .append(" | ")
          .append(String.format(Locale.ROOT, "%+.2f", micros(i) - micros(r)))
          .append(" | ")
          .append(bytes(r.allocatedBytes()))
          .append(" | ")
          .append(bytes(i.allocatedBytes()))
          .append(" | ")
          .append(
              i.stable() && r.stable()
                  ? (ratio <= 1.10 ? "met" : "**missed**")
                  : "unsettled: error over 10%")
          .append(" |\n");
    }
    md.append('\n');
  }

  /** A score in microseconds, whatever unit JMH wrote it in. */
  private static double micros(JmhResults.Row row) {
    return switch (row.unit()) {
      case "ns/op" -> row.score() / 1000;
      case "ms/op" -> row.score() * 1000;
      case "s/op" -> row.score() * 1_000_000;
      default -> row.score();
    };
  }

  // --- formatting ----------------------------------------------------------------------------

  private static String label(String method) {
    return WRITES.contains(method) ? method + " †" : method;
  }

  private static String time(JmhResults.Row row) {
    return number(row.score()) + " " + row.unit();
  }

  private static String percent(JmhResults.Row row) {
    double error = row.relativeError();
    return Double.isNaN(error) ? "" : String.format(Locale.ROOT, "%.1f%%", 100 * error);
  }

  private static String bytes(double value) {
    return Double.isNaN(value) ? "" : String.format(Locale.ROOT, "%,.0f", value);
  }

  /**
   * A size as a power of ten where it is one, e.g. {@code 10⁶}, else the number.
   *
   * @param size an item count
   * @return the label
   */
  static String size(int size) {
    int exponent = 0;
    int rest = size;
    while (rest >= 10 && rest % 10 == 0) {
      rest /= 10;
      exponent++;
    }
    if (rest != 1 || exponent < 2) {
      return Integer.toString(size);
    }
    StringBuilder label = new StringBuilder("10");
    for (char digit : Integer.toString(exponent).toCharArray()) {
      label.append("⁰¹²³⁴⁵⁶⁷⁸⁹".charAt(digit - '0'));
    }
    return label.toString();
  }

  private static String number(double value) {
    if (Double.isNaN(value)) {
      return "";
    }
    double magnitude = Math.abs(value);
    String pattern =
        magnitude >= 100 ? "%,.0f" : magnitude >= 10 ? "%.1f" : magnitude >= 1 ? "%.2f" : "%.3f";
    return String.format(Locale.ROOT, pattern, value);
  }

  /** Three decimals below 10, so a ratio shown next to a bound is on the side it really is. */
  private static String ratio(double value) {
    double magnitude = Math.abs(value);
    String pattern = magnitude >= 100 ? "%,.0f" : magnitude >= 10 ? "%.1f" : "%.3f";
    return String.format(Locale.ROOT, pattern, value) + "×";
  }

  private static String units(double value) {
    if (Double.isNaN(value)) {
      return "";
    }
    String text = String.format(Locale.ROOT, "%.2f", value);
    return text.contains(".") ? text.replaceAll("0+$", "").replaceAll("\\.$", "") : text;
  }

  /**
   * A file's path without its extension, the base of the files a report writes beside it.
   *
   * @param file e.g. {@code results/latest.json}
   * @return e.g. {@code results/latest}
   */
  public static Path withoutExtension(Path file) {
    String name = file.getFileName().toString();
    int dot = name.lastIndexOf('.');
    return file.resolveSibling(dot > 0 ? name.substring(0, dot) : name);
  }

  /** The CPU and cores of this machine, which is usually the one that ran the benchmarks. */
  private static String machine() {
    String cpu = "unknown CPU";
    try (Stream<String> lines = Files.lines(Path.of("/proc/cpuinfo"))) {
      cpu =
          lines
              .filter(line -> line.startsWith("model name"))
              .findFirst()
              .map(line -> line.substring(line.indexOf(':') + 1).trim())
              .orElse(cpu);
    } catch (IOException | RuntimeException e) {
      cpu = System.getProperty("os.arch");
    }
    return cpu
        + ", "
        + Runtime.getRuntime().availableProcessors()
        + " cores, "
        + System.getProperty("os.name")
        + " (where this report was made)";
  }
}
