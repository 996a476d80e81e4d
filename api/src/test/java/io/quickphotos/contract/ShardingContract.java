package io.quickphotos.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quickphotos.AccessPattern;
import io.quickphotos.AlreadyFollowingException;
import io.quickphotos.AlreadyReactedException;
import io.quickphotos.Follow;
import io.quickphotos.NewUser;
import io.quickphotos.PageRequest;
import io.quickphotos.Photo;
import io.quickphotos.PhotoId;
import io.quickphotos.PhotoNotFoundException;
import io.quickphotos.PhotoReactions;
import io.quickphotos.ProfileUpdate;
import io.quickphotos.QuickPhotos;
import io.quickphotos.Reaction;
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
import io.quickphotos.internal.singletable.codec.ItemCodec;
import io.quickphotos.internal.singletable.hot.Shards;
import io.quickphotos.internal.singletable.layout.KeyLayout;
import io.quickphotos.internal.singletable.photo.ReactionPlans;
import io.quickphotos.internal.singletable.user.UserPlans;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
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

  /** Every part of a hot key's counters: its own item's share and each shard's. */
  private List<Long> followerParts(String username) {
    List<Long> parts = new ArrayList<>();
    parts.add(stored(KeyLayout.user(username)).number("followers").longValueExact());
    for (Item shard : shardItems()) {
      if (Shards.mainOf(shard).equals(KeyLayout.user(username))) {
        parts.add(Shards.followers(shard));
      }
    }
    return parts;
  }

  private List<Long> heartParts(io.quickphotos.PhotoId photo) {
    List<Long> parts = new ArrayList<>();
    parts.add(Shards.reactions(stored(KeyLayout.photo(photo))).get(ReactionType.HEART));
    for (Item shard : shardItems()) {
      if (Shards.mainOf(shard).equals(KeyLayout.photo(photo))) {
        parts.add(Shards.reactions(shard).get(ReactionType.HEART));
      }
    }
    return parts;
  }

  @Test
  void removalsTakeFromAPartThatHoldsOneAndSpreadOverTheShards() {
    create("star");
    List<String> fans = fans(24);
    for (String fan : fans) {
      repo.follow(fan, "star");
    }
    Photo photo = repo.uploadPhoto("star", T0, URL);
    for (String fan : fans) {
      repo.reactTo(fan, photo.id(), ReactionType.HEART);
    }
    // Through a repository that knows the keys are hot and one that does not: every fan leaves
    // and takes its reaction back.
    QuickPhotos other = repository(Sharding.off(), new RecordingCostListener());
    List<io.quickphotos.engine.Key> decremented = new ArrayList<>();
    for (int i = 0; i < fans.size(); i++) {
      QuickPhotos through = i % 2 == 0 ? repo : other;
      through.unfollow(fans.get(i), "star");
      through.removeReaction(fans.get(i), photo.id(), ReactionType.HEART);
      assertThat(followerParts("star")).allMatch(n -> n >= 0);
      assertThat(heartParts(photo.id())).allMatch(n -> n >= 0);
      assertThat(followers("star")).isEqualTo(fans.size() - i - 1L);
    }
    assertThat(followerParts("star")).containsOnly(0L);
    assertThat(heartParts(photo.id())).containsOnly(0L);
    // The removals landed on the shards the additions went to, not on one item.
    costs.clear();
    for (String fan : fans.subList(0, 12)) {
      repo.follow(fan, "star");
    }
    for (String fan : fans.subList(0, 12)) {
      repo.unfollow(fan, "star");
    }
    costs.costs().stream()
        .filter(c -> c.pattern() == AccessPattern.UNFOLLOW)
        .forEach(
            c -> {
              assertThat(c.requests()).isEqualTo(1);
              String made = c.requestsMade().get(0).description();
              decremented.add(
                  new io.quickphotos.engine.Key(
                      made.replaceAll(".*UpdateItem PK = (SHARD#[^,]*),.*", "$1"), ""));
            });
    assertThat(decremented.stream().map(io.quickphotos.engine.Key::pk).distinct().count())
        .as("shards the unfollows took from")
        .isGreaterThan(1);
    assertAuditClean();
  }

  @Test
  void auditFixMendsAHotUsersAndAHotPhotosDriftedCountersUnderTheSameGuard() {
    create("star");
    List<String> fans = fans(6);
    for (String fan : fans) {
      repo.follow(fan, "star");
    }
    Photo photo = repo.uploadPhoto("star", T0, URL);
    for (String fan : fans) {
      repo.reactTo(fan, photo.id(), ReactionType.HEART);
    }
    // Drift planted behind the repository's back: a shard of each counts three too many, the
    // user's own share one too few.
    Item userShard =
        shardItems().stream()
            .filter(s -> Shards.mainOf(s).equals(KeyLayout.user("star")))
            .findFirst()
            .orElseThrow();
    Item photoShard =
        shardItems().stream()
            .filter(s -> Shards.mainOf(s).equals(KeyLayout.photo(photo.id())))
            .findFirst()
            .orElseThrow();
    table.write(
        new io.quickphotos.engine.WriteAction.Update(
            userShard.key(),
            List.of(new io.quickphotos.engine.UpdateAction.Add(UserPlans.followersCounter(), 3)),
            io.quickphotos.engine.ItemCondition.EXISTS));
    table.write(
        new io.quickphotos.engine.WriteAction.Update(
            KeyLayout.user("star"),
            List.of(new io.quickphotos.engine.UpdateAction.Add(UserPlans.followersCounter(), -1)),
            io.quickphotos.engine.ItemCondition.EXISTS));
    table.write(
        new io.quickphotos.engine.WriteAction.Update(
            photoShard.key(),
            List.of(
                new io.quickphotos.engine.UpdateAction.Add(
                    ReactionPlans.reactionCounter(ReactionType.HEART), 3)),
            io.quickphotos.engine.ItemCondition.EXISTS));
    assertThat(followers("star")).isEqualTo(8);
    io.quickphotos.AuditReport found = repo.audit(false, n -> {});
    assertThat(found.findings())
        .extracting(f -> f.subject())
        .containsExactlyInAnyOrder("photo " + photo.id(), "user star");
    assertThat(repo.audit(true, n -> {}).fixed()).isEqualTo(2);
    assertThat(followers("star")).isEqualTo(6);
    assertThat(repo.getPhoto(photo.id()).orElseThrow().reactions())
        .containsEntry(ReactionType.HEART, 6L);
    assertThat(followerParts("star")).allMatch(n -> n >= 0);
    assertThat(heartParts(photo.id())).allMatch(n -> n >= 0);
    assertAuditClean();
  }

  /**
   * A table an earlier version wrote (19fa586, exported after churn): its hot keys' parts are far
   * apart (a profile at -601 beside shards of 202, 201, 203 and 2; a photo's shard at -199), and
   * they read exactly, and come back within bounds through the audit.
   */
  @Test
  void hotKeysAnEarlierVersionLeftFarApartReadExactlyAndTheAuditBringsThemWithinBounds() {
    Exports.load(table, "export-19fa586-hot-churn.json");
    io.quickphotos.PhotoId viral =
        new io.quickphotos.PhotoId("viral", Instant.parse("2026-11-19T08:00:00Z"));
    assertThat(followerParts("star")).contains(-601L);
    assertThat(heartParts(viral)).contains(-199L);
    assertThat(followers("star")).isEqualTo(7);
    assertThat(repo.getPhoto(viral).orElseThrow().reactions())
        .containsEntry(ReactionType.HEART, 7L);
    io.quickphotos.AuditReport found = repo.audit(false, n -> {});
    assertThat(found.findings())
        .extracting(f -> f.subject())
        .containsExactlyInAnyOrder("photo " + viral, "user star");
    assertThat(repo.audit(true, n -> {}).fixed()).isEqualTo(2);
    assertThat(followerParts("star")).allMatch(n -> n >= 0).contains(0L);
    assertThat(heartParts(viral)).allMatch(n -> n >= 0);
    assertThat(followers("star")).isEqualTo(7);
    assertThat(repo.getPhoto(viral).orElseThrow().reactions())
        .containsEntry(ReactionType.HEART, 7L);
    assertAuditClean();
    // Ordinary use from then on keeps them within bounds.
    for (int round = 0; round < 20; round++) {
      repo.follow("x1", "star");
      repo.unfollow("x1", "star");
      repo.unfollow("x0", "star");
      repo.follow("x0", "star");
      repo.removeReaction("x0", viral, ReactionType.HEART);
      repo.reactTo("x0", viral, ReactionType.HEART);
    }
    assertThat(followerParts("star")).allMatch(n -> n >= 0);
    assertThat(heartParts(viral)).allMatch(n -> n >= 0);
    assertThat(followers("star")).isEqualTo(7);
    assertAuditClean();
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

  /** A repository of the table behind {@code held}, hot reads on or off, costs to {@code costs}. */
  private QuickPhotos through(
      InterruptibleTable held, java.time.Duration staleness, RecordingCostListener listener) {
    return Repositories.create(
        held,
        RepositoryOptions.defaults()
            .withCostListener(listener)
            .withClock(new TickingClock(QuickPhotosContract.CLOCK_START))
            .withSharding(LOW)
            .withHotReadStaleness(staleness));
  }

  /** Holds the next snapshot read (TransactGetItems) of a user's profile with its shards. */
  private static InterruptibleTable.Pause holdSnapshotOf(InterruptibleTable held, String user) {
    io.quickphotos.engine.Key profile = KeyLayout.user(user);
    return held.pauseBefore(
        request ->
            request instanceof List<?> keys
                && keys.contains(profile)
                && keys.stream()
                    .anyMatch(
                        k -> k instanceof io.quickphotos.engine.Key key && Shards.isShard(key)));
  }

  /**
   * Issue #45: a hot user's update answered with the profile read again after its UpdateItem, so
   * a change another call made in between came back as this call's own. Forced here: the call
   * is held after its UpdateItem, before its counts are read, while another update of the name
   * and a follow land. It must answer the name it wrote, and counts the user had after its
   * write: hot reads off, and on (where the other update's kept snapshot must not be served).
   */
  @Test
  void aHotProfileUpdateAnswersItsOwnWriteWhateverLandsBeforeItsCountsAreRead() throws Exception {
    create("star", "idol");
    List<String> fans = fans(6);
    for (String fan : fans.subList(0, 4)) {
      repo.follow(fan, "star");
      repo.follow(fan, "idol");
    }
    repo.follow("star", "fan0");
    repo.follow("idol", "fan0");
    for (java.time.Duration staleness :
        List.of(java.time.Duration.ZERO, java.time.Duration.ofHours(1))) {
      String user = staleness.isZero() ? "star" : "idol";
      String late = staleness.isZero() ? "fan4" : "fan5";
      assertThat(Shards.isSharded(stored(KeyLayout.user(user)))).isTrue();
      InterruptibleTable held = new InterruptibleTable(table);
      RecordingCostListener heldCosts = new RecordingCostListener();
      QuickPhotos instance = through(held, staleness, heldCosts);
      // Read once, so that with hot reads on the instance has kept a snapshot of the user.
      assertThat(instance.getUser(user).orElseThrow().followers()).isEqualTo(4);
      InterruptibleTable.Pause counts = holdSnapshotOf(held, user);
      java.util.concurrent.CompletableFuture<User> mine =
          java.util.concurrent.CompletableFuture.supplyAsync(
              () -> instance.updateProfile(user, ProfileUpdate.builder().name("Ann").build()));
      counts.awaitReached();
      User theirs = instance.updateProfile(user, ProfileUpdate.builder().name("Zoë Ö").build());
      assertThat(List.of(theirs.name(), theirs.followers(), theirs.following()))
          .containsExactly("Zoë Ö", 4L, 1L);
      instance.follow(late, user);
      counts.resume();
      User answered = mine.get(30, java.util.concurrent.TimeUnit.SECONDS);
      assertThat(List.of(answered.name(), answered.followers(), answered.following()))
          .as("hot reads %s: its own name, the counts its snapshot read after the write", staleness)
          .containsExactly("Ann", 5L, 1L);
      assertThat(repo.getUser(user).orElseThrow().name()).isEqualTo("Zoë Ö");
      assertThat(
              heldCosts.costs().stream()
                  .filter(c -> c.pattern() == AccessPattern.UPDATE_PROFILE)
                  .map(c -> c.requests())
                  .toList())
          .as("an UpdateItem and one TransactGetItems each")
          .containsExactly(2, 2);
    }
  }

  /**
   * The account of a hot user whose update is held before its counts are read is closed
   * meanwhile (and, for a second user, its name taken by a new account that gains a follower):
   * the update answers its own fields with zero counts, the counts the account had just before
   * its profile was deleted, never NoSuchElementException nor the new account's profile.
   */
  @Test
  void aHotProfileUpdateWhoseAccountClosesBeforeItsCountsAreReadAnswersZeroCounts()
      throws Exception {
    create("star", "idol");
    List<String> fans = fans(5);
    for (String fan : fans.subList(0, 4)) {
      repo.follow(fan, "star");
      repo.follow(fan, "idol");
    }
    repo.follow("star", "fan0");
    repo.follow("idol", "fan0");
    for (String user : List.of("star", "idol")) {
      boolean takenAgain = user.equals("idol");
      InterruptibleTable held = new InterruptibleTable(table);
      QuickPhotos instance = through(held, java.time.Duration.ZERO, new RecordingCostListener());
      InterruptibleTable.Pause counts = holdSnapshotOf(held, user);
      java.util.concurrent.CompletableFuture<User> mine =
          java.util.concurrent.CompletableFuture.supplyAsync(
              () -> instance.updateProfile(user, ProfileUpdate.builder().name("Ann").build()));
      counts.awaitReached();
      repo.deleteUser(user);
      if (takenAgain) {
        create(user);
        repo.follow("fan4", user);
        repo.follow(user, "fan1");
      }
      counts.resume();
      User answered = mine.get(30, java.util.concurrent.TimeUnit.SECONDS);
      assertThat(List.of(answered.name(), answered.followers(), answered.following()))
          .as("%s, closed%s", user, takenAgain ? " and its name taken again" : "")
          .containsExactly("Ann", 0L, 0L);
    }
    assertAuditClean();
  }

  @Test
  void anOrdinaryUserKeepsItsCostAndAHotOneIsReadAsOneSnapshot() {
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
    // A hot user this repository knows is read with its shards as one snapshot: one
    // TransactGetItems; one that does not know reads the profile first.
    repo.getUser("star");
    assertThat(costs.last().requests()).isEqualTo(1);
    assertThat(costs.last().requestsMade())
        .extracting(io.quickphotos.DynamoRequest::operation)
        .containsExactly("TransactGetItems");
    RecordingCostListener otherCosts = new RecordingCostListener();
    repository(Sharding.off(), otherCosts).getUser("star");
    assertThat(otherCosts.last().requestsMade())
        .extracting(io.quickphotos.DynamoRequest::operation)
        .containsExactly("GetItem", "TransactGetItems");
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

  /**
   * A reaction that met a photo at the threshold before its owner's account was marked closing
   * switches the photo after deleteUser has read it as unsharded: the cascade must not delete the
   * photo and leave its shards behind (a photo uploaded again under the id could then never be
   * switched), but fold them back and delete them with it.
   */
  @Test
  void aPhotoSwitchedWhileItsOwnersAccountClosesLeavesNoShardBehind() throws Exception {
    create("star");
    Photo photo = repo.uploadPhoto("star", T0, URL);
    List<String> fans = fans(4);
    for (String fan : fans.subList(0, 3)) {
      repo.reactTo(fan, photo.id(), ReactionType.HEART);
    }
    InterruptibleTable reactorTable = new InterruptibleTable(table);
    QuickPhotos reactor =
        Repositories.create(
            reactorTable,
            RepositoryOptions.defaults()
                .withCostListener(new RecordingCostListener())
                .withClock(new TickingClock(QuickPhotosContract.CLOCK_START))
                .withSharding(LOW));
    InterruptibleTable closerTable = new InterruptibleTable(table);
    QuickPhotos closer =
        Repositories.create(
            closerTable,
            RepositoryOptions.defaults()
                .withCostListener(new RecordingCostListener())
                .withClock(new TickingClock(QuickPhotosContract.CLOCK_START))
                .withSharding(LOW));
    InterruptibleTable.Pause photoSwitch =
        reactorTable.pauseBefore(
            request ->
                request instanceof List<?> actions
                    && actions.stream()
                        .anyMatch(
                            a ->
                                a instanceof io.quickphotos.engine.WriteAction.Put put
                                    && Shards.isShard(put.item().key())
                                    && !Shards.ofUser(put.item())));
    InterruptibleTable.Pause reactionsRead =
        closerTable.pauseBefore(
            request ->
                request instanceof io.quickphotos.engine.QueryPlan plan
                    && plan.index() == io.quickphotos.engine.Index.INVERTED
                    && plan.partitionValue().equals(KeyLayout.photoSortKey(photo.id())));
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      // The fourth heart finds the photo at the threshold and is held before the switch.
      Future<?> reaction =
          pool.submit(() -> reactor.reactTo(fans.get(3), photo.id(), ReactionType.HEART));
      photoSwitch.awaitReached();
      // The account is marked and its photo read, unsharded, before the switch lands.
      Future<?> closing = pool.submit(() -> closer.deleteUser("star"));
      reactionsRead.awaitReached();
      photoSwitch.resume();
      assertThatThrownBy(reaction::get).hasCauseInstanceOf(PhotoNotFoundException.class);
      reactionsRead.resume();
      closing.get();
    } finally {
      pool.shutdownNow();
    }
    assertThat(repo.getUser("star")).isEmpty();
    assertThat(shardItems()).isEmpty();
    assertAuditClean();
    // The id is free again, and the new photo switches at the threshold like any other.
    create("star");
    repo.uploadPhoto("star", T0, URL);
    for (String fan : fans) {
      repo.reactTo(fan, photo.id(), ReactionType.HEART);
    }
    assertThat(Shards.count(stored(KeyLayout.photo(photo.id())))).isEqualTo(4);
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

  // --- a table the version before sharding wrote ----------------------------------------------

  /**
   * Export lines written by the version before sharding (83260c9) through its public calls only,
   * on its in-memory engine, sorted as its {@code export} command writes them: 72 items. 19 users
   * ({@code star}, {@code ann}, {@code bob}, {@code cat}, {@code dan}, {@code eve}, {@code
   * fan01}..{@code fan13}); {@code star} followed by {@code fan01}..{@code fan12}, {@code ann} and
   * {@code bob} (14: {@code fan13} followed and unfollowed), following {@code ann} and {@code
   * cat}; {@code ann} followed by 4 ({@code star}, {@code cat}, {@code dan}, {@code fan01}); a
   * few follows between the others. Five photos: {@link #VIRAL} with 14 hearts ({@code fan01}..
   * {@code fan12}, {@code ann}, {@code bob}; {@code fan13} reacted and took it back), 3 smileys
   * ({@code ann}, {@code cat}, {@code fan01}), a thumbs-up ({@code dan}) and sunglasses from its
   * owner; {@link #SECOND} (heart {@code ann}, thumbs-up {@code bob}); {@code ann}'s (hearts
   * {@code bob}, {@code fan02}, smiley {@code star}); {@code bob}'s (thumbs-up {@code cat});
   * {@code cat}'s, with none. Every counter is above {@link #LOW}'s thresholds where it is
   * big enough to be: the first new follow or reaction switches the key.
   */
  private static final String BEFORE_SHARDING = "export-83260c9.json";

  private static final PhotoId VIRAL = new PhotoId("star", Instant.parse("2024-02-01T10:00:00Z"));
  private static final PhotoId SECOND = new PhotoId("star", Instant.parse("2024-02-02T10:00:00Z"));
  private static final PhotoId ANNS = new PhotoId("ann", Instant.parse("2024-02-03T10:00:00Z"));

  private void loadBeforeSharding() {
    Exports.load(table, BEFORE_SHARDING);
  }

  private Map<ReactionType, Long> reactions(QuickPhotos through, PhotoId photo) {
    return through.getPhoto(photo).orElseThrow().reactions();
  }

  private List<Item> shardsOf(io.quickphotos.engine.Key main) {
    String prefix = KeyLayout.SHARD + main.sk() + "#";
    return shardItems().stream().filter(item -> item.key().pk().startsWith(prefix)).toList();
  }

  /**
   * Every user's and photo's counters, read through {@code through}, equal the friendships and
   * reactions its pages list.
   */
  private void assertEveryCounterEqualsItsItems(QuickPhotos through) {
    List<String> users = new ArrayList<>();
    List<PhotoId> photos = new ArrayList<>();
    table.forEachItem(
        item -> {
          String entity = item.stringOrNull(ItemCodec.ENTITY);
          if (ItemCodec.Entity.USER.name().equals(entity)) {
            users.add(item.string("username"));
          } else if (ItemCodec.Entity.PHOTO.name().equals(entity)) {
            photos.add(KeyLayout.photoIdOf(item.key()));
          }
        });
    assertThat(users).isNotEmpty();
    for (String user : users) {
      io.quickphotos.User read = through.getUser(user).orElseThrow();
      assertThat(read.followers())
          .as("followers of %s", user)
          .isEqualTo(through.followersOf(user, PageRequest.first(100)).items().size());
      assertThat(read.following())
          .as("following of %s", user)
          .isEqualTo(through.followedBy(user, PageRequest.first(100)).items().size());
    }
    for (PhotoId photo : photos) {
      Map<ReactionType, Long> listed = new EnumMap<>(ReactionType.class);
      for (ReactionType type : ReactionType.values()) {
        listed.put(type, 0L);
      }
      PhotoReactions page = through.photoWithReactions(photo, PageRequest.first(100));
      for (Reaction reaction : page.reactions().items()) {
        listed.merge(reaction.type(), 1L, Long::sum);
      }
      assertThat(page.photo().orElseThrow().reactions())
          .as("reactions of %s", photo)
          .isEqualTo(listed);
      assertThat(reactions(through, photo)).as("reactions of %s", photo).isEqualTo(listed);
    }
  }

  /** The fixture's counts, as the version before sharding wrote them. */
  private void assertTheFixturesCounts(QuickPhotos through) {
    assertThat(through.getUser("star").orElseThrow())
        .satisfies(star -> assertThat(star.followers()).isEqualTo(14))
        .satisfies(star -> assertThat(star.following()).isEqualTo(2));
    assertThat(through.getUser("ann").orElseThrow().followers()).isEqualTo(4);
    assertThat(reactions(through, VIRAL))
        .isEqualTo(
            Map.of(
                ReactionType.HEART, 14L,
                ReactionType.SMILEY, 3L,
                ReactionType.THUMBSUP, 1L,
                ReactionType.SUNGLASSES, 1L));
    assertThat(through.followersOf("star", PageRequest.first(100)).items())
        .extracting(Follow::follower)
        .hasSize(14)
        .contains("ann", "bob", "fan01", "fan12")
        .doesNotContain("fan13");
    assertEveryCounterEqualsItsItems(through);
    assertThat(through.audit(false, n -> {}).findings()).isEmpty();
  }

  @Test
  void aTableTheVersionBeforeShardingWroteSwitchesItsHotKeysOnTheFlyWithExactCounts() {
    loadBeforeSharding();
    assertTheFixturesCounts(repo);
    assertThat(shardItems()).isEmpty();

    // New follows of the star, already past the threshold: the first switches it.
    repo.follow("eve", "star");
    assertThat(Shards.count(stored(KeyLayout.user("star")))).isEqualTo(4);
    assertThat(shardsOf(KeyLayout.user("star"))).hasSize(4);
    assertThat(followers("star")).isEqualTo(15);
    repo.follow("dan", "star");
    repo.follow("fan13", "star");
    assertThat(followers("star")).isEqualTo(17);
    assertThatThrownBy(() -> repo.follow("fan02", "star"))
        .isInstanceOf(AlreadyFollowingException.class);
    // Followers the old version counted on the profile leave as the new ones do.
    repo.unfollow("fan01", "star");
    repo.unfollow("fan05", "star");
    repo.unfollow("ann", "star");
    repo.unfollow("eve", "star");
    assertThat(followers("star")).isEqualTo(13);
    assertThat(repo.followersOf("star", PageRequest.first(100)).items()).hasSize(13);
    assertThat(repo.followedBy("fan02", PageRequest.first(10)).items())
        .singleElement()
        .satisfies(user -> assertThat(user.followers()).isEqualTo(13));
    assertThat(repo.getUser("ann").orElseThrow().following()).isEqualTo(1);
    // ann is past the threshold too, with 4 followers.
    repo.follow("eve", "ann");
    assertThat(Shards.count(stored(KeyLayout.user("ann")))).isEqualTo(4);
    assertThat(followers("ann")).isEqualTo(5);

    // New reactions to the viral photo: the first switches it (its owner is switched already).
    repo.reactTo("eve", VIRAL, ReactionType.HEART);
    assertThat(Shards.count(stored(KeyLayout.photo(VIRAL)))).isEqualTo(4);
    assertThat(shardsOf(KeyLayout.photo(VIRAL))).hasSize(4);
    repo.reactTo("fan13", VIRAL, ReactionType.HEART);
    repo.reactTo("cat", VIRAL, ReactionType.HEART);
    repo.reactTo("dan", VIRAL, ReactionType.SMILEY);
    assertThatThrownBy(() -> repo.reactTo("fan03", VIRAL, ReactionType.HEART))
        .isInstanceOf(AlreadyReactedException.class);
    assertThat(reactions(repo, VIRAL))
        .containsEntry(ReactionType.HEART, 17L)
        .containsEntry(ReactionType.SMILEY, 4L);
    // Reactions the old version counted on the photo are taken back as the new ones are.
    repo.removeReaction("fan04", VIRAL, ReactionType.HEART);
    repo.removeReaction("ann", VIRAL, ReactionType.SMILEY);
    repo.removeReaction("star", VIRAL, ReactionType.SUNGLASSES);
    repo.removeReaction("eve", VIRAL, ReactionType.HEART);
    Map<ReactionType, Long> expected =
        Map.of(
            ReactionType.HEART, 15L,
            ReactionType.SMILEY, 3L,
            ReactionType.THUMBSUP, 1L,
            ReactionType.SUNGLASSES, 0L);
    assertThat(reactions(repo, VIRAL)).isEqualTo(expected);
    PhotoReactions page = repo.photoWithReactions(VIRAL, PageRequest.first(100));
    assertThat(page.photo().orElseThrow().reactions()).isEqualTo(expected);
    assertThat(page.reactions().items()).hasSize(19);
    assertThat(
            repo.userWithPhotos("star", SortOrder.OLDEST_FIRST, PageRequest.first(10))
                .photos()
                .items())
        .first()
        .satisfies(p -> assertThat(p.reactions()).isEqualTo(expected));
    assertThat(repo.homeFeed("fan02", PageRequest.first(10)).items())
        .filteredOn(p -> p.id().equals(VIRAL))
        .singleElement()
        .satisfies(p -> assertThat(p.reactions()).isEqualTo(expected));
    assertEveryCounterEqualsItsItems(repo);
    assertAuditClean();

    // A repository with sharding off writes the switched keys correctly too.
    QuickPhotos off = repository(Sharding.off(), new RecordingCostListener());
    off.follow("fan05", "star");
    off.reactTo("fan04", VIRAL, ReactionType.HEART);
    assertThat(off.getUser("star").orElseThrow().followers()).isEqualTo(14);
    assertThat(reactions(off, VIRAL)).containsEntry(ReactionType.HEART, 16L);
    assertThat(followers("star")).isEqualTo(14);

    // The deletes fold the shards away with the keys.
    repo.deletePhoto(VIRAL);
    assertThat(repo.getPhoto(VIRAL)).isEmpty();
    assertThat(shardsOf(KeyLayout.photo(VIRAL))).isEmpty();
    assertThat(repo.reactionsLeftBy("fan02", VIRAL)).isEmpty();
    assertThat(repo.reactionsLeftBy("star", ANNS)).containsExactly(ReactionType.SMILEY);
    assertAuditClean();
    repo.deleteUser("star");
    assertThat(repo.getUser("star")).isEmpty();
    assertThat(repo.getPhoto(SECOND)).isEmpty();
    assertThat(shardsOf(KeyLayout.user("star"))).isEmpty();
    assertThat(repo.getUser("fan02").orElseThrow().following()).isZero();
    assertThat(repo.getUser("bob").orElseThrow().following()).isEqualTo(1);
    assertThat(followers("ann")).isEqualTo(4);
    assertThat(followers("cat")).isEqualTo(1);
    assertThat(reactions(repo, ANNS)).containsEntry(ReactionType.SMILEY, 0L);
    assertThat(repo.reactionsLeftBy("ann", SECOND)).isEmpty();
    assertThatThrownBy(() -> repo.follow("fan01", "star"))
        .isInstanceOf(UserNotFoundException.class);
    // ann stays switched (she exists): her shards are all that is left.
    assertThat(shardItems()).hasSize(4).allMatch(item -> item.key().pk().contains("#ann#"));
    assertEveryCounterEqualsItsItems(repo);
    assertAuditClean();
  }

  @Test
  void aTableTheVersionBeforeShardingWroteWorksAsBeforeWithShardingOff() {
    loadBeforeSharding();
    RecordingCostListener offCosts = new RecordingCostListener();
    QuickPhotos off = repository(Sharding.off(), offCosts);
    assertTheFixturesCounts(off);

    off.follow("eve", "star");
    assertThat(offCosts.last().requests()).isEqualTo(1);
    off.follow("eve", "ann");
    off.unfollow("fan01", "star");
    off.unfollow("ann", "star");
    assertThat(off.getUser("star").orElseThrow().followers()).isEqualTo(13);
    assertThat(off.getUser("ann").orElseThrow().followers()).isEqualTo(5);
    off.reactTo("eve", VIRAL, ReactionType.HEART);
    assertThat(offCosts.last().requests()).isEqualTo(1);
    off.reactTo("dan", VIRAL, ReactionType.SMILEY);
    off.removeReaction("fan04", VIRAL, ReactionType.HEART);
    off.removeReaction("star", VIRAL, ReactionType.SUNGLASSES);
    assertThat(reactions(off, VIRAL))
        .isEqualTo(
            Map.of(
                ReactionType.HEART, 14L,
                ReactionType.SMILEY, 4L,
                ReactionType.THUMBSUP, 1L,
                ReactionType.SUNGLASSES, 0L));
    assertThat(Shards.count(stored(KeyLayout.user("star")))).isZero();
    assertThat(Shards.count(stored(KeyLayout.photo(VIRAL)))).isZero();
    assertEveryCounterEqualsItsItems(off);

    off.deletePhoto(VIRAL);
    assertThat(off.getPhoto(VIRAL)).isEmpty();
    off.deleteUser("star");
    assertThat(off.getUser("star")).isEmpty();
    assertThat(off.getUser("fan02").orElseThrow().following()).isZero();
    assertThat(off.getUser("ann").orElseThrow().followers()).isEqualTo(4);
    assertThat(shardItems()).isEmpty();
    assertEveryCounterEqualsItsItems(off);
    assertThat(off.audit(false, n -> {}).findings()).isEmpty();
  }
}
