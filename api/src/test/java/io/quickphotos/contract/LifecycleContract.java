package io.quickphotos.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quickphotos.AccessPattern;
import io.quickphotos.Follow;
import io.quickphotos.InvalidCursorException;
import io.quickphotos.InvalidInputException;
import io.quickphotos.NewPhoto;
import io.quickphotos.NewUser;
import io.quickphotos.OperationCost;
import io.quickphotos.PageRequest;
import io.quickphotos.Photo;
import io.quickphotos.PhotoId;
import io.quickphotos.PhotoNotFoundException;
import io.quickphotos.PhotoReactions;
import io.quickphotos.ProfileUpdate;
import io.quickphotos.QuickPhotos;
import io.quickphotos.Reaction;
import io.quickphotos.ReactionNotFoundException;
import io.quickphotos.ReactionType;
import io.quickphotos.RetryPolicy;
import io.quickphotos.ServiceUnavailableException;
import io.quickphotos.Snapshot;
import io.quickphotos.SortOrder;
import io.quickphotos.User;
import io.quickphotos.UserAlreadyExistsException;
import io.quickphotos.UserNotFoundException;
import io.quickphotos.UserPhotos;
import io.quickphotos.UserStatus;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.ItemCondition;
import io.quickphotos.engine.Table;
import io.quickphotos.engine.UpdateAction;
import io.quickphotos.engine.WriteAction;
import io.quickphotos.internal.repository.Repositories;
import io.quickphotos.internal.repository.RepositoryOptions;
import io.quickphotos.internal.singletable.codec.ItemCodec;
import io.quickphotos.internal.singletable.feed.FollowPlans;
import io.quickphotos.internal.singletable.layout.KeyLayout;
import io.quickphotos.internal.singletable.photo.PhotoPlans;
import io.quickphotos.internal.singletable.photo.ReactionPlans;
import io.quickphotos.internal.singletable.photo.ReactionQueries;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The data's whole lifecycle, on every backend: taking back a reaction, deleting a photo, closing
 * an account (with failures injected part-way and a retry that must finish the job, counters
 * equal to items after every step), the membership checks, the profile page that always carries
 * its profile, and the small rules around them (last page, future birth dates, the closing
 * status). Each pattern's requests and capacity are checked as the service bills them, or as
 * DynamoDB Local does where {@link Billing} says it differs.
 *
 * <p>The repository is built over the backend's bare engine, {@code Repositories.create(* table, RepositoryOptions.defaults().withCostListener(listener).withClock(clock))}, through an {@link InterruptibleTable} that can fail any request. A
 * backend's subclass supplies a fresh, empty engine per test.
 */
public abstract class LifecycleContract {
  private static final Instant T0 = Instant.parse("2018-05-30T15:42:38Z");
  private static final String URL = "https://photos.example.com/p.jpg";

  /** The engine under test, through the failure injector. */
  protected InterruptibleTable table;

  /** The repository under test. */
  protected QuickPhotos repo;

  /** Every cost the repository reported. */
  protected RecordingCostListener costs;

  /**
   * Supplies a new engine over an empty table: the backend's
   * {@link io.quickphotos.engine.Table}. Typed {@code Object} because a backend
   * compiled as a named module cannot name that package in an override's signature when the
   * contract (from the class path) declares it.
   *
   * @return the engine, a {@code Table}
   */
  protected abstract Object newEngine();

  /**
   * Whose capacity numbers the backend reports.
   *
   * @return {@link Billing#SERVICE} unless overridden
   */
  protected Billing billing() {
    return Billing.SERVICE;
  }

  @BeforeEach
  void freshRepository() {
    costs = new RecordingCostListener();
    table = new InterruptibleTable((Table) newEngine());
    repo =
        Repositories.create(
            table,
            RepositoryOptions.defaults()
                .withCostListener(costs)
                .withClock(new TickingClock(QuickPhotosContract.CLOCK_START)));
  }

  // --- fixtures ------------------------------------------------------------------------------

  private static NewUser newUser(String username) {
    return new NewUser(
        username,
        "Name of " + username,
        username + "@example.com",
        LocalDate.of(1990, 4, 1),
        "1 Main Street",
        UserStatus.ACTIVE);
  }

  private User create(String username) {
    return repo.createUser(newUser(username));
  }

  private Photo upload(String owner, Instant timestamp) {
    return repo.uploadPhoto(owner, timestamp, URL);
  }

  private User user(String username) {
    return repo.getUser(username).orElseThrow();
  }

  private List<Photo> allPhotos(String username, SortOrder order, int size) {
    List<Photo> photos = new ArrayList<>();
    PageRequest page = PageRequest.first(size);
    while (true) {
      UserPhotos read = repo.userWithPhotos(username, order, page);
      photos.addAll(read.photos().items());
      if (!read.photos().hasNext()) {
        return photos;
      }
      page = read.photos().next(size);
    }
  }

  private List<Reaction> reactionsOn(PhotoId photo) {
    List<Reaction> reactions = new ArrayList<>();
    PageRequest page = PageRequest.first(100);
    while (true) {
      PhotoReactions read = repo.photoWithReactions(photo, page);
      reactions.addAll(read.reactions().items());
      if (!read.reactions().hasNext()) {
        return reactions;
      }
      page = read.reactions().next(100);
    }
  }

  /**
   * The design's invariants over some users, read through the repository and the engine: every
   * counter equals its items, no counter is negative, and no reaction or friendship refers to a
   * missing user or photo.
   */
  private void assertCountersEqualItems(List<String> usernames) {
    for (String username : usernames) {
      List<Follow> followers = Listings.readAll(p -> repo.followersOf(username, p));
      List<Item> followees = table.query(FollowPlans.followedBy(username, 1000)).items();
      for (ReactionType type : ReactionType.values()) {
        for (Item item : table.query(ReactionQueries.reactionsBy(username, type, 1000)).items()) {
          PhotoId photo = Codec.reactionPhoto(item);
          assertThat(repo.getPhoto(photo))
              .as("photo of %s's %s reaction", username, type)
              .isPresent();
        }
      }
      Photo[] photos =
          repo.getUser(username).isPresent()
              ? allPhotos(username, SortOrder.OLDEST_FIRST, 100).toArray(Photo[]::new)
              : new Photo[0];
      var profile = repo.getUser(username);
      if (profile.isEmpty()) {
        assertThat(followers).as("followers of missing %s", username).isEmpty();
        assertThat(followees).as("followees of missing %s", username).isEmpty();
        assertThat(table.query(PhotoPlans.photosOf(username, 10)).items())
            .as("photos of missing %s", username)
            .isEmpty();
        continue;
      }
      assertThat(profile.get().followers())
          .as("followers of %s", username)
          .isEqualTo(followers.size());
      assertThat(profile.get().following())
          .as("following of %s", username)
          .isEqualTo(followees.size());
      for (Follow follow : followers) {
        assertThat(repo.getUser(follow.follower())).as("follower of %s", username).isPresent();
      }
      for (Photo photo : photos) {
        Map<ReactionType, Long> counted = new EnumMap<>(ReactionType.class);
        for (ReactionType type : ReactionType.values()) {
          counted.put(type, 0L);
        }
        for (Reaction reaction : reactionsOn(photo.id())) {
          counted.merge(reaction.type(), 1L, Long::sum);
          assertThat(repo.getUser(reaction.reactor())).as("reactor on %s", photo.id()).isPresent();
        }
        assertThat(photo.reactions()).as("counters of %s", photo.id()).isEqualTo(counted);
      }
    }
  }

  /** Reads a reaction item's photo through the codec the repository uses. */
  private static final class Codec {
    static PhotoId reactionPhoto(Item item) {
      return io.quickphotos.internal.singletable.codec.ItemCodec.reaction(item).photo();
    }
  }

  private void assertCost(AccessPattern pattern, int requests, double rcu, double wcu) {
    OperationCost cost = costs.last();
    assertThat(cost.pattern()).isEqualTo(pattern);
    assertThat(cost.requests()).as("requests of %s", pattern).isEqualTo(requests);
    assertThat(cost.readCapacityUnits()).as("RCU of %s", pattern).isEqualTo(rcu);
    assertThat(cost.writeCapacityUnits()).as("WCU of %s", pattern).isEqualTo(wcu);
  }

  private void assertInvalidAndNothingDone(Runnable call) {
    costs.clear();
    int before = table.requests();
    assertThatThrownBy(call::run).isInstanceOf(InvalidInputException.class);
    assertThat(table.requests()).as("requests made for bad input").isEqualTo(before);
    assertThat(costs.costs()).isEmpty();
  }

  // --- removeReaction ------------------------------------------------------------------------

  @Test
  void removeReactionTakesTheReactionBackAndUncountsIt() {
    create("alice");
    create("bob");
    Photo photo = upload("alice", T0);
    repo.reactTo("bob", photo.id(), ReactionType.HEART);
    repo.reactTo("bob", photo.id(), ReactionType.SMILEY);
    repo.removeReaction("bob", photo.id(), ReactionType.HEART);
    double[] billed = billing().lifecycle(Billing.Lifecycle.REMOVE_REACTION);
    assertCost(AccessPattern.REMOVE_REACTION, 1, billed[0], billed[1]);
    assertThat(repo.getPhoto(photo.id()).orElseThrow().reactions())
        .containsEntry(ReactionType.HEART, 0L)
        .containsEntry(ReactionType.SMILEY, 1L);
    assertThat(repo.reactionsLeftBy("bob", photo.id())).containsExactly(ReactionType.SMILEY);
    assertThat(reactionsOn(photo.id()))
        .extracting(Reaction::type)
        .containsExactly(ReactionType.SMILEY);
    repo.reactTo("bob", photo.id(), ReactionType.HEART);
    assertCountersEqualItems(List.of("alice", "bob"));
  }

  @Test
  void removingAReactionNeverLeftFailsAndChangesNothing() {
    create("alice");
    create("bob");
    Photo photo = upload("alice", T0);
    repo.reactTo("bob", photo.id(), ReactionType.SMILEY);
    costs.clear();
    assertThatThrownBy(() -> repo.removeReaction("bob", photo.id(), ReactionType.HEART))
        .isInstanceOf(ReactionNotFoundException.class)
        .hasMessageContaining("bob");
    assertThat(costs.last().requests()).isEqualTo(1);
    assertThat(costs.last().succeeded()).isFalse();
    assertThatThrownBy(
            () ->
                repo.removeReaction(
                    "bob", new PhotoId("alice", T0.plusSeconds(1)), ReactionType.SMILEY))
        .isInstanceOf(ReactionNotFoundException.class);
    assertThat(repo.getPhoto(photo.id()).orElseThrow().reactions())
        .containsEntry(ReactionType.SMILEY, 1L);
    repo.removeReaction("bob", photo.id(), ReactionType.SMILEY);
    assertThatThrownBy(() -> repo.removeReaction("bob", photo.id(), ReactionType.SMILEY))
        .isInstanceOf(ReactionNotFoundException.class);
    assertCountersEqualItems(List.of("alice", "bob"));
  }

  @Test
  void aReactionOnAPhotoThatIsGoneIsStillRemovedInTwoRequests() {
    create("alice");
    create("bob");
    Photo photo = upload("alice", T0);
    repo.reactTo("bob", photo.id(), ReactionType.HEART);
    // The photo item vanishes under the reaction (as an interrupted older version could leave it).
    table.write(new WriteAction.Delete(KeyLayout.photo(photo.id()), ItemCondition.NONE));
    repo.removeReaction("bob", photo.id(), ReactionType.HEART);
    double[] billed = billing().lifecycle(Billing.Lifecycle.REMOVE_REACTION_OF_GONE_PHOTO);
    assertCost(AccessPattern.REMOVE_REACTION, 2, billed[0], billed[1]);
    assertThat(repo.getPhoto(photo.id())).as("no photo is created by the counter").isEmpty();
    assertThat(repo.reactionsLeftBy("bob", photo.id())).isEmpty();
  }

  @Test
  void aCounterAlreadyAtZeroStaysAtZero() {
    create("alice");
    create("bob");
    Photo photo = upload("alice", T0);
    repo.reactTo("bob", photo.id(), ReactionType.HEART);
    table.write(
        new WriteAction.Update(
            KeyLayout.photo(photo.id()),
            List.of(new UpdateAction.Add(ReactionPlans.reactionCounter(ReactionType.HEART), -1)),
            ItemCondition.EXISTS));
    repo.removeReaction("bob", photo.id(), ReactionType.HEART);
    assertThat(repo.getPhoto(photo.id()).orElseThrow().reactions())
        .containsEntry(ReactionType.HEART, 0L);
    assertThat(repo.reactionsLeftBy("bob", photo.id())).isEmpty();
  }

  @Test
  void removeReactionRejectsBadInputPerParameterBeforeAnyRequest() {
    create("alice");
    create("bob");
    Photo photo = upload("alice", T0);
    repo.reactTo("bob", photo.id(), ReactionType.HEART);
    assertInvalidAndNothingDone(() -> repo.removeReaction(null, photo.id(), ReactionType.HEART));
    assertInvalidAndNothingDone(() -> repo.removeReaction("", photo.id(), ReactionType.HEART));
    assertInvalidAndNothingDone(() -> repo.removeReaction("b#b", photo.id(), ReactionType.HEART));
    assertInvalidAndNothingDone(() -> repo.removeReaction("bob", null, ReactionType.HEART));
    assertInvalidAndNothingDone(
        () -> repo.removeReaction("bob", new PhotoId("a#x", T0), ReactionType.HEART));
    assertInvalidAndNothingDone(() -> repo.removeReaction("bob", photo.id(), null));
    assertThat(repo.reactionsLeftBy("bob", photo.id())).containsExactly(ReactionType.HEART);
  }

  // --- deletePhoto ---------------------------------------------------------------------------

  @Test
  void deletePhotoRemovesThePhotoAndEveryReactionOnIt() {
    create("alice");
    create("bob");
    create("carol");
    Photo photo = upload("alice", T0);
    Photo kept = upload("alice", T0.plusSeconds(1));
    repo.reactTo("bob", photo.id(), ReactionType.HEART);
    repo.reactTo("bob", photo.id(), ReactionType.SUNGLASSES);
    repo.reactTo("carol", photo.id(), ReactionType.HEART);
    repo.reactTo("carol", kept.id(), ReactionType.HEART);
    repo.deletePhoto(photo.id());
    double[] billed = billing().lifecycle(Billing.Lifecycle.DELETE_PHOTO_WITH_THREE_REACTIONS);
    assertCost(AccessPattern.DELETE_PHOTO, 3, billed[0], billed[1]);
    assertThat(repo.getPhoto(photo.id())).isEmpty();
    assertThatThrownBy(() -> repo.photoWithReactions(photo.id(), PageRequest.first()))
        .isInstanceOf(PhotoNotFoundException.class);
    assertThat(repo.reactionsLeftBy("bob", photo.id())).isEmpty();
    assertThat(repo.reactionsLeftBy("carol", kept.id())).containsExactly(ReactionType.HEART);
    assertThat(allPhotos("alice", SortOrder.OLDEST_FIRST, 10))
        .extracting(Photo::id)
        .containsExactly(kept.id());
    assertCountersEqualItems(List.of("alice", "bob", "carol"));
    // The same id is free again, with fresh counters.
    Photo again = upload("alice", T0);
    assertThat(again.reactions().values()).containsOnly(0L);
  }

  @Test
  void deletePhotoWithoutReactionsTakesTwoRequests() {
    create("alice");
    Photo photo = upload("alice", T0);
    repo.deletePhoto(photo.id());
    double[] billed = billing().lifecycle(Billing.Lifecycle.DELETE_PHOTO_WITHOUT_REACTIONS);
    assertCost(AccessPattern.DELETE_PHOTO, 2, billed[0], billed[1]);
    assertThat(repo.getPhoto(photo.id())).isEmpty();
  }

  @Test
  void deletingAPhotoThatNeverExistedFailsAfterTwoRequests() {
    create("alice");
    assertThatThrownBy(() -> repo.deletePhoto(new PhotoId("alice", T0)))
        .isInstanceOf(PhotoNotFoundException.class);
    assertThat(costs.last().requests()).isEqualTo(2);
    assertThat(costs.last().succeeded()).isFalse();
    assertThatThrownBy(() -> repo.deletePhoto(new PhotoId("ghost", T0)))
        .isInstanceOf(PhotoNotFoundException.class);
  }

  @Test
  void deletingADeletedPhotoAgainReportsItMissingAndChangesNothing() {
    create("alice");
    Photo photo = upload("alice", T0);
    repo.deletePhoto(photo.id());
    assertThatThrownBy(() -> repo.deletePhoto(photo.id()))
        .isInstanceOf(PhotoNotFoundException.class);
    assertThat(repo.getPhoto(photo.id())).isEmpty();
  }

  @Test
  void deletePhotoWithMoreReactionsThanOneTransactionHoldsStaysWithinTheLimit() {
    List<NewUser> users = new ArrayList<>(List.of(newUser("alice")));
    List<Reaction> reactions = new ArrayList<>();
    PhotoId photo = new PhotoId("alice", T0);
    for (int i = 0; i < 120; i++) {
      String reactor = "r" + i;
      users.add(newUser(reactor));
      reactions.add(new Reaction(reactor, photo, ReactionType.values()[i % 4], T0));
      if (i < 40) {
        reactions.add(new Reaction(reactor, photo, ReactionType.values()[(i + 1) % 4], T0));
      }
    }
    repo.importSnapshot(
        new Snapshot(users, List.of(new NewPhoto("alice", T0, URL)), List.of(), reactions),
        written -> {});
    repo.deletePhoto(photo);
    // mark; then 160 reactions: a page of 99 with the counters, a page of 61 with the photo
    assertThat(costs.last().requests()).isEqualTo(5);
    assertThat(table.largestTransaction()).isEqualTo(100);
    assertThat(repo.getPhoto(photo)).isEmpty();
    assertThat(repo.reactionsLeftBy("r0", photo)).isEmpty();
    assertThat(repo.reactionsLeftBy("r119", photo)).isEmpty();
  }

  @Test
  void noReactionCanLandOnceDeletionBegan() {
    create("alice");
    create("bob");
    Photo photo = upload("alice", T0);
    repo.reactTo("bob", photo.id(), ReactionType.HEART);
    table.failAtRequest(1);
    assertThatThrownBy(() -> repo.deletePhoto(photo.id()))
        .isInstanceOf(ServiceUnavailableException.class);
    // Marked, not gone: readers still see it, reactions are refused, counters still hold.
    assertThat(repo.getPhoto(photo.id())).isPresent();
    assertThatThrownBy(() -> repo.reactTo("bob", photo.id(), ReactionType.SMILEY))
        .isInstanceOf(PhotoNotFoundException.class);
    assertCountersEqualItems(List.of("alice", "bob"));
    repo.deletePhoto(photo.id());
    assertThat(repo.getPhoto(photo.id())).isEmpty();
    assertCountersEqualItems(List.of("alice", "bob"));
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 2, 3, 4, 5})
  void anInterruptedPhotoDeletionIsFinishedByTheNextCall(int failingRequest) {
    seedBusyPhoto();
    PhotoId photo = new PhotoId("alice", T0);
    table.failAtRequest(failingRequest);
    boolean interrupted;
    try {
      repo.deletePhoto(photo);
      interrupted = false;
    } catch (ServiceUnavailableException expected) {
      interrupted = true;
    }
    assertCountersEqualItems(List.of("alice", "bob", "carol"));
    if (interrupted) {
      try {
        repo.deletePhoto(photo);
      } catch (PhotoNotFoundException finishedByTheFailedCall) {
        // The failing request was the last one: the photo was already gone.
        assertThat(failingRequest).isEqualTo(5);
      }
    }
    assertThat(repo.getPhoto(photo)).isEmpty();
    assertThat(repo.reactionsLeftBy("bob", photo)).isEmpty();
    assertThat(repo.reactionsLeftBy("carol", photo)).isEmpty();
    assertCountersEqualItems(List.of("alice", "bob", "carol"));
  }

  /** Alice's photo at T0 with 120 reactions from bob, carol and 58 others: two rounds. */
  private void seedBusyPhoto() {
    List<NewUser> users =
        new ArrayList<>(List.of(newUser("alice"), newUser("bob"), newUser("carol")));
    PhotoId photo = new PhotoId("alice", T0);
    List<Reaction> reactions = new ArrayList<>();
    for (ReactionType type : ReactionType.values()) {
      reactions.add(new Reaction("bob", photo, type, T0));
    }
    reactions.add(new Reaction("carol", photo, ReactionType.HEART, T0));
    for (int i = 0; reactions.size() < 120; i++) {
      users.add(newUser("x" + i));
      reactions.add(new Reaction("x" + i, photo, ReactionType.values()[i % 4], T0));
      reactions.add(new Reaction("x" + i, photo, ReactionType.values()[(i + 2) % 4], T0));
    }
    repo.importSnapshot(
        new Snapshot(
            users,
            List.of(new NewPhoto("alice", T0, URL), new NewPhoto("alice", T0.plusSeconds(1), URL)),
            List.of(),
            reactions),
        written -> {});
  }

  @Test
  void deletePhotoRejectsBadInputBeforeAnyRequest() {
    assertInvalidAndNothingDone(() -> repo.deletePhoto(null));
    assertInvalidAndNothingDone(() -> repo.deletePhoto(new PhotoId("a#b", T0)));
    assertInvalidAndNothingDone(() -> repo.deletePhoto(new PhotoId("", T0)));
  }

  // --- deleteUser ----------------------------------------------------------------------------

  /**
   * Alice with three photos (two with reactions from others, one with her own), reactions she
   * left on others' photos, two followers and two followees; bob and carol with their own data.
   */
  private void seedAccount(String prefix) {
    String alice = prefix + "alice";
    String bob = prefix + "bob";
    String carol = prefix + "carol";
    for (String u : List.of(alice, bob, carol)) {
      create(u);
    }
    Photo a1 = upload(alice, T0);
    Photo a2 = upload(alice, T0.plusSeconds(1));
    upload(alice, T0.plusSeconds(2));
    Photo b1 = upload(bob, T0);
    Photo c1 = upload(carol, T0);
    repo.reactTo(bob, a1.id(), ReactionType.HEART);
    repo.reactTo(carol, a1.id(), ReactionType.HEART);
    repo.reactTo(carol, a2.id(), ReactionType.SMILEY);
    repo.reactTo(alice, a2.id(), ReactionType.THUMBSUP);
    repo.reactTo(alice, b1.id(), ReactionType.HEART);
    repo.reactTo(alice, b1.id(), ReactionType.SUNGLASSES);
    repo.reactTo(alice, c1.id(), ReactionType.HEART);
    repo.reactTo(bob, c1.id(), ReactionType.HEART);
    repo.follow(bob, alice);
    repo.follow(carol, alice);
    repo.follow(alice, bob);
    repo.follow(alice, carol);
    repo.follow(bob, carol);
  }

  @Test
  void deleteUserRemovesEverythingAndUncountsItOnOthers() {
    seedAccount("");
    repo.deleteUser("alice");
    assertThat(costs.last().succeeded()).isTrue();
    assertThat(repo.getUser("alice")).isEmpty();
    assertThatThrownBy(
            () -> repo.userWithPhotos("alice", SortOrder.OLDEST_FIRST, PageRequest.first()))
        .isInstanceOf(UserNotFoundException.class);
    User bob = user("bob");
    User carol = user("carol");
    assertThat(bob.followers()).isZero();
    assertThat(bob.following()).isEqualTo(1);
    assertThat(carol.followers()).isEqualTo(1);
    assertThat(carol.following()).isZero();
    Photo b1 = repo.getPhoto(new PhotoId("bob", T0)).orElseThrow();
    assertThat(b1.reactions().values()).containsOnly(0L);
    Photo c1 = repo.getPhoto(new PhotoId("carol", T0)).orElseThrow();
    assertThat(c1.reactions()).containsEntry(ReactionType.HEART, 1L);
    assertThat(repo.reactionsLeftBy("bob", new PhotoId("alice", T0))).isEmpty();
    assertThat(repo.isFollowing("alice", "bob")).isFalse();
    assertThat(repo.isFollowing("bob", "alice")).isFalse();
    assertCountersEqualItems(List.of("alice", "bob", "carol"));
  }

  @Test
  void aClosedUsernameIsFreeAtOnce() {
    seedAccount("");
    repo.deleteUser("alice");
    User again = create("alice");
    assertThat(again.followers()).isZero();
    assertThat(again.following()).isZero();
    assertThat(
            repo.userWithPhotos("alice", SortOrder.NEWEST_FIRST, PageRequest.first())
                .photos()
                .items())
        .isEmpty();
    assertThat(Listings.readAll(p -> repo.followersOf("alice", p))).isEmpty();
    assertThat(Listings.readAll(p -> repo.followedBy("alice", p))).isEmpty();
    assertCountersEqualItems(List.of("alice", "bob", "carol"));
  }

  @Test
  void deletingAnEmptyAccountTakesNineRequests() {
    create("alice");
    repo.deleteUser("alice");
    double[] billed = billing().lifecycle(Billing.Lifecycle.DELETE_EMPTY_USER);
    assertCost(AccessPattern.DELETE_USER, 9, billed[0], billed[1]);
    assertThat(repo.getUser("alice")).isEmpty();
  }

  @Test
  void deletingAUserThatNeverExistedFailsAfterOneRequest() {
    assertThatThrownBy(() -> repo.deleteUser("ghost")).isInstanceOf(UserNotFoundException.class);
    assertThat(costs.last().requests()).isEqualTo(1);
    assertThat(costs.last().succeeded()).isFalse();
    create("alice");
    repo.deleteUser("alice");
    assertThatThrownBy(() -> repo.deleteUser("alice")).isInstanceOf(UserNotFoundException.class);
  }

  @Test
  void aClosingAccountActsAsMissingForEveryWriteAndShowsItsStatusToReaders() {
    seedAccount("");
    Photo bobs = repo.getPhoto(new PhotoId("bob", T0)).orElseThrow();
    PhotoId alices = new PhotoId("alice", T0.plusSeconds(2));
    table.failAtRequest(1);
    assertThatThrownBy(() -> repo.deleteUser("alice"))
        .isInstanceOf(ServiceUnavailableException.class);
    User closing = user("alice");
    assertThat(closing.status()).isEqualTo(UserStatus.CLOSING);
    assertThat(repo.userWithPhotos("alice", SortOrder.NEWEST_FIRST, PageRequest.first()).user())
        .map(User::status)
        .contains(UserStatus.CLOSING);
    assertThatThrownBy(() -> repo.follow("alice", "carol"))
        .isInstanceOf(UserNotFoundException.class);
    repo.unfollow("alice", "carol");
    assertThatThrownBy(() -> repo.follow("alice", "carol"))
        .isInstanceOf(UserNotFoundException.class);
    create("dave");
    assertThatThrownBy(() -> repo.follow("dave", "alice"))
        .isInstanceOf(UserNotFoundException.class);
    assertThatThrownBy(() -> repo.reactTo("alice", bobs.id(), ReactionType.SMILEY))
        .isInstanceOf(UserNotFoundException.class);
    // Alice's photos go when the cascade reaches them; until then they are refused as missing.
    assertThatThrownBy(() -> repo.reactTo("dave", alices, ReactionType.SMILEY))
        .isInstanceOf(PhotoNotFoundException.class);
    assertThatThrownBy(() -> repo.uploadPhoto("alice", T0.plusSeconds(9), URL))
        .isInstanceOf(UserNotFoundException.class);
    assertThatThrownBy(() -> repo.updateProfile("alice", ProfileUpdate.builder().name("A").build()))
        .isInstanceOf(UserNotFoundException.class);
    assertThatThrownBy(() -> create("alice")).isInstanceOf(UserAlreadyExistsException.class);
    assertCountersEqualItems(List.of("alice", "bob", "carol", "dave"));
    repo.deleteUser("alice");
    assertThat(repo.getUser("alice")).isEmpty();
    assertThat(repo.getPhoto(alices)).isEmpty();
    assertThat(repo.reactionsLeftBy("dave", alices)).isEmpty();
    assertCountersEqualItems(List.of("alice", "bob", "carol", "dave"));
  }

  @Test
  void aReactionToAClosingUsersPhotoIsRefusedAsMissingAndWritesNothing() {
    seedAccount("");
    PhotoId alices = new PhotoId("alice", T0.plusSeconds(1));
    Map<ReactionType, Long> counted = repo.getPhoto(alices).orElseThrow().reactions();
    create("dave");
    // The mark is the first request: the cascade has reached none of alice's photos.
    table.failAtRequest(1);
    assertThatThrownBy(() -> repo.deleteUser("alice"))
        .isInstanceOf(ServiceUnavailableException.class);
    costs.clear();
    assertThatThrownBy(() -> repo.reactTo("dave", alices, ReactionType.HEART))
        .isInstanceOf(PhotoNotFoundException.class);
    assertThat(costs.last().pattern()).isEqualTo(AccessPattern.REACT_TO);
    assertThat(costs.last().succeeded()).isFalse();
    assertThat(costs.last().writeCapacityUnits()).isZero();
    // The owner's own reaction is refused by the reactor's check, before the photo's.
    assertThatThrownBy(() -> repo.reactTo("alice", alices, ReactionType.HEART))
        .isInstanceOf(UserNotFoundException.class);
    assertThat(repo.reactionsLeftBy("dave", alices)).isEmpty();
    assertThat(repo.reactionsLeftBy("alice", alices)).containsExactly(ReactionType.THUMBSUP);
    assertThat(repo.getPhoto(alices).orElseThrow().reactions()).isEqualTo(counted);
    assertCountersEqualItems(List.of("alice", "bob", "carol", "dave"));
    repo.deleteUser("alice");
    assertThat(repo.getPhoto(alices)).isEmpty();
    assertCountersEqualItems(List.of("bob", "carol", "dave"));
  }

  @Test
  void anAccountDeletionInterruptedAtAnyRequestIsFinishedByTheNextCall() {
    seedAccount("full-");
    InterruptibleTable probe = table;
    int before = probe.requests();
    repo.deleteUser("full-alice");
    int total = probe.requests() - before;
    assertThat(total).isGreaterThan(9);
    for (int failing = 1; failing <= total; failing++) {
      String prefix = "n" + failing + "-";
      seedAccount(prefix);
      table.failAtRequest(failing);
      try {
        repo.deleteUser(prefix + "alice");
      } catch (ServiceUnavailableException expected) {
        assertThat(repo.getUser(prefix + "alice"))
            .as("cut at request %d", failing)
            .map(User::status)
            .isIn(java.util.Optional.empty(), java.util.Optional.of(UserStatus.CLOSING));
        // The request cut may have been applied if it writes; if it reads, the mark (request 1)
        // and whatever followed it were.
        assertThat(expected.written())
            .as("written, cut at request %d (%s)", failing, table.failed())
            .isEqualTo(
                table.failed().writes()
                    ? ServiceUnavailableException.Written.UNKNOWN
                    : ServiceUnavailableException.Written.PARTLY);
        assertThat(expected.reason()).isEqualTo(ServiceUnavailableException.Reason.UNREACHABLE);
      }
      List<String> everyone = List.of(prefix + "alice", prefix + "bob", prefix + "carol");
      assertCountersEqualItems(everyone);
      if (repo.getUser(prefix + "alice").isPresent()) {
        repo.deleteUser(prefix + "alice");
      }
      assertThat(repo.getUser(prefix + "alice"))
          .as("after the retry, cut at %d", failing)
          .isEmpty();
      assertCountersEqualItems(everyone);
      assertThat(user(prefix + "bob").following()).isEqualTo(1);
      assertThat(user(prefix + "carol").followers()).isEqualTo(1);
    }
  }

  @Test
  void deleteUserRejectsBadInputBeforeAnyRequest() {
    create("alice");
    assertInvalidAndNothingDone(() -> repo.deleteUser(null));
    assertInvalidAndNothingDone(() -> repo.deleteUser(""));
    assertInvalidAndNothingDone(() -> repo.deleteUser("al#ice"));
    assertInvalidAndNothingDone(() -> repo.deleteUser("x".repeat(65)));
    assertThat(user("alice").status()).isEqualTo(UserStatus.ACTIVE);
  }

  /**
   * The measurement docs/costs.md quotes: an account with 100 photos, 300 reactions on them,
   * 200 followers and 150 followees. Prints the cost listener's numbers.
   */
  @Test
  void closingALargeAccountIsMeasured() {
    List<NewUser> users = new ArrayList<>(List.of(newUser("star")));
    List<NewPhoto> photos = new ArrayList<>();
    List<Follow> follows = new ArrayList<>();
    List<Reaction> reactions = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      photos.add(new NewPhoto("star", T0.plusSeconds(i), URL));
    }
    for (int i = 0; i < 200; i++) {
      users.add(newUser("fan" + i));
      follows.add(new Follow("fan" + i, "star", T0));
    }
    for (int i = 0; i < 150; i++) {
      users.add(newUser("idol" + i));
      follows.add(new Follow("star", "idol" + i, T0));
    }
    for (int i = 0; i < 300; i++) {
      reactions.add(
          new Reaction(
              "fan" + (i % 200),
              new PhotoId("star", T0.plusSeconds(i % 100)),
              ReactionType.values()[i / 100],
              T0));
    }
    repo.importSnapshot(new Snapshot(users, photos, follows, reactions), written -> {});
    costs.clear();
    repo.deleteUser("star");
    OperationCost cost = costs.last();
    System.out.printf(
        "deleteUser(100 photos, 300 reactions, 200 followers, 150 followees) on "
            + "%s: %d requests, %.1f RCU, %.1f WCU, %d items read; largest transaction %d actions%n",
        billing(),
        cost.requests(),
        cost.readCapacityUnits(),
        cost.writeCapacityUnits(),
        cost.itemsRead(),
        table.largestTransaction());
    assertThat(cost.succeeded()).isTrue();
    assertThat(table.largestTransaction()).isLessThanOrEqualTo(100);
    assertThat(repo.getUser("star")).isEmpty();
    assertThat(user("fan0").following()).isZero();
    assertThat(user("idol0").followers()).isZero();
    // 1 mark + 4 reaction queries + photos (2 queries, then for each photo with reactions a
    // query and a transaction: a closing owner's photos take no new reactions, so they are not
    // marked one by one) + followers (5 queries, 5 transactions) + followees (4 + 4) + the
    // profile: the count is exact for this layout.
    assertThat(cost.requests()).isEqualTo(1 + 4 + (2 + 200) + (5 + 5) + (4 + 4) + 1);
  }

  /**
   * The other side of the measurement: an account that left 300 reactions on 100 photos of
   * others, and has nothing else. Prints the cost listener's numbers.
   */
  @Test
  void closingAnAccountThatLeftManyReactionsIsMeasured() {
    List<NewUser> users = new ArrayList<>(List.of(newUser("critic"), newUser("artist")));
    List<NewPhoto> photos = new ArrayList<>();
    List<Reaction> reactions = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      photos.add(new NewPhoto("artist", T0.plusSeconds(i), URL));
      for (int t = 0; t < 3; t++) {
        reactions.add(
            new Reaction(
                "critic", new PhotoId("artist", T0.plusSeconds(i)), ReactionType.values()[t], T0));
      }
    }
    repo.importSnapshot(new Snapshot(users, photos, List.of(), reactions), written -> {});
    costs.clear();
    repo.deleteUser("critic");
    OperationCost cost = costs.last();
    System.out.printf(
        "deleteUser(300 reactions left on 100 photos of others) on %s: %d "
            + "requests, %.1f RCU, %.1f WCU, %d items read; largest transaction %d actions%n",
        billing(),
        cost.requests(),
        cost.readCapacityUnits(),
        cost.writeCapacityUnits(),
        cost.itemsRead(),
        table.largestTransaction());
    // mark + photos Query; three reaction types of 100 (pages of 49, 49, 2: a Query and a
    // transaction each) and one type with none; followers, followees, the profile. Each
    // transaction: 49 deletes, 49 counters and the check of the account's closing marker.
    assertThat(cost.requests()).isEqualTo(2 + 3 * 6 + 1 + 1 + 1 + 1);
    assertThat(table.largestTransaction()).isEqualTo(99);
    assertThat(allPhotos("artist", SortOrder.OLDEST_FIRST, 100))
        .allSatisfy(photo -> assertThat(photo.reactions().values()).containsOnly(0L));
    assertCountersEqualItems(List.of("critic", "artist"));
  }

  // --- isFollowing, reactionsLeftBy ---------------------------------------------------------

  @Test
  void isFollowingReadsOneFriendship() {
    create("alice");
    create("bob");
    repo.follow("bob", "alice");
    assertThat(repo.isFollowing("bob", "alice")).isTrue();
    assertCost(AccessPattern.IS_FOLLOWING, 1, 1, 0);
    assertThat(repo.isFollowing("alice", "bob")).isFalse();
    assertCost(AccessPattern.IS_FOLLOWING, 1, 1, 0);
    assertThat(repo.isFollowing("ghost", "alice")).isFalse();
    repo.unfollow("bob", "alice");
    assertThat(repo.isFollowing("bob", "alice")).isFalse();
  }

  @Test
  void isFollowingRejectsBadInputPerParameter() {
    assertInvalidAndNothingDone(() -> repo.isFollowing(null, "alice"));
    assertInvalidAndNothingDone(() -> repo.isFollowing("alice", null));
    assertInvalidAndNothingDone(() -> repo.isFollowing("a#b", "alice"));
    assertInvalidAndNothingDone(() -> repo.isFollowing("alice", ""));
    assertInvalidAndNothingDone(() -> repo.isFollowing("alice", "alice"));
  }

  @Test
  void reactionsLeftByListsOnlyThatUsersTypesOnThatPhoto() {
    create("alice");
    create("bob");
    create("bo");
    Photo photo = upload("alice", T0);
    Photo other = upload("alice", T0.plusSeconds(1));
    repo.reactTo("bob", photo.id(), ReactionType.SUNGLASSES);
    repo.reactTo("bob", photo.id(), ReactionType.HEART);
    repo.reactTo("bo", photo.id(), ReactionType.SMILEY);
    repo.reactTo("bob", other.id(), ReactionType.THUMBSUP);
    Set<ReactionType> types = repo.reactionsLeftBy("bob", photo.id());
    assertThat(types).containsExactly(ReactionType.HEART, ReactionType.SUNGLASSES);
    assertThatThrownBy(() -> types.add(ReactionType.SMILEY))
        .isInstanceOf(UnsupportedOperationException.class);
    assertCost(AccessPattern.REACTIONS_LEFT_BY, 1, 0.5, 0);
    assertThat(repo.reactionsLeftBy("bo", photo.id())).containsExactly(ReactionType.SMILEY);
    assertThat(repo.reactionsLeftBy("alice", photo.id())).isEmpty();
    assertCost(AccessPattern.REACTIONS_LEFT_BY, 1, billing().emptyQuery(false), 0);
    assertThat(repo.reactionsLeftBy("bob", new PhotoId("ghost", T0))).isEmpty();
  }

  @Test
  void reactionsLeftByRejectsBadInputPerParameter() {
    assertInvalidAndNothingDone(() -> repo.reactionsLeftBy(null, new PhotoId("alice", T0)));
    assertInvalidAndNothingDone(() -> repo.reactionsLeftBy("b#", new PhotoId("alice", T0)));
    assertInvalidAndNothingDone(() -> repo.reactionsLeftBy("bob", null));
    assertInvalidAndNothingDone(() -> repo.reactionsLeftBy("bob", new PhotoId("alice", null)));
  }

  // --- userWithPhotos: the profile on the first page; full pages --------------------------

  @ParameterizedTest
  @EnumSource(SortOrder.class)
  void theProfileComesWithTheFirstPageInBothOrders(SortOrder order) {
    User alice = create("alice");
    List<Photo> uploaded = new ArrayList<>();
    for (int i = 0; i < 7; i++) {
      uploaded.add(upload("alice", T0.plusSeconds(i)));
    }
    if (order == SortOrder.NEWEST_FIRST) {
      java.util.Collections.reverse(uploaded);
    }
    UserPhotos first = repo.userWithPhotos("alice", order, PageRequest.first(3));
    assertThat(first.user()).contains(alice);
    assertThat(first.photos().items()).containsExactlyElementsOf(uploaded.subList(0, 3));
    // Newest first, seven photos do not reach the profile: a GetItem adds it.
    assertThat(costs.last().requests()).isEqualTo(order == SortOrder.OLDEST_FIRST ? 1 : 2);
    UserPhotos second = repo.userWithPhotos("alice", order, first.photos().next(3));
    assertThat(second.user()).isEmpty();
    assertThat(second.photos().items()).containsExactlyElementsOf(uploaded.subList(3, 6));
    assertThat(costs.last().requests()).isEqualTo(1);
    UserPhotos third = repo.userWithPhotos("alice", order, second.photos().next(3));
    assertThat(third.photos().items()).containsExactlyElementsOf(uploaded.subList(6, 7));
    assertThat(third.photos().hasNext()).isFalse();
  }

  @Test
  void newestFirstReachingTheProfileTakesOneRequest() {
    User alice = create("alice");
    upload("alice", T0);
    upload("alice", T0.plusSeconds(1));
    upload("alice", T0.plusSeconds(2));
    UserPhotos first = repo.userWithPhotos("alice", SortOrder.NEWEST_FIRST, PageRequest.first(2));
    assertThat(first.user()).contains(alice);
    assertThat(first.photos().items()).hasSize(2);
    assertThat(first.photos().hasNext()).isTrue();
    assertThat(costs.last().requests()).isEqualTo(1);
  }

  @ParameterizedTest
  @EnumSource(SortOrder.class)
  void anExactlyFullLastPageHasNoCursor(SortOrder order) {
    create("alice");
    for (int i = 0; i < 4; i++) {
      upload("alice", T0.plusSeconds(i));
    }
    UserPhotos all = repo.userWithPhotos("alice", order, PageRequest.first(4));
    assertThat(all.photos().items()).hasSize(4);
    assertThat(all.photos().hasNext()).isFalse();
    UserPhotos first = repo.userWithPhotos("alice", order, PageRequest.first(2));
    assertThat(first.photos().items()).hasSize(2);
    UserPhotos second = repo.userWithPhotos("alice", order, first.photos().next(2));
    assertThat(second.photos().items()).hasSize(2);
    assertThat(second.photos().hasNext()).isFalse();
  }

  @Test
  void aPageOfNHoldsNPhotosWhenNExist() {
    create("alice");
    for (int i = 0; i < 5; i++) {
      upload("alice", T0.plusSeconds(i));
    }
    for (SortOrder order : SortOrder.values()) {
      assertThat(repo.userWithPhotos("alice", order, PageRequest.first(5)).photos().items())
          .as(order.name())
          .hasSize(5);
      assertThat(repo.userWithPhotos("alice", order, PageRequest.first(1)).photos().items())
          .as(order.name())
          .hasSize(1);
    }
  }

  @Test
  void nextOnTheLastPageIsAClearError() {
    create("alice");
    UserPhotos only = repo.userWithPhotos("alice", SortOrder.OLDEST_FIRST, PageRequest.first());
    assertThat(only.photos().hasNext()).isFalse();
    assertThatThrownBy(() -> only.photos().next(10))
        .isInstanceOf(InvalidCursorException.class)
        .hasMessageContaining("last page");
  }

  // --- small rules -------------------------------------------------------------------------

  @Test
  void aBirthDateInTheFutureIsInvalid() {
    LocalDate today =
        LocalDate.ofInstant(QuickPhotosContract.CLOCK_START, java.time.ZoneOffset.UTC);
    NewUser base = newUser("alice");
    assertInvalidAndNothingDone(
        () ->
            repo.createUser(
                new NewUser(
                    "alice",
                    base.name(),
                    base.email(),
                    today.plusDays(2),
                    base.address(),
                    UserStatus.ACTIVE)));
    assertThat(repo.getUser("alice")).isEmpty();
    // Tomorrow in UTC is already today east of UTC.
    repo.createUser(
        new NewUser(
            "alice",
            base.name(),
            base.email(),
            today.plusDays(1),
            base.address(),
            UserStatus.ACTIVE));
    assertInvalidAndNothingDone(
        () ->
            repo.updateProfile(
                "alice", ProfileUpdate.builder().birthdate(today.plusYears(1)).build()));
    assertThat(user("alice").birthdate()).isEqualTo(today.plusDays(1));
  }

  @Test
  void theClosingStatusBelongsToDeleteUserAlone() {
    NewUser base = newUser("alice");
    assertInvalidAndNothingDone(
        () ->
            repo.createUser(
                new NewUser(
                    "alice",
                    base.name(),
                    base.email(),
                    base.birthdate(),
                    base.address(),
                    UserStatus.CLOSING)));
    create("alice");
    assertInvalidAndNothingDone(
        () ->
            repo.updateProfile(
                "alice", ProfileUpdate.builder().status(UserStatus.CLOSING).build()));
    assertInvalidAndNothingDone(
        () ->
            repo.importSnapshot(
                new Snapshot(
                    List.of(
                        new NewUser(
                            "bob",
                            base.name(),
                            base.email(),
                            base.birthdate(),
                            base.address(),
                            UserStatus.CLOSING)),
                    List.of(),
                    List.of(),
                    List.of()),
                written -> {}));
    assertThat(user("alice").status()).isEqualTo(UserStatus.ACTIVE);
    repo.updateProfile("alice", ProfileUpdate.builder().status(UserStatus.INACTIVE).build());
    assertThat(user("alice").status()).isEqualTo(UserStatus.INACTIVE);
  }

  // --- the cascades' retries are bounded by the configured policy ----------------------------

  /**
   * Counters that promise items nobody can find (here written straight to the engine) keep a
   * cascade going round after round; a repository configured for 3 attempts gives up after 3
   * rounds, not after the default policy's 8.
   */
  @Test
  void aCustomRetryPolicyBoundsTheCascadesRoundsToo() {
    RecordingCostListener bounded = new RecordingCostListener();
    QuickPhotos threeAttempts =
        Repositories.create(
            table,
            RepositoryOptions.defaults()
                .withCostListener(bounded)
                .withRetryPolicy(RetryPolicy.noDelay(3)));
    create("alice");
    PhotoId photo = new PhotoId("alice", T0);
    table.write(
        new WriteAction.Put(
            ItemCodec.photo(photo, URL, Map.of(ReactionType.HEART, 1L)), ItemCondition.NONE));

    // The marked photo promises a reaction the index never lists: the index lags, as far as a
    // cascade can tell, and the mark was written.
    assertThatThrownBy(() -> threeAttempts.deletePhoto(photo))
        .isInstanceOfSatisfying(
            ServiceUnavailableException.class,
            e -> {
              assertThat(e.reason()).isEqualTo(ServiceUnavailableException.Reason.INDEX_LAG);
              assertThat(e.written()).isEqualTo(ServiceUnavailableException.Written.PARTLY);
            });
    // Round 1 marks the photo; rounds 2 and 3 read it again; each round looks for reactions.
    assertThat(operations(bounded.last()))
        .containsExactly("UpdateItem", "Query", "GetItem", "Query", "GetItem", "Query");

    table.write(
        new WriteAction.Put(ItemCodec.user(newUser("bob"), 0, 1, null), ItemCondition.NONE));
    assertThatThrownBy(() -> threeAttempts.deleteUser("bob"))
        .isInstanceOfSatisfying(
            ServiceUnavailableException.class,
            e -> {
              assertThat(e.reason()).isEqualTo(ServiceUnavailableException.Reason.INDEX_LAG);
              assertThat(e.written()).isEqualTo(ServiceUnavailableException.Written.PARTLY);
            });
    // The profile's delete waits for a friendship that never shows: one try a round.
    assertThat(operations(bounded.last())).filteredOn("DeleteItem"::equals).hasSize(3);
  }

  private static List<String> operations(OperationCost cost) {
    return cost.requestsMade().stream().map(io.quickphotos.DynamoRequest::operation).toList();
  }
}
