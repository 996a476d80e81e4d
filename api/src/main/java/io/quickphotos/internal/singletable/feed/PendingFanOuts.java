package io.quickphotos.internal.singletable.feed;

import static io.quickphotos.internal.singletable.layout.Attributes.OWNER;
import static io.quickphotos.internal.singletable.layout.Attributes.TOKEN;

import io.quickphotos.PhotoId;
import io.quickphotos.engine.AttributePath;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.ItemCondition;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.Value;
import io.quickphotos.engine.WriteAction;
import io.quickphotos.internal.singletable.codec.ItemCodec;
import io.quickphotos.internal.singletable.layout.Attributes;
import io.quickphotos.internal.singletable.layout.KeyLayout;
import io.quickphotos.internal.singletable.photo.PhotoPlans;
import io.quickphotos.internal.singletable.plan.StepName;
import io.quickphotos.internal.singletable.plan.WritePlan;

/**
 * A photo's fan-out to its author's audience while it is not finished: its pending item (in the
 * author's partition, after the audience: {@code #FANOUT$<timestamp>}), written in the upload's
 * own transaction, read back by whoever finishes the fan-out, and deleted on condition it is
 * still the one read. Stateless and thread-safe.
 */
public final class PendingFanOuts {
  /**
   * A pending fan-out's key.
   *
   * @param photo the photo to fan out
   * @return {@code USER#<owner>}, {@code #FANOUT$<timestamp>}
   */
  public static Key pendingKey(PhotoId photo) {
    return new Key(
        KeyLayout.userPartition(photo.owner()),
        KeyLayout.PENDING_FAN_OUT + KeyLayout.timestamp(photo.timestamp()));
  }

  /**
   * The photo a pending fan-out is for.
   *
   * @param item a pending fan-out
   * @return the photo's id
   */
  public static PhotoId pendingPhoto(Item item) {
    return new PhotoId(
        item.string(OWNER), KeyLayout.parseTimestamp(item.string(Attributes.TIMESTAMP)));
  }

  /**
   * The condition under which a pending fan-out is still the one read (a photo deleted and
   * uploaded again under the same id has a pending fan-out of its own, with another token).
   *
   * @param item the pending fan-out as read
   * @return {@code token = <its token>}
   */
  public static ItemCondition stillPending(Item item) {
    return new ItemCondition.AttributeEquals(
        AttributePath.of(TOKEN), new Value.Str(item.string(TOKEN)));
  }

  /**
   * Upload photo of an author with an audience: the upload's transaction with a pending fan-out
   * put beside the photo, so a fan-out cut short is finished by the author's next upload (or the
   * retry of this one, or the audit).
   *
   * @param upload the upload's plan ({@link PhotoPlans#uploadPhoto} with fan-out)
   * @param photo the photo
   * @param token this upload's token, checked when the pending fan-out is deleted
   * @return the plan
   */
  public static WritePlan uploadWithFanOut(WritePlan upload, PhotoId photo, String token) {
    Item pending =
        Item.builder(pendingKey(photo))
            .put(ItemCodec.ENTITY, ItemCodec.Entity.FAN_OUT.name())
            .put(OWNER, photo.owner())
            .put(Attributes.TIMESTAMP, KeyLayout.timestamp(photo.timestamp()))
            .put(TOKEN, token)
            .build();
    return withStep(upload, PENDING_FAN_OUT, new WriteAction.Put(pending, ItemCondition.NONE));
  }

  /** The step of an upload that puts its pending fan-out. */
  public static final StepName PENDING_FAN_OUT = StepName.of("pending fan-out");

  /** A plan with one more step whose failed condition is no error of the call's. */
  static WritePlan withStep(WritePlan plan, StepName name, WriteAction action) {
    return plan.plus(new WritePlan.Step(name, action));
  }

  private PendingFanOuts() {}
}
