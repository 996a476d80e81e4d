package io.quickphotos.dynamo.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.quickphotos.QuickPhotosException;
import io.quickphotos.ServiceUnavailableException;
import io.quickphotos.TableConfigurationException;
import io.quickphotos.engine.AttributePath;
import io.quickphotos.engine.Capacity;
import io.quickphotos.engine.Index;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.ItemCondition;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.QueryPlan;
import io.quickphotos.engine.QueryResult;
import io.quickphotos.engine.SortKeyCondition;
import io.quickphotos.engine.Table;
import io.quickphotos.engine.TableConditionFailedException;
import io.quickphotos.engine.TableRequestRefusedException;
import io.quickphotos.engine.TableTransactionCancelledException;
import io.quickphotos.engine.UpdateAction;
import io.quickphotos.engine.Value;
import io.quickphotos.engine.WriteAction;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.InternalServerErrorException;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.RequestLimitExceededException;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ThrottlingException;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactionConflictException;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/**
 * What the engine sends for each SPI call, how it reads the answers, and how it translates every
 * kind of SDK failure, against a scripted client: shapes a real server cannot show, such as
 * throttling after the SDK's retries.
 */
class DynamoTableRequestTest {
  private static final String TABLE = "quick-photos";
  private static final Key USER = new Key("USER#alice", "#METADATA#alice");
  private static final Item ITEM =
      Item.builder(USER).put("name", "Alice").put("followers", 2).build();

  private static ConsumedCapacity units(double total) {
    return ConsumedCapacity.builder().tableName(TABLE).capacityUnits(total).build();
  }

  private static DynamoTable table(FakeDynamoDbClient client) {
    return new DynamoTable(client, TABLE);
  }

  private static FakeDynamoDbClient answering(Function<SdkRequest, Object> responder) {
    return new FakeDynamoDbClient(responder);
  }

  private static FakeDynamoDbClient failingWith(RuntimeException e) {
    return new FakeDynamoDbClient(
        request -> {
          throw e;
        });
  }

  // --- request shapes ------------------------------------------------------------------------

  @Test
  void getItemIsStronglyConsistentAndAsksForTotalCapacity() {
    FakeDynamoDbClient client =
        answering(
            r ->
                GetItemResponse.builder()
                    .item(AttributeValues.toSdk(ITEM))
                    .consumedCapacity(units(1))
                    .build());
    Table.Read read = table(client).getItem(USER);
    GetItemRequest sent = client.last(GetItemRequest.class);
    assertThat(sent.tableName()).isEqualTo(TABLE);
    assertThat(sent.consistentRead()).isTrue();
    assertThat(sent.returnConsumedCapacity()).isEqualTo(ReturnConsumedCapacity.TOTAL);
    assertThat(sent.key()).isEqualTo(AttributeValues.toSdk(USER));
    assertThat(read.item()).contains(ITEM);
    assertThat(read.consumed()).isEqualTo(new Capacity(1, 0));
  }

  @Test
  void getItemOfNothingIsEmpty() {
    FakeDynamoDbClient client =
        answering(r -> GetItemResponse.builder().consumedCapacity(units(1)).build());
    assertThat(table(client).getItem(USER).item()).isEmpty();
  }

  @Test
  void anEndpointThatReportsNoCapacityCostsNothing() {
    FakeDynamoDbClient client = answering(r -> GetItemResponse.builder().build());
    assertThat(table(client).getItem(USER).consumed()).isEqualTo(Capacity.ZERO);
  }

  @Test
  void queryOnTheIndexCarriesEveryPlanField() {
    Key start = new Key("REACTION#bob#heart", "PHOTO#alice#t");
    FakeDynamoDbClient client =
        answering(
            r ->
                QueryResponse.builder()
                    .items(List.of(AttributeValues.toSdk(ITEM)))
                    .lastEvaluatedKey(AttributeValues.toSdk(USER))
                    .consumedCapacity(units(0.5))
                    .build());
    QueryResult result =
        table(client)
            .query(
                new QueryPlan(
                    Index.INVERTED,
                    "PHOTO#alice#t",
                    Optional.of(SortKeyCondition.beginsWith("REACTION#")),
                    false,
                    7,
                    Optional.of(start),
                    false));
    QueryRequest sent = client.last(QueryRequest.class);
    assertThat(sent.indexName()).isEqualTo("InvertedIndex");
    assertThat(sent.keyConditionExpression()).isEqualTo("#pk = :pk AND begins_with(#sk, :sk)");
    assertThat(sent.expressionAttributeNames()).isEqualTo(Map.of("#pk", "SK", "#sk", "PK"));
    assertThat(sent.scanIndexForward()).isFalse();
    assertThat(sent.limit()).isEqualTo(7);
    assertThat(sent.consistentRead()).isFalse();
    assertThat(sent.exclusiveStartKey()).isEqualTo(AttributeValues.toSdk(start));
    assertThat(sent.returnConsumedCapacity()).isEqualTo(ReturnConsumedCapacity.TOTAL);
    assertThat(result.items()).containsExactly(ITEM);
    assertThat(result.lastEvaluatedKey()).contains(USER);
    assertThat(result.consumed()).isEqualTo(new Capacity(0.5, 0));
  }

  @Test
  void queryOnTheTableNamesNoIndexAndEndsWithoutALastKey() {
    FakeDynamoDbClient client =
        answering(r -> QueryResponse.builder().items(List.of()).consumedCapacity(units(1)).build());
    QueryResult result =
        table(client)
            .query(
                new QueryPlan(
                    Index.TABLE, "USER#alice", Optional.empty(), true, 10, Optional.empty(), true));
    QueryRequest sent = client.last(QueryRequest.class);
    assertThat(sent.indexName()).isNull();
    assertThat(sent.consistentRead()).isTrue();
    assertThat(sent.scanIndexForward()).isTrue();
    assertThat(sent.hasExclusiveStartKey()).isFalse();
    assertThat(result.lastEvaluatedKey()).isEmpty();
  }

  @Test
  void batchGetIsStronglyConsistentAndHandsBackUnprocessedKeys() {
    Key other = new Key("USER#bob", "#METADATA#bob");
    FakeDynamoDbClient client =
        answering(
            r ->
                BatchGetItemResponse.builder()
                    .responses(Map.of(TABLE, List.of(AttributeValues.toSdk(ITEM))))
                    .unprocessedKeys(
                        Map.of(
                            TABLE,
                            KeysAndAttributes.builder()
                                .keys(List.of(AttributeValues.toSdk(other)))
                                .consistentRead(true)
                                .build()))
                    .consumedCapacity(List.of(units(1)))
                    .build());
    Table.BatchRead read = table(client).batchGetItem(List.of(USER, other));
    BatchGetItemRequest sent = client.last(BatchGetItemRequest.class);
    assertThat(sent.requestItems().get(TABLE).consistentRead()).isTrue();
    assertThat(sent.requestItems().get(TABLE).keys()).hasSize(2);
    assertThat(sent.returnConsumedCapacity()).isEqualTo(ReturnConsumedCapacity.TOTAL);
    assertThat(read.items()).containsExactly(ITEM);
    assertThat(read.unprocessedKeys()).containsExactly(other);
    assertThat(read.consumed()).isEqualTo(new Capacity(1, 0));
  }

  @Test
  void putSendsTheConditionAndReturnsTheItemWritten() {
    FakeDynamoDbClient client =
        answering(r -> PutItemResponse.builder().consumedCapacity(units(2)).build());
    Table.Write write = table(client).write(new WriteAction.Put(ITEM, ItemCondition.ABSENT));
    PutItemRequest sent = client.last(PutItemRequest.class);
    assertThat(sent.conditionExpression()).isEqualTo("attribute_not_exists(PK)");
    assertThat(sent.item()).isEqualTo(AttributeValues.toSdk(ITEM));
    assertThat(write.item()).contains(ITEM);
    assertThat(write.consumed()).isEqualTo(new Capacity(0, 2));
  }

  @Test
  void putWithoutConditionSendsNone() {
    FakeDynamoDbClient client = answering(r -> PutItemResponse.builder().build());
    table(client).write(new WriteAction.Put(ITEM, ItemCondition.NONE));
    assertThat(client.last(PutItemRequest.class).conditionExpression()).isNull();
  }

  @Test
  void updateAsksForTheNewImage() {
    FakeDynamoDbClient client =
        answering(
            r ->
                UpdateItemResponse.builder()
                    .attributes(AttributeValues.toSdk(ITEM))
                    .consumedCapacity(units(2))
                    .build());
    Table.Write write =
        table(client)
            .write(
                new WriteAction.Update(
                    USER,
                    List.of(new UpdateAction.Set(AttributePath.of("name"), new Value.Str("Alice"))),
                    ItemCondition.EXISTS));
    UpdateItemRequest sent = client.last(UpdateItemRequest.class);
    assertThat(sent.returnValues()).isEqualTo(ReturnValue.ALL_NEW);
    assertThat(sent.updateExpression()).isEqualTo("SET #a0 = :v0");
    assertThat(sent.conditionExpression()).isEqualTo("attribute_exists(PK)");
    assertThat(write.item()).contains(ITEM);
  }

  @Test
  void deleteReturnsNoItem() {
    FakeDynamoDbClient client =
        answering(r -> DeleteItemResponse.builder().consumedCapacity(units(1)).build());
    Table.Write write = table(client).write(new WriteAction.Delete(USER, ItemCondition.EXISTS));
    assertThat(client.last(DeleteItemRequest.class).conditionExpression())
        .isEqualTo("attribute_exists(PK)");
    assertThat(write.item()).isEmpty();
    assertThat(write.consumed()).isEqualTo(new Capacity(0, 1));
  }

  @Test
  void aConditionCheckIsNoSingleWrite() {
    FakeDynamoDbClient client = answering(r -> null);
    assertThatThrownBy(() -> table(client).write(new WriteAction.Check(USER, ItemCondition.EXISTS)))
        .isInstanceOf(IllegalArgumentException.class);
    assertThat(client.requests).isEmpty();
  }

  @Test
  void transactionMapsEachActionInOrderAndReadsSplitCapacity() {
    FakeDynamoDbClient client =
        answering(
            r ->
                TransactWriteItemsResponse.builder()
                    .consumedCapacity(
                        ConsumedCapacity.builder()
                            .tableName(TABLE)
                            .capacityUnits(10.0)
                            .readCapacityUnits(2.0)
                            .writeCapacityUnits(8.0)
                            .build())
                    .build());
    Capacity consumed =
        table(client)
            .transactWrite(
                List.of(
                    new WriteAction.Check(USER, ItemCondition.EXISTS),
                    new WriteAction.Put(
                        Item.builder(new Key("P", "S")).build(), ItemCondition.ABSENT),
                    new WriteAction.Update(
                        new Key("P", "T"),
                        List.of(new UpdateAction.Add(AttributePath.of("reactions", "heart"), 1)),
                        ItemCondition.EXISTS),
                    new WriteAction.Delete(new Key("P", "U"), ItemCondition.EXISTS)));
    TransactWriteItemsRequest sent = client.last(TransactWriteItemsRequest.class);
    List<TransactWriteItem> items = sent.transactItems();
    assertThat(items.get(0).conditionCheck().conditionExpression())
        .isEqualTo("attribute_exists(PK)");
    assertThat(items.get(0).conditionCheck().tableName()).isEqualTo(TABLE);
    assertThat(items.get(1).put().conditionExpression()).isEqualTo("attribute_not_exists(PK)");
    assertThat(items.get(2).update().updateExpression())
        .isEqualTo("SET #a0.#a1 = if_not_exists(#a0.#a1, :zero) + :d0");
    assertThat(items.get(3).delete().key()).isEqualTo(AttributeValues.toSdk(new Key("P", "U")));
    assertThat(sent.returnConsumedCapacity()).isEqualTo(ReturnConsumedCapacity.TOTAL);
    assertThat(consumed).isEqualTo(new Capacity(2, 8));
  }

  @Test
  void transactionWithOnlyATotalBillsItAsWrites() {
    FakeDynamoDbClient client =
        answering(r -> TransactWriteItemsResponse.builder().consumedCapacity(units(4)).build());
    assertThat(
            table(client).transactWrite(List.of(new WriteAction.Put(ITEM, ItemCondition.ABSENT))))
        .isEqualTo(new Capacity(0, 4));
  }

  // --- errors --------------------------------------------------------------------------------

  private static AwsErrorDetails details(String code, String message) {
    return AwsErrorDetails.builder().errorCode(code).errorMessage(message).build();
  }

  private static Throwable failureOf(RuntimeException sdk) {
    return catchThrowable(() -> table(failingWith(sdk)).getItem(USER));
  }

  @Test
  void aFailedConditionBecomesTheEnginesOwn() {
    var sdk =
        software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException.builder()
            .awsErrorDetails(
                details("TableConditionFailedException", "The conditional request failed"))
            .statusCode(400)
            .build();
    Throwable thrown =
        catchThrowable(
            () -> table(failingWith(sdk)).write(new WriteAction.Put(ITEM, ItemCondition.ABSENT)));
    assertThat(thrown)
        .isInstanceOf(TableConditionFailedException.class)
        .hasMessage("The conditional request failed")
        .hasCause(sdk);
  }

  @Test
  void aCancelledTransactionKeepsItsReasonsInOrder() {
    var sdk =
        software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException.builder()
            .cancellationReasons(
                CancellationReason.builder().code("None").build(),
                CancellationReason.builder().code("ConditionalCheckFailed").build(),
                CancellationReason.builder().code("TransactionConflict").build())
            .statusCode(400)
            .build();
    Throwable thrown =
        catchThrowable(
            () ->
                table(failingWith(sdk))
                    .transactWrite(List.of(new WriteAction.Put(ITEM, ItemCondition.ABSENT))));
    assertThat(thrown).isInstanceOf(TableTransactionCancelledException.class).hasCause(sdk);
    assertThat(((TableTransactionCancelledException) thrown).reasons())
        .containsExactly("None", "ConditionalCheckFailed", "TransactionConflict");
  }

  @Test
  void reasonsAreReadFromTheMessageWhenAnEndpointSendsNoList() {
    var sdk =
        software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException.builder()
            .awsErrorDetails(
                details(
                    "TableTransactionCancelledException",
                    "Transaction cancelled, please refer cancellation reasons for specific reasons"
                        + " [None, ConditionalCheckFailed]"))
            .statusCode(400)
            .build();
    assertThat(SdkErrors.reasons(sdk)).containsExactly("None", "ConditionalCheckFailed");
  }

  @Test
  void aValidationErrorKeepsDynamoDbsMessage() {
    DynamoDbException sdk =
        (DynamoDbException)
            DynamoDbException.builder()
                .awsErrorDetails(
                    details(
                        "ValidationException",
                        "Item size has exceeded the maximum" + " allowed size"))
                .statusCode(400)
                .build();
    assertThat(failureOf(sdk))
        .isInstanceOf(TableRequestRefusedException.class)
        .hasMessage("Item size has exceeded the maximum allowed size")
        .hasCause(sdk);
  }

  @Test
  void aMissingIndexIsNamed() {
    DynamoDbException sdk =
        (DynamoDbException)
            DynamoDbException.builder()
                .awsErrorDetails(
                    details(
                        "ValidationException",
                        "The table does not have the specified" + " index: InvertedIndex"))
                .statusCode(400)
                .build();
    assertThat(failureOf(sdk))
        .isExactlyInstanceOf(TableConfigurationException.class)
        .hasMessageContaining("InvertedIndex")
        .hasMessageContaining(TABLE)
        .hasCause(sdk);
  }

  @Test
  void aMissingTableIsNamed() {
    DynamoDbException sdk =
        ResourceNotFoundException.builder()
            .awsErrorDetails(details("ResourceNotFoundException", "Requested resource not found"))
            .statusCode(400)
            .build();
    assertThat(failureOf(sdk))
        .isExactlyInstanceOf(TableConfigurationException.class)
        .hasMessageContaining("table " + TABLE + " does not exist")
        .hasCause(sdk);
  }

  static Stream<Arguments> unavailable() {
    return Stream.of(
        Arguments.of(
            ProvisionedThroughputExceededException.builder()
                .awsErrorDetails(details("ProvisionedThroughputExceededException", "slow down"))
                .statusCode(400)
                .build()),
        Arguments.of(
            ThrottlingException.builder()
                .awsErrorDetails(details("ThrottlingException", "Rate exceeded"))
                .statusCode(400)
                .build()),
        Arguments.of(
            RequestLimitExceededException.builder()
                .awsErrorDetails(details("RequestLimitExceeded", "account limit"))
                .statusCode(400)
                .build()),
        Arguments.of(
            InternalServerErrorException.builder()
                .awsErrorDetails(details("InternalServerError", "oops"))
                .statusCode(500)
                .build()),
        Arguments.of(
            DynamoDbException.builder()
                .awsErrorDetails(details("ServiceUnavailable", "busy"))
                .statusCode(503)
                .build()),
        Arguments.of(
            TransactionConflictException.builder()
                .awsErrorDetails(details("TransactionConflictException", "in a transaction"))
                .statusCode(400)
                .build()),
        Arguments.of(SdkClientException.create("Unable to execute HTTP request: refused")));
  }

  @ParameterizedTest
  @MethodSource("unavailable")
  void throttlingServiceFaultsAndUnreachableEndpointsAreUnavailable(SdkException sdk) {
    assertThat(failureOf(sdk)).isInstanceOf(ServiceUnavailableException.class).hasCause(sdk);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "The number of conditions on the keys is invalid",
        "Query key condition not supported",
        "The provided key element does not match the schema",
        "One of the required keys was not given a value",
        "Query condition missed key schema element: SK",
        "One or more parameter values were invalid: Type mismatch for key PK expected: N actual: S",
        "One or more parameter values were invalid: Missing the key id in the item"
      })
  void aKeySchemaOtherThanQuickPhotosIsAConfigurationError(String dynamoDbMessage) {
    DynamoDbException sdk =
        (DynamoDbException)
            DynamoDbException.builder()
                .awsErrorDetails(details("ValidationException", dynamoDbMessage))
                .statusCode(400)
                .build();
    assertThat(failureOf(sdk))
        .isExactlyInstanceOf(TableConfigurationException.class)
        .hasMessageContaining("table " + TABLE + " does not have the quick-photos key schema")
        .hasMessageContaining(dynamoDbMessage)
        .hasCause(sdk);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {"AccessDeniedException", "UnrecognizedClientException", "ExpiredTokenException"})
  void deniedOrUnknownCredentialsAreAConfigurationError(String code) {
    DynamoDbException sdk =
        (DynamoDbException)
            DynamoDbException.builder()
                .awsErrorDetails(details(code, "User: arn:aws:iam::1:user/app is not authorized"))
                .statusCode(400)
                .build();
    assertThat(failureOf(sdk))
        .isExactlyInstanceOf(TableConfigurationException.class)
        .hasMessageContaining("may not run GetItem on DynamoDB table " + TABLE)
        .hasMessageContaining(code)
        .hasMessageContaining("is not authorized")
        .hasCause(sdk);
  }

  @Test
  void missingCredentialsAreAConfigurationErrorNotAnOutage() {
    SdkClientException sdk =
        SdkClientException.create(
            "Unable to load credentials from any of"
                + " the providers in the chain AwsCredentialsProviderChain");
    assertThat(failureOf(sdk))
        .isExactlyInstanceOf(TableConfigurationException.class)
        .hasMessageContaining("no AWS credentials")
        .hasCause(sdk);
  }

  @Test
  void anyOtherRefusalIsAPlainQuickPhotosErrorWithTheCode() {
    DynamoDbException sdk =
        (DynamoDbException)
            DynamoDbException.builder()
                .awsErrorDetails(details("LimitExceededException", "too many tables"))
                .statusCode(400)
                .build();
    assertThat(failureOf(sdk))
        .isExactlyInstanceOf(QuickPhotosException.class)
        .hasMessageContaining("LimitExceededException")
        .hasMessageContaining("too many tables")
        .hasCause(sdk);
  }
}
