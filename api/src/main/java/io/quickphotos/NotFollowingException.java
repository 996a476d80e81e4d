package io.quickphotos;

/**
 * A user unfollows someone they do not follow. Kind {@link QuickPhotosException.Kind#NOT_FOUND};
 * {@link #follower()} and {@link #followed()} are the two users.
 *
 * <p>Thrown by:
 *
 * <ul>
 *   <li>{@link QuickPhotos#unfollow}: there is no such friendship.
 * </ul>
 *
 * <p><b>Written:</b> nothing.
 *
 * <p><b>After a retry</b> of an {@code unfollow} whose outcome was unknown, it means done: the
 * friendship is gone, whether your earlier attempt or another call ended it.
 */
public class NotFollowingException extends NotFoundException {
  private static final long serialVersionUID = 2L;

  private NotFollowingException(String follower, String followed) {
    super(follower + " does not follow " + followed, Concerns.follow(follower, followed));
  }

  /**
   * The exception for a friendship that does not exist, with the message
   * {@code <follower> does not follow <followed>}.
   *
   * @param follower the handle of the user who would follow
   * @param followed the handle of the user who would be followed
   * @return the exception, without a cause, which {@link #initCause} may set
   * @throws NullPointerException if an identifier is null
   */
  public static NotFollowingException of(String follower, String followed) {
    return new NotFollowingException(follower, followed);
  }

  /**
   * The user who does not follow.
   *
   * @return the handle, {@code follower} in {@link #identifiers()}
   */
  public String follower() {
    return concerns().follower();
  }

  /**
   * The user not followed.
   *
   * @return the handle, {@code followed} in {@link #identifiers()}
   */
  public String followed() {
    return concerns().followed();
  }
}
