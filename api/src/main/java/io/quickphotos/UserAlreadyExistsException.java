package io.quickphotos;

import java.util.Map;
import java.util.Optional;

/**
 * The username is taken. Kind {@link QuickPhotosException.Kind#CONFLICT}; {@link #username()} is
 * the name.
 *
 * <p>Thrown by:
 *
 * <ul>
 *   <li>{@link QuickPhotos#createUser}: another call's user has the name (a closing account keeps
 *       it until {@link QuickPhotos#deleteUser} has finished). A resend of this call's own
 *       request, after its answer was lost, is recognised and returns the user instead.
 * </ul>
 *
 * <p><b>Written:</b> nothing.
 *
 * <p><b>After a retry</b> of a {@code createUser} whose outcome was unknown, the name may be taken
 * by your earlier attempt or by someone else's: the token that recognises a resend lives for one
 * call. Compare {@link QuickPhotos#getUser}'s profile with the one you sent to tell.
 */
public class UserAlreadyExistsException extends ConflictException {
  private static final long serialVersionUID = 1L;

  /** What it concerns; null if built with a message-only constructor. */
  private final Concerns concerns;

  /**
   * Creates the exception without the username: {@link #username()} is then empty. Prefer
   * {@link #of(String)}.
   *
   * @param message what went wrong, for people
   */
  public UserAlreadyExistsException(String message) {
    super(message);
    this.concerns = null;
  }

  /**
   * Creates the exception with the underlying cause, without the username: {@link #username()} is then
   * empty. Prefer {@link #of(String)}.
   *
   * @param message what went wrong, for people
   * @param cause the lower-level failure, kept for diagnosis
   */
  public UserAlreadyExistsException(String message, Throwable cause) {
    super(message, cause);
    this.concerns = null;
  }

  private UserAlreadyExistsException(String message, Concerns concerns) {
    super(message);
    this.concerns = concerns;
  }

  /**
   * The exception for a taken username, with the message {@code user <username> already exists}.
   *
   * @param username the handle
   * @return the exception, without a cause
   */
  public static UserAlreadyExistsException of(String username) {
    return new UserAlreadyExistsException(
        "user " + username + " already exists", Concerns.user(username));
  }

  /**
   * The username that is taken.
   *
   * @return the handle; empty only if built with a message-only constructor
   */
  public Optional<String> username() {
    return Optional.ofNullable(concerns).map(Concerns::username);
  }

  /**
   * {@inheritDoc}
   *
   * @return {@code username}
   */
  @Override
  public Map<String, String> identifiers() {
    return Concerns.named(concerns);
  }
}
