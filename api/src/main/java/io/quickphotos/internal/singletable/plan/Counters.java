package io.quickphotos.internal.singletable.plan;

import static io.quickphotos.internal.singletable.layout.Attributes.REVISION;

import io.quickphotos.engine.AttributePath;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.ItemCondition;
import io.quickphotos.engine.UpdateAction;
import io.quickphotos.engine.Value;
import java.util.ArrayList;
import java.util.List;

/**
 * The revision of an item that holds counters (a user, a photo, a hot key's shard): {@code rev},
 * raised by one in the same UpdateItem as every change of its counters, by every write of every
 * version since it was introduced. An item without it reads as revision 0.
 *
 * <p>Why: a counter and the items it counts can only be compared at two moments (the counter read,
 * then its items listed), and between them others may follow and unfollow, add one and take one
 * back, and leave the counter as it was: a mend of the counter on condition that it still holds
 * what was read would then write a wrong count. On condition that the revision is still the one
 * read, no change of the counter, and so of its items (each changes with the counter, in one
 * transaction), happened in between: the count read is the count. Cost: about 5 bytes an item,
 * which leaves every write's and read's capacity units as they were for items under 1 KB less 5
 * bytes. Stateless and thread-safe.
 */
public final class Counters {

  private static final AttributePath REVISION_PATH = AttributePath.of(REVISION);

  private static final UpdateAction.Add NEXT_REVISION = new UpdateAction.Add(REVISION_PATH, 1);

  private Counters() {}

  /**
   * The update of one counter, and of the item's revision with it.
   *
   * @param counter the counter's path
   * @param delta what to add
   * @return {@code SET counter = counter + :delta, rev = rev + :one}
   */
  public static List<UpdateAction> add(AttributePath counter, long delta) {
    return List.of(new UpdateAction.Add(counter, delta), NEXT_REVISION);
  }

  /**
   * Updates of counters on one item, and of its revision with them.
   *
   * @param changes the counters' changes (and any other updates of the item)
   * @return the same updates with the revision's
   */
  public static List<UpdateAction> change(List<? extends UpdateAction> changes) {
    List<UpdateAction> all = new ArrayList<>(changes.size() + 1);
    all.addAll(changes);
    all.add(NEXT_REVISION);
    return all;
  }

  /**
   * An item's revision.
   *
   * @param item a user, photo or shard item
   * @return its revision, 0 if it has none
   */
  public static long revision(Item item) {
    return item.get(REVISION).map(v -> ((Value.Num) v).value().longValueExact()).orElse(0L);
  }

  /**
   * An item whose revision is still the one read: {@code rev = :r}, or for revision 0
   * {@code NOT (rev >= 1)} (an item that never had one).
   *
   * @param revision the revision read
   * @return the condition
   */
  public static ItemCondition revisionIs(long revision) {
    return revision == 0
        ? ItemCondition.not(new ItemCondition.AtLeast(REVISION_PATH, 1))
        : new ItemCondition.AttributeEquals(REVISION_PATH, Value.Num.of(revision));
  }
}
