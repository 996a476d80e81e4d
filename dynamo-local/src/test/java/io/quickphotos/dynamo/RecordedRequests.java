package io.quickphotos.dynamo;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.interceptor.SdkExecutionAttribute;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;

/**
 * An SDK interceptor that records every request a client is given, once per call (the SDK's own
 * retries of a call are not counted again): its operation name, and each IAM action it needs on
 * each table or index, as IAM authorizes it. A transaction needs no action of its own but one per
 * item: PutItem, UpdateItem, DeleteItem or ConditionCheckItem for TransactWriteItems, GetItem for
 * TransactGetItems. Any other request needs the action of its own name, on the table it names.
 * Thread-safe: the repository sends from its helper threads too.
 */
final class RecordedRequests implements ExecutionInterceptor {

  /** An action on a resource ARN, the unit IAM allows or refuses. */
  record Access(String action, String resource) implements Comparable<Access> {
    @Override
    public int compareTo(Access other) {
      int byResource = resource.compareTo(other.resource);
      return byResource != 0 ? byResource : action.compareTo(other.action);
    }

    @Override
    public String toString() {
      return action + " on " + resource;
    }
  }

  /** An action on a table, or on one of its indexes if {@code index} is not null. */
  record Target(String action, String table, String index) {}

  private final Map<String, LongAdder> operations = new ConcurrentHashMap<>();
  private final Map<Target, LongAdder> targets = new ConcurrentHashMap<>();

  @Override
  public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
    String operation = attributes.getAttribute(SdkExecutionAttribute.OPERATION_NAME);
    operations.computeIfAbsent(operation, o -> new LongAdder()).increment();
    for (Target target : targets(operation, context.request())) {
      targets.computeIfAbsent(target, t -> new LongAdder()).increment();
    }
  }

  /** What IAM checks for one request. */
  static List<Target> targets(String operation, SdkRequest request) {
    List<Target> targets = new ArrayList<>();
    if (request instanceof TransactWriteItemsRequest transaction) {
      for (TransactWriteItem item : transaction.transactItems()) {
        if (item.put() != null) {
          targets.add(new Target("dynamodb:PutItem", item.put().tableName(), null));
        } else if (item.update() != null) {
          targets.add(new Target("dynamodb:UpdateItem", item.update().tableName(), null));
        } else if (item.delete() != null) {
          targets.add(new Target("dynamodb:DeleteItem", item.delete().tableName(), null));
        } else {
          targets.add(
              new Target("dynamodb:ConditionCheckItem", item.conditionCheck().tableName(), null));
        }
      }
    } else if (request instanceof TransactGetItemsRequest transaction) {
      transaction
          .transactItems()
          .forEach(i -> targets.add(new Target("dynamodb:GetItem", i.get().tableName(), null)));
    } else if (request instanceof BatchGetItemRequest batch) {
      batch
          .requestItems()
          .keySet()
          .forEach(table -> targets.add(new Target("dynamodb:BatchGetItem", table, null)));
    } else if (request instanceof BatchWriteItemRequest batch) {
      batch
          .requestItems()
          .keySet()
          .forEach(table -> targets.add(new Target("dynamodb:BatchWriteItem", table, null)));
    } else if (request instanceof QueryRequest query) {
      targets.add(new Target("dynamodb:Query", query.tableName(), query.indexName()));
    } else if (request instanceof ScanRequest scan) {
      targets.add(new Target("dynamodb:Scan", scan.tableName(), scan.indexName()));
    } else {
      // GetItem, PutItem, UpdateItem, DeleteItem, DescribeTable, CreateTable, and anything else
      // the backend might start to send: its own action on the table it names ("?" if none,
      // which no statement allows).
      String table = request.getValueForField("TableName", String.class).orElse("?");
      targets.add(new Target("dynamodb:" + operation, table, null));
    }
    return targets;
  }

  /** How many calls of each operation were made, by operation name. */
  Map<String, Long> operations() {
    Map<String, Long> counts = new TreeMap<>();
    operations.forEach((operation, n) -> counts.put(operation, n.sum()));
    return counts;
  }

  /**
   * Every access recorded, with the ARN in the policy template's form: a table in {@code ours}
   * (the tables the tests were given) is named {@code quick-photos} there; any other table keeps
   * its name, which no statement of the template names.
   */
  Map<Access, Long> accesses(Set<String> ours) {
    Map<Access, Long> counts = new TreeMap<>();
    targets.forEach(
        (target, n) -> {
          String table =
              ours.contains(target.table())
                  ? PolicyStatements.TABLE_ARN
                  : "arn:aws:dynamodb:<region>:<account>:table/" + target.table();
          String resource = target.index() == null ? table : table + "/index/" + target.index();
          counts.merge(new Access(target.action(), resource), n.sum(), Long::sum);
        });
    return counts;
  }
}
