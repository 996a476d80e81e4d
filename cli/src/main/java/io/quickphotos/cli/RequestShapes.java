package io.quickphotos.cli;

import io.quickphotos.internal.singletable.Index;
import io.quickphotos.internal.singletable.ItemCondition;
import io.quickphotos.internal.singletable.Key;
import io.quickphotos.internal.singletable.QueryPlan;
import io.quickphotos.internal.singletable.UpdateAction;
import io.quickphotos.internal.singletable.WriteAction;
import io.quickphotos.internal.singletable.WritePlan;
import java.util.ArrayList;
import java.util.List;

/**
 * Renders the plans of the single-table design as the DynamoDB requests they become, e.g.
 * {@code Query PK = USER#u AND SK BETWEEN #METADATA#u AND PHOTO$, backwards}. The tour prints
 * these from the very plans the repository executes, so what it shows cannot drift from what
 * runs.
 */
final class RequestShapes {
  private RequestShapes() {
  }

  /**
   * A GetItem.
   *
   * @param key the item's key
   * @return one line
   */
  static List<String> getItem(Key key) {
    return List.of("GetItem " + key(key) + ", strongly consistent");
  }

  /**
   * A Query.
   *
   * @param plan the plan of the first page
   * @param continued whether the request continues from a cursor
   * @return one line
   */
  static List<String> query(QueryPlan plan, boolean continued) {
    return List.of(queryLine(plan, continued));
  }

  /**
   * A Query on the inverted index followed by a BatchGetItem of the profiles it names.
   *
   * @param plan the plan of the first page
   * @param continued whether the request continues from a cursor
   * @return two lines
   */
  static List<String> queryThenBatchGet(QueryPlan plan, boolean continued) {
    return List.of(queryLine(plan, continued),
        "then BatchGetItem PK = USER#<f>, SK = #METADATA#<f> for each followed user <f> "
            + "(≤ 100 keys), strongly consistent");
  }

  /**
   * A single conditional write or a transaction.
   *
   * @param plan the write plan
   * @return one line for a single write, a heading and one line per action for a transaction
   */
  static List<String> write(WritePlan plan) {
    if (!plan.transactional()) {
      return List.of(action(plan.actions().get(0)));
    }
    List<String> lines = new ArrayList<>();
    lines.add("TransactWriteItems, all or nothing:");
    for (WriteAction action : plan.actions()) {
      lines.add("  " + action(action));
    }
    return lines;
  }

  /**
   * One write, as a line of a shape written by hand (the cascades are more than one plan).
   *
   * @param action the write
   * @return one line
   */
  static String writeLine(WriteAction action) {
    return action(action);
  }

  /**
   * One Query, as a line of a shape written by hand.
   *
   * @param plan the plan
   * @return one line
   */
  static String queryLine(QueryPlan plan) {
    return queryLine(plan, false);
  }

  private static String queryLine(QueryPlan plan, boolean continued) {
    StringBuilder line = new StringBuilder("Query ");
    if (plan.index() != Index.TABLE) {
      line.append(plan.index().indexName()).append(' ');
    }
    line.append(plan.index().partitionAttribute()).append(" = ").append(plan.partitionValue());
    plan.sortCondition().ifPresent(condition -> {
      String text = condition.toString();
      // The condition names the table's sort key; on the inverted index the sort key is PK.
      if (plan.index() != Index.TABLE) {
        text = text.replace("SK", plan.index().sortAttribute());
      }
      line.append(" AND ").append(text);
    });
    line.append(plan.forward() ? ", forwards" : ", backwards");
    line.append(", Limit ").append(plan.limit());
    if (continued) {
      line.append(", ExclusiveStartKey from the cursor");
    }
    line.append(plan.consistentRead() ? ", strongly consistent" : ", eventually consistent");
    return line.toString();
  }

  private static String action(WriteAction action) {
    String text;
    if (action instanceof WriteAction.Put) {
      text = "PutItem " + key(action.key());
    } else if (action instanceof WriteAction.Update update) {
      text = "UpdateItem " + key(update.key()) + " " + updates(update.actions());
    } else if (action instanceof WriteAction.Delete) {
      text = "DeleteItem " + key(action.key());
    } else {
      text = "ConditionCheck " + key(action.key());
    }
    return action.condition().equals(ItemCondition.NONE) ? text
        : text + " if " + action.condition().describe();
  }

  /** The SET clauses as DynamoDB receives them; counters start at zero when missing. */
  private static String updates(List<UpdateAction> actions) {
    List<String> clauses = new ArrayList<>();
    for (UpdateAction action : actions) {
      String path = action.path().toString();
      if (action instanceof UpdateAction.Add add) {
        clauses.add(path + " = if_not_exists(" + path + ", 0) " + (add.delta() < 0 ? "- " : "+ ")
            + Math.abs(add.delta()));
      } else {
        clauses.add(path + " = :" + action.path().names().get(action.path().names().size() - 1));
      }
    }
    return "SET " + String.join(", ", clauses);
  }

  private static String key(Key key) {
    return "PK = " + key.pk() + ", SK = " + key.sk();
  }
}
