package io.quickphotos.internal.repository;

import io.quickphotos.Photo;
import io.quickphotos.PhotoId;
import io.quickphotos.PhotoNotFoundException;
import io.quickphotos.QuickPhotosException;
import io.quickphotos.ReactionType;
import io.quickphotos.ServiceUnavailableException;
import io.quickphotos.engine.AttributePath;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.ItemCondition;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.Limits;
import io.quickphotos.engine.QueryPlan;
import io.quickphotos.engine.QueryResult;
import io.quickphotos.engine.TableTransactionCancelledException;
import io.quickphotos.engine.UpdateAction;
import io.quickphotos.engine.Value;
import io.quickphotos.engine.WriteAction;
import io.quickphotos.internal.singletable.FollowPlans;
import io.quickphotos.internal.singletable.ItemCodec;
import io.quickphotos.internal.singletable.KeyLayout;
import io.quickphotos.internal.singletable.PhotoPlans;
import io.quickphotos.internal.singletable.Plans;
import io.quickphotos.internal.singletable.ReactionPlans;
import io.quickphotos.internal.singletable.Shards;
import io.quickphotos.internal.singletable.Timelines;
import io.quickphotos.internal.singletable.UserPlans;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.IntFunction;

/**
 * The writes that take back and delete: removing a reaction (an unlink of one item and its
 * counter), deleting a photo with its reactions, and closing an account with everything it
 * owns and every link to it. Each cascade is many requests; each is fenced to the incarnation of
 * the photo or account it marked first, so a cascade that resumes late, or runs beside another,
 * never touches a new item that took the same key. Every loop is bounded by the repository's
 * {@link Retrier}.
 *
 * <p>Stateless apart from its collaborators; thread-safe if the engine is.
 */
final class Cascades {
  /** Reactions one cascade transaction deletes from one photo: the photo takes the last action. */
  static final int REACTIONS_PER_TRANSACTION = Limits.MAX_TRANSACTION_ACTIONS - 1;

  /**
   * Items one cascade transaction unlinks: each takes a delete and a counter action, and the
   * closing account's own counter the last action.
   */
  static final int LINKS_PER_TRANSACTION = (Limits.MAX_TRANSACTION_ACTIONS - 1) / 2;

  private final Execution execution;
  private final Retrier retrier;
  private final boolean hybrid;

  Cascades(Execution execution, boolean hybrid) {
    this.execution = execution;
    this.retrier = execution.retrier();
    this.hybrid = hybrid;
  }

  /**
   * Removes one reaction and takes one off its photo's counter, in one transaction.
   *
   * @return whether this call deleted it (false: there was none)
   */
  boolean removeReaction(Key reaction, PhotoId photo, ReactionType type, Meter meter) {
    Link link =
        new Link(reaction, KeyLayout.photo(photo), ReactionPlans.reactionCounter(type), null);
    return unlink(List.of(link), count -> Optional.empty(), null, meter) > 0;
  }

  /**
   * An item to delete and the counter on another item that counts it.
   *
   * @param item the counted item (a reaction or a friendship)
   * @param counterItem the item holding the counter (a photo or a user)
   * @param counter the counter's path
   * @param shard the shard of a hot counter item to take the one off instead, or null
   */
  private record Link(Key item, Key counterItem, AttributePath counter, Key shard) {
    Link(Key item, Key counterItem, AttributePath counter) {
      this(item, counterItem, counter, null);
    }

    /**
     * The same link counted on one of the counter item's shards: its own counter may be zero
     * while its shards hold the count, and a shard's share may go below zero.
     */
    Link onShardOf(Item counterImage) {
      int shards = Shards.count(counterImage);
      return new Link(
          item,
          counterItem,
          counter,
          Shards.key(counterItem, Shards.indexFor(item.pk() + item.sk(), shards)));
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
  private int unlink(
      List<Link> links,
      IntFunction<Optional<WriteAction>> aggregate,
      AccountFence fence,
      Meter meter) {
    List<Link> pending = new ArrayList<>(links);
    Set<Link> counterNotPositive = new HashSet<>();
    // Each round drops or flips at least one link, or meets a transient change: the budget
    // grows with the links, plus the policy's attempts.
    int attempts = 2 * links.size() + retrier.maxAttempts();
    for (int attempt = 0; attempt < attempts; attempt++) {
      if (pending.isEmpty()) {
        return 0;
      }
      List<WriteAction> actions = new ArrayList<>(2 * pending.size() + 1);
      for (Link link : pending) {
        actions.add(new WriteAction.Delete(link.item(), ItemCondition.EXISTS));
        ItemCondition positive = new ItemCondition.AtLeast(link.counter(), 1);
        List<UpdateAction> minusOne = List.of(new UpdateAction.Add(link.counter(), -1));
        if (link.shard() != null) {
          actions.add(new WriteAction.Update(link.shard(), minusOne, ItemCondition.EXISTS));
        } else {
          actions.add(
              counterNotPositive.contains(link)
                  ? new WriteAction.Check(link.counterItem(), ItemCondition.not(positive))
                  : new WriteAction.Update(link.counterItem(), minusOne, positive));
        }
      }
      Optional<WriteAction> extra = aggregate.apply(pending.size());
      extra.ifPresent(actions::add);
      Optional<TableTransactionCancelledException> cancelled =
          execution.transactOrCancelled(actions, meter);
      if (cancelled.isEmpty()) {
        return pending.size();
      }
      List<String> reasons = cancelled.get().reasons();
      List<Link> still = new ArrayList<>();
      boolean someGone = false;
      for (int i = 0; i < pending.size(); i++) {
        Link link = pending.get(i);
        if (Execution.conditionFailed(reasons, 2 * i)) {
          someGone = true;
          continue;
        }
        if (Execution.conditionFailed(reasons, 2 * i + 1)) {
          Optional<Item> counterImage = cancelled.get().item(2 * i + 1);
          if (link.shard() != null) {
            // The shard is gone: the hot key's cascade folded it back into the counter item.
            link = new Link(link.item(), link.counterItem(), link.counter());
          } else if (counterImage.isPresent() && Shards.isSharded(counterImage.get())) {
            // A hot key's own counter may be zero while its shards hold the count.
            counterNotPositive.remove(link);
            link = link.onShardOf(counterImage.get());
          } else if (!counterNotPositive.remove(link)) {
            counterNotPositive.add(link);
          }
        }
        still.add(link);
      }
      if (extra.isPresent() && Execution.conditionFailed(reasons, actions.size() - 1)) {
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
        "items kept changing while being deleted; " + "call again to finish");
  }

  /**
   * Ends a cascade whose fence failed: the account or photo it marked is gone, and whatever now
   * has its key (nothing, or a new account or photo) is not the cascade's to touch. Caught where
   * the cascade started, which then returns as finished. Without a stack trace: it is control
   * flow, not an error.
   */
  private static final class CascadeFenced extends RuntimeException {
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
  private record AccountFence(Key account, Value marker) {
    WriteAction check() {
      return new WriteAction.Check(account, UserPlans.closingMarkedBy(marker));
    }

    ItemCondition and(ItemCondition condition) {
      return ItemCondition.and(UserPlans.closingMarkedBy(marker), condition);
    }
  }

  /** Reads the account (one GetItem) and ends the cascade if it is not the one marked. */
  private void stopIfReplaced(AccountFence fence, Meter meter) {
    Optional<Item> now = execution.get(fence.account(), meter);
    if (now.isEmpty() || !UserPlans.closingMarker(now.get()).equals(Optional.of(fence.marker()))) {
      throw CascadeFenced.INSTANCE;
    }
  }

  /**
   * Folds a hot key's shards back into its item once its cascade has marked it (see
   * {@link Shards#fold}): a BatchGetItem of the shards and one TransactWriteItems, again (reading
   * the item with GetItem) while writers that got in before the mark change a shard, within the
   * retry budget. After the mark only those can: a follow or reaction checks the shard, which the
   * fold deletes. The rest of the cascade then sees an unsharded item with exact counters.
   *
   * @param main the item as marked
   * @param fence the condition on the item: the cascade's marker
   * @param accountFence the closing owner's fence as one more action, or null
   * @return the item as folded, or empty if the fence failed (the cascade is over)
   */
  private Optional<Item> fold(
      Item main, ItemCondition fence, AccountFence accountFence, Meter meter) {
    Item image = main;
    for (int attempt = 0; retrier.allows(attempt); attempt++) {
      retrier.pauseBefore(attempt);
      List<Key> keys = Shards.keysOf(image);
      Map<Key, Item> found = execution.batchGet(keys, meter);
      List<Optional<Item>> shards = new ArrayList<>(keys.size());
      List<Item> present = new ArrayList<>();
      for (Key key : keys) {
        Optional<Item> shard = Optional.ofNullable(found.get(key));
        shards.add(shard);
        shard.ifPresent(present::add);
      }
      List<WriteAction> actions = new ArrayList<>(Shards.fold(image, shards, fence));
      if (accountFence != null) {
        actions.add(accountFence.check());
      }
      List<String> reasons = execution.transact(actions, meter);
      if (reasons.isEmpty()) {
        return Optional.of(Shards.withTotals(image, present));
      }
      if (accountFence != null && Execution.conditionFailed(reasons, actions.size() - 1)) {
        return Optional.empty();
      }
      Optional<Item> now = execution.get(image.key(), meter);
      if (now.isEmpty() || !fenceHolds(now.get(), image)) {
        return Optional.empty();
      }
      if (!Shards.isSharded(now.get())) {
        return now;
      }
      image = now.get();
    }
    throw new ServiceUnavailableException(
        "the shards of " + main.key() + " kept changing while folded; call again to finish");
  }

  /** Whether an item read again is still the one a cascade marked (same marker, if any). */
  private static boolean fenceHolds(Item now, Item marked) {
    return UserPlans.closingMarker(now).equals(UserPlans.closingMarker(marked))
        && PhotoPlans.deletionMarker(now).equals(PhotoPlans.deletionMarker(marked));
  }

  /** How one round of deleting a photo's reactions and the photo ended. */
  private enum Round {
    /** The photo and its reactions are deleted. */
    DONE,
    /** Something the counters did not expect turned up: read again and start over. */
    AGAIN
  }

  /**
   * deletePhoto's cascade. Marks the photo deleting (so no reaction can land; the mark's marker
   * fences every later write to this incarnation of the photo), then deletes its reactions,
   * found on the inverted index, up to 99 per transaction together with the photo's counters
   * taken down by as many; the last transaction deletes the photo itself, on condition that its
   * counters equal the reactions deleted with it, so a reaction the eventually consistent index
   * did not show yet keeps the photo (and the marker) for another round, which reads the photo
   * again (GetItem) rather than marking it. The photo item goes last, so a call cut short is
   * finished by the next: the marker stays and the photo still names what is left. A fence that
   * fails means another call finished the photo (and someone may have uploaded a new one under
   * its id): the cascade ends there. If the photo item is gone at the start, reactions the index
   * still lists are deleted provided the photo is still absent, and a photo with none never
   * existed (or is already deleted).
   */
  void deletePhoto(PhotoId id, Meter meter) {
    Value marker = null;
    for (int attempt = 0; retrier.allows(attempt); attempt++) {
      Item photo;
      if (marker == null) {
        try {
          photo =
              execution
                  .write(PhotoPlans.markDeleting(id, Plans.newCascadeMarker()), meter)
                  .orElseThrow();
        } catch (PhotoNotFoundException e) {
          if (deleteLeftoverReactions(id, meter)) {
            return;
          }
          throw e;
        }
        marker = PhotoPlans.deletionMarker(photo).orElseThrow();
        if (Shards.isSharded(photo)) {
          Optional<Item> folded = fold(photo, PhotoPlans.deletionMarkedBy(marker), null, meter);
          if (folded.isEmpty()) {
            return;
          }
          photo = folded.get();
        }
      } else {
        retrier.pauseBefore(attempt);
        Optional<Item> now = execution.get(KeyLayout.photo(id), meter);
        if (now.isEmpty() || !PhotoPlans.deletionMarker(now.get()).equals(Optional.of(marker))) {
          return;
        }
        photo = now.get();
      }
      try {
        if (deleteReactionsThenPhoto(
                id,
                ItemCodec.photo(photo).reactions(),
                PhotoPlans.deletionMarkedBy(marker),
                null,
                meter)
            == Round.DONE) {
          return;
        }
      } catch (CascadeFenced e) {
        return;
      }
    }
    throw new ServiceUnavailableException(
        "photo "
            + id
            + (execution.indexMayLag()
                ? " still has reactions the index does not list yet"
                : " kept changing while it was deleted (other calls took its reactions)")
            + "; call deletePhoto again to finish");
  }

  /**
   * Deletes a photo's reactions and then the photo, each transaction fenced: by
   * {@code photoFence} on the photo's own action (its deletion marker), or by the closing
   * owner's {@code accountFence} as one more action.
   *
   * @param counters the photo's counters when the round began
   * @param photoFence the condition on every write of the photo item
   * @param accountFence the closing owner's fence, or null
   * @return {@link Round#AGAIN} if something the counters did not expect turned up
   * @throws CascadeFenced if a fence failed
   */
  private Round deleteReactionsThenPhoto(
      PhotoId id,
      Map<ReactionType, Long> counters,
      ItemCondition photoFence,
      AccountFence accountFence,
      Meter meter) {
    Map<ReactionType, Long> left = new EnumMap<>(counters);
    int perTransaction = REACTIONS_PER_TRANSACTION - (accountFence == null ? 0 : 1);
    while (true) {
      List<WriteAction> actions = new ArrayList<>(perTransaction + 2);
      boolean last;
      Map<ReactionType, Long> found = new EnumMap<>(ReactionType.class);
      if (left.values().stream().allMatch(count -> count == 0)) {
        WriteAction photo =
            new WriteAction.Delete(
                KeyLayout.photo(id),
                ItemCondition.and(photoFence, ReactionPlans.noReactions(), Shards.notSharded()));
        if (accountFence == null) {
          // Alone, the photo's DeleteItem needs no transaction (which would bill it twice).
          return execution.tryWrite(photo, meter) ? Round.DONE : Round.AGAIN;
        }
        last = true;
        actions.add(photo);
      } else {
        QueryResult page = execution.read(ReactionPlans.reactionsOn(id, perTransaction), meter);
        if (page.items().isEmpty()) {
          return Round.AGAIN;
        }
        for (Item item : page.items()) {
          found.merge(ItemCodec.reaction(item).type(), 1L, Long::sum);
          actions.add(new WriteAction.Delete(item.key(), ItemCondition.EXISTS));
        }
        last = page.lastEvaluatedKey().isEmpty() && sameCounts(found, left);
        if (last) {
          actions.add(
              new WriteAction.Delete(
                  KeyLayout.photo(id),
                  ItemCondition.and(
                      photoFence, ReactionPlans.reactionCountsAre(left), Shards.notSharded())));
        } else {
          List<UpdateAction> downs = new ArrayList<>();
          found.forEach(
              (type, count) ->
                  downs.add(new UpdateAction.Add(ReactionPlans.reactionCounter(type), -count)));
          actions.add(new WriteAction.Update(KeyLayout.photo(id), downs, photoFence));
        }
      }
      if (accountFence != null) {
        actions.add(accountFence.check());
      }
      List<String> reasons = execution.transact(actions, meter);
      if (!reasons.isEmpty()) {
        if (accountFence != null && Execution.conditionFailed(reasons, actions.size() - 1)) {
          throw CascadeFenced.INSTANCE;
        }
        // The photo's own action fails when its fence does, and the last one also when a count
        // changed: the caller reads the photo again to tell which.
        return Round.AGAIN;
      }
      if (last) {
        return Round.DONE;
      }
      found.forEach((type, count) -> left.merge(type, -count, Long::sum));
    }
  }

  private static boolean sameCounts(
      Map<ReactionType, Long> found, Map<ReactionType, Long> expected) {
    for (ReactionType type : ReactionType.values()) {
      if (found.getOrDefault(type, 0L).longValue() != expected.getOrDefault(type, 0L)) {
        return false;
      }
    }
    return true;
  }

  /**
   * Deletes what the index still lists on a photo that is gone; nothing counts these any more.
   * Each transaction also checks that the photo is still absent: a photo uploaded again under
   * the id owns the reactions listed now, and they are left alone.
   *
   * @return whether this call deleted anything
   */
  private boolean deleteLeftoverReactions(PhotoId id, Meter meter) {
    boolean any = false;
    for (int round = 0; retrier.allows(round); round++) {
      QueryResult page =
          execution.read(ReactionPlans.reactionsOn(id, Limits.MAX_TRANSACTION_ACTIONS - 1), meter);
      if (page.items().isEmpty()) {
        return any;
      }
      List<WriteAction> actions = new ArrayList<>(page.items().size() + 1);
      actions.add(new WriteAction.Check(KeyLayout.photo(id), ItemCondition.ABSENT));
      for (Item item : page.items()) {
        actions.add(new WriteAction.Delete(item.key(), ItemCondition.NONE));
      }
      if (!execution.transact(actions, meter).isEmpty()) {
        return any;
      }
      any = true;
    }
    throw new ServiceUnavailableException(
        "reactions of deleted photo " + id + " keep appearing; call deletePhoto again to finish");
  }

  /**
   * deleteUser's cascade, after the one write that marks the account closing (and returns the
   * marker that fences the rest): the user's photos and their reactions (photos without
   * reactions 99 per transaction, others 98 reactions per transaction), the reactions the user
   * left (one strongly consistent Query per type, then transactions of 49 deletes with their
   * photos' counters), the friendships to the user (with each follower's {@code following}) and
   * from the user (found on the inverted index, with each followed user's {@code followers}),
   * each batch also taking the account's own counter down; the profile goes last, on condition
   * that both its counters are zero. Every transaction carries the fence (a ConditionCheck of
   * the marker, or the marker as a condition on the account's own counter), so once another
   * call has finished the account, and whoever took the name next, nothing more is written:
   * the cascade ends as finished.
   */
  void closeAccount(String username, Meter meter) {
    Item marked =
        execution
            .write(UserPlans.markClosing(username, Plans.newCascadeMarker()), meter)
            .orElseThrow();
    AccountFence fence =
        new AccountFence(KeyLayout.user(username), UserPlans.closingMarker(marked).orElseThrow());
    if (Shards.isSharded(marked)
        && fold(marked, UserPlans.closingMarkedBy(fence.marker()), null, meter).isEmpty()) {
      return;
    }
    try {
      FirstPages first = readFirstPages(username, meter);
      // Photos first: until the cascade marks the account, others may still react to them.
      deletePhotosOf(username, fence, first.photos(), meter);
      for (ReactionType type : ReactionType.values()) {
        QueryResult page;
        QueryResult read = first.reactions().get(type.ordinal());
        do {
          page =
              read != null
                  ? read
                  : execution.read(
                      ReactionPlans.reactionsBy(username, type, LINKS_PER_TRANSACTION), meter);
          read = null;
          List<Link> links = new ArrayList<>();
          for (Item item : page.items()) {
            links.add(
                new Link(
                    item.key(),
                    KeyLayout.photo(ItemCodec.reaction(item).photo()),
                    ReactionPlans.reactionCounter(type)));
          }
          unlink(links, count -> Optional.of(fence.check()), fence, meter);
        } while (page.lastEvaluatedKey().isPresent());
      }
      if (hybrid) {
        // Follows to and from a closing account are refused: no new audience item appears.
        deleteFanOutItems(audienceAndPending(username), first.audience(), fence, meter);
        deleteFanOutItems(memberships(username), first.memberships(), fence, meter);
      }
      for (int attempt = 0; retrier.allows(attempt); attempt++) {
        retrier.pauseBefore(attempt);
        // The first round starts from the pages read with the others; later rounds read again.
        unlinkFriendships(
            username,
            fence,
            attempt == 0 ? first.followers() : null,
            attempt == 0 ? first.followed() : null,
            meter);
        if (execution.tryWrite(UserPlans.deleteClosedProfile(username, fence.marker()), meter)) {
          return;
        }
        // Gone or replaced: finished. Otherwise a friendship the index did not list yet still
        // counts: another round.
        stopIfReplaced(fence, meter);
      }
    } catch (CascadeFenced e) {
      return;
    }
    throw new ServiceUnavailableException(
        "user "
            + username
            + (execution.indexMayLag()
                ? " still has friendships the index does not list yet"
                : "'s friendships kept changing while the account was closed")
            + "; call deleteUser again to finish");
  }

  /**
   * The first page of every listing deleteUser's cascade walks, read side by side in one round
   * trip once the account is marked closing. From the mark on, nothing is added to these
   * listings (every write that names a closing account is refused), so each page holds what its
   * step would read when it comes to it, less what was removed meanwhile: by other calls (which
   * every step already meets, as between any read and its write) or by the cascade's own earlier
   * steps, which remove only the account's reactions on its own photos (taken out of the
   * reaction pages here). Each step reads its further pages, and every page after a change, as
   * before; the requests and their count are those of reading each page when its step comes.
   *
   * @param photos the account's photos
   * @param reactions the reactions the account left, one page per {@link ReactionType}, by
   *     ordinal
   * @param audience the account's audience and pending fan-outs (hybrid), else null
   * @param memberships the account's places in others' audiences (hybrid), else null
   * @param followers the friendships to the account
   * @param followed the friendships from the account
   */
  private record FirstPages(
      QueryResult photos,
      List<QueryResult> reactions,
      QueryResult audience,
      QueryResult memberships,
      QueryResult followers,
      QueryResult followed) {}

  private FirstPages readFirstPages(String username, Meter meter) {
    List<QueryPlan> plans = new ArrayList<>();
    plans.add(PhotoPlans.photosOf(username, Limits.MAX_TRANSACTION_ACTIONS - 1));
    for (ReactionType type : ReactionType.values()) {
      plans.add(ReactionPlans.reactionsBy(username, type, LINKS_PER_TRANSACTION));
    }
    if (hybrid) {
      plans.add(audienceAndPending(username));
      plans.add(memberships(username));
    }
    plans.add(FollowPlans.followersOf(username, LINKS_PER_TRANSACTION));
    plans.add(FollowPlans.followedBy(username, LINKS_PER_TRANSACTION));
    List<QueryResult> pages = execution.readAll(plans, meter);
    int types = ReactionType.values().length;
    List<QueryResult> reactions = new ArrayList<>(types);
    for (QueryResult page : pages.subList(1, 1 + types)) {
      // The photos' step deletes every reaction on the account's own photos before these pages
      // are used.
      List<Item> left =
          page.items().stream()
              .filter(item -> !ItemCodec.reaction(item).photo().owner().equals(username))
              .toList();
      reactions.add(
          left.size() == page.items().size()
              ? page
              : new QueryResult(left, page.lastEvaluatedKey(), page.consumed()));
    }
    int next = 1 + types;
    QueryResult audience = hybrid ? pages.get(next++) : null;
    QueryResult memberships = hybrid ? pages.get(next++) : null;
    return new FirstPages(
        pages.get(0), reactions, audience, memberships, pages.get(next), pages.get(next + 1));
  }

  /**
   * Deletes a closing account's photos, the first page again and again until none is left:
   * photos without reactions in one transaction, the others one by one with their reactions.
   * A closing owner's photos take no new reactions, so the counters read with the page are
   * what to delete; a concurrent deletePhoto of one of them changes them, and the page is read
   * again. So does a photo switched to shards after the page was read (by a reaction that met it
   * at the threshold before the account was marked): its delete requires it unsharded, and the
   * page read again folds it first.
   */
  private void deletePhotosOf(
      String username, AccountFence fence, QueryResult firstPage, Meter meter) {
    int again = 0;
    QueryResult page;
    QueryResult read = firstPage;
    boolean changed;
    do {
      changed = false;
      page =
          read != null
              ? read
              : execution.read(
                  PhotoPlans.photosOf(username, Limits.MAX_TRANSACTION_ACTIONS - 1), meter);
      read = null;
      List<WriteAction> bare = new ArrayList<>();
      for (Item item : page.items()) {
        if (Shards.isSharded(item)) {
          // Its counts go back onto the photo first; the page is read again after. A fold that
          // ends because a deletePhoto marked or deleted the photo meanwhile ends only that
          // photo's turn: the page read again shows what is left of it. Only the account gone
          // or replaced ends the cascade.
          if (fold(item, ItemCondition.EXISTS, fence, meter).isEmpty()) {
            stopIfReplaced(fence, meter);
          }
          changed = true;
          continue;
        }
        Photo photo = ItemCodec.photo(item);
        if (photo.reactions().values().stream().allMatch(count -> count == 0)) {
          bare.add(
              new WriteAction.Delete(
                  item.key(), ItemCondition.and(ReactionPlans.noReactions(), Shards.notSharded())));
        } else if (deleteReactionsThenPhoto(
                photo.id(), photo.reactions(), ItemCondition.EXISTS, fence, meter)
            == Round.AGAIN) {
          changed = true;
        }
      }
      if (!bare.isEmpty()) {
        bare.add(fence.check());
        List<String> reasons = execution.transact(bare, meter);
        if (!reasons.isEmpty()) {
          if (Execution.conditionFailed(reasons, bare.size() - 1)) {
            throw CascadeFenced.INSTANCE;
          }
          // A photo counted a reaction after this read: read again.
          changed = true;
        }
      }
      if (changed) {
        if (!retrier.allows(++again)) {
          throw new ServiceUnavailableException(
              "photos of " + username + " keep changing; call deleteUser again to finish");
        }
        retrier.pauseBefore(again);
      }
    } while (page.lastEvaluatedKey().isPresent() || changed);
  }

  /** Items one cascade transaction deletes unconditionally beside its fence. */
  private static final int BATCH_DELETES = Limits.MAX_TRANSACTION_ACTIONS - 1;

  /**
   * Deletes the hybrid feed's items of a closing account (its audience and pending fan-outs, or
   * its places in others' audiences), page after page, each page in one transaction with the
   * fence. Its timeline is left to expire: entries count nothing and a reader skips stale ones.
   */
  private void deleteFanOutItems(
      QueryPlan plan, QueryResult firstPage, AccountFence fence, Meter meter) {
    QueryResult read = firstPage;
    while (true) {
      QueryResult page = read != null ? read : execution.read(plan, meter);
      read = null;
      if (!page.items().isEmpty()) {
        List<WriteAction> deletes = new ArrayList<>(page.items().size() + 1);
        for (Item item : page.items()) {
          deletes.add(new WriteAction.Delete(item.key(), ItemCondition.NONE));
        }
        deletes.add(fence.check());
        if (!execution.transact(deletes, meter).isEmpty()) {
          // Only the fence has a condition: the account is gone or replaced.
          throw CascadeFenced.INSTANCE;
        }
      }
      if (page.lastEvaluatedKey().isEmpty()) {
        return;
      }
      plan = plan.startingAfter(page.lastEvaluatedKey().get());
    }
  }

  /** An account's audience and pending fan-outs, a transaction's worth a page. */
  private static QueryPlan audienceAndPending(String username) {
    return Timelines.audienceAndPending(username, BATCH_DELETES);
  }

  /** An account's places in others' audiences, a transaction's worth a page. */
  private static QueryPlan memberships(String username) {
    return Timelines.memberships(username, BATCH_DELETES);
  }

  /**
   * Unlinks the friendships to and from a closing account, page by page, starting from the
   * given first pages where there are (null: read them).
   */
  private void unlinkFriendships(
      String username,
      AccountFence fence,
      QueryResult followersPage,
      QueryResult followedPage,
      Meter meter) {
    Key account = KeyLayout.user(username);
    QueryResult page;
    QueryResult read = followersPage;
    do {
      page =
          read != null
              ? read
              : execution.read(FollowPlans.followersOf(username, LINKS_PER_TRANSACTION), meter);
      read = null;
      List<Link> links = new ArrayList<>();
      for (Item item : page.items()) {
        links.add(
            new Link(
                item.key(),
                KeyLayout.user(ItemCodec.friendship(item).follower()),
                UserPlans.followingCounter()));
      }
      unlink(
          links,
          count -> Optional.of(ownCounterDown(account, UserPlans.followersCounter(), count, fence)),
          fence,
          meter);
    } while (page.lastEvaluatedKey().isPresent());
    read = followedPage;
    do {
      page =
          read != null
              ? read
              : execution.read(FollowPlans.followedBy(username, LINKS_PER_TRANSACTION), meter);
      read = null;
      List<Link> links = new ArrayList<>();
      for (Item item : page.items()) {
        String followed = ItemCodec.followedUser(item);
        links.add(new Link(item.key(), KeyLayout.user(followed), UserPlans.followersCounter()));
      }
      unlink(
          links,
          count -> Optional.of(ownCounterDown(account, UserPlans.followingCounter(), count, fence)),
          fence,
          meter);
    } while (page.lastEvaluatedKey().isPresent());
  }

  private static WriteAction ownCounterDown(
      Key account, AttributePath counter, int count, AccountFence fence) {
    return new WriteAction.Update(
        account,
        List.of(new UpdateAction.Add(counter, -count)),
        fence.and(new ItemCondition.AtLeast(counter, count)));
  }
}
