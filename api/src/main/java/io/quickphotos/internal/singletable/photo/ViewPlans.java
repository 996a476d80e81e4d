package io.quickphotos.internal.singletable.photo;

import io.quickphotos.PhotoId;
import io.quickphotos.engine.AttributePath;
import io.quickphotos.engine.Index;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.ItemCondition;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.QueryPlan;
import io.quickphotos.engine.UpdateAction;
import io.quickphotos.engine.Value;
import io.quickphotos.engine.WriteAction;
import io.quickphotos.internal.singletable.codec.ViewMarks;
import io.quickphotos.internal.singletable.hot.Shards;
import io.quickphotos.internal.singletable.layout.Attributes;
import io.quickphotos.internal.singletable.layout.KeyLayout;
import io.quickphotos.internal.singletable.layout.ViewKeys;
import io.quickphotos.internal.singletable.plan.Counters;
import io.quickphotos.internal.singletable.plan.Plans;
import io.quickphotos.internal.singletable.plan.StepName;
import io.quickphotos.internal.singletable.plan.StepOutcome;
import io.quickphotos.internal.singletable.plan.WritePlan;
import io.quickphotos.internal.singletable.privacy.BlockPlans;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The plans of views: a viewer's first view of a photo, a repeat view, and the reads of the
 * marks. A photo counts {@code views} (every view) and {@code uniqueViewers} (one per mark); a
 * view mark ({@link ViewKeys}) says its viewer has seen the photo and counts the viewer's views,
 * so the photo's counters always equal the sum of its marks' views and the number of its marks.
 * Who may view is who may react: the same steps ({@link ReactionPlans#mayActOn}), with a viewer
 * who blocked the owner told, like one the owner blocked, that the photo does not exist.
 * Stateless and thread-safe.
 */
public final class ViewPlans {
  /** The step of a view that puts (first view) or counts on (repeat view) the viewer's mark. */
  public static final StepName MARK = StepName.of("view mark");

  /**
   * The steps of a view whose failure is judged only once who may view is settled (see {@code
   * Writes.writeOrRedirect}): the mark's put (a first view's, refused on a repeat) and the
   * viewer's block of the owner.
   */
  public static final Set<StepName> JUDGED_AFTER_WHO_MAY_VIEW =
      Set.of(MARK, BlockPlans.NOT_BLOCKED_BY_FOLLOWER);

  /**
   * The step of a view that counts it on the photo (or, for a viral photo, on one of its shards):
   * the same name as a reaction's count ({@link ReactionPlans#COUNT}), so the writer that learns
   * from a reaction's failed count that a photo is hot learns it from a view's the same way.
   */
  public static final StepName VIEWS = ReactionPlans.COUNT;

  /** A photo's count of every view. */
  public static final AttributePath VIEWS_PATH = AttributePath.of(Attributes.VIEWS);

  /** A photo's count of its viewers. */
  public static final AttributePath UNIQUE_VIEWERS_PATH =
      AttributePath.of(Attributes.UNIQUE_VIEWERS);

  private static final AttributePath EVER_VIEWED_PATH = AttributePath.of(Attributes.EVER_VIEWED);

  private ViewPlans() {}

  /**
   * Whether a profile's user has ever viewed a photo, so may have view marks.
   *
   * @param profile a user item
   * @return true if its first views marked it
   */
  public static boolean everViewed(Item profile) {
    return profile.get(Attributes.EVER_VIEWED).isPresent();
  }

  /**
   * A photo's view marks: Query on the inverted index {@code SK = VIEWED#<owner>#<timestamp>}
   * (eventually consistent).
   *
   * @param photo the photo
   * @param limit the page size
   * @return the plan of the first page
   */
  public static QueryPlan marksOf(PhotoId photo, int limit) {
    return new QueryPlan(
        Index.INVERTED,
        ViewKeys.viewedSortKey(photo),
        Optional.empty(),
        true,
        limit,
        Optional.empty(),
        false);
  }

  /**
   * A viewer's view marks: Query {@code PK = VIEW#<viewer>}, strongly consistent.
   *
   * @param viewer the viewer
   * @param limit the page size
   * @return the plan of the first page
   */
  public static QueryPlan marksBy(String viewer, int limit) {
    return new QueryPlan(
        Index.TABLE,
        ViewKeys.viewerPartition(viewer),
        Optional.empty(),
        true,
        limit,
        Optional.empty(),
        true);
  }

  /**
   * A photo no mark counts: {@code NOT (uniqueViewers >= 1)}.
   *
   * @return the condition
   */
  public static ItemCondition noViewers() {
    return ItemCondition.not(new ItemCondition.AtLeast(UNIQUE_VIEWERS_PATH, 1));
  }

  /**
   * The deletion of a view mark as read: on condition it still counts the views read, so the
   * photo's counters go down by exactly what the mark held.
   *
   * @param mark the mark as read
   * @return the delete
   */
  public static WriteAction deleteMark(Item mark) {
    return new WriteAction.Delete(
        mark.key(),
        new ItemCondition.AttributeEquals(VIEWS_PATH, Value.Num.of(ViewMarks.views(mark))));
  }

  /**
   * A photo's counters taken down by the marks deleted with it.
   *
   * @param views the views the marks counted
   * @param viewers how many marks
   * @return the updates, with the photo's revision
   */
  public static List<UpdateAction> countersDown(long views, long viewers) {
    return Counters.change(
        List.of(
            new UpdateAction.Add(VIEWS_PATH, -views),
            new UpdateAction.Add(UNIQUE_VIEWERS_PATH, -viewers)));
  }

  /**
   * A viewer's first view: one transaction of the checks of who may view, a PutItem of the mark
   * ({@code attribute_not_exists(PK)}, its views 1) and an UpdateItem of the photo adding one to
   * {@code views} and {@code uniqueViewers} if it is open ({@link Plans#OPEN_PHOTO}). A mark that
   * exists redirects: the view is a repeat view ({@link #repeatView}).
   *
   * <p>For a viral photo ({@link Shards}) both counts go to one of its shards instead, as a
   * reaction's does; an unsharded photo's update also requires that it is not sharded and that
   * its {@code views} are below {@code threshold}, failures that redirect (the caller learns or
   * switches the photo and sends again) at no cost to an ordinary photo.
   *
   * @param viewer the viewer, already validated
   * @param photo the photo, already validated
   * @param at when the view is counted
   * @param ownerShard the owner's shard to check, if the owner is sharded
   * @param photoShard the photo's shard to count on, if the photo is sharded
   * @param threshold the views from which a photo is sharded ({@link Long#MAX_VALUE}: never)
   * @param followerOnly whether the owner is taken for private
   * @param guarded whether to check the owner's block item
   * @param viewerGuarded whether to check the viewer's block item of the owner
   * @param markViewer whether to record on the viewer's profile that it has views (an UpdateItem
   *     instead of its check); otherwise its check requires the record, and a profile without it
   *     redirects
   * @return the plan
   */
  public static WritePlan firstView(
      String viewer,
      PhotoId photo,
      Instant at,
      Optional<Key> ownerShard,
      Optional<Key> photoShard,
      long threshold,
      boolean followerOnly,
      boolean guarded,
      boolean viewerGuarded,
      boolean markViewer) {
    List<WritePlan.Step> steps =
        ReactionPlans.mayActOn(
            viewer,
            photo,
            ownerShard,
            followerOnly,
            guarded,
            viewerGuarded,
            () -> block(viewer, photo));
    // The viewer's check also requires that its profile records it has views (so closing the
    // account knows to read its marks, and an account without pays nothing). Its very first
    // view finds the record missing, is refused at no capacity, and sets it (markViewer).
    WritePlan.Step check = steps.get(0);
    ItemCondition active = ((WriteAction.Check) check.action()).condition();
    steps.set(
        0,
        markViewer
            ? check.withAction(
                new WriteAction.Update(
                    check.action().key(),
                    List.of(new UpdateAction.SetIfAbsent(EVER_VIEWED_PATH, new Value.Bool(true))),
                    active))
            : new WritePlan.Step(
                check.name(),
                new WriteAction.Check(
                    check.action().key(),
                    ItemCondition.and(active, new ItemCondition.AttributeExists(EVER_VIEWED_PATH))),
                found ->
                    found.isPresent() && Plans.isActive(found.get()) && !everViewed(found.get())
                        ? new StepOutcome.HandedBack(() -> Plans.userNotFound(viewer))
                        : check.judge(found)));
    steps.add(
        new WritePlan.Step(
            MARK,
            new WriteAction.Put(ViewMarks.mark(viewer, photo, at, 1), ItemCondition.ABSENT),
            () -> Plans.photoNotFound(photo),
            Optional::isPresent));
    steps.add(countOnPhoto(photo, photoShard, threshold, FIRST_VIEW));
    return WritePlan.transaction(steps);
  }

  /**
   * A repeat view: one transaction of the same checks, an UpdateItem of the mark adding one to
   * its views if it exists, and an UpdateItem of the photo adding one to {@code views} if it is
   * open (on a viral photo, of one of its shards, as for {@link #firstView}). A mark that is gone
   * redirects: the view is a first view again.
   *
   * @param viewer the viewer, already validated
   * @param photo the photo, already validated
   * @param ownerShard the owner's shard to check, if the owner is sharded
   * @param photoShard the photo's shard to count on, if the photo is sharded
   * @param threshold the views from which a photo is sharded ({@link Long#MAX_VALUE}: never)
   * @param followerOnly whether the owner is taken for private
   * @param guarded whether to check the owner's block item
   * @param viewerGuarded whether to check the viewer's block item of the owner
   * @return the plan
   */
  public static WritePlan repeatView(
      String viewer,
      PhotoId photo,
      Optional<Key> ownerShard,
      Optional<Key> photoShard,
      long threshold,
      boolean followerOnly,
      boolean guarded,
      boolean viewerGuarded) {
    List<WritePlan.Step> steps =
        ReactionPlans.mayActOn(
            viewer,
            photo,
            ownerShard,
            followerOnly,
            guarded,
            viewerGuarded,
            () -> block(viewer, photo));
    steps.add(
        new WritePlan.Step(
            MARK,
            new WriteAction.Update(
                ViewKeys.mark(viewer, photo),
                List.of(new UpdateAction.Add(VIEWS_PATH, 1)),
                ItemCondition.EXISTS),
            () -> Plans.photoNotFound(photo),
            Optional::isEmpty));
    steps.add(countOnPhoto(photo, photoShard, threshold, REPEAT_VIEW));
    return WritePlan.transaction(steps);
  }

  // The counts of a first view and of a repeat view, with the revision of the item they go to.
  private static final List<UpdateAction> FIRST_VIEW =
      Counters.change(
          List.of(
              new UpdateAction.Add(VIEWS_PATH, 1), new UpdateAction.Add(UNIQUE_VIEWERS_PATH, 1)));
  private static final List<UpdateAction> REPEAT_VIEW =
      Counters.change(List.of(new UpdateAction.Add(VIEWS_PATH, 1)));

  /**
   * The view's counts: on the photo's shard, on condition the shard exists (a shard gone means
   * the photo was folded or deleted: the caller asks the photo again); else on the photo, on
   * condition it is open, not sharded and below the threshold. A sharded photo, or one at the
   * threshold, is handed back to the caller (which learns or switches it); a missing or
   * closing one is the photo's absence.
   */
  private static WritePlan.Step countOnPhoto(
      PhotoId photo, Optional<Key> photoShard, long threshold, List<UpdateAction> counts) {
    if (photoShard.isPresent()) {
      return new WritePlan.Step(
          VIEWS,
          new WriteAction.Update(photoShard.get(), counts, ItemCondition.EXISTS),
          () -> Plans.photoNotFound(photo),
          Optional::isEmpty);
    }
    return new WritePlan.Step(
        VIEWS,
        new WriteAction.Update(KeyLayout.photo(photo), counts, unshardedPhoto(threshold)),
        () -> Plans.photoNotFound(photo),
        item ->
            item.isPresent()
                && PhotoPlans.deletionMarker(item.get()).isEmpty()
                && (Shards.isSharded(item.get())
                    || Plans.atLeast(item.get(), VIEWS_PATH, threshold)));
  }

  /** The condition of an unsharded photo's views, for the threshold last asked. */
  private record CountCondition(long threshold, ItemCondition condition) {}

  private static volatile CountCondition countCondition;

  /**
   * {@link Shards#unsharded} of {@link Plans#OPEN_PHOTO} for {@code views}: built once per
   * threshold (a repository's is fixed), not on every view.
   */
  private static ItemCondition unshardedPhoto(long threshold) {
    CountCondition known = countCondition;
    if (known == null || known.threshold() != threshold) {
      known =
          new CountCondition(threshold, Shards.unsharded(Plans.OPEN_PHOTO, VIEWS_PATH, threshold));
      countCondition = known;
    }
    return known.condition();
  }

  /** A viewer who blocked the owner may not see its photo: told it does not exist. */
  private static WritePlan.Step block(String viewer, PhotoId photo) {
    return new WritePlan.Step(
        BlockPlans.NOT_BLOCKED_BY_FOLLOWER,
        new WriteAction.Check(KeyLayout.block(viewer, photo.owner()), ItemCondition.ABSENT),
        () -> Plans.photoNotFound(photo));
  }
}
