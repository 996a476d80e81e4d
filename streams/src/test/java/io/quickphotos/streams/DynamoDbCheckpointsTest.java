package io.quickphotos.streams;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quickphotos.Visibility;
import io.quickphotos.dynamo.local.DynamoDbLocal;
import io.quickphotos.streams.Checkpoints.Checkpoint;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Checkpoints in a DynamoDB Local table: a poller in a "new process" (new checkpoints object, same
 * table) goes on after the last batch its predecessor finished, on the memory engine's stream and
 * on DynamoDB Local's; and a stale poller's late write cannot move a checkpoint back.
 */
class DynamoDbCheckpointsTest {
  private static final String TABLE = "checkpoints";
  private static final AtomicInteger CONSUMERS = new AtomicInteger();
  private static DynamoDbLocal local;

  @BeforeAll
  static void start() {
    local = DynamoDbLocal.start();
    local.client().createTable(DynamoDbCheckpoints.createTableRequest(TABLE));
  }

  @AfterAll
  static void stop() {
    local.close();
  }

  private static DynamoDbCheckpoints checkpoints(String consumer) {
    return DynamoDbCheckpoints.of(local.client(), TABLE, consumer);
  }

  private static String newConsumer() {
    return "consumer-" + CONSUMERS.incrementAndGet();
  }

  private static void createUsers(Backends backend, int from, int to) {
    for (int i = from; i < to; i++) {
      backend.photos().createUser(Story.user("u" + i, Visibility.PUBLIC));
    }
  }

  private static String createdName(Delivery d) {
    return ((ChangeEvent.UserCreated) d.event()).user().username();
  }

  @Test
  void aRestartedPollerResumesAfterTheLastCheckpointOnMemory() {
    resumesAfterTheLastCheckpoint(Backends.memory(Clock.systemUTC()));
  }

  @Test
  void aRestartedPollerResumesAfterTheLastCheckpointOnDynamoDbLocal() {
    resumesAfterTheLastCheckpoint(Backends.dynamoLocal(local, Clock.systemUTC()));
  }

  private static void resumesAfterTheLastCheckpoint(Backends backend) {
    String consumer = newConsumer();
    createUsers(backend, 0, 5);
    // The first process: its handler dies on its second batch (u2, u3), after the first one's
    // checkpoint was written.
    List<String> first = new ArrayList<>();
    StreamPoller dying =
        StreamPoller.builder(
                backend.streams(),
                backend.streamArn(),
                batch -> {
                  if (!first.isEmpty()) {
                    throw new IllegalStateException("the process dies");
                  }
                  batch.forEach(d -> first.add(createdName(d)));
                })
            .checkpoints(checkpoints(consumer))
            .batchSize(2)
            .build();
    assertThatThrownBy(dying::drain).isInstanceOf(StreamHandlerException.class);
    assertThat(first).containsExactly("u0", "u1");

    // The next process: nothing in memory but the table's name and its consumer's.
    List<String> second = new ArrayList<>();
    StreamPoller restarted =
        StreamPoller.builder(
                backend.streams(),
                backend.streamArn(),
                batch -> batch.forEach(d -> second.add(createdName(d))))
            .checkpoints(checkpoints(consumer))
            .build();
    assertThat(restarted.drain()).isEqualTo(3);
    assertThat(second).containsExactly("u2", "u3", "u4");

    createUsers(backend, 5, 7);
    List<String> third = new ArrayList<>();
    StreamPoller.builder(
            backend.streams(),
            backend.streamArn(),
            batch -> batch.forEach(d -> third.add(createdName(d))))
        .checkpoints(checkpoints(consumer))
        .build()
        .drain();
    assertThat(third).containsExactly("u5", "u6");

    // Another consumer's checkpoints are its own: it reads the stream from the start.
    List<String> other = new ArrayList<>();
    StreamPoller.builder(
            backend.streams(),
            backend.streamArn(),
            batch -> batch.forEach(d -> other.add(createdName(d))))
        .checkpoints(checkpoints(newConsumer()))
        .build()
        .drain();
    assertThat(other).hasSize(7);
  }

  @Test
  void aStalePollersLateCheckpointDoesNotMoveItBack() throws Exception {
    Backends backend = Backends.memory(Clock.systemUTC());
    createUsers(backend, 0, 6);
    String consumer = newConsumer();
    String shard =
        backend
            .streams()
            .describeStream(r -> r.streamArn(backend.streamArn()))
            .streamDescription()
            .shards()
            .get(0)
            .shardId();

    // Poller A holds its first batch (u0, u1) in its handler until B has read everything.
    CountDownLatch aHolds = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    AtomicInteger aBatches = new AtomicInteger();
    DynamoDbCheckpoints aCheckpoints = checkpoints(consumer);
    StreamPoller a =
        StreamPoller.builder(
                backend.streams(),
                backend.streamArn(),
                batch -> {
                  if (aBatches.incrementAndGet() == 1) {
                    aHolds.countDown();
                    if (!release.await(10, TimeUnit.SECONDS)) {
                      throw new IllegalStateException("never released");
                    }
                    return;
                  }
                  // After its stale checkpoint, A stops: what stays is what the race left.
                  throw new IllegalStateException("A stops after its first batch");
                })
            .checkpoints(aCheckpoints)
            .batchSize(2)
            .build();
    CompletableFuture<Integer> aRound = CompletableFuture.supplyAsync(a::pollOnce);
    assertThat(aHolds.await(10, TimeUnit.SECONDS)).isTrue();

    List<Delivery> bDelivered = new CopyOnWriteArrayList<>();
    DynamoDbCheckpoints bCheckpoints = checkpoints(consumer);
    StreamPoller.builder(backend.streams(), backend.streamArn(), bDelivered::addAll)
        .checkpoints(bCheckpoints)
        .batchSize(2)
        .build()
        .drain();
    String last = bDelivered.get(bDelivered.size() - 1).sequenceNumber();
    assertThat(bCheckpoints.get(shard)).contains(new Checkpoint(last, false));

    // A's handler returns: A writes the checkpoint after u1, behind B's.
    release.countDown();
    assertThatThrownBy(() -> aRound.get(10, TimeUnit.SECONDS))
        .isInstanceOf(ExecutionException.class)
        .hasCauseInstanceOf(StreamHandlerException.class);

    assertThat(aCheckpoints.staleWrites()).isEqualTo(1);
    assertThat(checkpoints(consumer).get(shard)).contains(new Checkpoint(last, false));
    // So a poller started now delivers nothing again.
    List<Delivery> restarted = new ArrayList<>();
    StreamPoller.builder(backend.streams(), backend.streamArn(), restarted::addAll)
        .checkpoints(checkpoints(consumer))
        .build()
        .drain();
    assertThat(restarted).isEmpty();
  }

  @Test
  void checkpointsOrderBySequenceNumberThenTheShardsEnd() {
    String consumer = newConsumer();
    DynamoDbCheckpoints c = checkpoints(consumer);
    assertThat(c.get("shard-1")).isEmpty();

    c.put("shard-1", new Checkpoint("21", false));
    // "3" sorts after "21" as text, before it as a number: the number decides.
    c.put("shard-1", new Checkpoint("3", false));
    assertThat(c.get("shard-1")).contains(new Checkpoint("21", false));
    c.put("shard-1", new Checkpoint("21", false));
    assertThat(c.staleWrites()).isEqualTo(2);

    c.put("shard-1", new Checkpoint("21", true));
    assertThat(c.get("shard-1")).contains(new Checkpoint("21", true));
    c.put("shard-1", new Checkpoint("21", false));
    assertThat(c.get("shard-1")).contains(new Checkpoint("21", true));

    // A shard's end never changes: this instance answers it from memory from then on, as the
    // deleted item shows; a new instance asks the table.
    local
        .client()
        .deleteItem(
            r ->
                r.tableName(TABLE)
                    .key(
                        Map.of(
                            DynamoDbCheckpoints.CONSUMER,
                            AttributeValue.fromS(consumer),
                            DynamoDbCheckpoints.SHARD,
                            AttributeValue.fromS("shard-1"))));
    assertThat(c.get("shard-1")).contains(new Checkpoint("21", true));
    assertThat(checkpoints(consumer).get("shard-1")).isEmpty();

    // A shard that closed empty; and a 40-digit sequence number, DynamoDB's longest.
    c.put("shard-2", new Checkpoint(null, true));
    assertThat(c.get("shard-2")).contains(new Checkpoint(null, true));
    String longest = "9".repeat(40);
    c.put("shard-3", new Checkpoint("1" + "0".repeat(39), false));
    c.put("shard-3", new Checkpoint(longest, false));
    assertThat(c.get("shard-3")).contains(new Checkpoint(longest, false));

    assertThatThrownBy(() -> c.put("shard-4", new Checkpoint("12a", false)))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> c.put("shard-4", new Checkpoint("1".repeat(41), false)))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
