package io.quickphotos;

/** Thrown when a user takes back a reaction they have not left. */
public class ReactionNotFoundException extends QuickPhotosException {
  private static final long serialVersionUID = 1L;

  /**
   * Creates the exception.
   *
   * @param message what went wrong, for people
   */
  public ReactionNotFoundException(String message) {
    super(message);
  }

  /**
   * Creates the exception with the underlying cause.
   *
   * @param message what went wrong, for people
   * @param cause the lower-level failure, kept for diagnosis
   */
  public ReactionNotFoundException(String message, Throwable cause) {
    super(message, cause);
  }
}
