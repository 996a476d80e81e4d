package io.quickphotos.internal.repository.hot;

import io.quickphotos.PhotoId;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.Limits;
import io.quickphotos.internal.repository.request.Batches;
import io.quickphotos.internal.repository.request.Meter;
import io.quickphotos.internal.repository.request.Reads;
import io.quickphotos.internal.singletable.codec.ItemCodec;
import io.quickphotos.internal.singletable.hot.Shards;
import io.quickphotos.internal.singletable.layout.Attributes;
import io.quickphotos.internal.singletable.layout.KeyLayout;
import io.quickphotos.internal.singletable.user.UserPlans;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * The reads of hot users and photos with exact counters: each hot item summed with its shards as
 * of one snapshot (TransactGetItems), and with hot reads on, the snapshot this repository kept
 * ({@link HotReads}) served again within the bound, one refresh at a time. An ordinary item is
 * read as it always was, at no extra cost. Thread-safe if the engine is.
 */
final class HotTotals {
  private final Reads reads;
  private final Batches batches;
  private final HotReads hotReads;
  private final KnownShards known;

  HotTotals(Reads reads, Batches batches, HotReads hotReads, KnownShards known) {
    this.reads = reads;
    this.batches = batches;
    this.hotReads = hotReads;
    this.known = known;
  }

  /**
   * The items with exact counters: each hot (sharded) one as of a snapshot of it with its shards
   * — the one this repository kept, if it may still be served, else read now (one
   * TransactGetItems per 100 keys, sent side by side) and kept — so its counts are counts that
   * existed; none read when no item is hot (an ordinary read costs what it did). A hot item gone
   * by the time of its snapshot is left out.
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
        hotReads.on() ? keptOrReadAll(hot, meter) : snapshots(hot, new HashMap<>(), meter);
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

  /** One item (or none) with exact counters; see {@link #withTotals(List, Meter)}. */
  Optional<Item> withTotals(Optional<Item> item, Meter meter) {
    if (item.isEmpty() || !Shards.isSharded(item.get())) {
      return item;
    }
    return keptOrReadOne(item.get(), new HashMap<>(), meter);
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
   * Hot items as this repository kept them, where it may still serve them; the others read as
   * snapshots and kept: first those whose refresh no other reader has in flight, in one round,
   * then, once the others' refreshes are done, those they did not leave servable.
   */
  private Map<Key, Item> keptOrReadAll(List<Item> hot, Meter meter) {
    Map<Key, Item> totals = new HashMap<>();
    List<Item> mine = new ArrayList<>();
    List<HotReads.Refresh> refreshes = new ArrayList<>();
    List<Item> theirs = new ArrayList<>();
    List<CompletableFuture<Void>> waits = new ArrayList<>();
    for (Item item : hot) {
      Item kept = hotReads.fresh(item.key());
      if (kept != null) {
        totals.put(item.key(), kept);
        continue;
      }
      HotReads.Claim claim = hotReads.claimOrOther(item.key());
      if (claim.mine() != null) {
        mine.add(item);
        refreshes.add(claim.mine());
      } else {
        theirs.add(item);
        waits.add(claim.other());
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
  private Optional<Item> keptOrReadOne(Item main, Map<Key, Integer> shardCounts, Meter meter) {
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
      HotReads.Refresh refresh =
          round < ShardedWrites.ROUNDS ? hotReads.claim(key) : hotReads.unclaimed(key);
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

  /**
   * A user's profile with exact counters: a user this repository knows is hot is read with its
   * shards at once (one TransactGetItems); any other with one GetItem, and a hot one then as
   * {@link #withTotals(Optional, Meter)} reads it, and is known from then on.
   */
  Optional<Item> user(String username, Meter meter) {
    return read(KeyLayout.user(username), known.users, username, meter);
  }

  /** A photo with exact counters, as {@link #user} reads a user. */
  Optional<Item> photo(PhotoId id, Meter meter) {
    return read(KeyLayout.photo(id), known.photos, id, meter);
  }

  private <K> Optional<Item> read(Key key, Map<K, Integer> remembered, K name, Meter meter) {
    Integer shards = KnownShards.of(remembered, name);
    if (shards == null) {
      Optional<Item> item = reads.get(key, meter);
      int found = item.isPresent() ? Shards.count(item.get()) : 0;
      if (found == 0) {
        return item;
      }
      // Hot: its next reads go straight to the snapshot.
      KnownShards.remember(remembered, name, found);
      return keptOrReadOne(item.get(), new HashMap<>(), meter);
    }
    Item guess = Item.builder(key).put(Attributes.SHARDS, shards).build();
    Map<Key, Integer> counts = new HashMap<>();
    Optional<Item> total = keptOrReadOne(guess, counts, meter);
    if (total.isEmpty() || Integer.valueOf(0).equals(counts.get(key))) {
      // Gone, or made again unsharded: read it as any other from now on.
      remembered.remove(name);
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
    for (int round = 0; round < ShardedWrites.ROUNDS && !pending.isEmpty(); round++) {
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
      List<List<Optional<Item>>> read = batches.snapshots(groups, meter);
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
        throw ShardedWrites.gaveUp("read of " + unread.key());
      }
    }
    return totals;
  }
}
