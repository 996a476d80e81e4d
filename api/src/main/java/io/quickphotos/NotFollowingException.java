package io.quickphotos;

/** Thrown when a user unfollows someone they do not follow. */
public class NotFollowingException extends QuickPhotosException {
  private static final long serialVersionUID = 1L;

  /**
   * Creates the exception.
   *
   * @param message what went wrong, for people
   */
  public NotFollowingException(String message) {
    super(message);
  }

  /**
   * Creates the exception with the underlying cause.
   *
   * @param message what went wrong, for people
   * @param cause the lower-level failure, kept for diagnosis
   */
  public NotFollowingException(String message, Throwable cause) {
    super(message, cause);
  }
}
