package io.quickphotos.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quickphotos.AccessPattern;
import io.quickphotos.AlreadyFollowingException;
import io.quickphotos.Follow;
import io.quickphotos.NewUser;
import io.quickphotos.OperationCost;
import io.quickphotos.PageRequest;
import io.quickphotos.PhotoAlreadyExistsException;
import io.quickphotos.ProfileUpdate;
import io.quickphotos.QuickPhotos;
import io.quickphotos.RetryPolicy;
import io.quickphotos.ServiceUnavailableException;
import io.quickphotos.ServiceUnavailableException.Reason;
import io.quickphotos.ServiceUnavailableException.Written;
import io.quickphotos.Snapshot;
import io.quickphotos.SortOrder;
import io.quickphotos.User;
import io.quickphotos.UserStatus;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * Scripted faults and throughput limits through the public builder: each fault reaches the
 * application in the shape DynamoDB gives it, after the same retries.
 */
class FaultsTest {
  private static final Instant START = Instant.parse("2024-05-01T12:00:00Z");

  private final List<OperationCost> costs = new CopyOnWriteArrayList<>();
  private final Faults faults = Faults.seeded(1);
  private final MovableClock clock = new MovableClock(START);
  private final QuickPhotos photos =
      MemoryQuickPhotos.builder()
          .faults(faults)
          .retryPolicy(RetryPolicy.noDelay())
          .costListener(costs::add)
          .clock(clock)
          .build();

  /** A clock the test moves; the kit ships a public one, which this module cannot depend on. */
  private static NewUser user(String name) {
    return new NewUser(
        name, name, name + "@example.com", LocalDate.of(1990, 1, 1), "", UserStatus.ACTIVE);
  }

  private OperationCost lastCost() {
    return costs.get(costs.size() - 1);
  }

  @Test
  void scriptedConflictsAreRetriedUntilTheTransactionGoesThrough() {
    photos.createUser(user("ann"));
    photos.createUser(user("bob"));
    faults.on(Request.TRANSACT_WRITE_ITEMS).next(2, Fault.transactionConflict());

    photos.follow("bob", "ann");

    assertThat(faults.requests(Request.TRANSACT_WRITE_ITEMS)).isEqualTo(3);
    assertThat(faults.injected())
        .containsExactly(
            new Faults.Injection(Request.TRANSACT_WRITE_ITEMS, Fault.transactionConflict()),
            new Faults.Injection(Request.TRANSACT_WRITE_ITEMS, Fault.transactionConflict()));
    assertThat(lastCost().pattern()).isEqualTo(AccessPattern.FOLLOW);
    assertThat(lastCost().requests()).isEqualTo(3);
    assertThat(photos.getUser("ann").orElseThrow().followers()).isEqualTo(1);
  }

  @Test
  void persistentConflictsBecomeServiceUnavailableAndWriteNothing() {
    photos.createUser(user("ann"));
    photos.createUser(user("bob"));
    faults.on(Request.TRANSACT_WRITE_ITEMS).always(Fault.transactionThrottled());

    assertThatThrownBy(() -> photos.follow("bob", "ann"))
        .isInstanceOf(ServiceUnavailableException.class)
        .hasMessageContaining("ThrottlingError");
    assertThat(faults.requests(Request.TRANSACT_WRITE_ITEMS)).isEqualTo(8);
    faults.clear();
    assertThat(photos.followersOf("ann", PageRequest.first()).items()).isEmpty();
    assertThat(photos.getUser("bob").orElseThrow().following()).isZero();
  }

  @Test
  void throttledSingleRequestsAreRetriedAsTheSdkRetriesThem() {
    photos.createUser(user("ann"));
    faults.on(Request.GET_ITEM).next(3, Fault.throttling());
    // The builder read the table's recorded settings with one GetItem.
    long before = faults.requests(Request.GET_ITEM);

    assertThat(photos.getUser("ann")).isPresent();
    assertThat(faults.requests(Request.GET_ITEM)).isEqualTo(before + 4);
    // The SDK's retries happen inside one request: the repository counts one.
    assertThat(lastCost().requests()).isEqualTo(1);
  }

  @Test
  void persistentThrottlingSurfacesAsServiceUnavailableWithoutSleeping() {
    faults.on(Request.PUT_ITEM).always(Fault.throttling());

    long start = System.nanoTime();
    assertThatThrownBy(() -> photos.createUser(user("ann")))
        .isInstanceOf(ServiceUnavailableException.class)
        .hasMessageContaining("ProvisionedThroughputExceededException");
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(1));
    assertThat(faults.requests(Request.PUT_ITEM)).isEqualTo(8);
    faults.clear();
    assertThat(photos.getUser("ann")).isEmpty();
  }

  @Test
  void internalServerErrorsWriteNothing() {
    faults.on(Request.PUT_ITEM).always(Fault.internalServerError());

    assertThatThrownBy(() -> photos.createUser(user("ann")))
        .isInstanceOf(ServiceUnavailableException.class)
        .hasMessageContaining("InternalServerError");
    faults.clear();
    assertThat(photos.getUser("ann")).isEmpty();
  }

  @Test
  void unprocessedKeysAreRetriedNeverThrown() {
    List<NewUser> users = new ArrayList<>();
    List<Follow> follows = new ArrayList<>();
    users.add(user("fan"));
    for (int i = 0; i < 10; i++) {
      users.add(user("idol" + i));
      follows.add(new Follow("fan", "idol" + i, START));
    }
    photos.importSnapshot(new Snapshot(users, List.of(), follows, List.of()), n -> {});
    faults.on(Request.BATCH_GET_ITEM).next(3, Fault.unprocessed(0.5));

    List<User> followed = photos.followedBy("fan", PageRequest.first(10)).items();

    assertThat(followed).extracting(User::username).hasSize(10);
    // Half left each time (rounded up): 10 → 5 → 3 → 2, then all read: four BatchGetItem.
    assertThat(faults.requests(Request.BATCH_GET_ITEM)).isEqualTo(4);
    assertThat(lastCost().requests()).isEqualTo(5);

    faults.on(Request.BATCH_GET_ITEM).always(Fault.unprocessed(0.5));
    assertThatThrownBy(() -> photos.followedBy("fan", PageRequest.first(10)))
        .isInstanceOfSatisfying(
            ServiceUnavailableException.class,
            e -> {
              assertThat(e).hasMessageContaining("unprocessed after 8 attempts");
              assertThat(e.reason()).isEqualTo(Reason.THROTTLED);
              assertThat(e.written()).isEqualTo(Written.NOTHING);
            });
  }

  /**
   * Items left unprocessed past the budget: the batches and items written before stay, and the
   * exception says so; importing again writes the rest.
   */
  @Test
  void anImportWhoseItemsStayUnprocessedHasWrittenPartly() {
    faults.on(Request.BATCH_WRITE_ITEM).always(Fault.unprocessed(0.5));
    List<NewUser> users = new ArrayList<>();
    for (int i = 0; i < 30; i++) {
      users.add(user("u" + i));
    }
    Snapshot snapshot = new Snapshot(users, List.of(), List.of(), List.of());

    assertThatThrownBy(() -> photos.importSnapshot(snapshot, n -> {}))
        .isInstanceOfSatisfying(
            ServiceUnavailableException.class,
            e -> {
              assertThat(e.reason()).isEqualTo(Reason.THROTTLED);
              assertThat(e.written()).isEqualTo(Written.PARTLY);
            });
    faults.clear();
    assertThat(photos.getUser("u0")).isPresent();
    assertThat(photos.importSnapshot(snapshot, n -> {})).isEqualTo(30);
  }

  /**
   * The thread interrupted while the engine waits to retry a throttled write: the call stops,
   * written nothing, with its interrupt flag set again; after a server error the write's outcome
   * is unknown instead.
   */
  @Test
  void anInterruptedWaitStopsTheCall() {
    QuickPhotos waiting =
        MemoryQuickPhotos.builder()
            .faults(faults)
            .retryPolicy(RetryPolicy.of(3, Duration.ofSeconds(1)))
            .build();
    faults.on(Request.PUT_ITEM).always(Fault.throttling());
    Thread.currentThread().interrupt();
    try {
      assertThatThrownBy(() -> waiting.createUser(user("ann")))
          .isInstanceOfSatisfying(
              ServiceUnavailableException.class,
              e -> {
                assertThat(e.reason()).isEqualTo(Reason.INTERRUPTED);
                assertThat(e.written()).isEqualTo(Written.NOTHING);
              });
      assertThat(Thread.interrupted()).isTrue();

      faults.clear();
      faults.on(Request.PUT_ITEM).always(Fault.internalServerError());
      Thread.currentThread().interrupt();
      assertThatThrownBy(() -> waiting.createUser(user("ann")))
          .isInstanceOfSatisfying(
              ServiceUnavailableException.class,
              e -> {
                assertThat(e.reason()).isEqualTo(Reason.INTERRUPTED);
                assertThat(e.written()).isEqualTo(Written.UNKNOWN);
              });
      assertThat(Thread.interrupted()).isTrue();
    } finally {
      Thread.interrupted();
    }
  }

  @Test
  void everyThirdBatchLeavesHalfItsItemsUnprocessed() {
    faults.on(Request.BATCH_WRITE_ITEM).every(3, Fault.unprocessed(0.5));
    List<NewUser> users = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      users.add(user("u" + i));
    }

    long written =
        photos.importSnapshot(new Snapshot(users, List.of(), List.of(), List.of()), n -> {});

    assertThat(written).isEqualTo(100);
    assertThat(faults.injected())
        .isNotEmpty()
        .allMatch(injection -> injection.fault().equals(Fault.unprocessed(0.5)));
    for (int i = 0; i < 100; i++) {
      assertThat(photos.getUser("u" + i)).isPresent();
    }
  }

  /**
   * A profile update's UpdateItem is sent at most once: an unknown outcome is read back and, the
   * call's own token being there, is the call's success (one GetItem more); a server error,
   * which may follow an applied write on DynamoDB, is not retried, and with the profile showing
   * no change of this call the outcome stays unknown: nothing is applied twice.
   */
  @Test
  void aProfileUpdateIsSentAtMostOnceAndReadBack() {
    photos.createUser(user("ann"));
    faults.on(Request.UPDATE_ITEM).next(1, Fault.unknownOutcome());
    assertThat(photos.updateProfile("ann", ProfileUpdate.builder().name("Ann").build()).version())
        .isEqualTo(1);
    assertThat(lastCost().requests()).isEqualTo(2);
    assertThat(faults.requests(Request.GET_ITEM)).isEqualTo(1);

    faults.on(Request.UPDATE_ITEM).next(1, Fault.internalServerError());
    assertThatThrownBy(
            () -> photos.updateProfile("ann", ProfileUpdate.builder().name("Ann B").build()))
        .isInstanceOfSatisfying(
            ServiceUnavailableException.class,
            e -> assertThat(e.written()).isEqualTo(ServiceUnavailableException.Written.UNKNOWN));
    assertThat(faults.requests(Request.UPDATE_ITEM)).isEqualTo(2);
    assertThat(photos.getUser("ann").orElseThrow().version()).isEqualTo(1);
  }

  @Test
  void anUnknownOutcomeHasWrittenAndARetryFindsTheWriteDone() {
    photos.createUser(user("ann"));
    photos.createUser(user("bob"));
    faults.on(Request.TRANSACT_WRITE_ITEMS).next(1, Fault.unknownOutcome());

    assertThatThrownBy(() -> photos.follow("bob", "ann"))
        .isInstanceOf(ServiceUnavailableException.class)
        .hasMessageContaining("may or may not have been applied");
    assertThatThrownBy(() -> photos.follow("bob", "ann"))
        .isInstanceOf(AlreadyFollowingException.class);
    assertThat(photos.getUser("ann").orElseThrow().followers()).isEqualTo(1);
    assertThat(photos.getUser("bob").orElseThrow().following()).isEqualTo(1);

    faults.on(Request.TRANSACT_WRITE_ITEMS).next(1, Fault.unknownOutcome());
    Instant taken = Instant.parse("2024-04-01T00:00:00Z");
    assertThatThrownBy(() -> photos.uploadPhoto("ann", taken, "https://example.com/1.jpg"))
        .isInstanceOf(ServiceUnavailableException.class);
    assertThatThrownBy(() -> photos.uploadPhoto("ann", taken, "https://example.com/1.jpg"))
        .isInstanceOf(PhotoAlreadyExistsException.class);
    assertThat(
            photos
                .userWithPhotos("ann", SortOrder.NEWEST_FIRST, PageRequest.first())
                .photos()
                .items())
        .hasSize(1);
  }

  /**
   * The first attempt is applied but answered "in progress", and so is the repository's first
   * retry under the same token; the third attempt gets the outcome: the call returns, applied
   * once, and is metered with the applied attempt's write units once.
   */
  @Test
  void aTransactionInProgressIsRetriedUnderItsTokenAndAppliedOnce() {
    photos.createUser(user("ann"));
    photos.createUser(user("bob"));
    faults.on(Request.TRANSACT_WRITE_ITEMS).next(2, Fault.transactionInProgress());

    Follow follow = photos.follow("bob", "ann");

    assertThat(follow.followed()).isEqualTo("ann");
    assertThat(faults.requests(Request.TRANSACT_WRITE_ITEMS)).isEqualTo(3);
    assertThat(lastCost().requests()).isEqualTo(3);
    double units = lastCost().writeCapacityUnits();
    assertThat(photos.getUser("ann").orElseThrow().followers()).isEqualTo(1);
    assertThat(photos.getUser("bob").orElseThrow().following()).isEqualTo(1);
    assertThat(photos.followersOf("ann", PageRequest.first()).items()).hasSize(1);

    // The next calls have tokens of their own: new transactions, not answers remembered; a
    // fault-free follow costs what the one in progress was metered.
    photos.unfollow("bob", "ann");
    assertThat(photos.getUser("ann").orElseThrow().followers()).isZero();
    photos.follow("bob", "ann");
    assertThat(lastCost().writeCapacityUnits()).isEqualTo(units).isPositive();
  }

  /** In progress past the budget: applied, but the caller gets an unknown outcome. */
  @Test
  void aTransactionStillInProgressAfterTheBudgetIsAnUnknownOutcome() {
    photos.createUser(user("ann"));
    photos.createUser(user("bob"));
    faults.on(Request.TRANSACT_WRITE_ITEMS).always(Fault.transactionInProgress());

    assertThatThrownBy(() -> photos.follow("bob", "ann"))
        .isInstanceOf(ServiceUnavailableException.class)
        .hasMessageContaining("still in progress");
    assertThat(faults.requests(Request.TRANSACT_WRITE_ITEMS))
        .isEqualTo(RetryPolicy.noDelay().maxAttempts());
    faults.clear();
    assertThat(photos.getUser("ann").orElseThrow().followers()).isEqualTo(1);
    assertThatThrownBy(() -> photos.follow("bob", "ann"))
        .isInstanceOf(AlreadyFollowingException.class);
  }

  /** An attempt in flight that is cancelled is not remembered: the retry is cancelled too. */
  @Test
  void aCancelledTransactionInProgressIsNotRemembered() {
    photos.createUser(user("ann"));
    faults.on(Request.TRANSACT_WRITE_ITEMS).next(1, Fault.transactionInProgress());

    assertThatThrownBy(() -> photos.follow("bob", "ann"))
        .isInstanceOf(io.quickphotos.UserNotFoundException.class);
    assertThat(faults.requests(Request.TRANSACT_WRITE_ITEMS)).isEqualTo(2);
    assertThat(photos.getUser("ann").orElseThrow().followers()).isZero();
  }

  @Test
  void randomFaultsAreReproducibleFromTheSeed() {
    List<List<Faults.Injection>> runs = new ArrayList<>();
    for (int run = 0; run < 2; run++) {
      Faults script = Faults.seeded(99);
      script.onAnyRequest().randomly(0.3, Fault.throttling());
      QuickPhotos repository =
          MemoryQuickPhotos.builder().faults(script).retryPolicy(RetryPolicy.noDelay(50)).build();
      for (int i = 0; i < 20; i++) {
        repository.createUser(user("u" + i));
        repository.getUser("u" + i);
      }
      runs.add(script.injected());
    }
    assertThat(runs.get(0)).isNotEmpty().isEqualTo(runs.get(1));
  }

  @Test
  void faultsDynamoDbCannotProduceAreRefusedWhenScripted() {
    assertThatThrownBy(() -> faults.on(Request.GET_ITEM).next(1, Fault.transactionConflict()))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> faults.on(Request.QUERY).always(Fault.unprocessed(0.5)))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> faults.on(Request.PUT_ITEM).always(Fault.transactionInProgress()))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> Fault.unprocessed(0)).isInstanceOf(IllegalArgumentException.class);
    // Any request: only those the fault can happen to.
    faults.onAnyRequest().always(Fault.unprocessed(1));
    photos.createUser(user("ann"));
    assertThat(faults.injected()).isEmpty();
  }

  @Test
  void aCelebrityGainingFollowersThrottlesOnTheHotPartition() {
    QuickPhotos limited =
        MemoryQuickPhotos.builder()
            .throughput(Throughput.onDemand())
            .retryPolicy(RetryPolicy.noDelay())
            .clock(clock)
            .build();
    List<NewUser> users = new ArrayList<>();
    users.add(user("celebrity"));
    for (int i = 0; i < 600; i++) {
      users.add(user("fan" + i));
    }
    limited.importSnapshot(new Snapshot(users, List.of(), List.of(), List.of()), n -> {});

    // Each follow writes the friendship and the followers counter in the celebrity's partition:
    // 2 + 2 transactional write units of the base table, so 1,000 WCU/s admit 250 a second.
    int followed = 0;
    ServiceUnavailableException throttled = null;
    for (int i = 0; i < 600 && throttled == null; i++) {
      try {
        limited.follow("fan" + i, "celebrity");
        followed++;
      } catch (ServiceUnavailableException e) {
        throttled = e;
      }
    }
    assertThat(followed).isEqualTo(250);
    assertThat(throttled).hasMessageContaining("ThrottlingError");
    // Other partitions are unaffected.
    limited.follow("fan1", "fan2");

    clock.advance(Duration.ofMillis(500));
    int more = 0;
    for (int i = 251; i < 600; i++) {
      try {
        limited.follow("fan" + i, "celebrity");
        more++;
      } catch (ServiceUnavailableException e) {
        break;
      }
    }
    assertThat(more).isEqualTo(125);
    assertThat(limited.getUser("celebrity").orElseThrow().followers()).isEqualTo(375);
  }

  @Test
  void aHotItemReadThrottlesAtThreeThousandReadUnitsASecond() {
    QuickPhotos limited =
        MemoryQuickPhotos.builder()
            .throughput(Throughput.onDemand())
            .retryPolicy(RetryPolicy.noDelay())
            .clock(clock)
            .build();
    limited.createUser(user("celebrity"));
    int reads = 0;
    try {
      for (; reads < 5_000; reads++) {
        limited.getUser("celebrity");
      }
    } catch (ServiceUnavailableException e) {
      assertThat(e).hasMessageContaining("ProvisionedThroughputExceededException");
    }
    assertThat(reads).isEqualTo(3_000);
    clock.advance(Duration.ofSeconds(1));
    assertThat(limited.getUser("celebrity")).isPresent();
  }

  @Test
  void anIndexLagHappensToWritesAloneAndSaysHowLong() {
    Fault lag = Fault.indexLag(3);
    assertThat(lag).hasToString("index_lag(3)").isEqualTo(Fault.indexLag(3));
    for (Request request : Request.values()) {
      assertThat(lag.appliesTo(request)).as(request.name()).isEqualTo(request.writes());
    }
    assertThatThrownBy(() -> Fault.indexLag(0)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> Faults.create().on(Request.QUERY).always(lag))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
