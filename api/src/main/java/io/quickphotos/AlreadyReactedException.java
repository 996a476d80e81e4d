package io.quickphotos;

/** Thrown when a user reacts to a photo with a reaction type they already used on it. */
public class AlreadyReactedException extends QuickPhotosException {
  private static final long serialVersionUID = 1L;

  /**
   * Creates the exception.
   *
   * @param message what went wrong, for people
   */
  public AlreadyReactedException(String message) {
    super(message);
  }

  /**
   * Creates the exception with the underlying cause.
   *
   * @param message what went wrong, for people
   * @param cause the lower-level failure, kept for diagnosis
   */
  public AlreadyReactedException(String message, Throwable cause) {
    super(message, cause);
  }
}
