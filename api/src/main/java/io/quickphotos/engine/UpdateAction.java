package io.quickphotos.engine;

import java.math.BigDecimal;
import java.util.List;
import java.util.Objects;

/**
 * One clause of an UpdateItem's update expression: a {@code SET} (of a value, a counter, a value
 * only where missing, a list appended to) or a {@code REMOVE}. A nested path needs every map
 * above its last segment to exist, as in DynamoDB; a new key inside an existing map is fine.
 */
public sealed interface UpdateAction {

  /**
   * The path the clause writes.
   *
   * @return the path
   */
  AttributePath path();

  /**
   * {@code SET path = :value}.
   *
   * @param path the attribute written
   * @param value the new value
   */
  record Set(AttributePath path, Value value) implements UpdateAction {}

  /**
   * {@code SET path = if_not_exists(path, :zero) + :delta}: a counter that starts at zero. The
   * parent map of a nested path must exist, as in DynamoDB.
   *
   * @param path the counter
   * @param delta the amount to add, negative to subtract
   */
  record Add(AttributePath path, long delta) implements UpdateAction {}

  /**
   * {@code SET path = if_not_exists(path, :zero) + :delta} with any number DynamoDB stores: the
   * application's counters, which may count in fractions. DynamoDB refuses a sum of more than 38
   * significant digits or out of its range, and a {@code path} that holds something other than
   * a number. This is DynamoDB's {@code ADD} of a number in its {@code SET} form, which, unlike
   * {@code ADD}, the documentation allows inside a map.
   *
   * @param path the number
   * @param delta the amount to add, negative to subtract
   */
  record AddNumber(AttributePath path, BigDecimal delta) implements UpdateAction {
    /**
     * Creates the clause.
     *
     * @param path the number, not null
     * @param delta the amount, not null
     */
    public AddNumber {
      Objects.requireNonNull(path, "path");
      Objects.requireNonNull(delta, "delta");
    }
  }

  /**
   * {@code SET path = list_append(if_not_exists(path, :empty), :values)}: the values added at the
   * end of the list, which starts empty where it is missing. DynamoDB refuses a {@code path}
   * that holds something other than a list.
   *
   * @param path the list
   * @param values the values appended, in order (copied)
   */
  record Append(AttributePath path, List<Value> values) implements UpdateAction {
    /**
     * Creates the clause; the values are copied.
     *
     * @param path the list, not null
     * @param values the values, not null
     */
    public Append {
      Objects.requireNonNull(path, "path");
      values = List.copyOf(values);
    }
  }

  /**
   * {@code SET path = if_not_exists(path, :value)}: writes the value only where the attribute is
   * missing, so the first of several writers decides it and the others read it back (the
   * cascades' incarnation markers).
   *
   * @param path the attribute written
   * @param value the value it takes if it is missing
   */
  record SetIfAbsent(AttributePath path, Value value) implements UpdateAction {}

  /**
   * {@code REMOVE path}: the attribute or map key is deleted; removing one that is missing is no
   * error, as in DynamoDB, but the maps above a nested path's last segment must exist.
   *
   * @param path the attribute or key removed
   */
  record Remove(AttributePath path) implements UpdateAction {}
}
