package io.quickphotos.bench.guard;

import io.quickphotos.bench.CostCounters;
import io.quickphotos.bench.patterns.AccessPatternBenchmark;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * The build's guard against a slower in-memory backend: a short JMH run of the hot path
 * ({@link #PATTERNS} of {@link AccessPatternBenchmark.Memory} at 10³ items) on the
 * {@code memory} backend and on its {@code collections} floor, one fork each, whose ratios
 * memory ÷ floor are compared with the ratios checked in beside the module
 * ({@code perf-guard.properties}, one set per JDK feature release). A ratio above its baseline
 * times the tolerance in two runs in a row (the second run made only when the first is over)
 * fails the build, naming the pattern, both times and both ratios.
 *
 * <p><b>What is compared.</b> Each pattern's time is the benchmark thread's CPU time per
 * operation ({@link CostCounters#cpuNanos} over {@link CostCounters#operations}), the lowest of
 * the measured iterations, with the floor measured in the same run, and the forks compile in
 * the foreground ({@code -Xbatch}) so that the warm-up ends with the code compiled. The machine
 * this runs on has two cores shared with other builds: their load makes one run's wall-clock
 * scores differ from the next's by several times, while these ratios stayed within 18% of each
 * other over a dozen runs at load averages of 2 to 8 (benchmarks/README.md, "Performance guard",
 * has the figures). Work done by other threads (the garbage collector's) is not in the figure:
 * more allocation shows only as the allocating thread's own cost.
 *
 * <p>Run by {@code ./mvnw verify} in the benchmarks module's {@code verify} phase (skipped with
 * {@code -DskipTests} or {@code -Dperf.guard.skip=true}); by hand, after building the jar:
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar io.quickphotos.bench.guard.PerfGuard \
 *     benchmarks/perf-guard.properties               # check
 * java -cp benchmarks/target/benchmarks.jar io.quickphotos.bench.guard.PerfGuard \
 *     benchmarks/perf-guard.properties --update 3    # write the median of 3 runs as the
 *                                                    # running JDK's baseline
 * </pre>
 */
public final class PerfGuard {
  /** The patterns guarded: the cheapest read, a membership check, a listing, two transactions. */
  static final List<String> PATTERNS =
      List.of("getUser", "isFollowing", "userWithPhotos", "followAndUnfollow");

  private static final String MEMORY = "memory";
  private static final String FLOOR = "collections";
  private static final String TOLERANCE = "tolerance";

  /** How many forks a second measurement takes, after a first one over the limit. */
  private static final int CONFIRMING_FORKS = 4;

  private PerfGuard() {}

  /**
   * Runs the benchmarks and checks (or, with {@code --update}, rewrites) the baseline; exits with
   * status 1 on a regression.
   *
   * @param args the baseline file, then optionally {@code --update} and the number of runs whose
   *     median becomes the running JDK's baseline (3 if not given)
   * @throws RunnerException if JMH fails
   * @throws IOException if the baseline cannot be read or written
   */
  public static void main(String[] args) throws RunnerException, IOException {
    boolean update = args.length >= 2 && "--update".equals(args[1]);
    if (args.length < 1 || args.length > 3 || (args.length >= 2 && !update)) {
      System.err.println("usage: PerfGuard <baseline.properties> [--update [runs]]");
      System.exit(2);
    }
    Path baselineFile = Path.of(args[0]);
    Properties baseline = load(baselineFile);
    if (update) {
      int runs = args.length == 3 ? Integer.parseInt(args[2]) : 3;
      List<Map<String, Measured>> all = new ArrayList<>();
      for (int run = 1; run <= runs; run++) {
        Map<String, Measured> measured = measure(1);
        print(measured, System.out);
        all.add(measured);
      }
      write(baselineFile, baseline, median(all));
      System.out.println("PerfGuard: baseline for " + jdk() + " written to " + baselineFile);
      return;
    }
    long start = System.nanoTime();
    Map<String, Measured> measured = measure(1);
    System.out.printf(
        Locale.ROOT,
        "PerfGuard: measured in %.0f s on %s%n",
        (System.nanoTime() - start) / 1e9,
        jdk());
    List<String> failures = check(baseline, measured, System.out);
    if (!failures.isEmpty()) {
      // A regression must show again, in several fresh forks: one busy moment on a shared
      // machine moved a ratio by up to 18%, and the JIT settles followAndUnfollow into one of two
      // shapes per fork (on 63fe1ff, 3 forks of 8 at 6.0-6.6 us a call, 5 at 3.6-3.8 us), while
      // a slower code path is slower in every fork. Each pattern keeps its best fork.
      System.out.println(
          "PerfGuard: over the limit once; measuring again in "
              + CONFIRMING_FORKS
              + " forks to confirm");
      failures = check(baseline, better(measured, measure(CONFIRMING_FORKS)), System.out);
    }
    if (!failures.isEmpty()) {
      failures.forEach(System.err::println);
      System.exit(1);
    }
  }

  /** One pattern's CPU time per operation on each backend, in microseconds. */
  record Measured(double memoryMicros, double floorMicros) {
    double ratio() {
      return memoryMicros / floorMicros;
    }
  }

  /**
   * The key prefix of the running JDK's baseline, e.g. {@code java17}: a newer JDK compiles the
   * floor and the engine differently (on JDK 25 the collections floor took about 40% more CPU
   * time than on JDK 17 and the ratios were a quarter to a third lower), so each feature
   * release the build runs on has its own ratios.
   */
  static String jdk() {
    return "java" + Runtime.version().feature();
  }

  /** Per pattern, the run of the two with the lower ratio. */
  static Map<String, Measured> better(Map<String, Measured> first, Map<String, Measured> second) {
    Map<String, Measured> better = new LinkedHashMap<>();
    first.forEach(
        (pattern, m) -> {
          Measured other = second.get(pattern);
          better.put(pattern, other != null && other.ratio() < m.ratio() ? other : m);
        });
    return better;
  }

  /** Per pattern, the run whose ratio is the median of the runs. */
  private static Map<String, Measured> median(List<Map<String, Measured>> runs) {
    Map<String, Measured> median = new LinkedHashMap<>();
    for (String pattern : runs.get(0).keySet()) {
      List<Measured> each = new ArrayList<>();
      for (Map<String, Measured> run : runs) {
        each.add(run.get(pattern));
      }
      each.sort(Comparator.comparingDouble(Measured::ratio));
      median.put(pattern, each.get(each.size() / 2));
    }
    return median;
  }

  private static void print(Map<String, Measured> measured, PrintStream out) {
    measured.forEach(
        (pattern, m) ->
            out.printf(
                Locale.ROOT,
                "PerfGuard: %-18s memory %7.3f us  collections %7.3f us  ratio %5.2f%n",
                pattern,
                m.memoryMicros(),
                m.floorMicros(),
                m.ratio()));
  }

  /**
   * Runs JMH: every guarded pattern on both backends, in short forks.
   *
   * @param forks how many fresh JVMs measure each pattern and backend; the lowest iteration of
   *     them all counts
   */
  static Map<String, Measured> measure(int forks) throws RunnerException {
    Options options =
        new OptionsBuilder()
            .include(
                AccessPatternBenchmark.Memory.class.getName().replace("$", ".")
                    + "\\.("
                    + String.join("|", PATTERNS)
                    + ")$")
            .param("size", "1000")
            .param("backend", MEMORY, FLOOR)
            .forks(forks)
            // Compilation in the foreground: the warm-up then ends with the hot path compiled
            // however busy the machine is. With the compiler threads in the background, a busy
            // machine left followAndUnfollow half-compiled into the measurement (CPU time per
            // call 7.3, 6.1, 4.4, then 2.1 µs in the first four iterations).
            .jvmArgsAppend("-Xms1g", "-Xmx1g", "-XX:+UseParallelGC", "-Xbatch")
            .warmupIterations(3)
            .warmupTime(TimeValue.milliseconds(500))
            .measurementIterations(5)
            .measurementTime(TimeValue.milliseconds(500))
            .verbosity(VerboseMode.SILENT)
            .shouldFailOnError(true)
            .build();
    Collection<RunResult> results = new Runner(options).run();
    Map<String, Double> lowest = new LinkedHashMap<>();
    for (RunResult result : results) {
      String method = result.getParams().getBenchmark();
      String pattern = method.substring(method.lastIndexOf('.') + 1);
      String backend = result.getParams().getParam("backend");
      lowest.put(pattern + "/" + backend, lowestCpuMicros(result));
    }
    Map<String, Measured> measured = new LinkedHashMap<>();
    for (String pattern : PATTERNS) {
      Double memory = lowest.get(pattern + "/" + MEMORY);
      Double floor = lowest.get(pattern + "/" + FLOOR);
      if (memory == null || floor == null) {
        throw new IllegalStateException("no result for " + pattern + " in " + lowest.keySet());
      }
      measured.put(pattern, new Measured(memory, floor));
    }
    return measured;
  }

  /** The lowest CPU time per operation over the measured iterations, in microseconds. */
  private static double lowestCpuMicros(RunResult result) {
    double lowest = Double.MAX_VALUE;
    for (var benchmark : result.getBenchmarkResults()) {
      for (IterationResult iteration : benchmark.getIterationResults()) {
        var secondary = iteration.getSecondaryResults();
        double nanos = secondary.get("cpuNanos").getScore();
        double operations = secondary.get("operations").getScore();
        lowest = Math.min(lowest, nanos / operations / 1e3);
      }
    }
    return lowest;
  }

  /**
   * Prints each pattern's line, and returns one failure message per pattern whose ratio is above
   * its limit.
   *
   * @param baseline the checked-in ratios and tolerance
   * @param measured this run's figures
   * @param out where the lines go
   * @return the failure messages, empty if none regressed
   */
  static List<String> check(Properties baseline, Map<String, Measured> measured, PrintStream out) {
    double tolerance = number(baseline, TOLERANCE);
    List<String> failures = new ArrayList<>();
    if (baseline.stringPropertyNames().stream().noneMatch(k -> k.startsWith(jdk() + "."))) {
      // A JDK the build does not run on in CI: nothing to compare with, so nothing is judged.
      print(measured, out);
      out.println(
          "PerfGuard: no baseline for "
              + jdk()
              + ", nothing checked; PerfGuard --update records one (benchmarks/README.md)");
      return failures;
    }
    for (Map.Entry<String, Measured> e : measured.entrySet()) {
      String pattern = e.getKey();
      Measured m = e.getValue();
      double expected = number(baseline, jdk() + "." + pattern);
      double limit = expected * tolerance;
      boolean failed = m.ratio() > limit;
      out.printf(
          Locale.ROOT,
          "PerfGuard: %-18s memory %7.3f us  collections %7.3f us  ratio %5.2f  baseline %5.2f"
              + "  limit %5.2f  %s%n",
          pattern,
          m.memoryMicros(),
          m.floorMicros(),
          m.ratio(),
          expected,
          limit,
          failed ? "REGRESSED" : "ok");
      if (failed) {
        failures.add(
            String.format(
                Locale.ROOT,
                "PerfGuard: %s regressed: memory takes %.3f us of CPU a call against the"
                    + " collections floor's %.3f us, a ratio of %.2f, above the limit %.2f"
                    + " (baseline ratio %.2f x tolerance %.2f). If the slowdown is intended,"
                    + " update the baseline (benchmarks/README.md, \"Performance guard\").",
                pattern,
                m.memoryMicros(),
                m.floorMicros(),
                m.ratio(),
                limit,
                expected,
                tolerance));
      }
    }
    return failures;
  }

  private static double number(Properties baseline, String key) {
    String value = baseline.getProperty(key);
    if (value == null) {
      throw new IllegalStateException("the baseline has no value for " + key);
    }
    return Double.parseDouble(value);
  }

  private static Properties load(Path file) throws IOException {
    Properties properties = new Properties();
    if (Files.exists(file)) {
      try (var in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
        properties.load(in);
      }
    }
    return properties;
  }

  /**
   * Writes the measured ratios as the running JDK's baseline, keeping the tolerance (1.35 if
   * there was none) and the other JDKs' ratios.
   */
  private static void write(Path file, Properties old, Map<String, Measured> measured)
      throws IOException {
    StringBuilder text = new StringBuilder();
    text.append("# PerfGuard's baseline: memory / collections CPU time per call, at 10^3 items,\n");
    text.append(
        "# per JDK feature release. Written by PerfGuard --update (the median of its runs);\n");
    text.append("# see benchmarks/README.md, \"Performance guard\".\n");
    text.append(TOLERANCE).append('=').append(old.getProperty(TOLERANCE, "1.35")).append('\n');
    Map<String, String> ratios = new TreeMap<>();
    for (String key : old.stringPropertyNames()) {
      if (!key.equals(TOLERANCE) && !key.startsWith(jdk() + ".")) {
        ratios.put(key, old.getProperty(key));
      }
    }
    for (Map.Entry<String, Measured> e : measured.entrySet()) {
      ratios.put(
          jdk() + "." + e.getKey(), String.format(Locale.ROOT, "%.2f", e.getValue().ratio()));
    }
    ratios.forEach((key, ratio) -> text.append(key).append('=').append(ratio).append('\n'));
    try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      out.write(text.toString());
    }
  }
}
