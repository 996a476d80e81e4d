package io.quickphotos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quickphotos.engine.Backoff;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class RetryPolicyTest {

  @Test
  void theDefaultIsEightAttemptsDoublingFromFortyMillisecondsUpToTwoSeconds() {
    RetryPolicy policy = RetryPolicy.defaults();
    assertThat(policy.maxAttempts()).isEqualTo(8);
    assertThat(Backoff.ceiling(policy, 1)).isEqualTo(Duration.ofMillis(40));
    assertThat(Backoff.ceiling(policy, 2)).isEqualTo(Duration.ofMillis(80));
    assertThat(Backoff.ceiling(policy, 6)).isEqualTo(Duration.ofMillis(1_280));
    assertThat(Backoff.ceiling(policy, 7)).isEqualTo(Duration.ofSeconds(2));
    assertThat(Backoff.ceiling(policy, 1_000)).isEqualTo(Duration.ofSeconds(2));
  }

  @Test
  void noDelayNeverWaits() {
    RetryPolicy policy = RetryPolicy.noDelay(3);
    assertThat(policy.maxAttempts()).isEqualTo(3);
    assertThat(Backoff.ceiling(policy, 5)).isZero();
    long start = System.nanoTime();
    for (int retry = 1; retry < 100; retry++) {
      Backoff.of(policy).pause(retry);
    }
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(1));
    assertThat(RetryPolicy.noDelay().maxAttempts()).isEqualTo(8);
  }

  @Test
  void aPauseStaysWithinItsCeiling() {
    RetryPolicy policy = RetryPolicy.of(2, Duration.ofMillis(1));
    long start = System.nanoTime();
    Backoff.of(policy).pause(1);
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(1));
    assertThat(policy.maxDelay()).isEqualTo(Duration.ofSeconds(2));
  }

  @Test
  void refusesImpossiblePolicies() {
    assertThatThrownBy(() -> RetryPolicy.noDelay(0)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> RetryPolicy.of(3, Duration.ofMillis(-1)))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new RetryPolicy(3, null, Duration.ZERO))
        .isInstanceOf(NullPointerException.class);
  }
}
