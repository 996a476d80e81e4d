package io.quickphotos.bench.feed;

import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.bench.feed.FeedCosts.Cost;
import io.quickphotos.bench.feed.FeedScenario.Design;
import io.quickphotos.bench.report.Report;
import io.quickphotos.internal.singletable.feed.FollowPlans;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * The feed comparison: the capacity each design costs, against the formulas of the designs; the
 * crossover; and a smoke run of {@link FeedBenchmark} (one short iteration per design at the
 * two smallest counts) read back by {@link FeedReport}.
 */
public class FeedBenchmarkTest {
  private static FeedCosts.Table costs;

  @BeforeAll
  static void measure() {
    costs = FeedCosts.measure();
  }

  @Test
  void aFanOutOnReadPageMakesTheDocumentedRequestsAndReadsAFullPagePerFollowee() {
    for (int i = 0; i < FeedCosts.FOLLOWEES.length; i++) {
      int followees = FeedCosts.FOLLOWEES[i];
      Cost page = costs.page().get(Design.FAN_OUT_ON_READ).get(i);
      assertThat(page.requests()).isEqualTo(FollowPlans.homeFeedRequests(followees));
      // 25 photos of about 230 bytes: two 4 KB blocks, eventually consistent, per followee; the
      // friendships read 1,000 a Query, half a unit per 4 KB.
      assertThat(page.readUnits())
          .as("F = %d", followees)
          .isGreaterThanOrEqualTo(followees + 0.5)
          .isLessThan(followees * 1.02 + 1);
      assertThat(page.writeUnits()).isZero();
    }
  }

  @Test
  void theBenchmarksCopyOfTheFeedFormulaIsTheRepositorys() {
    for (long followees : new long[] {0, 1, 999, 1000, 1001, 2500, 10_000}) {
      assertThat(FeedCosts.homeFeedRequests(followees))
          .isEqualTo(FollowPlans.homeFeedRequests(followees));
    }
  }

  @Test
  void aFanOutOnWritePageIsOneQueryOrAQueryAndABatchGetWhateverTheFollowees() {
    for (int i = 0; i < FeedCosts.FOLLOWEES.length; i++) {
      assertThat(costs.page().get(Design.FAN_OUT_ON_WRITE).get(i)).isEqualTo(new Cost(1, 1, 0));
      // The ids' BatchGetItem rounds each photo up to a 4 KB strongly consistent read.
      assertThat(costs.page().get(Design.FAN_OUT_ON_WRITE_IDS).get(i))
          .isEqualTo(new Cost(2, 0.5 + FeedScenario.PAGE, 0));
    }
  }

  @Test
  void anUploadCostsOneTransactionPlusTheFanOutToEveryFollower() {
    for (int i = 0; i < FeedCosts.FOLLOWERS.length; i++) {
      int n = FeedCosts.FOLLOWERS[i];
      assertThat(costs.upload().get(Design.FAN_OUT_ON_READ).get(i)).isEqualTo(new Cost(1, 2, 4));
      for (Design write : List.of(Design.FAN_OUT_ON_WRITE, Design.FAN_OUT_ON_WRITE_IDS)) {
        Cost upload = costs.upload().get(write).get(i);
        // The transaction; the follower Queries, 1,000 a request; BatchWriteItem of 25.
        assertThat(upload.requests()).isEqualTo(1 + (n / 1000 + 1) + (n + 24) / 25);
        // Two write units per entry, table and index.
        assertThat(upload.writeUnits()).isEqualTo(4 + 2.0 * n);
      }
    }
  }

  @Test
  void theCrossoverGrowsWithFollowersAndShrinksWithFollowees() {
    double[][] breakEven = new double[FeedCosts.FOLLOWEES.length][FeedCosts.FOLLOWERS.length];
    for (int f = 0; f < FeedCosts.FOLLOWEES.length; f++) {
      for (int n = 0; n < FeedCosts.FOLLOWERS.length; n++) {
        breakEven[f][n] = FeedReport.breakEven(costs, Design.FAN_OUT_ON_WRITE, f, n);
        assertThat(breakEven[f][n]).isPositive().isFinite();
        if (n > 0) {
          assertThat(breakEven[f][n]).isGreaterThan(breakEven[f][n - 1]);
        }
        if (f > 0) {
          assertThat(breakEven[f][n]).isLessThan(breakEven[f - 1][n]);
        }
      }
    }
    // Where F = N the break-even is about ten pages per upload: a page by fan-out on read
    // reads a unit per followee, an upload by fan-out on write writes two units per follower.
    for (int i = 1; i < FeedCosts.FOLLOWEES.length; i++) {
      assertThat(breakEven[i][i]).isBetween(9.0, 12.0);
    }
  }

  @Test
  void theBenchmarksRunAndTheReportReadsThem(@TempDir Path dir) throws Exception {
    Path json = dir.resolve("feed.json");
    Options options =
        new OptionsBuilder()
            .include("io\\.quickphotos\\.bench\\.feed\\.FeedBenchmark")
            .param("followees", "1", "10")
            .param("followers", "1", "10")
            .warmupIterations(0)
            .measurementIterations(1)
            .measurementTime(TimeValue.milliseconds(20))
            .forks(0)
            .shouldFailOnError(true)
            .resultFormat(ResultFormatType.JSON)
            .result(json.toString())
            .output(dir.resolve("feed.log").toString())
            .build();

    Collection<RunResult> results = new Runner(options).run();

    assertThat(results).hasSize(2 * Design.values().length * 2);
    Report.Written written = FeedReport.write(List.of(json), dir.resolve("report"), "A smoke run.");
    String markdown = Files.readString(written.markdown());
    assertThat(markdown)
        .contains(
            "## Capacity per feed page",
            "## Capacity per upload",
            "## Crossover: fan-out-on-write against fan-out-on-read",
            "### Feed page",
            "### Upload",
            "| 10 | 11 / 10.5 | 1 / 1.0 | 2 / 25.5 | 11 |");
    assertThat(markdown).doesNotContain("No JMH results").contains("A smoke run.");
    assertThat(written.charts()).hasSize(2);
    for (Path chart : written.charts()) {
      byte[] png = Files.readAllBytes(chart);
      assertThat(png.length).isGreaterThan(10_000);
      assertThat(Arrays.copyOf(png, 4)).isEqualTo(new byte[] {(byte) 0x89, 'P', 'N', 'G'});
    }
  }
}
