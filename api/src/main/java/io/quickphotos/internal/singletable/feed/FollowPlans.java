package io.quickphotos.internal.singletable.feed;

import io.quickphotos.AlreadyFollowingException;
import io.quickphotos.Follow;
import io.quickphotos.NotFollowingException;
import io.quickphotos.PhotoId;
import io.quickphotos.engine.AttributePath;
import io.quickphotos.engine.Index;
import io.quickphotos.engine.ItemCondition;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.QueryPlan;
import io.quickphotos.engine.SortKeyCondition;
import io.quickphotos.engine.UpdateAction;
import io.quickphotos.engine.Utf8;
import io.quickphotos.engine.WriteAction;
import io.quickphotos.internal.singletable.codec.ItemCodec;
import io.quickphotos.internal.singletable.hot.Shards;
import io.quickphotos.internal.singletable.layout.Attributes;
import io.quickphotos.internal.singletable.layout.KeyLayout;
import io.quickphotos.internal.singletable.plan.Counters;
import io.quickphotos.internal.singletable.plan.Plans;
import io.quickphotos.internal.singletable.plan.StepName;
import io.quickphotos.internal.singletable.plan.WritePlan;
import io.quickphotos.internal.singletable.privacy.BlockPlans;
import io.quickphotos.internal.singletable.privacy.PrivacyPlans;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The plans of friendships: following and unfollowing, the two listings, and the requests of the
 * home feed's fan-out on read. Stateless and thread-safe.
 */
public final class FollowPlans {
  /** The step of a follow or unfollow that counts on the followed user (or its shard). */
  public static final StepName FOLLOWED = StepName.of("followed user's followers");

  /** The step of a follow or unfollow that counts on the follower. */
  public static final StepName FOLLOWER = StepName.of("follower's following");

  /** The step of a follow or unfollow that puts or deletes the friendship. */
  public static final StepName FRIENDSHIP = StepName.of("friendship");

  /**
   * Follow: one transaction of an UpdateItem on each user, with {@link Plans#ACTIVE_USER}, adding
   * one to the followed user's {@code followers} and to the follower's {@code following}, and a
   * PutItem of the friendship with {@code attribute_not_exists(PK)}.
   *
   * <p>For hot keys ({@link Shards}): the followed user's counter is taken on one of its shards
   * when it is sharded ({@code followedShard}); otherwise its update also requires that it is not
   * sharded and has fewer than {@code threshold} followers, failures that redirect.
   *
   * <p>Who may follow whom ({@link PrivacyPlans}): the followed user's update also requires that
   * it is public ({@code NOT attribute_exists(private)}: a private account is asked instead), and
   * both updates, unguarded, that the user counts no blocks ({@code NOT (blocks >= 1)}); failures
   * that redirect at no cost to ordinary users. Guarded, the two block items' absence is checked
   * instead. A followed user counted on a shard does not see its profile: the block item of the
   * followed user's side is always checked then (hot keys only).
   *
   * @param follow the friendship, already validated
   * @param followedShard the followed user's shard to count on, if sharded
   * @param threshold the follower count from which a user is sharded
   * @param guarded whether to check the block items (one of the two counts blocks)
   * @return the plan
   */
  public static WritePlan follow(
      Follow follow, Optional<Key> followedShard, long threshold, boolean guarded) {
    // The user checks come first: a closing account that still follows someone must read as
    // missing, not as already following.
    AttributePath followers = FOLLOWERS;
    List<UpdateAction> plusOne = PLUS_ONE_FOLLOWER;
    WritePlan.Step countFollowed =
        followedShard.isPresent()
            ? new WritePlan.Step(
                FOLLOWED,
                new WriteAction.Update(followedShard.get(), plusOne, Shards.open()),
                () -> Plans.userNotFound(follow.followed()),
                Shards::closed)
            : new WritePlan.Step(
                FOLLOWED,
                new WriteAction.Update(
                    KeyLayout.user(follow.followed()),
                    plusOne,
                    unshardedFollowed(guarded, threshold)),
                () -> Plans.userNotFound(follow.followed()),
                item ->
                    item.isPresent()
                        && Plans.isActive(item.get())
                        && (Shards.isSharded(item.get())
                            || Plans.atLeast(item.get(), followers, threshold)
                            || ItemCodec.isPrivate(item.get())
                            || (!guarded && PrivacyPlans.blocks(item.get()) > 0)));
    String follower = follow.follower();
    WritePlan.Step countFollower =
        new WritePlan.Step(
            FOLLOWER,
            new WriteAction.Update(
                KeyLayout.user(follower),
                PLUS_ONE_FOLLOWING,
                guarded ? Plans.ACTIVE_USER : PrivacyPlans.ACTIVE_NO_BLOCKS),
            () -> Plans.userNotFound(follower),
            item ->
                !guarded
                    && item.isPresent()
                    && Plans.isActive(item.get())
                    && PrivacyPlans.blocks(item.get()) > 0);
    WritePlan.Step friendship =
        new WritePlan.Step(
            FRIENDSHIP,
            new WriteAction.Put(ItemCodec.friendship(follow), ItemCondition.ABSENT),
            () -> AlreadyFollowingException.of(follow.follower(), follow.followed()));
    if (!guarded && followedShard.isEmpty()) {
      // The ordinary follow: no list to grow and copy.
      return WritePlan.transaction(countFollowed, countFollower, friendship);
    }
    List<WritePlan.Step> steps = new ArrayList<>(List.of(countFollowed, countFollower, friendship));
    if (guarded || followedShard.isPresent()) {
      steps.add(
          BlockPlans.notBlockedByOwner(
              follow.followed(), follower, () -> Plans.userNotFound(follow.followed())));
    }
    if (guarded) {
      steps.add(BlockPlans.notBlockedByFollower(follower, follow.followed()));
    }
    return WritePlan.transaction(steps);
  }

  /**
   * Follow, unguarded.
   *
   * @param follow the friendship, already validated
   * @param followedShard the followed user's shard to count on, if sharded
   * @param threshold the follower count from which a user is sharded
   * @return the plan
   */
  public static WritePlan follow(Follow follow, Optional<Key> followedShard, long threshold) {
    return follow(follow, followedShard, threshold, false);
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

  private static final AttributePath FOLLOWERS = AttributePath.of(Attributes.FOLLOWERS);
  private static final ItemCondition HOLDS_ONE = new ItemCondition.AtLeast(FOLLOWERS, 1);
  private static final List<UpdateAction> PLUS_ONE_FOLLOWER = Counters.add(FOLLOWERS, 1);
  private static final AttributePath FOLLOWING = AttributePath.of(Attributes.FOLLOWING);
  private static final List<UpdateAction> PLUS_ONE_FOLLOWING = Counters.add(FOLLOWING, 1);
  private static final List<UpdateAction> MINUS_ONE_FOLLOWING = Counters.add(FOLLOWING, -1);

  /** The followed profile's conditions, guarded and not, for the threshold last asked. */
  private record FollowedConditions(
      long threshold, ItemCondition unguarded, ItemCondition guarded) {}

  private static volatile FollowedConditions followedConditions;

  /**
   * {@link Shards#unsharded} of an active public account ({@link PrivacyPlans#ACTIVE_PUBLIC},
   * unguarded also counting no blocks) for {@code followers}: built once per threshold (a
   * repository's is fixed), not on every follow.
   */
  private static ItemCondition unshardedFollowed(boolean guarded, long threshold) {
    FollowedConditions known = followedConditions;
    if (known == null || known.threshold() != threshold) {
      known =
          new FollowedConditions(
              threshold,
              Shards.unsharded(PrivacyPlans.ACTIVE_PUBLIC_NO_BLOCKS, FOLLOWERS, threshold),
              Shards.unsharded(PrivacyPlans.ACTIVE_PUBLIC, FOLLOWERS, threshold));
      followedConditions = known;
    }
    return guarded ? known.guarded() : known.unguarded();
  }

  private static final List<UpdateAction> MINUS_ONE = Counters.add(FOLLOWERS, -1);
  private static final ItemCondition WHOLE_HOLDS_ONE =
      ItemCondition.and(ItemCondition.EXISTS, Shards.notSharded(), HOLDS_ONE);
  private static final ItemCondition SHARE_HOLDS_ONE =
      ItemCondition.and(Shards.sharded(), HOLDS_ONE);
  private static final ItemCondition SHARD_HOLDS_ONE =
      ItemCondition.and(ItemCondition.EXISTS, HOLDS_ONE);
  private static final ItemCondition HOLDS_NONE =
      ItemCondition.and(ItemCondition.EXISTS, ItemCondition.not(HOLDS_ONE));

  /**
   * Where an unfollow takes one off the followed user's {@code followers}.
   *
   * @param key the item whose counter it is: the profile, or one of its shards
   * @param mode how
   */
  public record Decrement(Key key, Mode mode) {
    /** How an unfollow takes one off. */
    public enum Mode {
      /**
       * On an ordinary profile: {@code followers >= 1 AND NOT (shards >= 1)}; a hot profile
       * fails it (and comes back), as does one whose counter drifted to zero.
       */
      WHOLE,
      /** On a hot profile's own share: {@code shards >= 1 AND followers >= 1}. */
      OWN_SHARE,
      /** On one of a hot profile's shards: {@code attribute_exists(PK) AND followers >= 1}. */
      SHARD,
      /**
       * Nothing taken: the profile's counter is at zero although a friendship exists (it
       * drifted; the audit mends it). Only the profile's revision moves.
       */
      NONE
    }

    /**
     * The decrement of an ordinary profile.
     *
     * @param followed the followed user's profile key
     * @return {@link Mode#WHOLE} on it
     */
    public static Decrement whole(Key followed) {
      return new Decrement(followed, Mode.WHOLE);
    }

    /**
     * The decrement on one part of a hot profile's counter.
     *
     * @param part the profile's key or a shard's
     * @return {@link Mode#OWN_SHARE} or {@link Mode#SHARD}
     */
    public static Decrement onPart(Key part) {
      return new Decrement(part, Shards.isShard(part) ? Mode.SHARD : Mode.OWN_SHARE);
    }
  }

  /**
   * Unfollow: one transaction of a DeleteItem of the friendship, on condition that it exists and
   * is of the kind the rest of the transaction takes it for ({@link
   * FollowKind#friendshipOfKind}: for a pull follow, {@code attribute_exists(PK) AND NOT
   * attribute_exists(feed)}), an UpdateItem taking one off the followed user's
   * {@code followers} where {@code decrement} says, on condition that that part holds at least
   * one, and an UpdateItem taking one off the follower's {@code following}. A friendship of
   * another kind fails the delete and comes back with the failure, so the caller sends the
   * unfollow of its kind ({@link TimelineFollows#unfollow}); a missing one means
   * {@link NotFollowingException}. A followed user's part that fails comes back too: the caller
   * tries the next part of a hot user ({@code HotKeys.removalParts}), so no part goes below
   * zero and removals spread over the shards as additions do.
   *
   * @param follower the handle of the user who follows, already validated
   * @param followed the handle of the user followed, already validated
   * @param kind the kind of follow the caller expects
   * @param decrement where the followed user's count is taken from
   * @return the plan
   */
  public static WritePlan unfollow(
      String follower, String followed, FollowKind kind, Decrement decrement) {
    WriteAction countFollowed =
        switch (decrement.mode()) {
          case WHOLE -> new WriteAction.Update(decrement.key(), MINUS_ONE, WHOLE_HOLDS_ONE);
          case OWN_SHARE -> new WriteAction.Update(decrement.key(), MINUS_ONE, SHARE_HOLDS_ONE);
          case SHARD -> new WriteAction.Update(decrement.key(), MINUS_ONE, SHARD_HOLDS_ONE);
          case NONE ->
              new WriteAction.Update(decrement.key(), Counters.change(List.of()), HOLDS_NONE);
        };
    return WritePlan.transaction(
        new WritePlan.Step(
            FRIENDSHIP,
            new WriteAction.Delete(
                KeyLayout.friendship(followed, follower), FollowKind.friendshipOfKind(kind)),
            () -> NotFollowingException.of(follower, followed),
            Optional::isPresent),
        new WritePlan.Step(
            FOLLOWED,
            countFollowed,
            () -> Plans.userNotFound(followed),
            found -> decrement.mode() != Decrement.Mode.WHOLE || found.isPresent()),
        new WritePlan.Step(
            FOLLOWER,
            new WriteAction.Update(
                KeyLayout.user(follower), MINUS_ONE_FOLLOWING, ItemCondition.EXISTS),
            () -> Plans.userNotFound(follower)));
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
    String prefix = KeyLayout.photosOf(followee);
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

  private FollowPlans() {}
}
