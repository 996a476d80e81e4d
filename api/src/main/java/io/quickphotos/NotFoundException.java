package io.quickphotos;

/**
 * The kind {@link QuickPhotosException.Kind#NOT_FOUND}: something the call needs is not in the
 * table. A user or photo that is being deleted counts as missing for every write: once
 * {@link QuickPhotos#deleteUser} has marked an account closing, or {@link QuickPhotos#deletePhoto}
 * a photo deleting, writes by or to it fail with this kind, while reads still see what is left.
 *
 * <p>Beneath it: {@link UserNotFoundException}, {@link PhotoNotFoundException},
 * {@link NotFollowingException}, {@link ReactionNotFoundException},
 * {@link FollowRequestNotFoundException}; each names the methods that throw it and the identifiers
 * it carries. A user who blocked the caller is not found either: a block is not disclosed
 * ({@code docs/privacy.md}).
 *
 * <p><b>Written:</b> nothing by this call. A write checks what it needs with a condition,
 * atomically with the write, and the condition failed; a read found nothing. The state that
 * failed the condition is another call's, or an earlier attempt of yours whose outcome was unknown
 * ({@link ServiceUnavailableException}), never this call's own: every write is applied once and
 * answered as if sent once, however often the SDK resends it or the repository retries it. One
 * exception, on DynamoDB alone, is described on {@link UserNotFoundException}.
 *
 * <p><b>After a retry</b> of a write whose outcome was unknown, whether this means "done" depends
 * on the class and the method: each class's Javadoc says. An HTTP service answers 404; the
 * message and {@link #identifiers()} describe the caller's request and may be shown.
 */
public abstract class NotFoundException extends QuickPhotosException {
  private static final long serialVersionUID = 1L;

  /**
   * Creates the exception.
   *
   * @param message what is missing, for people
   */
  protected NotFoundException(String message) {
    super(Kind.NOT_FOUND, message);
  }

  /**
   * Creates the exception with the underlying cause.
   *
   * @param message what is missing, for people
   * @param cause the lower-level failure, kept for diagnosis
   */
  protected NotFoundException(String message, Throwable cause) {
    super(Kind.NOT_FOUND, message, cause);
  }

  /** The exception of a class beneath this one, with what it concerns and no cause yet. */
  NotFoundException(String message, Concerns concerns) {
    super(Kind.NOT_FOUND, message, concerns);
  }
}
