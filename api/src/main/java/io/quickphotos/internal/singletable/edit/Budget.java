package io.quickphotos.internal.singletable.edit;

import io.quickphotos.engine.Value;
import java.util.Optional;

/**
 * How a partial edit is sent: charged against the item's bound, or measured on the item as it
 * was read. An edit without single-attribute changes has {@link AttributeEdits#none()}.
 */
public sealed interface Budget {
  /** No single-attribute changes: nothing to bound. */
  record Unbounded() implements Budget {}

  /**
   * The changes' clauses, with their most added to the bound under the condition that it stays
   * within the limit.
   *
   * @param bytes the most the changes can add
   */
  record Charged(long bytes) implements Budget {}

  /**
   * The changes applied to the item as it was read and judged exactly: the new map and its
   * exact size, sent on condition that {@code app} is what was read.
   *
   * @param before {@code app} as read, empty if the item had none
   * @param after the map after the changes, empty if DynamoDB would refuse them there (then the
   *     changes' own clauses go, for the table to refuse with its words)
   * @param bytes the exact size of {@code after} with its name
   */
  record Measured(Optional<Value> before, Optional<Value.MapValue> after, int bytes)
      implements Budget {}
}
