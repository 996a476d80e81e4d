package io.quickphotos.streams;

import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * {@link Checkpoints} kept in a DynamoDB table of their own, so that a {@link StreamPoller}
 * restarted in a new process goes on after the last batch its handler finished. One item per
 * consumer and shard: partition key {@value #CONSUMER} (the consumer's name), sort key {@value
 * #SHARD} (the shard's id), and the checkpoint. Works with any {@code DynamoDbClient}: DynamoDB's
 * or DynamoDB Local's; the poller's stream may be another's, the memory engine's too (the memory
 * engine answers the repository and the Streams API, not DynamoDB's table API, so the
 * checkpoints of a poller on it live in DynamoDB or DynamoDB Local, or in {@link
 * Checkpoints#inMemory()}).
 *
 * <p><b>Never backwards.</b> Each write is a PutItem conditioned on the stored checkpoint being
 * behind it ({@code attribute_not_exists(#position) OR #position < :position}, the position being
 * the sequence number zero-padded to 40 digits, DynamoDB's longest, then whether the shard
 * ended), so a stale poller — one that another poller on the same checkpoints has overtaken, or
 * a process paused past its successor's start — cannot move a checkpoint back and make a
 * restarted poller deliver again what was handled long ago. Its write is then dropped and counted
 * ({@link #staleWrites()}); the handler's effects must still be idempotent ({@link AppliedMarks}),
 * since both pollers delivered the batch.
 *
 * <p><b>Not in the application's table.</b> A checkpoint written to the table whose stream the
 * poller reads is itself a change of that table: each round would read the records of the
 * previous round's checkpoints and never be quiet. Create a table for the checkpoints with
 * {@link #createTableRequest(String)} (on-demand; a handful of writes per batch of up to 1,000
 * records).
 *
 * <p>Thread-safe, as the SDK's client is.
 */
public final class DynamoDbCheckpoints implements Checkpoints {
  /** The partition key: the consumer's name. */
  public static final String CONSUMER = "consumer";

  /** The sort key: the shard's id. */
  public static final String SHARD = "shard";

  private static final String POSITION = "position";
  private static final String SEQUENCE_NUMBER = "sequenceNumber";
  private static final String ENDED = "ended";
  // DynamoDB's sequence numbers are 21 to 40 digits: padded to 40, their order is the strings'.
  private static final int DIGITS = 40;

  private final DynamoDbClient client;
  private final String tableName;
  private final String consumer;
  private final AtomicLong staleWrites = new AtomicLong();
  // A shard read to its end keeps that checkpoint for good (nothing is past a shard's end), and
  // the poller asks for it, and for its children's parent, every round: once seen, from memory.
  private final Map<String, Checkpoint> ended = new ConcurrentHashMap<>();

  private DynamoDbCheckpoints(DynamoDbClient client, String tableName, String consumer) {
    this.client = client;
    this.tableName = tableName;
    this.consumer = consumer;
  }

  /**
   * Checkpoints of one consumer in a table made by {@link #createTableRequest(String)}. Makes no
   * request; the table must exist before the first {@link #get} or {@link #put}.
   *
   * @param client the table's client, DynamoDB's or DynamoDB Local's
   * @param tableName the checkpoints' table
   * @param consumer names one handler reading one stream: two handlers of the same stream, or one
   *     handler of two tables' streams, need two names, or their checkpoints mix
   * @return the checkpoints
   * @throws IllegalArgumentException if {@code tableName} or {@code consumer} is empty
   * @throws NullPointerException if an argument is null
   */
  public static DynamoDbCheckpoints of(DynamoDbClient client, String tableName, String consumer) {
    Objects.requireNonNull(client, "client");
    if (Objects.requireNonNull(tableName, "tableName").isEmpty()) {
      throw new IllegalArgumentException("tableName is empty");
    }
    if (Objects.requireNonNull(consumer, "consumer").isEmpty()) {
      throw new IllegalArgumentException("consumer is empty");
    }
    return new DynamoDbCheckpoints(client, tableName, consumer);
  }

  /**
   * The CreateTable request of a checkpoints table: {@value #CONSUMER} (string) as the partition
   * key, {@value #SHARD} (string) as the sort key, billed on demand, no stream. Send it with
   * {@code client.createTable(...)}, and wait for the table to be active (the SDK's {@code
   * waiter().waitUntilTableExists}) before the first checkpoint.
   *
   * @param tableName the table's name
   * @return the request
   * @throws NullPointerException if {@code tableName} is null
   */
  public static CreateTableRequest createTableRequest(String tableName) {
    Objects.requireNonNull(tableName, "tableName");
    return CreateTableRequest.builder()
        .tableName(tableName)
        .keySchema(
            KeySchemaElement.builder().attributeName(CONSUMER).keyType(KeyType.HASH).build(),
            KeySchemaElement.builder().attributeName(SHARD).keyType(KeyType.RANGE).build())
        .attributeDefinitions(
            AttributeDefinition.builder()
                .attributeName(CONSUMER)
                .attributeType(ScalarAttributeType.S)
                .build(),
            AttributeDefinition.builder()
                .attributeName(SHARD)
                .attributeType(ScalarAttributeType.S)
                .build())
        .billingMode(BillingMode.PAY_PER_REQUEST)
        .build();
  }

  /**
   * The shard's checkpoint: one strongly consistent GetItem (1 RCU), so a poller started right
   * after another stopped sees its last write; none for a shard this instance has seen read to
   * its end (that checkpoint never changes, so it is kept in memory).
   *
   * @param shardId the shard
   * @return its checkpoint, empty if none was written
   * @throws software.amazon.awssdk.core.exception.SdkException if DynamoDB fails (the poller's
   *     round ends with it; nothing was delivered for the shard)
   */
  @Override
  public Optional<Checkpoint> get(String shardId) {
    Checkpoint known = ended.get(Objects.requireNonNull(shardId, "shardId"));
    if (known != null) {
      return Optional.of(known);
    }
    Map<String, AttributeValue> item =
        client.getItem(r -> r.tableName(tableName).key(key(shardId)).consistentRead(true)).item();
    if (item == null || item.isEmpty()) {
      return Optional.empty();
    }
    AttributeValue sequence = item.get(SEQUENCE_NUMBER);
    AttributeValue end = item.get(ENDED);
    Checkpoint checkpoint =
        new Checkpoint(
            sequence == null ? null : sequence.s(), end != null && Boolean.TRUE.equals(end.bool()));
    if (checkpoint.ended()) {
      ended.put(shardId, checkpoint);
    }
    return Optional.of(checkpoint);
  }

  /**
   * Moves the shard's checkpoint forward: one PutItem (1 WCU) on condition that the stored
   * checkpoint is behind this one: an earlier record, or the same record before the shard ended.
   * A write at or behind the stored checkpoint is dropped and counted in {@link #staleWrites()}
   * (the ConditionalCheckFailedException is not thrown: a stale poller goes on, and the newer
   * checkpoint stands).
   *
   * @param shardId the shard
   * @param checkpoint the last record the handler finished, and whether the shard ended
   * @throws IllegalArgumentException if the sequence number is not 1 to 40 decimal digits
   * @throws software.amazon.awssdk.core.exception.SdkException if DynamoDB fails otherwise (the
   *     checkpoint stays where it was, so the batch is delivered again)
   */
  @Override
  public void put(String shardId, Checkpoint checkpoint) {
    String position = position(checkpoint);
    Map<String, AttributeValue> item = new HashMap<>(key(shardId));
    item.put(POSITION, AttributeValue.fromS(position));
    if (checkpoint.sequenceNumber() != null) {
      item.put(SEQUENCE_NUMBER, AttributeValue.fromS(checkpoint.sequenceNumber()));
    }
    item.put(ENDED, AttributeValue.fromBool(checkpoint.ended()));
    try {
      client.putItem(
          r ->
              r.tableName(tableName)
                  .item(item)
                  .conditionExpression("attribute_not_exists(#p) OR #p < :p")
                  .expressionAttributeNames(Map.of("#p", POSITION))
                  .expressionAttributeValues(Map.of(":p", AttributeValue.fromS(position))));
      if (checkpoint.ended()) {
        ended.put(shardId, checkpoint);
      }
    } catch (ConditionalCheckFailedException e) {
      // Another poller is at or past this checkpoint: it stands.
      staleWrites.incrementAndGet();
    }
  }

  /**
   * How many {@link #put} calls of this instance found the stored checkpoint at or past theirs
   * and wrote nothing. Thread-safe.
   *
   * @return the count
   */
  public long staleWrites() {
    return staleWrites.get();
  }

  private Map<String, AttributeValue> key(String shardId) {
    Objects.requireNonNull(shardId, "shardId");
    return Map.of(CONSUMER, AttributeValue.fromS(consumer), SHARD, AttributeValue.fromS(shardId));
  }

  /** The checkpoint as a string whose order is the checkpoints': the record, then the end. */
  static String position(Checkpoint checkpoint) {
    String sequence = checkpoint.sequenceNumber();
    if (sequence == null) {
      sequence = "";
    } else if (!sequence.matches("[0-9]{1," + DIGITS + "}")) {
      throw new IllegalArgumentException("not a stream sequence number: " + sequence);
    }
    return "0".repeat(DIGITS - sequence.length()) + sequence + (checkpoint.ended() ? "1" : "0");
  }
}
