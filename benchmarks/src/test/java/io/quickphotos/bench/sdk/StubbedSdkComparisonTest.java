package io.quickphotos.bench.sdk;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Smoke mode for {@link StubbedSdkComparison}: every pattern, both backends, a few calls each;
 * measures nothing, but checks that each backend's calls replay their recorded responses and
 * that the table reads them.
 */
class StubbedSdkComparisonTest {

  @Test
  void everyPatternRunsInterleavedOnBothBackends() {
    List<StubbedSdkComparison.Result> results = StubbedSdkComparison.measure(2, 3, 1);

    assertThat(results)
        .extracting(StubbedSdkComparison.Result::pattern)
        .containsExactlyElementsOf(StubbedSdkBenchmark.PATTERNS.keySet());
    assertThat(results)
        .allSatisfy(
            r -> {
              assertThat(r.implMicros()).isPositive();
              assertThat(r.rawMicros()).isPositive();
              assertThat(r.lowRatio()).isLessThanOrEqualTo(r.ratio());
              assertThat(r.ratio()).isLessThanOrEqualTo(r.highRatio());
              // Every call goes through the SDK, which allocates kilobytes per request.
              assertThat(r.implBytes()).isGreaterThan(1000);
              assertThat(r.rawBytes()).isGreaterThan(1000);
            });
    assertThat(StubbedSdkComparison.markdown(results, 2, 3))
        .contains("| followedBy | ", "overhead µs");
  }
}
