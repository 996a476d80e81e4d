package io.quickphotos.internal.repository.request;

import io.quickphotos.SortOrder;
import io.quickphotos.engine.QueryPlan;

/**
 * The listing a cursor belongs to, named once for every room that reads it: a cursor carries a
 * digest of the name ({@link Cursors}), so a listing read by two rooms (the trusted one and the
 * one for a viewer) must name itself alike in both, and a cursor of one listing is refused by
 * every other. One factory per listing; the name is the listing's and the partition it reads.
 * Immutable.
 *
 * @param name the listing's identity, e.g. {@code followedBy|#FRIEND#alice}
 */
public record CursorScope(String name) {
  /**
   * A user's profile and photos, in one order.
   *
   * @param plan the first page's Query
   * @param order the photos' order
   * @return {@code userWithPhotos|<partition>|<order>}
   */
  public static CursorScope userWithPhotos(QueryPlan plan, SortOrder order) {
    return new CursorScope("userWithPhotos|" + plan.partitionValue() + "|" + order);
  }

  /**
   * A photo and its reactions.
   *
   * @param plan the first page's Query
   * @return {@code photoWithReactions|<partition>}
   */
  public static CursorScope photoWithReactions(QueryPlan plan) {
    return new CursorScope("photoWithReactions|" + plan.partitionValue());
  }

  /**
   * A user's followers.
   *
   * @param plan the first page's Query
   * @return {@code followersOf|<partition>}
   */
  public static CursorScope followersOf(QueryPlan plan) {
    return new CursorScope("followersOf|" + plan.partitionValue());
  }

  /**
   * The users a user follows, trusted or for a viewer.
   *
   * @param plan the first page's Query
   * @return {@code followedBy|<partition>}
   */
  public static CursorScope followedBy(QueryPlan plan) {
    return new CursorScope("followedBy|" + plan.partitionValue());
  }

  /**
   * A user's blocks.
   *
   * @param plan the first page's Query
   * @return {@code blocksOf|<partition>}
   */
  public static CursorScope blocksOf(QueryPlan plan) {
    return new CursorScope("blocksOf|" + plan.partitionValue());
  }

  /**
   * An account's pending requests.
   *
   * @param plan the first page's Query
   * @return {@code followRequestsOf|<partition>}
   */
  public static CursorScope followRequestsOf(QueryPlan plan) {
    return new CursorScope("followRequestsOf|" + plan.partitionValue());
  }

  /**
   * A user's home feed, a merged listing whose cursor is a position.
   *
   * @param userPartition the reader's partition
   * @return {@code homeFeed|<partition>}
   */
  public static CursorScope homeFeed(String userPartition) {
    return new CursorScope("homeFeed|" + userPartition);
  }

  /**
   * A user's activity inbox.
   *
   * @param inboxPartition the inbox's partition
   * @return {@code activity|<partition>}
   */
  public static CursorScope activity(String inboxPartition) {
    return new CursorScope("activity|" + inboxPartition);
  }
}
