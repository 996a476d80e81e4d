package io.quickphotos;

import java.util.Map;
import java.util.Optional;

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
  public AlreadyFollowingException(String message) {
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
  public AlreadyFollowingException(String message, Throwable cause) {
    super(message, cause);
    this.follower = null;
    this.followed = null;
  }

  private AlreadyFollowingException(String message, String follower, String followed) {
    super(message);
    this.follower = follower;
    this.followed = followed;
  }

  /**
   * The exception for a friendship that exists, with the message {@code <follower> already follows <followed>}.
   *
   * @param follower the handle of the user who follows
   * @param followed the handle of the user followed
   * @return the exception, without a cause
   */
  public static AlreadyFollowingException of(String follower, String followed) {
    return new AlreadyFollowingException(
        follower + " already follows " + followed, follower, followed);
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
