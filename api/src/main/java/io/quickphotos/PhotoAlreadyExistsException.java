package io.quickphotos;

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
  private static final long serialVersionUID = 2L;

  private PhotoAlreadyExistsException(PhotoId photo) {
    super("photo " + photo + " already exists", Concerns.photo(photo));
  }

  /**
   * The exception for a photo id that is taken, with the message
   * {@code photo <owner>@<timestamp> already exists}.
   *
   * @param photo the photo's owner and timestamp
   * @return the exception, without a cause, which {@link #initCause} may set
   * @throws NullPointerException if an identifier is null
   */
  public static PhotoAlreadyExistsException of(PhotoId photo) {
    return new PhotoAlreadyExistsException(photo);
  }

  /**
   * The id of the photo that exists.
   *
   * @return its owner and timestamp, {@code photoOwner} and {@code photoTimestamp} in
   *     {@link #identifiers()}
   */
  public PhotoId photo() {
    return concerns().photo();
  }
}
