package io.quickphotos;

/** Thrown when a user follows someone they already follow. */
public class AlreadyFollowingException extends QuickPhotosException {
  private static final long serialVersionUID = 1L;

  /**
   * Creates the exception.
   *
   * @param message what went wrong, for people
   */
  public AlreadyFollowingException(String message) {
    super(message);
  }

  /**
   * Creates the exception with the underlying cause.
   *
   * @param message what went wrong, for people
   * @param cause the lower-level failure, kept for diagnosis
   */
  public AlreadyFollowingException(String message, Throwable cause) {
    super(message, cause);
  }
}
