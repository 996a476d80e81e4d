package io.quickphotos;

import java.time.Duration;
import java.util.Objects;

/**
 * How a repository retries what DynamoDB asks it to retry: the keys a BatchGetItem left
 * unprocessed, the items a BatchWriteItem left unprocessed, transactions cancelled only by
 * conflicts or throttling, and a transaction whose earlier attempt is still in progress under
 * the call's {@code ClientRequestToken} ({@code TransactionInProgressException}; retried under
 * the same token, so it is applied once). Before retry {@code n} (counting from 1) the repository
 * waits a random time in {@code [0, min(maxDelay, baseDelay·2ⁿ)]} (exponential backoff with full
 * jitter), so the first retry waits at most twice {@code baseDelay}; after {@code maxAttempts}
 * attempts in all it gives up with {@link ServiceUnavailableException}. With the
 * {@linkplain #defaults() defaults} the ceilings are 40 ms, 80 ms, 160 ms, 320 ms, 640 ms,
 * 1.28 s and 2 s: at most 4.52 s of waiting in all.
 *
 * <p>The in-memory backend also uses the policy where the AWS SDK would retry inside one request
 * (throttling and internal server errors injected by its fault scripting); on DynamoDB those
 * retries are the SDK client's own, configured on the {@code DynamoDbClient}.
 *
 * <pre>{@code
 * QuickPhotos photos = MemoryQuickPhotos.builder()
 *     .retryPolicy(RetryPolicy.noDelay())   // tests reach the retry limit without sleeping
 *     .build();
 * }</pre>
 *
 * <p>Immutable and thread-safe.
 *
 * @param maxAttempts attempts per request, the first included; at least 1
 * @param baseDelay half the ceiling of the first retry's wait; the ceiling doubles with each
 *     retry
 * @param maxDelay the longest single wait
 */
public record RetryPolicy(int maxAttempts, Duration baseDelay, Duration maxDelay) {
  private static final RetryPolicy DEFAULT =
      new RetryPolicy(8, Duration.ofMillis(20), Duration.ofSeconds(2));

  /**
   * Creates a policy.
   *
   * @param maxAttempts attempts per request, the first included; at least 1
   * @param baseDelay half the ceiling of the first retry's wait; zero or positive
   * @param maxDelay the longest single wait; zero or positive
   * @throws IllegalArgumentException if {@code maxAttempts} is below 1 or a delay is negative
   * @throws NullPointerException if a delay is null
   */
  public RetryPolicy {
    if (maxAttempts < 1) {
      throw new IllegalArgumentException("maxAttempts must be at least 1: " + maxAttempts);
    }
    Objects.requireNonNull(baseDelay, "baseDelay");
    Objects.requireNonNull(maxDelay, "maxDelay");
    if (baseDelay.isNegative() || maxDelay.isNegative()) {
      throw new IllegalArgumentException(
          "delays must not be negative: " + baseDelay + ", " + maxDelay);
    }
  }

  /**
   * The default: 8 attempts, 20 ms base delay, at most 2 s a wait, full jitter: the 7 retries
   * wait at most 40 ms, 80 ms, ... 1.28 s and 2 s, 4.52 s in all.
   *
   * @return the default policy
   */
  public static RetryPolicy defaults() {
    return DEFAULT;
  }

  /**
   * The default number of attempts (8) without any waiting: for tests that drive a repository
   * into its retry limit.
   *
   * @return a policy that never sleeps
   */
  public static RetryPolicy noDelay() {
    return noDelay(DEFAULT.maxAttempts);
  }

  /**
   * A number of attempts without any waiting.
   *
   * @param maxAttempts attempts per request, the first included; at least 1
   * @return a policy that never sleeps
   * @throws IllegalArgumentException if {@code maxAttempts} is below 1
   */
  public static RetryPolicy noDelay(int maxAttempts) {
    return new RetryPolicy(maxAttempts, Duration.ZERO, Duration.ZERO);
  }

  /**
   * A policy with the default's 2 s cap on a single wait.
   *
   * @param maxAttempts attempts per request, the first included; at least 1
   * @param baseDelay half the ceiling of the first retry's wait
   * @return the policy
   * @throws IllegalArgumentException if {@code maxAttempts} is below 1 or the delay negative
   */
  public static RetryPolicy of(int maxAttempts, Duration baseDelay) {
    return new RetryPolicy(maxAttempts, baseDelay, DEFAULT.maxDelay);
  }
}
