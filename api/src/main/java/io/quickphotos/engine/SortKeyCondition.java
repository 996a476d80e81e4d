package io.quickphotos.engine;

import java.util.Objects;

/**
 * A condition on the sort key of a Query, one of DynamoDB's seven: {@code =}, {@code <},
 * {@code <=}, {@code >}, {@code >=}, {@code BETWEEN} (inclusive) and {@code begins_with}.
 * Comparisons use DynamoDB's string order ({@link Utf8#compare}). Construction does not validate
 * the bounds: a BETWEEN whose lower bound sorts after its upper bound is rejected by the engine,
 * exactly as DynamoDB rejects it.
 *
 * @param operator the comparison
 * @param value the operand; the lower bound of BETWEEN; the prefix of begins_with
 * @param upper the upper bound of BETWEEN, null for the other operators
 */
public record SortKeyCondition(Operator operator, String value, String upper) {

  /** The comparison a sort-key condition makes. */
  public enum Operator {
    /** {@code SK = v}. */
    EQ,
    /** {@code SK < v}. */
    LT,
    /** {@code SK <= v}. */
    LE,
    /** {@code SK > v}. */
    GT,
    /** {@code SK >= v}. */
    GE,
    /** {@code SK BETWEEN v AND upper}, both ends inclusive. */
    BETWEEN,
    /** {@code begins_with(SK, v)}. */
    BEGINS_WITH
  }

  /**
   * Creates a condition.
   *
   * @param operator the comparison
   * @param value the operand
   * @param upper the upper bound, present exactly for BETWEEN
   */
  public SortKeyCondition {
    Objects.requireNonNull(operator, "operator");
    Objects.requireNonNull(value, "value");
    if ((operator == Operator.BETWEEN) != (upper != null)) {
      throw new IllegalArgumentException("an upper bound goes with BETWEEN and only with it");
    }
  }

  /**
   * {@code SK = value}.
   *
   * @param value the operand
   * @return the condition
   */
  public static SortKeyCondition equalTo(String value) {
    return new SortKeyCondition(Operator.EQ, value, null);
  }

  /**
   * {@code SK BETWEEN lower AND upper}.
   *
   * @param lower the inclusive lower bound
   * @param upper the inclusive upper bound
   * @return the condition
   */
  public static SortKeyCondition between(String lower, String upper) {
    return new SortKeyCondition(Operator.BETWEEN, lower, upper);
  }

  /**
   * {@code begins_with(SK, prefix)}.
   *
   * @param prefix the prefix
   * @return the condition
   */
  public static SortKeyCondition beginsWith(String prefix) {
    return new SortKeyCondition(Operator.BEGINS_WITH, prefix, null);
  }

  /**
   * A one-operand comparison.
   *
   * @param operator EQ, LT, LE, GT or GE
   * @param value the operand
   * @return the condition
   */
  public static SortKeyCondition compare(Operator operator, String value) {
    return new SortKeyCondition(operator, value, null);
  }

  /**
   * Whether a sort-key value satisfies this condition.
   *
   * @param sortKey the value
   * @return true if it matches
   */
  public boolean matches(String sortKey) {
    int c = Utf8.compare(sortKey, value);
    return switch (operator) {
      case EQ -> c == 0;
      case LT -> c < 0;
      case LE -> c <= 0;
      case GT -> c > 0;
      case GE -> c >= 0;
      case BETWEEN -> c >= 0 && Utf8.compare(sortKey, upper) <= 0;
      case BEGINS_WITH -> sortKey.startsWith(value);
    };
  }

  @Override
  public String toString() {
    return switch (operator) {
      case EQ -> "SK = " + value;
      case LT -> "SK < " + value;
      case LE -> "SK <= " + value;
      case GT -> "SK > " + value;
      case GE -> "SK >= " + value;
      case BETWEEN -> "SK BETWEEN " + value + " AND " + upper;
      case BEGINS_WITH -> "begins_with(SK, " + value + ")";
    };
  }
}
