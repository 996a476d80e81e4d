package io.quickphotos;

/**
 * The kind {@link QuickPhotosException.Kind#INVALID_INPUT}: an argument the caller passed is not
 * allowed: null, empty, too long, characters that would break the key layout (a {@code #}, a
 * control character), an unknown reaction type, a self-follow, a page size outside 1 to
 * {@value PageRequest#MAX_SIZE}, a profile update that changes nothing, a birth date in the
 * future, the status {@link UserStatus#CLOSING}, a snapshot that refers outside itself or holds a
 * record twice. {@link InvalidCursorException}, beneath it, is a bad cursor.
 *
 * <p>Thrown by every method of {@link QuickPhotos} that takes an argument (each one's
 * {@code @throws} says what it checks), by the records built to be passed when they can judge
 * themselves ({@link PageRequest}, {@link Snapshot} refuse at construction), by
 * {@link ReactionType#parse} and by {@link TableItems}' methods (a bad argument or line, named by
 * number). The same input gets the same exception on both backends.
 *
 * <p><b>Written:</b> nothing, and no request was made: the arguments are checked first. One case
 * comes from the table instead: a request DynamoDB refuses as invalid although quickphotos' own
 * checks passed it (the message says {@code refused by the table}), which also wrote nothing.
 *
 * <p>Retrying the same input fails the same way. An HTTP service answers 400; the message
 * describes the input (cut to a readable length) and may be shown.
 */
public class InvalidInputException extends QuickPhotosException {
  private static final long serialVersionUID = 1L;

  /**
   * Creates the exception.
   *
   * @param message what went wrong, for people
   */
  public InvalidInputException(String message) {
    super(Kind.INVALID_INPUT, message);
  }

  /**
   * Creates the exception with the underlying cause.
   *
   * @param message what went wrong, for people
   * @param cause the lower-level failure, kept for diagnosis
   */
  public InvalidInputException(String message, Throwable cause) {
    super(Kind.INVALID_INPUT, message, cause);
  }
}
