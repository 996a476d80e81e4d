package io.quickphotos;

/** Thrown when an operation needs a photo that does not exist. */
public class PhotoNotFoundException extends QuickPhotosException {
  private static final long serialVersionUID = 1L;

  /**
   * Creates the exception.
   *
   * @param message what went wrong, for people
   */
  public PhotoNotFoundException(String message) {
    super(message);
  }

  /**
   * Creates the exception with the underlying cause.
   *
   * @param message what went wrong, for people
   * @param cause the lower-level failure, kept for diagnosis
   */
  public PhotoNotFoundException(String message, Throwable cause) {
    super(message, cause);
  }
}
