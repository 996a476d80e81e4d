package io.quickphotos.dynamo.internal;

import io.quickphotos.engine.Operation;
import io.quickphotos.engine.Retries;
import java.util.List;
import software.amazon.awssdk.awscore.AwsRequestOverrideConfiguration;
import software.amazon.awssdk.core.metrics.CoreMetric;
import software.amazon.awssdk.metrics.MetricCollection;
import software.amazon.awssdk.metrics.MetricPublisher;

/**
 * Counts the attempts the SDK's retry strategy made inside each request, for the call's cost: a
 * per-request metric publisher (the client is the application's, so no interceptor can be added
 * to it), which the synchronous client calls on the calling thread once the request has ended,
 * before it returns or throws. Each attempt after the first is an SDK retry; an attempt that
 * failed with error type {@code Throttling} is a throttle, one with {@code IO} or
 * {@code ConfiguredTimeout} an unknown outcome (it may have reached DynamoDB).
 *
 * <p>Stateless and thread-safe: it counts through {@link Retries}, on the calling thread.
 */
final class SdkAttempts implements MetricPublisher {
  /** The override every request carries when attempts are counted. */
  static final AwsRequestOverrideConfiguration COUNTED =
      AwsRequestOverrideConfiguration.builder().addMetricPublisher(new SdkAttempts()).build();

  private static final String ATTEMPT = "ApiCallAttempt";

  private SdkAttempts() {}

  @Override
  public void publish(MetricCollection call) {
    Operation operation = operation(call.metricValues(CoreMetric.OPERATION_NAME));
    if (operation == null) {
      return;
    }
    int attempt = 0;
    for (MetricCollection child : call.children()) {
      if (!ATTEMPT.equals(child.name())) {
        continue;
      }
      if (attempt++ > 0) {
        Retries.sdkRetry(operation);
      }
      for (String error : child.metricValues(CoreMetric.ERROR_TYPE)) {
        switch (error) {
          case "Throttling" -> Retries.throttled(operation);
          case "IO", "ConfiguredTimeout" -> Retries.unknownOutcome(operation);
          default -> {}
        }
      }
    }
  }

  private static Operation operation(List<String> names) {
    if (names.isEmpty()) {
      return null;
    }
    for (Operation operation : Operation.values()) {
      if (operation.wireName().equals(names.get(0))) {
        return operation;
      }
    }
    return null;
  }

  @Override
  public void close() {}
}
