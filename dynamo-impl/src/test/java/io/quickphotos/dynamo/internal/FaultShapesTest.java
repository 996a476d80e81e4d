package io.quickphotos.dynamo.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quickphotos.Follow;
import io.quickphotos.NewUser;
import io.quickphotos.PageRequest;
import io.quickphotos.QuickPhotos;
import io.quickphotos.RetryPolicy;
import io.quickphotos.ServiceUnavailableException;
import io.quickphotos.User;
import io.quickphotos.UserStatus;
import io.quickphotos.dynamo.DynamoQuickPhotos;
import io.quickphotos.internal.singletable.ItemCodec;
import io.quickphotos.internal.singletable.KeyLayout;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.exception.ApiCallTimeoutException;
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
        .isInstanceOf(ServiceUnavailableException.class)
        .hasMessageContaining("ThrottlingError");
    assertThat(throttled.requests).hasSize(8);
  }

  @Test
  void throttlingServerErrorsAndTimeoutsReachTheCallerAsServiceUnavailable() {
    List<RuntimeException> failures =
        List.of(
            ProvisionedThroughputExceededException.builder()
                .awsErrorDetails(
                    AwsErrorDetails.builder()
                        .errorCode("ProvisionedThroughputExceededException")
                        .errorMessage("slow down")
                        .build())
                .statusCode(400)
                .build(),
            DynamoDbException.builder()
                .awsErrorDetails(
                    AwsErrorDetails.builder()
                        .errorCode("InternalServerError")
                        .errorMessage("Internal server error")
                        .build())
                .statusCode(500)
                .build(),
            // A timed-out call: the outcome is unknown.
            ApiCallTimeoutException.create(1_000));
    for (RuntimeException failure : failures) {
      FakeDynamoDbClient client =
          new FakeDynamoDbClient(
              request -> {
                throw failure;
              });
      assertThatThrownBy(() -> repository(client).createUser(user("ann")))
          .isInstanceOf(ServiceUnavailableException.class)
          .hasCause(failure);
      assertThatThrownBy(() -> repository(client).follow("ann", "bob"))
          .isInstanceOf(ServiceUnavailableException.class)
          .hasCause(failure);
    }
  }
}
