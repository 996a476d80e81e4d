package io.quickphotos;

/** Thrown when a page cursor is malformed, was tampered with, or belongs to another listing. */
public class InvalidCursorException extends InvalidInputException {
  private static final long serialVersionUID = 1L;

  /**
   * Creates the exception.
   *
   * @param message what went wrong, for people
   */
  public InvalidCursorException(String message) {
    super(message);
  }

  /**
   * Creates the exception with the underlying cause.
   *
   * @param message what went wrong, for people
   * @param cause the lower-level failure, kept for diagnosis
   */
  public InvalidCursorException(String message, Throwable cause) {
    super(message, cause);
  }
}
