package io.quickphotos.internal.singletable;

import io.quickphotos.PhotoAlreadyExistsException;
import io.quickphotos.PhotoId;
import io.quickphotos.SortOrder;
import io.quickphotos.engine.AttributePath;
import io.quickphotos.engine.Index;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.ItemCondition;
import io.quickphotos.engine.QueryPlan;
import io.quickphotos.engine.SortKeyCondition;
import io.quickphotos.engine.UpdateAction;
import io.quickphotos.engine.Value;
import io.quickphotos.engine.WriteAction;
import java.util.List;
import java.util.Optional;

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
   * ({@link Timelines#uploadWithFanOut}). That is how every repository, whatever its own
   * setting, fans out the uploads of an author with an audience.
   *
   * @param id the photo's owner and timestamp, already validated
   * @param location the image URL, already validated
   * @param fansOut true for the upload that fans out (its owner may have an audience)
   * @return the plan
   */
  public static WritePlan uploadPhoto(PhotoId id, String location, boolean fansOut) {
    WritePlan.Step owner =
        fansOut
            ? new WritePlan.Step(
                new WriteAction.Check(KeyLayout.user(id.owner()), Plans.ACTIVE_USER),
                () -> Plans.userNotFound(id.owner()))
            : new WritePlan.Step(
                new WriteAction.Check(KeyLayout.user(id.owner()), ACTIVE_WITHOUT_AUDIENCE),
                () -> Plans.userNotFound(id.owner()),
                found ->
                    found.isPresent()
                        && Plans.isActive(found.get())
                        && Timelines.audienceCount(found.get()) >= 1);
    return WritePlan.transaction(
        owner,
        new WritePlan.Step(
            new WriteAction.Put(ItemCodec.newPhoto(id, location), ItemCondition.ABSENT),
            () -> PhotoAlreadyExistsException.of(id)));
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
   * @param marker a new marker, from {@link Plans#newCascadeMarker()}
   * @return the plan
   */
  public static WritePlan markDeleting(PhotoId photo, Value.Str marker) {
    return WritePlan.single(
        new WriteAction.Update(
            KeyLayout.photo(photo),
            List.of(new UpdateAction.SetIfAbsent(AttributePath.of(ItemCodec.DELETING), marker)),
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
    return photo.get(ItemCodec.DELETING);
  }

  /**
   * The fence of a photo's cascade: {@code deleting = :marker}, true only on the incarnation
   * that cascade marked.
   *
   * @param marker the marker {@link #markDeleting} returned
   * @return the condition
   */
  public static ItemCondition deletionMarkedBy(Value marker) {
    return new ItemCondition.AttributeEquals(AttributePath.of(ItemCodec.DELETING), marker);
  }

  private PhotoPlans() {}
}
