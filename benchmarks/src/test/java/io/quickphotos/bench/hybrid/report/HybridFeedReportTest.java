package io.quickphotos.bench.hybrid.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.bench.hybrid.FeedThroughput;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Smoke mode for {@link HybridFeedReport}: tiny sizes, one timed call per case at a 1 ms delay.
 * Asserts no time: the requests are the design's, every fan-out is complete when its upload
 * returns, the audience stops at K, and the report's files are written.
 */
class HybridFeedReportTest {

  private static final int K = 20;

  @Test
  void measuresPagesUploadsStorageAndTheThroughputModelAndWritesTheReport(@TempDir Path dir)
      throws Exception {
    HybridFeedReport.Settings settings =
        new HybridFeedReport.Settings(
            List.of(10),
            List.of(0, 2),
            List.of(1),
            K,
            List.of(10, 30),
            25,
            List.of(10, 30),
            1,
            Duration.ofMillis(1),
            new FeedThroughput.Settings(
                new FeedThroughput.Load("celebrity", 1, 60, K, 60, 5, 3, 10, 30, 3, 1),
                new FeedThroughput.Load("ordinary", 20, 10, K, 50, 1, 3, 20, 30, 3, 2)));

    HybridFeedReport.Results results = HybridFeedReport.measure(settings);

    assertThat(results.pages()).hasSize(6);
    for (HybridFeedReport.PageRow row : results.pages()) {
      int expected = row.mode().equals("hybrid") ? 3 + row.pulls() : row.followees() + 1;
      assertThat(row.serviceRequests()).as(row.toString()).isEqualTo(expected);
      assertThat(row.local().minRequests()).as(row.toString()).isEqualTo(expected);
    }
    for (HybridFeedReport.UploadRow row : results.uploads()) {
      assertThat(row.incomplete()).as(row.toString()).isZero();
      if (row.mode().equals("pull")) {
        assertThat(row.timed().maxRequests()).isEqualTo(1);
      } else {
        assertThat(row.audience()).isEqualTo(Math.min(row.followers(), row.k()));
        assertThat(row.timed().maxRequests())
            .as(row.toString())
            .isEqualTo(HybridMarkdown.designRequests(row.audience(), row.k()));
      }
    }
    assertThat(results.storage().entryBytes()).isPositive();
    assertThat(results.storage().audienceBytes()).isPositive();
    assertThat(results.storage().friendshipMarkBytes()).isPositive();
    for (FeedThroughput.Run run : results.throughput()) {
      assertThat(run.throttledAttempts()).as(run.load().name()).isZero();
      assertThat(run.failedUploads() + run.failedPages()).isZero();
      assertThat(run.pendingLeft()).isZero();
      assertThat(run.entriesWritten()).isEqualTo(run.uploads() * run.audience());
      assertThat(run.table().get(0).share()).isLessThan(1);
      assertThat(run.index().get(0).share()).isLessThan(1);
    }

    Path markdown =
        HybridFeedReport.write(results, settings, dir.resolve("hybrid"), "before", "after", "1 s");
    assertThat(Files.readString(markdown))
        .contains(
            "## A page",
            "## An upload, by the author's followers N",
            "## An upload, by the audience A",
            "## Storage per timeline follower",
            "## Dollars per million",
            "## On the throughput model");
    assertThat(Files.readAllLines(dir.resolve("hybrid.csv")))
        .hasSize(1 + results.pages().size() + results.uploads().size());
    assertThat(dir.resolve("hybrid.png")).isNotEmptyFile();
  }

  @Test
  void uploadDesignIsTheTransactionTheAudiencePagesTheBatchesAndTheDelete() {
    assertThat(HybridMarkdown.designRequests(10, 1_000)).isEqualTo(4);
    assertThat(HybridMarkdown.designRequests(999, 1_000)).isEqualTo(43);
    // The audience of K and the upload's own pending fan-out in one Query page of K + 25.
    assertThat(HybridMarkdown.designRequests(1000, 1_000)).isEqualTo(43);
    assertThat(HybridMarkdown.designRoundTrips(1000, 1_000, 50)).isEqualTo(4);
    assertThat(HybridMarkdown.designRoundTrips(10_000, 10_000, 50)).isEqualTo(1 + 1 + 8 + 1);
  }
}
