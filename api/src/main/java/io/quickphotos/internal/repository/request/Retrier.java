package io.quickphotos.internal.repository.request;

import io.quickphotos.RetryPolicy;
import io.quickphotos.ServiceUnavailableException;
import io.quickphotos.engine.Backoff;
import io.quickphotos.engine.Limits;
import java.util.List;

/**
 * The one retry budget of a repository, from its {@link RetryPolicy}: every loop that tries again
 * (unprocessed keys and items, cancelled transactions, the cascades' rounds) asks it whether one
 * more attempt is allowed and waits through it before making it. Immutable and thread-safe; the
 * attempt counts live in the callers' loops.
 */
public final class Retrier {
  private final Backoff backoff;
  private final int maxAttempts;

  /**
   * A retrier with the policy's budget and waits.
   *
   * @param policy the configured policy
   */
  public Retrier(RetryPolicy policy) {
    this(Backoff.of(policy), policy.maxAttempts());
  }

  /** A retrier whose waits tests record instead of sleeping. */
  public Retrier(Backoff backoff, int maxAttempts) {
    this.backoff = backoff;
    this.maxAttempts = maxAttempts;
  }

  /**
   * Attempts allowed per retried request or cascade round, the first included.
   *
   * @return at least 1
   */
  public int maxAttempts() {
    return maxAttempts;
  }

  /**
   * Whether another attempt is allowed after {@code made} attempts.
   *
   * @param made the attempts made so far
   * @return {@code made < maxAttempts}
   */
  public boolean allows(int made) {
    return made < maxAttempts;
  }

  /**
   * Waits before attempt number {@code attempt} (counting from 0), if it is a retry.
   *
   * @param attempt the attempt about to be made
   */
  public void pauseBefore(int attempt) {
    if (attempt > 0) {
      backoff.pause(attempt);
    }
  }

  /**
   * Why a transaction (or a snapshot read) stayed cancelled with transient reasons alone once
   * the budget was spent: throughput if any action was throttled, else other transactions on its
   * items.
   *
   * @param reasons the last cancellation's reasons
   * @return the reason to report
   */
  public static ServiceUnavailableException.Reason exhaustedFor(List<String> reasons) {
    return reasons.contains(Limits.THROTTLING_ERROR)
        ? ServiceUnavailableException.Reason.THROTTLED
        : ServiceUnavailableException.Reason.CONTENTION;
  }
}
