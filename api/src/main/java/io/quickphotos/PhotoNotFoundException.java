package io.quickphotos;

import java.util.Map;
import java.util.Optional;

/**
 * A photo the call needs does not exist, or is being deleted: once {@link QuickPhotos#deletePhoto}
 * has marked it, or {@link QuickPhotos#deleteUser} its owner's account, it takes no new reactions.
 * Kind {@link QuickPhotosException.Kind#NOT_FOUND}; {@link #photo()} is the photo.
 *
 * <p>Thrown by:
 *
 * <ul>
 *   <li>{@link QuickPhotos#reactTo}: the photo does not exist, its deletion has begun, or its
 *       owner is closing the account;
 *   <li>{@link QuickPhotos#editPhoto}: the same, checked in the same transaction as the edit;
 *   <li>{@link QuickPhotos#photoWithReactions}: the first page finds nothing (on DynamoDB the
 *       index is eventually consistent: a photo uploaded a moment ago may be reported missing);
 *   <li>{@link QuickPhotos#deletePhoto}: no such photo and nothing left of one, also on a call
 *       after a completed deletion.
 * </ul>
 *
 * <p><b>Written:</b> nothing, as for every {@link NotFoundException}.
 *
 * <p><b>After a retry</b> of a write whose outcome was unknown: from {@code deletePhoto} it means
 * done (the photo is gone); from {@code reactTo} or {@code editPhoto}, that the photo is gone or
 * going now, whatever the earlier attempt did (a reaction or an edit it applied goes with the
 * photo).
 */
public class PhotoNotFoundException extends NotFoundException {
  private static final long serialVersionUID = 1L;

  /** What it concerns; null if built with a message-only constructor. */
  private final Concerns concerns;

  /**
   * Creates the exception without the photo: {@link #photo()} is then empty. Prefer
   * {@link #of(PhotoId)}.
   *
   * @param message what went wrong, for people
   */
  public PhotoNotFoundException(String message) {
    super(message);
    this.concerns = null;
  }

  /**
   * Creates the exception with the underlying cause, without the photo: {@link #photo()} is then
   * empty. Prefer {@link #of(PhotoId)}.
   *
   * @param message what went wrong, for people
   * @param cause the lower-level failure, kept for diagnosis
   */
  public PhotoNotFoundException(String message, Throwable cause) {
    super(message, cause);
    this.concerns = null;
  }

  private PhotoNotFoundException(String message, Concerns concerns) {
    super(message);
    this.concerns = concerns;
  }

  /**
   * The exception for a photo that does not exist or is being deleted, with the message {@code photo <owner>@<timestamp> does not exist}.
   *
   * @param photo the photo's owner and timestamp
   * @return the exception, without a cause
   */
  public static PhotoNotFoundException of(PhotoId photo) {
    return new PhotoNotFoundException("photo " + photo + " does not exist", Concerns.photo(photo));
  }

  /**
   * The photo that does not exist or is being deleted.
   *
   * @return its owner and timestamp; empty only if built with a message-only constructor
   */
  public Optional<PhotoId> photo() {
    return Optional.ofNullable(concerns).flatMap(Concerns::photo);
  }

  /**
   * {@inheritDoc}
   *
   * @return {@code photoOwner} and {@code photoTimestamp}
   */
  @Override
  public Map<String, String> identifiers() {
    return Concerns.named(concerns);
  }
}
