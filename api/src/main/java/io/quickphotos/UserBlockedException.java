package io.quickphotos;

/**
 * A user tries to follow someone it blocked, or to react to its photos. Kind {@link QuickPhotosException.Kind#CONFLICT};
 * {@link #blocker()} is the caller and {@link #blocked()} the user it blocked. The user blocked
 * is never told of the block: it is answered as if the blocker did not exist
 * ({@link UserNotFoundException}, {@link PhotoNotFoundException}). The rules:
 * {@code docs/privacy.md}.
 *
 * <p>Thrown by:
 *
 * <ul>
 *   <li>{@link QuickPhotos#follow}: the follower has blocked the user it follows; unblock first.
 *   <li>{@link QuickPhotos#reactTo}: the reactor has blocked the photo's owner (a block took
 *       back the reactions between the two, both ways); unblock first.
 * </ul>
 *
 * <p><b>Written:</b> nothing.
 *
 * <p><b>After a retry</b> of a {@code follow} or {@code reactTo} whose outcome was unknown, the
 * block was made after your earlier attempt, which the block then removed if it had landed.
 */
public class UserBlockedException extends ConflictException {
  private static final long serialVersionUID = 1L;

  private UserBlockedException(String blocker, String blocked) {
    super(blocker + " has blocked " + blocked, Concerns.block(blocker, blocked));
  }

  /**
   * The exception for a block that stands in the way, with the message
   * {@code <blocker> has blocked <blocked>}.
   *
   * @param blocker the handle of the user who blocked
   * @param blocked the handle of the user blocked
   * @return the exception, without a cause, which {@link #initCause} may set
   * @throws NullPointerException if an identifier is null
   */
  public static UserBlockedException of(String blocker, String blocked) {
    return new UserBlockedException(blocker, blocked);
  }

  /**
   * The user who blocked.
   *
   * @return the handle, {@code blocker} in {@link #identifiers()}
   */
  public String blocker() {
    return concerns().blocker();
  }

  /**
   * The user blocked.
   *
   * @return the handle, {@code blocked} in {@link #identifiers()}
   */
  public String blocked() {
    return concerns().blocked();
  }
}
