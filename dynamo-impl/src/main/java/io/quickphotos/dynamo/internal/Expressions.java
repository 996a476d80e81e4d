package io.quickphotos.dynamo.internal;

import io.quickphotos.internal.singletable.ItemCondition;
import io.quickphotos.internal.singletable.SortKeyCondition;
import io.quickphotos.internal.singletable.UpdateAction;
import io.quickphotos.internal.singletable.Value;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Builds DynamoDB expressions from plans. Every attribute name goes through an expression
 * attribute name ({@code #a0}) and every operand through an expression attribute value
 * ({@code :v0}), so no name can collide with one of DynamoDB's reserved words and no value is
 * ever spliced into expression text. Stateless, thread-safe.
 */
final class Expressions {
  private Expressions() {
  }

  /**
   * An expression with its placeholders.
   *
   * @param expression the expression text
   * @param names the expression attribute names, empty if none
   * @param values the expression attribute values, empty if none
   */
  record Expression(String expression, Map<String, String> names,
      Map<String, AttributeValue> values) {
  }

  /**
   * A Query's key condition: {@code #pk = :pk}, and the sort-key condition if there is one.
   *
   * @param partitionAttribute the index's partition key attribute
   * @param partitionValue the partition value
   * @param sortAttribute the index's sort key attribute
   * @param condition the sort-key condition, or null
   * @return the KeyConditionExpression and its placeholders
   */
  static Expression keyCondition(String partitionAttribute, String partitionValue,
      String sortAttribute, SortKeyCondition condition) {
    Map<String, String> names = new HashMap<>();
    Map<String, AttributeValue> values = new HashMap<>();
    names.put("#pk", partitionAttribute);
    values.put(":pk", AttributeValue.fromS(partitionValue));
    StringBuilder expression = new StringBuilder("#pk = :pk");
    if (condition != null) {
      names.put("#sk", sortAttribute);
      values.put(":sk", AttributeValue.fromS(condition.value()));
      expression.append(" AND ").append(switch (condition.operator()) {
        case EQ -> "#sk = :sk";
        case LT -> "#sk < :sk";
        case LE -> "#sk <= :sk";
        case GT -> "#sk > :sk";
        case GE -> "#sk >= :sk";
        case BETWEEN -> "#sk BETWEEN :sk AND :upper";
        case BEGINS_WITH -> "begins_with(#sk, :sk)";
      });
      if (condition.operator() == SortKeyCondition.Operator.BETWEEN) {
        values.put(":upper", AttributeValue.fromS(condition.upper()));
      }
    }
    return new Expression(expression.toString(), names, values);
  }

  /**
   * An UpdateItem's {@code SET} expression: {@code #a = :v} for a {@link UpdateAction.Set} and
   * {@code #a = if_not_exists(#a, :zero) + :d} for a {@link UpdateAction.Add}, so a counter that
   * does not exist yet starts at zero. Nested paths become {@code #a.#k}.
   *
   * @param actions the clauses, at least one
   * @return the UpdateExpression and its placeholders
   */
  static Expression update(List<UpdateAction> actions) {
    Map<String, String> aliases = new LinkedHashMap<>();
    Map<String, AttributeValue> values = new HashMap<>();
    StringBuilder expression = new StringBuilder("SET ");
    for (int i = 0; i < actions.size(); i++) {
      UpdateAction action = actions.get(i);
      if (i > 0) {
        expression.append(", ");
      }
      String path = path(action.path().names(), aliases);
      if (action instanceof UpdateAction.Set set) {
        String value = ":v" + i;
        values.put(value, AttributeValues.toSdk(set.value()));
        expression.append(path).append(" = ").append(value);
      } else {
        UpdateAction.Add add = (UpdateAction.Add) action;
        String delta = ":d" + i;
        values.put(delta, AttributeValues.toSdk(Value.Num.of(add.delta())));
        values.put(":zero", AttributeValues.toSdk(Value.Num.of(0)));
        expression.append(path).append(" = if_not_exists(").append(path).append(", :zero) + ")
            .append(delta);
      }
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
    Map<String, String> aliases = new LinkedHashMap<>();
    Map<String, AttributeValue> values = new HashMap<>();
    String text = conditionText(condition, aliases, values);
    Map<String, String> names = new HashMap<>();
    aliases.forEach((name, alias) -> names.put(alias, name));
    return new Expression(text, names, values);
  }

  private static String conditionText(ItemCondition condition, Map<String, String> aliases,
      Map<String, AttributeValue> values) {
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
