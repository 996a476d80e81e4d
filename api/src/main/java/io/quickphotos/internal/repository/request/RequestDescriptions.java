package io.quickphotos.internal.repository.request;

import io.quickphotos.DynamoRequest;
import io.quickphotos.engine.Index;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.ItemCondition;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.Operation;
import io.quickphotos.engine.QueryPlan;
import io.quickphotos.engine.ScanPlan;
import io.quickphotos.engine.UpdateAction;
import io.quickphotos.engine.WriteAction;
import java.util.ArrayList;
import java.util.List;

/**
 * The requests the repository makes, in words: what {@link io.quickphotos.OperationCost} carries
 * for logging, and what the tour prints. Written from the very plans the engines execute, so the
 * words cannot drift from what runs. Stateless, thread-safe.
 */
final class RequestDescriptions {
  /** How many keys of a batch a description names before it only counts the rest. */
  static final int KEYS_SHOWN = 2;

  private RequestDescriptions() {}

  /**
   * A GetItem.
   *
   * @param key the item's key
   * @return e.g. {@code GetItem PK = USER#ann, SK = #METADATA#ann, strongly consistent}
   */
  static DynamoRequest getItem(Key key) {
    return request(Operation.GET_ITEM, " " + key(key) + ", strongly consistent");
  }

  /**
   * A cascade's marker in a condition: random, so shown as its placeholder, and a description of
   * the same call reads the same every time.
   */
  private static final java.util.regex.Pattern MARKER =
      java.util.regex.Pattern.compile("\\b(deleting|closing|updateToken) = \"[A-Za-z0-9_-]{12}\"");

  /**
   * A Scan page.
   *
   * @param plan the segment, page size and start key
   * @return e.g. {@code Scan segment 0 of 4, strongly consistent, Limit 1000}
   */
  static DynamoRequest scan(ScanPlan plan) {
    return request(
        Operation.SCAN,
        " segment "
            + plan.segment()
            + " of "
            + plan.totalSegments()
            + ", strongly consistent, Limit "
            + plan.limit()
            + plan.exclusiveStart()
                .map(start -> ", after " + start.pk() + " / " + start.sk())
                .orElse(""));
  }

  /**
   * A Query.
   *
   * @param plan the plan, with its start key if it continues a listing
   * @return e.g. {@code Query InvertedIndex SK = #FRIEND#ann, forwards, Limit 10, eventually
   *     consistent}
   */
  static DynamoRequest query(QueryPlan plan) {
    StringBuilder line = new StringBuilder(" ");
    if (plan.index() != Index.TABLE) {
      line.append(plan.index().indexName()).append(' ');
    }
    line.append(plan.index().partitionAttribute()).append(" = ").append(plan.partitionValue());
    plan.sortCondition()
        .ifPresent(
            condition -> {
              String text = condition.toString();
              // The condition names the table's sort key; on the inverted index the sort key is PK.
              if (plan.index() != Index.TABLE) {
                text = text.replace("SK", plan.index().sortAttribute());
              }
              line.append(" AND ").append(text);
            });
    line.append(plan.forward() ? ", forwards" : ", backwards");
    line.append(", Limit ").append(plan.limit());
    plan.exclusiveStart()
        .ifPresent(start -> line.append(", ExclusiveStartKey ").append(key(start)));
    line.append(plan.consistentRead() ? ", strongly consistent" : ", eventually consistent");
    return request(Operation.QUERY, line.toString());
  }

  /**
   * A BatchGetItem.
   *
   * @param keys the keys asked for
   * @return e.g. {@code BatchGetItem 3 keys (PK = USER#a, SK = #METADATA#a; PK = USER#b, SK =
   *     #METADATA#b; and 1 more), strongly consistent}
   */
  static DynamoRequest batchGetItem(List<Key> keys) {
    return request(Operation.BATCH_GET_ITEM, " " + keys(keys, "key") + ", strongly consistent");
  }

  /**
   * A TransactGetItems: items read as one snapshot.
   *
   * @param keys the items' keys
   * @return e.g. {@code TransactGetItems 9 gets (PK = USER#a, SK = #METADATA#a; ...), one
   *     snapshot}
   */
  static DynamoRequest transactGetItems(List<Key> keys) {
    return request(Operation.TRANSACT_GET_ITEMS, " " + keys(keys, "get") + ", one snapshot");
  }

  /**
   * A BatchWriteItem of puts.
   *
   * @param items the items put
   * @return e.g. {@code BatchWriteItem 25 puts (PK = USER#a, SK = #METADATA#a; ...; and 23 more)}
   */
  static DynamoRequest batchWriteItem(List<Item> items) {
    return request(
        Operation.BATCH_WRITE_ITEM, " " + keys(items.stream().map(Item::key).toList(), "put"));
  }

  /**
   * One write outside a transaction.
   *
   * @param action the write
   * @return e.g. {@code PutItem PK = USER#ann, SK = #METADATA#ann if attribute_not_exists(PK)}
   */
  static DynamoRequest write(WriteAction action) {
    return new DynamoRequest(operation(action), action(action));
  }

  /**
   * A TransactWriteItems.
   *
   * @param actions the actions, in request order
   * @return {@code TransactWriteItems, all or nothing: } and the actions separated by {@code ; }
   */
  static DynamoRequest transactWriteItems(List<WriteAction> actions) {
    List<String> parts = new ArrayList<>(actions.size());
    for (WriteAction action : actions) {
      parts.add(action(action));
    }
    return request(Operation.TRANSACT_WRITE_ITEMS, ", all or nothing: " + String.join("; ", parts));
  }

  /** The request's operation and its description: the wire name and what follows it. */
  private static DynamoRequest request(Operation operation, String details) {
    return new DynamoRequest(operation.wireName(), operation.wireName() + details);
  }

  private static String operation(WriteAction action) {
    return Operation.of(action).wireName();
  }

  private static String action(WriteAction action) {
    String text = operation(action) + " " + key(action.key());
    if (action instanceof WriteAction.Update update) {
      text += " " + updates(update.actions());
    }
    return action.condition() == ItemCondition.NONE
        ? text
        : text + " if " + MARKER.matcher(action.condition().describe()).replaceAll("$1 = :$1");
  }

  /**
   * The SET and REMOVE clauses as DynamoDB receives them; counters start at zero and lists
   * empty when missing.
   */
  private static String updates(List<UpdateAction> actions) {
    List<String> clauses = new ArrayList<>();
    List<String> removes = new ArrayList<>();
    for (UpdateAction action : actions) {
      String path = action.path().toString();
      if (action instanceof UpdateAction.Remove) {
        removes.add(path);
      } else if (action instanceof UpdateAction.AddNumber) {
        clauses.add(path + " = if_not_exists(" + path + ", 0) + :" + action.path().last());
      } else if (action instanceof UpdateAction.Append) {
        clauses.add(
            path
                + " = list_append(if_not_exists("
                + path
                + ", []), :"
                + action.path().last()
                + ")");
      } else if (action instanceof UpdateAction.Add add) {
        clauses.add(
            path
                + " = if_not_exists("
                + path
                + ", 0) "
                + (add.delta() < 0 ? "- " : "+ ")
                + Math.abs(add.delta()));
      } else if (action instanceof UpdateAction.SetIfAbsent) {
        clauses.add(
            path
                + " = if_not_exists("
                + path
                + ", :"
                + action.path().names().get(action.path().names().size() - 1)
                + ")");
      } else {
        clauses.add(path + " = :" + action.path().names().get(action.path().names().size() - 1));
      }
    }
    String set = clauses.isEmpty() ? "" : "SET " + String.join(", ", clauses);
    String remove = removes.isEmpty() ? "" : "REMOVE " + String.join(", ", removes);
    return set.isEmpty() || remove.isEmpty() ? set + remove : set + " " + remove;
  }

  private static String keys(List<Key> keys, String noun) {
    StringBuilder text =
        new StringBuilder()
            .append(keys.size())
            .append(' ')
            .append(noun)
            .append(keys.size() == 1 ? "" : "s")
            .append(" (");
    for (int i = 0; i < keys.size() && i < KEYS_SHOWN; i++) {
      text.append(i == 0 ? "" : "; ").append(key(keys.get(i)));
    }
    if (keys.size() > KEYS_SHOWN) {
      text.append("; and ").append(keys.size() - KEYS_SHOWN).append(" more");
    }
    return text.append(')').toString();
  }

  private static String key(Key key) {
    return "PK = " + key.pk() + ", SK = " + key.sk();
  }
}
