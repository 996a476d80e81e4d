package io.quickphotos.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.AccessPattern;
import io.quickphotos.DynamoRequest;
import io.quickphotos.NewUser;
import io.quickphotos.OperationCost;
import io.quickphotos.PageRequest;
import io.quickphotos.Photo;
import io.quickphotos.ProfileUpdate;
import io.quickphotos.QuickPhotos;
import io.quickphotos.ReactionType;
import io.quickphotos.Sharding;
import io.quickphotos.SortOrder;
import io.quickphotos.User;
import io.quickphotos.UserStatus;
import io.quickphotos.engine.Table;
import io.quickphotos.internal.repository.Repositories;
import io.quickphotos.internal.repository.RepositoryOptions;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Hot reads past the partition, on any engine: a repository with a hot-read staleness serves a
 * hot (sharded) user's or photo's snapshot again for that long without reading the table, never
 * longer, never after its own write to the key, and never for an ordinary key. Two repositories
 * of one table stand for two instances of a fleet: {@code writer} writes, {@code reader} reads;
 * both on one {@link HeldClock}, so nothing here depends on timing.
 */
public abstract class HotReadContract {
  private static final Sharding LOW = Sharding.of(4, 3, 3);
  private static final Duration BOUND = Duration.ofSeconds(1);
  private static final Instant T0 = Instant.parse("2018-05-30T15:42:38Z");

  private Table table;
  private HeldClock clock;
  private QuickPhotos writer;
  private QuickPhotos reader;
  private RecordingCostListener readerCosts;
  private RecordingCostListener writerCosts;

  /**
   * Supplies a new engine over an empty table, typed {@code Object} as in {@link
   * LifecycleContract#newEngine()}.
   *
   * @return the engine, a {@code Table}
   */
  protected abstract Object newEngine();

  @BeforeEach
  void twoInstances() {
    table = (Table) newEngine();
    clock = new HeldClock(QuickPhotosContract.CLOCK_START);
    writerCosts = new RecordingCostListener();
    readerCosts = new RecordingCostListener();
    writer = repository(BOUND, writerCosts);
    reader = repository(BOUND, readerCosts);
  }

  private QuickPhotos repository(Duration staleness, RecordingCostListener costs) {
    return Repositories.create(
        table,
        RepositoryOptions.defaults()
            .withCostListener(costs)
            .withClock(clock)
            .withSharding(LOW)
            .withHotReadStaleness(staleness));
  }

  private void create(String... usernames) {
    for (String name : usernames) {
      writer.createUser(
          new NewUser(
              name, name, name + "@example.com", LocalDate.of(1990, 1, 1), "", UserStatus.ACTIVE));
    }
  }

  /** A star with {@code fans} followers, past the threshold: its counters are sharded. */
  private void hotStar(int fans) {
    create("star");
    for (int i = 0; i < fans; i++) {
      create("fan" + i);
      writer.follow("fan" + i, "star");
    }
  }

  private static List<String> operations(OperationCost cost) {
    return cost.requestsMade().stream().map(DynamoRequest::operation).toList();
  }

  private long followers(QuickPhotos through) {
    return through.getUser("star").orElseThrow().followers();
  }

  @Test
  void anotherInstancesWriteIsSeenOnceTheSnapshotIsOlderThanTheBoundAndNotBefore() {
    hotStar(5);
    create("late");
    assertThat(followers(reader)).isEqualTo(5);
    // Unknown to the reader: the profile, found hot, then its snapshot (4 shards, 2 units each).
    assertThat(operations(readerCosts.last())).containsExactly("GetItem", "TransactGetItems");
    assertThat(followers(reader)).isEqualTo(5);
    assertThat(readerCosts.last().requests()).isZero();
    assertThat(readerCosts.last().readCapacityUnits()).isZero();
    writer.follow("late", "star");
    clock.advance(BOUND);
    // Exactly as old as the bound: still served.
    assertThat(followers(reader)).isEqualTo(5);
    assertThat(readerCosts.last().requests()).isZero();
    clock.advance(Duration.ofNanos(1));
    assertThat(followers(reader)).isEqualTo(6);
    assertThat(operations(readerCosts.last())).containsExactly("TransactGetItems");
    assertThat(readerCosts.last().readCapacityUnits()).isEqualTo(10.0);
    assertThat(followers(reader)).isEqualTo(6);
    assertThat(readerCosts.last().requests()).isZero();
  }

  @Test
  void aWriterSeesEachOfItsOwnWritesOnItsNextRead() {
    hotStar(5);
    create("late", "other");
    Photo photo = writer.uploadPhoto("star", T0, "https://photos.example.com/p.jpg");
    for (int i = 0; i < 4; i++) {
      writer.reactTo("fan" + i, photo.id(), ReactionType.HEART);
    }
    assertThat(followers(writer)).isEqualTo(5);
    assertThat(writer.getPhoto(photo.id()).orElseThrow().reactionCount(ReactionType.HEART))
        .isEqualTo(4);
    writer.follow("late", "star");
    assertThat(followers(writer)).isEqualTo(6);
    writer.unfollow("fan0", "star");
    assertThat(followers(writer)).isEqualTo(5);
    writer.reactTo("late", photo.id(), ReactionType.HEART);
    assertThat(writer.getPhoto(photo.id()).orElseThrow().reactionCount(ReactionType.HEART))
        .isEqualTo(5);
    writer.removeReaction("fan1", photo.id(), ReactionType.HEART);
    assertThat(writer.getPhoto(photo.id()).orElseThrow().reactionCount(ReactionType.HEART))
        .isEqualTo(4);
    // A write to the star's own counters that is not about its followers: it follows someone.
    writer.follow("star", "other");
    assertThat(writer.getUser("star").orElseThrow().following()).isEqualTo(1);
    User renamed = writer.updateProfile("star", ProfileUpdate.builder().name("Star").build());
    assertThat(List.of(renamed.name(), renamed.followers())).containsExactly("Star", 5L);
    assertThat(writer.getUser("star").orElseThrow().name()).isEqualTo("Star");
    // A fan closing its account takes one off the star: the star's next read shows it.
    writer.deleteUser("fan2");
    assertThat(followers(writer)).isEqualTo(4);
    // The same reads, made by the instance that did not write, are within the bound.
    assertThat(followers(reader)).isEqualTo(4);
    writer.follow("fan0", "star");
    assertThat(followers(reader)).isEqualTo(4);
    assertThat(followers(writer)).isEqualTo(5);
  }

  @Test
  void listingsServeTheKeptSnapshotOfAHotProfileOrPhoto() {
    hotStar(5);
    Photo photo = writer.uploadPhoto("star", T0, "https://photos.example.com/p.jpg");
    for (int i = 0; i < 5; i++) {
      writer.reactTo("fan" + i, photo.id(), ReactionType.HEART);
    }
    assertThat(followers(reader)).isEqualTo(5);
    assertThat(reader.getPhoto(photo.id()).orElseThrow().reactionCount(ReactionType.HEART))
        .isEqualTo(5);
    writer.unfollow("fan4", "star");
    writer.removeReaction("fan4", photo.id(), ReactionType.HEART);
    readerCosts.clear();
    assertThat(reader.followedBy("fan0", PageRequest.first(10)).items())
        .singleElement()
        .satisfies(user -> assertThat(user.followers()).isEqualTo(5));
    assertThat(
            reader
                .userWithPhotos("star", SortOrder.OLDEST_FIRST, PageRequest.first(10))
                .user()
                .orElseThrow()
                .followers())
        .isEqualTo(5);
    assertThat(
            reader
                .photoWithReactions(photo.id(), PageRequest.first(10))
                .photo()
                .orElseThrow()
                .reactionCount(ReactionType.HEART))
        .isEqualTo(5);
    assertThat(reader.homeFeed("fan0", PageRequest.first(10)).items())
        .singleElement()
        .satisfies(p -> assertThat(p.reactionCount(ReactionType.HEART)).isEqualTo(5));
    // Each listing made its own requests, and none read the hot items again.
    assertThat(readerCosts.costs().stream().flatMap(cost -> operations(cost).stream()))
        .doesNotContain("TransactGetItems");
    clock.advance(BOUND.plusNanos(1));
    assertThat(reader.followedBy("fan0", PageRequest.first(10)).items().get(0).followers())
        .isEqualTo(4);
    assertThat(operations(readerCosts.last()))
        .containsExactly("Query", "BatchGetItem", "TransactGetItems");
    assertThat(reader.getPhoto(photo.id()).orElseThrow().reactionCount(ReactionType.HEART))
        .isEqualTo(4);
  }

  @Test
  void aSnapshotNeverOutlivesADeleteThroughItsInstance() {
    hotStar(5);
    assertThat(followers(reader)).isEqualTo(5);
    reader.deleteUser("star");
    assertThat(reader.getUser("star")).isEmpty();
    create("star");
    writer.follow("fan0", "star");
    assertThat(followers(reader)).isEqualTo(1);
  }

  @Test
  void aNameDeletedAndCreatedAgainIsNotServedPastTheBound() {
    hotStar(5);
    assertThat(followers(reader)).isEqualTo(5);
    writer.deleteUser("star");
    create("star");
    // Within the bound the reader may still serve the star as it was: a count it held.
    assertThat(followers(reader)).isEqualTo(5);
    clock.advance(BOUND.plusNanos(1));
    assertThat(followers(reader)).isZero();
    assertThat(reader.getUser("star").orElseThrow().followers()).isZero();
    // The new star is ordinary: read from the table every time, as any user.
    assertThat(operations(readerCosts.last())).containsExactly("GetItem");
  }

  @Test
  void ordinaryKeysAreReadFromTheTableEveryTime() {
    create("ann", "bob");
    assertThat(reader.getUser("ann").orElseThrow().followers()).isZero();
    writer.follow("bob", "ann");
    assertThat(reader.getUser("ann").orElseThrow().followers()).isEqualTo(1);
    assertThat(operations(readerCosts.last())).containsExactly("GetItem");
    assertThat(readerCosts.last().readCapacityUnits()).isEqualTo(1.0);
    Photo photo = writer.uploadPhoto("ann", T0, "https://photos.example.com/p.jpg");
    assertThat(reader.getPhoto(photo.id()).orElseThrow().reactionCount(ReactionType.HEART))
        .isZero();
    writer.reactTo("bob", photo.id(), ReactionType.HEART);
    assertThat(reader.getPhoto(photo.id()).orElseThrow().reactionCount(ReactionType.HEART))
        .isEqualTo(1);
    assertThat(operations(readerCosts.last())).containsExactly("GetItem");
  }

  @Test
  void aStalenessOfZeroReadsAHotKeyFromTheTableEveryTime() {
    hotStar(5);
    RecordingCostListener costs = new RecordingCostListener();
    QuickPhotos strict = repository(Duration.ZERO, costs);
    assertThat(followers(strict)).isEqualTo(5);
    writer.unfollow("fan0", "star");
    assertThat(followers(strict)).isEqualTo(4);
    assertThat(operations(costs.last())).containsExactly("TransactGetItems");
    assertThat(costs.last().readCapacityUnits()).isEqualTo(10.0);
    assertThat(costs.of(AccessPattern.GET_USER)).hasSize(2);
  }

  @Test
  void aClockSetBackServesNoSnapshotTakenAfterIt() {
    hotStar(5);
    assertThat(followers(reader)).isEqualTo(5);
    clock.advance(Duration.ofMillis(-1));
    writer.unfollow("fan0", "star");
    assertThat(followers(reader)).isEqualTo(4);
    assertThat(operations(readerCosts.last())).containsExactly("TransactGetItems");
  }
}
