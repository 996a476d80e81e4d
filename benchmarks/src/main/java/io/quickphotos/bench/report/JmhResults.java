package io.quickphotos.bench.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * JMH's JSON results ({@code -rf json}), one row per benchmark and parameter combination, with
 * the cost counters turned into per-operation figures.
 *
 * @param rows the rows, in report order
 * @param jmhVersion the JMH version that produced them
 * @param jvm the JDK and VM that ran them
 * @param settings forks, warm-up and measurement as JMH recorded them
 */
record JmhResults(List<Row> rows, String jmhVersion, String jvm, String settings) {

  /** The order of the access patterns in DESIGN.md; shapes follow their pattern. */
  static final List<String> METHOD_ORDER =
      List.of(
          "createUser",
          "getUser",
          "uploadPhoto",
          "getPhoto",
          "userWithPhotos",
          "userAndPhotosInOneQuery",
          "userThenPhotos",
          "reactToPhoto",
          "photoWithReactions",
          "followAndUnfollow",
          "follow",
          "followersOf",
          "followedBy",
          "followedByBatchGet",
          "followedByGetEach",
          "followedByDenormalized",
          "isFollowing",
          "reactionsLeftBy",
          "reactAndRemoveReaction",
          "uploadAndDeletePhotoCascade",
          "createAndDeleteUserCascade");

  /** The order of backends: each backend before its baseline. */
  static final List<String> BACKEND_ORDER =
      List.of("memory", "collections", "dynamodb-local", "dynamo-impl", "raw-sdk");

  /**
   * One benchmark with one set of parameters.
   *
   * @param group the benchmark class, e.g. {@code AccessPatternBenchmark}
   * @param method the benchmark method, e.g. {@code getUser}
   * @param backend the {@code backend} parameter
   * @param size the {@code size} parameter
   * @param score the mean time per operation
   * @param error the half-width of JMH's 99.9% confidence interval; NaN with one iteration
   * @param unit the score's unit, e.g. {@code us/op}
   * @param allocatedBytes bytes allocated per operation ({@code -prof gc}), NaN without it
   * @param requests DynamoDB requests per operation, NaN where nothing counts them
   * @param readUnits read capacity units per operation
   * @param writeUnits write capacity units per operation
   * @param threads how many threads JMH ran the benchmark on
   */
  record Row(
      String group,
      String method,
      String backend,
      int size,
      double score,
      double error,
      String unit,
      double allocatedBytes,
      double requests,
      double readUnits,
      double writeUnits,
      int threads) {

    /**
     * The error as a share of the score: the half-width of JMH's 99.9% confidence interval over
     * the score. NaN where JMH gave no error (a single measurement iteration).
     *
     * @return e.g. 0.04 for an error of 4% of the score
     */
    double relativeError() {
      return Double.isNaN(error) || score == 0 ? Double.NaN : Math.abs(error / score);
    }

    /**
     * Whether the figure is stable enough to judge a target by: an error under 10% of the score.
     *
     * @return false also where JMH gave no error
     */
    boolean stable() {
      return relativeError() < 0.10;
    }

    /**
     * Whether requests and capacity were counted: not on the collections baseline.
     *
     * @return true if the cost columns mean something
     */
    boolean hasCosts() {
      return !Double.isNaN(requests) && !"collections".equals(backend);
    }

    boolean is(String group, String method, String backend, int size) {
      return this.group.equals(group)
          && this.method.equals(method)
          && this.backend.equals(backend)
          && this.size == size;
    }
  }

  /**
   * Reads and merges result files.
   *
   * @param files JMH JSON result files
   * @return the rows of all files, sorted by group, pattern, backend and size
   * @throws IOException if a file cannot be read or is not JMH's JSON
   */
  static JmhResults read(List<Path> files) throws IOException {
    ObjectMapper json = new ObjectMapper();
    List<Row> rows = new ArrayList<>();
    String jmh = "";
    String jvm = "";
    // Benchmark classes may carry their own settings (DynamoDB Local runs longer iterations):
    // each distinct combination is listed once, with the classes that used it.
    Map<String, Set<String>> settings = new LinkedHashMap<>();
    for (Path file : files) {
      JsonNode results = json.readTree(file.toFile());
      if (results == null || !results.isArray()) {
        throw new IOException(file + " is not a JMH JSON result file (expected an array)");
      }
      for (JsonNode result : results) {
        Row row = row(result);
        rows.add(row);
        jmh = result.path("jmhVersion").asText(jmh);
        jvm =
            result.path("jdkVersion").asText("")
                + ", "
                + result.path("vmName").asText("")
                + " "
                + result.path("vmVersion").asText("");
        String setting =
            result.path("forks").asInt()
                + " fork, "
                + result.path("warmupIterations").asInt()
                + " × "
                + result.path("warmupTime").asText()
                + " warm-up, "
                + result.path("measurementIterations").asInt()
                + " × "
                + result.path("measurementTime").asText()
                + " measurement";
        settings.computeIfAbsent(setting, s -> new TreeSet<>()).add(nestedClass(result));
      }
    }
    rows.sort(
        Comparator.comparing(Row::group)
            .thenComparing(row -> rank(METHOD_ORDER, row.method()))
            .thenComparing(row -> rank(BACKEND_ORDER, row.backend()))
            .thenComparingInt(Row::size)
            .thenComparingInt(Row::threads));
    String described =
        settings.size() == 1
            ? settings.keySet().iterator().next()
            : settings.entrySet().stream()
                .map(e -> String.join(", ", e.getValue()) + ": " + e.getKey())
                .collect(Collectors.joining("; "));
    return new JmhResults(List.copyOf(rows), jmh, jvm, described);
  }

  /**
   * The row of one benchmark, backend and size.
   *
   * @param group the benchmark class
   * @param method the benchmark method
   * @param backend the backend
   * @param size the size
   * @return the row, if that combination ran (with any number of threads)
   */
  Optional<Row> find(String group, String method, String backend, int size) {
    return rows.stream().filter(row -> row.is(group, method, backend, size)).findFirst();
  }

  /**
   * The row of one benchmark, backend, size and thread count.
   *
   * @param group the benchmark class
   * @param method the benchmark method
   * @param backend the backend
   * @param size the size
   * @param threads the thread count
   * @return the row, if that combination ran
   */
  Optional<Row> find(String group, String method, String backend, int size, int threads) {
    return rows.stream()
        .filter(row -> row.is(group, method, backend, size) && row.threads() == threads)
        .findFirst();
  }

  /**
   * The methods of one benchmark class, in report order.
   *
   * @param group the benchmark class
   * @return its methods
   */
  List<String> methods(String group) {
    return rows.stream()
        .filter(row -> row.group().equals(group))
        .map(Row::method)
        .distinct()
        .toList();
  }

  /**
   * The sizes one backend ran at in one benchmark class, smallest first.
   *
   * @param group the benchmark class
   * @param backend the backend
   * @return the sizes
   */
  List<Integer> sizes(String group, String backend) {
    return rows.stream()
        .filter(row -> row.group().equals(group) && row.backend().equals(backend))
        .map(Row::size)
        .distinct()
        .sorted()
        .toList();
  }

  /** The benchmark's class as JMH names it, e.g. {@code AccessPatternBenchmark.Memory}. */
  private static String nestedClass(JsonNode result) {
    String benchmark = result.path("benchmark").asText();
    int method = benchmark.lastIndexOf('.');
    String owner = method < 0 ? benchmark : benchmark.substring(0, method);
    String[] parts = owner.split("\\.");
    int from =
        parts.length >= 2 && !parts[parts.length - 1].endsWith("Benchmark")
            ? parts.length - 2
            : parts.length - 1;
    return String.join(
        ".", java.util.Arrays.asList(parts).subList(Math.max(0, from), parts.length));
  }

  private static Row row(JsonNode result) {
    // e.g. io.quickphotos.bench.patterns.AccessPatternBenchmark.Memory.getUser, or, without a
    // nested
    // class, io.quickphotos.bench.sdk.StubbedSdkBenchmark.getUser
    String[] name = result.path("benchmark").asText().split("\\.");
    String method = name[name.length - 1];
    String group =
        name.length >= 3 && !name[name.length - 2].endsWith("Benchmark")
            ? name[name.length - 3]
            : name[Math.max(0, name.length - 2)];
    JsonNode params = result.path("params");
    JsonNode primary = result.path("primaryMetric");
    JsonNode secondary = result.path("secondaryMetrics");
    double operations = secondary(secondary, "operations");
    // ReadScalingBenchmark runs only the memory backend and so has no backend parameter.
    String backend =
        params.path("backend").asText(Report.READ_SCALING.equals(group) ? "memory" : "?");
    return new Row(
        group,
        method,
        backend,
        params.path("size").asInt(0),
        primary.path("score").asDouble(Double.NaN),
        number(primary.path("scoreError")),
        primary.path("scoreUnit").asText(""),
        secondary(secondary, "gc.alloc.rate.norm"),
        secondary(secondary, "requests") / operations,
        secondary(secondary, "readUnits") / operations,
        secondary(secondary, "writeUnits") / operations,
        result.path("threads").asInt(1));
  }

  /** A secondary metric's score; JMH prefixes profiler metrics with a middle dot. */
  private static double secondary(JsonNode metrics, String name) {
    JsonNode metric = metrics.has(name) ? metrics.get(name) : metrics.get("\u00b7" + name);
    return metric == null ? Double.NaN : number(metric.path("score"));
  }

  /** JMH writes "NaN" as a string where it has no number. */
  private static double number(JsonNode node) {
    if (node.isNumber()) {
      return node.asDouble();
    }
    try {
      return Double.parseDouble(node.asText());
    } catch (NumberFormatException e) {
      return Double.NaN;
    }
  }

  private static int rank(List<String> order, String value) {
    int index = order.indexOf(value);
    return index < 0 ? order.size() : index;
  }
}
