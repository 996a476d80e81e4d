package io.quickphotos.streams;

import io.quickphotos.Follow;
import io.quickphotos.Photo;
import io.quickphotos.PhotoId;
import io.quickphotos.Reaction;
import io.quickphotos.ReactionType;
import io.quickphotos.User;

/**
 * One change of the repository's data, as an application reacts to it: decoded from a table's
 * DynamoDB stream records by {@link ChangeEvents}. Internal items (counter shards, timelines,
 * fan-out markers, cascade state, settings) produce none, and a change that writes several items
 * (a follow's transaction: the friendship and two counters) is one event.
 */
public sealed interface ChangeEvent {

  /**
   * A user was created.
   *
   * @param user the new profile
   */
  record UserCreated(User user) implements ChangeEvent {}

  /**
   * A user's profile changed: a field, an application attribute or its visibility (not its
   * counters, which follows and requests change).
   *
   * @param before the profile before
   * @param after the profile after
   */
  record ProfileChanged(User before, User after) implements ChangeEvent {}

  /**
   * A user's account was closed: its profile item is gone.
   *
   * @param username the user
   */
  record UserClosed(String username) implements ChangeEvent {}

  /**
   * A photo was uploaded.
   *
   * @param photo the photo
   */
  record PhotoUploaded(Photo photo) implements ChangeEvent {}

  /**
   * A photo's location, caption or application attributes changed (not its reaction counts).
   *
   * @param before the photo before
   * @param after the photo after
   */
  record PhotoEdited(Photo before, Photo after) implements ChangeEvent {}

  /**
   * A photo was deleted.
   *
   * @param photo its id
   */
  record PhotoDeleted(PhotoId photo) implements ChangeEvent {}

  /**
   * A user followed another (a public account, or a private one whose request was approved
   * before the change feed saw the request's end: see {@link RequestApproved}).
   *
   * @param follow the friendship
   */
  record Followed(Follow follow) implements ChangeEvent {}

  /**
   * A user stopped following another, or the friendship ended with an account or a block.
   *
   * @param follower who followed
   * @param followed who was followed
   */
  record Unfollowed(String follower, String followed) implements ChangeEvent {}

  /**
   * A user asked to follow a private account.
   *
   * @param requester who asked
   * @param account the private account
   * @param since when the request was made, as its item records it
   */
  record FollowRequested(String requester, String account, java.time.Instant since)
      implements ChangeEvent {}

  /**
   * A private account approved a request: the requester now follows it. Reported instead of a
   * {@link Followed} when the request's end and the friendship arrive in one batch of records,
   * as they do when one transaction writes both into the account's partition.
   *
   * @param follow the friendship the approval made
   */
  record RequestApproved(Follow follow) implements ChangeEvent {}

  /**
   * A request ended without a follow: declined by the account, withdrawn by the requester, or
   * discarded with one of the accounts. Also the first half of an approval whose two records
   * fell into two batches of a Lambda event source mapping (the poller never cuts between them):
   * a {@link Followed} of the same pair then comes in a later batch, since the request's REMOVE
   * alone is the same record for an approval and a decline ({@code docs/streams.md}).
   *
   * @param requester who asked
   * @param account the private account
   */
  record RequestDeclined(String requester, String account) implements ChangeEvent {}

  /**
   * A user blocked another.
   *
   * @param blocker who blocked
   * @param blocked who is blocked
   */
  record Blocked(String blocker, String blocked) implements ChangeEvent {}

  /**
   * A user lifted a block.
   *
   * @param blocker who had blocked
   * @param blocked who was blocked
   */
  record Unblocked(String blocker, String blocked) implements ChangeEvent {}

  /**
   * A user reacted to a photo.
   *
   * @param reaction the reaction
   */
  record ReactionAdded(Reaction reaction) implements ChangeEvent {}

  /**
   * A reaction was removed, by its author or with the photo.
   *
   * @param reactor who had reacted
   * @param photo the photo
   * @param type the reaction's type
   */
  record ReactionRemoved(String reactor, PhotoId photo, ReactionType type) implements ChangeEvent {}
}
