package io.quickphotos.streams;

import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.AccessPattern;
import io.quickphotos.Activity;
import io.quickphotos.ActivityKind;
import io.quickphotos.OperationCost;
import io.quickphotos.Page;
import io.quickphotos.PageRequest;
import io.quickphotos.PhotoId;
import io.quickphotos.QuickPhotos;
import io.quickphotos.ReactionType;
import io.quickphotos.TableItems;
import io.quickphotos.Visibility;
import io.quickphotos.dynamo.local.DynamoDbLocal;
import io.quickphotos.memory.InMemoryTable;
import io.quickphotos.memory.MemoryQuickPhotos;
import io.quickphotos.memory.MemoryStreams;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * The activity inbox fed by the change feed, on the memory engine's stream and on DynamoDB
 * Local's: what each write tells whom, a whole stream delivered again changing nothing, and what
 * the handler's deliveries cost beside the calls whose events they tell.
 */
class ActivityInboxTest {
  private static DynamoDbLocal local;

  private final List<OperationCost> costs = new CopyOnWriteArrayList<>();

  @BeforeAll
  static void start() {
    local = DynamoDbLocal.start();
  }

  @AfterAll
  static void stop() {
    local.close();
  }

  @Test
  void theFeedFillsTheInboxesExactlyOnceInEffectOnMemory() {
    fillsTheInboxes(Backends.memory(Clock.systemUTC(), costs::add));
  }

  @Test
  void theFeedFillsTheInboxesExactlyOnceInEffectOnDynamoDbLocal() {
    fillsTheInboxes(Backends.dynamoLocal(local, Clock.systemUTC(), costs::add));
  }

  private void fillsTheInboxes(Backends backend) {
    QuickPhotos photos = backend.photos();
    for (String name : List.of("ann", "bob", "cat", "dee")) {
      photos.createUser(Story.user(name, Visibility.PUBLIC));
    }
    photos.createUser(Story.user("pam", Visibility.PRIVATE));
    StreamPoller poller =
        StreamPoller.builder(backend.streams(), backend.streamArn(), ActivityInbox.of(photos))
            .build();
    photos.follow("bob", "ann");
    photos.follow("cat", "ann");
    PhotoId photo = photos.uploadPhoto("ann", Instant.now(), "https://example.com/1.jpg").id();
    photos.reactTo("bob", photo, ReactionType.HEART);
    photos.reactTo("cat", photo, ReactionType.SMILEY);
    photos.reactTo("dee", photo, ReactionType.HEART);
    photos.follow("ann", "pam");
    photos.follow("dee", "pam");
    photos.approveRequest("pam", "ann");
    photos.reactTo("dee", photo, ReactionType.SMILEY);
    photos.removeReaction("dee", photo, ReactionType.SMILEY);
    photos.withdrawRequest("dee", "pam");
    poller.drain();

    List<Activity> anns = photos.activity("ann", PageRequest.first()).items();
    assertThat(anns)
        .extracting(Activity::kind)
        .containsExactly(ActivityKind.APPROVED, ActivityKind.REACTED, ActivityKind.FOLLOWED);
    assertThat(anns.get(1).actors()).containsExactly("dee", "cat", "bob");
    assertThat(anns.get(2).actors()).containsExactly("cat", "bob");
    assertThat(photos.activity("bob", PageRequest.first()).items())
        .singleElement()
        .satisfies(a -> assertThat(a.kind()).isEqualTo(ActivityKind.NEW_PHOTO));
    assertThat(photos.activity("pam", PageRequest.first()).items())
        .as("dee's request was withdrawn; ann's approved")
        .isEmpty();
    assertThat(photos.unreadActivity("ann")).isEqualTo(6);

    // The whole stream again, from its start, as a poller without checkpoints reads it.
    long entries = TableItems.census(photos).get(TableItems.Kind.ACTIVITY).items();
    StreamPoller.builder(backend.streams(), backend.streamArn(), ActivityInbox.of(photos))
        .build()
        .drain();
    assertThat(TableItems.census(photos).get(TableItems.Kind.ACTIVITY).items()).isEqualTo(entries);
    assertThat(photos.activity("ann", PageRequest.first()).items()).isEqualTo(anns);
    // The inbox's own writes are records of the stream too, and tell nothing.
    costs.clear();
    poller.drain();
    assertThat(costs).isEmpty();
  }

  @Test
  void theDocumentsExampleRunsAPollerThatFillsTheInbox() throws Exception {
    InMemoryTable table = InMemoryTable.create();
    MemoryStreams stream =
        MemoryStreams.enable(table, StreamViewType.NEW_AND_OLD_IMAGES, Clock.systemUTC());
    DynamoDbStreamsClient streams = stream.client();
    String streamArn = stream.streamArn();
    // tag::inbox[]
    QuickPhotos photos = MemoryQuickPhotos.builder().table(table).build();
    // The table's stream, read in process; on AWS, Lambda (quickphotos-streams-lambda) instead.
    StreamPoller poller =
        StreamPoller.builder(streams, streamArn, ActivityInbox.of(photos)).build();
    poller.start(Duration.ofMillis(100));
    // end::inbox[]
    try (poller) {
      photos.createUser(Story.user("ann", Visibility.PUBLIC));
      photos.createUser(Story.user("bob", Visibility.PUBLIC));
      photos.follow("bob", "ann");
      poller.awaitCaughtUp(Duration.ofSeconds(30));
      // tag::read[]
      Page<Activity> page = photos.activity("ann", PageRequest.first()); // newest first
      int unread = photos.unreadActivity("ann"); // 0 to 100 ("99+")
      photos.markActivityRead("ann");
      // end::read[]
      assertThat(page.items()).extracting(Activity::kind).containsExactly(ActivityKind.FOLLOWED);
      assertThat(unread).isEqualTo(1);
      assertThat(photos.unreadActivity("ann")).isZero();
    }
  }

  @Test
  void aDeliveryCostsTheHandlerAndNothingOfTheCallItTells() {
    Backends backend = Backends.memory(Clock.systemUTC(), costs::add);
    QuickPhotos photos = backend.photos();
    for (String name : List.of("ann", "bob", "cat")) {
      photos.createUser(Story.user(name, Visibility.PUBLIC));
    }
    StreamPoller poller =
        StreamPoller.builder(backend.streams(), backend.streamArn(), ActivityInbox.of(photos))
            .build();
    poller.drain();
    costs.clear();

    photos.follow("bob", "ann");
    OperationCost follow = costs.get(0);
    poller.drain();
    OperationCost followDelivered = only(AccessPattern.DELIVER_ACTIVITY);

    assertThat(follow.requests()).isEqualTo(1);
    assertThat(followDelivered.requests())
        .as("the author's pulled mark and profile, then the entry")
        .isEqualTo(2);
  }

  private OperationCost only(AccessPattern pattern) {
    List<OperationCost> of = costs.stream().filter(c -> c.pattern() == pattern).toList();
    assertThat(of).hasSize(1);
    OperationCost cost = of.get(0);
    costs.clear();
    return cost;
  }
}
