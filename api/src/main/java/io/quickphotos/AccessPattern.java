package io.quickphotos;

/**
 * The access patterns of the single-table design, one per {@link QuickPhotos} operation, with the
 * fewest DynamoDB requests each can take. The cost listener reports which pattern a cost is for.
 * Each is named after its method in upper snake case ({@code reactTo} is {@link #REACT_TO}), so
 * that a log line or a metric tag ({@code react_to}) names the method it counts; the two
 * settings methods share {@link #TABLE_SETTINGS}, and a read made for a viewer
 * ({@link QuickPhotos#as}) is {@code VIEWER_} and its method ({@link #VIEWER_GET_USER}).
 */
public enum AccessPattern {
  /** {@link QuickPhotos#createUser}: one conditional PutItem. */
  CREATE_USER(1),
  /** {@link QuickPhotos#getUser}: one GetItem. */
  GET_USER(1),
  /** {@link QuickPhotos#updateProfile}: one conditional UpdateItem. */
  UPDATE_PROFILE(1),
  /** {@link QuickPhotos#uploadPhoto}: one TransactWriteItems (owner check + conditional put). */
  UPLOAD_PHOTO(1),
  /**
   * {@link QuickPhotos#editPhoto}: one TransactWriteItems (owner check + conditional update of
   * the caption and attributes).
   */
  EDIT_PHOTO(1),
  /** {@link QuickPhotos#getPhoto}: one GetItem. */
  GET_PHOTO(1),
  /**
   * {@link QuickPhotos#userWithPhotos}: one Query per page; newest first, the first page adds a
   * GetItem of the profile when the user has more photos than fit on it.
   */
  USER_WITH_PHOTOS(1),
  /**
   * {@link QuickPhotos#reactTo}: one TransactWriteItems of a check of the reactor, a check of the
   * photo's owner (left out when the owner is the reactor), the reaction and the photo's counter.
   */
  REACT_TO(1),
  /**
   * {@link QuickPhotos#viewPhoto}: one TransactWriteItems for a first view (checks, the view
   * mark, the photo's counters); a repeat view two (the first refused on the mark).
   */
  VIEW_PHOTO(1),
  /** {@link QuickPhotos#hasSeen}: one GetItem of the view mark. */
  HAS_SEEN(1),
  /**
   * {@link QuickPhotos#activity}: three Queries side by side (the inbox's marks, its entries, the
   * user's blocks both ways), one Query per followed author whose new photos are pulled, and a
   * BatchGetItem of what decides what is shown (the count shown, for an empty inbox, which needs
   * no BatchGetItem).
   */
  ACTIVITY(3),
  /** {@link QuickPhotos#unreadActivity}: the first page's reads (the read mark is among the marks). */
  UNREAD_ACTIVITY(3),
  /** {@link QuickPhotos#markActivityRead}: one conditional PutItem. */
  MARK_ACTIVITY_READ(1),
  /**
   * {@link QuickPhotos#deliverActivity}: BatchWriteItem per 25 entries; a follow's author and a
   * new photo's followers read first (the count shown, for one reaction).
   */
  DELIVER_ACTIVITY(1),
  /** {@link QuickPhotos#photoWithReactions}: one Query on the inverted index per page. */
  PHOTO_WITH_REACTIONS(1),
  /** {@link QuickPhotos#follow}: one TransactWriteItems. */
  FOLLOW(1),
  /** {@link QuickPhotos#unfollow}: one TransactWriteItems. */
  UNFOLLOW(1),
  /** {@link QuickPhotos#followersOf}: one Query per page. */
  FOLLOWERS_OF(1),
  /**
   * {@link QuickPhotos#followedBy}: one Query on the inverted index, then one BatchGetItem of the
   * followed users' profiles per page (the second is skipped when the page is empty).
   */
  FOLLOWED_BY(2),
  /**
   * {@link QuickPhotos#importSnapshot}: one BatchWriteItem per 25 items (the count shown is for a
   * snapshot of at most 25 items), plus one per retry of unprocessed items.
   */
  IMPORT_SNAPSHOT(1),

  // --- home feed -------------------------------------------------------------------------------

  /**
   * {@link QuickPhotos#homeFeed}: fan-out on read, per page one Query on the inverted index per
   * 1,000 followed users ({@code ⌊F / 1000⌋ + 1} for F followed users) and one Query per
   * followed user, so {@code ⌊F / 1000⌋ + 1 + F} requests. The count shown is for a user who
   * follows one user.
   */
  HOME_FEED(2),
  /**
   * {@link QuickPhotos#fillTimeline}: one Query on the inverted index per 1,000 followed users
   * (the count shown, for a reader with nothing to change), then per follow it converts a
   * TransactWriteItems, a Query of the author's photos of the window, one BatchWriteItem per 25
   * of them and an UpdateItem; per follow it rolls back one TransactWriteItems.
   */
  FILL_TIMELINE(1),

  // --- the data's lifecycle: taking back, deleting, membership checks ---------------------------

  /**
   * {@link QuickPhotos#removeReaction}: one TransactWriteItems (two when the photo is gone).
   */
  REMOVE_REACTION(1),
  /**
   * {@link QuickPhotos#deletePhoto}: an UpdateItem marking the photo, then a DeleteItem (the
   * count shown, for a photo without reactions), or per 99 reactions an inverted-index Query and
   * a TransactWriteItems.
   */
  DELETE_PHOTO(2),
  /**
   * {@link QuickPhotos#deleteUser}: an UpdateItem marking the account closing, a Query per
   * reaction type, a Query of the photos, of the followers and of the followed users, and the
   * DeleteItem of the profile (the count shown, for an account with nothing); plus a
   * TransactWriteItems per batch of what there is, each also checking the account's closing
   * marker.
   */
  DELETE_USER(9),
  /** {@link QuickPhotos#isFollowing}: one GetItem. */
  IS_FOLLOWING(1),
  /** {@link QuickPhotos#reactionsLeftBy}: one Query on the inverted index. */
  REACTIONS_LEFT_BY(1),

  // --- who may see what: requests, blocks, reads for a viewer (docs/privacy.md) -----------------

  /**
   * {@link QuickPhotos#approveRequest}: a GetItem of the request, then one TransactWriteItems
   * (the request's two items deleted, the friendship put, both users' counters).
   */
  APPROVE_REQUEST(2),
  /** {@link QuickPhotos#declineRequest}: a GetItem of the request, then one TransactWriteItems. */
  DECLINE_REQUEST(2),
  /** {@link QuickPhotos#withdrawRequest}: a GetItem of the request, then one TransactWriteItems. */
  WITHDRAW_REQUEST(2),
  /** {@link QuickPhotos#followRequestsOf}: one Query per page. */
  FOLLOW_REQUESTS_OF(1),
  /**
   * {@link QuickPhotos#block}: one TransactWriteItems, then one BatchGetItem of the follows and
   * requests between the two and 8 Queries of the reactions each left on the other's photos (the
   * count shown, for two users without any), plus one transaction per relation removed.
   */
  BLOCK(10),
  /** {@link QuickPhotos#unblock}: one TransactWriteItems. */
  UNBLOCK(1),
  /** {@link QuickPhotos#blocksOf}: one Query per page. */
  BLOCKS_OF(1),
  /** {@link ViewerReads#getUser}: one BatchGetItem of the profile and its block of the viewer. */
  VIEWER_GET_USER(1),
  /** {@link ViewerReads#getPhoto}: one BatchGetItem of the photo and the items that decide. */
  VIEWER_GET_PHOTO(1),
  /**
   * {@link ViewerReads#userWithPhotos}: the trusted read's requests, then one BatchGetItem of the
   * items that decide.
   */
  VIEWER_USER_WITH_PHOTOS(2),
  /** {@link ViewerReads#photoWithReactions}: one Query, then one BatchGetItem per page. */
  VIEWER_PHOTO_WITH_REACTIONS(2),
  /** {@link ViewerReads#followersOf}: one Query, then one BatchGetItem per page. */
  VIEWER_FOLLOWERS_OF(2),
  /** {@link ViewerReads#followedBy}: one Query, then one BatchGetItem per page of up to 48. */
  VIEWER_FOLLOWED_BY(2),
  /** {@link ViewerReads#isFollowing}: one BatchGetItem. */
  VIEWER_IS_FOLLOWING(1),
  /** {@link ViewerReads#reactionsLeftBy}: one BatchGetItem, then one Query. */
  VIEWER_REACTIONS_LEFT_BY(2),
  /**
   * {@link ViewerReads#homeFeed}: the trusted page's requests, then one BatchGetItem of the
   * items that decide per 33 authors on it (the count shown, for a reader who follows one user).
   */
  VIEWER_HOME_FEED(3),

  // --- operations --------------------------------------------------------------------------------

  /**
   * {@link QuickPhotos#audit}: a parallel Scan of 4 segments, a request per page of each (the
   * count shown, for an empty table), plus the requests of what it fixes.
   */
  AUDIT(4),
  /**
   * {@link QuickPhotos#recordedSettings} and {@link QuickPhotos#recordSettings}: one GetItem or
   * one PutItem of the table's settings item.
   */
  TABLE_SETTINGS(1);

  private final int minimumRequests;

  AccessPattern(int minimumRequests) {
    this.minimumRequests = minimumRequests;
  }

  /**
   * The design's request count for one successful call (one page for listings), which the cost
   * listener shows when no retry was needed.
   *
   * @return requests per call
   */
  public int minimumRequests() {
    return minimumRequests;
  }
}
