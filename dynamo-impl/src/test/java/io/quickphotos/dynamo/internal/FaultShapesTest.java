package io.quickphotos.dynamo.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quickphotos.Follow;
import io.quickphotos.NewUser;
import io.quickphotos.PageRequest;
import io.quickphotos.QuickPhotos;
import io.quickphotos.RetryPolicy;
import io.quickphotos.ServiceUnavailableException;
import io.quickphotos.ServiceUnavailableException.Reason;
import io.quickphotos.ServiceUnavailableException.Written;
import io.quickphotos.User;
import io.quickphotos.UserStatus;
import io.quickphotos.dynamo.DynamoQuickPhotos;
import io.quickphotos.internal.singletable.codec.ItemCodec;
import io.quickphotos.internal.singletable.layout.KeyLayout;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.exception.AbortedException;
import software.amazon.awssdk.core.exception.ApiCallTimeoutException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * The faults the memory backend injects, in the shapes DynamoDB answers with (after the SDK's own
 * retries), through the DynamoDB backend: the application sees the same results and exceptions
 * as the memory backend's {@code FaultsTest} shows. DynamoDB Local produces none of them.
 */
class FaultShapesTest {

  private static QuickPhotos repository(FakeDynamoDbClient client) {
    return DynamoQuickPhotos.builder().client(client).retryPolicy(RetryPolicy.noDelay()).build();
  }

  private static NewUser user(String name) {
    return new NewUser(
        name, name, name + "@example.com", LocalDate.of(1990, 1, 1), "", UserStatus.ACTIVE);
  }

  private static TransactionCanceledException cancelled(String reason) {
    return TransactionCanceledException.builder()
        .cancellationReasons(
            CancellationReason.builder().code(reason).build(),
            CancellationReason.builder().code("None").build(),
            CancellationReason.builder().code("None").build())
        .statusCode(400)
        .build();
  }

  @Test
  void unprocessedKeysAreRetriedUntilRead() {
    List<Map<String, AttributeValue>> friendships = new ArrayList<>();
    for (String idol : List.of("b", "c", "d", "e")) {
      friendships.add(
          AttributeValues.toSdk(ItemCodec.friendship(new Follow("a", idol, Instant.EPOCH))));
    }
    FakeDynamoDbClient client =
        new FakeDynamoDbClient(
            (SdkRequest request) -> {
              if (!(request instanceof BatchGetItemRequest batch)) {
                return QueryResponse.builder().items(friendships).build();
              }
              List<Map<String, AttributeValue>> keys =
                  batch.requestItems().values().iterator().next().keys();
              // Half of each request's keys (rounded up) unprocessed, while more than one is asked.
              int unprocessed = keys.size() > 1 ? (keys.size() + 1) / 2 : 0;
              List<Map<String, AttributeValue>> found = new ArrayList<>();
              for (Map<String, AttributeValue> key : keys.subList(0, keys.size() - unprocessed)) {
                String username = key.get("PK").s().substring(KeyLayout.USER.length());
                found.add(AttributeValues.toSdk(ItemCodec.newUser(user(username))));
              }
              return BatchGetItemResponse.builder()
                  .responses(Map.of("quick-photos", found))
                  .unprocessedKeys(
                      unprocessed == 0
                          ? Map.of()
                          : Map.of(
                              "quick-photos",
                              KeysAndAttributes.builder()
                                  .keys(keys.subList(keys.size() - unprocessed, keys.size()))
                                  .consistentRead(true)
                                  .build()))
                  .build();
            });

    List<User> users = repository(client).followedBy("a", PageRequest.first()).items();

    assertThat(users).extracting(User::username).containsExactlyInAnyOrder("b", "c", "d", "e");
    // 4 keys: 2 read, then 1 of 2, then the last one.
    assertThat(client.requests.stream().filter(BatchGetItemRequest.class::isInstance)).hasSize(3);
  }

  @Test
  void conflictsAreRetriedAndPersistentThrottlingBecomesServiceUnavailable() {
    AtomicInteger conflicts = new AtomicInteger(2);
    FakeDynamoDbClient client =
        new FakeDynamoDbClient(
            request -> {
              if (conflicts.getAndDecrement() > 0) {
                throw cancelled("TransactionConflict");
              }
              return TransactWriteItemsResponse.builder().build();
            });
    repository(client).follow("a", "b");
    assertThat(client.requests).hasSize(3);

    FakeDynamoDbClient throttled =
        new FakeDynamoDbClient(
            request -> {
              throw cancelled("ThrottlingError");
            });
    assertThatThrownBy(() -> repository(throttled).follow("a", "b"))
        .isInstanceOfSatisfying(
            ServiceUnavailableException.class,
            e -> {
              assertThat(e.reason()).isEqualTo(Reason.THROTTLED);
              assertThat(e.written()).isEqualTo(Written.NOTHING);
            })
        .hasMessageContaining("ThrottlingError");
    assertThat(throttled.requests).hasSize(8);
  }

  private static DynamoDbException serviceError(String code, int status) {
    return (DynamoDbException)
        DynamoDbException.builder()
            .awsErrorDetails(
                AwsErrorDetails.builder().errorCode(code).errorMessage("injected " + code).build())
            .statusCode(status)
            .build();
  }

  /** The SDK's record of an earlier attempt's failure: its message, as a suppressed exception. */
  private static SdkException afterAttempt(SdkException last, String earlierMessage) {
    last.addSuppressed(SdkClientException.create("Request attempt 1 failure: " + earlierMessage));
    return last;
  }

  /**
   * What the SDK throws after its retries, as the caller sees it: the kind, why, and what a read
   * and a write may have written (the same values the memory backend's faults give, which the
   * conformance tests check end to end on DynamoDB Local).
   */
  @Test
  void throttlingServerErrorsAndTimeoutsReachTheCallerAsServiceUnavailable() {
    record Shape(SdkException failure, Reason reason, Written write) {}
    List<Shape> shapes =
        List.of(
            new Shape(
                ProvisionedThroughputExceededException.builder()
                    .awsErrorDetails(
                        AwsErrorDetails.builder()
                            .errorCode("ProvisionedThroughputExceededException")
                            .errorMessage("slow down")
                            .build())
                    .statusCode(400)
                    .build(),
                Reason.THROTTLED,
                Written.NOTHING),
            new Shape(serviceError("ThrottlingException", 400), Reason.THROTTLED, Written.NOTHING),
            new Shape(serviceError("RequestLimitExceeded", 400), Reason.THROTTLED, Written.NOTHING),
            new Shape(
                serviceError("InternalServerError", 500), Reason.SERVER_ERROR, Written.UNKNOWN),
            new Shape(
                serviceError("ServiceUnavailable", 503), Reason.SERVER_ERROR, Written.UNKNOWN),
            // A single write that met a transaction in flight on its item: refused.
            new Shape(
                serviceError("TransactionConflictException", 400),
                Reason.CONTENTION,
                Written.NOTHING),
            // Throttled at last, after an attempt that met a server error: it may have applied.
            new Shape(
                afterAttempt(
                    serviceError("ThrottlingException", 400),
                    "injected (Service: DynamoDb, Status Code: 500, Request ID: x)"),
                Reason.THROTTLED,
                Written.UNKNOWN),
            // Throttled on every attempt: nothing.
            new Shape(
                afterAttempt(
                    serviceError("ThrottlingException", 400),
                    "injected (Service: DynamoDb, Status Code: 400, Request ID: x)"),
                Reason.THROTTLED,
                Written.NOTHING),
            // Throttled at last, after an attempt that got no answer.
            new Shape(
                afterAttempt(
                    serviceError("ThrottlingException", 400),
                    "Unable to execute HTTP request: Connection reset"),
                Reason.THROTTLED,
                Written.UNKNOWN),
            // A timed-out call: the outcome is unknown.
            new Shape(ApiCallTimeoutException.create(1_000), Reason.UNREACHABLE, Written.UNKNOWN),
            new Shape(
                SdkClientException.create("Unable to execute HTTP request: Connection refused"),
                Reason.UNREACHABLE,
                Written.UNKNOWN),
            new Shape(
                AbortedException.create("Thread was interrupted"),
                Reason.INTERRUPTED,
                Written.UNKNOWN));
    for (Shape shape : shapes) {
      FakeDynamoDbClient client =
          new FakeDynamoDbClient(
              request -> {
                throw shape.failure();
              });
      assertThatThrownBy(() -> repository(client).createUser(user("ann")))
          .as("a write meeting %s", shape.failure())
          .isInstanceOfSatisfying(
              ServiceUnavailableException.class,
              e -> {
                assertThat(e.reason()).isEqualTo(shape.reason());
                assertThat(e.written()).isEqualTo(shape.write());
              })
          .hasCause(shape.failure());
      assertThatThrownBy(() -> repository(client).follow("ann", "bob"))
          .isInstanceOf(ServiceUnavailableException.class)
          .hasCause(shape.failure());
      assertThatThrownBy(() -> repository(client).getUser("ann"))
          .as("a read meeting %s", shape.failure())
          .isInstanceOfSatisfying(
              ServiceUnavailableException.class,
              e -> {
                assertThat(e.reason()).isEqualTo(shape.reason());
                assertThat(e.written()).isEqualTo(Written.NOTHING);
              });
    }
  }
}
