package io.quickphotos.memory.internal;

import io.quickphotos.internal.singletable.AttributePath;
import io.quickphotos.internal.singletable.Item;
import io.quickphotos.internal.singletable.Key;
import io.quickphotos.internal.singletable.UpdateAction;
import io.quickphotos.internal.singletable.Value;
import java.util.List;
import java.util.Map;

/**
 * Evaluates an UpdateItem's {@code SET} clauses against the current item, as DynamoDB does:
 * an {@link UpdateAction.Add} is {@code SET p = if_not_exists(p, :zero) + :delta}, so a missing
 * counter starts at zero; a nested path {@code m.k} needs the map {@code m} to exist (a new key
 * inside it is fine). Clause paths never overlap ({@link Rules#action} refused that), so applying
 * the clauses one after another reads the same operands DynamoDB reads from the old image.
 * Stateless.
 */
final class Updates {
  private Updates() {
  }

  /**
   * The new image.
   *
   * @param key the item's key
   * @param current the current item, or null to create one holding just the key
   * @param actions the SET clauses
   * @return the item after the update
   * @throws io.quickphotos.internal.singletable.TableRequestRefusedException if a path cannot be written
   *     or a counter is not a number
   */
  static Item apply(Key key, Item current, List<UpdateAction> actions) {
    Map<String, Value> attributes = current == null
        ? Map.of(Item.PK, new Value.Str(key.pk()), Item.SK, new Value.Str(key.sk()))
        : current.attributes();
    // The new values of the top-level attributes the clauses write, in clause order; a later
    // clause on the same map (reactions.heart, then reactions.smiley) sees the earlier one's.
    String[] names = new String[actions.size()];
    Value[] values = new Value[actions.size()];
    int changed = 0;
    for (UpdateAction action : actions) {
      AttributePath path = action.path();
      String top = path.names().get(0);
      int at = indexOf(names, changed, top);
      Value old = at >= 0 ? values[at] : attributes.get(top);
      Value next;
      if (path.names().size() == 1) {
        next = newValue(action, old);
      } else {
        if (!(old instanceof Value.MapValue parent)) {
          throw Rules.invalid(Rules.PATH_INVALID_FOR_UPDATE);
        }
        String child = path.names().get(1);
        Map<String, Value> entries = parent.value();
        next = new Value.MapValue(with(entries, new String[] {child},
            new Value[] {newValue(action, entries.get(child))}, 1));
      }
      if (at >= 0) {
        values[at] = next;
      } else {
        names[changed] = top;
        values[changed++] = next;
      }
    }
    return new Item(with(attributes, names, values, changed));
  }

  private static int indexOf(String[] names, int count, String name) {
    for (int i = 0; i < count; i++) {
      if (names[i].equals(name)) {
        return i;
      }
    }
    return -1;
  }

  /**
   * An immutable copy of {@code map} with the first {@code count} names set to their values,
   * built in one pass (an immutable map, which {@link Item} and {@link Value.MapValue} keep as
   * they are, instead of a mutable copy that they would copy again).
   */
  private static Map<String, Value> with(Map<String, Value> map, String[] names, Value[] values,
      int count) {
    @SuppressWarnings("unchecked")
    Map.Entry<String, Value>[] entries = new Map.Entry[map.size() + count];
    boolean[] present = new boolean[count];
    int n = 0;
    for (Map.Entry<String, Value> e : map.entrySet()) {
      int at = indexOf(names, count, e.getKey());
      if (at >= 0) {
        present[at] = true;
        entries[n++] = Map.entry(e.getKey(), values[at]);
      } else {
        // Map.ofEntries copies key and value out, so the map's own entry can stand here.
        entries[n++] = e;
      }
    }
    for (int i = 0; i < count; i++) {
      if (!present[i]) {
        entries[n++] = Map.entry(names[i], values[i]);
      }
    }
    return Map.ofEntries(n == entries.length ? entries : java.util.Arrays.copyOf(entries, n));
  }

  private static Value newValue(UpdateAction action, Value old) {
    if (action instanceof UpdateAction.Set set) {
      return set.value();
    }
    long delta = ((UpdateAction.Add) action).delta();
    if (old == null) {
      return Value.Num.of(delta);
    }
    if (!(old instanceof Value.Num number)) {
      throw Rules.invalid(Rules.OPERAND_WRONG_TYPE);
    }
    return new Value.Num(number.value().add(java.math.BigDecimal.valueOf(delta)));
  }
}
