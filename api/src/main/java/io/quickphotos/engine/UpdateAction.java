package io.quickphotos.engine;

/** One clause of an UpdateItem's update expression: a {@code SET} or a {@code REMOVE}. */
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
   * {@code SET path = if_not_exists(path, :value)}: writes the value only where the attribute is
   * missing, so the first of several writers decides it and the others read it back (the
   * cascades' incarnation markers).
   *
   * @param path the attribute written
   * @param value the value it takes if it is missing
   */
  record SetIfAbsent(AttributePath path, Value value) implements UpdateAction {}

  /**
   * {@code REMOVE path}: the attribute is deleted; removing one that is missing is no error, as
   * in DynamoDB.
   *
   * @param path the attribute removed (top level)
   */
  record Remove(AttributePath path) implements UpdateAction {}
}
