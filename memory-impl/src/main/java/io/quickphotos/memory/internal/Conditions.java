package io.quickphotos.memory.internal;

import io.quickphotos.engine.AttributePath;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.ItemCondition;
import io.quickphotos.engine.Value;
import java.math.BigDecimal;
import java.util.List;

/**
 * Evaluates a write's {@link ItemCondition} against the targeted item's current state, with
 * DynamoDB's meaning: a comparison with a missing attribute, or with one of another type, is
 * false (so its negation is true), and a missing item has no attributes at all. Stateless,
 * thread-safe.
 */
final class Conditions {
  private Conditions() {}

  /**
   * Whether the condition holds.
   *
   * @param condition the condition
   * @param current the item as it is now, or null if there is none
   * @return true if the write may proceed
   */
  static boolean test(ItemCondition condition, Item current) {
    if (condition instanceof ItemCondition.Always) {
      return true;
    }
    if (condition instanceof ItemCondition.ItemExists) {
      return current != null;
    }
    if (condition instanceof ItemCondition.ItemAbsent) {
      return current == null;
    }
    if (condition instanceof ItemCondition.AttributeExists exists) {
      // A top-level attribute's presence needs no Value made for it.
      return current != null && exists.path().names().size() == 1
          ? current.has(exists.path().names().get(0))
          : value(current, exists.path()) != null;
    }
    if (condition instanceof ItemCondition.AttributeEquals equals) {
      // A top-level string compared as the string stored, without a Value made for it.
      if (equals.value() instanceof Value.Str expected && equals.path().names().size() == 1) {
        return current != null
            && expected.value().equals(current.stringOrNull(equals.path().names().get(0)));
      }
      return equals.value().equals(value(current, equals.path()));
    }
    if (condition instanceof ItemCondition.AtLeast atLeast) {
      BigDecimal n =
          atLeast.path().names().size() == 1
              ? (current == null ? null : current.numberOrNull(atLeast.path().names().get(0)))
              : value(current, atLeast.path()) instanceof Value.Num num ? num.value() : null;
      return n != null && n.compareTo(BigDecimal.valueOf(atLeast.minimum())) >= 0;
    }
    if (condition instanceof ItemCondition.Not not) {
      return !test(not.condition(), current);
    }
    ItemCondition.And and = (ItemCondition.And) condition;
    List<ItemCondition> parts = and.conditions();
    for (int i = 0; i < parts.size(); i++) {
      if (!test(parts.get(i), current)) {
        return false;
      }
    }
    return true;
  }

  /** The value at {@code path}, or null if the item, the attribute or the map entry is missing. */
  private static Value value(Item item, AttributePath path) {
    if (item == null) {
      return null;
    }
    Value value = item.get(path.names().get(0)).orElse(null);
    for (int i = 1; i < path.names().size() && value != null; i++) {
      value = value instanceof Value.MapValue map ? map.value().get(path.names().get(i)) : null;
    }
    return value;
  }
}
