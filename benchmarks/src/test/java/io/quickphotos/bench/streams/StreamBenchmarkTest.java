package io.quickphotos.bench.streams;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Collection;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * A smoke run of {@link StreamBenchmark} (one short iteration of each, on 100 accounts), and the
 * records each reads: every account's INSERT, the whole stream, each time. Measures nothing.
 */
public class StreamBenchmarkTest {

  @Test
  void eachBenchmarkReadsTheWholeStream() {
    StreamBenchmark benchmark = new StreamBenchmark();
    benchmark.users = 100;
    benchmark.load();
    StreamBenchmark.Records counted = new StreamBenchmark.Records();

    assertThat(benchmark.poller(counted)).isEqualTo(100);
    assertThat(counted.records).isEqualTo(100);
    benchmark.getRecords(counted);
    assertThat(counted.records).isEqualTo(200);
    // A second read is from the trim horizon again, not after the first one's checkpoint.
    assertThat(benchmark.poller(counted)).isEqualTo(100);
    assertThat(counted.records).isEqualTo(300);
  }

  @Test
  void eachBenchmarkRunsOnceAndReportsRecordsASecond() throws Exception {
    Collection<RunResult> results =
        new Runner(
                new OptionsBuilder()
                    .include("io\\.quickphotos\\.bench\\.streams\\.StreamBenchmark")
                    .param("users", "100")
                    .warmupIterations(0)
                    .measurementIterations(1)
                    .measurementTime(TimeValue.milliseconds(20))
                    .forks(0)
                    .shouldFailOnError(true)
                    .build())
            .run();
    assertThat(results).hasSize(2);
    for (RunResult result : results) {
      Result<?> records = result.getSecondaryResults().get("records");
      assertThat(records).as(result.getParams().getBenchmark()).isNotNull();
      assertThat(records.getScore()).isPositive();
      assertThat(records.getScoreUnit()).isEqualTo("ops/s");
    }
  }
}
