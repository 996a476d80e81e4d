package io.quickphotos.streams;

import io.quickphotos.ProfileUpdate;
import io.quickphotos.QuickPhotos;
import io.quickphotos.Visibility;
import io.quickphotos.dynamo.local.DynamoDbLocal;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import org.junit.jupiter.api.Test;

/**
 * What the stream measures: records a second one poller reads and decodes from the memory
 * engine, and the lag from a write's return to its event in the handler (median, p99) on memory
 * and on DynamoDB Local, with a background poller whose quiet rounds pause 1 ms. Not part of
 * {@code ./mvnw verify} (the class name matches no test pattern); run it with
 *
 * <pre>
 * ./mvnw -B -ntp verify -pl api,memory-impl,streams -Dtest=StreamMeasurement \
 *     -Dsurefire.failIfNoSpecifiedTests=false
 * </pre>
 *
 * and read the {@code MEASURED} lines. Wall-clock numbers of one machine: they vary with it.
 */
class StreamMeasurement {
  private static final int USERS = 50_000;
  private static final int LAG_WRITES = 300;

  @Test
  void throughputOfOnePollerOnMemory() {
    Backends backend = Backends.memory(Clock.systemUTC());
    for (int i = 0; i < USERS; i++) {
      backend.photos().createUser(Story.user("u" + i, Visibility.PUBLIC));
    }
    for (int round = 0; round < 3; round++) {
      long[] events = {0};
      StreamPoller poller =
          StreamPoller.builder(
                  backend.streams(), backend.streamArn(), batch -> events[0] += batch.size())
              .build();
      long start = System.nanoTime();
      int records = poller.drain();
      double seconds = (System.nanoTime() - start) / 1e9;
      System.out.printf(
          "MEASURED memory poller: %d records (%d events) in %.3f s: %.0f records/s%n",
          records, events[0], seconds, records / seconds);
    }
  }

  @Test
  void getRecordsAloneOnMemory() {
    Backends backend = Backends.memory(Clock.systemUTC());
    for (int i = 0; i < USERS; i++) {
      backend.photos().createUser(Story.user("u" + i, Visibility.PUBLIC));
    }
    String shard =
        backend
            .streams()
            .describeStream(r -> r.streamArn(backend.streamArn()))
            .streamDescription()
            .shards()
            .get(0)
            .shardId();
    for (int round = 0; round < 3; round++) {
      long start = System.nanoTime();
      String iterator =
          backend
              .streams()
              .getShardIterator(
                  r ->
                      r.streamArn(backend.streamArn())
                          .shardId(shard)
                          .shardIteratorType(
                              software.amazon.awssdk.services.dynamodb.model.ShardIteratorType
                                  .TRIM_HORIZON))
              .shardIterator();
      long records = 0;
      while (true) {
        String at = iterator;
        var page = backend.streams().getRecords(r -> r.shardIterator(at));
        if (page.records().isEmpty()) {
          break;
        }
        records += page.records().size();
        iterator = page.nextShardIterator();
      }
      double seconds = (System.nanoTime() - start) / 1e9;
      System.out.printf(
          "MEASURED memory GetRecords alone: %d records in %.3f s: %.0f records/s%n",
          records, seconds, records / seconds);
    }
  }

  @Test
  void lagOnMemory() throws Exception {
    lag("memory", Backends.memory(Clock.systemUTC()));
  }

  @Test
  void lagOnDynamoDbLocal() throws Exception {
    try (DynamoDbLocal local = DynamoDbLocal.start()) {
      lag("DynamoDB Local", Backends.dynamoLocal(local, Clock.systemUTC()));
    }
  }

  private static void lag(String name, Backends backend) throws Exception {
    QuickPhotos photos = backend.photos();
    photos.createUser(Story.user("ann", Visibility.PUBLIC));
    BlockingQueue<Long> arrivals = new LinkedBlockingQueue<>();
    try (StreamPoller poller =
        StreamPoller.builder(
                backend.streams(),
                backend.streamArn(),
                batch -> {
                  long now = System.nanoTime();
                  for (Delivery d : batch) {
                    if (d.event() instanceof ChangeEvent.ProfileChanged) {
                      arrivals.add(now);
                    }
                  }
                })
            .build()) {
      poller.start(Duration.ofMillis(1));
      Lags.measure(
          "lag on " + name,
          LAG_WRITES,
          i -> photos.updateProfile("ann", ProfileUpdate.builder().name("Ann " + i).build()),
          arrivals);
    }
  }
}
