package io.quickphotos;

/**
 * The kind {@link QuickPhotosException.Kind#CONFLICT}: what the call would create is already in
 * the table (a username taken, a photo at the same owner and instant, a friendship, a reaction of
 * the same type, a pending request), the caller's own block stands in its way, or what it would
 * change has changed since the version it names.
 *
 * <p>Beneath it: {@link UserAlreadyExistsException}, {@link PhotoAlreadyExistsException},
 * {@link AlreadyFollowingException}, {@link AlreadyReactedException},
 * {@link AlreadyRequestedException}, {@link UserBlockedException},
 * {@link VersionConflictException}; each names the methods that throw it and the identifiers it
 * carries.
 *
 * <p><b>Written:</b> nothing by this call: the write's condition was checked atomically with it
 * and failed. The state that failed it is another call's, or an earlier attempt of yours whose
 * outcome was unknown ({@link ServiceUnavailableException}), never this call's own: every write
 * is applied once and answered as if sent once, however often the SDK resends it or the
 * repository retries it (transactions carry one {@code ClientRequestToken} per call, and
 * {@link QuickPhotos#createUser} recognises its own item). One addition under the hybrid feed
 * is described on {@link PhotoAlreadyExistsException}.
 *
 * <p><b>After a retry</b> of a write whose outcome was unknown, whether this means "done" depends
 * on the class: each class's Javadoc says. An HTTP service answers 409; the message and
 * {@link #identifiers()} describe the caller's request and may be shown.
 */
public abstract class ConflictException extends QuickPhotosException {
  private static final long serialVersionUID = 1L;

  /**
   * Creates the exception.
   *
   * @param message what already exists, for people
   */
  protected ConflictException(String message) {
    super(Kind.CONFLICT, message);
  }

  /**
   * Creates the exception with the underlying cause.
   *
   * @param message what already exists, for people
   * @param cause the lower-level failure, kept for diagnosis
   */
  protected ConflictException(String message, Throwable cause) {
    super(Kind.CONFLICT, message, cause);
  }

  /** The exception of a class beneath this one, with what it concerns and no cause yet. */
  ConflictException(String message, Concerns concerns) {
    super(Kind.CONFLICT, message, concerns);
  }
}
