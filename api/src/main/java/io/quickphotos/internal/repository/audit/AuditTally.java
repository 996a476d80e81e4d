package io.quickphotos.internal.repository.audit;

import io.quickphotos.Block;
import io.quickphotos.Follow;
import io.quickphotos.FollowRequest;
import io.quickphotos.Photo;
import io.quickphotos.PhotoId;
import io.quickphotos.Reaction;
import io.quickphotos.ReactionType;
import io.quickphotos.User;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.Key;
import io.quickphotos.internal.singletable.codec.ItemCodec;
import io.quickphotos.internal.singletable.feed.FollowKind;
import io.quickphotos.internal.singletable.feed.Timelines;
import io.quickphotos.internal.singletable.hot.Shards;
import io.quickphotos.internal.singletable.layout.KeyLayout;
import io.quickphotos.internal.singletable.photo.PhotoPlans;
import io.quickphotos.internal.singletable.privacy.PrivacyPlans;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Everything one audit Scan saw, tallied by what the checks compare: users and their counters,
 * the items each counter counts, and the hybrid feed's items. One tally per Scan segment, merged
 * at the end; not thread-safe (each segment fills its own).
 */
final class AuditTally {
  final Map<String, User> users = new HashMap<>();
  final Map<PhotoId, Photo> photos = new HashMap<>();
  final Set<PhotoId> deleting = new HashSet<>();
  final Map<String, Long> followers = new HashMap<>();
  final Map<String, Long> following = new HashMap<>();
  final Map<PhotoId, Map<ReactionType, Long>> reactions = new HashMap<>();
  final List<Follow> friendships = new ArrayList<>();

  /** What hot keys' shards hold, by the user or photo whose counters they are. */
  final Map<String, Long> shardFollowers = new HashMap<>();

  final Map<PhotoId, Map<ReactionType, Long>> shardReactions = new HashMap<>();

  /**
   * What viral photos' shards count of views, by photo: {views, uniqueViewers}. A part may be
   * below zero (a closing viewer's views come off the photo's own item), so none is reported.
   */
  final Map<PhotoId, long[]> shardViews = new HashMap<>();

  /** Hot users and photos with a part of a counter (its own share or a shard's) below zero. */
  final Set<String> usersOutOfBounds = new HashSet<>();

  final Set<PhotoId> photosOutOfBounds = new HashSet<>();

  /** The view marks, as read. */
  final List<Item> viewMarks = new ArrayList<>();

  /** The reaction items, by the photo they are on. */
  final Map<PhotoId, List<Reaction>> reactionItems = new HashMap<>();

  /** Each user's {@code audience} and {@code memberships} counters, as its profile holds them. */
  final Map<String, long[]> fanOutCounters = new HashMap<>();

  /** Audience items that are counted (they record a window), by author and by member. */
  final Map<String, Long> audienceItems = new HashMap<>();

  final Map<String, Long> membershipItems = new HashMap<>();

  /** Every audience item, as read. */
  final List<Item> audience = new ArrayList<>();

  /** Friendships that carry a timeline mark (of any version), by key. */
  final Map<Key, Item> markedFollows = new HashMap<>();

  /** Pending fan-outs, as read. */
  final List<Item> pending = new ArrayList<>();

  /** Timeline entries, by reader. */
  final Map<String, Set<PhotoId>> entries = new HashMap<>();

  /** Timeline entries past their time to live, as read. */
  final List<Item> expiredEntries = new ArrayList<>();

  /** Pending requests (their items keyed by pair), and their places, as read. */
  final List<FollowRequest> requests = new ArrayList<>();

  final List<FollowRequest> places = new ArrayList<>();

  /** Blocks, as read. */
  final List<Block> blocks = new ArrayList<>();

  /** The marks of requests and of blocks, in the requester's and the blocked user's partition. */
  final List<FollowRequest> requestMarks = new ArrayList<>();

  final List<Block> blockMarks = new ArrayList<>();

  /** Each user's {@code requests} and {@code blocks} counts, and whether it is private and hot. */
  final Map<String, long[]> privacyCounts = new HashMap<>();

  final Set<String> privateUsers = new HashSet<>();

  final Set<String> shardedUsers = new HashSet<>();

  /** Users with a shard a switch to private sealed. */
  final Set<String> sealedUsers = new HashSet<>();

  /** When the audit began: entries that expire before it are expired. */
  private final Instant now;

  long scanned;

  AuditTally(Instant now) {
    this.now = now;
  }

  /** Items of a kind this version does not know. */
  long skipped;

  void add(Item item) {
    scanned++;
    switch (ItemCodec.kindOf(item)) {
      case USER -> {
        User user = ItemCodec.user(item);
        users.put(user.username(), user);
        if (Shards.isSharded(item) && user.followers() < 0) {
          usersOutOfBounds.add(user.username());
        }
        fanOutCounters.put(
            user.username(),
            new long[] {Timelines.audienceCount(item), Timelines.membershipsCount(item)});
        privacyCounts.put(
            user.username(),
            new long[] {PrivacyPlans.pendingRequests(item), PrivacyPlans.blocks(item)});
        if (ItemCodec.isPrivate(item)) {
          privateUsers.add(user.username());
        }
        if (Shards.isSharded(item)) {
          shardedUsers.add(user.username());
        }
      }
      case PHOTO -> {
        Photo photo = ItemCodec.photo(item);
        photos.put(photo.id(), photo);
        if (Shards.isSharded(item) && photo.reactions().values().stream().anyMatch(n -> n < 0)) {
          photosOutOfBounds.add(photo.id());
        }
        if (PhotoPlans.deletionMarker(item).isPresent()) {
          deleting.add(photo.id());
        }
      }
      case REACTION -> {
        Reaction reaction = ItemCodec.reaction(item);
        reactionItems.computeIfAbsent(reaction.photo(), p -> new ArrayList<>()).add(reaction);
        reactions
            .computeIfAbsent(reaction.photo(), p -> new EnumMap<>(ReactionType.class))
            .merge(reaction.type(), 1L, Long::sum);
      }
      case FRIENDSHIP -> {
        Follow follow = ItemCodec.friendship(item);
        friendships.add(follow);
        followers.merge(follow.followed(), 1L, Long::sum);
        following.merge(follow.follower(), 1L, Long::sum);
        if (FollowKind.of(item) != FollowKind.PULL) {
          markedFollows.put(item.key(), item);
        }
      }
      case SHARD -> {
        Key main = Shards.mainOf(item);
        if (Shards.ofUser(item)) {
          String user = main.sk().substring(KeyLayout.METADATA.length());
          shardFollowers.merge(user, Shards.followers(item), Long::sum);
          if (Shards.isSealed(item)) {
            sealedUsers.add(user);
          }
          if (Shards.followers(item) < 0) {
            usersOutOfBounds.add(user);
          }
        } else {
          PhotoId photo = KeyLayout.photoIdOf(main);
          Map<ReactionType, Long> counts =
              shardReactions.computeIfAbsent(photo, p -> new EnumMap<>(ReactionType.class));
          Shards.reactions(item).forEach((type, n) -> counts.merge(type, n, Long::sum));
          if (Shards.reactions(item).values().stream().anyMatch(n -> n < 0)) {
            photosOutOfBounds.add(photo);
          }
          long[] views = shardViews.computeIfAbsent(photo, p -> new long[2]);
          views[0] += Shards.views(item);
          views[1] += Shards.uniqueViewers(item);
        }
      }
      case AUDIENCE -> {
        audience.add(item);
        if (Timelines.windowOf(item).isPresent()) {
          audienceItems.merge(Timelines.authorOf(item), 1L, Long::sum);
          membershipItems.merge(Timelines.memberOf(item), 1L, Long::sum);
        }
      }
      case FAN_OUT -> pending.add(item);
      case TIMELINE_ENTRY -> {
        entries
            .computeIfAbsent(Timelines.readerOf(item), r -> new HashSet<>())
            .add(Timelines.photoOf(item));
        if (Timelines.expiresAt(item).isBefore(now)) {
          expiredEntries.add(item);
        }
      }
      case SETTINGS -> {
        // The table's recorded settings: nothing to check.
      }
      case FOLLOW_REQUEST -> requests.add(PrivacyPlans.followRequest(item));
      case REQUEST_PLACE -> places.add(PrivacyPlans.followRequest(item));
      case BLOCK -> blocks.add(PrivacyPlans.block(item));
      case REQUEST_MARK -> requestMarks.add(PrivacyPlans.followRequest(item));
      case BLOCK_MARK -> blockMarks.add(PrivacyPlans.block(item));
      case VIEW -> viewMarks.add(item);
      case ACTIVITY -> {
        // The inbox is derived from the rest, checked when it is read: nothing to count.
      }
      case OTHER -> skipped++;
    }
  }

  void addAll(AuditTally other) {
    scanned += other.scanned;
    skipped += other.skipped;
    users.putAll(other.users);
    photos.putAll(other.photos);
    deleting.addAll(other.deleting);
    other.followers.forEach((k, v) -> followers.merge(k, v, Long::sum));
    other.following.forEach((k, v) -> following.merge(k, v, Long::sum));
    mergeCounts(reactions, other.reactions);
    friendships.addAll(other.friendships);
    other.shardFollowers.forEach((k, v) -> shardFollowers.merge(k, v, Long::sum));
    mergeCounts(shardReactions, other.shardReactions);
    other.shardViews.forEach(
        (photo, views) -> {
          long[] into = shardViews.computeIfAbsent(photo, p -> new long[2]);
          into[0] += views[0];
          into[1] += views[1];
        });
    usersOutOfBounds.addAll(other.usersOutOfBounds);
    photosOutOfBounds.addAll(other.photosOutOfBounds);
    other.reactionItems.forEach(
        (photo, list) -> reactionItems.computeIfAbsent(photo, p -> new ArrayList<>()).addAll(list));
    fanOutCounters.putAll(other.fanOutCounters);
    other.audienceItems.forEach((k, v) -> audienceItems.merge(k, v, Long::sum));
    other.membershipItems.forEach((k, v) -> membershipItems.merge(k, v, Long::sum));
    audience.addAll(other.audience);
    markedFollows.putAll(other.markedFollows);
    pending.addAll(other.pending);
    expiredEntries.addAll(other.expiredEntries);
    other.entries.forEach(
        (reader, ids) -> entries.computeIfAbsent(reader, r -> new HashSet<>()).addAll(ids));
    requests.addAll(other.requests);
    places.addAll(other.places);
    blocks.addAll(other.blocks);
    requestMarks.addAll(other.requestMarks);
    blockMarks.addAll(other.blockMarks);
    viewMarks.addAll(other.viewMarks);
    privacyCounts.putAll(other.privacyCounts);
    privateUsers.addAll(other.privateUsers);
    shardedUsers.addAll(other.shardedUsers);
    sealedUsers.addAll(other.sealedUsers);
  }

  private static void mergeCounts(
      Map<PhotoId, Map<ReactionType, Long>> into, Map<PhotoId, Map<ReactionType, Long>> from) {
    from.forEach(
        (photo, counts) ->
            counts.forEach(
                (type, n) ->
                    into.computeIfAbsent(photo, p -> new EnumMap<>(ReactionType.class))
                        .merge(type, n, Long::sum)));
  }
}
