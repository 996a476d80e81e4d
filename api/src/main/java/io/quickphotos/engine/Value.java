package io.quickphotos.engine;

import java.math.BigDecimal;
import java.util.Map;
import java.util.Objects;

/**
 * An attribute value, the engine-neutral twin of DynamoDB's {@code AttributeValue}: string,
 * number, boolean, null, map and list. Values are immutable and compare by content; numbers
 * compare numerically ({@code 1} equals {@code 1.0}), as DynamoDB does.
 */
public sealed interface Value {

  /**
   * The value's size as DynamoDB counts it toward item size and capacity.
   *
   * @return size in bytes
   */
  int size();

  /**
   * A string value.
   *
   * @param value the text
   */
  record Str(String value) implements Value {
    /**
     * Creates a string value.
     *
     * @param value the text, not null
     */
    public Str {
      Objects.requireNonNull(value, "value");
    }

    @Override
    public int size() {
      return Utf8.length(value);
    }
  }

  /**
   * A number value, kept in canonical form so equal numbers are equal records.
   *
   * @param value the number, without trailing zeros
   */
  record Num(BigDecimal value) implements Value {
    /**
     * Creates a number value.
     *
     * @param value the number, not null
     */
    public Num {
      value = value.signum() == 0 ? BigDecimal.ZERO : value.stripTrailingZeros();
    }

    /**
     * The value of a number already in canonical form (as items store them): small integers
     * share the cached value, so reading a counter makes nothing new.
     *
     * @param value the number, without trailing zeros
     * @return the value
     */
    public static Num ofCanonical(BigDecimal value) {
      // An integer under 1,024 has at most four digits left of the point.
      if (value.signum() >= 0 && value.scale() <= 0 && value.precision() - value.scale() <= 4) {
        int small = value.intValue();
        if (small < SMALL.length) {
          return SMALL[small];
        }
      }
      return new Num(value);
    }

    /**
     * A number value from a long.
     *
     * @param value the number
     * @return the value
     */
    public static Num of(long value) {
      // Counters are mostly small; one shared value each, not one per item.
      return value >= 0 && value < SMALL.length
          ? SMALL[(int) value]
          : new Num(BigDecimal.valueOf(value));
    }

    /** Counters and revisions under 1,024 share one value each: no BigDecimal made per write. */
    private static final Num[] SMALL = new Num[1024];

    static {
      for (int i = 0; i < SMALL.length; i++) {
        SMALL[i] = new Num(BigDecimal.valueOf(i));
      }
    }

    /**
     * The number's size as DynamoDB counts it: the length of its stored encoding, which the
     * documentation gives only "approximately" (one byte per two significant digits, plus one).
     * DynamoDB stores a number as one byte of sign and exponent and one byte per pair of decimal
     * digits, the pairs aligned on the decimal point (so {@code 120} is {@code 1|20}, two pairs,
     * where {@code 12} and {@code 1200} are one), and a negative number of fewer than 20 pairs
     * one terminating byte more; zero is one byte. This is DynamoDB Local's
     * {@code LocalDBUtils.encodeBigDecimal}, and the item-size tests at the 400 KB limit on both
     * engines ({@code ItemSizeAgreementTest}) pin it: {@code 1.2} is 3 bytes, {@code -1} 3,
     * {@code 120} 3, where the approximation says 2.
     *
     * @return size in bytes
     */
    @Override
    public int size() {
      return size(value);
    }

    /**
     * {@link #size()} of a number in canonical form, without a {@code Num} around it.
     *
     * @param value the number, without trailing zeros
     * @return size in bytes
     */
    public static int size(BigDecimal value) {
      int signum = value.signum();
      if (signum == 0) {
        return 1;
      }
      int precision = value.precision();
      // Digits left of the decimal point (negative for 0.00x): odd means the first pair is
      // half-empty.
      int integerDigits = precision - value.scale();
      int pairs = (precision + (integerDigits % 2 != 0 ? 1 : 0) + 1) / 2;
      return 1 + pairs + (signum < 0 && pairs < 20 ? 1 : 0);
    }
  }

  /**
   * A boolean value.
   *
   * @param value the truth value
   */
  record Bool(boolean value) implements Value {
    @Override
    public int size() {
      return 1;
    }
  }

  /** The null value. */
  record Null() implements Value {
    @Override
    public int size() {
      return 1;
    }
  }

  /**
   * A map of named values.
   *
   * @param value the entries
   */
  record MapValue(Map<String, Value> value) implements Value {
    /**
     * Creates a map value; the map is copied.
     *
     * @param value the entries, without null keys or values
     */
    public MapValue {
      value = Map.copyOf(value);
    }

    @Override
    public int size() {
      int size = 3;
      for (Map.Entry<String, Value> e : value.entrySet()) {
        size += Utf8.length(e.getKey()) + e.getValue().size() + 1;
      }
      return size;
    }
  }

  /**
   * A list of values.
   *
   * @param value the elements
   */
  record ListValue(java.util.List<Value> value) implements Value {
    /**
     * Creates a list value; the list is copied.
     *
     * @param value the elements, without nulls
     */
    public ListValue {
      value = java.util.List.copyOf(value);
    }

    @Override
    public int size() {
      int size = 3;
      for (Value v : value) {
        size += v.size() + 1;
      }
      return size;
    }
  }
}
