package io.quickphotos.internal.repository.cascade;

import io.quickphotos.PhotoId;
import io.quickphotos.ServiceUnavailableException;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.ItemCondition;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.Limits;
import io.quickphotos.engine.QueryPlan;
import io.quickphotos.engine.QueryResult;
import io.quickphotos.engine.WriteAction;
import io.quickphotos.internal.repository.request.Cancellation;
import io.quickphotos.internal.repository.request.Meter;
import io.quickphotos.internal.repository.request.Reads;
import io.quickphotos.internal.repository.request.Requests;
import io.quickphotos.internal.repository.request.Retrier;
import io.quickphotos.internal.repository.request.Writes;
import io.quickphotos.internal.singletable.codec.ViewMarks;
import io.quickphotos.internal.singletable.layout.KeyLayout;
import io.quickphotos.internal.singletable.photo.ViewPlans;
import io.quickphotos.internal.singletable.plan.StepName;
import io.quickphotos.internal.singletable.plan.WritePlan;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The cascades of views: a deleted photo's view marks, and a closing account's marks of the
 * photos it viewed, each deleted together with the photo's counters taken down by what the
 * marks held, so the counters equal the marks after every transaction. A mark is deleted on
 * condition that it still counts what was read, so two cascades that meet on one mark (its photo
 * deleted while its viewer closes) take it, and its counts, once. Stateless apart from its
 * collaborators; thread-safe if the engine is.
 */
final class ViewCascade {
  /** Marks one transaction deletes from a photo: the photo takes one action, a fence another. */
  private static final int MARKS_PER_PHOTO_TRANSACTION = Limits.MAX_TRANSACTION_ACTIONS - 2;

  /** A viewer's marks one transaction deletes: each with its photo's counters, and the fence. */
  private static final int MARKS_PER_VIEWER_TRANSACTION = CascadeSteps.LINKS_PER_TRANSACTION;

  private static final StepName[] MARK = StepName.series("mark", Limits.MAX_TRANSACTION_ACTIONS);
  private static final StepName[] COUNTERS =
      StepName.series("viewed photo", Limits.MAX_TRANSACTION_ACTIONS);
  private static final StepName PHOTO = StepName.of("photo's views");

  private final Reads reads;
  private final Writes writes;
  private final Retrier retrier;

  ViewCascade(Requests requests) {
    this.reads = requests.reads();
    this.writes = requests.writes();
    this.retrier = requests.retrier();
  }

  /**
   * Deletes a photo's view marks, found on the inverted index, 98 a transaction (97 with an
   * account's fence) with the photo's {@code views} and {@code uniqueViewers} taken down by
   * theirs, on {@code photoFence}. Nothing is read when the photo counts no viewer.
   *
   * @param viewers how many viewers the photo counted when the round began
   * @param photoFence the condition on every write of the photo
   * @param fence the closing owner's fence, or null
   * @return true if the photo's marks are all gone as its counter said; false if the index did
   *     not list what the counter counts, or a transaction met a change: read the photo again
   * @throws CascadeSteps.CascadeFenced if the account's fence failed
   */
  boolean deleteViewsOf(
      PhotoId id,
      long viewers,
      ItemCondition photoFence,
      CascadeSteps.AccountFence fence,
      Meter meter) {
    long left = viewers;
    int perTransaction = MARKS_PER_PHOTO_TRANSACTION + (fence == null ? 1 : 0);
    while (left > 0) {
      QueryResult page = reads.query(ViewPlans.marksOf(id, perTransaction), meter);
      if (page.items().isEmpty()) {
        return false;
      }
      List<WritePlan.Step> actions = new ArrayList<>(page.items().size() + 2);
      long views = 0;
      for (Item mark : page.items()) {
        views += ViewMarks.views(mark);
        actions.add(new WritePlan.Step(MARK[actions.size()], ViewPlans.deleteMark(mark)));
      }
      int marks = page.items().size();
      actions.add(
          new WritePlan.Step(
              PHOTO,
              new WriteAction.Update(
                  KeyLayout.photo(id), ViewPlans.countersDown(views, marks), photoFence)));
      if (!commit(actions, fence, meter)) {
        return false;
      }
      left -= marks;
    }
    return true;
  }

  /**
   * Deletes a closing account's view marks, read from its own partition (strongly consistent),
   * 49 a transaction, each with its photo's counters taken down (on condition the photo exists),
   * and the account's fence. A mark whose photo is gone is deleted with a check that it still is.
   *
   * @param viewer the closing account
   * @param fence its fence
   * @throws CascadeSteps.CascadeFenced if the fence failed
   */
  void deleteViewsBy(String viewer, CascadeSteps.AccountFence fence, Meter meter) {
    int changed = 0;
    ListingPages pages =
        new ListingPages(ViewPlans.marksBy(viewer, MARKS_PER_VIEWER_TRANSACTION), true);
    while (true) {
      QueryPlan current = pages.next();
      QueryResult page = reads.query(current, meter);
      if (page.items().isEmpty()) {
        // Nothing of this version's, perhaps a later version's items: more after them?
        if (!pages.advance(page)) {
          return;
        }
        continue;
      }
      List<WritePlan.Step> actions = new ArrayList<>();
      for (Item mark : page.items()) {
        int i = actions.size() / 2;
        actions.add(unlink(mark, i));
        actions.add(counterDown(mark, i));
      }
      if (commit(actions, fence, meter)) {
        if (!pages.advance(page)) {
          return;
        }
        continue;
      }
      pages.again(current);
      // One of them changed (its photo is gone, or the photo's cascade took the mark): one by
      // one, then the partition is read again.
      for (Item mark : page.items()) {
        if (!commit(
            new ArrayList<>(List.of(unlink(mark, 0), counterDown(mark, 0))), fence, meter)) {
          Key photo = KeyLayout.photo(ViewMarks.photo(mark));
          commit(
              new ArrayList<>(
                  List.of(
                      unlink(mark, 0),
                      new WritePlan.Step(
                          PHOTO, new WriteAction.Check(photo, ItemCondition.ABSENT)))),
              fence,
              meter);
        }
      }
      if (!retrier.allows(++changed)) {
        throw new ServiceUnavailableException(
            "the views of " + viewer + " keep changing; call deleteUser again to finish",
            ServiceUnavailableException.Reason.CONTENTION,
            ServiceUnavailableException.Written.NOTHING,
            null);
      }
      retrier.pauseBefore(changed);
    }
  }

  private static WritePlan.Step unlink(Item mark, int i) {
    return new WritePlan.Step(MARK[i], ViewPlans.deleteMark(mark));
  }

  private static WritePlan.Step counterDown(Item mark, int i) {
    // On the photo's own item even when the photo is viral: the mark holds its viewer's views,
    // not which parts they landed on, and the photo's counts are the sum of its item and its
    // shards, which this keeps exact; the item's share may go below zero (the audit compares the
    // sums, and a delete folds the shards back first).
    return new WritePlan.Step(
        COUNTERS[i],
        new WriteAction.Update(
            KeyLayout.photo(ViewMarks.photo(mark)),
            ViewPlans.countersDown(ViewMarks.views(mark), 1),
            ItemCondition.EXISTS));
  }

  /** One transaction, with the fence if there is one: false if a step other than it failed. */
  private boolean commit(
      List<WritePlan.Step> actions, CascadeSteps.AccountFence fence, Meter meter) {
    if (fence != null) {
      actions.add(new WritePlan.Step(CascadeSteps.FENCE, fence.check()));
    }
    Optional<Cancellation> cancelled = writes.transact(WritePlan.transaction(actions), meter);
    if (cancelled.isPresent() && cancelled.get().failed(CascadeSteps.FENCE)) {
      throw CascadeSteps.CascadeFenced.INSTANCE;
    }
    return cancelled.isEmpty();
  }
}
