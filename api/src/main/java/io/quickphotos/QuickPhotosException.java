package io.quickphotos;

/**
 * The root of every error a {@link QuickPhotos} repository reports. Subclasses are named after
 * the condition, so callers catch exactly what they can handle. Backends keep the underlying
 * cause (for DynamoDB, the SDK exception) as {@link #getCause()}.
 */
public class QuickPhotosException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /**
   * Creates an exception with a message.
   *
   * @param message what went wrong, for people
   */
  public QuickPhotosException(String message) {
    super(message);
  }

  /**
   * Creates an exception with a message and the underlying cause.
   *
   * @param message what went wrong, for people
   * @param cause the lower-level failure, kept for diagnosis
   */
  public QuickPhotosException(String message, Throwable cause) {
    super(message, cause);
  }
}
