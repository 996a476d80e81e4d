package io.quickphotos.streams.lambda;

import static org.assertj.core.api.Assertions.assertThat;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.AttributeValue;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.StreamRecord;
import io.quickphotos.NewUser;
import io.quickphotos.ProfileUpdate;
import io.quickphotos.QuickPhotos;
import io.quickphotos.UserStatus;
import io.quickphotos.Visibility;
import io.quickphotos.memory.InMemoryTable;
import io.quickphotos.memory.MemoryQuickPhotos;
import io.quickphotos.memory.MemoryStreams;
import io.quickphotos.streams.AppliedMarks;
import io.quickphotos.streams.ChangeEvent;
import io.quickphotos.streams.Delivery;
import java.time.Clock;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Date;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;

/** The Lambda handler on events made of the memory engine's records, as Lambda delivers them. */
class ChangeFeedHandlerTest {

  /** Records of: two users created, a follow, a profile change. */
  private static DynamodbEvent event() {
    Clock clock = Clock.systemUTC();
    InMemoryTable table = InMemoryTable.create();
    MemoryStreams stream = MemoryStreams.enable(table, StreamViewType.NEW_AND_OLD_IMAGES, clock);
    QuickPhotos photos = MemoryQuickPhotos.builder().table(table).clock(clock).build();
    for (String name : List.of("ann", "bob")) {
      photos.createUser(
          new NewUser(
              name,
              "N",
              name + "@example.com",
              LocalDate.of(1990, 1, 1),
              "S",
              UserStatus.ACTIVE,
              Map.of(),
              Visibility.PUBLIC));
    }
    photos.follow("bob", "ann");
    photos.updateProfile("ann", ProfileUpdate.builder().name("Ann").build());
    String shard =
        stream
            .client()
            .describeStream(r -> r.streamArn(stream.streamArn()))
            .streamDescription()
            .shards()
            .get(0)
            .shardId();
    String iterator =
        stream
            .client()
            .getShardIterator(
                r ->
                    r.streamArn(stream.streamArn())
                        .shardId(shard)
                        .shardIteratorType(ShardIteratorType.TRIM_HORIZON))
            .shardIterator();
    List<DynamodbEvent.DynamodbStreamRecord> records = new ArrayList<>();
    for (Record r : stream.client().getRecords(g -> g.shardIterator(iterator)).records()) {
      records.add(lambda(r));
    }
    DynamodbEvent event = new DynamodbEvent();
    event.setRecords(records);
    return event;
  }

  private static DynamodbEvent.DynamodbStreamRecord lambda(Record r) {
    StreamRecord s = new StreamRecord();
    s.setKeys(lambda(r.dynamodb().keys()));
    if (r.dynamodb().hasOldImage()) {
      s.setOldImage(lambda(r.dynamodb().oldImage()));
    }
    if (r.dynamodb().hasNewImage()) {
      s.setNewImage(lambda(r.dynamodb().newImage()));
    }
    s.setSequenceNumber(r.dynamodb().sequenceNumber());
    s.setApproximateCreationDateTime(Date.from(r.dynamodb().approximateCreationDateTime()));
    DynamodbEvent.DynamodbStreamRecord record = new DynamodbEvent.DynamodbStreamRecord();
    record.setEventName(r.eventNameAsString());
    record.setDynamodb(s);
    return record;
  }

  private static Map<String, AttributeValue> lambda(
      Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> image) {
    Map<String, AttributeValue> out = new HashMap<>();
    image.forEach((k, v) -> out.put(k, lambda(v)));
    return out;
  }

  private static AttributeValue lambda(
      software.amazon.awssdk.services.dynamodb.model.AttributeValue v) {
    AttributeValue a = new AttributeValue();
    switch (v.type()) {
      case S -> a.setS(v.s());
      case N -> a.setN(v.n());
      case BOOL -> a.setBOOL(v.bool());
      case NUL -> a.setNULL(true);
      case M -> a.setM(lambda(v.m()));
      case L -> a.setL(v.l().stream().map(ChangeFeedHandlerTest::lambda).toList());
      default -> throw new IllegalArgumentException(v.toString());
    }
    return a;
  }

  private static String describe(ChangeEvent e) {
    return e.getClass().getSimpleName();
  }

  @Test
  void aBatchBecomesTheRepositorysEvents() {
    List<String> events = new ArrayList<>();
    ChangeFeedHandler handler =
        new ChangeFeedHandler(batch -> batch.forEach(d -> events.add(describe(d.event())))) {};

    StreamsEventResponse response = handler.handleRequest(event(), null);

    assertThat(response.getBatchItemFailures()).isEmpty();
    assertThat(events).containsExactly("UserCreated", "UserCreated", "Followed", "ProfileChanged");
  }

  @Test
  void aFailedBatchIsReportedFromItsFirstRecordAndItsRetryAppliesOnce() {
    DynamodbEvent event = event();
    AppliedMarks marks = new AppliedMarks();
    List<String> applied = new ArrayList<>();
    int[] calls = {0};
    ChangeFeedHandler handler =
        new ChangeFeedHandler(
            batch -> {
              calls[0]++;
              for (Delivery d : batch) {
                if (calls[0] == 1 && applied.size() == 2) {
                  throw new IllegalStateException("killed in the middle of the batch");
                }
                marks.applyOnce(d, x -> applied.add(describe(x.event())));
              }
            }) {};

    StreamsEventResponse failed = handler.handleRequest(event, null);
    StreamsEventResponse retried = handler.handleRequest(event, null);

    assertThat(failed.getBatchItemFailures())
        .singleElement()
        .satisfies(
            f ->
                assertThat(f.getItemIdentifier())
                    .isEqualTo(event.getRecords().get(0).getDynamodb().getSequenceNumber()));
    assertThat(retried.getBatchItemFailures()).isEmpty();
    assertThat(applied).containsExactly("UserCreated", "UserCreated", "Followed", "ProfileChanged");
  }
}
