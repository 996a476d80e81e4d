package io.quickphotos.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.bench.patterns.AccessPatternBenchmark;
import io.quickphotos.bench.patterns.QueryShapeBenchmark;
import io.quickphotos.bench.report.Report;
import io.quickphotos.bench.sdk.StubbedSdkBenchmark;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Smoke mode: every benchmark, on every backend, runs for one short iteration on a small data
 * set, in this JVM, and the report turns the results into its table and charts. Keeps the
 * benchmarks and the report from rotting; measures nothing.
 */
class BenchmarkSmokeTest {
  private static final List<Class<?>> BENCHMARKS =
      List.of(
          AccessPatternBenchmark.Memory.class,
          AccessPatternBenchmark.DynamoDbLocal.class,
          QueryShapeBenchmark.Memory.class,
          QueryShapeBenchmark.DynamoDbLocal.class,
          StubbedSdkBenchmark.class);

  @Test
  void everyBenchmarkRunsOnceAndTheReportReadsTheResults(@TempDir Path dir) throws Exception {
    Path json = dir.resolve("smoke.json");
    Options options =
        new OptionsBuilder()
            .include("io\\.quickphotos\\.bench\\.")
            // The feed benchmarks have their own parameters and smoke test (FeedBenchmarkTest).
            .exclude("io\\.quickphotos\\.bench\\.feed\\.FeedBenchmark")
            // The caption benchmarks have their own parameters and smoke test
            // (CaptionBenchmarkTest).
            .exclude("io\\.quickphotos\\.bench\\.edits\\.CaptionBenchmark")
            // The edit benchmarks have their own parameters and smoke test (EditBenchmarkTest).
            .exclude("io\\.quickphotos\\.bench\\.edits\\.EditBenchmark")
            // The scaling benchmark has no backend parameter and its own smoke test
            // (ReadScalingBenchmarkTest).
            .exclude("io\\.quickphotos\\.bench\\.patterns\\.ReadScalingBenchmark")
            // The delayed feed has no backend parameter and its own smoke test (LatencyReportTest).
            // The stream's reader has no backend parameter and its own smoke test
            // (StreamBenchmarkTest).
            .exclude("io\\.quickphotos\\.bench\\.streams\\.StreamBenchmark")
            .exclude("io\\.quickphotos\\.bench\\.latency\\.FeedLatencyBenchmark")
            // About 100 items: 5 users, each loads in milliseconds even on DynamoDB Local.
            .param("size", "100")
            .warmupIterations(0)
            .measurementIterations(1)
            .measurementTime(TimeValue.milliseconds(20))
            .forks(0)
            .shouldFailOnError(true)
            .addProfiler(GCProfiler.class)
            .resultFormat(ResultFormatType.JSON)
            .result(json.toString())
            .output(dir.resolve("smoke.log").toString())
            .build();

    Collection<RunResult> results = new Runner(options).run();

    assertThat(results).hasSize(expectedRuns());
    Set<String> ran =
        results.stream().map(r -> r.getParams().getBenchmark()).collect(Collectors.toSet());
    assertThat(ran).containsExactlyInAnyOrderElementsOf(expectedBenchmarks());

    Report.Written written = Report.write(List.of(json), dir.resolve("report"));
    String markdown = Files.readString(written.markdown());
    assertThat(markdown)
        .contains(
            "## Targets",
            "memory vs DynamoDB Local",
            "memory vs bare collections",
            "dynamo-impl vs raw SDK",
            "| getUser | memory | 10² |",
            "| followedByDenormalized | dynamodb-local | 10² |",
            "## dynamo-impl vs raw SDK on a stubbed HTTP client",
            "| followedBy | ");
    assertThat(written.charts()).hasSize(2);
    for (Path chart : written.charts()) {
      byte[] png = Files.readAllBytes(chart);
      assertThat(png.length).isGreaterThan(10_000);
      assertThat(Arrays.copyOf(png, 4)).isEqualTo(new byte[] {(byte) 0x89, 'P', 'N', 'G'});
    }
  }

  /** Each concrete benchmark class's methods times its backends (the size is overridden). */
  private static int expectedRuns() {
    int runs = 0;
    for (Class<?> benchmark : BENCHMARKS) {
      runs += benchmarkMethods(benchmark).size() * backends(benchmark);
    }
    return runs;
  }

  private static Set<String> expectedBenchmarks() {
    return BENCHMARKS.stream()
        .flatMap(
            benchmark ->
                benchmarkMethods(benchmark).stream()
                    .map(method -> benchmark.getName().replace('$', '.') + "." + method))
        .collect(Collectors.toSet());
  }

  private static List<String> benchmarkMethods(Class<?> benchmark) {
    return Arrays.stream(benchmark.getMethods())
        .filter(method -> method.isAnnotationPresent(Benchmark.class))
        .map(Method::getName)
        .toList();
  }

  private static int backends(Class<?> benchmark) {
    try {
      return benchmark.getField("backend").getAnnotation(Param.class).value().length;
    } catch (NoSuchFieldException e) {
      throw new AssertionError(benchmark + " has no backend parameter", e);
    }
  }
}
