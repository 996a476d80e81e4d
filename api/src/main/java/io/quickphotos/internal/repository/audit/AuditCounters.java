package io.quickphotos.internal.repository.audit;

import io.quickphotos.AuditFinding;
import io.quickphotos.AuditFinding.Kind;
import io.quickphotos.Photo;
import io.quickphotos.PhotoId;
import io.quickphotos.ReactionType;
import io.quickphotos.User;
import io.quickphotos.engine.AttributePath;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.QueryPlan;
import io.quickphotos.engine.QueryResult;
import io.quickphotos.engine.UpdateAction;
import io.quickphotos.engine.WriteAction;
import io.quickphotos.internal.repository.request.Meter;
import io.quickphotos.internal.repository.request.Reads;
import io.quickphotos.internal.repository.request.Requests;
import io.quickphotos.internal.repository.request.Writes;
import io.quickphotos.internal.singletable.codec.ItemCodec;
import io.quickphotos.internal.singletable.feed.FollowPlans;
import io.quickphotos.internal.singletable.feed.TimelineQueries;
import io.quickphotos.internal.singletable.feed.Timelines;
import io.quickphotos.internal.singletable.layout.KeyLayout;
import io.quickphotos.internal.singletable.photo.ReactionPlans;
import io.quickphotos.internal.singletable.photo.ReactionQueries;
import io.quickphotos.internal.singletable.plan.Counters;
import io.quickphotos.internal.singletable.user.UserPlans;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.ToLongFunction;

/**
 * The audit's counter checks: each counter against the items the Scan counted (less those the
 * run deleted as dangling), and the mend of a counter found wrong.
 *
 * <p>A mend reads the item (its counter and its {@link Counters revision}), counts its items
 * again, and adds the difference on condition that the revision is still the one read: every
 * change of a counter raises its item's revision in the same write, and its items change only
 * with it, so an unchanged revision means the count is the count of that moment, however many
 * follows and unfollows ran in between. Counts taken on the eventually consistent index
 * ({@code following}, reactions, {@code memberships}) must also equal the Scan's, else an item
 * may not be indexed yet and the counter is left for the next run. A hot key's counters (its
 * item's share plus its shards') are mended by {@link HotCounterMends} under the same guard on
 * every part, which also brings a part below zero (left by an earlier version) back to zero.
 */
final class AuditCounters {
  private final Reads reads;
  private final Writes writes;
  private final Meter meter;
  private final HotCounterMends hot;

  AuditCounters(Requests requests, Meter meter) {
    this.reads = requests.reads();
    this.writes = requests.writes();
    this.meter = meter;
    this.hot = new HotCounterMends(requests, meter);
  }

  private static List<AttributePath> reactionCounters() {
    List<AttributePath> counters = new ArrayList<>();
    for (ReactionType type : ReactionType.values()) {
      counters.add(ReactionPlans.reactionCounter(type));
    }
    return counters;
  }

  /**
   * A photo's reactions counted on the index, by counter; empty unless they equal the Scan's
   * (the index may not list a reaction yet).
   */
  private Optional<Map<AttributePath, Long>> reactionsCounted(
      PhotoId id, Map<ReactionType, Long> expected) {
    Map<ReactionType, Long> counted = countReactions(id);
    Map<AttributePath, Long> byCounter = new java.util.HashMap<>();
    for (ReactionType type : ReactionType.values()) {
      long n = counted.getOrDefault(type, 0L);
      if (n != expected.get(type)) {
        return Optional.empty();
      }
      byCounter.put(ReactionPlans.reactionCounter(type), n);
    }
    return Optional.of(byCounter);
  }

  /** A photo's reactions, counted on the index, by type. */
  private Map<ReactionType, Long> countReactions(PhotoId id) {
    Map<ReactionType, Long> counted = new EnumMap<>(ReactionType.class);
    QueryPlan plan = ReactionQueries.reactionsOn(id, TableAudit.PAGE);
    while (true) {
      QueryResult page = reads.query(plan, meter);
      for (Item reaction : page.items()) {
        counted.merge(ItemCodec.reaction(reaction).type(), 1L, Long::sum);
      }
      if (page.lastEvaluatedKey().isEmpty()) {
        return counted;
      }
      plan = plan.startingAfter(page.lastEvaluatedKey().get());
    }
  }

  /**
   * Compares each counter with the items the Scan counted, less those this run deleted as
   * dangling (whose counters were left to this step).
   */
  void check(AuditTally tally, Map<String, Long> removed, boolean fix, List<AuditFinding> found) {
    for (User user : tally.users.values()) {
      String name = user.username();
      long followers =
          tally.followers.getOrDefault(name, 0L) - removed.getOrDefault("followers " + name, 0L);
      Long sharded = tally.shardFollowers.get(name);
      long counter = user.followers() + (sharded == null ? 0 : sharded);
      boolean outOfBounds = tally.usersOutOfBounds.contains(name);
      if (counter != followers || outOfBounds) {
        boolean fixed =
            fix
                && (sharded == null
                    ? mend(
                        KeyLayout.user(name),
                        UserPlans.followersCounter(),
                        item -> ItemCodec.user(item).followers(),
                        () -> count(FollowPlans.followersOf(name, TableAudit.PAGE)),
                        OptionalLong.empty())
                    : hot.mend(
                        KeyLayout.user(name),
                        List.of(UserPlans.followersCounter()),
                        () ->
                            Optional.of(
                                Map.of(
                                    UserPlans.followersCounter(),
                                    count(FollowPlans.followersOf(name, TableAudit.PAGE))))));
        found.add(
            mismatch(
                "user " + name,
                "followers",
                counter,
                "friendship items",
                followers,
                outOfBounds ? "; a part of the hot counter is below zero" : "",
                fixed));
      }
      long following =
          tally.following.getOrDefault(name, 0L) - removed.getOrDefault("following " + name, 0L);
      if (user.following() != following) {
        boolean fixed =
            fix
                && mend(
                    KeyLayout.user(name),
                    UserPlans.followingCounter(),
                    item -> ItemCodec.user(item).following(),
                    () -> count(FollowPlans.followedBy(name, TableAudit.PAGE)),
                    OptionalLong.of(following));
        found.add(
            mismatch(
                "user " + name,
                "following",
                user.following(),
                "friendship items",
                following,
                fixed));
      }
      long[] fanOut = tally.fanOutCounters.getOrDefault(name, new long[2]);
      long audience =
          tally.audienceItems.getOrDefault(name, 0L) - removed.getOrDefault("audience " + name, 0L);
      if (fanOut[0] != audience) {
        boolean fixed =
            fix
                && mend(
                    KeyLayout.user(name),
                    Timelines.audienceCounter(),
                    Timelines::audienceCount,
                    () -> countCounted(TimelineQueries.audienceOf(name, TableAudit.PAGE)),
                    OptionalLong.empty());
        found.add(
            mismatch("user " + name, "audience", fanOut[0], "audience items", audience, fixed));
      }
      long memberships =
          tally.membershipItems.getOrDefault(name, 0L)
              - removed.getOrDefault("memberships " + name, 0L);
      if (fanOut[1] != memberships) {
        boolean fixed =
            fix
                && mend(
                    KeyLayout.user(name),
                    Timelines.membershipsCounter(),
                    Timelines::membershipsCount,
                    () -> countCounted(TimelineQueries.memberships(name, TableAudit.PAGE)),
                    OptionalLong.of(memberships));
        found.add(
            mismatch(
                "user " + name, "memberships", fanOut[1], "audience items", memberships, fixed));
      }
    }
    for (Photo photo : tally.photos.values()) {
      if (tally.users.containsKey(photo.id().owner())) {
        checkReactions(photo, tally, removed, fix, found);
      }
    }
  }

  private void checkReactions(
      Photo photo,
      AuditTally tally,
      Map<String, Long> removed,
      boolean fix,
      List<AuditFinding> found) {
    Map<ReactionType, Long> items = tally.reactions.getOrDefault(photo.id(), Map.of());
    Map<ReactionType, Long> sharded = tally.shardReactions.get(photo.id());
    Map<ReactionType, Long> expected = new EnumMap<>(ReactionType.class);
    List<String> wrong = new ArrayList<>();
    for (ReactionType type : ReactionType.values()) {
      long counter =
          photo.reactions().getOrDefault(type, 0L)
              + (sharded == null ? 0 : sharded.getOrDefault(type, 0L));
      long counted =
          items.getOrDefault(type, 0L)
              - removed.getOrDefault("reactions " + photo.id() + " " + type, 0L);
      expected.put(type, counted);
      if (counter != counted) {
        wrong.add(type.storedName() + ": counter " + counter + ", reaction items " + counted);
      }
    }
    boolean outOfBounds = tally.photosOutOfBounds.contains(photo.id());
    if (outOfBounds) {
      wrong.add("a part of a hot counter is below zero");
    }
    if (!wrong.isEmpty()) {
      boolean fixed =
          fix
              && (sharded == null
                  ? mendReactions(photo.id(), expected)
                  : hot.mend(
                      KeyLayout.photo(photo.id()),
                      reactionCounters(),
                      () -> reactionsCounted(photo.id(), expected)));
      found.add(
          new AuditFinding(
              Kind.COUNTER_MISMATCH, "photo " + photo.id(), String.join("; ", wrong), fixed));
    }
  }

  private static AuditFinding mismatch(
      String subject, String counter, long value, String items, long count, boolean fixed) {
    return mismatch(subject, counter, value, items, count, "", fixed);
  }

  private static AuditFinding mismatch(
      String subject,
      String counter,
      long value,
      String items,
      long count,
      String more,
      boolean fixed) {
    return new AuditFinding(
        Kind.COUNTER_MISMATCH,
        subject,
        counter + ": counter " + value + ", " + items + " " + count + more,
        fixed);
  }

  /**
   * Sets one counter to the count of its items, on condition that the item's revision is still
   * the one read with the counter. A resend of the mend whose first attempt was applied fails
   * that condition on the mend itself: the item then holds the count at the next revision, and
   * the mend is done.
   *
   * @param current the counter as an item holds it
   * @param count counts the items now
   * @param mustEqual what the Scan counted, for a count taken on the index; empty when the count
   *     is strongly consistent
   * @return whether the counter holds the count now
   */
  private boolean mend(
      Key key,
      AttributePath counter,
      ToLongFunction<Item> current,
      java.util.function.LongSupplier count,
      OptionalLong mustEqual) {
    Optional<Item> item = reads.get(key, meter);
    if (item.isEmpty()) {
      return false;
    }
    long revision = Counters.revision(item.get());
    long was = current.applyAsLong(item.get());
    long counted = count.getAsLong();
    if (mustEqual.isPresent() && counted != mustEqual.getAsLong()) {
      return false;
    }
    if (counted == was) {
      return true;
    }
    return writes.tryWrite(
        new WriteAction.Update(
            key, Counters.add(counter, counted - was), Counters.revisionIs(revision)),
        failedOn ->
            failedOn
                .filter(
                    now ->
                        Counters.revision(now) == revision + 1
                            && current.applyAsLong(now) == counted)
                .isPresent(),
        meter);
  }

  /** A photo's reactions, counted on the index and checked against the Scan, then mended. */
  private boolean mendReactions(PhotoId id, Map<ReactionType, Long> expected) {
    Optional<Item> item = reads.get(KeyLayout.photo(id), meter);
    if (item.isEmpty()) {
      return false;
    }
    long revision = Counters.revision(item.get());
    Map<ReactionType, Long> read = ItemCodec.photo(item.get()).reactions();
    Map<ReactionType, Long> counted = countReactions(id);
    List<UpdateAction> changes = new ArrayList<>();
    for (ReactionType type : ReactionType.values()) {
      long now = counted.getOrDefault(type, 0L);
      if (now != expected.get(type)) {
        return false;
      }
      long was = read.getOrDefault(type, 0L);
      if (now != was) {
        changes.add(new UpdateAction.Add(ReactionPlans.reactionCounter(type), now - was));
      }
    }
    return changes.isEmpty()
        || writes.tryWrite(
            new WriteAction.Update(
                KeyLayout.photo(id), Counters.change(changes), Counters.revisionIs(revision)),
            failedOn ->
                failedOn.isPresent()
                    && Counters.revision(failedOn.get()) == revision + 1
                    && sameCounts(failedOn.get(), counted),
            meter);
  }

  /** Whether a photo item's counters equal {@code counts}, type by type (missing means 0). */
  private static boolean sameCounts(Item photo, Map<ReactionType, Long> counts) {
    Map<ReactionType, Long> now = ItemCodec.photo(photo).reactions();
    for (ReactionType type : ReactionType.values()) {
      if (now.getOrDefault(type, 0L).longValue() != counts.getOrDefault(type, 0L)) {
        return false;
      }
    }
    return true;
  }

  /** Every item a listing holds, page after page. */
  private long count(QueryPlan first) {
    long count = 0;
    QueryPlan plan = first;
    while (true) {
      QueryResult page = reads.query(plan, meter);
      count += page.items().size();
      if (page.lastEvaluatedKey().isEmpty()) {
        return count;
      }
      plan = plan.startingAfter(page.lastEvaluatedKey().get());
    }
  }

  /** The audience items a listing holds that are counted (they record a window). */
  private long countCounted(QueryPlan first) {
    long count = 0;
    QueryPlan plan = first;
    while (true) {
      QueryResult page = reads.query(plan, meter);
      for (Item item : page.items()) {
        if (Timelines.windowOf(item).isPresent()) {
          count++;
        }
      }
      if (page.lastEvaluatedKey().isEmpty()) {
        return count;
      }
      plan = plan.startingAfter(page.lastEvaluatedKey().get());
    }
  }
}
