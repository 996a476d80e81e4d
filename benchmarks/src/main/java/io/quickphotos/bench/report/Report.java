package io.quickphotos.bench.report;

import io.quickphotos.bench.patterns.AccessPatternBenchmark;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Turns JMH's JSON results into a markdown report and PNG charts: every benchmark's time with its
 * error, allocation, requests and capacity units per operation; the performance targets (listed
 * as data in {@link Targets}), each marked met or missed per access pattern with the measured
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
      new Targets(results, directory).write(md);
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

  static String label(String method) {
    return WRITES.contains(method) ? method + " †" : method;
  }

  static String time(JmhResults.Row row) {
    return number(row.score()) + " " + row.unit();
  }

  static String percent(JmhResults.Row row) {
    double error = row.relativeError();
    return Double.isNaN(error) ? "" : String.format(Locale.ROOT, "%.1f%%", 100 * error);
  }

  static String bytes(double value) {
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
  static String ratio(double value) {
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
