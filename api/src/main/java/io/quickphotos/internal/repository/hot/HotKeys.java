package io.quickphotos.internal.repository.hot;

import io.quickphotos.Follow;
import io.quickphotos.PhotoId;
import io.quickphotos.Reaction;
import io.quickphotos.Sharding;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.Key;
import io.quickphotos.internal.repository.request.Meter;
import io.quickphotos.internal.repository.request.Requests;
import io.quickphotos.internal.repository.request.WriteWatcher;
import io.quickphotos.internal.singletable.hot.Shards;
import io.quickphotos.internal.singletable.privacy.PrivacyPlans;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Hot keys, the one entry point of this package: a celebrity's follower count and a viral
 * photo's reaction counts spread over shards when writes reach a threshold ({@link
 * ShardedWrites}), summed exactly when read ({@link HotTotals}), and the snapshots of hot keys
 * this repository kept and serves again within a bound ({@link HotReads}). Every other feature
 * reaches hot keys only through here. Thread-safe if the engine is.
 */
public final class HotKeys {
  /** Keys a feature remembers about users before it forgets them all. */
  public static final int REMEMBERED = KnownShards.REMEMBERED;

  private final HotReads hotReads;
  private final KnownShards known = new KnownShards();
  private final Requests requests;
  private final ShardedWrites writes;
  private final HotTotals totals;

  /**
   * The hot keys of one repository, and its request layer, built around the watcher that tells
   * the hot reads of every write.
   *
   * @param sharding when a key becomes hot
   * @param staleness how long a kept snapshot may be served again; zero keeps none
   * @param clock measures the staleness
   * @param requestLayer builds the repository's request layer around a write watcher
   */
  public HotKeys(
      Sharding sharding,
      Duration staleness,
      Clock clock,
      Function<WriteWatcher, Requests> requestLayer) {
    this.hotReads = new HotReads(staleness, clock);
    this.requests = requestLayer.apply(hotReads);
    this.writes = new ShardedWrites(requests.writes(), sharding, known);
    this.totals = new HotTotals(requests.reads(), requests.batches(), hotReads, known);
  }

  /**
   * Checks a hot-read staleness, as the options do when it is set.
   *
   * @param staleness how old a hot key's snapshot served again may be
   * @return it, if zero to a day
   * @throws NullPointerException if null
   * @throws IllegalArgumentException otherwise
   */
  public static Duration checkedStaleness(Duration staleness) {
    return HotReads.checkedBound(staleness);
  }

  /**
   * The request layer built around this repository's hot reads.
   *
   * @return the layer
   */
  public Requests requests() {
    return requests;
  }

  /**
   * Follow: one TransactWriteItems, counted on the followed user's profile or, for a hot user,
   * on one of its shards (see {@link ShardedWrites}); not made if refused for privacy.
   *
   * @param follow the follow, already validated
   * @param guarded whether to check the block items between the two
   * @return {@link PrivacyPlans.Detour#NONE} if followed, else why not
   */
  public PrivacyPlans.Detour follow(Follow follow, boolean guarded, Meter meter) {
    return writes.follow(follow, guarded, meter);
  }

  /**
   * React: one TransactWriteItems, counted on the photo or, for a viral one, on one of its
   * shards (see {@link ShardedWrites}).
   *
   * @param reaction the reaction, already validated
   */
  public void react(Reaction reaction, Meter meter) {
    writes.react(reaction, meter);
  }

  /**
   * View: one TransactWriteItems for a first view, two for a repeat view, who may view decided
   * as who may react (see {@link ShardedWrites#view}).
   *
   * @param viewer the viewer, already validated
   * @param photo the photo, already validated
   * @param at when the view is counted
   * @return whether this was the viewer's first view
   */
  public boolean view(String viewer, PhotoId photo, Instant at, Meter meter) {
    return writes.view(viewer, photo, at, meter);
  }

  /**
   * A user's profile with exact counters: one GetItem, or for a hot user the kept snapshot or
   * one TransactGetItems of the profile and its shards.
   *
   * @param username the user, already validated
   * @return the profile, empty if there is none
   */
  public Optional<Item> user(String username, Meter meter) {
    return totals.user(username, meter);
  }

  /**
   * A photo with exact counters, as {@link #user} reads a profile.
   *
   * @param id the photo, already validated
   * @return the photo item, empty if there is none
   */
  public Optional<Item> photo(PhotoId id, Meter meter) {
    return totals.photo(id, meter);
  }

  /**
   * Users and photos as read, with exact counters: hot ones summed with their shards as of one
   * snapshot each, ordinary ones as they are (no request then).
   *
   * @param items the items as read
   * @return the same items in order, gone hot ones left out
   */
  public List<Item> withTotals(List<Item> items, Meter meter) {
    return totals.withTotals(items, meter);
  }

  /**
   * One user or photo as read (or none), with exact counters.
   *
   * @param item the item as read
   * @return it with exact counters, empty if it is gone
   */
  public Optional<Item> withTotals(Optional<Item> item, Meter meter) {
    return totals.withTotals(item, meter);
  }

  /**
   * The answer of a profile update: the image its own UpdateItem returned, for a hot user with
   * its counts from one snapshot read after the write (one TransactGetItems more); see {@link
   * HotTotals#afterProfileUpdate}.
   *
   * @param written the image the update's UpdateItem returned
   * @return the user item to answer
   */
  public Item afterProfileUpdate(Item written, Meter meter) {
    return totals.afterProfileUpdate(written, meter);
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
  public static List<Key> removalParts(Key main, String writer, int shards) {
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

  /**
   * How many shards this repository knows a user has.
   *
   * @param username the user
   * @return the count; 0 if it knows of none
   */
  public int knownShards(String username) {
    Integer shards = KnownShards.of(known.users, username);
    return shards == null ? 0 : shards;
  }

  /**
   * Remembers that a user has {@code shards} shards (a write found it so).
   *
   * @param username the user
   * @param shards how many; 0 forgets it
   */
  public void learnedUser(String username, int shards) {
    KnownShards.remember(known.users, username, shards);
  }

  /** Drops every snapshot kept: the table was written around this repository (a load). */
  public void forgetKept() {
    hotReads.clear();
  }
}
