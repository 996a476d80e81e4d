package io.quickphotos.internal.repository;

import io.quickphotos.RetryPolicy;

/**
 * Waits between retries of unprocessed keys and items and of cancelled transactions. Normally a
 * {@link RetryPolicy}'s {@link RetryPolicy#pauseBefore}; tests record the calls instead.
 */
@FunctionalInterface
interface Backoff {
  /** Attempts per call, the first included, under the default policy. */
  int MAX_ATTEMPTS = RetryPolicy.defaults().maxAttempts();

  /** Sleeps with full jitter, as {@link RetryPolicy#defaults()}. */
  Backoff DEFAULT = RetryPolicy.defaults()::pauseBefore;

  /**
   * Waits before retry {@code attempt}.
   *
   * @param attempt the number of the attempt about to be made, from 1
   */
  void pause(int attempt);
}
