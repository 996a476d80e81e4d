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
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;

/** The Lambda handler on events made of the memory engine's records, as Lambda delivers them. */
class ChangeFeedHandlerTest {

  /** Records of: two users created, a follow, a profile change. */
  private static DynamodbEvent event() {
    return event(
        records(
            photos -> {
              photos.follow("bob", "ann");
              photos.updateProfile("ann", ProfileUpdate.builder().name("Ann").build());
            },
            Visibility.PUBLIC));
  }

  private static DynamodbEvent event(List<DynamodbEvent.DynamodbStreamRecord> records) {
    DynamodbEvent event = new DynamodbEvent();
    event.setRecords(records);
    return event;
  }

  /** The records of ann's and bob's creation (ann's visibility given), then of the story. */
  private static List<DynamodbEvent.DynamodbStreamRecord> records(
      Consumer<QuickPhotos> story, Visibility anns) {
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
              name.equals("ann") ? anns : Visibility.PUBLIC));
    }
    story.accept(photos);
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
    return records;
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

  @Test
  void anApprovalSplitAcrossTwoBatchesIsTheRequestsEndAndAFollow() {
    List<DynamodbEvent.DynamodbStreamRecord> records =
        records(
            photos -> {
              photos.follow("bob", "ann");
              photos.approveRequest("ann", "bob");
            },
            Visibility.PRIVATE);
    List<ChangeEvent> events = new ArrayList<>();
    ChangeFeedHandler handler =
        new ChangeFeedHandler(batch -> batch.forEach(d -> events.add(d.event()))) {};

    // In one batch: one approval.
    handler.handleRequest(event(records), null);
    assertThat(events)
        .extracting(ChangeFeedHandlerTest::describe)
        .containsExactly("UserCreated", "UserCreated", "FollowRequested", "RequestApproved");

    // Cut after the request's REMOVE, the approval transaction's first of its two items that
    // carry the pair, as Lambda may cut its batches: neither record alone tells an approval (the
    // REMOVE is a decline's too, the INSERT a public follow's), so the handler sees both.
    int cut = 0;
    while (!records.get(cut).getEventName().equals("REMOVE")) {
      cut++;
    }
    events.clear();
    handler.handleRequest(event(records.subList(0, cut + 1)), null);
    handler.handleRequest(event(records.subList(cut + 1, records.size())), null);
    assertThat(events)
        .extracting(ChangeFeedHandlerTest::describe)
        .containsExactly(
            "UserCreated", "UserCreated", "FollowRequested", "RequestDeclined", "Followed");
    assertThat(events.get(3)).isEqualTo(new ChangeEvent.RequestDeclined("bob", "ann"));
    assertThat(((ChangeEvent.Followed) events.get(4)).follow())
        .satisfies(
            f -> {
              assertThat(f.follower()).isEqualTo("bob");
              assertThat(f.followed()).isEqualTo("ann");
            });
  }
}
