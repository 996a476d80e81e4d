package io.quickphotos.memory;

import io.quickphotos.engine.Limits;
import io.quickphotos.memory.internal.streams.ChangeLog;
import io.quickphotos.memory.internal.streams.SdkStreamsClient;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * DynamoDB Streams on an {@link InMemoryTable}: every item change from then on, read through the
 * AWS SDK's own {@link DynamoDbStreamsClient} interface, so consumer code runs on the memory
 * engine as it runs on DynamoDB (or DynamoDB Local).
 *
 * <pre>{@code
 * InMemoryTable table = InMemoryTable.create();
 * MemoryStreams stream = MemoryStreams.enable(table, StreamViewType.NEW_AND_OLD_IMAGES, clock);
 * QuickPhotos photos = MemoryQuickPhotos.builder().table(table).clock(clock).build();
 * DynamoDbStreamsClient streams = stream.client();
 * }</pre>
 *
 * <p>The AWS SDK's {@code software.amazon.awssdk:dynamodb} is an optional dependency of
 * quickphotos-memory: an application that reads streams adds it (its consumer code needs it
 * anyway); one that does not never loads an SDK class, and a table without a stream records
 * nothing. Records older than 24 hours are trimmed and iterators expire after 15 minutes, both on
 * {@code clock}: give it the repository's clock, and a test moves time by moving it.
 *
 * <p>Thread-safe: writes record under the engine's write lock, readers read under the stream's
 * own lock.
 */
public final class MemoryStreams {
  private final InMemoryTable table;
  private final ChangeLog log;
  private final SdkStreamsClient client;

  private MemoryStreams(InMemoryTable table, ChangeLog log, SdkStreamsClient client) {
    this.table = table;
    this.log = log;
    this.client = client;
  }

  /**
   * Enables the table's stream with one shard, rolled over every 4 hours of {@code clock}. A
   * table has one stream: enabling again replaces it, and records from then on only.
   *
   * @param table the table
   * @param viewType what each record carries: KEYS_ONLY, NEW_IMAGE, OLD_IMAGE or
   *     NEW_AND_OLD_IMAGES
   * @param clock the clock that stamps, trims and expires (the repository's)
   * @return the stream
   * @throws NullPointerException if an argument is null
   */
  public static MemoryStreams enable(InMemoryTable table, StreamViewType viewType, Clock clock) {
    return enable(table, viewType, clock, 1, ChangeLog.DEFAULT_SHARD_LIFETIME);
  }

  /**
   * Enables the table's stream with {@code partitions} shards open at a time (keys spread by the
   * hash of their partition key, as DynamoDB's partitions do), each rolled over after {@code
   * shardLifetime}.
   *
   * @param table the table
   * @param viewType what each record carries
   * @param clock the clock that stamps, trims and expires
   * @param partitions how many shards are open at a time, at least 1
   * @param shardLifetime how long a shard stays open before its child takes over
   * @return the stream
   * @throws IllegalArgumentException if {@code partitions} is below 1 or the lifetime not positive
   * @throws NullPointerException if an argument is null
   */
  public static MemoryStreams enable(
      InMemoryTable table,
      StreamViewType viewType,
      Clock clock,
      int partitions,
      Duration shardLifetime) {
    Objects.requireNonNull(table, "table");
    Objects.requireNonNull(viewType, "viewType");
    if (viewType == StreamViewType.UNKNOWN_TO_SDK_VERSION) {
      throw new IllegalArgumentException("unknown view type");
    }
    ChangeLog log = new ChangeLog(clock, partitions, shardLifetime);
    table.engine().recordChanges(log);
    return new MemoryStreams(
        table, log, new SdkStreamsClient(log, viewType, Limits.DEFAULT_TABLE_NAME));
  }

  /**
   * The stream's client: DescribeStream, GetShardIterator, GetRecords and ListStreams, as the
   * service answers them. Closing it does nothing.
   *
   * @return the client, thread-safe
   */
  public DynamoDbStreamsClient client() {
    return client;
  }

  /**
   * The stream's ARN, for DescribeStream and GetShardIterator.
   *
   * @return the ARN
   */
  public String streamArn() {
    return client.streamArn();
  }

  /**
   * Closes every open shard and opens its child, as DynamoDB does when it rolls shards over: a
   * reader in the middle of a shard reads its last records, gets no next iterator, and goes on
   * with the child.
   */
  public void closeShards() {
    log.closeShards();
  }

  /**
   * Makes the stream's next {@code requests} requests fail with LimitExceededException, the
   * service's answer to a shard read too often; a consumer must back off and retry.
   *
   * @param requests how many requests
   * @throws IllegalArgumentException if negative
   */
  public void throttleNext(int requests) {
    if (requests < 0) {
      throw new IllegalArgumentException("requests must not be negative, was " + requests);
    }
    client.throttleNext(requests);
  }

  /** Stops recording; what was recorded can still be read. */
  public void disable() {
    table.engine().recordChanges(null);
  }
}
