package io.quickphotos.memory.internal;

import io.quickphotos.engine.AttributePath;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.UpdateAction;
import io.quickphotos.engine.Value;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Evaluates an UpdateItem's {@code SET} and {@code REMOVE} clauses against the current item, as
 * DynamoDB does: an {@link UpdateAction.Add} or {@link UpdateAction.AddNumber} is {@code SET p =
 * if_not_exists(p, :zero) + :delta}, so a missing counter starts at zero, and a sum of more than
 * 38 significant digits or out of DynamoDB's range is refused; an {@link UpdateAction.Append} is
 * {@code SET p = list_append(if_not_exists(p, :empty), :values)}; an {@link
 * UpdateAction.SetIfAbsent} keeps a value that is there; a nested path {@code m.k} or {@code
 * m.k.j} needs every map above its last segment to exist (a new key inside it is fine), for a
 * {@code REMOVE} too. Clause paths never overlap ({@link Rules#action} refused that), so applying
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
   * @param actions the clauses
   * @return the item after the update
   * @throws io.quickphotos.engine.TableRequestRefusedException if a path cannot be written, an
   *     operand has the wrong type, or a sum is not a number DynamoDB stores
   */
  static Item apply(Key key, Item current, List<UpdateAction> actions) {
    // A builder over the current item's own arrays: an update that only changes values (a
    // counter) keeps the item's shared names and copies no attribute into a map.
    Item.Builder attributes = current == null ? Item.builder(key) : current.toBuilder();
    List<String> removed = null;
    for (int i = 0; i < actions.size(); i++) {
      UpdateAction action = actions.get(i);
      AttributePath path = action.path();
      String top = path.top();
      if (path.names().size() == 1) {
        if (action instanceof UpdateAction.Remove) {
          removed = removed == null ? new ArrayList<>() : removed;
          removed.add(top);
        } else {
          attributes.put(top, newValue(action, attributes.get(top).orElse(null)));
        }
      } else {
        attributes.put(top, inside(attributes.get(top).orElse(null), path.names(), 1, action));
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

  /**
   * The map {@code container} with the clause applied at {@code names[at..]}: the container must
   * be a map, as every map above a nested path's last segment must exist.
   */
  private static Value inside(Value container, List<String> names, int at, UpdateAction action) {
    if (!(container instanceof Value.MapValue map)) {
      throw Rules.invalid(Rules.PATH_INVALID_FOR_UPDATE);
    }
    String name = names.get(at);
    Map<String, Value> entries = new HashMap<>(map.value());
    if (at < names.size() - 1) {
      entries.put(name, inside(entries.get(name), names, at + 1, action));
    } else if (action instanceof UpdateAction.Remove) {
      if (entries.remove(name) == null) {
        return container;
      }
    } else {
      entries.put(name, newValue(action, entries.get(name)));
    }
    return new Value.MapValue(entries);
  }

  private static Value newValue(UpdateAction action, Value old) {
    if (action instanceof UpdateAction.Set set) {
      return set.value();
    }
    if (action instanceof UpdateAction.SetIfAbsent ifAbsent) {
      return old != null ? old : ifAbsent.value();
    }
    if (action instanceof UpdateAction.Append append) {
      if (old == null) {
        return new Value.ListValue(append.values());
      }
      if (!(old instanceof Value.ListValue list)) {
        throw Rules.invalid(Rules.OPERAND_WRONG_TYPE);
      }
      List<Value> joined = new ArrayList<>(list.value().size() + append.values().size());
      joined.addAll(list.value());
      joined.addAll(append.values());
      return new Value.ListValue(joined);
    }
    if (action instanceof UpdateAction.AddNumber add) {
      if (old != null && !(old instanceof Value.Num)) {
        throw Rules.invalid(Rules.OPERAND_WRONG_TYPE);
      }
      BigDecimal sum = old == null ? add.delta() : ((Value.Num) old).value().add(add.delta());
      Value.Num number = new Value.Num(sum);
      String refusal = Rules.numberRefusal(number.value());
      if (refusal != null) {
        throw Rules.invalid(refusal);
      }
      return number;
    }
    long delta = ((UpdateAction.Add) action).delta();
    if (old == null) {
      return Value.Num.of(delta);
    }
    if (!(old instanceof Value.Num number)) {
      throw Rules.invalid(Rules.OPERAND_WRONG_TYPE);
    }
    BigDecimal value = number.value();
    // Counters are integers that fit a long: add them as longs (BigDecimal's add and the
    // canonical form's stripTrailingZeros were most of a counter update's time).
    if (value.scale() <= 0 && value.precision() - value.scale() < 19) {
      long sum = value.longValue() + delta;
      if (((value.longValue() ^ sum) & (delta ^ sum)) >= 0) {
        return Value.Num.of(sum);
      }
    }
    Value.Num sum = new Value.Num(value.add(BigDecimal.valueOf(delta)));
    String refusal = Rules.numberRefusal(sum.value());
    if (refusal != null) {
      throw Rules.invalid(refusal);
    }
    return sum;
  }
}
