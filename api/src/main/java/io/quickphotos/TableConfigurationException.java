package io.quickphotos;

/**
 * Thrown when the backend is not set up as quickphotos needs: the DynamoDB table is missing or
 * has another key schema, its {@code InvertedIndex} is missing, or the credentials are missing or
 * lack a permission. Not the caller's input and not transient: the deployment must change. The
 * message names the problem; the backend's own exception is the cause.
 */
public class TableConfigurationException extends QuickPhotosException {
  private static final long serialVersionUID = 1L;

  /**
   * Creates the exception.
   *
   * @param message what is misconfigured, for people
   */
  public TableConfigurationException(String message) {
    super(message);
  }

  /**
   * Creates the exception with the underlying cause.
   *
   * @param message what is misconfigured, for people
   * @param cause the backend's own failure, kept for diagnosis
   */
  public TableConfigurationException(String message, Throwable cause) {
    super(message, cause);
  }
}
