package io.quickphotos.bench.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The targets section of the {@link Report}: a table with each target's verdict and the range of
 * its ratios over the patterns, then a details table a target. A target is a bound on the ratio
 * of two JMH figures of each pattern, or one judged by a markdown file beside the report.
 */
final class Targets {
  private static final String COLLECTIONS_FLOOR =
      "The collections floor (`CollectionsBackend`)"
          + " validates every argument with the repository's own checks, builds the same key strings"
          + " (timestamps formatted as in the keys) and keeps every listing in maps keyed by those"
          + " sort keys in DynamoDB's UTF-8 order, a table and an inverted index, returning the same"
          + " records, pages and exceptions. It stores the records themselves: no items (no encoding"
          + " or decoding), no capacity or size accounting, no lock, no transactions, no cursor"
          + " encoding.\n\n";

  private final JmhResults results;
  private final Path directory;

  /**
   * @param results the JMH results
   * @param directory the directory of the report, where the files of the copied targets are
   */
  Targets(JmhResults results, Path directory) {
    this.results = results;
    this.directory = directory;
  }

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
            Report.PATTERNS,
            Across.BACKENDS,
            List.of("collections", "memory"),
            COLLECTIONS_FLOOR),
        new Ratio(
            "memory at the largest size vs the smallest",
            "time at the largest size / time at the smallest",
            1.5,
            false,
            true,
            Report.PATTERNS,
            Across.SIZES,
            List.of("memory"),
            floorScaling()),
        new Ratio(
            "reads with 2 threads vs 1",
            "throughput with 2 threads / throughput with 1",
            1.7,
            true,
            true,
            Report.READ_SCALING,
            Across.THREADS,
            List.of("memory", "collections"),
            ""),
        new Ratio(
            "memory vs DynamoDB Local",
            "DynamoDB Local time / memory time",
            1000,
            true,
            true,
            Report.PATTERNS,
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
            Report.PATTERNS,
            Across.BACKENDS,
            List.of("raw-sdk", "dynamodb-local"),
            ""),
        new Copied(
            Report.STUB_FILE,
            "dynamo-impl vs raw SDK on a stubbed HTTP client (≤ 1.10×)",
            "ratio (median)",
            1.10),
        new Copied(
            Report.FOOTPRINT_FILE,
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

  /** Appends the targets table, then each target's details. */
  void write(StringBuilder md) {
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
              Report.label(method),
              Report.size(size),
              results.find(group, method, first, size),
              results.find(group, method, second, size));
        }
        continue;
      }
      for (String backend : backends) {
        String name =
            Report.label(method) + (backend.equals(backends.get(0)) ? "" : " (" + backend + ")");
        List<Integer> sizes = results.sizes(group, backend);
        if (across == Across.THREADS) {
          for (int size : sizes) {
            add(
                comparisons,
                name,
                Report.size(size),
                results.find(group, method, backend, size, 1),
                results.find(group, method, backend, size, 2));
          }
        } else if (sizes.size() >= 2) {
          int small = sizes.get(0);
          int large = sizes.get(sizes.size() - 1);
          add(
              comparisons,
              name,
              Report.size(small) + " → " + Report.size(large),
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
    List<Comparison> floor = comparisons(Report.PATTERNS, Across.SIZES, List.of("collections"));
    if (floor.isEmpty()) {
      return "";
    }
    List<Integer> sizes = results.sizes(Report.PATTERNS, "collections");
    return "For comparison, the bare-collections baseline takes "
        + range(floor)
        + " its "
        + Report.size(sizes.get(0))
        + " time at "
        + Report.size(sizes.get(sizes.size() - 1))
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
          .append("× target is judged by [the stub comparison](" + Report.STUB_FILE + ")");
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
          .append(Report.time(c.first()))
          .append(" | ")
          .append(Report.percent(c.first()))
          .append(" | ")
          .append(Report.bytes(c.first().allocatedBytes()))
          .append(" | ")
          .append(Report.time(c.second()))
          .append(" | ")
          .append(Report.percent(c.second()))
          .append(" | ")
          .append(Report.bytes(c.second().allocatedBytes()))
          .append(" | ")
          .append(Report.ratio(c.value()))
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
    return Report.ratio(values.stream().mapToDouble(Double::doubleValue).min().orElseThrow())
        + " – "
        + Report.ratio(values.stream().mapToDouble(Double::doubleValue).max().orElseThrow());
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
}
