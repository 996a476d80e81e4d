package io.quickphotos.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report's targets on a small hand-written JMH JSON, so that a ratio, a bound, the stability
 * rule or a section cannot change without a test noticing: the smoke test's figures are too
 * short to be stable, so it never sees a target met.
 */
class ReportTest {

  /** One JMH result, as JMH's JSON writes it. */
  private static String result(
      String benchmark,
      String backend,
      int size,
      int threads,
      double score,
      double error,
      String unit,
      double bytes) {
    return String.format(
        Locale.ROOT,
        """
        {"jmhVersion": "1.37", "benchmark": "io.quickphotos.bench.%s", "mode": "avgt",
         "threads": %d, "forks": 1, "jdkVersion": "17", "vmName": "VM", "vmVersion": "17",
         "warmupIterations": 5, "warmupTime": "1 s", "measurementIterations": 10,
         "measurementTime": "1 s", "params": {"backend": "%s", "size": "%d"},
         "primaryMetric": {"score": %s, "scoreError": %s, "scoreUnit": "%s"},
         "secondaryMetrics": {"\u00b7gc.alloc.rate.norm": {"score": %s}}}""",
        benchmark,
        threads,
        backend,
        size,
        score,
        error,
        unit,
        bytes);
  }

  private static Path json(Path dir, String name, List<String> results) throws Exception {
    Path file = dir.resolve(name);
    Files.writeString(file, "[" + String.join(",\n", results) + "]");
    return file;
  }

  private static List<String> accessPatterns() {
    List<String> results = new ArrayList<>();
    // getUser: 8× the floor at 10³ (met), 12× at 10⁶ (missed); 1.25× from 10³ to 10⁶ (met).
    results.add(
        result(
            "AccessPatternBenchmark.Memory.getUser", "memory", 1000, 1, 0.4, 0.02, "us/op", 120));
    results.add(
        result(
            "AccessPatternBenchmark.Memory.getUser",
            "collections",
            1000,
            1,
            0.05,
            0.001,
            "us/op",
            48));
    results.add(
        result(
            "AccessPatternBenchmark.Memory.getUser",
            "memory",
            1000000,
            1,
            0.5,
            0.01,
            "us/op",
            120));
    results.add(
        result(
            "AccessPatternBenchmark.Memory.getUser",
            "collections",
            1000000,
            1,
            0.041667,
            0.001,
            "us/op",
            48));
    // followersOf: 5× the floor, but the memory figure's error is 20% of its score.
    results.add(
        result(
            "AccessPatternBenchmark.Memory.followersOf",
            "memory",
            1000,
            1,
            5.0,
            1.0,
            "us/op",
            3000));
    results.add(
        result(
            "AccessPatternBenchmark.Memory.followersOf",
            "collections",
            1000,
            1,
            1.0,
            0.01,
            "us/op",
            900));
    // DynamoDB Local: 2,000× memory; dynamo-impl 1.05× the raw SDK.
    results.add(
        result(
            "AccessPatternBenchmark.DynamoDbLocal.getUser",
            "dynamodb-local",
            1000,
            1,
            800,
            40,
            "us/op",
            100000));
    results.add(
        result(
            "AccessPatternBenchmark.DynamoDbLocal.getUser",
            "raw-sdk",
            1000,
            1,
            761.9,
            30,
            "us/op",
            90000));
    return results;
  }

  private static void sideFiles(Path dir) throws Exception {
    Files.writeString(
        dir.resolve(Report.STUB_FILE),
        """
        # stub

        | Pattern | raw SDK µs | ratio (median) | median ≤ 1.10× |
        |---|---:|---:|---|
        | getUser | 27.10 | 1.055× | yes |
        | followedBy | 82.54 | 1.123× | **no** |
        """);
    Files.writeString(
        dir.resolve(Report.FOOTPRINT_FILE),
        """
        Before:

        | Items | Heap ÷ DynamoDB size |
        |---:|---:|
        | 10,002 | 4.44× |

        After:

        | Items | Heap ÷ DynamoDB size |
        |---:|---:|
        | 10,002 | 2.40× |
        | 1,000,002 | 2.45× |
        """);
  }

  @Test
  void judgesEveryTargetOnlyOnStableFigures(@TempDir Path dir) throws Exception {
    List<String> results = accessPatterns();
    // Reads with two threads: 1.8× one thread's throughput for getUser (met), 1.5× for getPhoto.
    results.add(
        result(
            "ReadScalingBenchmark.OneThread.getUser",
            "memory",
            1000000,
            1,
            2.0,
            0.05,
            "ops/us",
            100));
    results.add(
        result(
            "ReadScalingBenchmark.TwoThreads.getUser",
            "memory",
            1000000,
            2,
            3.6,
            0.1,
            "ops/us",
            100));
    results.add(
        result(
            "ReadScalingBenchmark.OneThread.getPhoto",
            "memory",
            1000000,
            1,
            1.0,
            0.02,
            "ops/us",
            200));
    results.add(
        result(
            "ReadScalingBenchmark.TwoThreads.getPhoto",
            "memory",
            1000000,
            2,
            1.5,
            0.03,
            "ops/us",
            200));
    sideFiles(dir);

    String md =
        Files.readString(
            Report.write(List.of(json(dir, "run.json", results)), dir.resolve("run")).markdown());

    assertThat(md)
        .contains(
            "| memory vs bare collections (≤ 10.0×) | **missed**: met for 1 of 3"
                + " | 5.000× – 12.0× | **1 of 3** (1 of them hold even at the 99.9% bounds) |")
        .contains(
            "| getUser | 10³ | 0.050 us/op | 2.0% | 48 | 0.400 us/op | 5.0% | 120"
                + " | 8.000× | met |")
        .contains(
            "| getUser | 10⁶ | 0.042 us/op | 2.4% | 48 | 0.500 us/op | 2.0% | 120"
                + " | 12.0× | **missed** |")
        .contains(
            "| followersOf | 10³ | 1.00 us/op | 1.0% | 900 | 5.00 us/op | 20.0% | 3,000"
                + " | 5.000× | unstable: error 20%; holds even at the 99.9% bounds |")
        .contains("| memory at the largest size vs the smallest (≤ 1.5×) | met: 1 of 1")
        .contains(
            "| reads with 2 threads vs 1 (≥ 1.7×) | **missed**: met for 1 of 2"
                + " | 1.500× – 1.800× | 0 |")
        .contains(
            "| getUser | 10⁶ | 2.00 ops/us | 2.5% | 100 | 3.60 ops/us | 2.8% | 100"
                + " | 1.800× | met |")
        .contains("| memory vs DynamoDB Local (≥ 1,000×) | met: 1 of 1 | 2,000× – 2,000× | 0 |")
        .contains(
            "| dynamo-impl vs raw SDK on DynamoDB Local (end-to-end view) | no verdict"
                + " here: the ≤ 1.10× target is judged by [the stub comparison]"
                + "(stubbed-sdk-comparison.md) | 1.050× – 1.050× | 0 |")
        .contains(
            "| dynamo-impl vs raw SDK on a stubbed HTTP client (≤ 1.10×) | **missed**: met"
                + " for 1 of 2 (from [stubbed-sdk-comparison.md](stubbed-sdk-comparison.md))")
        .contains(
            "| heap per item vs DynamoDB item size (≤ 2.5×) | met: 2 of 2 (from"
                + " [footprint.md](footprint.md))")
        .contains("| 1,000,002 | 2.45× |")
        .doesNotContain("| 10,002 | 4.44× |");
  }

  @Test
  void saysWhatWasNotMeasured(@TempDir Path dir) throws Exception {
    String md =
        Files.readString(
            Report.write(List.of(json(dir, "run.json", accessPatterns())), dir.resolve("run"))
                .markdown());

    assertThat(md)
        .contains(
            "| reads with 2 threads vs 1 (≥ 1.7×) | not measured: no ReadScalingBenchmark"
                + " results in these files |")
        .contains(
            "| dynamo-impl vs raw SDK on a stubbed HTTP client (≤ 1.10×) | not measured:"
                + " no table in [stubbed-sdk-comparison.md](stubbed-sdk-comparison.md)")
        .contains("| heap per item vs DynamoDB item size (≤ 2.5×) | not measured");
  }

  @Test
  void readsTheThreadScalingFromASecondFile(@TempDir Path dir) throws Exception {
    Path patterns = json(dir, "run.json", accessPatterns());
    Path scaling =
        json(
            dir,
            "scaling.json",
            List.of(
                result(
                    "ReadScalingBenchmark.OneThread.getUser",
                    "memory",
                    1000,
                    1,
                    2.0,
                    0.05,
                    "ops/us",
                    100),
                result(
                    "ReadScalingBenchmark.TwoThreads.getUser",
                    "memory",
                    1000,
                    2,
                    3.8,
                    0.5,
                    "ops/us",
                    100)));

    String md =
        Files.readString(Report.write(List.of(patterns, scaling), dir.resolve("run")).markdown());

    assertThat(md)
        .contains(
            "| reads with 2 threads vs 1 (≥ 1.7×) | **missed**: met for 0 of 1"
                + " | 1.900× – 1.900× | **1 of 1** |")
        .contains("| 1.900× | unstable: error 13% |");
  }
}
