package io.quickphotos.internal.singletable.codec;

import io.quickphotos.AppValue;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.UnreadableItemException;
import io.quickphotos.engine.Value;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The application's attributes of a photo or profile as the item stores them: each
 * {@link io.quickphotos.AppValue} as an engine value, all of them in one map under
 * {@link io.quickphotos.internal.singletable.layout.Attributes#APP}, and read back in name order.
 * Stateless and thread-safe.
 */
public final class AppAttributes {
  /** Asked of every photo and profile read: remembered per set of names. */
  private static final Item.Name APP = new Item.Name(ItemCodec.APP);

  /**
   * One application value as stored.
   *
   * @param value the value, already validated
   * @return the engine's value
   */
  public static Value value(AppValue value) {
    if (value instanceof AppValue.Text t) {
      return new Value.Str(t.value());
    }
    if (value instanceof AppValue.Num n) {
      return new Value.Num(n.value());
    }
    if (value instanceof AppValue.Bool b) {
      return new Value.Bool(b.value());
    }
    if (value instanceof AppValue.ListOf l) {
      List<Value> elements = new ArrayList<>(l.values().size());
      for (AppValue element : l.values()) {
        elements.add(value(element));
      }
      return new Value.ListValue(elements);
    }
    return ItemCodec.appAttributes(((AppValue.MapOf) value).values());
  }

  /** The application's attributes of a photo or profile item; empty if it has none. */
  static Map<String, AppValue> attributes(Item item) {
    Optional<Value> stored = item.get(APP);
    if (stored.isEmpty()) {
      return Map.of();
    }
    if (!(stored.get() instanceof Value.MapValue map)) {
      throw new UnreadableItemException("attribute app is not a map in " + item.key());
    }
    return appMap(map);
  }

  private static Map<String, AppValue> appMap(Value.MapValue map) {
    // Sorted, so every read of the same item lists its attributes in the same order.
    Map<String, AppValue> values = new TreeMap<>();
    for (Map.Entry<String, Value> e : map.value().entrySet()) {
      values.put(e.getKey(), appValue(e.getValue()));
    }
    return values;
  }

  private static AppValue appValue(Value value) {
    if (value instanceof Value.Str s) {
      return new AppValue.Text(s.value());
    }
    if (value instanceof Value.Num n) {
      return new AppValue.Num(n.value());
    }
    if (value instanceof Value.Bool b) {
      return new AppValue.Bool(b.value());
    }
    if (value instanceof Value.ListValue l) {
      List<AppValue> elements = new ArrayList<>(l.value().size());
      for (Value element : l.value()) {
        elements.add(appValue(element));
      }
      return new AppValue.ListOf(elements);
    }
    if (value instanceof Value.MapValue m) {
      return new AppValue.MapOf(appMap(m));
    }
    throw new UnreadableItemException("an application attribute holds " + value);
  }

  private AppAttributes() {}
}
