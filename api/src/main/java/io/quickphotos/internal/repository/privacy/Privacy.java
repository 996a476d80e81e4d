package io.quickphotos.internal.repository.privacy;

import io.quickphotos.Block;
import io.quickphotos.Follow;
import io.quickphotos.FollowRequest;
import io.quickphotos.Page;
import io.quickphotos.PageRequest;
import io.quickphotos.Photo;
import io.quickphotos.PhotoId;
import io.quickphotos.PhotoReactions;
import io.quickphotos.ProfileUpdate;
import io.quickphotos.ReactionType;
import io.quickphotos.SortOrder;
import io.quickphotos.User;
import io.quickphotos.UserPhotos;
import io.quickphotos.Visibility;
import io.quickphotos.engine.Item;
import io.quickphotos.internal.repository.cascade.Cascades;
import io.quickphotos.internal.repository.feed.Feeds;
import io.quickphotos.internal.repository.hot.HotKeys;
import io.quickphotos.internal.repository.listing.Listings;
import io.quickphotos.internal.repository.request.Meter;
import io.quickphotos.internal.repository.request.Requests;
import io.quickphotos.internal.repository.request.Sent;
import io.quickphotos.internal.singletable.codec.ItemCodec;
import io.quickphotos.internal.singletable.hot.ShardPlans;
import io.quickphotos.internal.singletable.hot.Shards;
import io.quickphotos.internal.singletable.plan.StepOutcome;
import io.quickphotos.internal.singletable.privacy.PrivacyPlans;
import io.quickphotos.internal.singletable.user.UserPlans;
import java.time.Clock;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Who may see what ({@code docs/privacy.md}), the one entry point of this package: follows that
 * become requests to private accounts and the requests' approval, decline and withdrawal
 * ({@link FollowRequests}), blocks ({@link Blocks}), what follows a switch of visibility
 * ({@link Visibilities}), and the reads made for a viewer ({@link ViewerListings}, deciding with
 * {@link Decisions}). Every other feature reaches privacy only through here. Thread-safe if the
 * engine is.
 */
public final class Privacy {
  private final HotKeys hotKeys;
  private final io.quickphotos.internal.repository.request.Reads reads;
  private final FollowRequests requests;
  private final Blocks blocks;
  private final Visibilities visibilities;
  private final ViewerListings viewers;

  /**
   * The privacy of one repository.
   *
   * @param requests the request layer
   * @param hotKeys the hot keys (a hot account's counts, a private account's fold)
   * @param feeds the follows and the home feed
   * @param listings the trusted listings the reads for a viewer start from
   * @param cascades the reactions' removal, for what a block takes back
   * @param clock what now is, for the requests', follows' and blocks' timestamps
   */
  public Privacy(
      Requests requests,
      HotKeys hotKeys,
      Feeds feeds,
      Listings listings,
      Cascades cascades,
      Clock clock) {
    this.hotKeys = hotKeys;
    this.reads = requests.reads();
    this.requests = new FollowRequests(requests, feeds, clock);
    this.blocks = new Blocks(requests, feeds, cascades, this.requests, clock);
    this.visibilities = new Visibilities(requests, hotKeys, clock);
    this.viewers =
        new ViewerListings(
            requests.reads(), hotKeys, listings, feeds, new Decisions(requests.batches()));
  }

  // --- writes --------------------------------------------------------------------------------

  /**
   * A follow, or the request it becomes when the followed account is private; sent again with
   * the block items checked when either user counts blocks.
   *
   * @param follow the follow, already validated
   * @return the follow, or the request ({@link Follow#pending()})
   */
  public Follow follow(Follow follow, Meter meter) {
    return requests.follow(follow, meter);
  }

  /**
   * Approves a pending request.
   *
   * @param account the account asked, already validated
   * @param requester the requester, already validated
   * @return the follow made
   */
  public Follow approve(String account, String requester, Meter meter) {
    return requests.approve(account, requester, meter);
  }

  /**
   * Declines or withdraws a pending request.
   *
   * @param account the account asked, already validated
   * @param requester the requester, already validated
   */
  public void discard(String account, String requester, Meter meter) {
    requests.discard(account, requester, meter);
  }

  /**
   * A page of an account's pending requests, newest first.
   *
   * @param account the account, already validated
   * @param page the page, already validated
   * @return the requests
   */
  public Page<FollowRequest> requestsOf(String account, PageRequest page, Meter meter) {
    return requests.requestsOf(account, page, meter);
  }

  /**
   * Runs a profile update's write; one that would make a hot account private is refused, asking
   * to seal first ({@link StepOutcome.Why#SEAL_SHARDS}), and is sent again after the switch's
   * transaction sealed the account's shards with its flag ({@link ShardPlans#seal}): from that
   * commit no follow or reaction lands on a shard, whether or not the fold that follows
   * completes.
   *
   * @param write the update's write, as {@code Edits} sends it
   * @param update the update, already validated
   * @return the profile as the write left it
   */
  public Item update(Supplier<Sent> write, ProfileUpdate update, Meter meter) {
    for (int round = 0; ; round++) {
      Sent sent = write.get();
      if (sent instanceof Sent.Applied applied) {
        return applied.image().orElseThrow();
      }
      StepOutcome.SendAgain again = ((Sent.Again) sent).outcome();
      if (again.why() != StepOutcome.Why.SEAL_SHARDS) {
        throw new IllegalStateException("a profile update asked for more than a seal: " + again);
      }
      if (round >= SEAL_ROUNDS) {
        throw Visibilities.contention("the shards of " + ItemCodec.user(again.item()).username());
      }
      visibilities.seal(again.item(), update.expectedVersion(), meter);
    }
  }

  /** Seals, each followed by the update again, before a switch to private gives up. */
  private static final int SEAL_ROUNDS = 3;

  /**
   * What follows the UpdateItem of a profile update that sets the visibility: a private
   * account's shards folded back into it, or a public account's pending requests approved; then
   * the answer, which is the update's own image with counts read after it (a snapshot's, as
   * {@link HotKeys#afterProfileUpdate} says; zero if the account was closed or its name taken
   * again in between).
   *
   * @param written the profile as the update's UpdateItem left it
   * @param visibility the visibility the update set
   * @return the profile to answer the update with
   */
  public Item afterUpdate(Item written, Visibility visibility, Meter meter) {
    String username = ItemCodec.user(written).username();
    boolean recount =
        visibility == Visibility.PRIVATE
            ? visibilities.foldShards(written, meter)
            // A public account's shards a switch to private cut short sealed are folded too.
            : (Shards.isSharded(written) && visibilities.foldShards(written, meter))
                | (PrivacyPlans.pendingRequests(written) > 0
                    && visibilities.approvePending(username, meter) > 0);
    if (!recount) {
      return hotKeys.afterProfileUpdate(written, meter);
    }
    return hotKeys
        .user(username, meter)
        .filter(now -> UserPlans.sameAccount(written, now))
        .map(now -> ItemCodec.withCountsOf(written, now))
        .orElseGet(() -> ItemCodec.withCounts(written, 0, 0));
  }

  /**
   * Approves what an account that went public left pending (for the audit).
   *
   * @param account the account
   * @return how many it approved
   */
  public int approvePending(String account, Meter meter) {
    return visibilities.approvePending(account, meter);
  }

  /**
   * Folds a private account's shards back into its profile, if it still has some (for the audit:
   * a switch to private cut short).
   *
   * @param username the account
   */
  public void foldAfterSwitch(String username, Meter meter) {
    reads
        .get(io.quickphotos.internal.singletable.layout.KeyLayout.user(username), meter)
        .ifPresent(profile -> visibilities.foldShards(profile, meter));
  }

  /**
   * Blocks a user, and removes the relations between the two.
   *
   * @param blocker the blocker, already validated
   * @param blocked the user blocked, already validated
   */
  public void block(String blocker, String blocked, Meter meter) {
    blocks.block(blocker, blocked, meter);
  }

  /**
   * Removes the relations between two users one of whom blocked the other (for the audit).
   *
   * @param blocker the blocker
   * @param blocked the user blocked
   * @return how many it removed
   */
  public int removeRelations(String blocker, String blocked, Meter meter) {
    return blocks.removeRelations(blocker, blocked, meter);
  }

  /**
   * Lifts a block.
   *
   * @param blocker the blocker, already validated
   * @param blocked the user blocked, already validated
   * @return whether there was one
   */
  public boolean unblock(String blocker, String blocked, Meter meter) {
    return blocks.unblock(blocker, blocked, meter);
  }

  /**
   * A page of a user's blocks.
   *
   * @param blocker the blocker, already validated
   * @param page the page, already validated
   * @return the blocks
   */
  public Page<Block> blocksOf(String blocker, PageRequest page, Meter meter) {
    return blocks.blocksOf(blocker, page, meter);
  }

  // --- reads for a viewer --------------------------------------------------------------------

  /**
   * A profile as a viewer sees it.
   *
   * @param viewer the viewer, already validated
   * @param username the user, already validated
   * @return the profile, empty if none or it blocked the viewer
   */
  public Optional<User> getUser(String viewer, String username, Meter meter) {
    return viewers.getUser(viewer, username, meter);
  }

  /**
   * A photo as a viewer sees it.
   *
   * @param viewer the viewer, already validated
   * @param id the photo, already validated
   * @return the photo, empty if none or hidden
   */
  public Optional<Photo> getPhoto(String viewer, PhotoId id, Meter meter) {
    return viewers.getPhoto(viewer, id, meter);
  }

  /**
   * A profile and its photos as a viewer sees them.
   *
   * @param viewer the viewer, already validated
   * @param username the user, already validated
   * @param order the order
   * @param page the page, already validated
   * @return the profile and photos
   */
  public UserPhotos userWithPhotos(
      String viewer, String username, SortOrder order, PageRequest page, Meter meter) {
    return viewers.userWithPhotos(viewer, username, order, page, meter);
  }

  /**
   * A photo and its reactions as a viewer sees them.
   *
   * @param viewer the viewer, already validated
   * @param photo the photo, already validated
   * @param page the page, already validated
   * @return the photo and reactions
   */
  public PhotoReactions photoWithReactions(
      String viewer, PhotoId photo, PageRequest page, Meter meter) {
    return viewers.photoWithReactions(viewer, photo, page, meter);
  }

  /**
   * A user's followers as a viewer sees them.
   *
   * @param viewer the viewer, already validated
   * @param username the user, already validated
   * @param page the page, already validated
   * @return the follows
   */
  public Page<Follow> followersOf(String viewer, String username, PageRequest page, Meter meter) {
    return viewers.followersOf(viewer, username, page, meter);
  }

  /**
   * The users someone follows as a viewer sees them.
   *
   * @param viewer the viewer, already validated
   * @param username the user, already validated
   * @param page the page, already validated
   * @return the profiles
   */
  public Page<User> followedBy(String viewer, String username, PageRequest page, Meter meter) {
    return viewers.followedBy(viewer, username, page, meter);
  }

  /**
   * Whether one user follows another, as a viewer may know it.
   *
   * @param viewer the viewer, already validated
   * @param follower the follower, already validated
   * @param followed the followed user, already validated
   * @return whether the viewer may see that it does
   */
  public boolean isFollowing(String viewer, String follower, String followed, Meter meter) {
    return viewers.isFollowing(viewer, follower, followed, meter);
  }

  /**
   * The reactions one user left on a photo, as a viewer may see them.
   *
   * @param viewer the viewer, already validated
   * @param reactor the reactor, already validated
   * @param photo the photo, already validated
   * @return the types
   */
  public Set<ReactionType> reactionsLeftBy(
      String viewer, String reactor, PhotoId photo, Meter meter) {
    return viewers.reactionsLeftBy(viewer, reactor, photo, meter);
  }

  /**
   * A page of the viewer's own feed, as it may see it.
   *
   * @param viewer the viewer, already validated
   * @param page the page, already validated
   * @return the photos
   */
  public Page<Photo> homeFeed(String viewer, PageRequest page, Meter meter) {
    return viewers.homeFeed(viewer, page, meter);
  }
}
