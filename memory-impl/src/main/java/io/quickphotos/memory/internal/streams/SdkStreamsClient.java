package io.quickphotos.memory.internal.streams;

import io.quickphotos.engine.Item;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.Utf8;
import io.quickphotos.engine.Value;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DescribeStreamRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeStreamResponse;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ExpiredIteratorException;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsRequest;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsResponse;
import software.amazon.awssdk.services.dynamodb.model.GetShardIteratorRequest;
import software.amazon.awssdk.services.dynamodb.model.GetShardIteratorResponse;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.LimitExceededException;
import software.amazon.awssdk.services.dynamodb.model.ListStreamsRequest;
import software.amazon.awssdk.services.dynamodb.model.ListStreamsResponse;
import software.amazon.awssdk.services.dynamodb.model.OperationType;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.SequenceNumberRange;
import software.amazon.awssdk.services.dynamodb.model.Shard;
import software.amazon.awssdk.services.dynamodb.model.Stream;
import software.amazon.awssdk.services.dynamodb.model.StreamDescription;
import software.amazon.awssdk.services.dynamodb.model.StreamRecord;
import software.amazon.awssdk.services.dynamodb.model.StreamStatus;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.model.TrimmedDataAccessException;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * The DynamoDB Streams API over a {@link ChangeLog}, in the SDK's own request and response types,
 * so that consumer code written for {@link DynamoDbStreamsClient} runs on the memory engine
 * unchanged. DescribeStream, GetShardIterator, GetRecords and ListStreams; the other methods are
 * the interface's defaults (UnsupportedOperationException).
 *
 * <p>Rules, as the service documents them: GetRecords returns at most 1,000 records and 1 MB (a
 * record's size: its keys and images); shard iterators expire 15 minutes after they are issued
 * (ExpiredIteratorException); a position older than 24 hours is TrimmedDataAccessException; a
 * closed shard read to its end has no next iterator. Thread-safe.
 */
public final class SdkStreamsClient implements DynamoDbStreamsClient {
  /** GetRecords' largest page. */
  public static final int MAX_RECORDS = 1000;

  /** GetRecords' largest response. */
  public static final long MAX_BYTES = 1024 * 1024;

  /** How long a shard iterator is valid. */
  public static final Duration ITERATOR_LIFETIME = Duration.ofMinutes(15);

  private static final String REGION = "memory";

  private final ChangeLog log;
  private final StreamViewType viewType;
  private final String tableName;
  private final String streamLabel;
  private final String streamArn;
  private final AtomicInteger throttled = new AtomicInteger();

  /**
   * A client of one table's stream.
   *
   * @param log the stream's changes
   * @param viewType what each record carries
   * @param tableName the table's name, for the ARN and ListStreams
   */
  public SdkStreamsClient(ChangeLog log, StreamViewType viewType, String tableName) {
    this.log = log;
    this.viewType = viewType;
    this.tableName = tableName;
    // The label's format is DynamoDB's: the creation time, ISO 8601 with milliseconds.
    this.streamLabel = log.created().toString();
    this.streamArn =
        "arn:aws:dynamodb:"
            + REGION
            + ":000000000000:table/"
            + tableName
            + "/stream/"
            + streamLabel;
  }

  /**
   * The stream's ARN.
   *
   * @return the ARN
   */
  public String streamArn() {
    return streamArn;
  }

  /**
   * Makes the next {@code requests} requests fail with LimitExceededException, as the service
   * does when a shard is read more often than its limit.
   *
   * @param requests how many
   */
  public void throttleNext(int requests) {
    throttled.addAndGet(requests);
  }

  @Override
  public String serviceName() {
    return SERVICE_NAME;
  }

  @Override
  public void close() {}

  @Override
  public ListStreamsResponse listStreams(ListStreamsRequest request) {
    throttle();
    boolean matches = request.tableName() == null || request.tableName().equals(tableName);
    List<Stream> streams =
        matches
            ? List.of(
                Stream.builder()
                    .streamArn(streamArn)
                    .tableName(tableName)
                    .streamLabel(streamLabel)
                    .build())
            : List.of();
    return ListStreamsResponse.builder().streams(streams).build();
  }

  @Override
  public DescribeStreamResponse describeStream(DescribeStreamRequest request) {
    throttle();
    checkArn(request.streamArn());
    int limit = request.limit() == null ? 100 : request.limit();
    if (limit < 1 || limit > 100) {
      throw validation("1 validation error detected: Value '" + limit + "' at 'limit' failed");
    }
    List<ChangeLog.Shard> all = log.shards();
    int from = 0;
    if (request.exclusiveStartShardId() != null) {
      for (int i = 0; i < all.size(); i++) {
        if (all.get(i).id().equals(request.exclusiveStartShardId())) {
          from = i + 1;
        }
      }
    }
    List<Shard> shards = new ArrayList<>();
    int i = from;
    for (; i < all.size() && shards.size() < limit; i++) {
      ChangeLog.Shard s = all.get(i);
      SequenceNumberRange.Builder range =
          SequenceNumberRange.builder().startingSequenceNumber(sequence(s.startingSequence()));
      s.endingSequence().ifPresent(end -> range.endingSequenceNumber(sequence(end)));
      Shard.Builder shard = Shard.builder().shardId(s.id()).sequenceNumberRange(range.build());
      s.parentId().ifPresent(shard::parentShardId);
      shards.add(shard.build());
    }
    StreamDescription.Builder description =
        StreamDescription.builder()
            .streamArn(streamArn)
            .streamLabel(streamLabel)
            .streamStatus(StreamStatus.ENABLED)
            .streamViewType(viewType)
            .creationRequestDateTime(log.created())
            .tableName(tableName)
            .keySchema(
                KeySchemaElement.builder().attributeName(Item.PK).keyType(KeyType.HASH).build(),
                KeySchemaElement.builder().attributeName(Item.SK).keyType(KeyType.RANGE).build())
            .shards(shards);
    if (i < all.size()) {
      description.lastEvaluatedShardId(shards.get(shards.size() - 1).shardId());
    }
    return DescribeStreamResponse.builder().streamDescription(description.build()).build();
  }

  @Override
  public GetShardIteratorResponse getShardIterator(GetShardIteratorRequest request) {
    throttle();
    checkArn(request.streamArn());
    ChangeLog.Shard shard =
        log.shard(request.shardId())
            .orElseThrow(
                () ->
                    ResourceNotFoundException.builder()
                        .message("Requested resource not found: Shard does not exist")
                        .awsErrorDetails(details("ResourceNotFoundException", 400))
                        .build());
    if (request.shardIteratorType() == null) {
      throw validation("ShardIteratorType is required");
    }
    long position =
        switch (request.shardIteratorType()) {
          case TRIM_HORIZON -> log.trimHorizon(shard);
          case LATEST -> log.latest(shard);
          case AT_SEQUENCE_NUMBER -> located(shard, request.sequenceNumber()) - 1;
          case AFTER_SEQUENCE_NUMBER -> located(shard, request.sequenceNumber());
          default -> throw validation("Invalid ShardIteratorType: " + request.shardIteratorType());
        };
    return GetShardIteratorResponse.builder()
        .shardIterator(iterator(shard.id(), position, log.now()))
        .build();
  }

  @Override
  public GetRecordsResponse getRecords(GetRecordsRequest request) {
    throttle();
    int limit = request.limit() == null ? MAX_RECORDS : request.limit();
    if (limit < 1 || limit > MAX_RECORDS) {
      throw validation(
          "1 validation error detected: Value '"
              + limit
              + "' at 'limit' failed to satisfy constraint: Member must have value less than or"
              + " equal to 1000");
    }
    String[] parts = decode(request.shardIterator());
    Instant issued = Instant.ofEpochMilli(Long.parseLong(parts[3]));
    if (!issued.plus(ITERATOR_LIFETIME).isAfter(log.now())) {
      throw ExpiredIteratorException.builder()
          .message("Iterator expired. The iterator was created at time " + issued)
          .awsErrorDetails(details("ExpiredIteratorException", 400))
          .build();
    }
    ChangeLog.Shard shard = log.shard(parts[1]).orElseThrow(SdkStreamsClient::trimmed);
    ChangeLog.Read read;
    try {
      read = log.read(shard, Long.parseLong(parts[2]), limit, MAX_BYTES, this::size);
    } catch (IllegalStateException e) {
      throw trimmed();
    }
    List<Record> records = new ArrayList<>(read.changes().size());
    for (ChangeLog.Change change : read.changes()) {
      records.add(record(change));
    }
    GetRecordsResponse.Builder response = GetRecordsResponse.builder().records(records);
    if (!read.shardEnded()) {
      response.nextShardIterator(iterator(shard.id(), read.lastPosition(), log.now()));
    }
    return response.build();
  }

  private Record record(ChangeLog.Change change) {
    StreamRecord.Builder dynamodb =
        StreamRecord.builder()
            .approximateCreationDateTime(change.at())
            .keys(key(change.key()))
            .sequenceNumber(sequence(change.sequence()))
            .sizeBytes(size(change))
            .streamViewType(viewType);
    if (change.newImage() != null && withNew()) {
      dynamodb.newImage(toSdk(change.newImage().attributes()));
    }
    if (change.oldImage() != null && withOld()) {
      dynamodb.oldImage(toSdk(change.oldImage().attributes()));
    }
    return Record.builder()
        .eventID(Long.toHexString(change.sequence()))
        .eventName(OperationType.fromValue(change.eventName().name()))
        .eventVersion("1.1")
        .eventSource("aws:dynamodb")
        .awsRegion(REGION)
        .dynamodb(dynamodb.build())
        .build();
  }

  private boolean withNew() {
    return viewType == StreamViewType.NEW_IMAGE || viewType == StreamViewType.NEW_AND_OLD_IMAGES;
  }

  private boolean withOld() {
    return viewType == StreamViewType.OLD_IMAGE || viewType == StreamViewType.NEW_AND_OLD_IMAGES;
  }

  /** A record's size: its keys and the images its view carries, by DynamoDB's item formula. */
  private long size(ChangeLog.Change change) {
    long size =
        Utf8.length(Item.PK)
            + Utf8.length(change.key().pk())
            + Utf8.length(Item.SK)
            + Utf8.length(change.key().sk());
    if (change.newImage() != null && withNew()) {
      size += change.newImage().size();
    }
    if (change.oldImage() != null && withOld()) {
      size += change.oldImage().size();
    }
    return size;
  }

  private long located(ChangeLog.Shard shard, String sequenceNumber) {
    if (sequenceNumber == null || !sequenceNumber.matches("[0-9]{1,40}")) {
      throw validation("Invalid SequenceNumber: " + sequenceNumber);
    }
    long sequence;
    try {
      sequence = Long.parseLong(sequenceNumber);
    } catch (NumberFormatException e) {
      throw validation("Invalid SequenceNumber: " + sequenceNumber);
    }
    int where = log.locate(shard, sequence);
    if (where < 0) {
      throw trimmed();
    }
    if (where == 0) {
      throw validation(
          "Invalid SequenceNumber: " + sequenceNumber + " is not in shard " + shard.id());
    }
    return sequence;
  }

  private void checkArn(String arn) {
    if (!streamArn.equals(arn)) {
      throw ResourceNotFoundException.builder()
          .message("Requested resource not found: Stream: " + arn + " not found")
          .awsErrorDetails(details("ResourceNotFoundException", 400))
          .build();
    }
  }

  private void throttle() {
    if (throttled.getAndUpdate(n -> n > 0 ? n - 1 : 0) > 0) {
      throw LimitExceededException.builder()
          .message("Rate exceeded for shard")
          .awsErrorDetails(details("LimitExceededException", 400))
          .build();
    }
  }

  private String iterator(String shardId, long position, Instant issued) {
    String plain = streamArn + "|" + shardId + "|" + position + "|" + issued.toEpochMilli();
    return Base64.getUrlEncoder()
        .withoutPadding()
        .encodeToString(plain.getBytes(StandardCharsets.UTF_8));
  }

  private String[] decode(String iterator) {
    if (iterator == null) {
      throw validation("ShardIterator is required");
    }
    try {
      String plain = new String(Base64.getUrlDecoder().decode(iterator), StandardCharsets.UTF_8);
      String[] parts = plain.split("\\|");
      if (parts.length != 4 || !parts[0].equals(streamArn)) {
        throw validation("Invalid ShardIterator");
      }
      Long.parseLong(parts[2]);
      Long.parseLong(parts[3]);
      return parts;
    } catch (IllegalArgumentException e) {
      throw validation("Invalid ShardIterator");
    }
  }

  private static TrimmedDataAccessException trimmed() {
    return TrimmedDataAccessException.builder()
        .message("The operation attempted to read past the oldest stream record in a shard")
        .awsErrorDetails(details("TrimmedDataAccessException", 400))
        .build();
  }

  private static DynamoDbException validation(String message) {
    return (DynamoDbException)
        DynamoDbException.builder()
            .message(message)
            .statusCode(400)
            .awsErrorDetails(details("ValidationException", 400))
            .build();
  }

  private static AwsErrorDetails details(String code, int status) {
    return AwsErrorDetails.builder()
        .errorCode(code)
        .serviceName("DynamoDBStreams")
        .sdkHttpResponse(
            software.amazon.awssdk.http.SdkHttpResponse.builder().statusCode(status).build())
        .build();
  }

  /** DynamoDB's sequence numbers are decimal strings of 21 digits and more. */
  private static String sequence(long sequence) {
    return String.format("%021d", sequence);
  }

  private static Map<String, AttributeValue> key(Key key) {
    return Map.of(Item.PK, AttributeValue.fromS(key.pk()), Item.SK, AttributeValue.fromS(key.sk()));
  }

  private static Map<String, AttributeValue> toSdk(Map<String, Value> values) {
    Map<String, AttributeValue> sdk = new HashMap<>(values.size() * 2);
    values.forEach((name, value) -> sdk.put(name, toSdk(value)));
    return sdk;
  }

  private static AttributeValue toSdk(Value value) {
    if (value instanceof Value.Str s) {
      return AttributeValue.fromS(s.value());
    }
    if (value instanceof Value.Num n) {
      return AttributeValue.fromN(n.value().toPlainString());
    }
    if (value instanceof Value.Bool b) {
      return AttributeValue.fromBool(b.value());
    }
    if (value instanceof Value.Null) {
      return AttributeValue.fromNul(true);
    }
    if (value instanceof Value.MapValue m) {
      return AttributeValue.fromM(toSdk(m.value()));
    }
    List<AttributeValue> elements = new ArrayList<>();
    for (Value v : ((Value.ListValue) value).value()) {
      elements.add(toSdk(v));
    }
    return AttributeValue.fromL(elements);
  }
}
