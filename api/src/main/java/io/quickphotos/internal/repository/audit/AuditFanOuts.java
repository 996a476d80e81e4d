package io.quickphotos.internal.repository.audit;

import io.quickphotos.AuditFinding;
import io.quickphotos.AuditFinding.Kind;
import io.quickphotos.Follow;
import io.quickphotos.PhotoId;
import io.quickphotos.engine.AttributePath;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.ItemCondition;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.Limits;
import io.quickphotos.engine.WriteAction;
import io.quickphotos.internal.repository.feed.Feeds;
import io.quickphotos.internal.repository.request.Batches;
import io.quickphotos.internal.repository.request.Meter;
import io.quickphotos.internal.repository.request.Requests;
import io.quickphotos.internal.repository.request.Writes;
import io.quickphotos.internal.singletable.codec.ItemCodec;
import io.quickphotos.internal.singletable.feed.FollowKind;
import io.quickphotos.internal.singletable.feed.PendingFanOuts;
import io.quickphotos.internal.singletable.feed.TimelineFollows;
import io.quickphotos.internal.singletable.feed.Timelines;
import io.quickphotos.internal.singletable.layout.KeyLayout;
import io.quickphotos.internal.singletable.plan.Counters;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The audit's checks of the hybrid feed's items (see {@link Timelines}), and their mends:
 *
 * <ul>
 *   <li>an audience item of a user who does not exist, or without its timeline follow: deleted
 *       (with the counts it holds, where it is counted), fenced by a check of what makes it a
 *       leftover;
 *   <li>a timeline follow without its audience item (uploads would not reach its timeline):
 *       made a pull follow again;
 *   <li>a served timeline follow whose timeline lacks a photo of its window: the photos copied
 *       again (entries have deterministic keys: copying twice leaves one);
 *   <li>a follow of the version before windows were recorded: made a pull follow, its audience
 *       item (counted by nothing) deleted; {@code fillTimeline} may make it a timeline follow;
 *   <li>a pending fan-out: finished (of a user who does not exist: deleted);
 *   <li>timeline entries past their time to live: deleted (what DynamoDB's time to live does,
 *       where it is enabled).
 * </ul>
 *
 * <p>Each fence makes a mend that meets a concurrent write fail rather than undo it.
 */
final class AuditFanOuts {
  private final Writes writes;
  private final Batches batches;
  private final Feeds feeds;
  private final Clock clock;
  private final Meter meter;

  AuditFanOuts(Requests requests, Feeds feeds, Clock clock, Meter meter) {
    this.writes = requests.writes();
    this.batches = requests.batches();
    this.feeds = feeds;
    this.clock = clock;
    this.meter = meter;
  }

  void check(AuditTally tally, Map<String, Long> removed, boolean fix, List<AuditFinding> found) {
    Set<Key> audienceKeys = new HashSet<>();
    for (Item item : tally.audience) {
      if (Timelines.windowOf(item).isPresent()) {
        audienceKeys.add(item.key());
      }
      audienceItem(item, tally, removed, fix, found);
    }
    Map<String, List<PhotoId>> photosByOwner = new HashMap<>();
    tally
        .photos
        .keySet()
        .forEach(id -> photosByOwner.computeIfAbsent(id.owner(), o -> new ArrayList<>()).add(id));
    for (Item follow : tally.markedFollows.values()) {
      markedFollow(follow, audienceKeys, photosByOwner, tally, fix, found);
    }
    Set<String> finished = new HashSet<>();
    for (Item pending : tally.pending) {
      pendingFanOut(pending, tally, finished, fix, found);
    }
    staleEntries(tally, fix, found);
  }

  // --- audience items ----------------------------------------------------------------------------

  private void audienceItem(
      Item item,
      AuditTally tally,
      Map<String, Long> removed,
      boolean fix,
      List<AuditFinding> found) {
    String author = Timelines.authorOf(item);
    String member = Timelines.memberOf(item);
    boolean counted = Timelines.windowOf(item).isPresent();
    String subject = "audience item " + member + " -> " + author;
    List<String> missing = new ArrayList<>();
    for (String user : List.of(author, member)) {
      if (!tally.users.containsKey(user)) {
        missing.add(user);
      }
    }
    if (!missing.isEmpty()) {
      List<WriteAction> actions = new ArrayList<>();
      missing.forEach(user -> actions.add(absent(KeyLayout.user(user))));
      actions.add(new WriteAction.Delete(item.key(), ItemCondition.EXISTS));
      boolean fixed = fix && commit(actions);
      if (fixed && counted) {
        removed.merge("audience " + author, 1L, Long::sum);
        removed.merge("memberships " + member, 1L, Long::sum);
      }
      found.add(
          new AuditFinding(
              Kind.MISSING_USER,
              subject,
              "user " + String.join(" and ", missing) + " does not exist",
              fixed));
      return;
    }
    Key friendship = KeyLayout.friendship(author, member);
    Item follow = tally.markedFollows.get(friendship);
    if (!counted) {
      if (follow != null && FollowKind.isEarlierTimelineFollow(follow)) {
        return; // Mended with its follow.
      }
      // Fenced: the friendship is not a follow of that version (now).
      boolean fixed =
          fix
              && commit(
                  List.of(
                      new WriteAction.Check(friendship, FollowKind.notEarlierTimelineFollow()),
                      new WriteAction.Delete(item.key(), ItemCondition.EXISTS)));
      found.add(
          new AuditFinding(
              Kind.FAN_OUT_LEFTOVER,
              subject,
              "an audience item of an earlier version without its follow",
              fixed));
      return;
    }
    if (follow != null && Timelines.isTimelineFollow(follow)) {
      return;
    }
    boolean fixed = fix && deleteLeftoverAudience(item, friendship);
    found.add(
        new AuditFinding(
            Kind.FAN_OUT_LEFTOVER,
            subject,
            "no timeline follow: uploads of " + author + " would still reach " + member,
            fixed));
  }

  /**
   * Deletes a counted audience item whose friendship is no timeline follow, with its counts,
   * fenced by the friendship's state; where a count is already down, the item alone.
   */
  private boolean deleteLeftoverAudience(Item item, Key friendship) {
    WriteAction fence = new WriteAction.Check(friendship, FollowKind.notTimelineFollow());
    WriteAction delete = new WriteAction.Delete(item.key(), ItemCondition.EXISTS);
    List<WriteAction> withCounts =
        List.of(
            fence,
            delete,
            countDown(Timelines.authorOf(item), Timelines.audienceCounter()),
            countDown(Timelines.memberOf(item), Timelines.membershipsCounter()));
    return commit(withCounts) || commit(List.of(fence, delete));
  }

  private static WriteAction countDown(String user, AttributePath counter) {
    return new WriteAction.Update(
        KeyLayout.user(user), Counters.add(counter, -1), new ItemCondition.AtLeast(counter, 1));
  }

  // --- timeline follows --------------------------------------------------------------------------

  private void markedFollow(
      Item item,
      Set<Key> audienceKeys,
      Map<String, List<PhotoId>> photosByOwner,
      AuditTally tally,
      boolean fix,
      List<AuditFinding> found) {
    Follow follow = ItemCodec.friendship(item);
    if (!tally.users.containsKey(follow.followed())
        || !tally.users.containsKey(follow.follower())) {
      return; // The friendship itself is dangling: mended as such.
    }
    String subject = "follow " + follow.follower() + " -> " + follow.followed();
    if (FollowKind.isEarlierTimelineFollow(item)) {
      boolean fixed =
          fix && writes.writeOrRedirect(TimelineFollows.pullAgain(item, true), meter).isEmpty();
      found.add(
          new AuditFinding(
              Kind.FAN_OUT_LEFTOVER,
              subject,
              "a timeline follow of an earlier version, read by fan-out on read",
              fixed));
      return;
    }
    if (!audienceKeys.contains(Timelines.audienceKey(follow.followed(), follow.follower()))) {
      boolean fixed =
          fix && writes.writeOrRedirect(TimelineFollows.pullAgain(item, false), meter).isEmpty();
      found.add(
          new AuditFinding(
              Kind.TIMELINE_GAP,
              subject,
              "a timeline follow without its audience item: uploads would not reach its timeline",
              fixed));
      return;
    }
    Optional<Duration> window = Timelines.servedWindow(item);
    if (window.isEmpty()) {
      boolean fixed = fix && feeds.finishFilling(item, meter);
      found.add(
          new AuditFinding(
              Kind.UNFINISHED_FAN_OUT,
              subject,
              "a timeline follow whose copy of the author's photos did not finish",
              fixed));
      return;
    }
    Instant horizon = clock.instant().minus(window.get());
    Set<PhotoId> held = tally.entries.getOrDefault(follow.follower(), Set.of());
    List<Item> missing = new ArrayList<>();
    for (PhotoId photo : photosByOwner.getOrDefault(follow.followed(), List.of())) {
      if (photo.timestamp().isAfter(horizon)
          && !held.contains(photo)
          && !tally.deleting.contains(photo)) {
        missing.add(Timelines.entry(follow.follower(), photo, window.get()));
      }
    }
    if (!missing.isEmpty()) {
      boolean fixed = false;
      if (fix) {
        batches.batchWriteAll(missing, meter);
        fixed = true;
      }
      found.add(
          new AuditFinding(
              Kind.TIMELINE_GAP,
              subject,
              "its timeline lacks " + missing.size() + " of the author's photos of its window",
              fixed));
    }
  }

  // --- pending fan-outs and entries --------------------------------------------------------------

  private void pendingFanOut(
      Item pending, AuditTally tally, Set<String> finished, boolean fix, List<AuditFinding> found) {
    PhotoId photo = PendingFanOuts.pendingPhoto(pending);
    String subject = "fan-out of photo " + photo;
    if (!tally.users.containsKey(photo.owner())) {
      boolean fixed =
          fix
              && commit(
                  List.of(
                      absent(KeyLayout.user(photo.owner())),
                      new WriteAction.Delete(pending.key(), PendingFanOuts.stillPending(pending))));
      found.add(
          new AuditFinding(
              Kind.MISSING_USER, subject, "user " + photo.owner() + " does not exist", fixed));
      return;
    }
    boolean fixed = false;
    if (fix) {
      if (finished.add(photo.owner())) {
        feeds.finishFanOuts(photo.owner(), meter);
      }
      fixed = true;
    }
    found.add(
        new AuditFinding(
            Kind.UNFINISHED_FAN_OUT, subject, "the upload's fan-out did not finish", fixed));
  }

  /**
   * Timeline entries past their time to live (a day after the window of the follow they were
   * written for; no reader reads them): what DynamoDB deletes when time to live is enabled on
   * {@code expiresAt}, and nothing else does (the memory engine has no time to live). Entries of
   * deleted photos and closed accounts are left to it: a reader skips them. Deleted on condition
   * that their expiry is still the one read (a copy may have renewed one).
   */
  private void staleEntries(AuditTally tally, boolean fix, List<AuditFinding> found) {
    if (tally.expiredEntries.isEmpty()) {
      return;
    }
    boolean fixed = true;
    if (fix) {
      List<WriteAction> batch = new ArrayList<>();
      for (Item entry : tally.expiredEntries) {
        batch.add(new WriteAction.Delete(entry.key(), Timelines.expiresAsRead(entry)));
        if (batch.size() == Limits.MAX_TRANSACTION_ACTIONS) {
          fixed &= commit(batch);
          batch = new ArrayList<>();
        }
      }
      fixed &= batch.isEmpty() || commit(batch);
    }
    found.add(
        new AuditFinding(
            Kind.FAN_OUT_LEFTOVER,
            "timelines",
            tally.expiredEntries.size()
                + " entries past their time to live on expiresAt (is it enabled?)",
            fix && fixed));
  }

  private static WriteAction absent(Key key) {
    return new WriteAction.Check(key, ItemCondition.ABSENT);
  }

  private boolean commit(List<WriteAction> actions) {
    return writes.transact(actions, meter);
  }
}
