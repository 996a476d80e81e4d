package io.quickphotos.internal.singletable;

import io.quickphotos.ServiceUnavailableException;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Exponential backoff with full jitter between retries of unprocessed keys and conflicting
 * transactions: before attempt {@code n} wait a random time in {@code [0, min(cap, base·2ⁿ))}.
 */
@FunctionalInterface
interface Backoff {
  /** Attempts per call, the first included. */
  int MAX_ATTEMPTS = 8;
  /** The base delay in milliseconds. */
  long BASE_MILLIS = 20;
  /** The longest single delay in milliseconds. */
  long CAP_MILLIS = 2_000;

  /** Sleeps with full jitter. */
  Backoff DEFAULT = attempt -> {
    long ceiling = Math.min(CAP_MILLIS, BASE_MILLIS << Math.min(attempt, 20));
    try {
      Thread.sleep(ThreadLocalRandom.current().nextLong(ceiling + 1));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ServiceUnavailableException("interrupted while backing off", e);
    }
  };

  /**
   * Waits before retry {@code attempt}.
   *
   * @param attempt the number of the attempt about to be made, from 1
   */
  void pause(int attempt);
}
