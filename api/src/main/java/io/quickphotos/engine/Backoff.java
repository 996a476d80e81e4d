package io.quickphotos.engine;

import io.quickphotos.RetryPolicy;
import io.quickphotos.ServiceUnavailableException;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Waits between retries: the repository's retries of unprocessed keys and items and of cancelled
 * transactions, and the memory engine's simulated SDK retries. {@link #of(RetryPolicy)} waits as
 * the policy says; tests record the calls instead.
 */
@FunctionalInterface
public interface Backoff {
  /**
   * Waits before retry {@code retry}.
   *
   * @param retry the number of the retry about to be made, from 1
   * @throws ServiceUnavailableException if the thread is interrupted while waiting (the
   *     interrupt flag is set again)
   */
  void pause(int retry);

  /**
   * Exponential backoff with full jitter as the policy describes: before retry {@code n}, a
   * uniformly random wait up to {@link #ceiling ceiling(policy, n)}; no wait at all for a policy
   * without delay.
   *
   * @param policy the policy
   * @return a backoff that sleeps on the calling thread
   */
  static Backoff of(RetryPolicy policy) {
    return retry -> {
      long ceiling = ceiling(policy, retry).toNanos();
      if (ceiling == 0) {
        return;
      }
      long nanos = ThreadLocalRandom.current().nextLong(ceiling + 1);
      try {
        Thread.sleep(nanos / 1_000_000, (int) (nanos % 1_000_000));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new ServiceUnavailableException(
            "interrupted while backing off",
            ServiceUnavailableException.Reason.INTERRUPTED,
            ServiceUnavailableException.Written.NOTHING,
            e);
      }
    };
  }

  /**
   * The longest wait before a retry: {@code min(maxDelay, baseDelay·2^retry)}.
   *
   * @param policy the policy
   * @param retry the number of the retry, from 1
   * @return the ceiling of the wait; zero for a policy without delay
   */
  static Duration ceiling(RetryPolicy policy, int retry) {
    long base = policy.baseDelay().toNanos();
    long cap = policy.maxDelay().toNanos();
    if (base == 0 || cap == 0) {
      return Duration.ZERO;
    }
    int shift = Math.min(Math.max(retry, 0), 62);
    long ceiling = base > (cap >> shift) ? cap : Math.min(cap, base << shift);
    return Duration.ofNanos(ceiling);
  }
}
