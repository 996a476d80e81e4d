package io.quickphotos.internal.repository.cascade;

import io.quickphotos.QuickPhotosException;
import io.quickphotos.ServiceUnavailableException;
import io.quickphotos.engine.AttributePath;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.ItemCondition;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.Limits;
import io.quickphotos.engine.UpdateAction;
import io.quickphotos.engine.Value;
import io.quickphotos.engine.WriteAction;
import io.quickphotos.internal.repository.hot.HotKeys;
import io.quickphotos.internal.repository.request.Batches;
import io.quickphotos.internal.repository.request.Cancellation;
import io.quickphotos.internal.repository.request.Meter;
import io.quickphotos.internal.repository.request.Reads;
import io.quickphotos.internal.repository.request.Requests;
import io.quickphotos.internal.repository.request.Retrier;
import io.quickphotos.internal.repository.request.Writes;
import io.quickphotos.internal.singletable.hot.ShardPlans;
import io.quickphotos.internal.singletable.hot.Shards;
import io.quickphotos.internal.singletable.photo.PhotoPlans;
import io.quickphotos.internal.singletable.plan.Counters;
import io.quickphotos.internal.singletable.plan.StepName;
import io.quickphotos.internal.singletable.plan.WritePlan;
import io.quickphotos.internal.singletable.user.UserPlans;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.IntFunction;

/**
 * What the cascades ({@link PhotoCascade}, {@link AccountCascade}) share: unlinking items with
 * the counters that count them, folding a hot key's shards back into its item, and the fence of
 * a closing account. Every loop is bounded by the repository's {@link Retrier}. Stateless apart
 * from its collaborators; thread-safe if the engine is.
 */
final class CascadeSteps {
  /**
   * Items one cascade transaction unlinks: each takes a delete and a counter action, and the
   * closing account's own counter the last action.
   */
  static final int LINKS_PER_TRANSACTION = (Limits.MAX_TRANSACTION_ACTIONS - 1) / 2;

  /** The step of a cascade's transaction that checks (or writes) the closing account's fence. */
  static final StepName FENCE = StepName.of("account fence");

  /** The steps of an unlink that delete the counted items, by link (a transaction holds 49). */
  private static final StepName[] UNLINKED =
      StepName.series("unlinked item", LINKS_PER_TRANSACTION);

  /** The steps of an unlink that take one off (or check) the counters, by link. */
  private static final StepName[] COUNTER = StepName.series("counter", LINKS_PER_TRANSACTION);

  /** The step of an unlink that takes the links' count off the closing account's own counter. */
  static final StepName AGGREGATE = StepName.of("aggregate counter");

  private final Reads reads;
  private final Writes writes;
  private final Batches batches;
  private final Retrier retrier;

  CascadeSteps(Requests requests) {
    this.reads = requests.reads();
    this.writes = requests.writes();
    this.batches = requests.batches();
    this.retrier = requests.retrier();
  }

  /**
   * An item to delete and the counter on another item that counts it.
   *
   * @param item the counted item (a reaction or a friendship)
   * @param counterItem the item holding the counter (a photo or a user)
   * @param counter the counter's path
   * @param writer who added the item (the reactor or follower): on a hot counter item, the shard
   *     its addition went to is the first part the one is taken off
   * @param parts for a hot counter item, the parts to take the one off, in order ({@link
   *     HotKeys#removalParts}); null for an ordinary one
   * @param part the part to try now
   */
  record Link(
      Key item, Key counterItem, AttributePath counter, String writer, List<Key> parts, int part) {
    Link(Key item, Key counterItem, AttributePath counter, String writer) {
      this(item, counterItem, counter, writer, null, 0);
    }

    /** The same link on a hot counter item: its parts, the writer's shard first. */
    Link onPartsOf(Item counterImage) {
      return new Link(
          item,
          counterItem,
          counter,
          writer,
          HotKeys.removalParts(counterItem, writer, Shards.count(counterImage)),
          0);
    }

    /** The same link on the next part, or null when every part was tried. */
    Link nextPart() {
      return part + 1 < parts.size()
          ? new Link(item, counterItem, counter, writer, parts, part + 1)
          : null;
    }

    /** The same link as on an ordinary counter item. */
    Link whole() {
      return new Link(item, counterItem, counter, writer);
    }

    /** The counter action: one off the part, if it holds at least one. */
    WriteAction partDecrement() {
      Key key = parts.get(part);
      ItemCondition positive = new ItemCondition.AtLeast(counter, 1);
      return new WriteAction.Update(
          key,
          Counters.add(counter, -1),
          ItemCondition.and(
              Shards.isShard(key) ? ItemCondition.EXISTS : Shards.sharded(), positive));
    }
  }

  /**
   * Deletes the links' items and takes one off each counter, in one transaction: per link a
   * DeleteItem with {@code attribute_exists(PK)} and an UpdateItem adding −1 if the counter is at
   * least 1, plus the {@code aggregate} action for the number of links (the closing account's own
   * counter, or its fence). When the transaction is cancelled, the reasons say what changed
   * meanwhile: an item already gone was deleted (and uncounted) by someone else and is dropped; a
   * counter that is not positive (or whose item is gone, like a deleted photo) is checked instead
   * of decremented, so the item still goes and no counter drops below zero; a check that no
   * longer holds becomes a decrement again. Then it tries again, a bounded number of times.
   *
   * @param fence the closing account's fence when the aggregate action carries it, else null
   * @return how many of the items this call deleted
   * @throws CascadeFenced if the aggregate failed because the account is no longer the one the
   *     cascade marked
   */
  int unlink(
      List<Link> links,
      IntFunction<Optional<WriteAction>> aggregate,
      AccountFence fence,
      Meter meter) {
    if (links.isEmpty()) {
      return 0;
    }
    List<Link> pending = new ArrayList<>(links);
    Set<Link> counterNotPositive = new HashSet<>();
    // Each round drops or flips at least one link, or meets a transient change: the budget
    // grows with the links, plus the policy's attempts.
    int attempts = 2 * links.size() + retrier.maxAttempts();
    for (int attempt = 0; attempt < attempts; attempt++) {
      if (pending.isEmpty()) {
        return 0;
      }
      List<WritePlan.Step> steps = new ArrayList<>(2 * pending.size() + 1);
      for (int i = 0; i < pending.size(); i++) {
        Link link = pending.get(i);
        steps.add(
            new WritePlan.Step(
                UNLINKED[i], new WriteAction.Delete(link.item(), ItemCondition.EXISTS)));
        ItemCondition positive = new ItemCondition.AtLeast(link.counter(), 1);
        List<UpdateAction> minusOne = Counters.add(link.counter(), -1);
        WriteAction counterAction;
        if (link.parts() != null) {
          counterAction = link.partDecrement();
        } else {
          counterAction =
              counterNotPositive.contains(link)
                  ? new WriteAction.Check(link.counterItem(), ItemCondition.not(positive))
                  : new WriteAction.Update(link.counterItem(), minusOne, positive);
        }
        steps.add(new WritePlan.Step(COUNTER[i], counterAction));
      }
      Optional<WriteAction> extra = aggregate.apply(pending.size());
      extra.ifPresent(action -> steps.add(new WritePlan.Step(AGGREGATE, action)));
      Optional<Cancellation> cancelled = writes.transact(WritePlan.transaction(steps), meter);
      if (cancelled.isEmpty()) {
        return pending.size();
      }
      Cancellation c = cancelled.get();
      List<Link> still = new ArrayList<>();
      boolean someGone = false;
      for (int i = 0; i < pending.size(); i++) {
        Link link = pending.get(i);
        if (c.failed(UNLINKED[i])) {
          someGone = true;
          continue;
        }
        if (c.failed(COUNTER[i])) {
          Optional<Item> counterImage = c.image(COUNTER[i]);
          if (link.parts() != null) {
            boolean folded =
                counterImage.isEmpty()
                    || (!Shards.isShard(link.parts().get(link.part()))
                        && !Shards.isSharded(counterImage.get()));
            Link next = folded ? null : link.nextPart();
            if (next != null) {
              link = next;
            } else {
              // Folded back by the hot key's cascade, or every part at zero (the counter
              // drifted): as an ordinary counter, checked when not positive.
              link = link.whole();
              if (!folded) {
                counterNotPositive.add(link);
              }
            }
          } else if (counterImage.isPresent()
              && Shards.isSharded(counterImage.get())
              && Shards.isShardedCounter(link.counter())) {
            // A hot key's own counter may be zero while its shards hold the count.
            counterNotPositive.remove(link);
            link = link.onPartsOf(counterImage.get());
          } else if (!counterNotPositive.remove(link)) {
            counterNotPositive.add(link);
          }
        }
        still.add(link);
      }
      if (c.failed(AGGREGATE)) {
        // The aggregate holds the fence: an account that is gone or was created again ends the
        // cascade. An item someone else deleted meanwhile (an unfollow racing the cascade) also
        // took one off the aggregate counter: with that link dropped it holds again. Only an
        // aggregate that fails with every item still there, on the marked account, means the
        // counter drifted.
        stopIfReplaced(fence, meter);
        if (!someGone) {
          throw new QuickPhotosException(
              "a counter of the closing account is below its items: " + extra.get());
        }
      }
      pending = still;
    }
    throw new ServiceUnavailableException(
        "items kept changing while being deleted; call again to finish",
        ServiceUnavailableException.Reason.CONTENTION,
        ServiceUnavailableException.Written.NOTHING,
        null);
  }

  /**
   * Ends a cascade whose fence failed: the account or photo it marked is gone, and whatever now
   * has its key (nothing, or a new account or photo) is not the cascade's to touch. Caught where
   * the cascade started, which then returns as finished. Without a stack trace: it is control
   * flow, not an error.
   */
  static final class CascadeFenced extends RuntimeException {
    private static final long serialVersionUID = 1L;
    static final CascadeFenced INSTANCE = new CascadeFenced();

    private CascadeFenced() {
      super("the cascade's account or photo is gone", null, false, false);
    }
  }

  /**
   * The fence of a closing account's cascade: the account item as {@code markClosing} left it.
   * Every transaction of the cascade carries {@link #check()} (or, where it already writes the
   * account, {@link #and}), so none lands once the account is deleted or a new one has its name.
   *
   * @param account the account's key
   * @param marker the marker {@code markClosing} returned
   */
  record AccountFence(Key account, Value marker) {
    WriteAction check() {
      return new WriteAction.Check(account, UserPlans.closingMarkedBy(marker));
    }

    ItemCondition and(ItemCondition condition) {
      return ItemCondition.and(UserPlans.closingMarkedBy(marker), condition);
    }
  }

  /** Reads the account (one GetItem) and ends the cascade if it is not the one marked. */
  void stopIfReplaced(AccountFence fence, Meter meter) {
    Optional<Item> now = reads.get(fence.account(), meter);
    if (now.isEmpty() || !UserPlans.closingMarker(now.get()).equals(Optional.of(fence.marker()))) {
      throw CascadeFenced.INSTANCE;
    }
  }

  /**
   * Folds a hot key's shards back into its item once its cascade has marked it (see
   * {@link ShardPlans#fold}): a BatchGetItem of the shards and one TransactWriteItems, again (reading
   * the item with GetItem) while writers that got in before the mark change a shard, within the
   * retry budget. After the mark only those can: a follow or reaction checks the shard, which the
   * fold deletes. The rest of the cascade then sees an unsharded item with exact counters.
   *
   * @param main the item as marked
   * @param fence the condition on the item: the cascade's marker
   * @param accountFence the closing owner's fence as one more action, or null
   * @return the item as folded, or empty if the fence failed (the cascade is over)
   */
  Optional<Item> fold(Item main, ItemCondition fence, AccountFence accountFence, Meter meter) {
    Item image = main;
    for (int attempt = 0; retrier.allows(attempt); attempt++) {
      retrier.pauseBefore(attempt);
      List<Key> keys = Shards.keysOf(image);
      Map<Key, Item> found = batches.batchGet(keys, meter);
      List<Optional<Item>> shards = new ArrayList<>(keys.size());
      List<Item> present = new ArrayList<>();
      for (Key key : keys) {
        Optional<Item> shard = Optional.ofNullable(found.get(key));
        shards.add(shard);
        shard.ifPresent(present::add);
      }
      WritePlan plan = ShardPlans.fold(image, shards, fence);
      if (accountFence != null) {
        plan = plan.plus(new WritePlan.Step(FENCE, accountFence.check()));
      }
      Optional<Cancellation> cancelled = writes.transact(plan, meter);
      if (cancelled.isEmpty()) {
        return Optional.of(Shards.withTotals(image, present));
      }
      if (cancelled.get().failed(FENCE)) {
        return Optional.empty();
      }
      Optional<Item> now = reads.get(image.key(), meter);
      if (now.isEmpty() || !fenceHolds(now.get(), image)) {
        return Optional.empty();
      }
      if (!Shards.isSharded(now.get())) {
        return now;
      }
      image = now.get();
    }
    throw new ServiceUnavailableException(
        "the shards of " + main.key() + " kept changing while folded; call again to finish",
        ServiceUnavailableException.Reason.CONTENTION,
        ServiceUnavailableException.Written.NOTHING,
        null);
  }

  /** Whether an item read again is still the one a cascade marked (same marker, if any). */
  private static boolean fenceHolds(Item now, Item marked) {
    return UserPlans.closingMarker(now).equals(UserPlans.closingMarker(marked))
        && PhotoPlans.deletionMarker(now).equals(PhotoPlans.deletionMarker(marked));
  }
}
