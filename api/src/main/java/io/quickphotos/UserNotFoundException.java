package io.quickphotos;

/**
 * A user the call needs does not exist, or is closing the account: once {@link
 * QuickPhotos#deleteUser} has marked an account {@link UserStatus#CLOSING}, every write by or to
 * it fails with this exception until the cascade has removed it (a photo of a closing owner is
 * reported with {@link PhotoNotFoundException} instead). Kind
 * {@link QuickPhotosException.Kind#NOT_FOUND}; {@link #username()} is the user.
 *
 * <p>Thrown by:
 *
 * <ul>
 *   <li>{@link QuickPhotos#updateProfile}: no such user, or the account is closing;
 *   <li>{@link QuickPhotos#uploadPhoto}: the owner does not exist or is closing the account;
 *   <li>{@link QuickPhotos#userWithPhotos}: the user does not exist (checked on the first page;
 *       a closing account is still listed, with its status);
 *   <li>{@link QuickPhotos#reactTo}: the reacting user does not exist or is closing the account;
 *   <li>{@link QuickPhotos#viewPhoto}: the viewer does not exist or is closing the account;
 *   <li>{@link QuickPhotos#follow}: either user does not exist or is closing the account (if
 *       both, the followed user is named), or the followed user has blocked the follower (a
 *       block is not disclosed: {@code docs/privacy.md});
 *   <li>{@link QuickPhotos#deleteUser}: no such user, also on a call after a completed deletion;
 *   <li>{@link QuickPhotos#approveRequest}: either user is closing the account;
 *   <li>{@link QuickPhotos#block}: the blocker does not exist or is closing, or the user blocked
 *       does not exist;
 *   <li>{@link QuickPhotos#unblock}: the blocker does not exist;
 *   <li>{@link ViewerReads#userWithPhotos}: the user does not exist or has blocked the viewer
 *       (checked on the first page).
 * </ul>
 *
 * <p><b>Written:</b> nothing, as for every {@link NotFoundException}, with one exception on
 * DynamoDB: an {@code updateProfile} whose first attempt was applied but answered too late,
 * resent by the SDK after {@code deleteUser} marked the account closing, reports this exception
 * although its change was made (to an account being deleted, which the cascade removes).
 *
 * <p><b>After a retry</b> of a write whose outcome was unknown: from {@code deleteUser} it means
 * done (the account is gone); from the other methods, that the user is gone or closing now,
 * whatever the earlier attempt did (a follow, reaction or photo it added goes with the account).
 */
public class UserNotFoundException extends NotFoundException {
  private static final long serialVersionUID = 2L;

  private UserNotFoundException(String username) {
    super("user " + username + " does not exist", Concerns.user(username));
  }

  /**
   * The exception for a user that does not exist or is closing the account, with the message
   * {@code user <username> does not exist}.
   *
   * @param username the user's handle
   * @return the exception, without a cause, which {@link #initCause} may set
   * @throws NullPointerException if an identifier is null
   */
  public static UserNotFoundException of(String username) {
    return new UserNotFoundException(username);
  }

  /**
   * The user that does not exist or is closing the account.
   *
   * @return the handle, {@code username} in {@link #identifiers()}
   */
  public String username() {
    return concerns().username();
  }
}
