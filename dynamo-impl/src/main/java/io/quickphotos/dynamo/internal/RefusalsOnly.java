package io.quickphotos.dynamo.internal;

import java.time.Duration;
import software.amazon.awssdk.awscore.AwsRequestOverrideConfiguration;
import software.amazon.awssdk.core.SdkPlugin;
import software.amazon.awssdk.core.SdkServiceClientConfiguration;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.retries.DefaultRetryStrategy;
import software.amazon.awssdk.retries.api.BackoffStrategy;
import software.amazon.awssdk.retries.api.RetryStrategy;

/**
 * A per-request plugin that gives one request a retry strategy of its own: it resends only an
 * attempt DynamoDB refused for throughput (HTTP 400, throttling codes), which wrote nothing, and
 * never one that timed out, lost its answer or met a server error, any of which may have been
 * applied. For {@link DynamoTable#writeAtMostOnce}: the client is the application's and its
 * strategy is fixed when the client is built, so the request carries the change (the SDK applies
 * request-level plugins to that request alone). As many attempts as the client's own strategy
 * allows, with the SDK's standard backoff; no retry quota, so nothing is shared with the
 * client's other requests.
 *
 * <p>Stateless and thread-safe.
 */
final class RefusalsOnly implements SdkPlugin {
  /** Attempts when the client names no strategy: the SDK's standard mode's. */
  private static final int DEFAULT_ATTEMPTS = 3;

  private static final RefusalsOnly PLUGIN = new RefusalsOnly();

  private RefusalsOnly() {}

  /**
   * A request's override with this plugin added.
   *
   * @param base the override the engine's other requests carry; null for none
   * @return the override for a write sent at most once
   */
  static AwsRequestOverrideConfiguration override(AwsRequestOverrideConfiguration base) {
    AwsRequestOverrideConfiguration.Builder builder =
        base == null ? AwsRequestOverrideConfiguration.builder() : base.toBuilder();
    return builder.addPlugin(PLUGIN).build();
  }

  @Override
  public void configureClient(SdkServiceClientConfiguration.Builder config) {
    ClientOverrideConfiguration current = config.overrideConfiguration();
    int attempts =
        current == null
            ? DEFAULT_ATTEMPTS
            : current.retryStrategy().map(RetryStrategy::maxAttempts).orElse(DEFAULT_ATTEMPTS);
    config.overrideConfiguration(o -> o.retryStrategy(strategy(attempts)));
  }

  private static RetryStrategy strategy(int attempts) {
    return DefaultRetryStrategy.standardStrategyBuilder()
        .maxAttempts(Math.max(1, attempts))
        .retryOnException(SdkErrors::refusedForThroughput)
        .treatAsThrottling(SdkErrors::refusedForThroughput)
        .backoffStrategy(
            BackoffStrategy.exponentialDelay(Duration.ofMillis(25), Duration.ofSeconds(20)))
        .throttlingBackoffStrategy(
            BackoffStrategy.exponentialDelay(Duration.ofMillis(500), Duration.ofSeconds(20)))
        .circuitBreakerEnabled(false)
        .build();
  }
}
