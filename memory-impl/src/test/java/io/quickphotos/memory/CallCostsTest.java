package io.quickphotos.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quickphotos.AccessPattern;
import io.quickphotos.CostListener;
import io.quickphotos.NewUser;
import io.quickphotos.OperationCost;
import io.quickphotos.PageRequest;
import io.quickphotos.QuickPhotos;
import io.quickphotos.RequestRetries;
import io.quickphotos.RetryPolicy;
import io.quickphotos.ServiceUnavailableException;
import io.quickphotos.UserNotFoundException;
import io.quickphotos.UserStatus;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * What a call's cost says beyond capacity: its latency, the exception it threw, and the retries,
 * throttles and unknown outcomes its requests met, in the SDK's simulation and in the
 * repository's own loops.
 */
class CallCostsTest {
  private static final Instant START = Instant.parse("2024-05-01T12:00:00Z");

  private final List<OperationCost> costs = new CopyOnWriteArrayList<>();
  private final Faults faults = Faults.seeded(7);

  private QuickPhotos photos(MemoryQuickPhotos.Builder builder) {
    return builder
        .faults(faults)
        .retryPolicy(RetryPolicy.noDelay())
        .costListener(costs::add)
        .build();
  }

  private QuickPhotos photos() {
    return photos(MemoryQuickPhotos.builder());
  }

  private static NewUser user(String name) {
    return new NewUser(
        name, name, name + "@example.com", LocalDate.of(1990, 1, 1), "", UserStatus.ACTIVE);
  }

  private OperationCost lastCost() {
    return costs.get(costs.size() - 1);
  }

  @Test
  void aCallWithoutTroubleHasNoRetriesAndNoException() {
    QuickPhotos photos = photos();
    photos.createUser(user("ann"));

    assertThat(lastCost().retries()).isEmpty();
    assertThat(lastCost().exception()).isNull();
    assertThat(lastCost().attempts()).isEqualTo(lastCost().requests()).isEqualTo(1);
  }

  @Test
  void theSdksRetriesOfThrottledAttemptsAreCountedInsideOneRequest() {
    QuickPhotos photos = photos();
    photos.createUser(user("ann"));
    faults.on(Request.GET_ITEM).next(3, Fault.throttling());

    photos.getUser("ann");

    assertThat(lastCost().requests()).isEqualTo(1);
    assertThat(lastCost().retries()).containsExactly(new RequestRetries("GetItem", 3, 0, 3, 0));
    assertThat(lastCost().attempts()).isEqualTo(4);
    assertThat(lastCost().retryCount()).isEqualTo(3);
    assertThat(lastCost().throttleCount()).isEqualTo(3);
  }

  @Test
  void serverErrorsAreRetriesButNotThrottles() {
    QuickPhotos photos = photos();
    faults.on(Request.PUT_ITEM).next(2, Fault.internalServerError());

    photos.createUser(user("ann"));

    assertThat(lastCost().retries()).containsExactly(new RequestRetries("PutItem", 2, 0, 0, 0));
  }

  @Test
  void cancelledTransactionsSentAgainAreResendsAndThrottlingCancellationsThrottles() {
    QuickPhotos photos = photos();
    photos.createUser(user("ann"));
    photos.createUser(user("bob"));
    faults.on(Request.TRANSACT_WRITE_ITEMS).next(1, Fault.transactionConflict());
    faults.on(Request.TRANSACT_WRITE_ITEMS).next(2, Fault.transactionThrottled());

    photos.follow("bob", "ann");

    assertThat(lastCost().requests()).isEqualTo(faults.requests(Request.TRANSACT_WRITE_ITEMS));
    int resent = faults.requests(Request.TRANSACT_WRITE_ITEMS) - 1;
    assertThat(lastCost().retries())
        .containsExactly(
            new RequestRetries(
                "TransactWriteItems",
                0,
                resent,
                (int)
                    faults.injected().stream()
                        .filter(i -> i.fault().equals(Fault.transactionThrottled()))
                        .count(),
                0));
    assertThat(lastCost().attempts()).isEqualTo(lastCost().requests());
  }

  @Test
  void unprocessedKeysAskedAgainAreResends() {
    QuickPhotos photos = photos();
    photos.createUser(user("fan"));
    for (int i = 0; i < 10; i++) {
      photos.createUser(user("idol" + i));
      photos.follow("fan", "idol" + i);
    }
    faults.on(Request.BATCH_GET_ITEM).next(3, Fault.unprocessed(0.5));

    photos.followedBy("fan", PageRequest.first(10));

    assertThat(lastCost().retries())
        .containsExactly(
            new RequestRetries(
                "BatchGetItem", 0, faults.requests(Request.BATCH_GET_ITEM) - 1, 0, 0));
  }

  @Test
  void anUnknownOutcomeIsCountedAndTheFailureNamed() {
    QuickPhotos photos = photos();
    faults.on(Request.PUT_ITEM).next(1, Fault.unknownOutcome());

    assertThatThrownBy(() -> photos.createUser(user("ann")))
        .isInstanceOf(ServiceUnavailableException.class);

    assertThat(lastCost().succeeded()).isFalse();
    assertThat(lastCost().exception()).isEqualTo("ServiceUnavailableException");
    assertThat(lastCost().unknownOutcomeCount()).isEqualTo(1);
  }

  @Test
  void aDomainFailureIsNamedByItsSimpleClassName() {
    QuickPhotos photos = photos();
    photos.createUser(user("ann"));

    assertThatThrownBy(() -> photos.follow("ann", "nobody"))
        .isInstanceOf(UserNotFoundException.class);

    assertThat(lastCost().pattern()).isEqualTo(AccessPattern.FOLLOW);
    assertThat(lastCost().exception()).isEqualTo(UserNotFoundException.class.getSimpleName());
  }

  @Test
  void theLatencyIsTheCallsWallClockTimeRequestsIncluded() {
    Duration perRequest = Duration.ofMillis(3);
    QuickPhotos photos = photos(MemoryQuickPhotos.builder().latency(perRequest));
    photos.createUser(user("ann"));

    long before = System.nanoTime();
    photos.getUser("ann");
    long wall = System.nanoTime() - before;

    assertThat(lastCost().latency()).isGreaterThanOrEqualTo(perRequest);
    assertThat(lastCost().latencyNanos()).isLessThanOrEqualTo(wall);
  }

  @Test
  void retriesOnThePoolsHelperThreadsCountForTheCall() {
    QuickPhotos photos = photos(MemoryQuickPhotos.builder().parallelism(4));
    photos.createUser(user("reader"));
    for (int i = 0; i < 6; i++) {
      photos.createUser(user("author" + i));
      photos.follow("reader", "author" + i);
      photos.uploadPhoto("author" + i, START.plusSeconds(i), "https://p.example.com/" + i);
    }
    faults.on(Request.QUERY).next(5, Fault.throttling());

    photos.homeFeed("reader", PageRequest.first(10));

    assertThat(lastCost().pattern()).isEqualTo(AccessPattern.HOME_FEED);
    assertThat(lastCost().retries()).containsExactly(new RequestRetries("Query", 5, 0, 5, 0));
  }

  @Test
  void aListenerThatDeclinesTimingGetsNoLatency() {
    CostListener untimed =
        new CostListener() {
          @Override
          public void onCost(OperationCost cost) {
            costs.add(cost);
          }

          @Override
          public boolean timesCalls() {
            return false;
          }
        };
    QuickPhotos photos =
        MemoryQuickPhotos.builder().latency(Duration.ofMillis(1)).costListener(untimed).build();

    photos.createUser(user("ann"));

    assertThat(lastCost().latencyNanos()).isZero();
    assertThat(lastCost().requests()).isEqualTo(1);
  }
}
