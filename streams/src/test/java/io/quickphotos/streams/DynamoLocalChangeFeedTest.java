package io.quickphotos.streams;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quickphotos.dynamo.local.DynamoDbLocal;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The same change feed, poller and exactly-once proof on DynamoDB Local's own stream. */
class DynamoLocalChangeFeedTest {
  private static DynamoDbLocal local;

  @BeforeAll
  static void start() {
    local = DynamoDbLocal.start();
  }

  @AfterAll
  static void stop() {
    local.close();
  }

  @Test
  void eachCallIsReportedOnceAndInternalItemsAreLeftOut() {
    Backends backend = Backends.dynamoLocal(local, Clock.systemUTC());
    List<String> events = new ArrayList<>();
    StreamPoller poller =
        StreamPoller.builder(
                backend.streams(),
                backend.streamArn(),
                batch -> batch.forEach(d -> events.add(Story.describe(d.event()))))
            .build();

    Story.play(backend.photos());
    poller.drain();

    assertThat(events).containsExactlyElementsOf(Story.EXPECTED);
  }

  @Test
  void aHandlerKilledInTheMiddleOfABatchAppliesEachChangeOnce() {
    Backends backend = Backends.dynamoLocal(local, Clock.systemUTC());
    Story.play(backend.photos());
    Checkpoints checkpoints = Checkpoints.inMemory();
    ExactlyOnceTest.Projection projection = new ExactlyOnceTest.Projection();
    projection.killAt = 7;

    assertThatThrownBy(
            () ->
                StreamPoller.builder(backend.streams(), backend.streamArn(), projection)
                    .checkpoints(checkpoints)
                    .build()
                    .drain())
        .isInstanceOf(StreamHandlerException.class);
    StreamPoller.builder(backend.streams(), backend.streamArn(), projection)
        .checkpoints(checkpoints)
        .build()
        .drain();

    assertThat(projection.applied).containsExactlyElementsOf(Story.EXPECTED);
    assertThat(projection.skipped).isPositive();
    assertThat(projection.naive).hasSize(Story.EXPECTED.size() + projection.skipped);
  }
}
