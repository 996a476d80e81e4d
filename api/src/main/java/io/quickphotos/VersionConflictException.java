package io.quickphotos;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A change named the version of the photo or profile it was made from, and the item has moved on
 * since: another change landed in between. Kind {@link QuickPhotosException.Kind#CONFLICT};
 * {@link #photo()} or {@link #username()} is the item, {@link #expectedVersion()} the version the
 * change named and {@link #currentVersion()} the one the item holds (read with the failed
 * condition, at no cost).
 *
 * <p>Thrown by:
 *
 * <ul>
 *   <li>{@link QuickPhotos#editPhoto}: the edit named a version ({@link
 *       PhotoEdit.Builder#expectedVersion}) and the photo holds another;
 *   <li>{@link QuickPhotos#updateProfile}: the update named a version ({@link
 *       ProfileUpdate.Builder#expectedVersion}) and the profile holds another.
 * </ul>
 *
 * <p>A photo or profile that is missing, being deleted or closing is reported as not found
 * instead, whatever its version.
 *
 * <p><b>Written:</b> nothing: the version was checked in the write's own condition, atomically
 * with it. Read the item again, apply the change to what it holds now (or show the user both),
 * and send it with the version read.
 *
 * <p><b>After a retry</b> of a change whose outcome was unknown ({@link
 * ServiceUnavailableException}), the version may have moved on by your own earlier attempt: read
 * the item and compare it with your change. Within one call a change never meets itself: {@code
 * editPhoto} is a transaction the repository resends under one token, and {@code updateProfile}
 * carries a token of the call that its resends recognise.
 */
public class VersionConflictException extends ConflictException {
  private static final long serialVersionUID = 1L;

  /** The version the change named. */
  private final long expected;

  /** The version the item holds. */
  private final long current;

  private VersionConflictException(String message, Concerns concerns, long expected, long current) {
    super(message, concerns);
    this.expected = expected;
    this.current = current;
  }

  /**
   * The exception for a photo edited from a version it no longer holds, with the message {@code
   * photo <owner>@<timestamp> is at version <current>, not <expected>}.
   *
   * @param photo the photo's owner and timestamp
   * @param expected the version the edit named
   * @param current the version the photo holds
   * @return the exception, without a cause, which {@link #initCause} may set
   * @throws NullPointerException if the photo or username is null
   */
  public static VersionConflictException of(PhotoId photo, long expected, long current) {
    return new VersionConflictException(
        "photo " + photo + " is at version " + current + ", not " + expected,
        Concerns.photo(photo),
        expected,
        current);
  }

  /**
   * The exception for a profile updated from a version it no longer holds, with the message
   * {@code user <username> is at version <current>, not <expected>}.
   *
   * @param username the user's handle
   * @param expected the version the update named
   * @param current the version the profile holds
   * @return the exception, without a cause, which {@link #initCause} may set
   * @throws NullPointerException if the photo or username is null
   */
  public static VersionConflictException of(String username, long expected, long current) {
    return new VersionConflictException(
        "user " + username + " is at version " + current + ", not " + expected,
        Concerns.user(username),
        expected,
        current);
  }

  /**
   * The photo whose version moved on, for an edit of a photo.
   *
   * @return its owner and timestamp; empty for a profile
   */
  public Optional<PhotoId> photo() {
    return concerns().photoOwner() == null ? Optional.empty() : Optional.of(concerns().photo());
  }

  /**
   * The user whose profile's version moved on, for an update of a profile.
   *
   * @return the handle; empty for a photo
   */
  public Optional<String> username() {
    return Optional.ofNullable(concerns().username());
  }

  /**
   * The version the change named.
   *
   * @return the version, {@code expectedVersion} in {@link #identifiers()}
   */
  public long expectedVersion() {
    return expected;
  }

  /**
   * The version the item holds.
   *
   * @return the version, {@code currentVersion} in {@link #identifiers()}
   */
  public long currentVersion() {
    return current;
  }

  /**
   * {@inheritDoc}
   *
   * @return {@code photoOwner} and {@code photoTimestamp}, or {@code username}; then {@code
   *     expectedVersion} and {@code currentVersion} (decimal)
   */
  @Override
  public Map<String, String> identifiers() {
    Map<String, String> named = new LinkedHashMap<>(super.identifiers());
    named.put("expectedVersion", Long.toString(expected));
    named.put("currentVersion", Long.toString(current));
    return Collections.unmodifiableMap(named);
  }
}
