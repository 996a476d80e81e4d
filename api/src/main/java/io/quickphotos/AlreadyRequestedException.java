package io.quickphotos;

/**
 * A user asks again to follow a private account it already asked. Kind
 * {@link QuickPhotosException.Kind#CONFLICT}; {@link #follower()} is the requester and
 * {@link #followed()} the account. The rules: {@code docs/privacy.md}.
 *
 * <p>Thrown by:
 *
 * <ul>
 *   <li>{@link QuickPhotos#follow}: the followed account is private and the follower's request
 *       to follow it is still pending.
 * </ul>
 *
 * <p><b>Written:</b> nothing.
 *
 * <p><b>After a retry</b> of a {@code follow} whose outcome was unknown, it means done: the
 * request is pending, whether your earlier attempt made it or an earlier call.
 */
public class AlreadyRequestedException extends ConflictException {
  private static final long serialVersionUID = 1L;

  private AlreadyRequestedException(String follower, String followed) {
    super(follower + " already asked to follow " + followed, Concerns.follow(follower, followed));
  }

  /**
   * The exception for a request that is pending, with the message
   * {@code <follower> already asked to follow <followed>}.
   *
   * @param follower the handle of the requester
   * @param followed the handle of the private account
   * @return the exception, without a cause, which {@link #initCause} may set
   * @throws NullPointerException if an identifier is null
   */
  public static AlreadyRequestedException of(String follower, String followed) {
    return new AlreadyRequestedException(follower, followed);
  }

  /**
   * The requester.
   *
   * @return the handle, {@code follower} in {@link #identifiers()}
   */
  public String follower() {
    return concerns().follower();
  }

  /**
   * The private account asked.
   *
   * @return the handle, {@code followed} in {@link #identifiers()}
   */
  public String followed() {
    return concerns().followed();
  }
}
