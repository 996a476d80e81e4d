package io.quickphotos.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quickphotos.engine.AttributePath;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.ItemCondition;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.TableConditionFailedException;
import io.quickphotos.engine.TableTransactionCancelledException;
import io.quickphotos.engine.UpdateAction;
import io.quickphotos.engine.Value;
import io.quickphotos.engine.WriteAction;
import io.quickphotos.memory.internal.MemoryTable;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ExpiredIteratorException;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsResponse;
import software.amazon.awssdk.services.dynamodb.model.LimitExceededException;
import software.amazon.awssdk.services.dynamodb.model.OperationType;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.Shard;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.model.TrimmedDataAccessException;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/** The memory engine's stream, rule by rule, through the SDK's DynamoDbStreamsClient shape. */
class StreamTest {
  private final MovableClock clock = new MovableClock(Instant.parse("2024-01-01T00:00:00Z"));
  private final InMemoryTable table = InMemoryTable.create();
  private final MemoryTable engine = table.engine();

  private MemoryStreams enable(StreamViewType view) {
    return MemoryStreams.enable(table, view, clock);
  }

  private static Item item(String pk, String sk, String value) {
    return Item.builder(new Key(pk, sk)).put("v", value).build();
  }

  private static WriteAction put(String pk, String sk, String value) {
    return new WriteAction.Put(item(pk, sk, value), ItemCondition.NONE);
  }

  private static WriteAction delete(String pk, String sk) {
    return new WriteAction.Delete(new Key(pk, sk), ItemCondition.NONE);
  }

  /** Every record of every shard, parents first, each shard from its trim horizon. */
  private static List<Record> all(MemoryStreams stream) {
    DynamoDbStreamsClient client = stream.client();
    List<Record> records = new ArrayList<>();
    for (Shard shard :
        client.describeStream(r -> r.streamArn(stream.streamArn())).streamDescription().shards()) {
      records.addAll(read(stream, shard.shardId(), ShardIteratorType.TRIM_HORIZON, null));
    }
    return records;
  }

  private static List<Record> read(
      MemoryStreams stream, String shardId, ShardIteratorType type, String sequence) {
    DynamoDbStreamsClient client = stream.client();
    String iterator =
        client
            .getShardIterator(
                r ->
                    r.streamArn(stream.streamArn())
                        .shardId(shardId)
                        .shardIteratorType(type)
                        .sequenceNumber(sequence))
            .shardIterator();
    List<Record> records = new ArrayList<>();
    while (iterator != null) {
      String at = iterator;
      GetRecordsResponse page = client.getRecords(r -> r.shardIterator(at));
      records.addAll(page.records());
      if (page.records().isEmpty()) {
        break;
      }
      iterator = page.nextShardIterator();
    }
    return records;
  }

  private static String onlyShard(MemoryStreams stream) {
    List<Shard> shards =
        stream
            .client()
            .describeStream(r -> r.streamArn(stream.streamArn()))
            .streamDescription()
            .shards();
    return shards.get(shards.size() - 1).shardId();
  }

  @ParameterizedTest
  @EnumSource(
      value = StreamViewType.class,
      names = {"KEYS_ONLY", "NEW_IMAGE", "OLD_IMAGE", "NEW_AND_OLD_IMAGES"})
  void eachViewTypeCarriesItsImages(StreamViewType view) {
    MemoryStreams stream = enable(view);
    engine.write(put("A", "1", "x"));
    engine.write(put("A", "1", "y"));
    engine.write(delete("A", "1"));

    List<Record> records = all(stream);

    assertThat(records)
        .extracting(Record::eventName)
        .containsExactly(OperationType.INSERT, OperationType.MODIFY, OperationType.REMOVE);
    boolean news = view == StreamViewType.NEW_IMAGE || view == StreamViewType.NEW_AND_OLD_IMAGES;
    boolean olds = view == StreamViewType.OLD_IMAGE || view == StreamViewType.NEW_AND_OLD_IMAGES;
    for (Record r : records) {
      assertThat(r.dynamodb().keys())
          .containsEntry("PK", AttributeValue.fromS("A"))
          .containsEntry("SK", AttributeValue.fromS("1"));
      assertThat(r.dynamodb().streamViewType()).isEqualTo(view);
    }
    Record modify = records.get(1);
    assertThat(modify.dynamodb().hasNewImage()).isEqualTo(news);
    assertThat(modify.dynamodb().hasOldImage()).isEqualTo(olds);
    if (news) {
      assertThat(modify.dynamodb().newImage()).containsEntry("v", AttributeValue.fromS("y"));
      assertThat(records.get(2).dynamodb().hasNewImage()).isFalse();
    }
    if (olds) {
      assertThat(modify.dynamodb().oldImage()).containsEntry("v", AttributeValue.fromS("x"));
      assertThat(records.get(0).dynamodb().hasOldImage()).isFalse();
    }
  }

  @Test
  void oneRecordPerItemChangeInTransactionsAndBatches() {
    MemoryStreams stream = enable(StreamViewType.KEYS_ONLY);
    engine.transactWrite(List.of(put("A", "1", "x"), put("B", "1", "x"), put("C", "1", "x")));
    engine.batchWriteItem(List.of(item("D", "1", "x"), item("E", "1", "x")));

    assertThat(all(stream))
        .extracting(r -> r.dynamodb().keys().get("PK").s())
        .containsExactly("A", "B", "C", "D", "E");
  }

  @Test
  void aWriteThatChangesNothingRecordsNothing() {
    MemoryStreams stream = enable(StreamViewType.NEW_AND_OLD_IMAGES);
    engine.write(put("A", "1", "x"));
    engine.write(put("A", "1", "x"));
    engine.write(
        new WriteAction.Update(
            new Key("A", "1"),
            List.of(new UpdateAction.Set(AttributePath.of("v"), new Value.Str("x"))),
            ItemCondition.NONE));
    engine.write(delete("B", "1"));
    engine.batchWriteItem(List.of(item("A", "1", "x")));
    assertThatThrownBy(
            () -> engine.write(new WriteAction.Put(item("A", "1", "z"), ItemCondition.ABSENT)))
        .isInstanceOf(TableConditionFailedException.class);
    assertThatThrownBy(
            () ->
                engine.transactWrite(
                    List.of(
                        put("C", "1", "x"),
                        new WriteAction.Put(item("A", "1", "z"), ItemCondition.ABSENT))))
        .isInstanceOf(TableTransactionCancelledException.class);

    assertThat(all(stream)).hasSize(1);
  }

  @Test
  void noStreamNoRecordsAndDisableStops() {
    engine.write(put("A", "1", "before"));
    MemoryStreams stream = enable(StreamViewType.KEYS_ONLY);
    engine.write(put("B", "1", "during"));
    stream.disable();
    engine.write(put("C", "1", "after"));

    assertThat(all(stream)).extracting(r -> r.dynamodb().keys().get("PK").s()).containsExactly("B");
  }

  @Test
  void shardsCloseAndTheirChildrenContinueInOrder() {
    MemoryStreams stream = enable(StreamViewType.NEW_IMAGE);
    engine.write(put("A", "1", "1"));
    stream.closeShards();
    engine.write(put("A", "1", "2"));

    List<Shard> shards =
        stream
            .client()
            .describeStream(r -> r.streamArn(stream.streamArn()))
            .streamDescription()
            .shards();
    assertThat(shards).hasSize(2);
    assertThat(shards.get(1).parentShardId()).isEqualTo(shards.get(0).shardId());
    assertThat(shards.get(0).sequenceNumberRange().endingSequenceNumber()).isNotNull();
    assertThat(shards.get(1).sequenceNumberRange().endingSequenceNumber()).isNull();
    assertThat(all(stream))
        .extracting(r -> r.dynamodb().newImage().get("v").s())
        .containsExactly("1", "2");
  }

  @Test
  void shardsRollOverOnTheClock() {
    MemoryStreams stream = enable(StreamViewType.KEYS_ONLY);
    engine.write(put("A", "1", "1"));
    clock.advance(Duration.ofHours(4));
    engine.write(put("A", "1", "2"));

    List<Shard> shards =
        stream
            .client()
            .describeStream(r -> r.streamArn(stream.streamArn()))
            .streamDescription()
            .shards();
    assertThat(shards).hasSize(2);
    assertThat(all(stream)).hasSize(2);
  }

  @Test
  void aShardThatClosesWhileReadEndsWithoutANextIterator() {
    MemoryStreams stream = enable(StreamViewType.KEYS_ONLY);
    engine.write(put("A", "1", "1"));
    String shard = onlyShard(stream);
    String iterator =
        stream
            .client()
            .getShardIterator(
                r ->
                    r.streamArn(stream.streamArn())
                        .shardId(shard)
                        .shardIteratorType(ShardIteratorType.TRIM_HORIZON))
            .shardIterator();
    GetRecordsResponse first = stream.client().getRecords(r -> r.shardIterator(iterator));
    assertThat(first.records()).hasSize(1);
    assertThat(first.nextShardIterator()).isNotNull();

    engine.write(put("A", "1", "2"));
    stream.closeShards();
    GetRecordsResponse last =
        stream.client().getRecords(r -> r.shardIterator(first.nextShardIterator()));

    assertThat(last.records()).hasSize(1);
    assertThat(last.nextShardIterator()).isNull();
  }

  @Test
  void iteratorTypes() {
    MemoryStreams stream = enable(StreamViewType.NEW_IMAGE);
    for (int i = 0; i < 4; i++) {
      engine.write(put("A", "1", Integer.toString(i)));
    }
    String shard = onlyShard(stream);
    List<Record> horizon = read(stream, shard, ShardIteratorType.TRIM_HORIZON, null);
    String second = horizon.get(1).dynamodb().sequenceNumber();

    assertThat(horizon).hasSize(4);
    assertThat(read(stream, shard, ShardIteratorType.AT_SEQUENCE_NUMBER, second))
        .extracting(r -> r.dynamodb().newImage().get("v").s())
        .containsExactly("1", "2", "3");
    assertThat(read(stream, shard, ShardIteratorType.AFTER_SEQUENCE_NUMBER, second))
        .extracting(r -> r.dynamodb().newImage().get("v").s())
        .containsExactly("2", "3");
    String latest =
        stream
            .client()
            .getShardIterator(
                r ->
                    r.streamArn(stream.streamArn())
                        .shardId(shard)
                        .shardIteratorType(ShardIteratorType.LATEST))
            .shardIterator();
    engine.write(put("A", "1", "4"));
    assertThat(stream.client().getRecords(r -> r.shardIterator(latest)).records())
        .extracting(r -> r.dynamodb().newImage().get("v").s())
        .containsExactly("4");
    assertThat(horizon)
        .extracting(r -> r.dynamodb().sequenceNumber())
        .isSortedAccordingTo(String::compareTo);
  }

  @Test
  void getRecordsReturnsAtMostOneThousandRecords() {
    MemoryStreams stream = enable(StreamViewType.KEYS_ONLY);
    for (int i = 0; i < 1001; i++) {
      engine.write(put("A", Integer.toString(i), "x"));
    }
    String iterator =
        stream
            .client()
            .getShardIterator(
                r ->
                    r.streamArn(stream.streamArn())
                        .shardId(onlyShard(stream))
                        .shardIteratorType(ShardIteratorType.TRIM_HORIZON))
            .shardIterator();

    GetRecordsResponse page = stream.client().getRecords(r -> r.shardIterator(iterator));

    assertThat(page.records()).hasSize(1000);
    assertThat(stream.client().getRecords(r -> r.shardIterator(page.nextShardIterator())).records())
        .hasSize(1);
    assertThatThrownBy(() -> stream.client().getRecords(r -> r.shardIterator(iterator).limit(1001)))
        .isInstanceOf(DynamoDbException.class)
        .satisfies(
            e ->
                assertThat(((DynamoDbException) e).awsErrorDetails().errorCode())
                    .isEqualTo("ValidationException"));
  }

  @Test
  void getRecordsReturnsAtMostOneMegabyte() {
    MemoryStreams stream = enable(StreamViewType.NEW_IMAGE);
    String big = "x".repeat(300_000);
    for (int i = 0; i < 5; i++) {
      engine.write(put("A", Integer.toString(i), big));
    }
    String iterator =
        stream
            .client()
            .getShardIterator(
                r ->
                    r.streamArn(stream.streamArn())
                        .shardId(onlyShard(stream))
                        .shardIteratorType(ShardIteratorType.TRIM_HORIZON))
            .shardIterator();

    GetRecordsResponse page = stream.client().getRecords(r -> r.shardIterator(iterator));

    assertThat(page.records()).hasSize(3);
  }

  @Test
  void recordsOlderThanADayAreTrimmed() {
    MemoryStreams stream = enable(StreamViewType.KEYS_ONLY);
    engine.write(put("A", "1", "old"));
    String shard = onlyShard(stream);
    String old =
        read(stream, shard, ShardIteratorType.TRIM_HORIZON, null)
            .get(0)
            .dynamodb()
            .sequenceNumber();
    clock.advance(Duration.ofHours(3));
    engine.write(put("A", "1", "kept"));
    clock.advance(Duration.ofHours(21).plusSeconds(1));

    assertThatThrownBy(() -> read(stream, shard, ShardIteratorType.AT_SEQUENCE_NUMBER, old))
        .isInstanceOf(TrimmedDataAccessException.class);
    assertThat(read(stream, shard, ShardIteratorType.TRIM_HORIZON, null)).hasSize(1);
  }

  @Test
  void anIteratorPastTheTrimHorizonIsRefused() {
    MemoryStreams stream = enable(StreamViewType.KEYS_ONLY);
    engine.write(put("A", "1", "old"));
    String shard = onlyShard(stream);
    // Each step stays inside an iterator's 15 minutes, so only the trim can refuse it.
    clock.advance(Duration.ofHours(24).minusMinutes(5));
    String iterator =
        stream
            .client()
            .getShardIterator(
                r ->
                    r.streamArn(stream.streamArn())
                        .shardId(shard)
                        .shardIteratorType(ShardIteratorType.TRIM_HORIZON))
            .shardIterator();
    clock.advance(Duration.ofMinutes(10));

    assertThatThrownBy(() -> stream.client().getRecords(r -> r.shardIterator(iterator)))
        .isInstanceOf(TrimmedDataAccessException.class);
  }

  @Test
  void iteratorsExpireAfterFifteenMinutes() {
    MemoryStreams stream = enable(StreamViewType.KEYS_ONLY);
    engine.write(put("A", "1", "x"));
    String iterator =
        stream
            .client()
            .getShardIterator(
                r ->
                    r.streamArn(stream.streamArn())
                        .shardId(onlyShard(stream))
                        .shardIteratorType(ShardIteratorType.TRIM_HORIZON))
            .shardIterator();
    clock.advance(Duration.ofMinutes(14));
    GetRecordsResponse page = stream.client().getRecords(r -> r.shardIterator(iterator));
    clock.advance(Duration.ofMinutes(1));

    assertThatThrownBy(() -> stream.client().getRecords(r -> r.shardIterator(iterator)))
        .isInstanceOf(ExpiredIteratorException.class);
    assertThat(stream.client().getRecords(r -> r.shardIterator(page.nextShardIterator())).records())
        .isEmpty();
  }

  @Test
  void throttledRequestsFailWithLimitExceeded() {
    MemoryStreams stream = enable(StreamViewType.KEYS_ONLY);
    stream.throttleNext(1);

    assertThatThrownBy(() -> stream.client().describeStream(r -> r.streamArn(stream.streamArn())))
        .isInstanceOf(LimitExceededException.class);
    assertThat(
            stream
                .client()
                .describeStream(r -> r.streamArn(stream.streamArn()))
                .streamDescription())
        .isNotNull();
  }

  @Test
  void listStreamsNamesTheTable() {
    MemoryStreams stream = enable(StreamViewType.KEYS_ONLY);

    assertThat(stream.client().listStreams(r -> r.tableName("quick-photos")).streams())
        .singleElement()
        .satisfies(s -> assertThat(s.streamArn()).isEqualTo(stream.streamArn()));
    assertThat(stream.client().listStreams(r -> r.tableName("other")).streams()).isEmpty();
  }

  @Test
  void shardsSpreadByPartitionKeyKeepEachItemInOneShard() {
    MemoryStreams stream =
        MemoryStreams.enable(table, StreamViewType.KEYS_ONLY, clock, 4, Duration.ofHours(4));
    for (int i = 0; i < 40; i++) {
      engine.write(put("P" + (i % 10), "1", Integer.toString(i)));
    }
    List<Shard> shards =
        stream
            .client()
            .describeStream(r -> r.streamArn(stream.streamArn()))
            .streamDescription()
            .shards();
    assertThat(shards).hasSize(4);
    int total = 0;
    for (Shard shard : shards) {
      List<Record> records = read(stream, shard.shardId(), ShardIteratorType.TRIM_HORIZON, null);
      total += records.size();
      assertThat(records)
          .extracting(r -> r.dynamodb().keys().get("PK").s())
          .allSatisfy(
              pk -> {
                assertThat(
                        records.stream().filter(r -> r.dynamodb().keys().get("PK").s().equals(pk)))
                    .hasSize(4);
              });
    }
    assertThat(total).isEqualTo(40);
  }
}
