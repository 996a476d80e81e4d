package io.quickphotos.streams;

import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.QuickPhotos;
import io.quickphotos.memory.InMemoryTable;
import io.quickphotos.memory.MemoryQuickPhotos;
import io.quickphotos.memory.MemoryStreams;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;

/** The change feed on the memory engine: what the repository's calls report, and how. */
class ChangeFeedTest {
  private final Clock clock = Clock.systemUTC();

  private static ChangeHandler collecting(List<String> events) {
    return batch -> batch.forEach(d -> events.add(Story.describe(d.event())));
  }

  @Test
  void eachCallIsReportedOnceAndInternalItemsAreLeftOut() {
    Backends backend = Backends.memory(clock);
    List<String> events = new ArrayList<>();
    StreamPoller poller =
        StreamPoller.builder(backend.streams(), backend.streamArn(), collecting(events)).build();

    Story.play(backend.photos());
    poller.drain();

    assertThat(events).containsExactlyElementsOf(Story.EXPECTED);
  }

  @Test
  void closingAnAccountReportsItsEnd() {
    Backends backend = Backends.memory(clock);
    List<String> events = new ArrayList<>();
    StreamPoller poller =
        StreamPoller.builder(backend.streams(), backend.streamArn(), collecting(events)).build();
    Story.play(backend.photos());
    poller.drain();
    events.clear();

    backend.photos().deleteUser("ann");
    poller.drain();

    assertThat(events).contains("UserClosed ann").doesNotHaveDuplicates();
  }

  @Test
  void shardsThatCloseWhileReadKeepTheOrder() {
    InMemoryTable table = InMemoryTable.create();
    MemoryStreams stream =
        MemoryStreams.enable(
            table, StreamViewType.NEW_AND_OLD_IMAGES, clock, 3, Duration.ofDays(1));
    QuickPhotos photos = MemoryQuickPhotos.builder().table(table).clock(clock).build();
    List<String> events = new ArrayList<>();
    // Small pages, so shards close between the pages of one round too.
    StreamPoller poller =
        StreamPoller.builder(
                stream.client(),
                stream.streamArn(),
                batch -> {
                  batch.forEach(d -> events.add(Story.describe(d.event())));
                  stream.closeShards();
                })
            .batchSize(2)
            .build();

    Story.play(photos);
    poller.drain();

    // Across partitions the order is free; per user and in total nothing is lost or repeated.
    assertThat(events).containsExactlyInAnyOrderElementsOf(Story.EXPECTED);
    List<String> ann = new ArrayList<>(events);
    ann.removeIf(e -> !e.endsWith(" ann") && !e.startsWith("Followed bob->ann"));
    List<String> expectedAnn = new ArrayList<>(Story.EXPECTED);
    expectedAnn.removeIf(e -> !e.endsWith(" ann") && !e.startsWith("Followed bob->ann"));
    assertThat(ann).containsExactlyElementsOf(expectedAnn);
  }

  @Test
  void throttledRequestsAreRetried() {
    InMemoryTable table = InMemoryTable.create();
    MemoryStreams stream = MemoryStreams.enable(table, StreamViewType.NEW_AND_OLD_IMAGES, clock);
    QuickPhotos photos = MemoryQuickPhotos.builder().table(table).clock(clock).build();
    List<String> events = new ArrayList<>();
    StreamPoller poller =
        StreamPoller.builder(stream.client(), stream.streamArn(), collecting(events)).build();

    Story.play(photos);
    stream.throttleNext(3);
    poller.drain();

    assertThat(poller.throttledRounds()).isEqualTo(3);
    assertThat(events).containsExactlyElementsOf(Story.EXPECTED);
  }

  @Test
  void aBackgroundPollerIsAwaitedWithoutSleeping() throws Exception {
    Backends backend = Backends.memory(clock);
    List<String> events = Collections.synchronizedList(new ArrayList<>());
    try (StreamPoller poller =
        StreamPoller.builder(backend.streams(), backend.streamArn(), collecting(events)).build()) {
      // A long interval: only awaitCaughtUp's wake-up can make this test quick.
      poller.start(Duration.ofMinutes(10));

      Story.play(backend.photos());
      poller.awaitCaughtUp(Duration.ofSeconds(30));

      assertThat(events).containsExactlyElementsOf(Story.EXPECTED);
    }
  }
}
