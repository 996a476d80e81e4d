package io.quickphotos.internal.repository.privacy;

import io.quickphotos.FollowRequest;
import io.quickphotos.ServiceUnavailableException;
import io.quickphotos.engine.AttributePath;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.ItemCondition;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.QueryResult;
import io.quickphotos.engine.Value;
import io.quickphotos.internal.repository.hot.HotKeys;
import io.quickphotos.internal.repository.request.Batches;
import io.quickphotos.internal.repository.request.Cancellation;
import io.quickphotos.internal.repository.request.Meter;
import io.quickphotos.internal.repository.request.Reads;
import io.quickphotos.internal.repository.request.Requests;
import io.quickphotos.internal.repository.request.Retrier;
import io.quickphotos.internal.repository.request.Writes;
import io.quickphotos.internal.singletable.codec.ItemCodec;
import io.quickphotos.internal.singletable.hot.ShardPlans;
import io.quickphotos.internal.singletable.hot.Shards;
import io.quickphotos.internal.singletable.layout.Attributes;
import io.quickphotos.internal.singletable.plan.Plans;
import io.quickphotos.internal.singletable.privacy.BlockPlans;
import io.quickphotos.internal.singletable.privacy.PrivacyPlans;
import io.quickphotos.internal.singletable.privacy.PrivacyQueries;
import io.quickphotos.internal.singletable.privacy.RequestPlans;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What follows a switch of an account's visibility, after the profile's UpdateItem: going
 * private, a hot account's shards folded back into its profile (private accounts are never
 * sharded); going public, every pending request approved, a batch a transaction, fenced on the
 * account still public. Both resumable. Stateless apart from its collaborators; thread-safe if
 * the engine is.
 */
final class Visibilities {
  /** Requests one transaction approves: five actions each, and the account's once. */
  static final int APPROVALS = 19;

  /** Requests one guarded transaction approves: two block checks more each. */
  static final int GUARDED_APPROVALS = 14;

  private final Reads reads;
  private final Writes writes;
  private final Batches batches;
  private final Retrier retrier;
  private final HotKeys hotKeys;
  private final Clock clock;

  Visibilities(Requests requests, HotKeys hotKeys, Clock clock) {
    this.reads = requests.reads();
    this.writes = requests.writes();
    this.batches = requests.batches();
    this.retrier = requests.retrier();
    this.hotKeys = hotKeys;
    this.clock = clock;
  }

  /**
   * The switch of a hot account to private: one transaction setting the flag and sealing every
   * shard ({@link ShardPlans#seal}). Cancelled (the profile changed since the update's attempt read
   * it, or a shard is gone), it writes nothing, and the update's next attempt says why.
   *
   * @param profile the profile as the refused update found it
   * @param version the version the update names, if it names one
   */
  void seal(Item profile, java.util.OptionalLong version, Meter meter) {
    writes.transact(ShardPlans.seal(profile, version), meter);
  }

  /**
   * Folds a private account's shards back into its profile (or a public one's, if a switch to
   * private cut short sealed them): a BatchGetItem of the shards and one transaction deleting each (on condition its count is the one read) and adding their sum
   * to the profile, on condition it is still active, private and of as many shards. Again, from
   * a fresh read, while a follow that raced it changes a shard.
   *
   * @param profile the profile as the switch left it
   * @return whether it folded shards (false: the profile had none, or is public with open
   *     shards)
   */
  boolean foldShards(Item profile, Meter meter) {
    Item main = profile;
    for (int attempt = 0; ; attempt++) {
      if (!Shards.isSharded(main)) {
        return attempt > 0;
      }
      List<Key> keys = Shards.keysOf(main);
      Map<Key, Item> found = batches.batchGet(keys, meter);
      List<Optional<Item>> shards = new ArrayList<>(keys.size());
      boolean sealed = false;
      for (Key key : keys) {
        Item shard = found.get(key);
        sealed |= shard != null && Shards.isSealed(shard);
        shards.add(Optional.ofNullable(shard));
      }
      boolean isPrivate = ItemCodec.isPrivate(main);
      if (!isPrivate && !sealed) {
        // A public hot account keeps its shards.
        return attempt > 0;
      }
      // A public account with sealed shards is a switch to private cut short and undone: its
      // shards take nothing any more, so they are folded all the same.
      ItemCondition fence =
          ItemCondition.and(
              isPrivate ? PrivacyPlans.stillPrivate() : PrivacyPlans.ACTIVE_PUBLIC,
              new ItemCondition.AttributeEquals(
                  AttributePath.of(Attributes.SHARDS), Value.Num.of(Shards.count(main))));
      Optional<Cancellation> cancelled =
          writes.transact(ShardPlans.fold(main, shards, fence), meter);
      if (cancelled.isEmpty()) {
        hotKeys.learnedUser(ItemCodec.user(main).username(), 0);
        return true;
      }
      if (!retrier.allows(attempt + 1)) {
        throw contention("the shards of " + ItemCodec.user(main).username());
      }
      retrier.pauseBefore(attempt + 1);
      Optional<Item> again = reads.get(main.key(), meter);
      if (again.isEmpty()) {
        return true;
      }
      main = again.get();
    }
  }

  /**
   * Approves every pending request of an account that went public, oldest first: a strongly
   * consistent Query of a batch, one transaction approving it ({@link RequestPlans#approveAll}),
   * until none is left. A request withdrawn meanwhile is left out; one whose requester follows
   * already, is gone, or stands on the other side of a block is discarded with its count. The
   * account's update is the fence: once the account is private again, closing or gone, the rest
   * stays pending, and the call ends.
   *
   * @param account the account, public
   * @return how many requests it approved
   */
  int approvePending(String account, Meter meter) {
    boolean guarded = false;
    int approvedInAll = 0;
    int again = 0;
    while (true) {
      QueryResult page =
          reads.query(
              PrivacyQueries.requestsOf(account, false, guarded ? GUARDED_APPROVALS : APPROVALS),
              meter);
      if (page.items().isEmpty()) {
        return approvedInAll;
      }
      List<FollowRequest> approve = new ArrayList<>();
      List<FollowRequest> discard = new ArrayList<>();
      for (Item item : page.items()) {
        approve.add(PrivacyPlans.followRequest(item));
      }
      Round round = approveBatch(account, approve, discard, guarded, meter);
      switch (round) {
        case DONE -> approvedInAll += approve.size();
        case FENCED -> {
          return approvedInAll;
        }
        case GUARD -> guarded = true;
        case AGAIN -> {
          if (!retrier.allows(++again)) {
            throw contention("the requests of " + account);
          }
          retrier.pauseBefore(again);
        }
      }
    }
  }

  /** How one batch of approvals ended. */
  private enum Round {
    /** Committed (the lists say what was approved and discarded). */
    DONE,
    /** The account is private again, closing or gone: stop. */
    FENCED,
    /** One of the two sides counts blocks: again, guarded. */
    GUARD,
    /** Something changed since the page was read: read it again. */
    AGAIN
  }

  /**
   * One batch: sent, and on a cancellation the requests that cannot be approved moved to the
   * discarded (or left out, if withdrawn) and sent again, a few times.
   */
  private Round approveBatch(
      String account,
      List<FollowRequest> approve,
      List<FollowRequest> discard,
      boolean guarded,
      Meter meter) {
    for (int attempt = 0; attempt < 4; attempt++) {
      Optional<Cancellation> cancelled =
          writes.transact(
              RequestPlans.approveAll(account, approve, discard, clock.instant(), guarded), meter);
      if (cancelled.isEmpty()) {
        return Round.DONE;
      }
      Cancellation c = cancelled.get();
      if (c.failed(RequestPlans.ACCOUNT)) {
        Optional<Item> image = c.image(RequestPlans.ACCOUNT);
        if (image.isEmpty() || !isActive(image.get()) || ItemCodec.isPrivate(image.get())) {
          return Round.FENCED;
        }
        return !guarded && PrivacyPlans.blocks(image.get()) > 0 ? Round.GUARD : Round.AGAIN;
      }
      List<FollowRequest> approveNext = new ArrayList<>();
      List<FollowRequest> discardNext = new ArrayList<>();
      int i = 0;
      for (FollowRequest request : approve) {
        if (c.failed(RequestPlans.REQUEST.at(i))) {
          // Withdrawn or declined meanwhile: not this batch's any more.
          i++;
          continue;
        }
        Optional<Item> requester = c.image(RequestPlans.REQUESTER.at(i));
        if (!guarded
            && requester.isPresent()
            && isActive(requester.get())
            && PrivacyPlans.blocks(requester.get()) > 0) {
          return Round.GUARD;
        }
        boolean cannot =
            c.failed(RequestPlans.FRIENDSHIP.at(i))
                || c.failed(RequestPlans.REQUESTER.at(i))
                || c.failed(BlockPlans.NOT_BLOCKED_BY_OWNER.at(i))
                || c.failed(BlockPlans.NOT_BLOCKED_BY_FOLLOWER.at(i));
        (cannot ? discardNext : approveNext).add(request);
        i++;
      }
      for (FollowRequest request : discard) {
        if (!c.failed(RequestPlans.REQUEST.at(i))) {
          discardNext.add(request);
        }
        i++;
      }
      approve.clear();
      approve.addAll(approveNext);
      discard.clear();
      discard.addAll(discardNext);
      if (approve.isEmpty() && discard.isEmpty()) {
        return Round.AGAIN;
      }
    }
    return Round.AGAIN;
  }

  private static boolean isActive(Item profile) {
    return Plans.isActive(profile);
  }

  static ServiceUnavailableException contention(String what) {
    return new ServiceUnavailableException(
        what + " kept changing while the account's visibility changed; call again",
        ServiceUnavailableException.Reason.CONTENTION,
        ServiceUnavailableException.Written.NOTHING,
        null);
  }
}
