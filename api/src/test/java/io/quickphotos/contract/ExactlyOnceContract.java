package io.quickphotos.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quickphotos.AuditReport;
import io.quickphotos.NewUser;
import io.quickphotos.PhotoId;
import io.quickphotos.ProfileUpdate;
import io.quickphotos.QuickPhotos;
import io.quickphotos.ReactionType;
import io.quickphotos.Snapshot;
import io.quickphotos.User;
import io.quickphotos.UserAlreadyExistsException;
import io.quickphotos.UserStatus;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.ItemCondition;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.Table;
import io.quickphotos.engine.WriteAction;
import io.quickphotos.internal.repository.Repositories;
import io.quickphotos.internal.repository.RepositoryOptions;
import io.quickphotos.internal.singletable.codec.ItemCodec;
import io.quickphotos.internal.singletable.layout.KeyLayout;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Single writes whose answer is lost after they were applied, then resent (as the AWS SDK
 * resends after a timeout), on every backend: each call still answers as if it had been sent
 * once, and is applied once. {@code createUser} recognises its own item by the call's token
 * ({@code callToken}, returned with the failed condition); {@code updateProfile}, whose
 * version advances and whose additions count, is never resent but reads its item back and
 * recognises its own change ({@code updateToken}), or answers unknown where another update
 * replaced the token; the other single writes are idempotent or end as finished. A clash with
 * another call's user is still a clash.
 *
 * <p>The repository is built over the backend's bare engine through a {@link LostAnswerTable};
 * a backend's subclass supplies a fresh, empty engine per test.
 */
public abstract class ExactlyOnceContract {
  private static final Instant T0 = Instant.parse("2018-05-30T15:42:38Z");

  /** The engine under test, through the answer loser. */
  protected LostAnswerTable table;

  /** The repository under test. */
  protected QuickPhotos repo;

  /**
   * Supplies a new engine over an empty table (a {@code Table}; typed {@code Object} for the
   * reason {@link LifecycleContract#newEngine()} gives).
   *
   * @return the engine
   */
  protected abstract Object newEngine();

  @BeforeEach
  void freshRepository() {
    table = new LostAnswerTable((Table) newEngine());
    repo =
        Repositories.create(
            table,
            RepositoryOptions.defaults()
                .withCostListener(new RecordingCostListener())
                .withClock(new TickingClock(QuickPhotosContract.CLOCK_START)));
  }

  private static NewUser user(String name, String email) {
    return new NewUser(name, name, email, LocalDate.of(1990, 1, 1), "", UserStatus.ACTIVE);
  }

  private static NewUser user(String name) {
    return user(name, name + "@example.com");
  }

  private static Predicate<WriteAction> putOf(Key key) {
    return action -> action instanceof WriteAction.Put put && put.item().key().equals(key);
  }

  private static Predicate<WriteAction> updateOf(Key key) {
    return action -> action instanceof WriteAction.Update update && update.key().equals(key);
  }

  private static Predicate<WriteAction> deleteOf(Key key) {
    return action -> action instanceof WriteAction.Delete delete && delete.key().equals(key);
  }

  private Optional<Item> stored(Key key) {
    return table.getItem(key).item();
  }

  // --- createUser --------------------------------------------------------------------------

  @Test
  void createUserWhoseAnswerIsLostReturnsTheUserItCreated() {
    table.loseAnswerOf(putOf(KeyLayout.user("ann")), () -> {});

    User created = repo.createUser(user("ann"));

    assertThat(table.resent()).isEqualTo(1);
    assertThat(created).isEqualTo(repo.getUser("ann").orElseThrow());
    assertThat(created.followers()).isZero();
    assertThat(created.email()).isEqualTo("ann@example.com");
    assertThat(stored(KeyLayout.user("ann")).orElseThrow().get("callToken")).isPresent();
  }

  /**
   * Another call follows the new user between the applied attempt and the resend: the resend
   * still recognises the item (the token is unchanged) and returns the user as this call created
   * it, while the table keeps the follow.
   */
  @Test
  void aResendAfterAnotherCallChangedTheUserReturnsTheUserAsCreated() {
    repo.createUser(user("bob"));
    table.loseAnswerOf(putOf(KeyLayout.user("ann")), () -> repo.follow("bob", "ann"));

    User created = repo.createUser(user("ann"));

    assertThat(created.followers()).isZero();
    assertThat(repo.getUser("ann").orElseThrow().followers()).isEqualTo(1);
    assertThat(repo.getUser("bob").orElseThrow().following()).isEqualTo(1);
  }

  /** Two calls, one name: the second is a clash, whatever it carries, and changes nothing. */
  @Test
  void anotherCallsUserIsStillAClash() {
    User first = repo.createUser(user("ann"));

    assertThatThrownBy(() -> repo.createUser(user("ann", "other@example.com")))
        .isInstanceOf(UserAlreadyExistsException.class);
    assertThatThrownBy(() -> repo.createUser(user("ann")))
        .isInstanceOf(UserAlreadyExistsException.class);
    assertThat(repo.getUser("ann")).contains(first);
  }

  /** A first attempt that met another call's user, answer lost: the resend is a clash too. */
  @Test
  void aResendThatMeetsAnotherCallsUserIsAClash() {
    repo.createUser(user("ann"));
    table.loseAnswerOf(putOf(KeyLayout.user("ann")), () -> {});

    assertThatThrownBy(() -> repo.createUser(user("ann", "other@example.com")))
        .isInstanceOf(UserAlreadyExistsException.class);
    assertThat(table.resent()).isEqualTo(1);
    assertThat(repo.getUser("ann").orElseThrow().email()).isEqualTo("ann@example.com");
  }

  /** A user imported in bulk (or written before tokens existed) has none: a clash. */
  @Test
  void aUserWithoutATokenIsAClash() {
    repo.importSnapshot(
        new Snapshot(List.of(user("ann")), List.of(), List.of(), List.of()), n -> {});
    assertThat(stored(KeyLayout.user("ann")).orElseThrow().get("callToken")).isEmpty();

    assertThatThrownBy(() -> repo.createUser(user("ann")))
        .isInstanceOf(UserAlreadyExistsException.class);
  }

  /** The audit reads past the token: a table of created users is clean. */
  @Test
  void theAuditIgnoresTheToken() {
    repo.createUser(user("ann"));
    repo.createUser(user("bob"));
    repo.follow("bob", "ann");

    assertThat(repo.audit(false, n -> {}).findings()).isEmpty();
  }

  // --- the other single writes -------------------------------------------------------------

  @Test
  void updateProfileWhoseAnswerIsLostReturnsTheUpdatedProfile() {
    repo.createUser(user("ann"));
    table.loseAnswerOf(updateOf(KeyLayout.user("ann")), () -> {});

    User updated = repo.updateProfile("ann", ProfileUpdate.builder().name("Ann B").build());

    assertThat(table.lostNotResent()).isEqualTo(1);
    assertThat(updated.name()).isEqualTo("Ann B");
    assertThat(repo.getUser("ann")).contains(updated);
  }

  @Test
  void anUpdateWhoseAnswerIsLostAdvancesTheVersionOnceAndCountsOnce() {
    repo.createUser(user("ann"));
    table.loseAnswerOf(updateOf(KeyLayout.user("ann")), () -> {});

    User updated =
        repo.updateProfile(
            "ann",
            ProfileUpdate.builder().name("Ann B").add("visits", 1).expectedVersion(0).build());

    assertThat(table.lostNotResent()).isEqualTo(1);
    assertThat(updated.version()).isEqualTo(1);
    assertThat(repo.getUser("ann").orElseThrow().version()).isEqualTo(1);
    assertThat(repo.getUser("ann").orElseThrow().attributes())
        .isEqualTo(java.util.Map.of("visits", io.quickphotos.AppValue.of(1)));

    // The same for an update that only counts, which leaves the version alone.
    table.loseAnswerOf(updateOf(KeyLayout.user("ann")), () -> {});
    repo.updateProfile("ann", ProfileUpdate.builder().add("visits", 1).build());
    assertThat(repo.getUser("ann").orElseThrow().attributes())
        .isEqualTo(java.util.Map.of("visits", io.quickphotos.AppValue.of(2)));
  }

  @Test
  void anUpdateWhoseAnswerIsLostAfterAnotherLandedIsUnknownAndAppliedOnce() {
    repo.createUser(user("ann"));
    // Between the applied attempt and the read that follows its lost answer, another call
    // updates the profile and replaces the token: the call cannot know its outcome, says so,
    // and does not send the update again (which would apply it twice).
    table.loseAnswerOf(
        updateOf(KeyLayout.user("ann")),
        () -> repo.updateProfile("ann", ProfileUpdate.builder().address("elsewhere").build()));
    assertThat(
            org.assertj.core.api.Assertions.catchThrowable(
                () ->
                    repo.updateProfile(
                        "ann", ProfileUpdate.builder().name("Ann B").expectedVersion(0).build())))
        .isInstanceOfSatisfying(
            io.quickphotos.ServiceUnavailableException.class,
            e ->
                assertThat(e.written())
                    .isEqualTo(io.quickphotos.ServiceUnavailableException.Written.UNKNOWN));
    User now = repo.getUser("ann").orElseThrow();
    assertThat(now.name()).isEqualTo("Ann B");
    assertThat(now.version()).isEqualTo(2);
  }

  /**
   * Regression (a fault history on DynamoDB Local, JDK 25): an update naming no version, whose
   * answer was lost, was resent by the SDK after another update had replaced its token, and
   * applied a second time — the version advanced three times for two updates, and an addition
   * would have counted twice. Now it is never resent: unknown, and applied once.
   */
  @Test
  void anUpdateNamingNoVersionIsNotAppliedTwiceWhenAnotherLandsBeforeItsResend() {
    repo.createUser(user("ann"));
    table.loseAnswerOf(
        updateOf(KeyLayout.user("ann")),
        () -> repo.updateProfile("ann", ProfileUpdate.builder().address("elsewhere").build()));
    assertThat(
            org.assertj.core.api.Assertions.catchThrowable(
                () ->
                    repo.updateProfile(
                        "ann", ProfileUpdate.builder().name("Ann B").add("visits", 1).build())))
        .isInstanceOf(io.quickphotos.ServiceUnavailableException.class);

    User now = repo.getUser("ann").orElseThrow();
    assertThat(now.version()).isEqualTo(2);
    assertThat(now.attributes()).isEqualTo(Map.of("visits", io.quickphotos.AppValue.of(1)));
    assertThat(table.lostNotResent()).isEqualTo(1);
    assertThat(table.resent()).isZero();
  }

  /** The mark of deleteUser (if_not_exists) and its last DeleteItem, each answer lost. */
  @Test
  void deleteUserWhoseWritesAreResentFinishes() {
    repo.createUser(user("ann"));
    table.loseAnswerOf(updateOf(KeyLayout.user("ann")), () -> {});
    repo.deleteUser("ann");
    assertThat(repo.getUser("ann")).isEmpty();

    repo.createUser(user("ann"));
    table.loseAnswerOf(deleteOf(KeyLayout.user("ann")), () -> {});
    repo.deleteUser("ann");

    assertThat(table.resent()).isEqualTo(2);
    assertThat(repo.getUser("ann")).isEmpty();
  }

  /**
   * audit --fix mends a counter with an UpdateItem on condition that it still holds what was
   * read; resent after its answer was lost, the fix fails that condition on its own effect, and
   * the item returned with the failure shows the counter mended: the finding reads fixed.
   */
  @Test
  void anAuditFixWhoseAnswerIsLostIsReportedFixed() {
    table.write(new WriteAction.Put(ItemCodec.user(user("ann"), 3, 0, null), ItemCondition.NONE));
    table.loseAnswerOf(updateOf(KeyLayout.user("ann")), () -> {});
    AuditReport userFixed = repo.audit(true, n -> {});

    PhotoId photo = new PhotoId("ann", T0);
    table.write(
        new WriteAction.Put(
            ItemCodec.photo(
                photo, "https://photos.example.com/1.jpg", Map.of(ReactionType.HEART, 2L)),
            ItemCondition.NONE));
    table.loseAnswerOf(updateOf(KeyLayout.photo(photo)), () -> {});
    AuditReport photoFixed = repo.audit(true, n -> {});

    assertThat(table.resent()).isEqualTo(2);
    assertThat(userFixed.findings())
        .filteredOn(f -> f.subject().equals("user ann"))
        .singleElement()
        .satisfies(f -> assertThat(f.fixed()).isTrue());
    assertThat(photoFixed.findings())
        .filteredOn(f -> f.subject().equals("photo " + photo))
        .singleElement()
        .satisfies(f -> assertThat(f.fixed()).isTrue());
    assertThat(repo.getUser("ann").orElseThrow().followers()).isZero();
    assertThat(repo.getPhoto(photo).orElseThrow().reactionCount(ReactionType.HEART)).isZero();
    assertThat(repo.audit(false, n -> {}).findings()).isEmpty();
  }

  /** deletePhoto's mark and its last DeleteItem (the resend finds the photo gone): finished. */
  @Test
  void deletePhotoWhoseWritesAreResentFinishes() {
    repo.createUser(user("ann"));
    PhotoId first = repo.uploadPhoto("ann", T0, "https://photos.example.com/1.jpg").id();
    PhotoId second =
        repo.uploadPhoto("ann", T0.plusSeconds(1), "https://photos.example.com/2.jpg").id();

    table.loseAnswerOf(updateOf(KeyLayout.photo(first)), () -> {});
    repo.deletePhoto(first);
    table.loseAnswerOf(deleteOf(KeyLayout.photo(second)), () -> {});
    repo.deletePhoto(second);

    assertThat(table.resent()).isEqualTo(2);
    assertThat(repo.getPhoto(first)).isEmpty();
    assertThat(repo.getPhoto(second)).isEmpty();
    assertThat(repo.audit(false, n -> {}).findings()).isEmpty();
  }
}
