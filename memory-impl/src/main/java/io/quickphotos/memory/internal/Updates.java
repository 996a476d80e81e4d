package io.quickphotos.memory.internal;

import io.quickphotos.engine.AttributePath;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.UpdateAction;
import io.quickphotos.engine.Value;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Evaluates an UpdateItem's {@code SET} and {@code REMOVE} clauses against the current item, as
 * DynamoDB does:
 * an {@link UpdateAction.Add} is {@code SET p = if_not_exists(p, :zero) + :delta}, so a missing
 * counter starts at zero, and an {@link UpdateAction.SetIfAbsent} keeps a value that is there; a
 * nested path {@code m.k} needs the map {@code m} to exist (a new key
 * inside it is fine). Clause paths never overlap ({@link Rules#action} refused that), so applying
 * the clauses one after another reads the same operands DynamoDB reads from the old image.
 * Stateless.
 */
final class Updates {
  private Updates() {}

  /**
   * The new image.
   *
   * @param key the item's key
   * @param current the current item, or null to create one holding just the key
   * @param actions the SET clauses
   * @return the item after the update
   * @throws io.quickphotos.engine.TableRequestRefusedException if a path cannot be written
   *     or a counter is not a number
   */
  static Item apply(Key key, Item current, List<UpdateAction> actions) {
    // A builder over the current item's own arrays: an update that only changes values (a
    // counter) keeps the item's shared names and copies no attribute into a map.
    Item.Builder attributes = current == null ? Item.builder(key) : current.toBuilder();
    List<String> removed = null;
    for (UpdateAction action : actions) {
      AttributePath path = action.path();
      if (action instanceof UpdateAction.Remove) {
        removed = removed == null ? new java.util.ArrayList<>() : removed;
        removed.add(path.names().get(0));
        continue;
      }
      String top = path.names().get(0);
      if (path.names().size() == 1) {
        attributes.put(top, newValue(action, attributes.get(top).orElse(null)));
      } else {
        if (!(attributes.get(top).orElse(null) instanceof Value.MapValue parent)) {
          throw Rules.invalid(Rules.PATH_INVALID_FOR_UPDATE);
        }
        String child = path.names().get(1);
        Map<String, Value> entries = new HashMap<>(parent.value());
        entries.put(child, newValue(action, entries.get(child)));
        attributes.put(top, new Value.MapValue(entries));
      }
    }
    Item updated = attributes.build();
    if (removed == null) {
      return updated;
    }
    Map<String, Value> kept = new HashMap<>(updated.attributes());
    kept.keySet().removeAll(removed);
    return new Item(kept);
  }

  private static Value newValue(UpdateAction action, Value old) {
    if (action instanceof UpdateAction.Set set) {
      return set.value();
    }
    if (action instanceof UpdateAction.SetIfAbsent ifAbsent) {
      return old != null ? old : ifAbsent.value();
    }
    long delta = ((UpdateAction.Add) action).delta();
    if (old == null) {
      return Value.Num.of(delta);
    }
    if (!(old instanceof Value.Num number)) {
      throw Rules.invalid(Rules.OPERAND_WRONG_TYPE);
    }
    java.math.BigDecimal value = number.value();
    // Counters are integers that fit a long: add them as longs (BigDecimal's add and the
    // canonical form's stripTrailingZeros were most of a counter update's time).
    if (value.scale() <= 0 && value.precision() - value.scale() < 19) {
      long sum = value.longValue() + delta;
      if (((value.longValue() ^ sum) & (delta ^ sum)) >= 0) {
        return Value.Num.of(sum);
      }
    }
    return new Value.Num(value.add(java.math.BigDecimal.valueOf(delta)));
  }
}
