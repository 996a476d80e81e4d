package io.quickphotos.internal.repository.audit;

import io.quickphotos.AuditFinding;
import io.quickphotos.AuditFinding.Kind;
import io.quickphotos.Photo;
import io.quickphotos.PhotoId;
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
 * counters' mend does. Views are counted on the photo itself, never on a hot photo's shards.
 */
final class AuditViews {
  private final Reads reads;
  private final Writes writes;
  private final Meter meter;

  AuditViews(Requests requests, Meter meter) {
    this.reads = requests.reads();
    this.writes = requests.writes();
    this.meter = meter;
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
      if (photo.views() != expected[0] || photo.uniqueViewers() != expected[1]) {
        boolean fixed = fix && mend(photo.id(), expected);
        found.add(
            new AuditFinding(
                Kind.COUNTER_MISMATCH,
                "photo " + photo.id(),
                "views: counter "
                    + photo.views()
                    + ", view marks' views "
                    + expected[0]
                    + "; uniqueViewers: counter "
                    + photo.uniqueViewers()
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
    long views = 0;
    long marks = 0;
    QueryPlan plan = ViewPlans.marksOf(id, TableAudit.PAGE);
    while (true) {
      QueryResult page = reads.query(plan, meter);
      for (Item mark : page.items()) {
        views += ViewMarks.views(mark);
        marks++;
      }
      if (page.lastEvaluatedKey().isEmpty()) {
        break;
      }
      plan = plan.startingAfter(page.lastEvaluatedKey().get());
    }
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
}
