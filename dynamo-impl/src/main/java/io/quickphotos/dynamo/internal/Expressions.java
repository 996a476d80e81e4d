package io.quickphotos.dynamo.internal;

import io.quickphotos.engine.ItemCondition;
import io.quickphotos.engine.SortKeyCondition;
import io.quickphotos.engine.UpdateAction;
import io.quickphotos.engine.Value;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReferenceArray;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Builds DynamoDB expressions from plans. Every attribute name goes through an expression
 * attribute name ({@code #a0}) and every operand through an expression attribute value
 * ({@code :v0}), so no name can collide with one of DynamoDB's reserved words and no value is
 * ever spliced into expression text. Thread-safe: the only state is a bounded cache of immutable
 * results ({@link #write}).
 */
final class Expressions {
  /**
   * The most write shapes {@link #write} remembers. The repository's conditions and counter
   * updates are a few dozen fixed shapes (an existing, active user; an open photo; a counter of
   * one attribute), so this bound is never reached in practice; it only keeps a caller that
   * makes ever new shapes from growing the cache without limit (those are then built per call).
   */
  private static final int MAX_CACHED = 512;

  private static final Map<WriteShape, Write> WRITES = new ConcurrentHashMap<>();

  /**
   * The expressions of recently used conditions by identity, ahead of {@link #WRITES}: the
   * repository's conditions are mostly constants ({@code ItemCondition.ABSENT}, an active user),
   * for which this skips hashing the condition tree (a counter update's clauses are still
   * compared, but they are short). A slot holds the last shape that hashed to it, so a caller
   * making a new condition per call only overwrites slots.
   */
  private static final int RECENT_SLOTS = 64;

  private static final AtomicReferenceArray<Recent> RECENT =
      new AtomicReferenceArray<>(RECENT_SLOTS);
  private static final Expression EXISTS =
      new Expression("attribute_exists(PK)", Map.of(), Map.of());
  private static final Expression ABSENT =
      new Expression("attribute_not_exists(PK)", Map.of(), Map.of());
  private static final AttributeValue ZERO = AttributeValue.fromN("0");
  private static final AttributeValue EMPTY_LIST = AttributeValue.fromL(List.of());

  private Expressions() {}

  /**
   * The expressions of one write request, with the placeholders of both in one pair of maps, as
   * the request takes them.
   *
   * @param update the UpdateExpression, or null for a request without one
   * @param condition the ConditionExpression, or null for none
   * @param names the expression attribute names, or null if none (DynamoDB refuses an empty map)
   * @param values the expression attribute values, or null if none
   */
  record Write(
      String update,
      String condition,
      Map<String, String> names,
      Map<String, AttributeValue> values) {}

  private record Recent(ItemCondition condition, List<UpdateAction> actions, Write write) {}

  /** What a {@link Write} is made from; records, so equal shapes are equal keys. */
  private record WriteShape(ItemCondition condition, List<UpdateAction> actions) {}

  /**
   * A write's condition and, for an update, its SET expression, as one request's expressions.
   * Remembered per shape when the shape holds only the repository's own constants (a condition,
   * counters): building the text and maps costs more than the rest of the request's mapping,
   * and the same few shapes recur on every call. An update that sets values is built each time,
   * so no caller's data is kept here.
   *
   * @param condition the condition, {@link ItemCondition#NONE} for none
   * @param actions the update's clauses, or null for a put, delete or check
   * @return the expressions; immutable
   */
  static Write write(ItemCondition condition, List<UpdateAction> actions) {
    if (actions != null && !countersOnly(actions)) {
      return build(condition, actions);
    }
    int slot =
        (System.identityHashCode(condition) * 31 + (actions == null ? 0 : actions.hashCode()))
            & (RECENT_SLOTS - 1);
    Recent recent = RECENT.get(slot);
    if (recent != null
        && recent.condition() == condition
        && Objects.equals(recent.actions(), actions)) {
      return recent.write();
    }
    Write write = shaped(condition, actions);
    RECENT.set(slot, new Recent(condition, actions, write));
    return write;
  }

  private static Write shaped(ItemCondition condition, List<UpdateAction> actions) {
    WriteShape shape = new WriteShape(condition, actions);
    Write cached = WRITES.get(shape);
    if (cached != null) {
      return cached;
    }
    Write built = build(condition, actions);
    if (WRITES.size() < MAX_CACHED) {
      WRITES.putIfAbsent(shape, built);
    }
    return built;
  }

  private static boolean countersOnly(List<UpdateAction> actions) {
    for (UpdateAction action : actions) {
      if (!(action instanceof UpdateAction.Add)) {
        return false;
      }
    }
    return true;
  }

  private static Write build(ItemCondition condition, List<UpdateAction> actions) {
    Expression when = condition(condition);
    Expression set = actions == null ? null : update(actions);
    Map<String, String> names =
        merged(when == null ? null : when.names(), set == null ? null : set.names());
    Map<String, AttributeValue> values =
        merged(when == null ? null : when.values(), set == null ? null : set.values());
    return new Write(
        set == null ? null : set.expression(),
        when == null ? null : when.expression(),
        names == null ? null : Map.copyOf(names),
        values == null ? null : Map.copyOf(values));
  }

  /**
   * An expression with its placeholders.
   *
   * @param expression the expression text
   * @param names the expression attribute names, empty if none
   * @param values the expression attribute values, empty if none
   */
  record Expression(
      String expression, Map<String, String> names, Map<String, AttributeValue> values) {}

  /**
   * A Query's key condition: {@code #pk = :pk}, and the sort-key condition if there is one.
   *
   * @param partitionAttribute the index's partition key attribute
   * @param partitionValue the partition value
   * @param sortAttribute the index's sort key attribute
   * @param condition the sort-key condition, or null
   * @return the KeyConditionExpression and its placeholders
   */
  static Expression keyCondition(
      String partitionAttribute,
      String partitionValue,
      String sortAttribute,
      SortKeyCondition condition) {
    AttributeValue partition = AttributeValue.fromS(partitionValue);
    if (condition == null) {
      return new Expression(
          "#pk = :pk", Map.of("#pk", partitionAttribute), Map.of(":pk", partition));
    }
    Map<String, String> names = Map.of("#pk", partitionAttribute, "#sk", sortAttribute);
    AttributeValue sort = AttributeValue.fromS(condition.value());
    // Whole texts, not appended per call: there are only seven.
    String text =
        switch (condition.operator()) {
          case EQ -> "#pk = :pk AND #sk = :sk";
          case LT -> "#pk = :pk AND #sk < :sk";
          case LE -> "#pk = :pk AND #sk <= :sk";
          case GT -> "#pk = :pk AND #sk > :sk";
          case GE -> "#pk = :pk AND #sk >= :sk";
          case BETWEEN -> "#pk = :pk AND #sk BETWEEN :sk AND :upper";
          case BEGINS_WITH -> "#pk = :pk AND begins_with(#sk, :sk)";
        };
    Map<String, AttributeValue> values =
        condition.operator() == SortKeyCondition.Operator.BETWEEN
            ? Map.of(
                ":pk", partition, ":sk", sort, ":upper", AttributeValue.fromS(condition.upper()))
            : Map.of(":pk", partition, ":sk", sort);
    return new Expression(text, names, values);
  }

  /**
   * An UpdateItem's {@code SET} and {@code REMOVE} expression: {@code #a = :v} for a
   * {@link UpdateAction.Set}; {@code #a = if_not_exists(#a, :zero) + :d} for a
   * {@link UpdateAction.Add} or {@link UpdateAction.AddNumber}, so a number that does not exist
   * yet starts at zero; {@code #a = list_append(if_not_exists(#a, :empty), :l)} for an
   * {@link UpdateAction.Append}, so a list that does not exist yet starts empty;
   * {@code #a = if_not_exists(#a, :v)} for a {@link UpdateAction.SetIfAbsent}; and
   * {@code REMOVE #a} for a {@link UpdateAction.Remove}. Nested paths become {@code #a.#k} or
   * {@code #a.#k.#j}.
   *
   * @param actions the clauses, at least one
   * @return the UpdateExpression and its placeholders
   */
  static Expression update(List<UpdateAction> actions) {
    Map<String, String> aliases = new LinkedHashMap<>();
    Map<String, AttributeValue> values = new HashMap<>();
    StringBuilder expression = new StringBuilder();
    StringBuilder removes = new StringBuilder();
    for (int i = 0; i < actions.size(); i++) {
      UpdateAction action = actions.get(i);
      String path = path(action.path().names(), aliases);
      if (action instanceof UpdateAction.Remove) {
        removes.append(removes.length() == 0 ? "REMOVE " : ", ").append(path);
        continue;
      }
      expression.append(expression.length() == 0 ? "SET " : ", ");
      if (action instanceof UpdateAction.Set set) {
        String value = ":v" + i;
        values.put(value, AttributeValues.toSdk(set.value()));
        expression.append(path).append(" = ").append(value);
      } else if (action instanceof UpdateAction.SetIfAbsent ifAbsent) {
        String value = ":v" + i;
        values.put(value, AttributeValues.toSdk(ifAbsent.value()));
        expression
            .append(path)
            .append(" = if_not_exists(")
            .append(path)
            .append(", ")
            .append(value)
            .append(')');
      } else if (action instanceof UpdateAction.AddNumber add) {
        String delta = ":d" + i;
        values.put(delta, AttributeValues.toSdk(new Value.Num(add.delta())));
        values.put(":zero", ZERO);
        expression
            .append(path)
            .append(" = if_not_exists(")
            .append(path)
            .append(", :zero) + ")
            .append(delta);
      } else if (action instanceof UpdateAction.Append append) {
        String appended = ":l" + i;
        values.put(appended, AttributeValues.toSdk(new Value.ListValue(append.values())));
        values.put(":empty", EMPTY_LIST);
        expression
            .append(path)
            .append(" = list_append(if_not_exists(")
            .append(path)
            .append(", :empty), ")
            .append(appended)
            .append(')');
      } else {
        UpdateAction.Add add = (UpdateAction.Add) action;
        String delta = ":d" + i;
        values.put(delta, AttributeValues.toSdk(Value.Num.of(add.delta())));
        values.put(":zero", ZERO);
        expression
            .append(path)
            .append(" = if_not_exists(")
            .append(path)
            .append(", :zero) + ")
            .append(delta);
      }
    }
    if (removes.length() > 0) {
      expression.append(expression.length() == 0 ? "" : " ").append(removes);
    }
    Map<String, String> names = new HashMap<>();
    aliases.forEach((name, alias) -> names.put(alias, name));
    return new Expression(expression.toString(), names, values);
  }

  /**
   * A write's ConditionExpression. {@link ItemCondition#EXISTS} and {@link ItemCondition#ABSENT}
   * stay {@code attribute_exists(PK)} and {@code attribute_not_exists(PK)} ({@code PK} is no
   * reserved word); other attribute names become {@code #c0, #c1 …} and operands
   * {@code :c0, :c1 …}, which no update expression uses, so both can share one request.
   *
   * @param condition the condition
   * @return the expression and its placeholders, or null for {@link ItemCondition#NONE}
   */
  static Expression condition(ItemCondition condition) {
    if (condition instanceof ItemCondition.Always) {
      return null;
    }
    if (condition instanceof ItemCondition.ItemExists) {
      return EXISTS;
    }
    if (condition instanceof ItemCondition.ItemAbsent) {
      return ABSENT;
    }
    Map<String, String> aliases = new LinkedHashMap<>();
    Map<String, AttributeValue> values = new HashMap<>();
    String text = conditionText(condition, aliases, values);
    Map<String, String> names = new HashMap<>();
    aliases.forEach((name, alias) -> names.put(alias, name));
    return new Expression(text, names, values);
  }

  private static String conditionText(
      ItemCondition condition, Map<String, String> aliases, Map<String, AttributeValue> values) {
    if (condition instanceof ItemCondition.ItemExists) {
      return "attribute_exists(PK)";
    }
    if (condition instanceof ItemCondition.ItemAbsent) {
      return "attribute_not_exists(PK)";
    }
    if (condition instanceof ItemCondition.AttributeExists exists) {
      return "attribute_exists(" + conditionPath(exists.path().names(), aliases) + ")";
    }
    if (condition instanceof ItemCondition.AttributeEquals equals) {
      String operand = ":c" + values.size();
      values.put(operand, AttributeValues.toSdk(equals.value()));
      return conditionPath(equals.path().names(), aliases) + " = " + operand;
    }
    if (condition instanceof ItemCondition.AtLeast atLeast) {
      String operand = ":c" + values.size();
      values.put(operand, AttributeValues.toSdk(Value.Num.of(atLeast.minimum())));
      return conditionPath(atLeast.path().names(), aliases) + " >= " + operand;
    }
    if (condition instanceof ItemCondition.Not not) {
      return "NOT (" + conditionText(not.condition(), aliases, values) + ")";
    }
    if (condition instanceof ItemCondition.And and) {
      StringBuilder text = new StringBuilder();
      for (ItemCondition part : and.conditions()) {
        if (text.length() > 0) {
          text.append(" AND ");
        }
        text.append('(').append(conditionText(part, aliases, values)).append(')');
      }
      return text.toString();
    }
    throw new IllegalArgumentException("no expression for " + condition);
  }

  private static String conditionPath(List<String> segments, Map<String, String> aliases) {
    StringBuilder path = new StringBuilder();
    for (String segment : segments) {
      if (path.length() > 0) {
        path.append('.');
      }
      path.append(aliases.computeIfAbsent(segment, s -> "#c" + aliases.size()));
    }
    return path.toString();
  }

  /**
   * The placeholders of two expressions of one request together.
   *
   * @param first the first expression's placeholders
   * @param second the second's, or null
   * @return the union, or null if empty (DynamoDB refuses empty placeholder maps)
   */
  static <V> Map<String, V> merged(Map<String, V> first, Map<String, V> second) {
    if (second == null || second.isEmpty()) {
      return first == null || first.isEmpty() ? null : first;
    }
    if (first == null || first.isEmpty()) {
      return second;
    }
    Map<String, V> all = new HashMap<>();
    if (first != null) {
      all.putAll(first);
    }
    if (second != null) {
      all.putAll(second);
    }
    return all.isEmpty() ? null : all;
  }

  private static String path(List<String> segments, Map<String, String> aliases) {
    StringBuilder path = new StringBuilder();
    for (String segment : segments) {
      if (path.length() > 0) {
        path.append('.');
      }
      path.append(aliases.computeIfAbsent(segment, s -> "#a" + aliases.size()));
    }
    return path.toString();
  }
}
