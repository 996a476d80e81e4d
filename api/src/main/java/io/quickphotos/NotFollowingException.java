package io.quickphotos;

import java.util.Map;
import java.util.Optional;

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
  private static final long serialVersionUID = 1L;

  /** The user who follows, or would; null if built without it. */
  private final String follower;

  /** The user followed, or who would be; null if built without it. */
  private final String followed;

  /**
   * Creates the exception without the users: {@link #follower()} and {@link #followed()} are
   * then empty. Prefer {@link #of(String, String)}.
   *
   * @param message what went wrong, for people
   */
  public NotFollowingException(String message) {
    super(message);
    this.follower = null;
    this.followed = null;
  }

  /**
   * Creates the exception with the underlying cause, without the users: {@link #follower()} and
   * {@link #followed()} are then empty. Prefer {@link #of(String, String)}.
   *
   * @param message what went wrong, for people
   * @param cause the lower-level failure, kept for diagnosis
   */
  public NotFollowingException(String message, Throwable cause) {
    super(message, cause);
    this.follower = null;
    this.followed = null;
  }

  private NotFollowingException(String message, String follower, String followed) {
    super(message);
    this.follower = follower;
    this.followed = followed;
  }

  /**
   * The exception for a friendship that does not exist, with the message {@code <follower> does not follow <followed>}.
   *
   * @param follower the handle of the user who follows
   * @param followed the handle of the user followed
   * @return the exception, without a cause
   */
  public static NotFollowingException of(String follower, String followed) {
    return new NotFollowingException(follower + " does not follow " + followed, follower, followed);
  }

  /**
   * The user who follows, or would.
   *
   * @return the handle; empty only if built with a message-only constructor
   */
  public Optional<String> follower() {
    return Optional.ofNullable(follower);
  }

  /**
   * The user followed, or who would be.
   *
   * @return the handle; empty only if built with a message-only constructor
   */
  public Optional<String> followed() {
    return Optional.ofNullable(followed);
  }

  /**
   * {@inheritDoc}
   *
   * @return {@code follower} and {@code followed}
   */
  @Override
  public Map<String, String> identifiers() {
    return named(null, follower, followed, null, null, null, null);
  }
}
