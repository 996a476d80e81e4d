package com.example.photos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.quickphotos.QuickPhotos;
import io.quickphotos.ServiceUnavailableException;
import io.quickphotos.memory.Fault;
import io.quickphotos.memory.Faults;
import io.quickphotos.memory.Request;
import io.quickphotos.test.BothBackends;
import io.quickphotos.test.Injected;
import io.quickphotos.test.MemoryOnly;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** The same application test through the test kit: once on memory, once on DynamoDB Local. */
@BothBackends
class PhotoFeedKitTest {
  @Injected QuickPhotos photos;

  @Test
  void postsAreListedOnTheOwnersPage() {
    PhotoFeed feed = new PhotoFeed(photos);
    feed.signUp("ann", "Ann");
    feed.post("ann", Instant.parse("2024-01-01T10:00:00Z"), "https://example.com/1.jpg");

    assertEquals(1, feed.latest("ann", 10).size());
  }

  @Test
  @MemoryOnly
  void aThrottledSignUpReachesTheApplicationAsServiceUnavailable(Faults faults) {
    faults.on(Request.PUT_ITEM).always(Fault.throttling());

    assertThrows(ServiceUnavailableException.class,
        () -> new PhotoFeed(photos).signUp("ann", "Ann"));
  }
}
