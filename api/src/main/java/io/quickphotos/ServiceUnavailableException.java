package io.quickphotos;

/** Thrown when the backend stays throttled, conflicted or unreachable after the bounded retries. */
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
