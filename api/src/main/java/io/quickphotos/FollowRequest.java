package io.quickphotos;

import java.time.Instant;

/**
 * A pending request to follow a private account: not a follow, not counted among its followers,
 * nothing of the account in the requester's feed, until the account approves it
 * ({@link QuickPhotos#approveRequest}).
 *
 * @param requester the handle of the user who asked to follow
 * @param account the handle of the private account asked
 * @param since when the request was made
 */
public record FollowRequest(String requester, String account, Instant since) {

  @Override
  public String toString() {
    return "FollowRequest<" + requester + " -> " + account + ">";
  }
}
