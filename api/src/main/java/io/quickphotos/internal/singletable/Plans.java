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
import io.quickphotos.SortOrder;
import io.quickphotos.UserAlreadyExistsException;
import io.quickphotos.UserNotFoundException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The access patterns of the single-table design as plans: which request, which key, which key
 * condition, which direction, which conditions, and what each failed condition means. The
 * repository executes these against whichever {@link Table} engine it is given. Stateless and
 * thread-safe.
 */
public final class Plans {
  private Plans() {
  }

  /**
   * Create user: PutItem with {@code attribute_not_exists(PK)}.
   *
   * @param user the new user, already validated
   * @return the plan
   */
  public static WritePlan createUser(NewUser user) {
    return WritePlan.single(new WriteAction.Put(ItemCodec.newUser(user), ItemCondition.ABSENT),
        () -> new UserAlreadyExistsException("user " + user.username() + " already exists"));
  }

  /**
   * Update profile: UpdateItem setting the given fields, with {@code attribute_exists(PK)}.
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
        new WriteAction.Update(KeyLayout.user(username), sets, ItemCondition.EXISTS),
        () -> userNotFound(username));
  }

  /**
   * Upload photo: one transaction of a condition check that the owner exists and a PutItem of the
   * photo with {@code attribute_not_exists(PK)}.
   *
   * @param id the photo's owner and timestamp, already validated
   * @param location the image URL, already validated
   * @return the plan
   */
  public static WritePlan uploadPhoto(PhotoId id, String location) {
    return WritePlan.transaction(
        new WritePlan.Step(new WriteAction.Check(KeyLayout.user(id.owner()), ItemCondition.EXISTS),
            () -> userNotFound(id.owner())),
        new WritePlan.Step(new WriteAction.Put(ItemCodec.newPhoto(id, location),
            ItemCondition.ABSENT),
            () -> new PhotoAlreadyExistsException("photo " + id + " already exists")));
  }

  /**
   * React to photo: one transaction of a condition check that the reacting user exists, a PutItem
   * of the reaction with {@code attribute_not_exists(PK)}, and an UpdateItem of the photo adding
   * one to {@code reactions.<type>} with {@code attribute_exists(PK)}.
   *
   * @param reaction the reaction, already validated
   * @return the plan
   */
  public static WritePlan reactTo(Reaction reaction) {
    PhotoId photo = reaction.photo();
    return WritePlan.transaction(
        new WritePlan.Step(
            new WriteAction.Check(KeyLayout.user(reaction.reactor()), ItemCondition.EXISTS),
            () -> userNotFound(reaction.reactor())),
        new WritePlan.Step(
            new WriteAction.Put(ItemCodec.reaction(reaction), ItemCondition.ABSENT),
            () -> new AlreadyReactedException(reaction.reactor() + " already reacted "
                + reaction.type().storedName() + " to photo " + photo)),
        new WritePlan.Step(
            new WriteAction.Update(KeyLayout.photo(photo),
                List.of(new UpdateAction.Add(
                    AttributePath.of(ItemCodec.REACTIONS, reaction.type().storedName()), 1)),
                ItemCondition.EXISTS),
            () -> new PhotoNotFoundException("photo " + photo + " does not exist")));
  }

  /**
   * Follow: one transaction of a PutItem of the friendship with {@code attribute_not_exists(PK)}
   * and an UpdateItem on each user, with {@code attribute_exists(PK)}, adding one to the followed
   * user's {@code followers} and to the follower's {@code following}.
   *
   * @param follow the friendship, already validated
   * @return the plan
   */
  public static WritePlan follow(Follow follow) {
    return WritePlan.transaction(
        new WritePlan.Step(new WriteAction.Put(ItemCodec.friendship(follow), ItemCondition.ABSENT),
            () -> new AlreadyFollowingException(follow.follower() + " already follows "
                + follow.followed())),
        counter(follow.followed(), ItemCodec.FOLLOWERS, 1),
        counter(follow.follower(), ItemCodec.FOLLOWING, 1));
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
        counter(followed, ItemCodec.FOLLOWERS, -1),
        counter(follower, ItemCodec.FOLLOWING, -1));
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
    return new QueryPlan(Index.TABLE, KeyLayout.userPartition(username),
        Optional.of(SortKeyCondition.between(KeyLayout.METADATA + username,
            KeyLayout.AFTER_ALL_PHOTOS)),
        order == SortOrder.OLDEST_FIRST, limit, Optional.empty(), true);
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
    return new QueryPlan(Index.INVERTED, KeyLayout.photoSortKey(photo), Optional.empty(), false,
        limit, Optional.empty(), false);
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
    return new QueryPlan(Index.TABLE, KeyLayout.userPartition(username),
        Optional.of(SortKeyCondition.beginsWith(KeyLayout.FRIEND)), true, limit, Optional.empty(),
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
    return new QueryPlan(Index.INVERTED, KeyLayout.followingPartition(follower), Optional.empty(),
        true, limit, Optional.empty(), false);
  }

  // --- home feed (fan-out on read) -------------------------------------------------------------

  /**
   * How many followed users one Query of the home feed's first step reads: friendship items are
   * a few hundred bytes, so 1,000 of them stay well under the 1 MB a Query may read.
   */
  public static final int FEED_FOLLOWEES_PER_QUERY = 1000;

  /**
   * Home feed, first step: the users a user follows, from the inverted index
   * {@code SK = #FRIEND#u}, eventually consistent, {@value #FEED_FOLLOWEES_PER_QUERY} a request;
   * the caller continues from the last evaluated key until the list is read whole.
   *
   * @param follower the reading user's handle, already validated
   * @return the plan of the first request
   */
  public static QueryPlan homeFeedFollowees(String follower) {
    return new QueryPlan(Index.INVERTED, KeyLayout.followingPartition(follower), Optional.empty(),
        true, FEED_FOLLOWEES_PER_QUERY, Optional.empty(), false);
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
    SortKeyCondition condition = after.map(position -> {
      boolean tieIncluded = Utf8.compare(followee, position.owner()) > 0;
      java.time.Instant upper = tieIncluded ? position.timestamp()
          : position.timestamp().minusNanos(1);
      return SortKeyCondition.between(prefix, prefix + KeyLayout.timestamp(upper));
    }).orElse(SortKeyCondition.beginsWith(prefix));
    return new QueryPlan(Index.TABLE, KeyLayout.userPartition(followee), Optional.of(condition),
        false, limit, Optional.empty(), false);
  }

  private static UpdateAction set(String attribute, String value) {
    return new UpdateAction.Set(AttributePath.of(attribute), new Value.Str(value));
  }

  private static WritePlan.Step counter(String username, String attribute, long delta) {
    return new WritePlan.Step(new WriteAction.Update(KeyLayout.user(username),
        List.of(new UpdateAction.Add(AttributePath.of(attribute), delta)), ItemCondition.EXISTS),
        () -> userNotFound(username));
  }

  private static UserNotFoundException userNotFound(String username) {
    return new UserNotFoundException("user " + username + " does not exist");
  }
}
