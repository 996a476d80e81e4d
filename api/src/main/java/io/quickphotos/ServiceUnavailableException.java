package io.quickphotos;

/**
 * Thrown when the backend stays throttled, conflicted or unreachable after the bounded retries
 * ({@link RetryPolicy}). From a write method the outcome is unknown: on DynamoDB a request that
 * timed out or met a server error may have been applied, so read the state or retry and treat
 * "already exists" or "already following" as done. See {@link QuickPhotos} for which exceptions
 * guarantee that nothing was written.
 */
public class ServiceUnavailableException extends QuickPhotosException {
  private static final long serialVersionUID = 1L;

  /**
   * Creates the exception.
   *
   * @param message what went wrong, for people
   */
  public ServiceUnavailableException(String message) {
    super(message);
  }

  /**
   * Creates the exception with the underlying cause.
   *
   * @param message what went wrong, for people
   * @param cause the lower-level failure, kept for diagnosis
   */
  public ServiceUnavailableException(String message, Throwable cause) {
    super(message, cause);
  }
}
