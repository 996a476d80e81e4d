package io.quickphotos.bench.latency;

import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.AccessPattern;
import io.quickphotos.internal.singletable.feed.FollowPlans;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Smoke mode for the latency model: {@link LatencyReport} on a small data set and a small feed,
 * one timed call per case at a 1 ms delay, and {@link FeedLatencyBenchmark} for one short
 * iteration in this JVM. Measures nothing and asserts no time: it checks that every access
 * pattern has a call that reports its own pattern, that the request counts are the design's, and
 * that the report and the benchmark run.
 */
public class LatencyReportTest {

  @Test
  void everyPatternAndTheFeedAreMeasuredAtBothParallelismsAndReported(@TempDir Path dir)
      throws Exception {
    LatencyReport.Settings settings =
        new LatencyReport.Settings(100, 1, List.of(3), List.of(1), Duration.ofMillis(1));

    List<LatencyReport.Row> rows = LatencyReport.measure(settings);

    assertThat(rows).hasSize(2 * AccessPattern.values().length + 4);
    for (AccessPattern pattern : AccessPattern.values()) {
      assertThat(rows)
          .filteredOn(row -> row.name().equals(pattern.name()))
          .extracting(LatencyReport.Row::parallelism)
          .containsExactly(LatencyReport.BEFORE, LatencyReport.AFTER);
    }
    for (LatencyReport.Row row : rows) {
      assertThat(row.minRequests()).as(row.name()).isPositive().isEqualTo(row.maxRequests());
      if (row.section().equals("pattern")) {
        assertThat(row.minRequests())
            .as(row.name())
            .isGreaterThanOrEqualTo(AccessPattern.valueOf(row.name()).minimumRequests());
      }
    }
    assertThat(requests(rows, "GET_USER")).isEqualTo(1);
    assertThat(requests(rows, "FOLLOWED_BY")).isEqualTo(2);
    assertThat(requests(rows, "DELETE_USER")).isEqualTo(9);
    assertThat(requests(rows, "HOME_FEED F=3")).isEqualTo(FollowPlans.homeFeedRequests(3));
    assertThat(requests(rows, "HOME_FEED hybrid F=3")).isEqualTo(LatencyReport.hybridRoundTrips(3));

    Path markdown =
        LatencyReport.write(rows, settings, dir.resolve("latency"), "before", "after", "1 s");
    assertThat(Files.readString(markdown))
        .contains(
            "## Access patterns",
            "| `GET_USER` | 1 |",
            "| `AUDIT` |",
            "## Home feed",
            "| 3 | 4 |",
            "| 4 / 2 |",
            "## Home feed, hybrid",
            "| 3 | 3 |");
    List<String> csv = Files.readAllLines(dir.resolve("latency.csv"));
    assertThat(csv).hasSize(rows.size() + 1);
    assertThat(csv.get(0)).startsWith("section,case,followees,parallelism,");
    assertThat(csv).anyMatch(line -> line.startsWith("feed,HOME_FEED F=3,3,50,4,4,"));
  }

  @Test
  void designRoundTripsAreTheListingThenWavesOfTheParallelism() {
    assertThat(LatencyReport.designRoundTrips(10, 1)).isEqualTo(11);
    assertThat(LatencyReport.designRoundTrips(10, 50)).isEqualTo(2);
    assertThat(LatencyReport.designRoundTrips(100, 50)).isEqualTo(3);
    assertThat(LatencyReport.designRoundTrips(1000, 50)).isEqualTo(22);
    assertThat(LatencyReport.designRoundTrips(1000, 1)).isEqualTo(1002);
  }

  @Test
  void theFeedLatencyBenchmarkRuns(@TempDir Path dir) throws Exception {
    Options options =
        new OptionsBuilder()
            .include("io\\.quickphotos\\.bench\\.latency\\.FeedLatencyBenchmark")
            .param("followees", "3")
            .param("delayMillis", "1")
            .warmupIterations(0)
            .measurementIterations(1)
            .measurementTime(TimeValue.milliseconds(20))
            .forks(0)
            .shouldFailOnError(true)
            .output(dir.resolve("feed-latency.log").toString())
            .build();

    Collection<RunResult> results = new Runner(options).run();

    assertThat(results)
        .extracting(result -> result.getParams().getParam("parallelism"))
        .containsExactlyInAnyOrderElementsOf(Arrays.asList("1", "50"));
  }

  private static long requests(List<LatencyReport.Row> rows, String name) {
    return rows.stream()
        .filter(row -> row.name().equals(name))
        .mapToLong(LatencyReport.Row::maxRequests)
        .findFirst()
        .orElseThrow();
  }
}
