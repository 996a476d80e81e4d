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
import io.quickphotos.test.Injected;
import io.quickphotos.test.MemoryBackend;
import java.time.Instant;
import java.time.LocalDate;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * An application's test of its service when DynamoDB fails, with the kit on the memory backend
 * alone: every test scripts faults, which DynamoDB Local cannot produce, so the class runs once,
 * on memory, instead of marking each test {@code @MemoryOnly} in a {@code @BothBackends} class.
 */
@MemoryBackend
class SocialServiceFaultsTest {
  private static final Instant TAKEN = Instant.parse("2023-06-01T10:00:00Z");

  @Injected QuickPhotos photos;
  @Injected Faults faults;
  SocialService service;

  @BeforeEach
  void setUp() {
    service = new SocialService(photos);
    photos.createUser(
        new NewUser(
            "ann", "ann", "ann@example.com", LocalDate.of(1990, 1, 1), "", UserStatus.ACTIVE));
  }

  @Test
  void anUploadThatOutlastsTheRepositorysRetriesIsStoredOnce() {
    // The repository makes 8 attempts; 10 conflicts make its first call fail, the second pass.
    faults.on(Request.TRANSACT_WRITE_ITEMS).next(10, Fault.transactionConflict());

    Photo photo = service.upload("ann", TAKEN, "https://example.com/ann/1.jpg");

    assertThat(photo.id().timestamp()).isEqualTo(TAKEN);
    assertThat(faults.requests(Request.TRANSACT_WRITE_ITEMS)).isEqualTo(11);
    assertThat(
            photos
                .userWithPhotos("ann", SortOrder.NEWEST_FIRST, PageRequest.first())
                .photos()
                .items())
        .hasSize(1);
  }

  @Test
  void anUploadThrottledOnEveryAttemptFailsAndStoresNothing() {
    faults.on(Request.TRANSACT_WRITE_ITEMS).always(Fault.throttling());

    assertThatThrownBy(() -> service.upload("ann", TAKEN, "https://example.com/ann/1.jpg"))
        .isInstanceOf(ServiceUnavailableException.class);

    faults.clear();
    assertThat(
            photos
                .userWithPhotos("ann", SortOrder.NEWEST_FIRST, PageRequest.first())
                .photos()
                .items())
        .isEmpty();
  }
}
