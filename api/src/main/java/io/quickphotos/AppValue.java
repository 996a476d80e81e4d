package io.quickphotos;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The value of one of the application's own attributes on a photo ({@link Photo#attributes()}) or
 * a profile ({@link User#attributes()}): text, a number, a boolean, or a list or map of them —
 * what DynamoDB stores natively ({@code S}, {@code N}, {@code BOOL}, {@code L}, {@code M}).
 * Immutable; values compare by content, numbers numerically ({@code 1} equals {@code 1.0}), as
 * DynamoDB compares them.
 *
 * <pre>{@code
 * Map<String, AppValue> attributes =
 *     Map.of(
 *         "width", AppValue.of(4032),
 *         "alt", AppValue.of("A heron on one leg"),
 *         "tags", AppValue.list(AppValue.of("birds"), AppValue.of("lake")));
 * if (photo.attributes().get("width") instanceof AppValue.Num width) {
 *   int pixels = width.value().intValueExact();
 * }
 * }</pre>
 *
 * <p>Like {@link NewUser}, a value is judged by the call it is passed to, which throws
 * {@link InvalidInputException} naming the attribute before any request: no null anywhere; text
 * without control characters other than tab, line feed and carriage return, and without unpaired
 * surrogates (which UTF-8 cannot carry); numbers of at most 38 significant digits, of magnitude
 * 1E-130 to under 1E+126, or zero (DynamoDB's range); map keys 1 to 255 characters of such text;
 * lists and maps nested at most {@value #MAX_DEPTH} deep. Sizes are the call's: see
 * {@link NewPhoto}.
 */
public sealed interface AppValue
    permits AppValue.Text, AppValue.Num, AppValue.Bool, AppValue.ListOf, AppValue.MapOf {

  /** How deep lists and maps may nest inside one attribute's value (DynamoDB allows 32). */
  int MAX_DEPTH = 16;

  /**
   * The most bytes, as DynamoDB counts them, that the application's attributes of one photo or
   * profile may take together: 376 KB, DynamoDB's 400 KB item less 24 KB kept for the layout's
   * own attributes (at most 18 KB on a photo with the longest caption, 7 KB on a profile) and
   * for those a later version may add.
   */
  int MAX_ATTRIBUTES_BYTES = 385_024;

  /**
   * A text value.
   *
   * @param text the text; may be empty
   * @return the value
   */
  static Text of(String text) {
    return new Text(text);
  }

  /**
   * A number value.
   *
   * @param number the number
   * @return the value
   */
  static Num of(long number) {
    return new Num(BigDecimal.valueOf(number));
  }

  /**
   * A number value.
   *
   * @param number the number: at most 38 significant digits, magnitude 1E-130 to under 1E+126
   * @return the value
   */
  static Num of(BigDecimal number) {
    return new Num(number);
  }

  /**
   * A boolean value.
   *
   * @param value the truth value
   * @return the value
   */
  static Bool of(boolean value) {
    return new Bool(value);
  }

  /**
   * A list value.
   *
   * @param elements the elements, in order
   * @return the value
   */
  static ListOf list(AppValue... elements) {
    return new ListOf(elements == null ? null : Arrays.asList(elements));
  }

  /**
   * A list value.
   *
   * @param elements the elements, in order; copied
   * @return the value
   */
  static ListOf list(List<? extends AppValue> elements) {
    return new ListOf(elements == null ? null : new ArrayList<>(elements));
  }

  /**
   * A map value.
   *
   * @param entries the entries by key; copied
   * @return the value
   */
  static MapOf map(Map<String, ? extends AppValue> entries) {
    return new MapOf(entries == null ? null : new LinkedHashMap<>(entries));
  }

  /**
   * Text ({@code S}).
   *
   * @param value the text
   */
  record Text(String value) implements AppValue {}

  /**
   * A number ({@code N}), kept without trailing zeros so that equal numbers are equal values.
   *
   * @param value the number
   */
  record Num(BigDecimal value) implements AppValue {
    /**
     * Creates a number value in canonical form.
     *
     * @param value the number
     */
    public Num {
      if (value != null) {
        value = value.signum() == 0 ? BigDecimal.ZERO : value.stripTrailingZeros();
      }
    }
  }

  /**
   * A boolean ({@code BOOL}).
   *
   * @param value the truth value
   */
  record Bool(boolean value) implements AppValue {}

  /**
   * A list ({@code L}).
   *
   * @param values the elements, in order (an unmodifiable copy)
   */
  record ListOf(List<AppValue> values) implements AppValue {
    /**
     * Creates a list value; the list is copied.
     *
     * @param values the elements
     */
    public ListOf {
      if (values != null) {
        values = Collections.unmodifiableList(new ArrayList<>(values));
      }
    }
  }

  /**
   * A map ({@code M}).
   *
   * @param values the entries by key (an unmodifiable copy, in the given order)
   */
  record MapOf(Map<String, AppValue> values) implements AppValue {
    /**
     * Creates a map value; the map is copied.
     *
     * @param values the entries
     */
    public MapOf {
      if (values != null) {
        values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
      }
    }
  }
}
