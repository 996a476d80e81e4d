package io.quickphotos.test.example;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quickphotos.NewUser;
import io.quickphotos.PageRequest;
import io.quickphotos.Photo;
import io.quickphotos.QuickPhotos;
import io.quickphotos.ServiceUnavailableException;
import io.quickphotos.SortOrder;
import io.quickphotos.UserStatus;
import io.quickphotos.memory.Fault;
import io.quickphotos.memory.Faults;
import io.quickphotos.memory.Request;
import io.quickphotos.test.BothBackends;
import io.quickphotos.test.Injected;
import io.quickphotos.test.ManualClock;
import io.quickphotos.test.MemoryOnly;
import io.quickphotos.test.QuickPhotosFixture;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** An application's own test of its service, on memory and on DynamoDB Local, with the kit. */
// tag::social-service-test[]
@BothBackends
class SocialServiceTest {
  @Injected QuickPhotos photos;
  @Injected ManualClock clock;
  SocialService service;

  @BeforeEach
  void setUp() {
    service = new SocialService(photos);
    for (String name : new String[] {"ann", "bob"}) {
      photos.createUser(
          new NewUser(
              name, name, name + "@example.com", LocalDate.of(1990, 1, 1), "", UserStatus.ACTIVE));
    }
  }

  @Test
  void followsOnceAndStampsWithTheTestsClock() {
    clock.advance(Duration.ofHours(1));
    assertThat(service.follow("bob", "ann")).isTrue();
    assertThat(service.follow("bob", "ann")).isFalse();
    assertThat(photos.followersOf("ann", PageRequest.first()).items())
        .singleElement()
        .satisfies(f -> assertThat(f.since()).isEqualTo(Instant.parse("2024-01-01T01:00:00Z")));
  }

  @Test
  @MemoryOnly
  void itsRetryLoopSurvivesConflictsThatOutlastTheRepositorysRetries(Faults faults) {
    // The repository makes 8 attempts; 10 conflicts make its first call fail, the second pass.
    faults.on(Request.TRANSACT_WRITE_ITEMS).next(10, Fault.transactionConflict());

    assertThat(service.follow("bob", "ann")).isTrue();

    assertThat(faults.requests(Request.TRANSACT_WRITE_ITEMS)).isEqualTo(11);
    assertThat(photos.getUser("ann").orElseThrow().followers()).isEqualTo(1);
  }

  @Test
  @MemoryOnly
  void persistentThrottlingReachesTheCallerWithoutSleeping(Faults faults) {
    faults.on(Request.TRANSACT_WRITE_ITEMS).always(Fault.throttling());

    long start = System.nanoTime();
    assertThatThrownBy(() -> service.follow("bob", "ann"))
        .isInstanceOf(ServiceUnavailableException.class);
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(1));
    // 3 attempts of the service × 8 of the simulated SDK, none applied.
    assertThat(faults.requests(Request.TRANSACT_WRITE_ITEMS)).isEqualTo(24);
    faults.clear();
    assertThat(photos.getUser("ann").orElseThrow().followers()).isZero();
  }

  @Test
  @MemoryOnly
  void anUnknownOutcomeIsRetriedWithoutDuplicating(Faults faults, QuickPhotosFixture fixture) {
    faults.on(Request.TRANSACT_WRITE_ITEMS).next(1, Fault.unknownOutcome());
    assertThat(service.follow("bob", "ann")).isTrue();
    assertThat(photos.getUser("ann").orElseThrow().followers()).isEqualTo(1);
    assertThat(photos.getUser("bob").orElseThrow().following()).isEqualTo(1);

    faults.on(Request.TRANSACT_WRITE_ITEMS).next(1, Fault.unknownOutcome());
    Instant taken = Instant.parse("2023-06-01T10:00:00Z");
    Photo photo = service.upload("ann", taken, "https://example.com/ann/1.jpg");
    assertThat(photo.id().timestamp()).isEqualTo(taken);
    assertThat(
            photos
                .userWithPhotos("ann", SortOrder.NEWEST_FIRST, PageRequest.first())
                .photos()
                .items())
        .hasSize(1);
    // Two friendship-and-counter items changed, one photo: nothing twice.
    assertThat(fixture.exportLines()).hasSize(4);
  }
}
// end::social-service-test[]
