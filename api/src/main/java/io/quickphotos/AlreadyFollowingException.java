package io.quickphotos;

/**
 * A user follows someone they already follow. Kind {@link QuickPhotosException.Kind#CONFLICT};
 * {@link #follower()} and {@link #followed()} are the two users.
 *
 * <p>Thrown by:
 *
 * <ul>
 *   <li>{@link QuickPhotos#follow}: the friendship exists.
 * </ul>
 *
 * <p><b>Written:</b> nothing.
 *
 * <p><b>After a retry</b> of a {@code follow} whose outcome was unknown, it means done: the
 * friendship is there, whether your earlier attempt or another call made it.
 */
public class AlreadyFollowingException extends ConflictException {
  private static final long serialVersionUID = 2L;

  private AlreadyFollowingException(String follower, String followed) {
    super(follower + " already follows " + followed, Concerns.follow(follower, followed));
  }

  /**
   * The exception for a friendship that exists, with the message
   * {@code <follower> already follows <followed>}.
   *
   * @param follower the handle of the user who follows
   * @param followed the handle of the user followed
   * @return the exception, without a cause, which {@link #initCause} may set
   * @throws NullPointerException if an identifier is null
   */
  public static AlreadyFollowingException of(String follower, String followed) {
    return new AlreadyFollowingException(follower, followed);
  }

  /**
   * The user who follows.
   *
   * @return the handle, {@code follower} in {@link #identifiers()}
   */
  public String follower() {
    return concerns().follower();
  }

  /**
   * The user followed.
   *
   * @return the handle, {@code followed} in {@link #identifiers()}
   */
  public String followed() {
    return concerns().followed();
  }
}
