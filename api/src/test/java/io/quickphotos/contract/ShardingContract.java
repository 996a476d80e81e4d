package io.quickphotos.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quickphotos.AccessPattern;
import io.quickphotos.AlreadyFollowingException;
import io.quickphotos.AlreadyReactedException;
import io.quickphotos.NewUser;
import io.quickphotos.PageRequest;
import io.quickphotos.Photo;
import io.quickphotos.PhotoId;
import io.quickphotos.PhotoNotFoundException;
import io.quickphotos.ProfileUpdate;
import io.quickphotos.QuickPhotos;
import io.quickphotos.ReactionType;
import io.quickphotos.Sharding;
import io.quickphotos.SortOrder;
import io.quickphotos.User;
import io.quickphotos.UserNotFoundException;
import io.quickphotos.UserStatus;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.Table;
import io.quickphotos.internal.repository.Repositories;
import io.quickphotos.internal.repository.RepositoryOptions;
import io.quickphotos.internal.singletable.KeyLayout;
import io.quickphotos.internal.singletable.Shards;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Hot keys on every backend: a user and a photo whose counters pass the sharding threshold (3
 * here, 4 shards) are switched, read with exact counts, written by repositories that know and
 * that do not, deleted with their shards, and an ordinary key keeps its cost. A backend's
 * subclass supplies a fresh, empty engine per test.
 */
public abstract class ShardingContract {
  static final Sharding LOW = Sharding.of(4, 3, 3);
  private static final Instant T0 = Instant.parse("2018-05-30T15:42:38Z");
  private static final String URL = "https://photos.example.com/p.jpg";

  private Table table;
  private QuickPhotos repo;
  private RecordingCostListener costs;

  /**
   * Supplies a new engine over an empty table, typed {@code Object} as in {@link
   * LifecycleContract#newEngine()}.
   *
   * @return the engine, a {@code Table}
   */
  protected abstract Object newEngine();

  @BeforeEach
  void freshRepository() {
    table = (Table) newEngine();
    costs = new RecordingCostListener();
    repo = repository(LOW, costs);
  }

  /** Another repository of the same table: it knows no hot key yet. */
  private QuickPhotos repository(Sharding sharding, RecordingCostListener listener) {
    return Repositories.create(
        table,
        RepositoryOptions.defaults()
            .withCostListener(listener)
            .withClock(new TickingClock(QuickPhotosContract.CLOCK_START))
            .withSharding(sharding));
  }

  private void create(String... usernames) {
    for (String name : usernames) {
      repo.createUser(
          new NewUser(
              name, name, name + "@example.com", LocalDate.of(1990, 1, 1), "", UserStatus.ACTIVE));
    }
  }

  private List<String> fans(int n) {
    List<String> fans = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      fans.add("fan" + i);
      create("fan" + i);
    }
    return fans;
  }

  private long followers(String username) {
    return repo.getUser(username).orElseThrow().followers();
  }

  private Item stored(io.quickphotos.engine.Key key) {
    return table.getItem(key).item().orElseThrow();
  }

  private List<Item> shardItems() {
    List<Item> shards = new ArrayList<>();
    table.forEachItem(
        item -> {
          if (Shards.isShard(item.key())) {
            shards.add(item);
          }
        });
    return shards;
  }

  private void assertAuditClean() {
    assertThat(repo.audit(false, n -> {}).findings()).isEmpty();
  }

  @Test
  void followsPastTheThresholdShardTheUserAndEveryCountStaysExact() {
    create("star");
    List<String> fans = fans(10);
    for (String fan : fans) {
      repo.follow(fan, "star");
    }
    assertThat(Shards.count(stored(KeyLayout.user("star")))).isEqualTo(4);
    assertThat(shardItems()).hasSize(4);
    assertThat(followers("star")).isEqualTo(10);
    for (String fan : fans) {
      assertThat(repo.isFollowing(fan, "star")).isTrue();
      assertThat(repo.getUser(fan).orElseThrow().following()).isEqualTo(1);
    }
    assertThat(repo.followersOf("star", PageRequest.first(100)).items()).hasSize(10);
    assertThatThrownBy(() -> repo.follow("fan7", "star"))
        .isInstanceOf(AlreadyFollowingException.class);
    // Followers from before the switch and after it leave alike.
    repo.unfollow("fan0", "star");
    repo.unfollow("fan9", "star");
    assertThat(followers("star")).isEqualTo(8);
    assertThat(repo.followedBy("fan1", PageRequest.first(10)).items())
        .singleElement()
        .satisfies(user -> assertThat(user.followers()).isEqualTo(8));
    assertAuditClean();
  }

  @Test
  void aProfileUpdateOfAHotUserAnswersItsExactCounts() {
    create("star");
    for (String fan : fans(5)) {
      repo.follow(fan, "star");
    }
    repo.follow("star", "fan0");
    assertThat(Shards.count(stored(KeyLayout.user("star")))).isEqualTo(4);
    User updated = repo.updateProfile("star", ProfileUpdate.builder().name("Star").build());
    assertThat(List.of(updated.name(), updated.followers(), updated.following()))
        .containsExactly("Star", 5L, 1L);
  }

  @Test
  void anOrdinaryUserKeepsItsCostAndAHotOneCostsOneBatchMoreToRead() {
    create("star", "fan0", "fan1", "fan2", "fan3", "fan4");
    repo.follow("fan0", "star");
    costs.clear();
    repo.follow("fan1", "star");
    assertThat(costs.last().requests()).isEqualTo(1);
    repo.getUser("star");
    assertThat(costs.last().requests()).isEqualTo(1);
    repo.follow("fan2", "star");
    // The third follow reaches the threshold: the next one fails once, switches, sends again.
    repo.follow("fan3", "star");
    assertThat(costs.last().pattern()).isEqualTo(AccessPattern.FOLLOW);
    assertThat(costs.last().requests()).isEqualTo(3);
    repo.follow("fan4", "star");
    assertThat(costs.last().requests()).isEqualTo(1);
    repo.getUser("star");
    assertThat(costs.last().requests()).isEqualTo(2);
    assertThat(followers("star")).isEqualTo(5);
  }

  @Test
  void aRepositoryThatDoesNotKnowLearnsFromOneFailedWrite() {
    create("star");
    List<String> fans = fans(6);
    for (String fan : fans.subList(0, 5)) {
      repo.follow(fan, "star");
    }
    RecordingCostListener otherCosts = new RecordingCostListener();
    QuickPhotos other = repository(Sharding.off(), otherCosts);
    other.follow("fan5", "star");
    assertThat(otherCosts.last().requests()).isEqualTo(2);
    assertThat(other.getUser("star").orElseThrow().followers()).isEqualTo(6);
    assertThat(followers("star")).isEqualTo(6);
  }

  @Test
  void shardingOffNeverShardsAKey() {
    QuickPhotos off = repository(Sharding.off(), new RecordingCostListener());
    create("star");
    for (String fan : fans(6)) {
      off.follow(fan, "star");
    }
    assertThat(shardItems()).isEmpty();
    assertThat(off.getUser("star").orElseThrow().followers()).isEqualTo(6);
  }

  @Test
  void reactionsPastTheThresholdShardThePhotoAndItsOwner() {
    create("star");
    Photo photo = repo.uploadPhoto("star", T0, URL);
    List<String> fans = fans(8);
    repo.follow("fan0", "star");
    for (String fan : fans) {
      repo.reactTo(fan, photo.id(), ReactionType.HEART);
    }
    repo.reactTo("fan1", photo.id(), ReactionType.SMILEY);
    repo.reactTo("star", photo.id(), ReactionType.HEART);
    assertThat(Shards.count(stored(KeyLayout.photo(photo.id())))).isEqualTo(4);
    assertThat(Shards.count(stored(KeyLayout.user("star")))).isEqualTo(4);
    assertThatThrownBy(() -> repo.reactTo("fan3", photo.id(), ReactionType.HEART))
        .isInstanceOf(AlreadyReactedException.class);
    assertThat(repo.getPhoto(photo.id()).orElseThrow().reactions())
        .containsEntry(ReactionType.HEART, 9L)
        .containsEntry(ReactionType.SMILEY, 1L);
    assertThat(repo.photoWithReactions(photo.id(), PageRequest.first(100)).photo().orElseThrow())
        .satisfies(p -> assertThat(p.reactions()).containsEntry(ReactionType.HEART, 9L));
    assertThat(repo.photoWithReactions(photo.id(), PageRequest.first(100)).reactions().items())
        .hasSize(10);
    assertThat(
            repo.userWithPhotos("star", SortOrder.NEWEST_FIRST, PageRequest.first(10))
                .photos()
                .items())
        .singleElement()
        .satisfies(p -> assertThat(p.reactions()).containsEntry(ReactionType.HEART, 9L));
    assertThat(repo.homeFeed("fan0", PageRequest.first(10)).items())
        .singleElement()
        .satisfies(p -> assertThat(p.reactions()).containsEntry(ReactionType.HEART, 9L));
    repo.removeReaction("fan2", photo.id(), ReactionType.HEART);
    repo.removeReaction("fan1", photo.id(), ReactionType.SMILEY);
    assertThat(repo.getPhoto(photo.id()).orElseThrow().reactions())
        .containsEntry(ReactionType.HEART, 8L)
        .containsEntry(ReactionType.SMILEY, 0L);
    assertAuditClean();
  }

  @Test
  void aRemovalLandsOnAShardWhenTheHotKeysOwnCounterIsZero() {
    create("star");
    Photo photo = repo.uploadPhoto("star", T0, URL);
    List<String> fans = fans(6);
    for (String fan : fans) {
      repo.reactTo(fan, photo.id(), ReactionType.HEART);
    }
    // The three counted on the photo item before the switch go first: its own counter is 0.
    for (String fan : fans.subList(0, 3)) {
      repo.removeReaction(fan, photo.id(), ReactionType.HEART);
    }
    repo.removeReaction("fan4", photo.id(), ReactionType.HEART);
    assertThat(repo.getPhoto(photo.id()).orElseThrow().reactions())
        .containsEntry(ReactionType.HEART, 2L);
    for (String fan : fans.subList(0, 3)) {
      repo.follow(fan, "star");
    }
    repo.follow("fan3", "star");
    for (String fan : fans.subList(0, 3)) {
      repo.unfollow(fan, "star");
    }
    // fan3 counted on a shard; the star's own counter is 0: closing fan3 must still take it off.
    repo.deleteUser("fan3");
    assertThat(followers("star")).isZero();
    assertThat(repo.getPhoto(photo.id()).orElseThrow().reactions())
        .containsEntry(ReactionType.HEART, 1L);
    assertAuditClean();
  }

  @Test
  void deletingAHotPhotoAndClosingAHotAccountLeaveNoShardBehind() {
    create("star");
    Photo photo = repo.uploadPhoto("star", T0, URL);
    Photo other = repo.uploadPhoto("star", T0.plusSeconds(1), URL);
    List<String> fans = fans(6);
    for (String fan : fans) {
      repo.follow(fan, "star");
      repo.reactTo(fan, photo.id(), ReactionType.HEART);
      repo.reactTo(fan, other.id(), ReactionType.THUMBSUP);
    }
    repo.deletePhoto(photo.id());
    assertThat(repo.getPhoto(photo.id())).isEmpty();
    assertThatThrownBy(() -> repo.reactTo("fan0", photo.id(), ReactionType.SMILEY))
        .isInstanceOf(PhotoNotFoundException.class);
    assertAuditClean();
    repo.deleteUser("star");
    assertThat(repo.getUser("star")).isEmpty();
    assertThat(shardItems()).isEmpty();
    for (String fan : fans) {
      assertThat(repo.getUser(fan).orElseThrow().following()).isZero();
      assertThat(repo.reactionsLeftBy(fan, other.id())).isEmpty();
    }
    assertThatThrownBy(() -> repo.follow("fan0", "star")).isInstanceOf(UserNotFoundException.class);
    assertAuditClean();
  }

  /**
   * deleteUser folds each hot photo of the account back before deleting it; a deletePhoto of that
   * photo that marks and deletes it while the fold is in flight ends the fold, not the account's
   * cascade, which must go on and finish the account.
   */
  @Test
  void closingAnAccountWhileItsHotPhotoIsDeletedFinishesBoth() throws Exception {
    create("star");
    Photo photo = repo.uploadPhoto("star", T0, URL);
    repo.uploadPhoto("star", T0.plusSeconds(1), URL);
    for (String fan : fans(4)) {
      repo.reactTo(fan, photo.id(), ReactionType.HEART);
      repo.follow(fan, "star");
    }
    assertThat(Shards.count(stored(KeyLayout.photo(photo.id())))).isEqualTo(4);
    InterruptibleTable interruptible = new InterruptibleTable(table);
    QuickPhotos closer =
        Repositories.create(
            interruptible,
            RepositoryOptions.defaults()
                .withCostListener(new RecordingCostListener())
                .withClock(new TickingClock(QuickPhotosContract.CLOCK_START))
                .withSharding(LOW));
    io.quickphotos.engine.Key firstShard = Shards.key(KeyLayout.photo(photo.id()), 0);
    InterruptibleTable.Pause foldRead =
        interruptible.pauseBefore(
            request -> request instanceof List<?> keys && keys.contains(firstShard));
    ExecutorService pool = Executors.newSingleThreadExecutor();
    try {
      Future<?> closing = pool.submit(() -> closer.deleteUser("star"));
      foldRead.awaitReached();
      repo.deletePhoto(photo.id());
      foldRead.resume();
      closing.get();
    } finally {
      pool.shutdownNow();
    }
    assertThat(repo.getUser("star")).isEmpty();
    assertThat(shardItems()).isEmpty();
    assertAuditClean();
  }

  @Test
  void aUserCreatedAgainUnderAHotNameStartsUnsharded() {
    create("star");
    List<String> fans = fans(5);
    for (String fan : fans) {
      repo.follow(fan, "star");
    }
    repo.deleteUser("star");
    create("star");
    // This repository still remembers the old account as sharded: its shard is gone.
    repo.follow("fan0", "star");
    assertThat(Shards.count(stored(KeyLayout.user("star")))).isZero();
    assertThat(followers("star")).isEqualTo(1);
    assertAuditClean();
  }

  @Test
  void concurrentFollowsThroughTheSwitchLoseAndDuplicateNothing() throws Exception {
    create("star");
    int threads = 4;
    int perThread = 6;
    List<String> fans = fans(threads * perThread);
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    CountDownLatch start = new CountDownLatch(1);
    try {
      List<Future<?>> running = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        // Each thread is its own application instance, with its own repository.
        QuickPhotos own = repository(LOW, new RecordingCostListener());
        List<String> mine = fans.subList(t * perThread, (t + 1) * perThread);
        running.add(
            pool.submit(
                () -> {
                  start.await();
                  for (String fan : mine) {
                    own.follow(fan, "star");
                    if (fan.hashCode() % 3 == 0) {
                      own.unfollow(fan, "star");
                    }
                  }
                  return null;
                }));
      }
      start.countDown();
      for (Future<?> f : running) {
        f.get();
      }
    } finally {
      pool.shutdownNow();
    }
    Set<String> following = new HashSet<>();
    for (String fan : fans) {
      if (repo.isFollowing(fan, "star")) {
        following.add(fan);
      }
    }
    assertThat(followers("star")).isEqualTo(following.size());
    assertThat(Shards.count(stored(KeyLayout.user("star")))).isEqualTo(4);
    assertAuditClean();
  }

  @Test
  void anExportedHotKeyLoadsIntoAnotherTableWithItsCounts() {
    create("star");
    Photo photo = repo.uploadPhoto("star", T0, URL);
    for (String fan : fans(5)) {
      repo.follow(fan, "star");
      repo.reactTo(fan, photo.id(), ReactionType.HEART);
    }
    List<Item> items = new ArrayList<>();
    table.forEachItem(items::add);
    table = (Table) newEngine();
    for (int from = 0; from < items.size(); from += 25) {
      table.batchWriteItem(items.subList(from, Math.min(items.size(), from + 25)));
    }
    repo = repository(LOW, new RecordingCostListener());
    assertThat(followers("star")).isEqualTo(5);
    assertThat(repo.getPhoto(new PhotoId("star", T0)).orElseThrow().reactions())
        .containsEntry(ReactionType.HEART, 5L);
    repo.unfollow("fan1", "star");
    assertThat(followers("star")).isEqualTo(4);
    assertAuditClean();
  }
}
