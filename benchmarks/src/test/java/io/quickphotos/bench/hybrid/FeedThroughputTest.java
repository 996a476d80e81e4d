package io.quickphotos.bench.hybrid;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The hybrid feed's fan-outs on the throughput model ({@code Throughput.onDemand()}), small
 * enough to take seconds: a celebrity above K uploading while its followers read is throttled
 * nowhere, and the fan-outs of many ordinary authors spread over partitions, the hottest far
 * below its limit.
 */
class FeedThroughputTest {

  @Test
  void aCelebrityAboveKUploadsWhileItsFollowersReadAndNothingIsThrottled() {
    FeedThroughput.Run run =
        FeedThroughput.run(
            new FeedThroughput.Load("celebrity", 1, 2_000, 1_000, 2_000, 30, 5, 10, 100, 3, 7));

    assertThat(run.audience()).isEqualTo(1_000);
    assertThat(run.throttledAttempts()).isZero();
    assertThat(run.failedUploads()).isZero();
    assertThat(run.failedPages()).isZero();
    assertThat(run.pendingLeft()).isZero();
    assertThat(run.entriesWritten()).isEqualTo(run.uploads() * 1_000);
    // The celebrity's own partition is the hottest, and far from its limits.
    assertThat(run.table().get(0).partitionValue()).isEqualTo("USER#celebrity");
    assertThat(run.table().get(0).share()).isLessThan(0.5);
    assertThat(run.index().get(0).share()).isLessThan(0.05);
  }

  @Test
  void ordinaryAuthorsFanOutsSpreadOverPartitionsFarBelowTheirLimits() {
    FeedThroughput.Run run =
        FeedThroughput.run(
            new FeedThroughput.Load("ordinary", 200, 100, 1_000, 2_000, 2, 5, 50, 50, 3, 8));

    assertThat(run.audience()).isEqualTo(100);
    assertThat(run.throttledAttempts()).isZero();
    assertThat(run.failedUploads() + run.failedPages()).isZero();
    assertThat(run.pendingLeft()).isZero();
    assertThat(run.entriesWritten()).isEqualTo(run.uploads() * 100);
    // 5,000 entries a second land on 2,000 timelines: no partition takes a tenth of its limit.
    assertThat(run.writeUnits() / run.load().seconds()).isGreaterThan(10_000);
    for (FeedThroughput.Hot hot : run.table()) {
      assertThat(hot.onIndex()).isFalse();
      assertThat(hot.share()).as(hot.partitionValue()).isLessThan(0.1);
    }
    for (FeedThroughput.Hot hot : run.index()) {
      assertThat(hot.share()).as(hot.partitionValue()).isLessThan(0.1);
    }
  }
}
