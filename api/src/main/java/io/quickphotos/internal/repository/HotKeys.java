package io.quickphotos.internal.repository;

import io.quickphotos.Follow;
import io.quickphotos.PhotoId;
import io.quickphotos.QuickPhotosException;
import io.quickphotos.Reaction;
import io.quickphotos.ServiceUnavailableException;
import io.quickphotos.Sharding;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.Limits;
import io.quickphotos.engine.TableTransactionCancelledException;
import io.quickphotos.engine.WriteAction;
import io.quickphotos.internal.singletable.FollowPlans;
import io.quickphotos.internal.singletable.ItemCodec;
import io.quickphotos.internal.singletable.KeyLayout;
import io.quickphotos.internal.singletable.ReactionPlans;
import io.quickphotos.internal.singletable.Shards;
import io.quickphotos.internal.singletable.UserPlans;
import io.quickphotos.internal.singletable.WritePlan;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Write sharding of hot keys (see {@link Shards} for the layout and {@link Sharding} for when):
 * the writes that count on a user's or photo's counters — follow, react — and the reads that sum
 * them.
 *
 * <p><b>How a writer learns.</b> A write to an unsharded key carries two more terms in the
 * condition it already has ({@code NOT (shards >= 1)}, and the counter below the threshold), so
 * an ordinary key costs exactly what it did. When either fails, DynamoDB returns the item as it
 * was (at no cost), which tells a sharded key (remember it and write to a shard) from one at the
 * threshold (switch it, in one transaction, then write to a shard) from a missing user or photo
 * (the error it always was). This repository then remembers the key as sharded, so its next
 * writes go straight to a shard: the cost of learning is one failed transaction per key and
 * repository. A write to a shard requires the shard to exist; if it is gone (the key was deleted,
 * or its cascade folded the shards back), the writer forgets the key and tries the main item
 * again. Sharding is never undone while a key exists, so what a writer remembers is wrong only
 * for a key deleted and created again, which the shard's existence check catches.
 *
 * <p>Thread-safe: the remembered keys are concurrent maps, bounded by clearing them (a lost entry
 * costs one more failed transaction).
 */
final class HotKeys {
  /** Keys remembered before the maps are cleared. */
  static final int REMEMBERED = 10_000;

  /** Rounds of learning, switching and sending again before a call gives up. */
  private static final int ROUNDS = 4;

  private final Execution execution;
  private final Sharding sharding;
  private final HotReads hotReads;
  private final Map<String, Integer> shardedUsers = new ConcurrentHashMap<>();
  private final Map<PhotoId, Integer> shardedPhotos = new ConcurrentHashMap<>();

  HotKeys(Execution execution, Sharding sharding, HotReads hotReads) {
    this.execution = execution;
    this.sharding = sharding;
    this.hotReads = hotReads;
  }

  /**
   * Follow: one TransactWriteItems for an ordinary user, and for a hot one this repository
   * knows; a user it does not know is sharded, or that reaches the threshold, costs one more
   * (the failed attempt) and, for the switch, one more.
   */
  void follow(Follow follow, Meter meter) {
    String followed = follow.followed();
    for (int round = 0; round < ROUNDS; round++) {
      Integer shards = shardedUsers.get(followed);
      Optional<Key> shard =
          Optional.ofNullable(shards)
              .map(
                  n -> Shards.key(KeyLayout.user(followed), Shards.indexFor(follow.follower(), n)));
      Optional<TableTransactionCancelledException> cancelled =
          execution.writeOrRedirect(
              FollowPlans.follow(follow, shard, sharding.followersThreshold()), meter);
      if (cancelled.isEmpty()) {
        return;
      }
      if (shards != null) {
        // The shard is gone: the user was deleted (and maybe created again). Ask the profile.
        shardedUsers.remove(followed);
      } else {
        learnUser(followed, cancelled.get().item(0).orElseThrow(), meter);
      }
    }
    throw gaveUp("follow of " + followed);
  }

  /**
   * React: one TransactWriteItems for an ordinary photo, and for a hot one this repository knows
   * (its count on a shard of the photo, its owner checked on a shard of the owner); learning and
   * switching cost as for {@link #follow}.
   */
  void react(Reaction reaction, Meter meter) {
    PhotoId photo = reaction.photo();
    String owner = photo.owner();
    boolean ownerChecked = !owner.equals(reaction.reactor());
    for (int round = 0; round < ROUNDS; round++) {
      Integer ownerShards = ownerChecked ? shardedUsers.get(owner) : null;
      Integer photoShards = shardedPhotos.get(photo);
      Optional<Key> ownerShard =
          Optional.ofNullable(ownerShards)
              .map(n -> Shards.key(KeyLayout.user(owner), Shards.indexFor(reaction.reactor(), n)));
      Optional<Key> photoShard =
          Optional.ofNullable(photoShards)
              .map(n -> Shards.key(KeyLayout.photo(photo), Shards.indexFor(reaction.reactor(), n)));
      WritePlan plan =
          ReactionPlans.reactTo(reaction, ownerShard, photoShard, sharding.reactionsThreshold());
      Optional<TableTransactionCancelledException> cancelled =
          execution.writeOrRedirect(plan, meter);
      if (cancelled.isEmpty()) {
        return;
      }
      TableTransactionCancelledException e = cancelled.get();
      int countStep = plan.steps().size() - 1;
      if (ownerChecked && Execution.conditionFailed(e.reasons(), 1)) {
        if (ownerShards != null) {
          shardedUsers.remove(owner);
        } else {
          remember(shardedUsers, owner, Shards.count(e.item(1).orElseThrow()));
        }
      }
      if (Execution.conditionFailed(e.reasons(), countStep)) {
        if (photoShards != null) {
          shardedPhotos.remove(photo);
        } else {
          learnPhoto(photo, e.item(countStep).orElseThrow(), meter);
        }
      }
    }
    throw gaveUp("reaction to photo " + photo);
  }

  /** A user's profile refused an unsharded write: remember its shards, or switch it. */
  private void learnUser(String username, Item profile, Meter meter) {
    if (Shards.isSharded(profile)) {
      remember(shardedUsers, username, Shards.count(profile));
    } else {
      shardUser(username, meter);
    }
  }

  /** A photo refused an unsharded count: remember its shards, or switch it (and its owner). */
  private void learnPhoto(PhotoId photo, Item item, Meter meter) {
    if (Shards.isSharded(item)) {
      remember(shardedPhotos, photo, Shards.count(item));
      return;
    }
    // Reactions of others check the owner: a viral photo's owner is sharded too, or every
    // reaction would read one profile item.
    if (!shardedUsers.containsKey(photo.owner())) {
      shardUser(photo.owner(), meter);
    }
    switchKey(Shards.shardPhoto(photo, sharding.shards()), shardedPhotos, photo, meter);
  }

  /** Switches a user to sharded counters; see {@link #switchKey}. */
  private void shardUser(String username, Meter meter) {
    switchKey(Shards.shardUser(username, sharding.shards()), shardedUsers, username, meter);
  }

  /**
   * Sends a switch (one TransactWriteItems, the main item's action first) and remembers the key
   * as sharded. If it is cancelled, the main item's condition failed: another writer switched
   * first (the item says how many shards; its shards then fail too, as they exist), or the key
   * is gone or closing (remember nothing; the next round's write says so). A shard that exists
   * while its key is not sharded was left behind, which no cascade leaves: that is reported, not
   * guessed around.
   */
  private <K> void switchKey(List<WriteAction> actions, Map<K, Integer> known, K key, Meter meter) {
    Optional<TableTransactionCancelledException> cancelled =
        execution.transactOrCancelled(actions, meter);
    if (cancelled.isEmpty()) {
      remember(known, key, sharding.shards());
      return;
    }
    TableTransactionCancelledException e = cancelled.get();
    if (!Execution.conditionFailed(e.reasons(), 0)) {
      throw new QuickPhotosException("a shard exists before its key was sharded", e);
    }
    e.item(0).filter(Shards::isSharded).ifPresent(main -> remember(known, key, Shards.count(main)));
  }

  private static <K> void remember(Map<K, Integer> known, K key, int shards) {
    if (shards <= 0) {
      known.remove(key);
      return;
    }
    if (known.size() >= REMEMBERED) {
      known.clear();
    }
    known.put(key, shards);
  }

  private static ServiceUnavailableException gaveUp(String what) {
    return new ServiceUnavailableException(
        "the " + what + " kept meeting a hot key as it changed; call again",
        ServiceUnavailableException.Reason.CONTENTION,
        ServiceUnavailableException.Written.NOTHING,
        null);
  }

  /**
   * Where a removal (an unfollow, a reaction taken back) takes one off a hot key's counter, in
   * the order to try: the shard the writer's addition went to (so removals spread over the shards
   * as additions do), then the key's own item, then the other shards. Each try requires the part
   * to hold at least one, so no part goes below zero; a part at zero fails and the next is tried.
   *
   * @param main the hot key's item key
   * @param writer the follower or reactor
   * @param shards how many shards the key has
   * @return the parts' keys, the key's own item among them
   */
  static List<Key> removalParts(Key main, String writer, int shards) {
    int own = Shards.indexFor(writer, shards);
    List<Key> parts = new ArrayList<>(shards + 1);
    parts.add(Shards.key(main, own));
    parts.add(main);
    for (int i = 0; i < shards; i++) {
      if (i != own) {
        parts.add(Shards.key(main, i));
      }
    }
    return parts;
  }

  /** How many shards this repository knows a user has; 0 if it knows of none. */
  int knownShards(String username) {
    return shardedUsers.isEmpty() ? 0 : shardedUsers.getOrDefault(username, 0);
  }

  /** Remembers that a user has {@code shards} shards (a write found it so); 0 forgets it. */
  void learnedUser(String username, int shards) {
    remember(shardedUsers, username, shards);
  }

  /**
   * The items with exact counters: each hot (sharded) one as of a snapshot of it with its shards
   * — the one this repository kept ({@link HotReads}), if it may still be served, else read now
   * (one TransactGetItems per 100 keys, sent side by side) and kept — so its counts are counts
   * that existed; none read when no item is hot (an ordinary read costs what it did). A hot item
   * gone by the time of its snapshot is left out.
   *
   * @param items users and photos as read
   * @return the same items in order, hot ones with exact counters, gone ones left out
   */
  List<Item> withTotals(List<Item> items, Meter meter) {
    List<Item> hot = null;
    for (Item item : items) {
      if (Shards.isSharded(item)) {
        hot = hot == null ? new ArrayList<>() : hot;
        hot.add(item);
      }
    }
    if (hot == null) {
      return items;
    }
    Map<Key, Item> totals =
        hotReads.on() ? keptOrRead(hot, meter) : snapshots(hot, new HashMap<>(), meter);
    List<Item> exact = new ArrayList<>(items.size());
    for (Item item : items) {
      if (!Shards.isSharded(item)) {
        exact.add(item);
      } else if (totals.containsKey(item.key())) {
        exact.add(totals.get(item.key()));
      }
    }
    return exact;
  }

  /**
   * Hot items as this repository kept them, where it may still serve them; the others read as
   * snapshots and kept: first those whose refresh no other reader has in flight, in one round,
   * then, once the others' refreshes are done, those they did not leave servable.
   */
  private Map<Key, Item> keptOrRead(List<Item> hot, Meter meter) {
    Map<Key, Item> totals = new HashMap<>();
    List<Item> mine = new ArrayList<>();
    List<HotReads.Refresh> refreshes = new ArrayList<>();
    List<Item> theirs = new ArrayList<>();
    List<CompletableFuture<?>> waits = new ArrayList<>();
    for (Item item : hot) {
      Item kept = hotReads.fresh(item.key());
      if (kept != null) {
        totals.put(item.key(), kept);
        continue;
      }
      Object claim = hotReads.claimOrOther(item.key());
      if (claim instanceof HotReads.Refresh refresh) {
        mine.add(item);
        refreshes.add(refresh);
      } else {
        theirs.add(item);
        waits.add((CompletableFuture<?>) claim);
      }
    }
    readAndKeep(mine, refreshes, totals, meter);
    List<Item> again = new ArrayList<>();
    for (int i = 0; i < theirs.size(); i++) {
      // Waited on only once this caller's own refreshes are done: no two callers wait on each
      // other.
      waits.get(i).join();
      Item kept = hotReads.fresh(theirs.get(i).key());
      if (kept != null) {
        totals.put(theirs.get(i).key(), kept);
      } else {
        again.add(theirs.get(i));
      }
    }
    List<HotReads.Refresh> unclaimed = new ArrayList<>(again.size());
    for (Item item : again) {
      unclaimed.add(hotReads.unclaimed(item.key()));
    }
    readAndKeep(again, unclaimed, totals, meter);
    return totals;
  }

  /** Reads hot items as snapshots, keeps each that is still hot, and ends the refreshes. */
  private void readAndKeep(
      List<Item> mains, List<HotReads.Refresh> refreshes, Map<Key, Item> totals, Meter meter) {
    if (mains.isEmpty()) {
      return;
    }
    try {
      Map<Key, Integer> counts = new HashMap<>();
      Map<Key, Item> read = snapshots(mains, counts, meter);
      for (int i = 0; i < mains.size(); i++) {
        Key key = mains.get(i).key();
        hotReads.keep(refreshes.get(i), counts.getOrDefault(key, 0) > 0 ? read.get(key) : null);
      }
      totals.putAll(read);
    } finally {
      refreshes.forEach(hotReads::done);
    }
  }

  /**
   * One hot item with exact counters: the snapshot this repository kept, if it may still be
   * served, else one read now and kept. Other readers of the key meanwhile wait for this read
   * rather than make their own.
   *
   * @param main the item as read, or a guess holding its shard count
   * @param shardCounts receives the shard count the snapshot showed, if one was read
   * @return the item, empty if it is gone
   */
  private Optional<Item> keptOrRead(Item main, Map<Key, Integer> shardCounts, Meter meter) {
    Key key = main.key();
    if (!hotReads.on()) {
      return Optional.ofNullable(snapshots(List.of(main), shardCounts, meter).get(key));
    }
    for (int round = 0; ; round++) {
      Item kept = hotReads.fresh(key);
      if (kept != null) {
        return Optional.of(kept);
      }
      // After a few waits that left nothing servable (writes kept landing), read unclaimed.
      HotReads.Refresh refresh = round < ROUNDS ? hotReads.claim(key) : hotReads.unclaimed(key);
      if (refresh == null) {
        continue;
      }
      try {
        Optional<Item> total =
            Optional.ofNullable(snapshots(List.of(main), shardCounts, meter).get(key));
        hotReads.keep(refresh, shardCounts.getOrDefault(key, 0) > 0 ? total.orElse(null) : null);
        return total;
      } finally {
        hotReads.done(refresh);
      }
    }
  }

  /** One item (or none) with exact counters; see {@link #withTotals(List, Meter)}. */
  Optional<Item> withTotals(Optional<Item> item, Meter meter) {
    if (item.isEmpty() || !Shards.isSharded(item.get())) {
      return item;
    }
    return keptOrRead(item.get(), new HashMap<>(), meter);
  }

  /**
   * The answer of a profile update, from the image its own UpdateItem returned ({@code ALL_NEW}:
   * the item right after this call's write, so every field it shows is as this call left it,
   * whatever other writers did after). An ordinary user's image is the answer as it is, at no
   * request more. A hot user's image holds only the main item's share of its counters: its
   * {@code followers} and {@code following} then come, both, from one snapshot of the item and
   * its shards read after the write (one TransactGetItems; never a snapshot this repository
   * kept, which may be older than the write or wait on a read begun before it), so they are
   * counts the user had at one moment between the write and the return. What that read finds is
   * kept for later reads, as any refresh's is.
   *
   * <p>If the snapshot finds no such account any more — it was closed between the write and the
   * snapshot, or closed and its name taken by a new account — the counts are zero: a closing
   * account's profile is deleted only once every counter is zero, so those were its counts at a
   * moment between the write and the snapshot.
   *
   * @param written the image the update's UpdateItem returned
   * @return the user item to answer
   */
  Item afterProfileUpdate(Item written, Meter meter) {
    if (!Shards.isSharded(written)) {
      return written;
    }
    Key key = written.key();
    // Begun after the write returned, so the write is in what it reads; unclaimed, so it waits
    // on no other reader's refresh, which may have begun before the write.
    HotReads.Refresh refresh = hotReads.unclaimed(key);
    Optional<Item> snapshot;
    try {
      Map<Key, Integer> shardCounts = new HashMap<>();
      snapshot = Optional.ofNullable(snapshots(List.of(written), shardCounts, meter).get(key));
      hotReads.keep(refresh, shardCounts.getOrDefault(key, 0) > 0 ? snapshot.orElse(null) : null);
    } finally {
      hotReads.done(refresh);
    }
    return snapshot
        .filter(now -> UserPlans.sameAccount(written, now))
        .map(now -> ItemCodec.withCountsOf(written, now))
        .orElseGet(() -> ItemCodec.withCounts(written, 0, 0));
  }

  /**
   * A user's profile with exact counters: a user this repository knows is hot is read with its
   * shards at once (one TransactGetItems); any other with one GetItem, and a hot one then as
   * {@link #withTotals(Optional, Meter)} reads it, and is known from then on.
   */
  Optional<Item> user(String username, Meter meter) {
    return read(KeyLayout.user(username), shardedUsers, username, meter);
  }

  /** A photo with exact counters, as {@link #user} reads a user. */
  Optional<Item> photo(PhotoId id, Meter meter) {
    return read(KeyLayout.photo(id), shardedPhotos, id, meter);
  }

  private <K> Optional<Item> read(Key key, Map<K, Integer> known, K name, Meter meter) {
    // Most repositories know no hot key: no lookup then.
    Integer shards = known.isEmpty() ? null : known.get(name);
    if (shards == null) {
      Optional<Item> item = execution.get(key, meter);
      int found = item.isPresent() ? Shards.count(item.get()) : 0;
      if (found == 0) {
        return item;
      }
      // Hot: its next reads go straight to the snapshot.
      remember(known, name, found);
      return keptOrRead(item.get(), new HashMap<>(), meter);
    }
    Item guess = Item.builder(key).put(Shards.SHARDS_ATTRIBUTE, shards).build();
    Map<Key, Integer> counts = new HashMap<>();
    Optional<Item> total = keptOrRead(guess, counts, meter);
    if (total.isEmpty() || Integer.valueOf(0).equals(counts.get(key))) {
      // Gone, or made again unsharded: read it as any other from now on.
      known.remove(name);
    }
    return total;
  }

  /**
   * Reads hot items with their shards as snapshots, and sums each. An item whose shard count
   * the snapshot shows changed (folded by its cascade, or a key made again and sharded anew) is
   * read again with its shards as they are now, a bounded number of times.
   *
   * @param mains the items, each with the shard count to read
   * @param shardCounts receives, per item key, the shard count its snapshot showed
   * @return per item key, the item with exact counters as of its snapshot; gone ones absent
   */
  private Map<Key, Item> snapshots(List<Item> mains, Map<Key, Integer> shardCounts, Meter meter) {
    Map<Key, Item> totals = new HashMap<>();
    List<Item> pending = mains;
    for (int round = 0; round < ROUNDS && !pending.isEmpty(); round++) {
      List<List<Key>> groups = new ArrayList<>();
      List<List<Item>> groupMains = new ArrayList<>();
      List<Key> group = new ArrayList<>();
      List<Item> inGroup = new ArrayList<>();
      for (Item main : pending) {
        List<Key> parts = new ArrayList<>();
        parts.add(main.key());
        parts.addAll(Shards.keysOf(main));
        if (group.size() + parts.size() > Limits.MAX_TRANSACTION_ACTIONS) {
          groups.add(group);
          groupMains.add(inGroup);
          group = new ArrayList<>();
          inGroup = new ArrayList<>();
        }
        group.addAll(parts);
        inGroup.add(main);
      }
      groups.add(group);
      groupMains.add(inGroup);
      List<List<Optional<Item>>> read = execution.snapshots(groups, meter);
      List<Item> again = new ArrayList<>();
      for (int g = 0; g < groups.size(); g++) {
        int at = 0;
        for (Item main : groupMains.get(g)) {
          int shards = Shards.count(main);
          Optional<Item> now = read.get(g).get(at);
          List<Item> parts = new ArrayList<>(shards);
          for (int i = 1; i <= shards; i++) {
            read.get(g).get(at + i).ifPresent(parts::add);
          }
          at += shards + 1;
          if (now.isEmpty()) {
            continue;
          }
          shardCounts.put(main.key(), Shards.count(now.get()));
          if (!Shards.isSharded(now.get())) {
            // Not (or no longer) hot: its own counters are its counts.
            totals.put(main.key(), now.get());
          } else if (Shards.count(now.get()) == shards) {
            totals.put(main.key(), Shards.withTotals(now.get(), parts));
          } else {
            again.add(now.get());
          }
        }
      }
      pending = again;
    }
    for (Item unread : pending) {
      if (!Shards.isSharded(unread)) {
        totals.put(unread.key(), unread);
      } else {
        throw gaveUp("read of " + unread.key());
      }
    }
    return totals;
  }
}
