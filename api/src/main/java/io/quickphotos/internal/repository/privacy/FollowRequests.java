package io.quickphotos.internal.repository.privacy;

import io.quickphotos.Follow;
import io.quickphotos.FollowRequest;
import io.quickphotos.FollowRequestNotFoundException;
import io.quickphotos.Page;
import io.quickphotos.PageRequest;
import io.quickphotos.ServiceUnavailableException;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.QueryPlan;
import io.quickphotos.internal.repository.feed.Feeds;
import io.quickphotos.internal.repository.request.Cancellation;
import io.quickphotos.internal.repository.request.CursorScope;
import io.quickphotos.internal.repository.request.Meter;
import io.quickphotos.internal.repository.request.Reads;
import io.quickphotos.internal.repository.request.Requests;
import io.quickphotos.internal.repository.request.Writes;
import io.quickphotos.internal.singletable.codec.ItemCodec;
import io.quickphotos.internal.singletable.layout.KeyLayout;
import io.quickphotos.internal.singletable.privacy.PrivacyPlans;
import io.quickphotos.internal.singletable.privacy.PrivacyPlans.Detour;
import io.quickphotos.internal.singletable.privacy.PrivacyQueries;
import io.quickphotos.internal.singletable.privacy.RequestPlans;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Follows and requests to follow private accounts: a follow sent as the feed sends it, a request
 * instead when the account is private, either sent again with the block items checked when one
 * of the two counts blocks; approving, declining and withdrawing a request; an account's queue.
 * Stateless apart from its collaborators; thread-safe if the engine is.
 */
final class FollowRequests {
  /** Rounds of learning what a follow meets (private, public again, blocks) before giving up. */
  private static final int ROUNDS = 4;

  private final Reads reads;
  private final Writes writes;
  private final Feeds feeds;
  private final Clock clock;

  FollowRequests(Requests requests, Feeds feeds, Clock clock) {
    this.reads = requests.reads();
    this.writes = requests.writes();
    this.feeds = feeds;
    this.clock = clock;
  }

  /**
   * A follow, or the request it becomes: sent as the feed sends a follow (one transaction for an
   * ordinary pair); a private account refuses it and the request goes instead, an account that
   * went public meanwhile refuses the request and the follow goes again; a profile that counts
   * blocks refuses either unguarded, and it goes again with the block items checked.
   */
  Follow follow(Follow follow, Meter meter) {
    boolean guarded = false;
    boolean request = false;
    for (int round = 0; round < ROUNDS; round++) {
      Detour detour =
          request ? request(follow, guarded, meter) : feeds.follow(follow, guarded, meter);
      switch (detour) {
        case NONE -> {
          return request
              ? new Follow(follow.follower(), follow.followed(), follow.since(), true)
              : follow;
        }
        case OTHER_VISIBILITY -> request = !request;
        case GUARD -> guarded = true;
      }
    }
    throw new ServiceUnavailableException(
        "the follow of " + follow.followed() + " kept meeting an account as it changed; call again",
        ServiceUnavailableException.Reason.CONTENTION,
        ServiceUnavailableException.Written.NOTHING,
        null);
  }

  /** The request of a follow: one transaction, or its detour. */
  private Detour request(Follow follow, boolean guarded, Meter meter) {
    FollowRequest request = new FollowRequest(follow.follower(), follow.followed(), follow.since());
    Optional<Cancellation> cancelled =
        writes.writeOrRedirect(RequestPlans.request(request, guarded), meter);
    if (cancelled.isEmpty()) {
      return Detour.NONE;
    }
    Detour detour =
        PrivacyPlans.detour(
            cancelled.get().image(RequestPlans.ACCOUNT),
            cancelled.get().image(RequestPlans.REQUESTER),
            true);
    if (detour == Detour.NONE || (guarded && detour == Detour.GUARD)) {
      // Every step that redirects failed for visibility or blocks: nothing else is possible.
      throw new IllegalStateException("a request refused for no reason: " + cancelled.get());
    }
    return detour;
  }

  /** The pending request of {@code requester} to {@code account}, strongly consistent. */
  Optional<FollowRequest> pending(String account, String requester, Meter meter) {
    return reads.get(KeyLayout.request(account, requester), meter).map(PrivacyPlans::followRequest);
  }

  /**
   * Approves a pending request: a GetItem of it, then one transaction (guarded when either user
   * counts blocks, after one refused try). A requester that follows already (it followed the
   * account after it went public) has its request discarded, and the follow it has is answered.
   */
  Follow approve(String account, String requester, Meter meter) {
    boolean guarded = false;
    for (int round = 0; round < ROUNDS; round++) {
      FollowRequest read =
          pending(account, requester, meter)
              .orElseThrow(() -> FollowRequestNotFoundException.of(requester, account));
      Follow follow = new Follow(requester, account, clock.instant());
      // A request that is gone or made again since its read is read again before any other
      // failure is judged: a decline racing this approval took the account's count down too.
      Optional<Cancellation> cancelled =
          writes.writeOrRedirect(
              RequestPlans.approve(read, follow.since(), guarded),
              java.util.Set.of(RequestPlans.ACCOUNT),
              meter);
      if (cancelled.isEmpty()) {
        return follow;
      }
      Cancellation c = cancelled.get();
      if (c.failed(RequestPlans.REQUEST)) {
        // Ended, or ended and made again, since it was read: read it again.
        continue;
      }
      if (c.failed(RequestPlans.ACCOUNT) || c.failed(RequestPlans.REQUESTER)) {
        // One of the two counts blocks: again, with the block items checked.
        guarded = true;
        continue;
      }
      // The requester follows already: the request goes, the follow it has is the answer.
      discardIfPending(read, meter);
      return reads
          .get(KeyLayout.friendship(account, requester), meter)
          .map(ItemCodec::friendship)
          .orElseThrow(() -> FollowRequestNotFoundException.of(requester, account));
    }
    throw new ServiceUnavailableException(
        "the approval of " + requester + " kept meeting a request as it changed; call again",
        ServiceUnavailableException.Reason.CONTENTION,
        ServiceUnavailableException.Written.NOTHING,
        null);
  }

  /**
   * Declines (or withdraws) a pending request: a GetItem of it, then one transaction deleting it
   * with the account's count (again from the GetItem if it changed in between).
   */
  void discard(String account, String requester, Meter meter) {
    for (int round = 0; round < ROUNDS; round++) {
      FollowRequest read =
          pending(account, requester, meter)
              .orElseThrow(() -> FollowRequestNotFoundException.of(requester, account));
      if (writes.writeOrRedirect(RequestPlans.discard(read), meter).isEmpty()) {
        return;
      }
      // Ended, or ended and made again, since it was read: read it again.
    }
    throw new ServiceUnavailableException(
        "the request of " + requester + " kept changing; call again",
        ServiceUnavailableException.Reason.CONTENTION,
        ServiceUnavailableException.Written.NOTHING,
        null);
  }

  /**
   * Discards a request as read, if it is still there: for a block, which removes the requests
   * between the two.
   *
   * @return whether this call removed it
   */
  boolean discardIfPending(FollowRequest read, Meter meter) {
    try {
      writes.write(RequestPlans.discard(read), meter);
      return true;
    } catch (FollowRequestNotFoundException gone) {
      return false;
    }
  }

  /** A page of an account's pending requests, newest first. */
  Page<FollowRequest> requestsOf(String account, PageRequest page, Meter meter) {
    QueryPlan plan = PrivacyQueries.requestsOf(account, true, page.size());
    Reads.Listing read = reads.page(CursorScope.followRequestsOf(plan), plan, page, meter);
    List<FollowRequest> requests = new ArrayList<>(read.items().size());
    for (Item item : read.items()) {
      requests.add(PrivacyPlans.followRequest(item));
    }
    return new Page<>(requests, read.nextCursor());
  }
}
