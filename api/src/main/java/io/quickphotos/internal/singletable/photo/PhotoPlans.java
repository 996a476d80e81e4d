package io.quickphotos.internal.singletable.photo;

import io.quickphotos.NewPhoto;
import io.quickphotos.PhotoAlreadyExistsException;
import io.quickphotos.PhotoEdit;
import io.quickphotos.PhotoId;
import io.quickphotos.SortOrder;
import io.quickphotos.VersionConflictException;
import io.quickphotos.engine.AttributePath;
import io.quickphotos.engine.Index;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.ItemCondition;
import io.quickphotos.engine.QueryPlan;
import io.quickphotos.engine.SortKeyCondition;
import io.quickphotos.engine.UpdateAction;
import io.quickphotos.engine.Value;
import io.quickphotos.engine.WriteAction;
import io.quickphotos.internal.singletable.codec.ItemCodec;
import io.quickphotos.internal.singletable.edit.AttributeEdits;
import io.quickphotos.internal.singletable.edit.Budget;
import io.quickphotos.internal.singletable.edit.EditField;
import io.quickphotos.internal.singletable.feed.Timelines;
import io.quickphotos.internal.singletable.layout.Attributes;
import io.quickphotos.internal.singletable.layout.KeyLayout;
import io.quickphotos.internal.singletable.plan.Plans;
import io.quickphotos.internal.singletable.plan.StepName;
import io.quickphotos.internal.singletable.plan.StepOutcome;
import io.quickphotos.internal.singletable.plan.Versions;
import io.quickphotos.internal.singletable.plan.WritePlan;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The plans of photos: uploading, listing a user's photos, and marking one for deletion.
 * Stateless and thread-safe.
 */
public final class PhotoPlans {
  /** An upload's owner: active, and followed by no one by timeline. */
  private static final ItemCondition ACTIVE_WITHOUT_AUDIENCE =
      ItemCondition.and(Plans.ACTIVE_USER, Timelines.noAudience());

  /**
   * Upload photo: one transaction of a condition check on the owner and a PutItem of the photo
   * with {@code attribute_not_exists(PK)}. The check requires the owner to exist and not be
   * closing ({@link Plans#ACTIVE_USER}) and, unless the upload fans out, to have no audience
   * ({@link Timelines#noAudience()}): an owner some follower follows by timeline fails it, at no
   * cost to any other, and the caller sends the upload again with a pending fan-out
   * ({@link io.quickphotos.internal.singletable.feed.PendingFanOuts#uploadWithFanOut}). That is how every repository, whatever its own
   * setting, fans out the uploads of an author with an audience.
   *
   * @param photo the photo with its caption and attributes, already validated
   * @param fansOut true for the upload that fans out (its owner may have an audience)
   * @return the plan
   */
  /** The step of an upload or edit that checks the owner. */
  public static final StepName OWNER = StepName.of("owner");

  /** The step of an upload or edit that puts or updates the photo. */
  public static final StepName PHOTO = StepName.of("photo");

  public static WritePlan uploadPhoto(NewPhoto photo, boolean fansOut) {
    PhotoId id = photo.id();
    WritePlan.Step owner =
        fansOut
            ? new WritePlan.Step(
                OWNER,
                new WriteAction.Check(KeyLayout.user(id.owner()), Plans.ACTIVE_USER),
                () -> Plans.userNotFound(id.owner()))
            : new WritePlan.Step(
                OWNER,
                new WriteAction.Check(KeyLayout.user(id.owner()), ACTIVE_WITHOUT_AUDIENCE),
                () -> Plans.userNotFound(id.owner()),
                found ->
                    found.isPresent()
                        && Plans.isActive(found.get())
                        && Timelines.audienceCount(found.get()) >= 1);
    return WritePlan.transaction(
        owner,
        new WritePlan.Step(
            PHOTO,
            new WriteAction.Put(ItemCodec.newPhoto(photo), ItemCondition.ABSENT),
            () -> PhotoAlreadyExistsException.of(id)));
  }

  /**
   * Edit photo: one transaction of a condition check that the owner exists and is not closing
   * ({@link Plans#ACTIVE_USER}) and an UpdateItem of the photo's caption and application
   * attributes if it exists and its deletion has not begun ({@link Plans#OPEN_PHOTO}). The
   * fields are {@link PhotoFields}': the caption is a SET, or a REMOVE when it is empty; all
   * attributes at once are a SET of the {@code app} map, or a REMOVE when there are none (an item
   * holds no empty caption and no empty map, so a photo edited back to nothing is the item of one
   * that never had them, but for its version), with the bound of single-attribute edits set to
   * their exact size; single attributes are clauses inside the map under the budget
   * {@link AttributeEdits} explains. Its counters, location and markers are not touched. A
   * failure of either condition means the photo, as a caller may see it, does not exist: the
   * owner's check fails only for an account that is gone or closing, whose photos are refused from
   * the mark on, as {@link ReactionPlans#reactTo} refuses them.
   *
   * <p>The edit advances the photo's version ({@link Versions}), but for one that only adds to
   * numbers; one that names the version it was made from adds {@code version = :v} (or, for 0,
   * {@code NOT attribute_exists(version)}) to the photo's condition. A photo that is there and
   * open but fails the condition is a {@link VersionConflictException} when its version is not
   * the one named, and otherwise failed the budget: a {@link StepOutcome.SendAgain} to measure again, for the
   * repository to measure the edit on the photo returned with the failure.
   *
   * @param id the photo, already validated
   * @param edit the caption and attributes, already validated, not empty
   * @param budget how single-attribute changes are sent; {@link AttributeEdits#none()} if the edit
   *     has none
   * @return the plan
   */
  public static WritePlan editPhoto(PhotoId id, PhotoEdit edit, Budget budget) {
    List<UpdateAction> changes = new ArrayList<>(4);
    EditField.addClauses(PhotoFields.ALL, edit, changes);
    ItemCondition sized = AttributeEdits.addClauses(edit.changes(), budget, changes);
    boolean countsOnly = EditField.countsOnly(PhotoFields.ALL, edit, edit.changes());
    return WritePlan.transaction(
        new WritePlan.Step(
            OWNER,
            new WriteAction.Check(KeyLayout.user(id.owner()), Plans.ACTIVE_USER),
            () -> Plans.photoNotFound(id)),
        new WritePlan.Step(
            PHOTO,
            new WriteAction.Update(
                KeyLayout.photo(id),
                countsOnly ? changes : Versions.advanced(changes),
                ItemCondition.and(
                    Versions.checked(Plans.OPEN_PHOTO, edit.expectedVersion()), sized)),
            found -> editRefused(id, edit.expectedVersion(), budget, found)));
  }

  /**
   * What a failed condition of a photo's edit means, from the photo as it was: not found if it is
   * gone or its deletion has begun, a conflict if it holds another version than the one named,
   * and otherwise the budget's sign to measure again.
   */
  private static StepOutcome editRefused(
      PhotoId id, OptionalLong expected, Budget budget, Optional<Item> found) {
    if (found.isEmpty() || deletionMarker(found.get()).isPresent()) {
      return new StepOutcome.Failed(Plans.photoNotFound(id));
    }
    long version = Versions.of(found.get());
    if (expected.isPresent() && expected.getAsLong() != version) {
      return new StepOutcome.Failed(VersionConflictException.of(id, expected.getAsLong(), version));
    }
    return AttributeEdits.measureAgain(budget, found.get())
        .orElseGet(() -> new StepOutcome.Failed(Plans.photoNotFound(id)));
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
    return new QueryPlan(
        Index.TABLE,
        KeyLayout.userPartition(username),
        Optional.of(
            SortKeyCondition.between(KeyLayout.METADATA + username, KeyLayout.AFTER_ALL_PHOTOS)),
        order == SortOrder.OLDEST_FIRST,
        limit,
        Optional.empty(),
        true);
  }

  /**
   * A user's photos without the profile: Query
   * {@code PK = USER#u AND begins_with(SK, PHOTO#)}, strongly consistent, oldest first.
   *
   * @param owner the owner's handle, already validated
   * @param limit the page size
   * @return the plan of the first page
   */
  public static QueryPlan photosOf(String owner, int limit) {
    return new QueryPlan(
        Index.TABLE,
        KeyLayout.userPartition(owner),
        Optional.of(SortKeyCondition.beginsWith(KeyLayout.PHOTO)),
        true,
        limit,
        Optional.empty(),
        true);
  }

  /**
   * The first write of {@code deletePhoto}: UpdateItem setting
   * {@code deleting = if_not_exists(deleting, :marker)} with {@code attribute_exists(PK)},
   * returning the new image (with the counters the cascade must bring to zero and the marker).
   * From then on {@link Plans#OPEN_PHOTO} is false, so no reaction can land; the first call decides
   * the marker and a photo uploaded later under the same id has none, so
   * {@link #deletionMarkedBy} tells them apart. A photo an earlier version marked keeps its
   * {@code true}, which serves as its marker.
   *
   * @param photo the photo, already validated
   * @param marker a new marker, from {@link Plans#newCallToken()}
   * @return the plan
   */
  public static WritePlan markDeleting(PhotoId photo, Value.Str marker) {
    return WritePlan.single(
        new WriteAction.Update(
            KeyLayout.photo(photo),
            List.of(new UpdateAction.SetIfAbsent(AttributePath.of(Attributes.DELETING), marker)),
            ItemCondition.EXISTS),
        () -> Plans.photoNotFound(photo));
  }

  /**
   * The marker {@link #markDeleting} left on a photo, from an image of it.
   *
   * @param photo the photo item
   * @return the marker, empty if its deletion has not begun
   */
  public static Optional<Value> deletionMarker(Item photo) {
    return photo.get(Attributes.DELETING);
  }

  /**
   * The fence of a photo's cascade: {@code deleting = :marker}, true only on the incarnation
   * that cascade marked.
   *
   * @param marker the marker {@link #markDeleting} returned
   * @return the condition
   */
  public static ItemCondition deletionMarkedBy(Value marker) {
    return new ItemCondition.AttributeEquals(AttributePath.of(Attributes.DELETING), marker);
  }

  private PhotoPlans() {}
}
