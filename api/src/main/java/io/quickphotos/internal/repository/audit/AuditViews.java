package io.quickphotos.internal.repository.audit;

import io.quickphotos.AuditFinding;
import io.quickphotos.AuditFinding.Kind;
import io.quickphotos.Photo;
import io.quickphotos.PhotoId;
import io.quickphotos.engine.AttributePath;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.ItemCondition;
import io.quickphotos.engine.QueryPlan;
import io.quickphotos.engine.QueryResult;
import io.quickphotos.engine.UpdateAction;
import io.quickphotos.engine.WriteAction;
import io.quickphotos.internal.repository.request.Meter;
import io.quickphotos.internal.repository.request.Reads;
import io.quickphotos.internal.repository.request.Requests;
import io.quickphotos.internal.repository.request.Writes;
import io.quickphotos.internal.singletable.codec.ItemCodec;
import io.quickphotos.internal.singletable.codec.ViewMarks;
import io.quickphotos.internal.singletable.layout.KeyLayout;
import io.quickphotos.internal.singletable.photo.ViewPlans;
import io.quickphotos.internal.singletable.plan.Counters;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The audit of views: a view mark of a user or photo that does not exist is dangling (deleted
 * with a check that it still is absent), and each photo's {@code views} and {@code uniqueViewers}
 * must equal the sum of its marks' views and their number, as its reaction counters equal its
 * reactions ({@link AuditCounters}). A mend counts the marks again on the index, requires what
 * the Scan saw, and sets the counters on condition of the photo's revision read, as the reaction
 * counters' mend does. A viral photo's counts are its own item's plus its shards' ({@link
 * io.quickphotos.internal.singletable.hot.Shards}): the sums are compared with the marks, and
 * mended over every part by {@link HotCounterMends}, under the same guard on every part's
 * revision.
 */
final class AuditViews {
  private final Reads reads;
  private final Writes writes;
  private final Meter meter;

  private final HotCounterMends hot;

  AuditViews(Requests requests, Meter meter) {
    this.reads = requests.reads();
    this.writes = requests.writes();
    this.meter = meter;
    this.hot = new HotCounterMends(requests, meter);
  }

  void check(AuditTally tally, boolean fix, List<AuditFinding> found) {
    // What the marks count, by photo: {views, marks}; a dangling mark deleted leaves it.
    Map<PhotoId, long[]> counted = new HashMap<>();
    for (Item mark : tally.viewMarks) {
      PhotoId photo = ViewMarks.photo(mark);
      String viewer = ViewMarks.viewer(mark);
      boolean viewerMissing = !tally.users.containsKey(viewer);
      boolean photoMissing = !tally.photos.containsKey(photo);
      if (viewerMissing || photoMissing) {
        List<WriteAction> actions = new ArrayList<>();
        if (viewerMissing) {
          actions.add(new WriteAction.Check(KeyLayout.user(viewer), ItemCondition.ABSENT));
        }
        if (photoMissing) {
          actions.add(new WriteAction.Check(KeyLayout.photo(photo), ItemCondition.ABSENT));
        }
        actions.add(new WriteAction.Delete(mark.key(), ItemCondition.EXISTS));
        boolean fixed = fix && writes.transact(actions, meter);
        found.add(
            new AuditFinding(
                photoMissing ? Kind.MISSING_PHOTO : Kind.MISSING_USER,
                "view of photo " + photo + " by " + viewer,
                photoMissing
                    ? "photo " + photo + " does not exist"
                    : "user " + viewer + " does not exist",
                fixed));
        if (fixed) {
          continue;
        }
      }
      long[] sums = counted.computeIfAbsent(photo, p -> new long[2]);
      sums[0] += ViewMarks.views(mark);
      sums[1]++;
    }
    for (Photo photo : tally.photos.values()) {
      if (!tally.users.containsKey(photo.id().owner())) {
        continue;
      }
      long[] expected = counted.getOrDefault(photo.id(), new long[2]);
      long[] sharded = tally.shardViews.get(photo.id());
      long views = photo.views() + (sharded == null ? 0 : sharded[0]);
      long viewers = photo.uniqueViewers() + (sharded == null ? 0 : sharded[1]);
      if (views != expected[0] || viewers != expected[1]) {
        boolean fixed =
            fix
                && (sharded == null
                    ? mend(photo.id(), expected)
                    : hot.mend(
                        KeyLayout.photo(photo.id()),
                        List.of(ViewPlans.VIEWS_PATH, ViewPlans.UNIQUE_VIEWERS_PATH),
                        () -> marksCounted(photo.id(), expected)));
        found.add(
            new AuditFinding(
                Kind.COUNTER_MISMATCH,
                "photo " + photo.id(),
                "views: counter "
                    + views
                    + ", view marks' views "
                    + expected[0]
                    + "; uniqueViewers: counter "
                    + viewers
                    + ", view marks "
                    + expected[1],
                fixed));
      }
    }
  }

  /** Sets a photo's view counters to its marks, counted on the index and equal to the Scan's. */
  private boolean mend(PhotoId id, long[] expected) {
    Optional<Item> item = reads.get(KeyLayout.photo(id), meter);
    if (item.isEmpty()) {
      return false;
    }
    long revision = Counters.revision(item.get());
    Photo read = ItemCodec.photo(item.get());
    long[] onIndex = countMarks(id);
    long views = onIndex[0];
    long marks = onIndex[1];
    if (views != expected[0] || marks != expected[1]) {
      return false;
    }
    long finalViews = views;
    long finalMarks = marks;
    return writes.tryWrite(
        new WriteAction.Update(
            KeyLayout.photo(id),
            Counters.change(
                List.of(
                    new UpdateAction.Add(ViewPlans.VIEWS_PATH, views - read.views()),
                    new UpdateAction.Add(
                        ViewPlans.UNIQUE_VIEWERS_PATH, marks - read.uniqueViewers()))),
            Counters.revisionIs(revision)),
        failedOn ->
            failedOn.isPresent()
                && Counters.revision(failedOn.get()) == revision + 1
                && ItemCodec.photo(failedOn.get()).views() == finalViews
                && ItemCodec.photo(failedOn.get()).uniqueViewers() == finalMarks,
        meter);
  }

  /**
   * A viral photo's marks counted on the index, by counter; empty unless they equal the Scan's
   * (the index may not list a mark yet).
   */
  private Optional<Map<AttributePath, Long>> marksCounted(PhotoId id, long[] expected) {
    long[] onIndex = countMarks(id);
    if (onIndex[0] != expected[0] || onIndex[1] != expected[1]) {
      return Optional.empty();
    }
    return Optional.of(
        Map.of(ViewPlans.VIEWS_PATH, onIndex[0], ViewPlans.UNIQUE_VIEWERS_PATH, onIndex[1]));
  }

  /** A photo's marks on the index, page after page: {views, marks}. */
  private long[] countMarks(PhotoId id) {
    long[] counted = new long[2];
    QueryPlan plan = ViewPlans.marksOf(id, TableAudit.PAGE);
    while (true) {
      QueryResult page = reads.query(plan, meter);
      for (Item mark : page.items()) {
        counted[0] += ViewMarks.views(mark);
        counted[1]++;
      }
      if (page.lastEvaluatedKey().isEmpty()) {
        return counted;
      }
      plan = plan.startingAfter(page.lastEvaluatedKey().get());
    }
  }
}
