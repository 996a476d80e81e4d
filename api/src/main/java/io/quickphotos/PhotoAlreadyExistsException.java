package io.quickphotos;

/** Thrown when uploading a photo whose owner already has a photo at the same timestamp. */
public class PhotoAlreadyExistsException extends QuickPhotosException {
  private static final long serialVersionUID = 1L;

  /**
   * Creates the exception.
   *
   * @param message what went wrong, for people
   */
  public PhotoAlreadyExistsException(String message) {
    super(message);
  }

  /**
   * Creates the exception with the underlying cause.
   *
   * @param message what went wrong, for people
   * @param cause the lower-level failure, kept for diagnosis
   */
  public PhotoAlreadyExistsException(String message, Throwable cause) {
    super(message, cause);
  }
}
