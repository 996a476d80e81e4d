package io.quickphotos.dynamo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quickphotos.QuickPhotos;
import io.quickphotos.RetryPolicy;
import io.quickphotos.ServiceUnavailableException;
import io.quickphotos.dynamo.internal.FakeDynamoDbClient;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * Every attempt of one call's transaction carries the same ClientRequestToken, and each call its
 * own, so a retry can never apply a transaction twice.
 */
class ClientRequestTokenTest {

  private static QuickPhotos repository(FakeDynamoDbClient client) {
    return DynamoQuickPhotos.builder().client(client).retryPolicy(RetryPolicy.noDelay()).build();
  }

  private static List<String> tokens(FakeDynamoDbClient client) {
    return client.requests.stream()
        .map(request -> ((TransactWriteItemsRequest) request).clientRequestToken())
        .toList();
  }

  @Test
  void retriesOfOneCallReuseItsTokenAndTheNextCallHasItsOwn() {
    AtomicInteger conflicts = new AtomicInteger(2);
    FakeDynamoDbClient client =
        new FakeDynamoDbClient(
            (SdkRequest request) -> {
              if (conflicts.getAndDecrement() > 0) {
                throw TransactionCanceledException.builder()
                    .cancellationReasons(
                        CancellationReason.builder().code("None").build(),
                        CancellationReason.builder().code("TransactionConflict").build(),
                        CancellationReason.builder().code("None").build())
                    .statusCode(400)
                    .build();
              }
              return TransactWriteItemsResponse.builder().build();
            });
    QuickPhotos photos = repository(client);

    photos.follow("ann", "bob");
    List<String> first = tokens(client);
    assertThat(first).hasSize(3).doesNotContainNull().containsOnly(first.get(0));
    assertThat(first.get(0)).hasSize(36);

    photos.follow("bob", "ann");
    List<String> all = tokens(client);
    assertThat(all).hasSize(4);
    assertThat(all.get(3)).isNotEqualTo(first.get(0));
  }

  @Test
  void aTransactionStillInProgressUnderItsTokenIsAnUnknownOutcome() {
    DynamoDbException inProgress =
        (DynamoDbException)
            DynamoDbException.builder()
                .awsErrorDetails(
                    AwsErrorDetails.builder()
                        .errorCode("TransactionInProgressException")
                        .errorMessage("Transaction is ongoing for the given idempotency token")
                        .build())
                .statusCode(400)
                .build();
    FakeDynamoDbClient client =
        new FakeDynamoDbClient(
            request -> {
              throw inProgress;
            });

    assertThatThrownBy(() -> repository(client).follow("ann", "bob"))
        .isInstanceOf(ServiceUnavailableException.class)
        .hasCause(inProgress);
  }
}
