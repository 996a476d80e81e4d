package io.quickphotos.memory.internal;

import io.quickphotos.internal.singletable.AttributePath;
import io.quickphotos.internal.singletable.Item;
import io.quickphotos.internal.singletable.ItemCondition;
import io.quickphotos.internal.singletable.Value;
import java.math.BigDecimal;
import java.util.Optional;

/**
 * Evaluates a write's {@link ItemCondition} against the targeted item's current state, with
 * DynamoDB's meaning: a comparison with a missing attribute, or with one of another type, is
 * false (so its negation is true), and a missing item has no attributes at all. Stateless,
 * thread-safe.
 */
final class Conditions {
  private Conditions() {
  }

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
      return value(current, exists.path()).isPresent();
    }
    if (condition instanceof ItemCondition.AttributeEquals equals) {
      return value(current, equals.path()).filter(equals.value()::equals).isPresent();
    }
    if (condition instanceof ItemCondition.AtLeast atLeast) {
      return value(current, atLeast.path())
          .filter(v -> v instanceof Value.Num n
              && n.value().compareTo(BigDecimal.valueOf(atLeast.minimum())) >= 0)
          .isPresent();
    }
    if (condition instanceof ItemCondition.Not not) {
      return !test(not.condition(), current);
    }
    ItemCondition.And and = (ItemCondition.And) condition;
    return and.conditions().stream().allMatch(c -> test(c, current));
  }

  private static Optional<Value> value(Item item, AttributePath path) {
    if (item == null) {
      return Optional.empty();
    }
    Optional<Value> top = item.get(path.names().get(0));
    if (path.names().size() == 1) {
      return top;
    }
    return top.filter(v -> v instanceof Value.MapValue)
        .map(v -> ((Value.MapValue) v).value().get(path.names().get(1)));
  }
}
