package io.quickphotos;

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
  private static final long serialVersionUID = 2L;

  private UserAlreadyExistsException(String username) {
    super("user " + username + " already exists", Concerns.user(username));
  }

  /**
   * The exception for a taken username, with the message {@code user <username> already exists}.
   *
   * @param username the handle
   * @return the exception, without a cause, which {@link #initCause} may set
   * @throws NullPointerException if an identifier is null
   */
  public static UserAlreadyExistsException of(String username) {
    return new UserAlreadyExistsException(username);
  }

  /**
   * The username that is taken.
   *
   * @return the handle, {@code username} in {@link #identifiers()}
   */
  public String username() {
    return concerns().username();
  }
}
