package io.quickphotos.internal.singletable;

/** The condition a write puts on the item it targets, tested against the item's current state. */
public enum ItemCondition {
  /** No condition. */
  NONE(null),
  /** The item must exist: {@code attribute_exists(PK)}. */
  EXISTS("attribute_exists(PK)"),
  /** The item must not exist: {@code attribute_not_exists(PK)}. */
  ABSENT("attribute_not_exists(PK)");

  private final String expression;

  ItemCondition(String expression) {
    this.expression = expression;
  }

  /**
   * The DynamoDB condition expression.
   *
   * @return the expression, or null for {@link #NONE}
   */
  public String expression() {
    return expression;
  }

  /**
   * Whether an item's current state satisfies this condition.
   *
   * @param exists whether the item exists
   * @return true if the write may proceed
   */
  public boolean test(boolean exists) {
    return switch (this) {
      case NONE -> true;
      case EXISTS -> exists;
      case ABSENT -> !exists;
    };
  }
}
