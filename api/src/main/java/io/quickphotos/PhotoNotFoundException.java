package io.quickphotos;

/**
 * A photo the call needs does not exist, or is being deleted: once {@link QuickPhotos#deletePhoto}
 * has marked it, or {@link QuickPhotos#deleteUser} its owner's account, it takes no new reactions.
 * Kind {@link QuickPhotosException.Kind#NOT_FOUND}; {@link #photo()} is the photo.
 *
 * <p>Thrown by:
 *
 * <ul>
 *   <li>{@link QuickPhotos#reactTo}: the photo does not exist, its deletion has begun, or its
 *       owner is closing the account, has blocked the reactor, or is private and not followed by
 *       the reactor (neither is disclosed: {@code docs/privacy.md});
 *   <li>{@link QuickPhotos#editPhoto}: the same, checked in the same transaction as the edit;
 *   <li>{@link QuickPhotos#viewPhoto}: as for {@code reactTo}, or the viewer has blocked the
 *       owner;
 *   <li>{@link QuickPhotos#photoWithReactions}: the first page finds nothing (on DynamoDB the
 *       index is eventually consistent: a photo uploaded a moment ago may be reported missing);
 *   <li>{@link QuickPhotos#deletePhoto}: no such photo and nothing left of one, also on a call
 *       after a completed deletion;
 *   <li>{@link ViewerReads#photoWithReactions}: the first page finds nothing, or the viewer may
 *       not see the photo (its owner blocked the viewer, or is private and not followed by it).
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
  private static final long serialVersionUID = 2L;

  private PhotoNotFoundException(PhotoId photo) {
    super("photo " + photo + " does not exist", Concerns.photo(photo));
  }

  /**
   * The exception for a photo that does not exist or is being deleted, with the message
   * {@code photo <owner>@<timestamp> does not exist}.
   *
   * @param photo the photo's owner and timestamp
   * @return the exception, without a cause, which {@link #initCause} may set
   * @throws NullPointerException if an identifier is null
   */
  public static PhotoNotFoundException of(PhotoId photo) {
    return new PhotoNotFoundException(photo);
  }

  /**
   * The photo that does not exist or is being deleted.
   *
   * @return its owner and timestamp, {@code photoOwner} and {@code photoTimestamp} in
   *     {@link #identifiers()}
   */
  public PhotoId photo() {
    return concerns().photo();
  }
}
