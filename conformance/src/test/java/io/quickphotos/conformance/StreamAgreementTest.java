package io.quickphotos.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.NewUser;
import io.quickphotos.PhotoEdit;
import io.quickphotos.PhotoId;
import io.quickphotos.ProfileUpdate;
import io.quickphotos.QuickPhotos;
import io.quickphotos.QuickPhotosException;
import io.quickphotos.ReactionType;
import io.quickphotos.UserStatus;
import io.quickphotos.Visibility;
import io.quickphotos.dynamo.DynamoQuickPhotos;
import io.quickphotos.dynamo.QuickPhotosTable;
import io.quickphotos.dynamo.local.DynamoDbLocal;
import io.quickphotos.memory.InMemoryTable;
import io.quickphotos.memory.MemoryQuickPhotos;
import io.quickphotos.memory.MemoryStreams;
import io.quickphotos.proptest.Gen;
import io.quickphotos.proptest.Property;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsResponse;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.Shard;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * Stream agreement: random histories of the repository's calls, run on the memory engine with
 * {@code MemoryStreams} and on DynamoDB Local with a NEW_AND_OLD_IMAGES stream, must leave, per
 * item, the same sequence of stream records: event names, keys, old and new images, in order.
 * Not compared: what the service itself leaves free or stamps (sequence numbers, event ids,
 * creation times, the shards and the order between items), and the values of the random
 * markers the repository writes (a cascade's or a call's token: 72 random bits each, different
 * on every run), whose presence is compared. Each step's outcome (its result or exception type)
 * must agree too, or the histories would differ for another reason than the streams.
 *
 * <p>Deviations of DynamoDB Local's streams from the service's documented behaviour: none found
 * in these histories. Where Local differs on what is not compared here, the service documents:
 * shards roll over about every four hours and split with partitions (Local keeps one shard per
 * table for its life), records are kept 24 hours (Local keeps them as long as the table) and a
 * shard iterator expires after 15 minutes; the memory engine follows the service on all three
 * ({@code StreamTest} in memory-impl).
 */
class StreamAgreementTest {
  private static final AtomicLong TABLES = new AtomicLong();
  private static final List<String> USERS = List.of("ann", "bob", "cat", "dan");
  private static final List<Instant> TIMES =
      List.of(Instant.parse("2024-01-01T10:00:00Z"), Instant.parse("2024-01-01T11:00:00Z"));
  private static final Clock CLOCK =
      Clock.fixed(Instant.parse("2026-01-01T00:00:00Z"), ZoneOffset.UTC);

  /** Attributes holding random markers: their presence agrees, their values cannot. */
  private static final Set<String> MARKERS =
      Set.of("callToken", "closing", "deleting", "token", "updateToken");

  enum Op {
    FOLLOW,
    UNFOLLOW,
    APPROVE,
    DECLINE,
    UPLOAD,
    EDIT_PHOTO,
    REACT,
    UNREACT,
    DELETE_PHOTO,
    BLOCK,
    UNBLOCK,
    UPDATE_PROFILE,
    DELETE_USER,
    CREATE_USER
  }

  record Step(Op op, String a, String b, int t, ReactionType type) {}

  private static final AtomicLong RECORDS = new AtomicLong();
  private static final AtomicLong STEPS = new AtomicLong();

  @Test
  void bothBackendsRecordTheSameChangesPerItem() {
    Gen<Step> step =
        Gen.of(Op.class)
            .flatMap(
                op ->
                    Gen.of(USERS)
                        .flatMap(
                            a ->
                                Gen.of(USERS)
                                    .flatMap(
                                        b ->
                                            Gen.integers(0, TIMES.size() - 1)
                                                .flatMap(
                                                    t ->
                                                        Gen.of(ReactionType.class)
                                                            .map(
                                                                type ->
                                                                    new Step(
                                                                        op, a, b, t, type))))));
    int histories =
        Property.named("StreamAgreementTest.bothBackendsRecordTheSameChangesPerItem")
            .cases(12)
            .check(step.steps(10, 30), StreamAgreementTest::agree);
    System.out.println(
        "STREAMS "
            + histories
            + " histories, "
            + STEPS.get()
            + " steps, "
            + RECORDS.get()
            + " records compared on each backend");
  }

  private static void agree(List<Step> history) {
    InMemoryTable memoryTable = InMemoryTable.create();
    MemoryStreams stream =
        MemoryStreams.enable(memoryTable, StreamViewType.NEW_AND_OLD_IMAGES, Clock.systemUTC());
    QuickPhotos memory = MemoryQuickPhotos.builder().table(memoryTable).clock(CLOCK).build();

    DynamoDbClient client = SharedDynamoDbLocal.client();
    String name = "streams-" + TABLES.incrementAndGet();
    client.createTable(
        QuickPhotosTable.createTableRequest(name).toBuilder()
            .streamSpecification(
                s -> s.streamEnabled(true).streamViewType(StreamViewType.NEW_AND_OLD_IMAGES))
            .build());
    String arn = client.describeTable(r -> r.tableName(name)).table().latestStreamArn();
    QuickPhotos dynamo =
        DynamoQuickPhotos.builder().client(client).tableName(name).clock(CLOCK).build();
    try (DynamoDbStreamsClient local = streamsClient()) {
      for (String user : USERS) {
        setUp(memory, user);
        setUp(dynamo, user);
      }
      for (Step s : history) {
        assertThat(apply(dynamo, s)).as("%s", s).isEqualTo(apply(memory, s));
        STEPS.incrementAndGet();
      }
      Map<String, List<String>> onMemory = perItem(stream.client(), stream.streamArn());
      Map<String, List<String>> onLocal = perItem(local, arn);
      assertThat(onMemory).isEqualTo(onLocal);
      RECORDS.addAndGet(onMemory.values().stream().mapToLong(List::size).sum());
    } finally {
      client.deleteTable(r -> r.tableName(name));
    }
  }

  private static void setUp(QuickPhotos photos, String user) {
    photos.createUser(
        new NewUser(
            user,
            "Name " + user,
            user + "@example.com",
            LocalDate.of(1990, 1, 1),
            "Street 1",
            UserStatus.ACTIVE,
            Map.of(),
            user.equals("cat") ? Visibility.PRIVATE : Visibility.PUBLIC));
  }

  /** The step's outcome: its result's class, or its exception's. */
  private static String apply(QuickPhotos p, Step s) {
    PhotoId photo = new PhotoId(s.b(), TIMES.get(s.t()));
    try {
      switch (s.op()) {
        case FOLLOW -> p.follow(s.a(), s.b());
        case UNFOLLOW -> p.unfollow(s.a(), s.b());
        case APPROVE -> p.approveRequest(s.b(), s.a());
        case DECLINE -> p.declineRequest(s.b(), s.a());
        case UPLOAD ->
            p.uploadPhoto(s.b(), TIMES.get(s.t()), "https://example.com/" + s.a() + ".jpg");
        case EDIT_PHOTO -> p.editPhoto(photo, PhotoEdit.builder().caption("by " + s.a()).build());
        case REACT -> p.reactTo(s.a(), photo, s.type());
        case UNREACT -> p.removeReaction(s.a(), photo, s.type());
        case DELETE_PHOTO -> p.deletePhoto(photo);
        case BLOCK -> p.block(s.a(), s.b());
        case UNBLOCK -> p.unblock(s.a(), s.b());
        case UPDATE_PROFILE -> p.updateProfile(s.a(), ProfileUpdate.builder().name(s.b()).build());
        case DELETE_USER -> p.deleteUser(s.a());
        case CREATE_USER -> setUp(p, s.a());
      }
      return "ok";
    } catch (QuickPhotosException e) {
      return e.getClass().getSimpleName();
    }
  }

  /** Every record of the stream, by item, in the order of the item's changes. */
  private static Map<String, List<String>> perItem(DynamoDbStreamsClient client, String arn) {
    Map<String, List<String>> items = new TreeMap<>();
    List<Shard> shards = new ArrayList<>();
    String start = null;
    do {
      String from = start;
      var d =
          client
              .describeStream(r -> r.streamArn(arn).exclusiveStartShardId(from))
              .streamDescription();
      shards.addAll(d.shards());
      start = d.lastEvaluatedShardId();
    } while (start != null);
    for (Shard shard : shards) {
      String iterator =
          client
              .getShardIterator(
                  r ->
                      r.streamArn(arn)
                          .shardId(shard.shardId())
                          .shardIteratorType(ShardIteratorType.TRIM_HORIZON))
              .shardIterator();
      while (iterator != null) {
        String at = iterator;
        GetRecordsResponse page = client.getRecords(r -> r.shardIterator(at));
        for (Record record : page.records()) {
          Map<String, AttributeValue> keys = record.dynamodb().keys();
          items
              .computeIfAbsent(
                  keys.get("PK").s() + "|" + keys.get("SK").s(), k -> new ArrayList<>())
              .add(
                  record.eventNameAsString()
                      + " old="
                      + canonical(record.dynamodb().oldImage())
                      + " new="
                      + canonical(record.dynamodb().newImage()));
        }
        if (page.records().isEmpty()) {
          break;
        }
        iterator = page.nextShardIterator();
      }
    }
    return items;
  }

  /** An image as text: names sorted, numbers by value, random markers by presence. */
  private static String canonical(Map<String, AttributeValue> image) {
    if (image == null || image.isEmpty()) {
      return "-";
    }
    TreeMap<String, String> sorted = new TreeMap<>();
    image.forEach(
        (name, value) ->
            sorted.put(
                name,
                MARKERS.contains(name) || name.startsWith("filling#")
                    ? "<marker>"
                    : canonical(value)));
    return sorted.toString();
  }

  private static String canonical(AttributeValue value) {
    return switch (value.type()) {
      case N -> "N:" + new BigDecimal(value.n()).stripTrailingZeros().toPlainString();
      case M -> "M:" + canonical(value.m());
      case L -> "L:" + value.l().stream().map(StreamAgreementTest::canonical).toList();
      default -> value.toString();
    };
  }

  private static DynamoDbStreamsClient streamsClient() {
    return DynamoDbStreamsClient.builder()
        .endpointOverride(SharedDynamoDbLocal.endpoint())
        .region(DynamoDbLocal.REGION)
        .credentialsProvider(
            StaticCredentialsProvider.create(AwsBasicCredentials.create("dummy", "dummy")))
        .httpClientBuilder(UrlConnectionHttpClient.builder())
        .build();
  }
}
