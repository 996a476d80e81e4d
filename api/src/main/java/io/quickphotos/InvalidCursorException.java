package io.quickphotos;

/**
 * A page cursor is not one this listing gave out: malformed, altered, from another listing (or
 * another order of it, or another user's feed), or missing where one is required. Checksummed, a
 * cursor is never read as another listing's position. Kind
 * {@link QuickPhotosException.Kind#INVALID_INPUT}, beneath {@link InvalidInputException}.
 *
 * <p>Thrown by:
 *
 * <ul>
 *   <li>{@link QuickPhotos#userWithPhotos}: the cursor is malformed or from another listing or
 *       order;
 *   <li>{@link QuickPhotos#photoWithReactions}: the cursor is malformed or from another listing;
 *   <li>{@link QuickPhotos#followersOf}: the cursor is malformed or from another listing;
 *   <li>{@link QuickPhotos#followedBy}: the cursor is malformed or from another listing;
 *   <li>{@link QuickPhotos#homeFeed}: the cursor is malformed, altered, or from another user's
 *       feed or another listing;
 *   <li>{@link QuickPhotos#followRequestsOf}: the cursor is malformed or from another listing;
 *   <li>{@link QuickPhotos#blocksOf}: the cursor is malformed or from another listing;
 *   <li>{@link QuickPhotos#activity}: the cursor is malformed or from another user's inbox;
 *   <li>{@link ViewerReads#userWithPhotos}: as {@link QuickPhotos#userWithPhotos};
 *   <li>{@link ViewerReads#photoWithReactions}: as {@link QuickPhotos#photoWithReactions};
 *   <li>{@link ViewerReads#followersOf}: as {@link QuickPhotos#followersOf};
 *   <li>{@link ViewerReads#followedBy}: as {@link QuickPhotos#followedBy};
 *   <li>{@link ViewerReads#homeFeed}: as {@link QuickPhotos#homeFeed};
 *   <li>{@link PageRequest#after}: the cursor is null (a missing cursor must not restart the
 *       listing quietly);
 *   <li>{@link Page#next}: the page is the last one, so there is no cursor to continue from.
 * </ul>
 *
 * <p><b>Written:</b> nothing, and no request was made. An HTTP service answers 400, as for any
 * invalid input.
 */
public class InvalidCursorException extends InvalidInputException {
  private static final long serialVersionUID = 1L;

  /**
   * Creates the exception.
   *
   * @param message what went wrong, for people
   */
  public InvalidCursorException(String message) {
    super(message);
  }

  /**
   * Creates the exception with the underlying cause.
   *
   * @param message what went wrong, for people
   * @param cause the lower-level failure, kept for diagnosis
   */
  public InvalidCursorException(String message, Throwable cause) {
    super(message, cause);
  }
}
