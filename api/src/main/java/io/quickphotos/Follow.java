package io.quickphotos;

import java.time.Instant;

/**
 * A friendship: one user follows another; or, as {@link QuickPhotos#follow} answers a follow of
 * a private account, the request it made instead ({@link #pending()}).
 *
 * @param follower the username of the user who follows
 * @param followed the username of the user being followed
 * @param since when the follow (or the request) was made
 * @param pending true if the followed account is private and this is a request awaiting its
 *     approval ({@link QuickPhotos#approveRequest}), not a follow; every listing of follows holds
 *     follows only
 */
public record Follow(String follower, String followed, Instant since, boolean pending) {

  /**
   * A follow (not a pending request).
   *
   * @param follower the username of the user who follows
   * @param followed the username of the user being followed
   * @param since when the follow was made
   */
  public Follow(String follower, String followed, Instant since) {
    this(follower, followed, since, false);
  }

  @Override
  public String toString() {
    return "Follow<" + follower + (pending ? " ?> " : " -> ") + followed + ">";
  }
}
