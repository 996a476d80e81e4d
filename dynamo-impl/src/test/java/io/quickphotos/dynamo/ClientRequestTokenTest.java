package io.quickphotos.dynamo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quickphotos.Follow;
import io.quickphotos.QuickPhotos;
import io.quickphotos.RetryPolicy;
import io.quickphotos.ServiceUnavailableException;
import io.quickphotos.dynamo.internal.FakeDynamoDbClient;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.TransactionInProgressException;

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

  /** The error the SDK throws once its own retries of an in-progress answer are spent. */
  private static TransactionInProgressException inProgress() {
    return (TransactionInProgressException)
        TransactionInProgressException.builder()
            .awsErrorDetails(
                AwsErrorDetails.builder()
                    .errorCode("TransactionInProgressException")
                    .errorMessage("in progress (stub)")
                    .build())
            .statusCode(400)
            .build();
  }

  /**
   * A stub of DynamoDB behind the SDK client: the first request under a token is applied (one
   * write counted), but the SDK's resends of it met it still in progress, so the client throws
   * TransactionInProgressException; so do the next {@code busy} requests under the token; later
   * ones get success without applying it again, as DynamoDB answers a token it has applied.
   */
  private static final class InProgressService {
    final Map<String, Integer> applied = new HashMap<>();
    int busy;

    InProgressService(int busy) {
      this.busy = busy;
    }

    Object answer(SdkRequest request) {
      String token = ((TransactWriteItemsRequest) request).clientRequestToken();
      if (applied.merge(token, 0, Integer::sum) == 0) {
        applied.put(token, 1);
        throw inProgress();
      }
      if (busy > 0) {
        busy--;
        throw inProgress();
      }
      return TransactWriteItemsResponse.builder().build();
    }
  }

  @Test
  void aTransactionInProgressIsRetriedUnderItsTokenAndAppliedOnce() {
    InProgressService service = new InProgressService(2);
    FakeDynamoDbClient client = new FakeDynamoDbClient(service::answer);

    Follow follow = repository(client).follow("ann", "bob");

    assertThat(follow.follower()).isEqualTo("ann");
    // Applied by the first attempt only; the fourth, after two more in-progress answers, got
    // its outcome under the same token.
    assertThat(service.applied).hasSize(1).containsValue(1);
    List<String> tokens = tokens(client);
    assertThat(tokens).hasSize(4).containsOnly(tokens.get(0));
  }

  @Test
  void aTransactionStillInProgressAfterTheBudgetIsAnUnknownOutcome() {
    TransactionInProgressException inProgress = inProgress();
    FakeDynamoDbClient client =
        new FakeDynamoDbClient(
            request -> {
              throw inProgress;
            });

    assertThatThrownBy(() -> repository(client).follow("ann", "bob"))
        .isInstanceOf(ServiceUnavailableException.class)
        .hasMessageContaining("still in progress")
        .hasRootCause(inProgress);
    // Every attempt the policy allows, all under the call's one token.
    List<String> tokens = tokens(client);
    assertThat(tokens).hasSize(RetryPolicy.noDelay().maxAttempts()).containsOnly(tokens.get(0));
  }
}
