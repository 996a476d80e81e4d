package io.quickphotos;

/**
 * A request to follow that is not pending: never made, or already approved, declined or
 * withdrawn. Kind {@link QuickPhotosException.Kind#NOT_FOUND}; {@link #follower()} is the
 * requester and {@link #followed()} the account asked. The rules: {@code docs/privacy.md}.
 *
 * <p>Thrown by:
 *
 * <ul>
 *   <li>{@link QuickPhotos#approveRequest}: the requester has no pending request to the account
 *       (also when one of the two has blocked the other since, which removed it);
 *   <li>{@link QuickPhotos#declineRequest}: the requester has no pending request to the account;
 *   <li>{@link QuickPhotos#withdrawRequest}: the requester has no pending request to the account.
 * </ul>
 *
 * <p><b>Written:</b> nothing.
 *
 * <p><b>After a retry</b> of a call whose outcome was unknown, it means done: the request is no
 * longer pending, whether your earlier attempt or another call ended it.
 */
public class FollowRequestNotFoundException extends NotFoundException {
  private static final long serialVersionUID = 1L;

  private FollowRequestNotFoundException(String follower, String followed) {
    super(
        follower + " has no pending request to follow " + followed,
        Concerns.follow(follower, followed));
  }

  /**
   * The exception for a request that is not pending, with the message
   * {@code <follower> has no pending request to follow <followed>}.
   *
   * @param follower the handle of the requester
   * @param followed the handle of the account asked
   * @return the exception, without a cause, which {@link #initCause} may set
   * @throws NullPointerException if an identifier is null
   */
  public static FollowRequestNotFoundException of(String follower, String followed) {
    return new FollowRequestNotFoundException(follower, followed);
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
   * The account asked.
   *
   * @return the handle, {@code followed} in {@link #identifiers()}
   */
  public String followed() {
    return concerns().followed();
  }
}
