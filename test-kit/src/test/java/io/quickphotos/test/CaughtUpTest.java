package io.quickphotos.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quickphotos.NewUser;
import io.quickphotos.QuickPhotos;
import io.quickphotos.UserStatus;
import io.quickphotos.memory.InMemoryTable;
import io.quickphotos.memory.MemoryQuickPhotos;
import io.quickphotos.memory.MemoryStreams;
import io.quickphotos.streams.ChangeEvent;
import io.quickphotos.streams.Delivery;
import io.quickphotos.streams.StreamPoller;
import java.time.Duration;
import java.time.LocalDate;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;

/** {@link CaughtUp} on the memory engine's stream. */
class CaughtUpTest {
  private final ManualClock clock = ManualClock.create();
  private final InMemoryTable table = InMemoryTable.create();
  private final MemoryStreams stream =
      MemoryStreams.enable(table, StreamViewType.NEW_AND_OLD_IMAGES, clock);
  private final QuickPhotos photos = MemoryQuickPhotos.builder().table(table).clock(clock).build();
  private final List<ChangeEvent> handled = new CopyOnWriteArrayList<>();

  private static NewUser user(String name) {
    return new NewUser(
        name, name, name + "@example.com", LocalDate.of(1990, 1, 1), "", UserStatus.ACTIVE);
  }

  @Test
  void returnsOnceTheHandlerHasEveryChangeWithoutWaitingOutTheInterval() {
    try (StreamPoller poller =
        StreamPoller.builder(
                stream.client(),
                stream.streamArn(),
                batch -> batch.stream().map(Delivery::event).forEach(handled::add))
            .build()) {
      // An hour between quiet rounds: only the wake-up lets the waits below return in time.
      poller.start(Duration.ofHours(1));
      CaughtUp.await(poller);
      assertThat(handled).isEmpty();

      photos.createUser(user("ann"));
      photos.createUser(user("bob"));
      photos.follow("bob", "ann");
      CaughtUp.await(poller);

      assertThat(handled)
          .extracting(e -> e.getClass().getSimpleName())
          .containsExactly("UserCreated", "UserCreated", "Followed");

      photos.unfollow("bob", "ann");
      CaughtUp.await(poller, Duration.ofSeconds(10));
      assertThat(handled).last().isEqualTo(new ChangeEvent.Unfollowed("bob", "ann"));
    }
  }

  @Test
  void failsTheTestWhenTheHandlerThrowsOnEveryDelivery() {
    photos.createUser(user("ann"));
    try (StreamPoller poller =
        StreamPoller.builder(
                stream.client(),
                stream.streamArn(),
                batch -> {
                  throw new IllegalStateException("the handler's bug");
                })
            .build()) {
      poller.start(Duration.ofMillis(1));
      assertThatThrownBy(() -> CaughtUp.await(poller, Duration.ofMillis(200)))
          .isInstanceOf(AssertionError.class)
          .hasMessageContaining("has not caught up in PT0.2S")
          .hasCauseInstanceOf(TimeoutException.class);
    }
  }

  @Test
  void failsTheTestWhenThePollerWasNeverStarted() {
    StreamPoller poller =
        StreamPoller.builder(stream.client(), stream.streamArn(), batch -> {}).build();
    assertThatThrownBy(() -> CaughtUp.await(poller, Duration.ofMillis(50)))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("is the poller started");
  }

  @Test
  void anInterruptedWaitFailsAndKeepsTheFlag() {
    StreamPoller poller =
        StreamPoller.builder(stream.client(), stream.streamArn(), batch -> {}).build();
    Thread.currentThread().interrupt();
    try {
      assertThatThrownBy(() -> CaughtUp.await(poller))
          .isInstanceOf(AssertionError.class)
          .hasMessageContaining("interrupted");
      assertThat(Thread.currentThread().isInterrupted()).isTrue();
    } finally {
      Thread.interrupted();
    }
  }
}
