package io.quickphotos.internal.repository.feed;

import io.quickphotos.FanOut;
import io.quickphotos.Follow;
import io.quickphotos.NotFollowingException;
import io.quickphotos.ServiceUnavailableException;
import io.quickphotos.Sharding;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.Key;
import io.quickphotos.internal.repository.hot.HotKeys;
import io.quickphotos.internal.repository.request.Batches;
import io.quickphotos.internal.repository.request.Cancellation;
import io.quickphotos.internal.repository.request.Meter;
import io.quickphotos.internal.repository.request.Reads;
import io.quickphotos.internal.repository.request.Requests;
import io.quickphotos.internal.repository.request.Writes;
import io.quickphotos.internal.singletable.codec.ItemCodec;
import io.quickphotos.internal.singletable.feed.FollowKind;
import io.quickphotos.internal.singletable.feed.FollowPlans;
import io.quickphotos.internal.singletable.feed.TimelineFollows;
import io.quickphotos.internal.singletable.feed.TimelineQueries;
import io.quickphotos.internal.singletable.feed.Timelines;
import io.quickphotos.internal.singletable.hot.Shards;
import io.quickphotos.internal.singletable.layout.KeyLayout;
import io.quickphotos.internal.singletable.plan.Plans;
import io.quickphotos.internal.singletable.plan.WritePlan;
import io.quickphotos.internal.singletable.privacy.PrivacyPlans;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The follows of the hybrid feed (layout and the rule every repository obeys in
 * {@link Timelines}): follows, unfollows and backfills, whatever this repository's own
 * {@link FanOut} setting, which decides only whether a new follow (or a backfill) makes a
 * timeline follow, and with which window. Uploads and their fan-out are {@link Uploads}'.
 *
 * <ul>
 *   <li>A timeline follow is marked {@code filling#<token>} and served by fan-out on read until
 *       the author's photos of the window are copied (one strongly consistent Query, then
 *       BatchWriteItem) and the mark becomes {@code timeline} (an UpdateItem on condition of the
 *       token: an unfollow, or a new follow, meanwhile keeps it from marking another follow).
 *   <li>An unfollow sends the transaction of the kind of follow it expects (a timeline follow
 *       with its audience item and counts, or a pull follow), with the friendship's delete
 *       conditioned on that kind; the friendship returned with a failure says which kind it is,
 *       and the unfollow is sent again in that form.
 * </ul>
 *
 * <p>Why no photo is lost between an upload and a follow running side by side: both write the
 * author's profile (the upload checks its audience, the follow counts one more), so DynamoDB
 * orders them. An upload first: the follow's copy, a strongly consistent read after its own
 * transaction, sees the photo. A follow first: the upload finds the audience and fans out to the
 * new member. Thread-safe if the engine is.
 */
final class HybridFollows {
  /** Rounds of an unfollow learning what kind of follow it deletes. */
  private static final int UNFOLLOW_ROUNDS = 4;

  private final Reads reads;
  private final Writes writes;
  private final Batches batches;
  private final HotKeys hotKeys;
  private final Uploads uploads;
  private final FanOut fanOut;

  /**
   * Users a follow found at K followers or beyond: their follows are pull follows without trying.
   * A user whose following shrank below K stays here until the set is cleared, which only makes
   * some follows pull follows that could have been timeline follows.
   */
  private final Set<String> aboveLimit = ConcurrentHashMap.newKeySet();

  HybridFollows(Requests requests, HotKeys hotKeys, Uploads uploads, FanOut fanOut) {
    this.reads = requests.reads();
    this.writes = requests.writes();
    this.batches = requests.batches();
    this.hotKeys = hotKeys;
    this.uploads = uploads;
    this.fanOut = fanOut;
  }

  /** Whether a follow found this user at K followers or beyond. */
  boolean knownAboveLimit(String user) {
    return aboveLimit.contains(user);
  }

  /** Remembers a user a follow found at K followers or beyond (sharded users among them). */
  void aboveLimit(String user) {
    remember(aboveLimit, user);
  }

  private static void remember(Set<String> known, String user) {
    if (known.size() >= HotKeys.REMEMBERED) {
      known.clear();
    }
    known.add(user);
  }

  /** Whether new follows are timeline follows. */
  boolean hybrid() {
    return fanOut.isHybrid();
  }

  // --- follows ----------------------------------------------------------------------------------

  /**
   * Follow as a timeline follow, if this repository makes them and the followed user has fewer
   * than {@code threshold} followers (then its timeline is filled); else false, and the caller
   * follows as fan-out on read does. A user this repository saw at K or beyond costs no attempt;
   * others one failed transaction. A follow refused for privacy is answered by its detour.
   *
   * @return empty if not followed here (the caller follows by pull), else the detour ({@link
   *     PrivacyPlans.Detour#NONE} if followed)
   */
  Optional<PrivacyPlans.Detour> timelineFollow(
      Follow follow, long threshold, boolean guarded, Meter meter) {
    if (!hybrid() || knownAboveLimit(follow.followed())) {
      return Optional.empty();
    }
    String token = Plans.newCallToken().value();
    Optional<Cancellation> cancelled =
        writes.writeOrRedirect(
            TimelineFollows.timelineFollow(
                FollowPlans.follow(follow, Optional.empty(), threshold, guarded),
                follow,
                token,
                fanOut.window()),
            meter);
    if (cancelled.isPresent()) {
      PrivacyPlans.Detour detour =
          PrivacyPlans.detour(
              cancelled.get().image(FollowPlans.FOLLOWED),
              cancelled.get().image(FollowPlans.FOLLOWER),
              false);
      if (detour == PrivacyPlans.Detour.OTHER_VISIBILITY
          || (detour == PrivacyPlans.Detour.GUARD && !guarded)) {
        return Optional.of(detour);
      }
      aboveLimit(follow.followed());
      return Optional.empty();
    }
    uploads.remember(follow.followed());
    fill(follow, token, fanOut.window(), meter);
    return Optional.of(PrivacyPlans.Detour.NONE);
  }

  /**
   * Copies an author's photos of the window into a new timeline follow's timeline, then marks
   * the follow as served by it (unless it was undone or made again meanwhile).
   *
   * @return whether this call marked the follow served by the timeline
   */
  private boolean fill(Follow follow, String token, Duration window, Meter meter) {
    copy(follow, window, meter);
    return writes.tryWrite(TimelineFollows.filled(follow, token), meter);
  }

  /**
   * Finishes a timeline follow whose copy was cut short (it is marked {@code filling#<token>}):
   * the copy again, then the mark, as {@link #fillTimeline} does.
   *
   * @param friendship the friendship as read
   * @return whether the follow is now marked served (false: it changed meanwhile)
   */
  boolean finishFilling(Item friendship, Meter meter) {
    Optional<String> token = FollowKind.fillingToken(friendship);
    return token.isPresent()
        && fill(
            ItemCodec.friendship(friendship),
            token.get(),
            Timelines.windowOf(friendship).orElseThrow(),
            meter);
  }

  /** Puts the author's photos the window holds into the follower's timeline. */
  private void copy(Follow follow, Duration window, Meter meter) {
    List<Item> entries = new ArrayList<>();
    for (Item photo :
        reads.queryToEnd(
            TimelineQueries.photosAfter(follow.followed(), uploads.writeHorizon(window)), meter)) {
      entries.add(Timelines.entry(follow.follower(), ItemCodec.photo(photo).id(), window));
    }
    batches.batchWriteAll(entries, meter);
  }

  /**
   * Unfollow: one transaction when the follow is of the kind expected (a timeline follow in a
   * repository that makes them, unless the followed user is known to be at K or beyond; else a
   * pull follow) and the followed user's count is where expected (its profile, or for a user
   * this repository knows is hot, the shard the follower's follow went to); one more for each
   * guess that was wrong. A hot user's count is taken from a part that holds at least one
   * ({@link HotKeys#removalParts}): no part goes below zero.
   */
  void unfollow(String follower, String followed, Meter meter) {
    FollowKind kind =
        hybrid() && !knownAboveLimit(followed) ? FollowKind.TIMELINE : FollowKind.PULL;
    Key profile = KeyLayout.user(followed);
    int known = hotKeys.knownShards(followed);
    List<Key> parts = known > 0 ? HotKeys.removalParts(profile, follower, known) : null;
    FollowPlans.Decrement whole = FollowPlans.Decrement.whole(profile);
    int part = 0;
    boolean drifted = false;
    int rounds = UNFOLLOW_ROUNDS + Sharding.MAX_SHARDS + 1;
    for (int round = 0; round < rounds; round++) {
      FollowPlans.Decrement decrement =
          drifted
              ? new FollowPlans.Decrement(profile, FollowPlans.Decrement.Mode.NONE)
              : parts == null ? whole : FollowPlans.Decrement.onPart(parts.get(part));
      WritePlan plan =
          TimelineFollows.unfollow(
              FollowPlans.unfollow(follower, followed, kind, decrement), follower, followed, kind);
      Optional<Cancellation> cancelled = writes.writeOrRedirect(plan, meter);
      if (cancelled.isEmpty()) {
        return;
      }
      Cancellation c = cancelled.get();
      if (c.failed(FollowPlans.FRIENDSHIP)) {
        Optional<Item> friendship = c.image(FollowPlans.FRIENDSHIP);
        if (friendship.isEmpty()) {
          throw NotFollowingException.of(follower, followed);
        }
        kind = FollowKind.of(friendship.get());
      } else if (c.failed(FollowPlans.FOLLOWED)) {
        Optional<Item> counter = c.image(FollowPlans.FOLLOWED);
        if (parts == null) {
          Item image = counter.orElseThrow();
          if (Shards.isSharded(image)) {
            hotKeys.learnedUser(followed, Shards.count(image));
            parts = HotKeys.removalParts(profile, follower, Shards.count(image));
            part = 0;
          } else {
            drifted = true;
          }
        } else if (counter.isEmpty()
            || (!Shards.isShard(parts.get(part)) && !Shards.isSharded(counter.get()))) {
          // The shard is gone, or the profile no longer sharded: the account's cascade folded
          // the count back. Ask the profile again.
          hotKeys.learnedUser(followed, 0);
          parts = null;
        } else if (++part == parts.size()) {
          // Every part at zero with a friendship still there: the counter drifted.
          drifted = true;
        }
      } else {
        // Only the audience item's delete redirects besides: it is gone, with its counts.
        kind = FollowKind.TIMELINE_WITHOUT_AUDIENCE;
      }
    }
    throw new ServiceUnavailableException(
        "the unfollow of " + followed + " kept meeting a follow that changed; call again",
        ServiceUnavailableException.Reason.CONTENTION,
        ServiceUnavailableException.Written.NOTHING,
        null);
  }

  // --- backfill ---------------------------------------------------------------------------------

  /**
   * Makes one reader's follows what this repository's setting says they should be: under the
   * hybrid, every follow that is not a timeline follow and whose author has fewer than
   * {@code threshold} followers becomes one (one transaction, then the filling a new follow
   * makes), every follow whose filling was cut short is filled again under its own token, and
   * every timeline follow of another window is retuned to this one; under fan-out on read alone,
   * every timeline follow becomes a pull follow again. Follows are taken one after another, each
   * on its own, so a call cut short leaves every follow either as it was or changed, and the
   * next call takes up the rest.
   *
   * @param reader the reader, already validated
   * @param threshold K, or the sharding threshold if lower
   * @return how many follows this call changed
   */
  int fillTimeline(String reader, long threshold, Meter meter) {
    List<Item> follows = reads.queryToEnd(FollowPlans.homeFeedFollowees(reader), meter);
    int changed = 0;
    for (Item item : follows) {
      boolean done = hybrid() ? toTimeline(item, threshold, meter) : toPull(item, meter);
      changed += done ? 1 : 0;
    }
    return changed;
  }

  /** A follow made a served timeline follow of this repository's window; false if untouched. */
  private boolean toTimeline(Item item, long threshold, Meter meter) {
    Follow follow = ItemCodec.friendship(item);
    Duration window = fanOut.window();
    Optional<String> cutShort = FollowKind.fillingToken(item);
    if (cutShort.isPresent()) {
      return fill(follow, cutShort.get(), Timelines.windowOf(item).orElseThrow(), meter);
    }
    Optional<Duration> served = Timelines.servedWindow(item);
    if (served.isPresent()) {
      return !served.get().equals(window) && retune(follow, served.get(), window, meter);
    }
    if (knownAboveLimit(follow.followed())) {
      return false;
    }
    String token = Plans.newCallToken().value();
    Optional<Cancellation> cancelled =
        writes.writeOrRedirect(
            TimelineFollows.convertFollow(follow, token, threshold, window), meter);
    if (cancelled.isEmpty()) {
      uploads.remember(follow.followed());
      return fill(follow, token, window, meter);
    }
    if (cancelled.get().image(FollowPlans.FOLLOWED).isPresent()) {
      // The author exists but has K followers or more (or is sharded, or closing): its other
      // follows need no attempt.
      aboveLimit(follow.followed());
    }
    // Any other failure: the follow was undone or already converted, or the reader is closing.
    return false;
  }

  /**
   * A timeline follow's window changed. Wider: the audience item first (uploads fill the wider
   * window from then on), the photos between the windows copied, then the follow (readers trust
   * the wider window), on condition that the audience item still holds it. Narrower: both in one
   * transaction, readers first trusting less.
   */
  private boolean retune(Follow follow, Duration from, Duration to, Meter meter) {
    if (to.compareTo(from) < 0) {
      return writes.transact(TimelineFollows.narrowed(follow, from, to), meter);
    }
    if (!writes.tryWrite(TimelineFollows.widenAudience(follow, from, to), meter)) {
      return false;
    }
    copy(follow, to, meter);
    return writes.transact(TimelineFollows.widened(follow, from, to), meter);
  }

  /** A timeline follow (of any version) made a pull follow again; false if there was none. */
  private boolean toPull(Item item, Meter meter) {
    if (FollowKind.of(item) == FollowKind.PULL) {
      return false;
    }
    Optional<Cancellation> cancelled =
        writes.writeOrRedirect(TimelineFollows.pullAgain(item, true), meter);
    if (cancelled.isPresent()
        && Timelines.isTimelineFollow(item)
        && !cancelled.get().failed(FollowPlans.FRIENDSHIP)) {
      // The friendship is as read, its audience item gone with its counts: mark it alone.
      cancelled = writes.writeOrRedirect(TimelineFollows.pullAgain(item, false), meter);
    }
    return cancelled.isEmpty();
  }
}
