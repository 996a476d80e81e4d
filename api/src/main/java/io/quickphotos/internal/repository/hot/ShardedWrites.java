package io.quickphotos.internal.repository.hot;

import io.quickphotos.Follow;
import io.quickphotos.PhotoId;
import io.quickphotos.QuickPhotosException;
import io.quickphotos.Reaction;
import io.quickphotos.ServiceUnavailableException;
import io.quickphotos.Sharding;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.Key;
import io.quickphotos.internal.repository.request.Cancellation;
import io.quickphotos.internal.repository.request.Meter;
import io.quickphotos.internal.repository.request.Writes;
import io.quickphotos.internal.singletable.codec.ItemCodec;
import io.quickphotos.internal.singletable.feed.FollowPlans;
import io.quickphotos.internal.singletable.hot.ShardPlans;
import io.quickphotos.internal.singletable.hot.Shards;
import io.quickphotos.internal.singletable.layout.KeyLayout;
import io.quickphotos.internal.singletable.photo.ReactionPlans;
import io.quickphotos.internal.singletable.photo.ViewPlans;
import io.quickphotos.internal.singletable.plan.StepName;
import io.quickphotos.internal.singletable.plan.WritePlan;
import io.quickphotos.internal.singletable.privacy.PrivacyPlans;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The writes that count on a user's or photo's counters — follow, react — and how a writer
 * learns that a key is hot (see {@link Shards} for the layout and {@link Sharding} for when).
 *
 * <p><b>How a writer learns.</b> A write to an unsharded key carries two more terms in the
 * condition it already has ({@code NOT (shards >= 1)}, and the counter below the threshold), so
 * an ordinary key costs exactly what it did. When either fails, DynamoDB returns the item as it
 * was (at no cost), which tells a sharded key (remember it and write to a shard) from one at the
 * threshold (switch it, in one transaction, then write to a shard) from a missing user or photo
 * (the error it always was). This repository then remembers the key as sharded ({@link
 * KnownShards}), so its next writes go straight to a shard: the cost of learning is one failed
 * transaction per key and repository. A write to a shard requires the shard to exist; if it is
 * gone (the key was deleted, or its cascade folded the shards back), the writer forgets the key
 * and tries the main item again.
 *
 * <p>Thread-safe if the engine is.
 */
final class ShardedWrites {
  /** Rounds of learning, switching and sending again before a call gives up. */
  static final int ROUNDS = 4;

  private final Writes writes;
  private final Sharding sharding;
  private final KnownShards known;

  ShardedWrites(Writes writes, Sharding sharding, KnownShards known) {
    this.writes = writes;
    this.sharding = sharding;
    this.known = known;
  }

  /**
   * Follow: one TransactWriteItems for an ordinary user, and for a hot one this repository
   * knows; a user it does not know is sharded, or that reaches the threshold, costs one more
   * (the failed attempt) and, for the switch, one more. A follow refused for privacy (the
   * followed account is private, or one of the two counts blocks and the follow was not
   * guarded) is answered with its detour, for the caller to send it as a request or guarded.
   *
   * @return {@link PrivacyPlans.Detour#NONE} if followed
   */
  PrivacyPlans.Detour follow(Follow follow, boolean guarded, Meter meter) {
    String followed = follow.followed();
    for (int round = 0; round < ROUNDS; round++) {
      Integer shards = known.users.get(followed);
      Optional<Key> shard =
          Optional.ofNullable(shards)
              .map(
                  n -> Shards.key(KeyLayout.user(followed), Shards.indexFor(follow.follower(), n)));
      Optional<Cancellation> cancelled =
          writes.writeOrRedirect(
              FollowPlans.follow(follow, shard, sharding.followersThreshold(), guarded), meter);
      if (cancelled.isEmpty()) {
        return PrivacyPlans.Detour.NONE;
      }
      PrivacyPlans.Detour detour =
          PrivacyPlans.detour(
              shards == null ? cancelled.get().image(FollowPlans.FOLLOWED) : Optional.empty(),
              cancelled.get().image(FollowPlans.FOLLOWER),
              false);
      if (detour != PrivacyPlans.Detour.NONE && !(guarded && detour == PrivacyPlans.Detour.GUARD)) {
        return detour;
      }
      if (shards != null) {
        // The shard is gone: the user was deleted (and maybe created again). Ask the profile.
        known.users.remove(followed);
      } else {
        learnUser(followed, cancelled.get().image(FollowPlans.FOLLOWED).orElseThrow(), meter);
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
    onPhoto(
        reaction.reactor(),
        photo,
        (ownerShard, photoShard, followerOnly, guarded, actorGuarded) ->
            ReactionPlans.reactTo(
                reaction,
                ownerShard,
                photoShard,
                sharding.reactionsThreshold(),
                followerOnly,
                guarded,
                actorGuarded),
        ReactionPlans.JUDGED_AFTER_WHO_MAY_REACT,
        c -> {},
        ROUNDS + 2,
        meter);
  }

  /**
   * View: one TransactWriteItems for a first view, two for a repeat view (the first refused on
   * the viewer's mark); who may view learned as a reaction learns who may react, through the
   * same loop, and the owner checked on a shard when it is hot. A viral photo's views are
   * counted on the shard the viewer hashes to, as its reactions are; a photo is switched when a
   * view finds its {@code views} at the reactions' threshold (the same switch, the same shards):
   * a photo viewed by thousands a second would otherwise hold its views to one item's 500 a
   * second whether or not anyone reacts.
   *
   * @return whether this was the viewer's first view
   */
  boolean view(String viewer, PhotoId photo, Instant at, Meter meter) {
    // Whether the viewer's mark exists, as the last attempt found it: a first view's put of the
    // mark fails on it (a repeat view), a repeat view's count on it fails without it.
    boolean[] repeat = {false};
    // Whether the viewer's profile lacks the record that it has views: its first view ever.
    boolean[] markViewer = {false};
    onPhoto(
        viewer,
        photo,
        (ownerShard, photoShard, followerOnly, guarded, actorGuarded) ->
            repeat[0]
                ? ViewPlans.repeatView(
                    viewer,
                    photo,
                    ownerShard,
                    photoShard,
                    sharding.reactionsThreshold(),
                    followerOnly,
                    guarded,
                    actorGuarded)
                : ViewPlans.firstView(
                    viewer,
                    photo,
                    at,
                    ownerShard,
                    photoShard,
                    sharding.reactionsThreshold(),
                    followerOnly,
                    guarded,
                    actorGuarded,
                    markViewer[0]),
        ViewPlans.JUDGED_AFTER_WHO_MAY_VIEW,
        c -> {
          if (c.failed(ViewPlans.MARK)) {
            repeat[0] = !repeat[0];
          }
          c.image(ReactionPlans.REACTOR)
              .filter(profile -> !ViewPlans.everViewed(profile))
              .ifPresent(profile -> markViewer[0] = true);
        },
        // Two rounds more than a reaction's: the mark's existence, and the viewer's first view
        // ever.
        ROUNDS + 4,
        meter);
    return !repeat[0];
  }

  /** A write on a photo, as its checks of who may act on it ask to be sent. */
  @FunctionalInterface
  interface PhotoWrite {
    WritePlan plan(
        Optional<Key> ownerShard,
        Optional<Key> photoShard,
        boolean followerOnly,
        boolean guarded,
        boolean actorGuarded);
  }

  /**
   * Sends a write on a photo until it commits, learning from each cancellation who may act on it
   * (a private owner, blocks on either side) and where its counters are (a hot owner or photo),
   * as a reaction does; {@code learn} hears each cancellation first, for the write's own steps.
   */
  private void onPhoto(
      String actor,
      PhotoId photo,
      PhotoWrite write,
      Set<StepName> judgedLast,
      Consumer<Cancellation> learn,
      int rounds,
      Meter meter) {
    String owner = photo.owner();
    boolean ownerChecked = !owner.equals(actor);
    // Who may act, learned from the owner's profile when it refuses: a private owner takes
    // reactions and views from its followers only, one that counts blocks has its block item
    // checked.
    boolean followerOnly = false;
    boolean guarded = false;
    boolean actorGuarded = false;
    for (int round = 0; round < rounds; round++) {
      Integer ownerShards = ownerChecked ? known.users.get(owner) : null;
      Integer photoShards = known.photos.get(photo);
      Optional<Key> ownerShard =
          Optional.ofNullable(ownerShards)
              .map(n -> Shards.key(KeyLayout.user(owner), Shards.indexFor(actor, n)));
      Optional<Key> photoShard =
          Optional.ofNullable(photoShards)
              .map(n -> Shards.key(KeyLayout.photo(photo), Shards.indexFor(actor, n)));
      WritePlan plan = write.plan(ownerShard, photoShard, followerOnly, guarded, actorGuarded);
      // Who may act is learned before the write's own put and the actor's block are judged: a
      // stranger to a private owner, or a user it blocked, is told the photo does not exist,
      // never that it reacted; a blocker, that it blocked the owner only where the photo exists
      // for it.
      Optional<Cancellation> cancelled = writes.writeOrRedirect(plan, judgedLast, meter);
      if (cancelled.isEmpty()) {
        return;
      }
      Cancellation c = cancelled.get();
      learn.accept(c);
      if (c.image(ReactionPlans.REACTOR).filter(a -> PrivacyPlans.blocks(a) > 0).isPresent()) {
        // The actor counts blocks: again, with its block item of the owner checked.
        actorGuarded = true;
      }
      if (ownerChecked && c.failed(ReactionPlans.OWNER)) {
        Item image = c.image(ReactionPlans.OWNER).orElse(null);
        if (ownerShards != null) {
          known.users.remove(owner);
        } else if (image != null && (!Shards.isSharded(image) || ItemCodec.isPrivate(image))) {
          // A private owner is checked on its profile, sharded or not (its shards are sealed).
          followerOnly = ItemCodec.isPrivate(image);
          guarded |= PrivacyPlans.blocks(image) > 0;
        } else {
          KnownShards.remember(known.users, owner, Shards.count(image));
        }
      }
      if (c.failed(ReactionPlans.COUNT)) {
        if (photoShards != null) {
          known.photos.remove(photo);
        } else {
          learnPhoto(photo, c.image(ReactionPlans.COUNT).orElseThrow(), meter);
        }
      }
    }
    throw gaveUp("write on photo " + photo);
  }

  /** A user's profile refused an unsharded write: remember its shards, or switch it. */
  private void learnUser(String username, Item profile, Meter meter) {
    if (Shards.isSharded(profile)) {
      KnownShards.remember(known.users, username, Shards.count(profile));
    } else {
      shardUser(username, meter);
    }
  }

  /** A photo refused an unsharded count: remember its shards, or switch it (and its owner). */
  private void learnPhoto(PhotoId photo, Item item, Meter meter) {
    if (Shards.isSharded(item)) {
      KnownShards.remember(known.photos, photo, Shards.count(item));
      return;
    }
    // Reactions of others check the owner: a viral photo's owner is sharded too, or every
    // reaction would read one profile item.
    if (!known.users.containsKey(photo.owner())) {
      shardUser(photo.owner(), meter);
    }
    switchKey(ShardPlans.shardPhoto(photo, sharding.shards()), known.photos, photo, meter);
  }

  /** Switches a user to sharded counters; see {@link #switchKey}. */
  private void shardUser(String username, Meter meter) {
    switchKey(ShardPlans.shardUser(username, sharding.shards()), known.users, username, meter);
  }

  /**
   * Sends a switch (one TransactWriteItems) and remembers the key as sharded. If it is
   * cancelled, the main item's condition failed: another writer switched first (the item says
   * how many shards; its shards then fail too, as they exist), or the key is gone or closing
   * (remember nothing; the next round's write says so). A shard that exists while its key is not
   * sharded was left behind, which no cascade leaves: that is reported, not guessed around.
   */
  private <K> void switchKey(WritePlan plan, Map<K, Integer> remembered, K key, Meter meter) {
    Optional<Cancellation> cancelled = writes.transact(plan, meter);
    if (cancelled.isEmpty()) {
      KnownShards.remember(remembered, key, sharding.shards());
      return;
    }
    Cancellation c = cancelled.get();
    if (!c.failed(ShardPlans.MAIN)) {
      throw new QuickPhotosException("a shard exists before its key was sharded", c.cause());
    }
    c.image(ShardPlans.MAIN)
        .filter(Shards::isSharded)
        .ifPresent(main -> KnownShards.remember(remembered, key, Shards.count(main)));
  }

  static ServiceUnavailableException gaveUp(String what) {
    return new ServiceUnavailableException(
        "the " + what + " kept meeting a hot key as it changed; call again",
        ServiceUnavailableException.Reason.CONTENTION,
        ServiceUnavailableException.Written.NOTHING,
        null);
  }
}
