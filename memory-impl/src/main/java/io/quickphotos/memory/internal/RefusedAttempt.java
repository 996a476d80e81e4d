package io.quickphotos.memory.internal;

/**
 * One attempt of a request that DynamoDB refused without doing anything, with an error the AWS
 * SDK retries inside the call ({@link SimulatedSdkRetries}): thrown by the decorators below it,
 * never seen above it.
 */
final class RefusedAttempt extends RuntimeException {
  private static final long serialVersionUID = 1L;
  // SDK error codes, not transaction reasons: Limits holds only the latter.
  private static final String THROTTLED = "ProvisionedThroughputExceededException";
  private static final String THROTTLED_MESSAGE =
      "The level of configured provisioned"
          + " throughput for the table was exceeded. Consider increasing your provisioning level"
          + " with the UpdateTable API.";
  private static final String INTERNAL_SERVER_ERROR = "InternalServerError";

  private final String code;

  private RefusedAttempt(String code, String message) {
    // No stack trace: an expected outcome, thrown and caught once per refused attempt.
    super(code + ": " + message, null, false, false);
    this.code = code;
  }

  /** A scripted throttle refused the request. */
  static RefusedAttempt throttled() {
    return new RefusedAttempt(THROTTLED, THROTTLED_MESSAGE);
  }

  /**
   * A partition's throughput refused the request, in the service's words: {@code message} names
   * the throttled resource and the throttling reasons.
   */
  static RefusedAttempt throttled(String message) {
    return new RefusedAttempt(THROTTLED, message);
  }

  /** DynamoDB failed with HTTP 500. */
  static RefusedAttempt internalServerError() {
    return new RefusedAttempt(INTERNAL_SERVER_ERROR, "Internal server error");
  }

  /** Whether the attempt was refused because of throughput (not a server error). */
  boolean throttling() {
    return THROTTLED.equals(code);
  }

  /** The error code, as the SDK's exception reports it. */
  String code() {
    return code;
  }
}
