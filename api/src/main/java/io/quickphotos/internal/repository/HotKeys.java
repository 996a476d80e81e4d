package io.quickphotos.internal.repository;

import io.quickphotos.Follow;
import io.quickphotos.PhotoId;
import io.quickphotos.QuickPhotosException;
import io.quickphotos.Reaction;
import io.quickphotos.ServiceUnavailableException;
import io.quickphotos.Sharding;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.TableTransactionCancelledException;
import io.quickphotos.engine.WriteAction;
import io.quickphotos.internal.singletable.FollowPlans;
import io.quickphotos.internal.singletable.KeyLayout;
import io.quickphotos.internal.singletable.ReactionPlans;
import io.quickphotos.internal.singletable.Shards;
import io.quickphotos.internal.singletable.WritePlan;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
  private final Map<String, Integer> shardedUsers = new ConcurrentHashMap<>();
  private final Map<PhotoId, Integer> shardedPhotos = new ConcurrentHashMap<>();

  HotKeys(Execution execution, Sharding sharding) {
    this.execution = execution;
    this.sharding = sharding;
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
        "the " + what + " kept meeting a hot key as it changed; call again");
  }

  /**
   * The items with their shards' counts added: one BatchGetItem per 100 shard keys (sent side by
   * side), none when no item is sharded (an ordinary read costs what it did).
   *
   * @param items users and photos as read
   * @return the same items in order, sharded ones with exact counters
   */
  List<Item> withTotals(List<Item> items, Meter meter) {
    List<Key> keys = new ArrayList<>();
    for (Item item : items) {
      keys.addAll(Shards.keysOf(item));
    }
    if (keys.isEmpty()) {
      return items;
    }
    Map<Key, Item> found = execution.batchGetAll(keys, meter);
    List<Item> totals = new ArrayList<>(items.size());
    for (Item item : items) {
      if (!Shards.isSharded(item)) {
        totals.add(item);
        continue;
      }
      List<Item> shards = new ArrayList<>();
      for (Key key : Shards.keysOf(item)) {
        Item shard = found.get(key);
        if (shard != null) {
          shards.add(shard);
        }
      }
      totals.add(Shards.withTotals(item, shards));
    }
    return totals;
  }

  /** One item (or none) with its shards' counts added; see {@link #withTotals(List, Meter)}. */
  Optional<Item> withTotals(Optional<Item> item, Meter meter) {
    if (item.isEmpty() || !Shards.isSharded(item.get())) {
      return item;
    }
    return Optional.of(withTotals(List.of(item.get()), meter).get(0));
  }
}
