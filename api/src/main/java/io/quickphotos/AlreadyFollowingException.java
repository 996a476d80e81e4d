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

  /** What it concerns; null if built with a message-only constructor. */
  private final Concerns concerns;

  /**
   * Creates the exception without the users: {@link #follower()} and {@link #followed()} are then empty. Prefer
   * {@link #of(String, String)}.
   *
   * @param message what went wrong, for people
   */
  public AlreadyFollowingException(String message) {
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
  public AlreadyFollowingException(String message, Throwable cause) {
    super(message, cause);
    this.concerns = null;
  }

  private AlreadyFollowingException(String message, Concerns concerns) {
    super(message);
    this.concerns = concerns;
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
        follower + " already follows " + followed, Concerns.follow(follower, followed));
  }

  /**
   * The user who follows.
   *
   * @return the handle; empty only if built with a message-only constructor
   */
  public Optional<String> follower() {
    return Optional.ofNullable(concerns).map(Concerns::follower);
  }

  /**
   * The user followed.
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
