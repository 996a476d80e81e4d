package io.quickphotos;

/** Thrown when creating a user whose username is taken. */
public class UserAlreadyExistsException extends QuickPhotosException {
  private static final long serialVersionUID = 1L;

  /**
   * Creates the exception.
   *
   * @param message what went wrong, for people
   */
  public UserAlreadyExistsException(String message) {
    super(message);
  }

  /**
   * Creates the exception with the underlying cause.
   *
   * @param message what went wrong, for people
   * @param cause the lower-level failure, kept for diagnosis
   */
  public UserAlreadyExistsException(String message, Throwable cause) {
    super(message, cause);
  }
}
