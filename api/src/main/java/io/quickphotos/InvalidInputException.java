package io.quickphotos;

/** Thrown before anything is written when an argument is null, empty, too long, breaks the key layout or is otherwise not allowed. */
public class InvalidInputException extends QuickPhotosException {
  private static final long serialVersionUID = 1L;

  /**
   * Creates the exception.
   *
   * @param message what went wrong, for people
   */
  public InvalidInputException(String message) {
    super(message);
  }

  /**
   * Creates the exception with the underlying cause.
   *
   * @param message what went wrong, for people
   * @param cause the lower-level failure, kept for diagnosis
   */
  public InvalidInputException(String message, Throwable cause) {
    super(message, cause);
  }
}
