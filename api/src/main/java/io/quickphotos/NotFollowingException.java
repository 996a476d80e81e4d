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

  /** What it concerns; null if built with a message-only constructor. */
  private final Concerns concerns;

  /**
   * Creates the exception without the users: {@link #follower()} and {@link #followed()} are then empty. Prefer
   * {@link #of(String, String)}.
   *
   * @param message what went wrong, for people
   */
  public NotFollowingException(String message) {
    super(message);
    this.concerns = null;
  }

  /**
   * Creates the exception with the underlying cause, without the users: {@link #follower()} and {@link #followed()} are then
   * empty. Prefer {@link #of(String, String)}.
   *
   * @param message what went wrong, for people
   * @param cause the lower-level failure, kept for diagnosis
   */
  public NotFollowingException(String message, Throwable cause) {
    super(message, cause);
    this.concerns = null;
  }

  private NotFollowingException(String message, Concerns concerns) {
    super(message);
    this.concerns = concerns;
  }

  /**
   * The exception for a friendship that does not exist, with the message {@code <follower> does not follow <followed>}.
   *
   * @param follower the handle of the user who would follow
   * @param followed the handle of the user who would be followed
   * @return the exception, without a cause
   */
  public static NotFollowingException of(String follower, String followed) {
    return new NotFollowingException(
        follower + " does not follow " + followed, Concerns.follow(follower, followed));
  }

  /**
   * The user who does not follow.
   *
   * @return the handle; empty only if built with a message-only constructor
   */
  public Optional<String> follower() {
    return Optional.ofNullable(concerns).map(Concerns::follower);
  }

  /**
   * The user not followed.
   *
   * @return the handle; empty only if built with a message-only constructor
   */
  public Optional<String> followed() {
    return Optional.ofNullable(concerns).map(Concerns::followed);
  }

  /**
   * {@inheritDoc}
   *
   * @return {@code follower} and {@code followed}
   */
  @Override
  public Map<String, String> identifiers() {
    return Concerns.named(concerns);
  }
}
