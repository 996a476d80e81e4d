package io.quickphotos.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quickphotos.AccessPattern;
import io.quickphotos.AppValue;
import io.quickphotos.CostListener;
import io.quickphotos.CostModel;
import io.quickphotos.FanOut;
import io.quickphotos.Follow;
import io.quickphotos.NewPhoto;
import io.quickphotos.NewUser;
import io.quickphotos.OperationCost;
import io.quickphotos.Page;
import io.quickphotos.PageRequest;
import io.quickphotos.Photo;
import io.quickphotos.PhotoEdit;
import io.quickphotos.PhotoReactions;
import io.quickphotos.ProfileUpdate;
import io.quickphotos.QuickPhotos;
import io.quickphotos.QuickPhotosException;
import io.quickphotos.Reaction;
import io.quickphotos.ReactionType;
import io.quickphotos.RetryPolicy;
import io.quickphotos.ServiceUnavailableException;
import io.quickphotos.Sharding;
import io.quickphotos.Snapshot;
import io.quickphotos.SortOrder;
import io.quickphotos.TableItems;
import io.quickphotos.User;
import io.quickphotos.UserPhotos;
import io.quickphotos.UserStatus;
import io.quickphotos.VersionConflictException;
import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Java examples of README.md and docs/ that run on the memory backend, each a tagged region
 * that the documents copy ({@code DocSnippetsTest} in conformance keeps the copies equal). Each
 * test runs its example and checks what the document says it does.
 */
class DocExamplesTest {

  @Test
  void quickStart() {
    // tag::quick-start[]
    QuickPhotos photos = MemoryQuickPhotos.create();
    LocalDate born = LocalDate.of(1990, 4, 1);
    photos.createUser(new NewUser("ann", "Ann", "ann@example.com", born, "", UserStatus.ACTIVE));
    photos.createUser(new NewUser("bob", "Bob", "bob@example.com", born, "", UserStatus.ACTIVE));
    photos.follow("bob", "ann"); // both users' counters, in one transaction
    Instant taken = Instant.parse("2024-06-01T09:30:00Z");
    Photo photo = photos.uploadPhoto("ann", taken, "https://photos.example.com/ann/1.jpg");
    photos.reactTo("bob", photo.id(), ReactionType.HEART); // once per user and type
    Page<Photo> feed = photos.homeFeed("bob", PageRequest.first(20)); // newest first
    // end::quick-start[]
    assertThat(feed.items()).extracting(Photo::id).containsExactly(photo.id());
    assertThat(feed.items().get(0).reactionCount(ReactionType.HEART)).isEqualTo(1);
    assertThat(photos.getUser("ann").orElseThrow().followers()).isEqualTo(1);
  }

  @Test
  void tour() {
    QuickPhotos photos = MemoryQuickPhotos.create();
    photos.createUser(newUser("ann"));
    photos.createUser(newUser("bob"));
    photos.follow("bob", "ann");
    Photo photo =
        photos.uploadPhoto(
            "ann", Instant.parse("2024-06-01T09:30:00Z"), "https://photos.example.com/ann/1.jpg");
    // tag::tour[]
    UserPhotos page = photos.userWithPhotos("ann", SortOrder.NEWEST_FIRST, PageRequest.first(10));
    User ann = page.user().orElseThrow(); // the profile, on the first page
    List<Photo> newest = page.photos().items(); // newest first, at most 10
    if (page.photos().hasNext()) { // an opaque, URL-safe cursor
      photos.userWithPhotos("ann", SortOrder.NEWEST_FIRST, page.photos().next(10));
    }
    photos.reactTo("bob", photo.id(), ReactionType.SMILEY);
    PhotoReactions reactions = photos.photoWithReactions(photo.id(), PageRequest.first());
    Page<Follow> followers = photos.followersOf("ann", PageRequest.first());
    Page<User> following = photos.followedBy("bob", PageRequest.first()); // profiles
    boolean follows = photos.isFollowing("bob", "ann"); // one GetItem
    Set<ReactionType> left = photos.reactionsLeftBy("bob", photo.id()); // [SMILEY]
    photos.removeReaction("bob", photo.id(), ReactionType.SMILEY);
    boolean first = photos.viewPhoto("bob", photo.id()).first(); // true: counted on the photo
    boolean seen = photos.hasSeen("bob", photo.id()); // true
    photos.unfollow("bob", "ann");
    photos.deletePhoto(photo.id()); // and every reaction on it
    photos.deleteUser("bob"); // closes the account: photos, reactions, friendships, counters
    // end::tour[]
    assertThat(ann.username()).isEqualTo("ann");
    assertThat(first).isTrue();
    assertThat(seen).isTrue();
    assertThat(ann.followers()).isEqualTo(1);
    assertThat(newest).extracting(Photo::id).containsExactly(photo.id());
    assertThat(reactions.photo()).isPresent();
    assertThat(reactions.reactions().items()).extracting(Reaction::reactor).containsExactly("bob");
    assertThat(followers.items()).extracting(Follow::follower).containsExactly("bob");
    assertThat(following.items()).extracting(User::username).containsExactly("ann");
    assertThat(follows).isTrue();
    assertThat(left).containsExactly(ReactionType.SMILEY);
    assertThat(photos.getPhoto(photo.id())).isEmpty();
    assertThat(photos.getUser("bob")).isEmpty();
    assertThat(photos.getUser("ann").orElseThrow().followers()).isZero();
  }

  // tag::error-mapping[]
  /** What an HTTP service answers for a failed call (as problem details, say). */
  record Problem(int status, String detail, Map<String, String> fields, String retryAfter) {}

  static Problem problem(QuickPhotosException e) {
    int status =
        switch (e.kind()) {
          case INVALID_INPUT -> 400;
          case NOT_FOUND -> 404;
          case CONFLICT -> 409;
          case UNAVAILABLE -> 503;
          case MISCONFIGURED, INTERNAL -> 500; // log it: a deployment or a table to look at
        };
    String detail = status < 500 ? e.getMessage() : null; // a 5xx's names tables and requests
    String retryAfter = status == 503 ? "1" : null; // seconds: the retries within the call ran
    return new Problem(status, detail, e.identifiers(), retryAfter);
  }

  // end::error-mapping[]

  @Test
  void captionsAndTheAppsOwnAttributes() {
    QuickPhotos photos = MemoryQuickPhotos.create();
    photos.createUser(newUser("ann"));
    Instant taken = Instant.parse("2024-06-01T09:30:00Z");
    // tag::app-fields[]
    Photo photo =
        photos.uploadPhoto(
            new NewPhoto(
                "ann",
                taken,
                "https://photos.example.com/ann/1.jpg",
                "A heron at dawn", // at most 2,200 characters; "" for none
                Map.of(
                    "width", AppValue.of(4032),
                    "alt", AppValue.of("A grey heron on one leg"),
                    "tags", AppValue.list(AppValue.of("birds"), AppValue.of("lake")))));
    photos.editPhoto( // the caption replaced; counters and attributes kept
        photo.id(), PhotoEdit.builder().caption("A heron at dawn, Lake Geneva").build());
    photos.updateProfile( // a profile's attributes, all of them replaced
        "ann", ProfileUpdate.builder().attributes(Map.of("private", AppValue.of(true))).build());
    if (photos.getPhoto(photo.id()).orElseThrow().attributes().get("width")
        instanceof AppValue.Num width) {
      int pixels = width.value().intValueExact(); // 4032
    }
    // end::app-fields[]
    Photo stored = photos.getPhoto(photo.id()).orElseThrow();
    assertThat(stored.caption()).isEqualTo("A heron at dawn, Lake Geneva");
    assertThat(stored.attributes()).containsEntry("width", AppValue.of(4032)).hasSize(3);
    assertThat(photos.getUser("ann").orElseThrow().attributes())
        .containsExactly(Map.entry("private", AppValue.of(true)));
    assertThatThrownBy(
            () ->
                photos.uploadPhoto(
                    new NewPhoto(
                        "ann",
                        taken.plusSeconds(1),
                        "https://photos.example.com/ann/2.jpg",
                        "",
                        Map.of("9lives", AppValue.of(1)))))
        .isInstanceOf(io.quickphotos.InvalidInputException.class)
        .hasMessageContaining("9lives");
  }

  @Test
  void singleAttributesCountersAndVersions() {
    QuickPhotos photos = MemoryQuickPhotos.create();
    photos.createUser(newUser("ann"));
    Photo photo =
        photos.uploadPhoto(
            new NewPhoto(
                "ann",
                Instant.parse("2024-06-01T09:30:00Z"),
                "https://photos.example.com/ann/1.jpg",
                "A heron",
                Map.of("alt", AppValue.of("A heron"))));
    // tag::single-attributes[]
    photos.editPhoto( // one attribute; the others neither read nor sent
        photo.id(), PhotoEdit.builder().set("alt", AppValue.of("A grey heron on one leg")).build());
    photos.editPhoto( // a list appended to and a counter added to, where they are stored
        photo.id(),
        PhotoEdit.builder().append("tags", AppValue.of("birds")).add("views", 1).build());
    Photo read = photos.getPhoto(photo.id()).orElseThrow(); // version 2: two edits
    try {
      photos.editPhoto( // applies only if no other edit landed since the read
          photo.id(),
          PhotoEdit.builder().caption("A heron at dawn").expectedVersion(read.version()).build());
    } catch (VersionConflictException e) {
      // Another edit landed: read again, apply the change to what is there, send it again.
    }
    // end::single-attributes[]
    Photo stored = photos.getPhoto(photo.id()).orElseThrow();
    assertThat(read.version()).isEqualTo(2);
    assertThat(stored.version()).isEqualTo(3);
    assertThat(stored.caption()).isEqualTo("A heron at dawn");
    assertThat(stored.attributes())
        .containsExactlyInAnyOrderEntriesOf(
            Map.of(
                "alt",
                AppValue.of("A grey heron on one leg"),
                "tags",
                AppValue.list(AppValue.of("birds")),
                "views",
                AppValue.of(1)));
    assertThatThrownBy(
            () ->
                photos.editPhoto(
                    photo.id(), PhotoEdit.builder().caption("x").expectedVersion(2).build()))
        .isInstanceOf(VersionConflictException.class);
  }

  @Test
  void anHttpServiceMapsEveryErrorInOneSwitch() {
    Faults faults = Faults.seeded(1);
    QuickPhotos photos = MemoryQuickPhotos.builder().faults(faults).build();
    photos.createUser(newUser("ann"));
    photos.createUser(newUser("bob"));
    Photo photo =
        photos.uploadPhoto(
            "ann", Instant.parse("2024-06-01T09:30:00Z"), "https://photos.example.com/ann/1.jpg");
    photos.reactTo("bob", photo.id(), ReactionType.HEART);

    Problem missing = problem(thrown(() -> photos.follow("bob", "ghost")));
    assertThat(missing.status()).isEqualTo(404);
    assertThat(missing.fields()).containsExactly(Map.entry("username", "ghost"));
    assertThat(missing.detail()).isEqualTo("user ghost does not exist");

    Problem twice = problem(thrown(() -> photos.reactTo("bob", photo.id(), ReactionType.HEART)));
    assertThat(twice.status()).isEqualTo(409);
    assertThat(twice.fields())
        .containsEntry("reactor", "bob")
        .containsEntry("photoOwner", "ann")
        .containsEntry("reactionType", "heart");

    Problem invalid = problem(thrown(() -> photos.follow("bob", "b#b")));
    assertThat(invalid.status()).isEqualTo(400);
    assertThat(invalid.detail()).contains("followed");
    assertThat(invalid.fields()).isEmpty();

    // An injected fault: 503, no message for the client, a Retry-After; the exception says the
    // follow wrote nothing, so a retry is as a first attempt.
    faults.on(Request.TRANSACT_WRITE_ITEMS).always(Fault.transactionConflict());
    QuickPhotosException unavailable = thrown(() -> photos.follow("bob", "ann"));
    assertThat(problem(unavailable)).isEqualTo(new Problem(503, null, Map.of(), "1"));
    assertThat(((ServiceUnavailableException) unavailable).written())
        .isEqualTo(ServiceUnavailableException.Written.NOTHING);
    faults.clear();

    // After an unknown outcome, the retry's "already" exception means done (see its Javadoc).
    faults.on(Request.TRANSACT_WRITE_ITEMS).next(1, Fault.unknownOutcome());
    QuickPhotosException unknown = thrown(() -> photos.follow("bob", "ann"));
    assertThat(((ServiceUnavailableException) unknown).written())
        .isEqualTo(ServiceUnavailableException.Written.UNKNOWN);
    assertThat(problem(thrown(() -> photos.follow("bob", "ann"))).status()).isEqualTo(409);
    assertThat(photos.isFollowing("bob", "ann")).isTrue();
  }

  private static QuickPhotosException thrown(Runnable call) {
    try {
      call.run();
    } catch (QuickPhotosException e) {
      return e;
    }
    throw new AssertionError("the call did not fail");
  }

  @Test
  void bulkImport() {
    QuickPhotos photos = MemoryQuickPhotos.create();
    Instant taken = Instant.parse("2024-06-01T09:30:00Z");
    Instant now = Instant.parse("2024-06-02T00:00:00Z");
    // tag::import[]
    List<NewUser> users = List.of(newUser("ann"), newUser("bob"));
    List<NewPhoto> newPhotos =
        List.of(new NewPhoto("ann", taken, "https://photos.example.com/ann/1.jpg"));
    List<Follow> follows = List.of(new Follow("bob", "ann", now));
    List<Reaction> reactions =
        List.of(new Reaction("bob", newPhotos.get(0).id(), ReactionType.HEART, now));
    long written =
        photos.importSnapshot(new Snapshot(users, newPhotos, follows, reactions), n -> {});
    // end::import[]
    assertThat(written).isEqualTo(5);
    assertThat(photos.getUser("ann").orElseThrow().followers()).isEqualTo(1);
    assertThat(
            photos.getPhoto(newPhotos.get(0).id()).orElseThrow().reactionCount(ReactionType.HEART))
        .isEqualTo(1);
  }

  @Test
  void everySetting() {
    // tag::settings[]
    QuickPhotos photos =
        MemoryQuickPhotos.builder()
            .fanOut(FanOut.defaults()) // off: fan-out on read; FanOut.hybrid() opts in
            .sharding(Sharding.defaults()) // 8 shards from 1,000 followers or reactions
            .retryPolicy(RetryPolicy.defaults()) // 8 attempts, full jitter, 4.52 s of waits at most
            .costListener(CostListener.none()) // or yours: each call's requests and units
            .hotReadStaleness(Duration.ofSeconds(1)) // a hot key's snapshot served again
            .build();
    // end::settings[]
    assertThat(photos.settings().fanOut()).isEqualTo(FanOut.off());
    assertThat(photos.settings().sharding()).isEqualTo(Sharding.defaults());
  }

  @Test
  void costs() {
    List<String> log = new ArrayList<>();
    List<OperationCost> recorded = new ArrayList<>();
    CostListener metrics = recorded::add;
    // tag::requests-made[]
    QuickPhotos photos =
        MemoryQuickPhotos.builder()
            .costListener(
                cost -> cost.requestsMade().forEach(r -> log.add(cost.pattern() + ": " + r)))
            .build();
    // end::requests-made[]
    photos.createUser(newUser("ann"));
    photos.createUser(newUser("bob"));
    photos.follow("ann", "bob");
    log.clear();
    photos.followedBy("ann", PageRequest.first(10));
    assertThat(log)
        .containsExactly(
            "FOLLOWED_BY: Query InvertedIndex SK = #FRIEND#ann, forwards, Limit 10, eventually"
                + " consistent",
            "FOLLOWED_BY: BatchGetItem 1 key (PK = USER#bob, SK = #METADATA#bob), strongly"
                + " consistent");

    List<OperationCost> costs = new ArrayList<>();
    // tag::cost-listener-all[]
    QuickPhotos measured =
        MemoryQuickPhotos.builder()
            .costListener(CostListener.all(metrics, costs::add)) // each cost to both, in order
            .build();
    // end::cost-listener-all[]
    measured.createUser(newUser("ann"));
    measured.createUser(newUser("bob"));
    measured.follow("ann", "bob");
    OperationCost cost = costs.get(costs.size() - 1);
    // tag::cost-model[]
    double dollars = CostModel.ON_DEMAND_US_EAST_1.dollars(cost); // a follow: 12 WCU, $0.0000075
    // end::cost-model[]
    assertThat(cost.pattern()).isEqualTo(AccessPattern.FOLLOW);
    assertThat(cost.writeCapacityUnits()).isEqualTo(12.0);
    assertThat(dollars).isEqualTo(0.0000075);
    assertThat(recorded).isEqualTo(costs);
  }

  @Test
  void aSimulatedNetwork() {
    // tag::latency[]
    QuickPhotos photos =
        MemoryQuickPhotos.builder()
            .latency(Duration.ofMillis(5)) // every request takes 5 ms, as over a network
            .parallelism(50) // a call's independent requests side by side
            .build();
    // end::latency[]
    photos.createUser(newUser("ann"));
    long start = System.nanoTime();
    photos.getUser("ann");
    assertThat(Duration.ofNanos(System.nanoTime() - start))
        .isGreaterThanOrEqualTo(Duration.ofMillis(5));
  }

  @Test
  void theThroughputModel() {
    MovableClock clock = new MovableClock(Instant.parse("2024-01-01T00:00:00Z"));
    // tag::throughput[]
    QuickPhotos photos =
        MemoryQuickPhotos.builder()
            .throughput(Throughput.onDemand()) // 3,000 RCU and 1,000 WCU a second a partition
            .clock(clock) // the seconds the limits count
            .retryPolicy(RetryPolicy.noDelay(1)) // a refused request fails the call at once
            .build();
    // end::throughput[]
    photos.createUser(newUser("ann"));
    // A profile update bills 2 WCU, half to the table's partition and half to the index's: one
    // item's partition admits 1,000 a second, and the clock never moves here.
    int through = 0;
    for (int i = 0; i < 1_500; i++) {
      try {
        photos.updateProfile("ann", ProfileUpdate.builder().name("Ann " + i).build());
        through++;
      } catch (ServiceUnavailableException throttled) {
        // refused for throughput
      }
    }
    assertThat(through).isBetween(990, 1_001); // less the profile's own creation
  }

  @Test
  void theThroughputModelsFigures() {
    MovableClock clock = new MovableClock(Instant.parse("2024-01-01T00:00:00Z"));
    // tag::throughput-model[]
    Throughput.Model model = Throughput.onDemand().model(clock); // the repository's clock
    QuickPhotos photos =
        MemoryQuickPhotos.builder()
            .throughput(model)
            .clock(clock)
            .retryPolicy(RetryPolicy.noDelay(1)) // a refused request fails the call at once
            .build();
    // ... the calls of a load test ...
    long throttled = model.throttledAttempts(); // refused attempts, retries included
    for (PartitionLoad partition : model.partitions()) { // the table's, then the index's
      System.out.printf(
          "%s %s: %.0f WCU, %d refused%n",
          partition.onIndex() ? "index" : "table",
          partition.partitionValue(), // PK on the table, SK on the index
          partition.writeUnits(),
          partition.refused());
    }
    // end::throughput-model[]
    assertThat(throttled).isZero();
    photos.createUser(newUser("ann"));
    for (int i = 0; i < 1_500; i++) {
      try {
        photos.updateProfile("ann", ProfileUpdate.builder().name("Ann " + i).build());
      } catch (ServiceUnavailableException refused) {
        // refused for throughput
      }
    }
    assertThat(model.throttledAttempts()).isGreaterThan(400);
    assertThat(model.partitions())
        .extracting(PartitionLoad::partitionValue)
        .containsExactly("USER#ann", "#METADATA#ann");
  }

  @Test
  void tableItems(@TempDir Path directory) throws IOException {
    QuickPhotos photos = MemoryQuickPhotos.create();
    photos.createUser(newUser("ann"));
    photos.createUser(newUser("bob"));
    photos.follow("bob", "ann");
    Path file = directory.resolve("items.json");
    QuickPhotos elsewhere = MemoryQuickPhotos.create();
    // tag::table-items[]
    try (Writer out = Files.newBufferedWriter(file)) {
      TableItems.export(photos, out); // {"Item": {...}} lines, sorted by PK and SK
    }
    try (Reader in = Files.newBufferedReader(file)) {
      TableItems.load(elsewhere, in); // BatchWriteItem, 25 items a request, as they are
    }
    Map<TableItems.Kind, TableItems.Tally> census = TableItems.census(elsewhere); // one Scan
    long timelineBytes = census.get(TableItems.Kind.TIMELINE_ENTRY).bytes(); // the hybrid feed's
    List<String> everyone = TableItems.usernames(elsewhere); // e.g. to fill every timeline
    // end::table-items[]
    assertThat(timelineBytes).isZero();
    assertThat(everyone).containsExactly("ann", "bob");
    assertThat(census.get(TableItems.Kind.FRIENDSHIP).items()).isEqualTo(1);
    assertThat(elsewhere.isFollowing("bob", "ann")).isTrue();
  }

  private static NewUser newUser(String username) {
    return new NewUser(
        username,
        "Name of " + username,
        username + "@example.com",
        LocalDate.of(1990, 4, 1),
        "",
        UserStatus.ACTIVE);
  }
}
