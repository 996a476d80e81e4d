package io.quickphotos.dynamo.internal;

import io.quickphotos.engine.Capacity;
import io.quickphotos.engine.ClientToken;
import io.quickphotos.engine.Index;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.Operation;
import io.quickphotos.engine.QueryPlan;
import io.quickphotos.engine.QueryResult;
import io.quickphotos.engine.Table;
import io.quickphotos.engine.TableTransactionInProgressException;
import io.quickphotos.engine.WriteAction;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;
import software.amazon.awssdk.awscore.AwsRequestOverrideConfiguration;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.Update;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * The {@link Table} engine on Amazon DynamoDB: each SPI call is exactly one request through the
 * SDK's synchronous client, with {@code ReturnConsumedCapacity=TOTAL} so the capacity reported is
 * what DynamoDB billed. SDK exceptions become the engine's ({@link SdkErrors}); the SDK's own
 * retries of throttling and transient faults happen inside the one request, before that.
 *
 * <p>Thread-safe: it holds only the client, which is thread-safe, and the table name. Atomicity
 * and isolation are DynamoDB's: each write and each transaction is atomic.
 */
public final class DynamoTable implements Table {
  private final DynamoDbClient client;
  private final String tableName;

  /**
   * Each request's override: a metric publisher counting the SDK's attempts ({@link SdkAttempts}),
   * or none, which leaves the SDK's metric collection off.
   */
  private final AwsRequestOverrideConfiguration attempts;

  /** The override of a write sent at most once: {@link #attempts} and {@link RefusalsOnly}. */
  private final AwsRequestOverrideConfiguration atMostOnce;

  /**
   * The engine over one existing table, each call one DynamoDB request, the SDK's attempts
   * counted. Makes no request until called; thread-safe.
   *
   * @param client the client to send requests with; never closed here
   * @param tableName an existing table with the quickphotos layout
   */
  public DynamoTable(DynamoDbClient client, String tableName) {
    this(client, tableName, true);
  }

  /**
   * The engine over one existing table, each call one DynamoDB request. Makes no request until
   * called; thread-safe.
   *
   * @param client the client to send requests with; never closed here
   * @param tableName an existing table with the quickphotos layout
   * @param countAttempts whether to count the SDK's retries, throttles and unknown outcomes for
   *     the calls' costs (turns the SDK's per-request metric collection on); a repository without
   *     a cost listener does not
   */
  public DynamoTable(DynamoDbClient client, String tableName, boolean countAttempts) {
    this.client = Objects.requireNonNull(client, "client");
    this.tableName = Objects.requireNonNull(tableName, "tableName");
    this.attempts = countAttempts ? SdkAttempts.COUNTED : null;
    this.atMostOnce = RefusalsOnly.override(attempts);
  }

  String tableName() {
    return tableName;
  }

  @Override
  public Read getItem(Key key) {
    GetItemResponse response =
        call(
            Operation.GET_ITEM,
            () ->
                client.getItem(
                    r ->
                        r.tableName(tableName)
                            .key(AttributeValues.toSdk(key))
                            .consistentRead(true)
                            .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                            .overrideConfiguration(attempts)));
    Optional<Item> item =
        response.hasItem() && !response.item().isEmpty()
            ? Optional.of(AttributeValues.item(response.item()))
            : Optional.empty();
    return new Read(item, readUnits(response.consumedCapacity()));
  }

  @Override
  public TransactRead transactGetItems(List<Key> keys) {
    List<software.amazon.awssdk.services.dynamodb.model.TransactGetItem> gets =
        new ArrayList<>(keys.size());
    for (Key key : keys) {
      gets.add(
          software.amazon.awssdk.services.dynamodb.model.TransactGetItem.builder()
              .get(g -> g.tableName(tableName).key(AttributeValues.toSdk(key)))
              .build());
    }
    software.amazon.awssdk.services.dynamodb.model.TransactGetItemsResponse response =
        call(
            Operation.TRANSACT_GET_ITEMS,
            () ->
                client.transactGetItems(
                    r ->
                        r.transactItems(gets)
                            .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                            .overrideConfiguration(attempts)));
    List<Optional<Item>> items = new ArrayList<>(keys.size());
    for (software.amazon.awssdk.services.dynamodb.model.ItemResponse found : response.responses()) {
      items.add(
          found.hasItem() && !found.item().isEmpty()
              ? Optional.of(AttributeValues.item(found.item()))
              : Optional.empty());
    }
    return new TransactRead(
        items,
        response.hasConsumedCapacity()
            ? capacity(response.consumedCapacity(), false)
            : Capacity.ZERO);
  }

  @Override
  public QueryResult query(QueryPlan plan) {
    Index index = plan.index();
    Expressions.Expression condition =
        Expressions.keyCondition(
            index.partitionAttribute(),
            plan.partitionValue(),
            index.sortAttribute(),
            plan.sortCondition().orElse(null));
    QueryRequest.Builder request =
        QueryRequest.builder()
            .tableName(tableName)
            .keyConditionExpression(condition.expression())
            .expressionAttributeNames(condition.names())
            .expressionAttributeValues(condition.values())
            .scanIndexForward(plan.forward())
            .limit(plan.limit())
            .consistentRead(plan.consistentRead())
            .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
            .overrideConfiguration(attempts);
    if (index.indexName() != null) {
      request.indexName(index.indexName());
    }
    // On the inverted index the start key's index keys (SK, PK) and table keys (PK, SK) are the
    // same two attributes, so one key map serves both.
    plan.exclusiveStart().ifPresent(key -> request.exclusiveStartKey(AttributeValues.toSdk(key)));
    QueryResponse response = call(Operation.QUERY, () -> client.query(request.build()));
    return page(
        response.items(),
        response.hasLastEvaluatedKey() ? response.lastEvaluatedKey() : Map.of(),
        response.consumedCapacity());
  }

  /** A Query's or Scan's page: the items, the last evaluated key if any, the read units. */
  private QueryResult page(
      List<Map<String, AttributeValue>> sdkItems,
      Map<String, AttributeValue> lastEvaluatedKey,
      software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity consumed) {
    List<Item> items = new ArrayList<>(sdkItems.size());
    for (Map<String, AttributeValue> item : sdkItems) {
      items.add(AttributeValues.item(item));
    }
    Optional<Key> last =
        lastEvaluatedKey.isEmpty()
            ? Optional.empty()
            : Optional.of(AttributeValues.key(lastEvaluatedKey));
    return new QueryResult(items, last, readUnits(consumed));
  }

  @Override
  public BatchRead batchGetItem(List<Key> keys) {
    List<Map<String, AttributeValue>> sdkKeys = new ArrayList<>(keys.size());
    for (Key key : keys) {
      sdkKeys.add(AttributeValues.toSdk(key));
    }
    BatchGetItemResponse response =
        call(
            Operation.BATCH_GET_ITEM,
            () ->
                client.batchGetItem(
                    r ->
                        r.requestItems(
                                Map.of(
                                    tableName,
                                    KeysAndAttributes.builder()
                                        .keys(sdkKeys)
                                        .consistentRead(true)
                                        .build()))
                            .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                            .overrideConfiguration(attempts)));
    List<Item> items = new ArrayList<>();
    for (Map<String, AttributeValue> item :
        response.responses().getOrDefault(tableName, List.of())) {
      items.add(AttributeValues.item(item));
    }
    List<Key> unprocessed = new ArrayList<>();
    KeysAndAttributes left = response.unprocessedKeys().get(tableName);
    if (left != null) {
      for (Map<String, AttributeValue> key : left.keys()) {
        unprocessed.add(AttributeValues.key(key));
      }
    }
    return new BatchRead(items, unprocessed, capacity(response.consumedCapacity(), false));
  }

  @Override
  public BatchWrite batchWriteItem(List<Item> items) {
    List<WriteRequest> puts = new ArrayList<>(items.size());
    for (Item item : items) {
      puts.add(
          WriteRequest.builder()
              .putRequest(PutRequest.builder().item(AttributeValues.toSdk(item)).build())
              .build());
    }
    BatchWriteItemResponse response =
        call(
            Operation.BATCH_WRITE_ITEM,
            () ->
                client.batchWriteItem(
                    r ->
                        r.requestItems(Map.of(tableName, puts))
                            .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                            .overrideConfiguration(attempts)));
    List<Item> unprocessed = new ArrayList<>();
    for (WriteRequest left : response.unprocessedItems().getOrDefault(tableName, List.of())) {
      unprocessed.add(AttributeValues.item(left.putRequest().item()));
    }
    return new BatchWrite(unprocessed, capacity(response.consumedCapacity(), true));
  }

  /**
   * One PutItem, UpdateItem or DeleteItem: the same mapping as the action's transaction item
   * ({@link #transactItem}), sent alone, with the consumed capacity and, for an update, the new
   * image.
   */
  @Override
  public Write write(WriteAction action) {
    return write(action, attempts);
  }

  /**
   * The same request, with the SDK's retry strategy replaced for it alone by one that resends
   * only an attempt DynamoDB refused before doing anything ({@link RefusalsOnly}): after a
   * timeout, a lost answer or a server error the request fails, written unknown, for the caller
   * to read the item.
   */
  @Override
  public Write writeAtMostOnce(WriteAction action) {
    return write(action, atMostOnce);
  }

  private Write write(WriteAction action, AwsRequestOverrideConfiguration override) {
    if (action instanceof WriteAction.Check) {
      throw new IllegalArgumentException(
          "a condition check is only valid inside a transaction: " + action);
    }
    TransactWriteItem mapped = transactItem(action);
    if (mapped.put() != null) {
      Put put = mapped.put();
      PutItemResponse response =
          call(
              Operation.PUT_ITEM,
              () ->
                  client.putItem(
                      r ->
                          r.tableName(put.tableName())
                              .item(put.item())
                              .conditionExpression(put.conditionExpression())
                              .returnValuesOnConditionCheckFailure(
                                  put.returnValuesOnConditionCheckFailure())
                              .returnValuesOnConditionCheckFailure(
                                  put.returnValuesOnConditionCheckFailure())
                              .expressionAttributeNames(put.expressionAttributeNames())
                              .expressionAttributeValues(put.expressionAttributeValues())
                              .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                              .overrideConfiguration(override)));
      // PutItem can only return the old image; the new one is exactly the item written.
      return new Write(
          Optional.of(((WriteAction.Put) action).item()), writeUnits(response.consumedCapacity()));
    }
    if (mapped.update() != null) {
      Update update = mapped.update();
      UpdateItemResponse response =
          call(
              Operation.UPDATE_ITEM,
              () ->
                  client.updateItem(
                      r ->
                          r.tableName(update.tableName())
                              .key(update.key())
                              .updateExpression(update.updateExpression())
                              .conditionExpression(update.conditionExpression())
                              .returnValuesOnConditionCheckFailure(
                                  update.returnValuesOnConditionCheckFailure())
                              .returnValuesOnConditionCheckFailure(
                                  update.returnValuesOnConditionCheckFailure())
                              .expressionAttributeNames(update.expressionAttributeNames())
                              .expressionAttributeValues(update.expressionAttributeValues())
                              .returnValues(ReturnValue.ALL_NEW)
                              .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                              .overrideConfiguration(override)));
      return new Write(
          Optional.of(AttributeValues.item(response.attributes())),
          writeUnits(response.consumedCapacity()));
    }
    Delete delete = mapped.delete();
    DeleteItemResponse response =
        call(
            Operation.DELETE_ITEM,
            () ->
                client.deleteItem(
                    r ->
                        r.tableName(delete.tableName())
                            .key(delete.key())
                            .conditionExpression(delete.conditionExpression())
                            .returnValuesOnConditionCheckFailure(
                                delete.returnValuesOnConditionCheckFailure())
                            .expressionAttributeNames(delete.expressionAttributeNames())
                            .expressionAttributeValues(delete.expressionAttributeValues())
                            .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                            .overrideConfiguration(override)));
    return new Write(Optional.empty(), writeUnits(response.consumedCapacity()));
  }

  /** TransactWriteItems with a token of its own: a call that will not be retried. */
  @Override
  public Capacity transactWrite(List<WriteAction> actions) {
    return transactWrite(actions, new ClientToken());
  }

  /**
   * TransactWriteItems with {@code ClientRequestToken} set to the call's token, so that this
   * attempt and every other attempt of the same call (the repository's retries after a
   * cancellation, the SDK's own retries after a timeout or a 5xx) apply the writes at most once:
   * within 10 minutes of the first attempt completing, DynamoDB answers a repeat of an applied
   * transaction with success and writes nothing (its consumed capacity is then read units); a
   * repeat with other parameters would be refused with {@code IdempotentParameterMismatch},
   * which cannot happen here because every attempt sends the same actions; a repeat while the
   * first is still in flight gets {@code TransactionInProgressException} (which the SDK retries as
   * a throttling error), reported as {@link TableTransactionInProgressException} for the
   * repository to retry under the same token.
   */
  @Override
  public Capacity transactWrite(List<WriteAction> actions, ClientToken token) {
    List<TransactWriteItem> items = new ArrayList<>(actions.size());
    for (WriteAction action : actions) {
      items.add(transactItem(action));
    }
    String clientRequestToken = token.value();
    TransactWriteItemsResponse response =
        call(
            Operation.TRANSACT_WRITE_ITEMS,
            () ->
                client.transactWriteItems(
                    r ->
                        r.transactItems(items)
                            .clientRequestToken(clientRequestToken)
                            .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                            .overrideConfiguration(attempts)));
    return capacity(response.consumedCapacity(), true);
  }

  @Override
  public QueryResult scan(io.quickphotos.engine.ScanPlan plan) {
    software.amazon.awssdk.services.dynamodb.model.ScanRequest.Builder request =
        software.amazon.awssdk.services.dynamodb.model.ScanRequest.builder()
            .tableName(tableName)
            .consistentRead(true)
            .limit(plan.limit())
            .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
            .overrideConfiguration(attempts);
    if (plan.totalSegments() > 1) {
      request.segment(plan.segment()).totalSegments(plan.totalSegments());
    }
    plan.exclusiveStart().ifPresent(key -> request.exclusiveStartKey(AttributeValues.toSdk(key)));
    software.amazon.awssdk.services.dynamodb.model.ScanResponse response =
        call(Operation.SCAN, () -> client.scan(request.build()));
    return page(
        response.items(),
        response.hasLastEvaluatedKey() ? response.lastEvaluatedKey() : Map.of(),
        response.consumedCapacity());
  }

  /**
   * The one mapping of a write action to DynamoDB's request fields: its transaction item, which
   * {@link #write} also sends alone. The SDK copies unset expression maps as unset, so a request
   * without a condition carries none.
   */
  private TransactWriteItem transactItem(WriteAction action) {
    if (action instanceof WriteAction.Put put) {
      Expressions.Write expressions = Expressions.write(put.condition(), null);
      return TransactWriteItem.builder()
          .put(
              Put.builder()
                  .tableName(tableName)
                  .item(AttributeValues.toSdk(put.item()))
                  .conditionExpression(expressions.condition())
                  .returnValuesOnConditionCheckFailure(itemOnFailure(expressions))
                  .expressionAttributeNames(expressions.names())
                  .expressionAttributeValues(expressions.values())
                  .build())
          .build();
    }
    if (action instanceof WriteAction.Update update) {
      Expressions.Write expressions = Expressions.write(update.condition(), update.actions());
      return TransactWriteItem.builder()
          .update(
              Update.builder()
                  .tableName(tableName)
                  .key(AttributeValues.toSdk(update.key()))
                  .updateExpression(expressions.update())
                  .conditionExpression(expressions.condition())
                  .returnValuesOnConditionCheckFailure(itemOnFailure(expressions))
                  .expressionAttributeNames(expressions.names())
                  .expressionAttributeValues(expressions.values())
                  .build())
          .build();
    }
    if (action instanceof WriteAction.Delete delete) {
      Expressions.Write expressions = Expressions.write(delete.condition(), null);
      return TransactWriteItem.builder()
          .delete(
              Delete.builder()
                  .tableName(tableName)
                  .key(AttributeValues.toSdk(delete.key()))
                  .conditionExpression(expressions.condition())
                  .returnValuesOnConditionCheckFailure(itemOnFailure(expressions))
                  .expressionAttributeNames(expressions.names())
                  .expressionAttributeValues(expressions.values())
                  .build())
          .build();
    }
    WriteAction.Check check = (WriteAction.Check) action;
    // DynamoDB requires a condition on a check; NONE is sent as no expression and refused there,
    // exactly as the service refuses it.
    Expressions.Write expressions = Expressions.write(check.condition(), null);
    return TransactWriteItem.builder()
        .conditionCheck(
            ConditionCheck.builder()
                .tableName(tableName)
                .key(AttributeValues.toSdk(check.key()))
                .conditionExpression(expressions.condition())
                .returnValuesOnConditionCheckFailure(itemOnFailure(expressions))
                .expressionAttributeNames(expressions.names())
                .expressionAttributeValues(expressions.values())
                .build())
        .build();
  }

  /**
   * A conditional write asks for the item that failed its condition: the repository tells a hot
   * key that moved its counters from a missing user by it, without reading again. DynamoDB
   * returns it at no capacity cost.
   */
  private static ReturnValuesOnConditionCheckFailure itemOnFailure(Expressions.Write expressions) {
    return expressions.condition() == null ? null : ReturnValuesOnConditionCheckFailure.ALL_OLD;
  }

  private <T> T call(Operation operation, Supplier<T> request) {
    try {
      return request.get();
    } catch (SdkException e) {
      throw SdkErrors.translate(e, operation, tableName);
    }
  }

  private static Capacity readUnits(ConsumedCapacity consumed) {
    return consumed == null ? Capacity.ZERO : capacity(List.of(consumed), false);
  }

  private static Capacity writeUnits(ConsumedCapacity consumed) {
    return consumed == null ? Capacity.ZERO : capacity(List.of(consumed), true);
  }

  /**
   * Sums what DynamoDB reported, per table, table and indexes together. With
   * {@code ReturnConsumedCapacity=TOTAL} DynamoDB reports the total as {@code CapacityUnits},
   * and splits it into read and write units only where a request consumed both; an endpoint that
   * reports nothing costs nothing here.
   */
  private static Capacity capacity(List<ConsumedCapacity> consumed, boolean writeRequest) {
    Capacity total = Capacity.ZERO;
    for (ConsumedCapacity c : consumed) {
      if (c.readCapacityUnits() != null || c.writeCapacityUnits() != null) {
        total =
            total.plus(new Capacity(orZero(c.readCapacityUnits()), orZero(c.writeCapacityUnits())));
      } else {
        double units = orZero(c.capacityUnits());
        total = total.plus(writeRequest ? new Capacity(0, units) : new Capacity(units, 0));
      }
    }
    return total;
  }

  private static double orZero(Double units) {
    return units == null ? 0 : units;
  }
}
