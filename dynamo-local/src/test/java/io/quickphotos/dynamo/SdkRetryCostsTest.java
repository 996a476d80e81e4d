package io.quickphotos.dynamo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quickphotos.NewUser;
import io.quickphotos.OperationCost;
import io.quickphotos.QuickPhotos;
import io.quickphotos.RequestRetries;
import io.quickphotos.ServiceUnavailableException;
import io.quickphotos.UserStatus;
import io.quickphotos.dynamo.local.DynamoDbLocal;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.http.AbortableInputStream;
import software.amazon.awssdk.http.ExecutableHttpRequest;
import software.amazon.awssdk.http.HttpExecuteRequest;
import software.amazon.awssdk.http.HttpExecuteResponse;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.SdkHttpResponse;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.retries.api.BackoffStrategy;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The SDK's own retries, counted into the call's cost: an HTTP client in front of DynamoDB Local
 * answers the next attempts with a throttling error or a lost connection, as the service or the
 * network would, and the SDK's retry strategy (no backoff here) tries again.
 */
class SdkRetryCostsTest {
  private static final int MAX_ATTEMPTS = 4;
  private static DynamoDbLocal local;
  private static int tables;

  private final FlakyHttpClient http = new FlakyHttpClient(UrlConnectionHttpClient.create());
  private final List<OperationCost> costs = new CopyOnWriteArrayList<>();
  private DynamoDbClient client;
  private QuickPhotos photos;

  @BeforeAll
  static void start() {
    local = DynamoDbLocal.start();
  }

  @AfterAll
  static void stop() {
    local.close();
  }

  @BeforeEach
  void open() {
    client =
        DynamoDbClient.builder()
            .endpointOverride(local.endpoint())
            .region(DynamoDbLocal.REGION)
            .credentialsProvider(
                StaticCredentialsProvider.create(AwsBasicCredentials.create("dummy", "dummy")))
            .httpClient(http)
            .overrideConfiguration(
                o ->
                    o.retryStrategy(
                        AwsRetryStrategy.standardRetryStrategy().toBuilder()
                            .maxAttempts(MAX_ATTEMPTS)
                            .backoffStrategy(BackoffStrategy.retryImmediately())
                            .throttlingBackoffStrategy(BackoffStrategy.retryImmediately())
                            .circuitBreakerEnabled(false)
                            .build()))
            .build();
    photos =
        DynamoQuickPhotos.builder()
            .client(client)
            .tableName("sdk-retries-" + ++tables)
            .createTableIfMissing(true)
            .costListener(costs::add)
            .build();
    photos.createUser(
        new NewUser(
            "ann", "Ann", "ann@example.com", LocalDate.of(1990, 1, 1), "", UserStatus.ACTIVE));
  }

  private OperationCost lastCost() {
    return costs.get(costs.size() - 1);
  }

  @Test
  void throttledAttemptsAreSdkRetriesAndThrottlesOfOneRequest() {
    http.throttleNext(2);

    assertThat(photos.getUser("ann")).isPresent();

    assertThat(lastCost().requests()).isEqualTo(1);
    assertThat(lastCost().retries()).containsExactly(new RequestRetries("GetItem", 2, 0, 2, 0));
    assertThat(lastCost().attempts()).isEqualTo(http.sent() - http.sentBefore());
  }

  @Test
  void aLostConnectionIsAnUnknownOutcome() {
    http.dropNext(1);

    assertThat(photos.isFollowing("ann", "bob")).isFalse();

    assertThat(lastCost().retries()).containsExactly(new RequestRetries("GetItem", 1, 0, 0, 1));
  }

  @Test
  void whenEveryAttemptIsThrottledTheFailedCallStillCountsThem() {
    http.throttleNext(MAX_ATTEMPTS);

    assertThatThrownBy(() -> photos.getUser("ann")).isInstanceOf(ServiceUnavailableException.class);

    assertThat(lastCost().exception()).isEqualTo("ServiceUnavailableException");
    assertThat(lastCost().retries())
        .containsExactly(new RequestRetries("GetItem", MAX_ATTEMPTS - 1, 0, MAX_ATTEMPTS, 0));
    assertThat(lastCost().latencyNanos()).isPositive();
  }

  @Test
  void aCallWithoutTroubleCountsNothing() {
    photos.getUser("ann");

    assertThat(lastCost().retries()).isEmpty();
    assertThat(lastCost().attempts()).isEqualTo(1);
  }

  /**
   * Forwards to a real client, except the next attempts it is told to fail: answered with
   * DynamoDB's throttling error, or dropped with an {@link IOException}. Counts what it was sent.
   */
  private static final class FlakyHttpClient implements SdkHttpClient {
    private final SdkHttpClient delegate;
    private final AtomicInteger throttle = new AtomicInteger();
    private final AtomicInteger drop = new AtomicInteger();
    private final AtomicInteger sent = new AtomicInteger();
    private volatile int sentBefore;

    FlakyHttpClient(SdkHttpClient delegate) {
      this.delegate = delegate;
    }

    void throttleNext(int attempts) {
      sentBefore = sent.get();
      throttle.set(attempts);
    }

    void dropNext(int attempts) {
      sentBefore = sent.get();
      drop.set(attempts);
    }

    int sent() {
      return sent.get();
    }

    int sentBefore() {
      return sentBefore;
    }

    @Override
    public ExecutableHttpRequest prepareRequest(HttpExecuteRequest request) {
      ExecutableHttpRequest prepared = delegate.prepareRequest(request);
      return new ExecutableHttpRequest() {
        @Override
        public HttpExecuteResponse call() throws IOException {
          sent.incrementAndGet();
          if (throttle.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
            return throttled();
          }
          if (drop.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
            throw new IOException("connection reset (injected by the test)");
          }
          return prepared.call();
        }

        @Override
        public void abort() {
          prepared.abort();
        }
      };
    }

    private static HttpExecuteResponse throttled() {
      byte[] body =
          ("{\"__type\":\"com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException\","
                  + "\"message\":\"The level of configured provisioned throughput for the table was"
                  + " exceeded.\"}")
              .getBytes(StandardCharsets.UTF_8);
      return HttpExecuteResponse.builder()
          .response(
              SdkHttpResponse.builder()
                  .statusCode(400)
                  .putHeader("Content-Type", "application/x-amz-json-1.0")
                  .putHeader("Content-Length", String.valueOf(body.length))
                  .build())
          .responseBody(AbortableInputStream.create(new ByteArrayInputStream(body)))
          .build();
    }

    @Override
    public String clientName() {
      return "flaky";
    }

    @Override
    public void close() {
      delegate.close();
    }
  }
}
