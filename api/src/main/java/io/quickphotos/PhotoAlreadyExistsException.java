package io.quickphotos;

import java.util.Map;
import java.util.Optional;

/**
 * The owner already has a photo at the same timestamp (a photo's id is its owner and timestamp).
 * Kind {@link QuickPhotosException.Kind#CONFLICT}; {@link #photo()} is the photo's id.
 *
 * <p>Thrown by:
 *
 * <ul>
 *   <li>{@link QuickPhotos#uploadPhoto}: a photo with this id exists.
 * </ul>
 *
 * <p><b>Written:</b> nothing of this call's photo. Under {@link FanOut#hybrid()} the call first
 * finishes the fan-out of the owner's earlier upload if one was cut short (its copies into the
 * followers' timelines), so the retry of an upload that failed after its photo was stored leaves
 * the feed whole.
 *
 * <p><b>After a retry</b> of an {@code uploadPhoto} whose outcome was unknown, the photo with this
 * id is there: yours if {@link QuickPhotos#getPhoto} shows the location you sent.
 */
public class PhotoAlreadyExistsException extends ConflictException {
  private static final long serialVersionUID = 1L;

  /** What it concerns; null if built with a message-only constructor. */
  private final Concerns concerns;

  /**
   * Creates the exception without the photo: {@link #photo()} is then empty. Prefer
   * {@link #of(PhotoId)}.
   *
   * @param message what went wrong, for people
   */
  public PhotoAlreadyExistsException(String message) {
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
  public PhotoAlreadyExistsException(String message, Throwable cause) {
    super(message, cause);
    this.concerns = null;
  }

  private PhotoAlreadyExistsException(String message, Concerns concerns) {
    super(message);
    this.concerns = concerns;
  }

  /**
   * The exception for a photo id that is taken, with the message {@code photo <owner>@<timestamp> already exists}.
   *
   * @param photo the photo's owner and timestamp
   * @return the exception, without a cause
   */
  public static PhotoAlreadyExistsException of(PhotoId photo) {
    return new PhotoAlreadyExistsException(
        "photo " + photo + " already exists", Concerns.photo(photo));
  }

  /**
   * The id of the photo that exists.
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
