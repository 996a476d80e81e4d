package io.quickphotos.engine;

import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * The condition a write puts on the item it targets, tested against the item's current state: a
 * small tree of DynamoDB condition-expression functions and comparisons. Both engines give every
 * node DynamoDB's meaning; in particular a comparison with a missing attribute (or one of another
 * type) is false, so {@code NOT (status = :closing)} holds when {@code status} is missing.
 */
public sealed interface ItemCondition {
  /** No condition. */
  ItemCondition NONE = new Always();

  /** The item must exist: {@code attribute_exists(PK)}. */
  ItemCondition EXISTS = new ItemExists();

  /** The item must not exist: {@code attribute_not_exists(PK)}. */
  ItemCondition ABSENT = new ItemAbsent();

  /**
   * All of the conditions, as one flat AND: the terms of an AND among them are taken in its place,
   * and {@link #NONE} is left out. The one way plans combine conditions, so a request reads the
   * same however its terms were put together: the first condition's terms first, then the next's.
   *
   * @param conditions any conditions
   * @return {@code c1 AND c2 …}; the one condition if there is one; {@link #NONE} if none is left
   */
  static ItemCondition and(ItemCondition... conditions) {
    // A loop, not a stream: plans build conditions on every call.
    java.util.ArrayList<ItemCondition> terms = new java.util.ArrayList<>(conditions.length + 2);
    for (ItemCondition condition : conditions) {
      if (condition instanceof And and) {
        terms.addAll(and.conditions());
      } else if (!(condition instanceof Always)) {
        terms.add(Objects.requireNonNull(condition, "condition"));
      }
    }
    return terms.isEmpty() ? NONE : terms.size() == 1 ? terms.get(0) : new And(terms);
  }

  /**
   * The negation of a condition.
   *
   * @param condition the condition
   * @return {@code NOT condition}
   */
  static ItemCondition not(ItemCondition condition) {
    return new Not(condition);
  }

  /**
   * The condition as DynamoDB condition-expression text with values written inline, for people
   * to read (the DynamoDB engine sends placeholders instead).
   *
   * @return readable text, or {@code "none"} for {@link #NONE}
   */
  String describe();

  /** No condition: the write always proceeds. */
  record Always() implements ItemCondition {
    @Override
    public String describe() {
      return "none";
    }
  }

  /** {@code attribute_exists(PK)}: the item exists. */
  record ItemExists() implements ItemCondition {
    @Override
    public String describe() {
      return "attribute_exists(PK)";
    }
  }

  /** {@code attribute_not_exists(PK)}: the item does not exist. */
  record ItemAbsent() implements ItemCondition {
    @Override
    public String describe() {
      return "attribute_not_exists(PK)";
    }
  }

  /**
   * {@code attribute_exists(path)}.
   *
   * @param path the attribute
   */
  record AttributeExists(AttributePath path) implements ItemCondition {
    /**
     * Creates the condition.
     *
     * @param path the attribute, not null
     */
    public AttributeExists {
      Objects.requireNonNull(path, "path");
    }

    @Override
    public String describe() {
      return "attribute_exists(" + path + ")";
    }
  }

  /**
   * {@code path = value}: false when the attribute is missing or differs.
   *
   * @param path the attribute
   * @param value the value it must equal
   */
  record AttributeEquals(AttributePath path, Value value) implements ItemCondition {
    /**
     * Creates the condition.
     *
     * @param path the attribute, not null
     * @param value the value, not null
     */
    public AttributeEquals {
      Objects.requireNonNull(path, "path");
      Objects.requireNonNull(value, "value");
    }

    @Override
    public String describe() {
      // A map or list (a measured edit's attributes as read) is shown as its placeholder.
      return path
          + " = "
          + (value instanceof Value.MapValue || value instanceof Value.ListValue
              ? ":" + path.last()
              : shown(value));
    }
  }

  /**
   * {@code path >= minimum} on a number attribute: false when the attribute is missing or not a
   * number.
   *
   * @param path the attribute
   * @param minimum the smallest value that satisfies the condition
   */
  record AtLeast(AttributePath path, long minimum) implements ItemCondition {
    /**
     * Creates the condition.
     *
     * @param path the attribute, not null
     * @param minimum the bound
     */
    public AtLeast {
      Objects.requireNonNull(path, "path");
    }

    @Override
    public String describe() {
      return path + " >= " + minimum;
    }
  }

  /**
   * {@code NOT condition}.
   *
   * @param condition the negated condition
   */
  record Not(ItemCondition condition) implements ItemCondition {
    /**
     * Creates the condition.
     *
     * @param condition the negated condition, not {@link #NONE}
     */
    public Not {
      Objects.requireNonNull(condition, "condition");
      if (condition instanceof Always) {
        throw new IllegalArgumentException("NOT of no condition");
      }
    }

    @Override
    public String describe() {
      return "NOT (" + condition.describe() + ")";
    }
  }

  /**
   * {@code c1 AND c2 …}.
   *
   * @param conditions two or more conditions, none of them {@link #NONE}
   */
  record And(List<ItemCondition> conditions) implements ItemCondition {
    /**
     * Creates the condition; the list is copied.
     *
     * @param conditions two or more conditions
     */
    public And {
      conditions = List.copyOf(conditions);
      boolean real = conditions.size() >= 2;
      // A loop, not a stream: plans build conditions on every call.
      for (int i = 0; real && i < conditions.size(); i++) {
        real = !(conditions.get(i) instanceof Always);
      }
      if (!real) {
        throw new IllegalArgumentException("AND needs two or more real conditions: " + conditions);
      }
    }

    @Override
    public String describe() {
      return conditions.stream().map(ItemCondition::grouped).collect(Collectors.joining(" AND "));
    }
  }

  private static String grouped(ItemCondition condition) {
    return condition instanceof And ? "(" + condition.describe() + ")" : condition.describe();
  }

  private static String shown(Value value) {
    if (value instanceof Value.Num n) {
      return n.value().toPlainString();
    }
    return value instanceof Value.Str s ? '"' + s.value() + '"' : value.toString();
  }
}
