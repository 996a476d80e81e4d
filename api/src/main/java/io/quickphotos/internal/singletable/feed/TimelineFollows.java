package io.quickphotos.internal.singletable.feed;

import io.quickphotos.Follow;
import io.quickphotos.engine.AttributePath;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.ItemCondition;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.UpdateAction;
import io.quickphotos.engine.Value;
import io.quickphotos.engine.WriteAction;
import io.quickphotos.internal.singletable.codec.ItemCodec;
import io.quickphotos.internal.singletable.hot.Shards;
import io.quickphotos.internal.singletable.layout.Attributes;
import io.quickphotos.internal.singletable.layout.KeyLayout;
import io.quickphotos.internal.singletable.plan.Counters;
import io.quickphotos.internal.singletable.plan.Plans;
import io.quickphotos.internal.singletable.plan.StepName;
import io.quickphotos.internal.singletable.plan.WritePlan;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The hybrid feed's writes of follows (layout and the rule every repository obeys in
 * {@link Timelines}): a timeline follow made by a follow or a backfill, made a pull follow again,
 * unfollowed in the form its kind needs, and its window retuned. Stateless and thread-safe.
 */
public final class TimelineFollows {
  private TimelineFollows() {}

  /** The follower's item in the followed user's audience. */
  private static Item audienceItem(Follow friendship, Duration window) {
    return Item.builder(Timelines.audienceKey(friendship.followed(), friendship.follower()))
        .put(ItemCodec.ENTITY, ItemCodec.Entity.AUDIENCE.name())
        .put(Attributes.AUTHOR, friendship.followed())
        .put(Attributes.MEMBER, friendship.follower())
        .put(Attributes.WINDOW, window.toSeconds())
        .build();
  }

  // --- follows ----------------------------------------------------------------------------------

  /**
   * Follow as a timeline follow: the follow's transaction, its followed user's update (which
   * requires fewer than K followers) also adding one to {@code audience}, the follower's adding
   * one to {@code memberships}, its friendship marked {@code filling#<token>} with the window,
   * and the follower put in the author's audience with the window.
   *
   * @param follow the follow's plan ({@link FollowPlans#follow(Follow, Optional, long)} with the
   *     threshold at most K and no shard)
   * @param friendship the friendship
   * @param token the token the filling marker carries
   * @param window the window the timeline will hold
   * @return the plan
   */
  public static WritePlan timelineFollow(
      WritePlan follow, Follow friendship, String token, Duration window) {
    WritePlan.Step put = follow.step(FollowPlans.FRIENDSHIP);
    Item marked =
        ((WriteAction.Put) put.action())
            .item().toBuilder()
                .put(Attributes.FEED_ATTRIBUTE, Timelines.FILLING + token)
                .put(Attributes.WINDOW, window.toSeconds())
                .build();
    return follow
        .with(FollowPlans.FOLLOWED, step -> withAdded(step, Timelines.AUDIENCE_PATH, 1))
        .with(FollowPlans.FOLLOWER, step -> withAdded(step, Timelines.MEMBERSHIPS_PATH, 1))
        .with(
            FollowPlans.FRIENDSHIP,
            step -> step.withAction(new WriteAction.Put(marked, ItemCondition.ABSENT)))
        // Unconditional: an audience item the version before windows left (counted by nothing)
        // is taken over and counted from now on.
        .plus(
            new WritePlan.Step(
                AUDIENCE_ITEM,
                new WriteAction.Put(audienceItem(friendship, window), ItemCondition.NONE)));
  }

  /** The step of a timeline follow or unfollow that puts or deletes the audience item. */
  public static final StepName AUDIENCE_ITEM = StepName.of("audience item");

  /** The step of an unfollow that counts one off a hot author's audience on its profile. */
  public static final StepName AUTHOR_AUDIENCE = StepName.of("author's audience");

  /** A step updating a user with {@code delta} added to {@code counter}, in the same UpdateItem. */
  private static WritePlan.Step withAdded(WritePlan.Step step, AttributePath counter, long delta) {
    WriteAction.Update update = (WriteAction.Update) step.action();
    List<UpdateAction> actions = new ArrayList<>(update.actions());
    actions.add(new UpdateAction.Add(counter, delta));
    return step.withAction(new WriteAction.Update(update.key(), actions, update.condition()));
  }

  /**
   * Makes an existing follow that is not a timeline follow (a pull follow, or one of the version
   * before windows were recorded) a timeline follow: one transaction that adds one to the
   * author's {@code audience} if it exists, is not closing, is not sharded and has fewer than
   * {@code threshold} followers, adds one to the follower's {@code memberships} if it is not
   * closing, marks the friendship {@code filling#<token>} with the window if it still exists and
   * records no window, and puts the follower in the author's audience. Every step's failure is
   * returned to the caller (nothing written), which then leaves the follow as it is.
   *
   * <p>The author's step comes first, so a cancellation's first reason tells a follow whose
   * author is at K or beyond.
   *
   * @param friendship the follow as listed
   * @param token the token the filling marker carries
   * @param threshold K, or the sharding threshold if lower
   * @param window the window the timeline will hold
   * @return the plan
   */
  public static WritePlan convertFollow(
      Follow friendship, String token, long threshold, Duration window) {
    ItemCondition authorBelowK =
        ItemCondition.and(
            Plans.ACTIVE_USER,
            Shards.notSharded(),
            ItemCondition.not(
                new ItemCondition.AtLeast(AttributePath.of(Attributes.FOLLOWERS), threshold)));
    return WritePlan.transaction(
        redirecting(
            FollowPlans.FOLLOWED,
            new WriteAction.Update(
                KeyLayout.user(friendship.followed()),
                Counters.add(Timelines.AUDIENCE_PATH, 1),
                authorBelowK)),
        redirecting(
            FollowPlans.FOLLOWER,
            new WriteAction.Update(
                KeyLayout.user(friendship.follower()),
                Counters.add(Timelines.MEMBERSHIPS_PATH, 1),
                Plans.ACTIVE_USER)),
        redirecting(
            FollowPlans.FRIENDSHIP,
            new WriteAction.Update(
                KeyLayout.friendship(friendship.followed(), friendship.follower()),
                List.of(
                    new UpdateAction.Set(
                        Timelines.FEED_PATH, new Value.Str(Timelines.FILLING + token)),
                    new UpdateAction.Set(Timelines.WINDOW_PATH, Value.Num.of(window.toSeconds()))),
                ItemCondition.and(
                    ItemCondition.EXISTS,
                    ItemCondition.not(new ItemCondition.AttributeExists(Timelines.WINDOW_PATH))))),
        redirecting(
            AUDIENCE_ITEM,
            new WriteAction.Put(audienceItem(friendship, window), ItemCondition.NONE)));
  }

  /**
   * Makes a timeline follow a pull follow again (a backfill under {@code FanOut.off()}): one
   * transaction that removes {@code feed} and {@code window} from the friendship if they are
   * still what was read, deletes the audience item if it exists, and takes one off the author's
   * {@code audience} and the follower's {@code memberships}. A follow of the version before
   * windows were recorded has its mark removed and its audience item (counted by nothing)
   * deleted. Every failure is returned to the caller.
   *
   * @param friendship the friendship as read
   * @param withAudienceItem false when the audience item is known to be gone (deleted with its
   *     counts by a closing account's cascade or the audit): then its absence is checked instead
   * @return the plan
   */
  public static WritePlan pullAgain(Item friendship, boolean withAudienceItem) {
    Follow follow = ItemCodec.friendship(friendship);
    Key audience = Timelines.audienceKey(follow.followed(), follow.follower());
    ItemCondition asRead =
        ItemCondition.and(
            new ItemCondition.AttributeEquals(
                Timelines.FEED_PATH, friendship.get(Attributes.FEED_ATTRIBUTE).get()),
            Timelines.windowOf(friendship)
                .<ItemCondition>map(
                    w ->
                        new ItemCondition.AttributeEquals(
                            Timelines.WINDOW_PATH, Value.Num.of(w.toSeconds())))
                .orElse(
                    ItemCondition.not(new ItemCondition.AttributeExists(Timelines.WINDOW_PATH))));
    List<WritePlan.Step> steps = new ArrayList<>();
    steps.add(
        redirecting(
            FollowPlans.FRIENDSHIP,
            new WriteAction.Update(
                friendship.key(),
                List.of(
                    new UpdateAction.Remove(Timelines.FEED_PATH),
                    new UpdateAction.Remove(Timelines.WINDOW_PATH)),
                asRead)));
    if (Timelines.windowOf(friendship).isEmpty()) {
      steps.add(redirecting(AUDIENCE_ITEM, new WriteAction.Delete(audience, ItemCondition.NONE)));
    } else if (withAudienceItem) {
      steps.add(redirecting(AUDIENCE_ITEM, new WriteAction.Delete(audience, ItemCondition.EXISTS)));
      steps.add(
          redirecting(
              FollowPlans.FOLLOWED,
              new WriteAction.Update(
                  KeyLayout.user(follow.followed()),
                  Counters.add(Timelines.AUDIENCE_PATH, -1),
                  ItemCondition.EXISTS)));
      steps.add(
          redirecting(
              FollowPlans.FOLLOWER,
              new WriteAction.Update(
                  KeyLayout.user(follow.follower()),
                  Counters.add(Timelines.MEMBERSHIPS_PATH, -1),
                  ItemCondition.EXISTS)));
    } else {
      steps.add(redirecting(AUDIENCE_ITEM, new WriteAction.Check(audience, ItemCondition.ABSENT)));
    }
    return WritePlan.transaction(steps);
  }

  /** A step whose failed condition is handed back to the caller, never thrown. */
  private static WritePlan.Step redirecting(StepName name, WriteAction action) {
    return new WritePlan.Step(name, action);
  }

  /**
   * Marks a timeline follow as filled, if it is still the follow that was made.
   *
   * @param friendship the follow
   * @param token the token of its filling marker
   * @return an UpdateItem with {@code feed = filling#<token>}
   */
  public static WriteAction filled(Follow friendship, String token) {
    return new WriteAction.Update(
        KeyLayout.friendship(friendship.followed(), friendship.follower()),
        List.of(new UpdateAction.Set(Timelines.FEED_PATH, new Value.Str(Timelines.SERVED))),
        new ItemCondition.AttributeEquals(
            Timelines.FEED_PATH, new Value.Str(Timelines.FILLING + token)));
  }

  // --- unfollows --------------------------------------------------------------------------------

  /**
   * Unfollow of a follow of the given kind: the unfollow's transaction ({@link
   * FollowPlans#unfollow}), and for a timeline follow one off the author's {@code audience} and
   * the follower's {@code memberships} (in the updates of their counters) and the audience item
   * deleted if it exists (a failure that redirects: it is gone, and its counts with it); for a
   * follow of the version before windows, its audience item deleted.
   *
   * @param unfollow the unfollow's plan, its friendship step conditioned on the kind
   * @param follower the follower
   * @param followed the followed user
   * @param kind what the friendship is
   * @return the plan
   */
  public static WritePlan unfollow(
      WritePlan unfollow, String follower, String followed, FollowKind kind) {
    if (kind == FollowKind.PULL) {
      return unfollow;
    }
    Key audience = Timelines.audienceKey(followed, follower);
    return switch (kind) {
      case PULL -> unfollow;
      case EARLIER_TIMELINE ->
          PendingFanOuts.withStep(
              unfollow, AUDIENCE_ITEM, new WriteAction.Delete(audience, ItemCondition.NONE));
      case TIMELINE_WITHOUT_AUDIENCE ->
          PendingFanOuts.withStep(
              unfollow, AUDIENCE_ITEM, new WriteAction.Check(audience, ItemCondition.ABSENT));
      case TIMELINE -> {
        WritePlan plan =
            unfollow.with(
                FollowPlans.FOLLOWER, step -> withAdded(step, Timelines.MEMBERSHIPS_PATH, -1));
        WriteAction.Update followedCount =
            (WriteAction.Update) unfollow.step(FollowPlans.FOLLOWED).action();
        if (followedCount.key().equals(KeyLayout.user(followed))) {
          plan =
              plan.with(FollowPlans.FOLLOWED, step -> withAdded(step, Timelines.AUDIENCE_PATH, -1));
        } else {
          // A hot author's follower count is taken on a shard: its audience count on its profile.
          plan =
              plan.plus(
                  new WritePlan.Step(
                      AUTHOR_AUDIENCE,
                      new WriteAction.Update(
                          KeyLayout.user(followed),
                          Counters.add(Timelines.AUDIENCE_PATH, -1),
                          ItemCondition.EXISTS)));
        }
        yield plan.plus(
            new WritePlan.Step(
                AUDIENCE_ITEM, new WriteAction.Delete(audience, ItemCondition.EXISTS)));
      }
    };
  }

  // --- retuning a timeline follow's window ------------------------------------------------------

  /**
   * The first step of widening a timeline follow's window: the audience item's window set to
   * the new one if it still holds the old, so that every upload from now on fills the wider
   * window. The photos between the windows are copied next, then {@link #widened} marks the
   * follow.
   *
   * @param friendship the follow
   * @param from the window the follow records
   * @param to the wider window
   * @return an UpdateItem of the audience item
   */
  public static WriteAction widenAudience(Follow friendship, Duration from, Duration to) {
    return new WriteAction.Update(
        Timelines.audienceKey(friendship.followed(), friendship.follower()),
        List.of(new UpdateAction.Set(Timelines.WINDOW_PATH, Value.Num.of(to.toSeconds()))),
        ItemCondition.and(
            ItemCondition.EXISTS,
            new ItemCondition.AttributeEquals(
                Timelines.WINDOW_PATH, Value.Num.of(from.toSeconds()))));
  }

  /**
   * The last step of widening a window, once the photos between the windows are in the
   * timeline: the friendship's window set to the new one if it still holds the old and is
   * served, on condition that its audience item holds the new one.
   *
   * @param friendship the follow
   * @param from the window the follow records
   * @param to the wider window
   * @return the actions of one transaction
   */
  public static List<WriteAction> widened(Follow friendship, Duration from, Duration to) {
    return List.of(
        retuneFriendship(friendship, from, to),
        new WriteAction.Check(
            Timelines.audienceKey(friendship.followed(), friendship.follower()),
            new ItemCondition.AttributeEquals(
                Timelines.WINDOW_PATH, Value.Num.of(to.toSeconds()))));
  }

  /**
   * Narrowing a timeline follow's window: one transaction setting the new window on the
   * friendship (so readers trust less) and on its audience item, if both hold the old.
   *
   * @param friendship the follow
   * @param from the window the follow records
   * @param to the narrower window
   * @return the actions of one transaction
   */
  public static List<WriteAction> narrowed(Follow friendship, Duration from, Duration to) {
    return List.of(
        retuneFriendship(friendship, from, to),
        new WriteAction.Update(
            Timelines.audienceKey(friendship.followed(), friendship.follower()),
            List.of(new UpdateAction.Set(Timelines.WINDOW_PATH, Value.Num.of(to.toSeconds()))),
            new ItemCondition.AttributeEquals(
                Timelines.WINDOW_PATH, Value.Num.of(from.toSeconds()))));
  }

  private static WriteAction retuneFriendship(Follow friendship, Duration from, Duration to) {
    return new WriteAction.Update(
        KeyLayout.friendship(friendship.followed(), friendship.follower()),
        List.of(new UpdateAction.Set(Timelines.WINDOW_PATH, Value.Num.of(to.toSeconds()))),
        ItemCondition.and(
            new ItemCondition.AttributeEquals(Timelines.FEED_PATH, new Value.Str(Timelines.SERVED)),
            new ItemCondition.AttributeEquals(
                Timelines.WINDOW_PATH, Value.Num.of(from.toSeconds()))));
  }
}
