package io.quickphotos.dynamo.internal;

import io.quickphotos.QuickPhotosException;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.Value;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Converts between the engine-neutral {@link Value} and the SDK's {@link AttributeValue}, for the
 * six types the single-table design stores: S, N, BOOL, NULL, M and L. Stateless, thread-safe.
 */
final class AttributeValues {
  /**
   * The numbers 0 to 10 both ways: most numbers in the table are counters, and most counters are
   * small, so these are shared rather than made (and parsed or printed) per attribute.
   */
  private static final int SMALL = 10;

  private static final AttributeValue[] SMALL_SDK = new AttributeValue[SMALL + 1];
  private static final Value.Num[] SMALL_NUM = new Value.Num[SMALL + 1];

  /** Digits a long always holds: 18 (Long.MAX_VALUE has 19). */
  private static final int LONG_DIGITS = 18;

  static {
    for (int i = 0; i <= SMALL; i++) {
      SMALL_SDK[i] = AttributeValue.fromN(Integer.toString(i));
      SMALL_NUM[i] = Value.Num.of(i);
    }
  }

  private AttributeValues() {}

  static AttributeValue toSdk(Value value) {
    if (value instanceof Value.Str s) {
      return AttributeValue.fromS(s.value());
    }
    if (value instanceof Value.Num n) {
      BigDecimal number = n.value();
      if (number.scale() == 0 && number.signum() >= 0 && number.compareTo(BigDecimal.TEN) <= 0) {
        return SMALL_SDK[number.intValue()];
      }
      // Plain notation: DynamoDB accepts exponents too, but plain digits are what it returns,
      // so what goes in reads the same as what comes back.
      return AttributeValue.fromN(number.toPlainString());
    }
    if (value instanceof Value.Bool b) {
      return AttributeValue.fromBool(b.value());
    }
    if (value instanceof Value.Null) {
      return AttributeValue.fromNul(true);
    }
    if (value instanceof Value.MapValue m) {
      return AttributeValue.fromM(toSdk(m.value()));
    }
    Value.ListValue l = (Value.ListValue) value;
    List<AttributeValue> elements = new ArrayList<>(l.value().size());
    for (Value v : l.value()) {
      elements.add(toSdk(v));
    }
    return AttributeValue.fromL(elements);
  }

  static Map<String, AttributeValue> toSdk(Map<String, Value> values) {
    Map<String, AttributeValue> sdk = new HashMap<>(values.size() * 2);
    values.forEach((name, value) -> sdk.put(name, toSdk(value)));
    return sdk;
  }

  static Map<String, AttributeValue> toSdk(Item item) {
    return toSdk(item.attributes());
  }

  /** The key as the SDK's key map; on the inverted index the same two attributes. */
  static Map<String, AttributeValue> toSdk(Key key) {
    return Map.of(Item.PK, AttributeValue.fromS(key.pk()), Item.SK, AttributeValue.fromS(key.sk()));
  }

  static Value fromSdk(AttributeValue value) {
    return switch (value.type()) {
      case S -> new Value.Str(value.s());
      case N -> number(value.n());
      case BOOL -> new Value.Bool(value.bool());
      case NUL -> new Value.Null();
      case M -> new Value.MapValue(fromSdk(value.m()));
      case L -> {
        List<Value> elements = new ArrayList<>(value.l().size());
        for (AttributeValue v : value.l()) {
          elements.add(fromSdk(v));
        }
        yield new Value.ListValue(elements);
      }
      // Only another writer of the table can have stored these; name the type so the table's
      // owner can find out which.
      default ->
          throw new QuickPhotosException(
              "the table holds an attribute of type "
                  + value.type()
                  + ", which quickphotos never writes and cannot read");
    };
  }

  /**
   * A number as DynamoDB returns it. Integers of up to 18 digits, which is what counters are,
   * are read without {@link BigDecimal}'s general parser, to the same value and scale (0) it
   * gives them; the rest, fractions and exponents included, go through it.
   */
  static Value.Num number(String text) {
    int length = text.length();
    int start = length > 0 && text.charAt(0) == '-' ? 1 : 0;
    if (length == start || length - start > LONG_DIGITS) {
      return new Value.Num(new BigDecimal(text));
    }
    long magnitude = 0;
    for (int i = start; i < length; i++) {
      char c = text.charAt(i);
      if (c < '0' || c > '9') {
        return new Value.Num(new BigDecimal(text));
      }
      magnitude = magnitude * 10 + (c - '0');
    }
    if (start == 0 && magnitude <= SMALL) {
      return SMALL_NUM[(int) magnitude];
    }
    return new Value.Num(BigDecimal.valueOf(start == 0 ? magnitude : -magnitude));
  }

  /**
   * The values as an immutable map, built once: {@link Item} and {@link Value.MapValue} keep an
   * immutable map as it is, where a mutable one would be copied again on every item read.
   */
  static Map<String, Value> fromSdk(Map<String, AttributeValue> values) {
    Entries entries = new Entries(values.size());
    // forEach, not entrySet(): the SDK hands out its maps wrapped unmodifiable, whose entry
    // iterator makes a wrapper per entry.
    values.forEach(entries);
    return Map.ofEntries(entries.entries);
  }

  /** Collects converted entries into an array for {@link Map#ofEntries}. */
  private static final class Entries implements BiConsumer<String, AttributeValue> {
    private final Map.Entry<String, Value>[] entries;
    private int next;

    @SuppressWarnings({"unchecked", "rawtypes"})
    Entries(int size) {
      entries = new Map.Entry[size];
    }

    @Override
    public void accept(String name, AttributeValue value) {
      entries[next++] = Map.entry(name, fromSdk(value));
    }
  }

  static Item item(Map<String, AttributeValue> attributes) {
    return new Item(fromSdk(attributes));
  }

  /** A key from a LastEvaluatedKey or an UnprocessedKeys entry: PK and SK, as strings. */
  static Key key(Map<String, AttributeValue> attributes) {
    AttributeValue pk = attributes.get(Item.PK);
    AttributeValue sk = attributes.get(Item.SK);
    if (pk == null || sk == null || pk.s() == null || sk.s() == null) {
      throw new QuickPhotosException(
          "DynamoDB returned a key without string PK and SK: " + attributes.keySet());
    }
    return new Key(pk.s(), sk.s());
  }
}
