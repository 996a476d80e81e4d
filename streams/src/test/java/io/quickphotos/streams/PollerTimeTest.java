package io.quickphotos.streams;

import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.ProfileUpdate;
import io.quickphotos.QuickPhotos;
import io.quickphotos.memory.InMemoryTable;
import io.quickphotos.memory.MemoryQuickPhotos;
import io.quickphotos.memory.MemoryStreams;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;

/** The poller when time passes: iterators expire under it, and records age out of the stream. */
class PollerTimeTest {

  /** A clock the test moves. */
  static final class Moving extends Clock {
    private volatile Instant now = Instant.parse("2026-01-01T00:00:00Z");

    void advance(Duration by) {
      now = now.plus(by);
    }

    @Override
    public ZoneId getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
      throw new UnsupportedOperationException();
    }

    @Override
    public Instant instant() {
      return now;
    }
  }

  private final Moving clock = new Moving();
  private final InMemoryTable table = InMemoryTable.create();
  private final MemoryStreams stream =
      MemoryStreams.enable(table, StreamViewType.NEW_AND_OLD_IMAGES, clock);
  // The repository on the system clock: only the stream's time moves.
  private final QuickPhotos photos = MemoryQuickPhotos.builder().table(table).build();

  @Test
  void anIteratorThatExpiresWhileTheHandlerWorksIsAskedForAgain() {
    List<String> events = new ArrayList<>();
    StreamPoller poller =
        StreamPoller.builder(
                stream.client(),
                stream.streamArn(),
                batch -> {
                  batch.forEach(d -> events.add(Story.describe(d.event())));
                  // A slow handler: the page's next iterator is past its 15 minutes.
                  clock.advance(Duration.ofMinutes(16));
                })
            .batchSize(2)
            .build();

    Story.play(photos);
    poller.drain();

    assertThat(events).containsExactlyElementsOf(Story.EXPECTED);
  }

  @Test
  void recordsThatAgedOutAreSkippedAndTheRestDelivered() {
    List<String> events = new ArrayList<>();
    StreamPoller poller =
        StreamPoller.builder(
                stream.client(),
                stream.streamArn(),
                batch -> batch.forEach(d -> events.add(Story.describe(d.event()))))
            .build();
    Story.play(photos);
    poller.drain();
    photos.updateProfile("ann", ProfileUpdate.builder().name("lost").build());
    clock.advance(Duration.ofHours(25));
    photos.updateProfile("bob", ProfileUpdate.builder().name("kept").build());
    events.clear();

    poller.drain();

    assertThat(events).containsExactly("ProfileChanged bob");
  }
}
