package io.quickphotos;

/** Thrown when an operation needs a user that does not exist. */
public class UserNotFoundException extends QuickPhotosException {
  private static final long serialVersionUID = 1L;

  /**
   * Creates the exception.
   *
   * @param message what went wrong, for people
   */
  public UserNotFoundException(String message) {
    super(message);
  }

  /**
   * Creates the exception with the underlying cause.
   *
   * @param message what went wrong, for people
   * @param cause the lower-level failure, kept for diagnosis
   */
  public UserNotFoundException(String message, Throwable cause) {
    super(message, cause);
  }
}
