package io.quickphotos.internal.singletable;

import io.quickphotos.AlreadyFollowingException;
import io.quickphotos.AlreadyReactedException;
import io.quickphotos.Follow;
import io.quickphotos.NewUser;
import io.quickphotos.NotFollowingException;
import io.quickphotos.PhotoAlreadyExistsException;
import io.quickphotos.PhotoId;
import io.quickphotos.PhotoNotFoundException;
import io.quickphotos.ProfileUpdate;
import io.quickphotos.Reaction;
import io.quickphotos.ReactionType;
import io.quickphotos.SortOrder;
import io.quickphotos.UserAlreadyExistsException;
import io.quickphotos.UserNotFoundException;
import io.quickphotos.UserStatus;
import io.quickphotos.engine.AttributePath;
import io.quickphotos.engine.Index;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.ItemCondition;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.QueryPlan;
import io.quickphotos.engine.SortKeyCondition;
import io.quickphotos.engine.Table;
import io.quickphotos.engine.UpdateAction;
import io.quickphotos.engine.Utf8;
import io.quickphotos.engine.Value;
import io.quickphotos.engine.WriteAction;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The access patterns of the single-table design as plans: which request, which key, which key
 * condition, which direction, which conditions, and what each failed condition means. The
 * repository executes these against whichever {@link Table} engine it is given. Stateless and
 * thread-safe.
 */
public final class Plans {
  /**
   * A user who exists and whose account is not closing:
   * {@code attribute_exists(PK) AND NOT (status = "CLOSING")}. Every write that needs a user to
   * exist uses it, so a closing account behaves as missing.
   */
  public static final ItemCondition ACTIVE_USER =
      ItemCondition.and(
          ItemCondition.EXISTS,
          ItemCondition.not(
              new ItemCondition.AttributeEquals(
                  AttributePath.of(ItemCodec.STATUS), new Value.Str(UserStatus.CLOSING.name()))));

  /**
   * A photo that exists and whose deletion has not begun:
   * {@code attribute_exists(PK) AND NOT attribute_exists(deleting)}.
   */
  public static final ItemCondition OPEN_PHOTO =
      ItemCondition.and(
          ItemCondition.EXISTS,
          ItemCondition.not(
              new ItemCondition.AttributeExists(AttributePath.of(ItemCodec.DELETING))));

  private Plans() {}

  /**
   * Create user: PutItem with {@code attribute_not_exists(PK)}, the item carrying the call's
   * token in {@code callToken}. A resend of the same request (the AWS SDK resends a PutItem whose
   * answer timed out, and the first attempt may have been applied) fails its condition on the
   * item the first attempt put; DynamoDB returns that item with the failure
   * ({@code ReturnValuesOnConditionCheckFailure=ALL_OLD}, at no cost), and the step recognises it
   * by the token as the call's own write. An item with another token, or none (a bulk import, an
   * earlier version), is another call's user: {@link UserAlreadyExistsException}.
   *
   * @param user the new user, already validated
   * @param token the call's token, from {@link #newCascadeMarker()}, the same on every attempt
   * @return the plan
   */
  public static WritePlan createUser(NewUser user, Value.Str token) {
    Item item = ItemCodec.newUser(user).toBuilder().put(ItemCodec.CALL_TOKEN, token).build();
    return new WritePlan(
        List.of(
            new WritePlan.Step(
                new WriteAction.Put(item, ItemCondition.ABSENT),
                () -> new UserAlreadyExistsException("user " + user.username() + " already exists"),
                found -> false,
                found ->
                    found
                        .flatMap(existing -> existing.get(ItemCodec.CALL_TOKEN))
                        .equals(Optional.of(token)))),
        false);
  }

  /**
   * Update profile: UpdateItem setting the given fields, with {@link #ACTIVE_USER}.
   *
   * @param username the user's handle
   * @param update the fields to change, already validated
   * @return the plan
   */
  public static WritePlan updateProfile(String username, ProfileUpdate update) {
    List<UpdateAction> sets = new ArrayList<>();
    update.name().ifPresent(v -> sets.add(set(ItemCodec.NAME, v)));
    update.email().ifPresent(v -> sets.add(set(ItemCodec.EMAIL, v)));
    update.birthdate().ifPresent(v -> sets.add(set(ItemCodec.BIRTHDATE, v.toString())));
    update.address().ifPresent(v -> sets.add(set(ItemCodec.ADDRESS, v)));
    update.status().ifPresent(v -> sets.add(set(ItemCodec.STATUS, v.name())));
    return WritePlan.single(
        new WriteAction.Update(KeyLayout.user(username), sets, ACTIVE_USER),
        () -> userNotFound(username));
  }

  /**
   * Upload photo: one transaction of a condition check that the owner exists and is not closing
   * ({@link #ACTIVE_USER}) and a PutItem of the photo with {@code attribute_not_exists(PK)}.
   *
   * @param id the photo's owner and timestamp, already validated
   * @param location the image URL, already validated
   * @return the plan
   */
  public static WritePlan uploadPhoto(PhotoId id, String location) {
    return WritePlan.transaction(
        new WritePlan.Step(
            new WriteAction.Check(KeyLayout.user(id.owner()), ACTIVE_USER),
            () -> userNotFound(id.owner())),
        new WritePlan.Step(
            new WriteAction.Put(ItemCodec.newPhoto(id, location), ItemCondition.ABSENT),
            () -> new PhotoAlreadyExistsException("photo " + id + " already exists")));
  }

  /**
   * React to photo: one transaction of a condition check that the reacting user exists and is
   * not closing ({@link #ACTIVE_USER}), a condition check that the photo's owner is active too
   * (when the owner is someone else), a PutItem of the reaction with
   * {@code attribute_not_exists(PK)}, and an UpdateItem of the photo adding one to
   * {@code reactions.<type>} if the photo exists and its deletion has not begun
   * ({@link #OPEN_PHOTO}).
   *
   * <p>For hot keys ({@link Shards}): an owner whose counters are sharded is checked on one of
   * its shards instead of its profile, and a sharded photo counted on one of its shards; an
   * unsharded owner's check and photo's counter also require that they are not sharded, and the
   * photo's that the type's count is below {@code threshold}. Those failures redirect (the
   * caller shards or learns and sends again), and cost an ordinary key nothing.
   *
   * @param reaction the reaction, already validated
   * @param ownerShard the owner's shard to check, if the owner is sharded
   * @param photoShard the photo's shard to count on, if the photo is sharded
   * @param threshold the count of one type from which a photo is sharded
   * @return the plan
   */
  public static WritePlan reactTo(
      Reaction reaction, Optional<Key> ownerShard, Optional<Key> photoShard, long threshold) {
    PhotoId photo = reaction.photo();
    WritePlan.Step reactorActive =
        new WritePlan.Step(
            new WriteAction.Check(KeyLayout.user(reaction.reactor()), ACTIVE_USER),
            () -> userNotFound(reaction.reactor()));
    WritePlan.Step putReaction =
        new WritePlan.Step(
            new WriteAction.Put(ItemCodec.reaction(reaction), ItemCondition.ABSENT),
            () ->
                new AlreadyReactedException(
                    reaction.reactor()
                        + " already reacted "
                        + reaction.type().storedName()
                        + " to photo "
                        + photo));
    AttributePath counter = reactionCounter(reaction.type());
    List<UpdateAction> plusOne = List.of(new UpdateAction.Add(counter, 1));
    WritePlan.Step countOnPhoto =
        photoShard.isPresent()
            ? new WritePlan.Step(
                new WriteAction.Update(photoShard.get(), plusOne, ItemCondition.EXISTS),
                () -> photoNotFound(photo),
                Optional::isEmpty)
            : new WritePlan.Step(
                new WriteAction.Update(
                    KeyLayout.photo(photo), plusOne, unsharded(OPEN_PHOTO, counter, threshold)),
                () -> photoNotFound(photo),
                item ->
                    item.isPresent()
                        && deletionMarker(item.get()).isEmpty()
                        && (Shards.isSharded(item.get())
                            || atLeast(item.get(), counter, threshold)));
    if (photo.owner().equals(reaction.reactor())) {
      // DynamoDB refuses two actions on one item in a transaction, and the reactor's check
      // already says whether the owner is active.
      return WritePlan.transaction(reactorActive, putReaction, countOnPhoto);
    }
    // Once deleteUser has marked the owner closing, the cascade may not have reached this photo
    // yet: the photo of a user who does not exist does not exist either.
    WritePlan.Step ownerActive =
        ownerShard.isPresent()
            ? new WritePlan.Step(
                new WriteAction.Check(ownerShard.get(), ItemCondition.EXISTS),
                () -> photoNotFound(photo),
                Optional::isEmpty)
            : new WritePlan.Step(
                new WriteAction.Check(
                    KeyLayout.user(photo.owner()),
                    ItemCondition.and(ACTIVE_USER, Shards.notSharded())),
                () -> photoNotFound(photo),
                item -> item.isPresent() && isActive(item.get()) && Shards.isSharded(item.get()));
    return WritePlan.transaction(reactorActive, ownerActive, putReaction, countOnPhoto);
  }

  /**
   * Follow: one transaction of an UpdateItem on each user, with {@link #ACTIVE_USER}, adding one
   * to the followed user's {@code followers} and to the follower's {@code following}, and a
   * PutItem of the friendship with {@code attribute_not_exists(PK)}.
   *
   * <p>For hot keys ({@link Shards}): the followed user's counter is taken on one of its shards
   * when it is sharded ({@code followedShard}); otherwise its update also requires that it is not
   * sharded and has fewer than {@code threshold} followers, failures that redirect.
   *
   * @param follow the friendship, already validated
   * @param followedShard the followed user's shard to count on, if sharded
   * @param threshold the follower count from which a user is sharded
   * @return the plan
   */
  public static WritePlan follow(Follow follow, Optional<Key> followedShard, long threshold) {
    // The user checks come first: a closing account that still follows someone must read as
    // missing, not as already following.
    AttributePath followers = AttributePath.of(ItemCodec.FOLLOWERS);
    List<UpdateAction> plusOne = List.of(new UpdateAction.Add(followers, 1));
    WritePlan.Step countFollowed =
        followedShard.isPresent()
            ? new WritePlan.Step(
                new WriteAction.Update(followedShard.get(), plusOne, ItemCondition.EXISTS),
                () -> userNotFound(follow.followed()),
                Optional::isEmpty)
            : new WritePlan.Step(
                new WriteAction.Update(
                    KeyLayout.user(follow.followed()),
                    plusOne,
                    unsharded(ACTIVE_USER, followers, threshold)),
                () -> userNotFound(follow.followed()),
                item ->
                    item.isPresent()
                        && isActive(item.get())
                        && (Shards.isSharded(item.get())
                            || atLeast(item.get(), followers, threshold)));
    return WritePlan.transaction(
        countFollowed,
        counter(follow.follower(), ItemCodec.FOLLOWING, 1, ACTIVE_USER),
        new WritePlan.Step(
            new WriteAction.Put(ItemCodec.friendship(follow), ItemCondition.ABSENT),
            () ->
                new AlreadyFollowingException(
                    follow.follower() + " already follows " + follow.followed())));
  }

  /**
   * Follow as a repository with sharding off sends it to an ordinary user.
   *
   * @param follow the friendship, already validated
   * @return the plan
   */
  public static WritePlan follow(Follow follow) {
    return follow(follow, Optional.empty(), Long.MAX_VALUE);
  }

  /**
   * {@code condition AND NOT (shards >= 1) AND NOT (counter >= threshold)}, the last left out
   * when sharding is off.
   */
  private static ItemCondition unsharded(
      ItemCondition condition, AttributePath counter, long threshold) {
    // One flat AND: the request reads as the unsharded one with terms added.
    List<ItemCondition> all =
        new ArrayList<>(
            condition instanceof ItemCondition.And and ? and.conditions() : List.of(condition));
    all.add(Shards.notSharded());
    if (threshold != Long.MAX_VALUE) {
      all.add(ItemCondition.not(new ItemCondition.AtLeast(counter, threshold)));
    }
    return new ItemCondition.And(all);
  }

  /** Whether an item's counter at {@code path} is at least {@code threshold}. */
  private static boolean atLeast(Item item, AttributePath path, long threshold) {
    Value value = item.get(path.names().get(0)).orElse(null);
    for (String part : path.names().subList(1, path.names().size())) {
      value = value instanceof Value.MapValue map ? map.value().get(part) : null;
    }
    return value instanceof Value.Num n && n.value().longValueExact() >= threshold;
  }

  /** Whether a user item exists and is not closing (what {@link #ACTIVE_USER} tests). */
  private static boolean isActive(Item user) {
    return closingMarker(user).isEmpty()
        && !UserStatus.CLOSING.name().equals(user.stringOrNull(ItemCodec.STATUS));
  }

  /**
   * Unfollow: one transaction of a DeleteItem of the friendship with {@code attribute_exists(PK)}
   * and an UpdateItem on each user subtracting one from the counters.
   *
   * @param follower the handle of the user who follows, already validated
   * @param followed the handle of the user followed, already validated
   * @return the plan
   */
  public static WritePlan unfollow(String follower, String followed) {
    return WritePlan.transaction(
        new WritePlan.Step(
            new WriteAction.Delete(KeyLayout.friendship(followed, follower), ItemCondition.EXISTS),
            () -> new NotFollowingException(follower + " does not follow " + followed)),
        counter(followed, ItemCodec.FOLLOWERS, -1, ItemCondition.EXISTS),
        counter(follower, ItemCodec.FOLLOWING, -1, ItemCondition.EXISTS));
  }

  /**
   * User and photos: Query {@code PK = USER#u AND SK BETWEEN #METADATA#u AND PHOTO$}, strongly
   * consistent, backwards for newest first.
   *
   * @param username the user's handle, already validated
   * @param order newest or oldest first
   * @param limit the page size
   * @return the plan of the first page
   */
  public static QueryPlan userWithPhotos(String username, SortOrder order, int limit) {
    return new QueryPlan(
        Index.TABLE,
        KeyLayout.userPartition(username),
        Optional.of(
            SortKeyCondition.between(KeyLayout.METADATA + username, KeyLayout.AFTER_ALL_PHOTOS)),
        order == SortOrder.OLDEST_FIRST,
        limit,
        Optional.empty(),
        true);
  }

  /**
   * Photo and reactions: Query on the inverted index {@code SK = PHOTO#owner#timestamp}, read
   * backwards so the photo ({@code PK = USER#…}) comes before the reactions ({@code REACTION#…}).
   *
   * @param photo the photo, already validated
   * @param limit the page size
   * @return the plan of the first page
   */
  public static QueryPlan photoWithReactions(PhotoId photo, int limit) {
    return new QueryPlan(
        Index.INVERTED,
        KeyLayout.photoSortKey(photo),
        Optional.empty(),
        false,
        limit,
        Optional.empty(),
        false);
  }

  /**
   * Followers of a user: Query {@code PK = USER#u AND begins_with(SK, #FRIEND#)}, strongly
   * consistent.
   *
   * @param username the followed user's handle, already validated
   * @param limit the page size
   * @return the plan of the first page
   */
  public static QueryPlan followersOf(String username, int limit) {
    return new QueryPlan(
        Index.TABLE,
        KeyLayout.userPartition(username),
        Optional.of(SortKeyCondition.beginsWith(KeyLayout.FRIEND)),
        true,
        limit,
        Optional.empty(),
        true);
  }

  /**
   * Users a user follows: Query on the inverted index {@code SK = #FRIEND#u}; the caller then
   * reads the followed users' profiles with one BatchGetItem.
   *
   * @param follower the following user's handle, already validated
   * @param limit the page size
   * @return the plan of the first page
   */
  public static QueryPlan followedBy(String follower, int limit) {
    return new QueryPlan(
        Index.INVERTED,
        KeyLayout.followingPartition(follower),
        Optional.empty(),
        true,
        limit,
        Optional.empty(),
        false);
  }

  // --- home feed (fan-out on read) -------------------------------------------------------------

  /**
   * How many followed users one Query of the home feed's first step reads: friendship items are
   * a few hundred bytes, so 1,000 of them stay well under the 1 MB a Query may read.
   */
  public static final int FEED_FOLLOWEES_PER_QUERY = 1000;

  /**
   * The requests one page of the home feed makes when no read is retried: the inverted-index
   * queries that list the followed users, {@code ⌊F / 1000⌋ + 1} (the last one confirms the end
   * of the list), plus one Query per followed user.
   *
   * @param followees how many users the reader follows, F
   * @return {@code ⌊F / 1000⌋ + 1 + F}
   */
  public static long homeFeedRequests(long followees) {
    return followees / FEED_FOLLOWEES_PER_QUERY + 1 + followees;
  }

  /**
   * Home feed, first step: the users a user follows, from the inverted index
   * {@code SK = #FRIEND#u}, eventually consistent, {@value #FEED_FOLLOWEES_PER_QUERY} a request;
   * the caller continues from the last evaluated key until the list is read whole.
   *
   * @param follower the reading user's handle, already validated
   * @return the plan of the first request
   */
  public static QueryPlan homeFeedFollowees(String follower) {
    return new QueryPlan(
        Index.INVERTED,
        KeyLayout.followingPartition(follower),
        Optional.empty(),
        true,
        FEED_FOLLOWEES_PER_QUERY,
        Optional.empty(),
        false);
  }

  /**
   * Home feed, second step: one followed user's photos, newest first, that sort after the
   * feed's position. The feed orders by timestamp descending, then owner in ascending code-point
   * order, so after position {@code (t, o)} a followee {@code f} contributes its photos at
   * {@code t} or earlier when {@code f} sorts after {@code o}, and strictly earlier than
   * {@code t} otherwise. Strictly earlier is the BETWEEN's upper bound at the nanosecond before
   * {@code t} (keys hold nanoseconds, so no photo lies in between); a bare {@code <} would also
   * reach the profile and friendship items that sort before the photos. The lower bound
   * {@code PHOTO#f#} is a prefix of every photo key, so the bounds are always in order.
   * Eventually consistent, backwards, {@code Limit} = the page size.
   *
   * @param followee the followed user's handle
   * @param after the feed position to continue after, or empty for the first page
   * @param limit the page size
   * @return the plan
   */
  public static QueryPlan homeFeedPhotos(String followee, Optional<PhotoId> after, int limit) {
    String prefix = KeyLayout.PHOTO + followee + "#";
    SortKeyCondition condition =
        after
            .map(
                position -> {
                  boolean tieIncluded = Utf8.compare(followee, position.owner()) > 0;
                  java.time.Instant upper =
                      tieIncluded ? position.timestamp() : position.timestamp().minusNanos(1);
                  return SortKeyCondition.between(prefix, prefix + KeyLayout.timestamp(upper));
                })
            .orElse(SortKeyCondition.beginsWith(prefix));
    return new QueryPlan(
        Index.TABLE,
        KeyLayout.userPartition(followee),
        Optional.of(condition),
        false,
        limit,
        Optional.empty(),
        false);
  }

  // --- the data's lifecycle: taking back, deleting, membership checks ---------------------------

  /**
   * Reactions a user left on a photo: Query on the inverted index
   * {@code SK = PHOTO#owner#timestamp AND begins_with(PK, REACTION#<reactor>#)}; one item per
   * type at most, so one page of {@code ReactionType.values().length} holds them all. Usernames
   * never hold {@code #}, so the prefix matches this reactor alone.
   *
   * @param reactor the reacting user's handle, already validated
   * @param photo the photo, already validated
   * @return the plan
   */
  public static QueryPlan reactionsLeftBy(String reactor, PhotoId photo) {
    return new QueryPlan(
        Index.INVERTED,
        KeyLayout.photoSortKey(photo),
        Optional.of(SortKeyCondition.beginsWith(KeyLayout.REACTION + reactor + "#")),
        true,
        ReactionType.values().length,
        Optional.empty(),
        false);
  }

  /**
   * The reactions on a photo, without the photo: Query on the inverted index
   * {@code SK = PHOTO#owner#timestamp AND begins_with(PK, REACTION#)}.
   *
   * @param photo the photo, already validated
   * @param limit the page size
   * @return the plan of the first page
   */
  public static QueryPlan reactionsOn(PhotoId photo, int limit) {
    return new QueryPlan(
        Index.INVERTED,
        KeyLayout.photoSortKey(photo),
        Optional.of(SortKeyCondition.beginsWith(KeyLayout.REACTION)),
        true,
        limit,
        Optional.empty(),
        false);
  }

  /**
   * The reactions of one type a user left anywhere: Query {@code PK = REACTION#<reactor>#<type>},
   * strongly consistent.
   *
   * @param reactor the reacting user's handle, already validated
   * @param type the reaction type
   * @param limit the page size
   * @return the plan of the first page
   */
  public static QueryPlan reactionsBy(String reactor, ReactionType type, int limit) {
    return new QueryPlan(
        Index.TABLE,
        KeyLayout.REACTION + reactor + "#" + type.storedName(),
        Optional.empty(),
        true,
        limit,
        Optional.empty(),
        true);
  }

  /**
   * A user's photos without the profile: Query
   * {@code PK = USER#u AND begins_with(SK, PHOTO#)}, strongly consistent, oldest first.
   *
   * @param owner the owner's handle, already validated
   * @param limit the page size
   * @return the plan of the first page
   */
  public static QueryPlan photosOf(String owner, int limit) {
    return new QueryPlan(
        Index.TABLE,
        KeyLayout.userPartition(owner),
        Optional.of(SortKeyCondition.beginsWith(KeyLayout.PHOTO)),
        true,
        limit,
        Optional.empty(),
        true);
  }

  /**
   * A new marker for a cascade's first write: 12 characters from 72 random bits, so two
   * cascades on one key (one per incarnation) never share one. Also the token of one
   * {@code createUser} call ({@link #createUser}) and of a timeline follow, for the same reason.
   *
   * @return the marker
   */
  public static Value.Str newCascadeMarker() {
    byte[] bits = new byte[9];
    MARKERS.nextBytes(bits);
    return new Value.Str(Base64.getUrlEncoder().encodeToString(bits));
  }

  private static final SecureRandom MARKERS = new SecureRandom();

  /**
   * The first write of {@code deleteUser}: UpdateItem setting {@code status = CLOSING} and
   * {@code closing = if_not_exists(closing, :marker)} with {@code attribute_exists(PK)},
   * returning the new image. The first call to close an account decides its marker; a repeat
   * (or a concurrent call) reads the same one back, and an account created later under the name
   * has none, so {@link #closingMarkedBy} tells the account the cascade started on from any that
   * took the name after it. An account an earlier version marked (no marker) gets one now.
   *
   * @param username the user's handle, already validated
   * @param marker a new marker, from {@link #newCascadeMarker()}
   * @return the plan
   */
  public static WritePlan markClosing(String username, Value.Str marker) {
    return WritePlan.single(
        new WriteAction.Update(
            KeyLayout.user(username),
            List.of(
                set(ItemCodec.STATUS, UserStatus.CLOSING.name()),
                new UpdateAction.SetIfAbsent(AttributePath.of(ItemCodec.CLOSING), marker)),
            ItemCondition.EXISTS),
        () -> userNotFound(username));
  }

  /**
   * The marker {@link #markClosing} left on an account, from an image of the account.
   *
   * @param account the account item
   * @return the marker, empty if the account is not closing
   */
  public static Optional<Value> closingMarker(Item account) {
    return account.get(ItemCodec.CLOSING);
  }

  /**
   * The fence of a closing account's cascade: {@code closing = :marker}, true only on the
   * incarnation that cascade marked.
   *
   * @param marker the marker {@link #markClosing} returned
   * @return the condition
   */
  public static ItemCondition closingMarkedBy(Value marker) {
    return new ItemCondition.AttributeEquals(AttributePath.of(ItemCodec.CLOSING), marker);
  }

  /**
   * The first write of {@code deletePhoto}: UpdateItem setting
   * {@code deleting = if_not_exists(deleting, :marker)} with {@code attribute_exists(PK)},
   * returning the new image (with the counters the cascade must bring to zero and the marker).
   * From then on {@link #OPEN_PHOTO} is false, so no reaction can land; the first call decides
   * the marker and a photo uploaded later under the same id has none, so
   * {@link #deletionMarkedBy} tells them apart. A photo an earlier version marked keeps its
   * {@code true}, which serves as its marker.
   *
   * @param photo the photo, already validated
   * @param marker a new marker, from {@link #newCascadeMarker()}
   * @return the plan
   */
  public static WritePlan markDeleting(PhotoId photo, Value.Str marker) {
    return WritePlan.single(
        new WriteAction.Update(
            KeyLayout.photo(photo),
            List.of(new UpdateAction.SetIfAbsent(AttributePath.of(ItemCodec.DELETING), marker)),
            ItemCondition.EXISTS),
        () -> photoNotFound(photo));
  }

  /**
   * The marker {@link #markDeleting} left on a photo, from an image of it.
   *
   * @param photo the photo item
   * @return the marker, empty if its deletion has not begun
   */
  public static Optional<Value> deletionMarker(Item photo) {
    return photo.get(ItemCodec.DELETING);
  }

  /**
   * The fence of a photo's cascade: {@code deleting = :marker}, true only on the incarnation
   * that cascade marked.
   *
   * @param marker the marker {@link #markDeleting} returned
   * @return the condition
   */
  public static ItemCondition deletionMarkedBy(Value marker) {
    return new ItemCondition.AttributeEquals(AttributePath.of(ItemCodec.DELETING), marker);
  }

  /**
   * The path of a photo's counter of one reaction type.
   *
   * @param type the reaction type
   * @return {@code reactions.<type>}
   */
  public static AttributePath reactionCounter(ReactionType type) {
    return AttributePath.of(ItemCodec.REACTIONS, type.storedName());
  }

  /**
   * A photo whose counters equal the given counts exactly, type by type: the condition under
   * which deleting those reactions leaves none (counters always equal the reaction items).
   *
   * @param counts reactions per type; a missing type means zero
   * @return {@code reactions.heart = :n0 AND …}
   */
  public static ItemCondition reactionCountsAre(Map<ReactionType, Long> counts) {
    List<ItemCondition> all = new ArrayList<>();
    for (ReactionType type : ReactionType.values()) {
      all.add(
          new ItemCondition.AttributeEquals(
              reactionCounter(type), Value.Num.of(counts.getOrDefault(type, 0L))));
    }
    return new ItemCondition.And(all);
  }

  /**
   * A photo with no reactions, or no photo at all: {@code NOT (reactions.heart >= 1) AND …}.
   *
   * @return the condition
   */
  public static ItemCondition noReactions() {
    List<ItemCondition> all = new ArrayList<>();
    for (ReactionType type : ReactionType.values()) {
      all.add(ItemCondition.not(new ItemCondition.AtLeast(reactionCounter(type), 1)));
    }
    return new ItemCondition.And(all);
  }

  /**
   * The last write of {@code deleteUser}: DeleteItem of the profile if it is the account the
   * cascade marked and both counters are zero ({@code closing = :marker AND NOT (followers >= 1)
   * AND NOT (following >= 1)}), so a friendship the inverted index had not shown yet keeps it,
   * and an account that took the name since is never touched.
   *
   * @param username the user's handle, already validated
   * @param marker the marker {@link #markClosing} returned
   * @return the action
   */
  public static WriteAction deleteClosedProfile(String username, Value marker) {
    return new WriteAction.Delete(
        KeyLayout.user(username),
        ItemCondition.and(
            closingMarkedBy(marker),
            ItemCondition.not(new ItemCondition.AtLeast(AttributePath.of(ItemCodec.FOLLOWERS), 1)),
            ItemCondition.not(
                new ItemCondition.AtLeast(AttributePath.of(ItemCodec.FOLLOWING), 1))));
  }

  /**
   * The path of a user's {@code followers} counter.
   *
   * @return the path
   */
  public static AttributePath followersCounter() {
    return AttributePath.of(ItemCodec.FOLLOWERS);
  }

  /**
   * The path of a user's {@code following} counter.
   *
   * @return the path
   */
  public static AttributePath followingCounter() {
    return AttributePath.of(ItemCodec.FOLLOWING);
  }

  private static UpdateAction set(String attribute, String value) {
    return new UpdateAction.Set(AttributePath.of(attribute), new Value.Str(value));
  }

  private static WritePlan.Step counter(
      String username, String attribute, long delta, ItemCondition condition) {
    return new WritePlan.Step(
        new WriteAction.Update(
            KeyLayout.user(username),
            List.of(new UpdateAction.Add(AttributePath.of(attribute), delta)),
            condition),
        () -> userNotFound(username));
  }

  private static PhotoNotFoundException photoNotFound(PhotoId photo) {
    return new PhotoNotFoundException("photo " + photo + " does not exist");
  }

  private static UserNotFoundException userNotFound(String username) {
    return new UserNotFoundException("user " + username + " does not exist");
  }
}
