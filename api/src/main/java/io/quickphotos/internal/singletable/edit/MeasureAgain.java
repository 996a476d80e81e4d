package io.quickphotos.internal.singletable.edit;

import io.quickphotos.QuickPhotosException;
import io.quickphotos.engine.Item;

/**
 * The sign that a partial edit must be measured on the item as it was: its size condition
 * failed, or the item has no bound, or the {@code app} a measured attempt was made from has
 * changed since. Thrown as a step's error and caught by the repository, which measures again;
 * never reaches an application.
 */
public final class MeasureAgain extends QuickPhotosException {
  private static final long serialVersionUID = 1L;

  /** The item as it was when the condition failed; not serialized. */
  private final transient Item item;

  /** Whether the attempt that failed was measured (then {@code app} changed since its read). */
  private final boolean afterMeasure;

  MeasureAgain(Item item, boolean afterMeasure) {
    super("the edit's attributes must be measured on the item");
    this.item = item;
    this.afterMeasure = afterMeasure;
  }

  /**
   * The item as it was when the condition failed.
   *
   * @return the item
   */
  public Item item() {
    return item;
  }

  /**
   * Whether the attempt that failed was itself measured: another edit of the attributes
   * landed between its read and its write, which is contention.
   *
   * @return true after a measured attempt
   */
  public boolean afterMeasure() {
    return afterMeasure;
  }
}
