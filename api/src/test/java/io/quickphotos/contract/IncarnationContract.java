package io.quickphotos.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quickphotos.AuditFinding;
import io.quickphotos.AuditReport;
import io.quickphotos.Follow;
import io.quickphotos.NewUser;
import io.quickphotos.PageRequest;
import io.quickphotos.Photo;
import io.quickphotos.PhotoId;
import io.quickphotos.PhotoNotFoundException;
import io.quickphotos.QuickPhotos;
import io.quickphotos.Reaction;
import io.quickphotos.ReactionType;
import io.quickphotos.SortOrder;
import io.quickphotos.User;
import io.quickphotos.UserStatus;
import io.quickphotos.engine.Index;
import io.quickphotos.engine.QueryPlan;
import io.quickphotos.engine.Table;
import io.quickphotos.engine.WriteAction;
import io.quickphotos.internal.repository.Repositories;
import io.quickphotos.internal.repository.RepositoryOptions;
import io.quickphotos.internal.singletable.codec.ItemCodec;
import io.quickphotos.internal.singletable.files.ItemJson;
import io.quickphotos.internal.singletable.files.ItemLoader;
import io.quickphotos.internal.singletable.layout.KeyLayout;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A delete never touches what took the name next, on every backend: each test holds one request
 * of a cascade ({@link InterruptibleTable#pauseBefore}), lets another call finish the same delete
 * and a new account or photo take the freed name or id, then lets the cascade go on. The cascade
 * must end as finished and leave the newcomer whole: its photos, reactions, friendships and
 * counters, every counter equal to its items.
 *
 * <p>The repository is built over the backend's bare engine through an
 * {@link InterruptibleTable}; a backend's subclass supplies a fresh, empty engine per test.
 */
public abstract class IncarnationContract {
  private static final Instant T0 = Instant.parse("2018-05-30T15:42:38Z");
  private static final String URL = "https://photos.example.com/p.jpg";

  /** The engine under test, through the request holder. */
  protected InterruptibleTable table;

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
    table = new InterruptibleTable((Table) newEngine());
    repo =
        Repositories.create(
            table,
            RepositoryOptions.defaults()
                .withCostListener(new RecordingCostListener())
                .withClock(new TickingClock(QuickPhotosContract.CLOCK_START)));
  }

  private void create(String username) {
    repo.createUser(
        new NewUser(
            username,
            "Name of " + username,
            username + "@example.com",
            LocalDate.of(1990, 4, 1),
            "1 Main Street",
            UserStatus.ACTIVE));
  }

  private User user(String username) {
    return repo.getUser(username).orElseThrow();
  }

  private List<Reaction> reactionsOn(PhotoId photo) {
    return repo.photoWithReactions(photo, PageRequest.first(100)).reactions().items();
  }

  /** Runs a call on another thread; its request the pause names is held there. */
  private static CompletableFuture<Void> inBackground(Runnable call) {
    return CompletableFuture.runAsync(call);
  }

  /** What a call run in the background threw, or null if it returned; waits up to a minute. */
  static Throwable outcome(CompletableFuture<Void> call) {
    try {
      call.get(60, TimeUnit.SECONDS);
      return null;
    } catch (java.util.concurrent.ExecutionException e) {
      return e.getCause();
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }

  private static Predicate<Object> indexQueryOn(PhotoId photo) {
    return request ->
        request instanceof QueryPlan plan
            && plan.index() == Index.INVERTED
            && plan.partitionValue().equals(KeyLayout.photoSortKey(photo));
  }

  // --- deletePhoto -------------------------------------------------------------------------

  /**
   * The wedge found by the random soak: a deletePhoto that finds no photo cleans up what the
   * index lists for the id, and by then a new photo with that id has a reaction. The cleanup may
   * take only reactions of a photo that is still absent.
   */
  @Test
  void aDeletePhotoThatFoundNoPhotoLeavesAReuploadedPhotoAlone() {
    create("ann");
    create("bob");
    PhotoId photo = repo.uploadPhoto("ann", T0, URL).id();
    repo.deletePhoto(photo);

    InterruptibleTable.Pause pause = table.pauseBefore(indexQueryOn(photo));
    CompletableFuture<Void> late = inBackground(() -> repo.deletePhoto(photo));
    pause.awaitReached();
    repo.uploadPhoto("ann", T0, URL);
    repo.reactTo("bob", photo, ReactionType.HEART);
    pause.resume();

    assertThat(outcome(late))
        .as("the late call found no photo when it began")
        .isInstanceOf(PhotoNotFoundException.class);
    assertThat(repo.getPhoto(photo).orElseThrow().reactions().get(ReactionType.HEART)).isEqualTo(1);
    assertThat(reactionsOn(photo)).extracting(Reaction::reactor).containsExactly("bob");
    // Not wedged: it can be deleted, and leaves nothing behind.
    repo.deletePhoto(photo);
    assertThat(repo.getPhoto(photo)).isEmpty();
    assertThat(repo.reactionsLeftBy("bob", photo)).isEmpty();
  }

  /**
   * A deletePhoto that marked the photo is overtaken: another call deletes the photo, the owner
   * uploads a new one under the same id and someone reacts to it. The first call's next writes
   * are fenced to the photo it marked: it ends as finished and the new photo keeps its reaction.
   */
  @Test
  void aDeletePhotoOvertakenByAnotherLeavesTheReuploadedPhotoAlone() {
    create("ann");
    create("bob");
    create("cat");
    PhotoId photo = repo.uploadPhoto("ann", T0, URL).id();
    repo.reactTo("bob", photo, ReactionType.HEART);

    InterruptibleTable.Pause pause = table.pauseBefore(indexQueryOn(photo));
    CompletableFuture<Void> first = inBackground(() -> repo.deletePhoto(photo));
    pause.awaitReached();
    repo.deletePhoto(photo);
    Photo again = repo.uploadPhoto("ann", T0, URL);
    repo.reactTo("cat", photo, ReactionType.SMILEY);
    pause.resume();

    assertThat(outcome(first)).as("the first call ends as finished").isNull();
    Photo now = repo.getPhoto(photo).orElseThrow();
    assertThat(now.location()).isEqualTo(again.location());
    assertThat(now.reactions().get(ReactionType.SMILEY)).isEqualTo(1);
    assertThat(now.reactions().get(ReactionType.HEART)).isZero();
    assertThat(reactionsOn(photo)).extracting(Reaction::reactor).containsExactly("cat");
    assertThat(repo.reactionsLeftBy("bob", photo)).isEmpty();
  }

  // --- deleteUser --------------------------------------------------------------------------

  /** Where a deleteUser is held while another call finishes it and the name is taken again. */
  enum HeldAt {
    /** Before it reads the account's photos, its first step after the mark. */
    PHOTOS,
    /** Before it reads the account's followers. */
    FRIENDSHIPS,
    /** Before its last write, the profile's DeleteItem. */
    PROFILE
  }

  /**
   * A deleteUser overtaken: another deleteUser of the same account finishes, the name is
   * created again, the new account follows someone, uploads a photo under an id the old account
   * had used and gets a reaction and a follower. Wherever the first call was held, it ends as
   * finished and the new account is untouched.
   */
  @ParameterizedTest
  @EnumSource(HeldAt.class)
  void aDeleteUserOvertakenByAnotherLeavesTheNewAccountAlone(HeldAt heldAt) {
    create("v");
    create("w");
    create("x");
    repo.follow("v", "w");
    repo.follow("x", "v");
    PhotoId photo = repo.uploadPhoto("v", T0, URL).id();
    repo.reactTo("x", photo, ReactionType.HEART);
    repo.reactTo("v", photo, ReactionType.SMILEY);

    String partition = KeyLayout.user("v").pk();
    Predicate<Object> which =
        switch (heldAt) {
          case PHOTOS ->
              request ->
                  request instanceof QueryPlan plan
                      && plan.index() == Index.TABLE
                      && plan.partitionValue().equals(partition)
                      && plan.sortCondition().orElseThrow().value().startsWith(KeyLayout.PHOTO);
          case FRIENDSHIPS ->
              request ->
                  request instanceof QueryPlan plan
                      && plan.index() == Index.TABLE
                      && plan.partitionValue().equals(partition)
                      && plan.sortCondition().orElseThrow().value().startsWith(KeyLayout.FRIEND);
          case PROFILE ->
              request ->
                  request instanceof WriteAction.Delete delete
                      && delete.key().equals(KeyLayout.user("v"));
        };
    InterruptibleTable.Pause pause = table.pauseBefore(which);
    CompletableFuture<Void> first = inBackground(() -> repo.deleteUser("v"));
    pause.awaitReached();
    repo.deleteUser("v");
    create("v");
    repo.follow("v", "w");
    repo.follow("x", "v");
    repo.uploadPhoto("v", T0, URL);
    repo.reactTo("x", photo, ReactionType.HEART);
    pause.resume();

    assertThat(outcome(first)).as("the first call ends as finished").isNull();
    User v = user("v");
    assertThat(v.status()).isEqualTo(UserStatus.ACTIVE);
    assertThat(v.following()).isEqualTo(1);
    assertThat(v.followers()).isEqualTo(1);
    assertThat(repo.isFollowing("v", "w")).isTrue();
    assertThat(repo.isFollowing("x", "v")).isTrue();
    assertThat(user("w").followers()).isEqualTo(1);
    assertThat(user("x").following()).isEqualTo(1);
    assertThat(
            repo.userWithPhotos("v", SortOrder.NEWEST_FIRST, PageRequest.first()).photos().items())
        .extracting(Photo::id)
        .containsExactly(photo);
    assertThat(repo.getPhoto(photo).orElseThrow().reactions().get(ReactionType.HEART)).isEqualTo(1);
    assertThat(reactionsOn(photo)).extracting(Reaction::reactor).containsExactly("x");
    assertThat(repo.audit(false, scanned -> {}).findings()).isEmpty();
  }

  /** A late deleteUser that finds the name free does nothing to the account created next. */
  @Test
  void aDeleteUserOfAFreedNameThrowsAndTouchesNothing() {
    create("v");
    repo.deleteUser("v");
    assertThatThrownBy(() -> repo.deleteUser("v"))
        .isInstanceOf(io.quickphotos.UserNotFoundException.class);
  }

  // --- tables already hurt: the audit, and data an earlier version wrote ----------------------

  /**
   * Export lines written by the version before fenced cascades (landed 416d064) through public
   * calls only: users, follows, photos, reactions; a photo wedged by the race this contract pins
   * ({@code ann@2024-02-02T10:00:00Z}: a heart counted, no reaction item); a deletePhoto cut
   * short after its mark ({@code bob@2024-02-03T10:00:00Z}, {@code deleting = true}); a
   * deleteUser cut short after its mark ({@code dan}, closing, no marker).
   */
  private static final String EARLIER_EXPORT = "export-416d064.json";

  private static final PhotoId WEDGED = new PhotoId("ann", Instant.parse("2024-02-02T10:00:00Z"));
  private static final PhotoId HALF_DELETED =
      new PhotoId("bob", Instant.parse("2024-02-03T10:00:00Z"));

  private void load(List<String> lines) {
    ItemLoader loader = new ItemLoader(table, io.quickphotos.RetryPolicy.noDelay());
    lines.forEach(line -> loader.put(ItemJson.parseLine(line)));
    loader.flush();
  }

  private void loadEarlierExport() {
    try (java.io.InputStream in = IncarnationContract.class.getResourceAsStream(EARLIER_EXPORT)) {
      load(new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).lines().toList());
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private AuditReport audit(boolean fix) {
    return repo.audit(fix, scanned -> {});
  }

  @Test
  void interruptedDeletesAnEarlierVersionLeftFinishUnderTheNewRules() {
    loadEarlierExport();
    // The earlier marker (true) serves as the photo's fence; the account gets one now.
    repo.deletePhoto(HALF_DELETED);
    assertThat(repo.getPhoto(HALF_DELETED)).isEmpty();
    assertThat(repo.reactionsLeftBy("ann", HALF_DELETED)).isEmpty();
    assertThat(repo.reactionsLeftBy("cat", HALF_DELETED)).isEmpty();
    repo.deleteUser("dan");
    assertThat(repo.getUser("dan")).isEmpty();
    assertThat(user("ann").followers()).isEqualTo(2);
    assertThat(user("cat").followers()).isZero();
    assertThat(user("eve").following()).isZero();
    // What is left is the wedge alone, which the audit names.
    assertThat(audit(false).findings())
        .extracting(AuditFinding::toString)
        .containsExactly(
            "COUNTER_MISMATCH photo " + WEDGED + ": heart: counter 1, reaction items 0");
  }

  @Test
  void theAuditFindsAndMendsATableTheEarlierVersionWedged() {
    loadEarlierExport();
    assertThatThrownBy(() -> repo.deletePhoto(WEDGED))
        .as("wedged before the audit")
        .isInstanceOf(io.quickphotos.ServiceUnavailableException.class);

    AuditReport found = audit(false);
    assertThat(found.itemsScanned()).isEqualTo(19);
    // The failed deletePhoto above left its mark: that delete is unfinished too.
    assertThat(found.findings())
        .extracting(AuditFinding::toString)
        .containsExactly(
            "COUNTER_MISMATCH photo " + WEDGED + ": heart: counter 1, reaction items 0",
            "UNFINISHED_DELETE photo " + WEDGED + ": marked deleting; deletePhoto did not finish",
            "UNFINISHED_DELETE photo "
                + HALF_DELETED
                + ": marked deleting; deletePhoto did not finish",
            "UNFINISHED_DELETE user dan: closing; deleteUser did not finish");

    AuditReport mended = audit(true);
    assertThat(mended.findings()).hasSize(4).allMatch(AuditFinding::fixed);
    assertThat(audit(true).clean()).as("a second run finds nothing").isTrue();
    assertThat(repo.getPhoto(WEDGED)).as("its delete finished").isEmpty();
    assertThat(repo.getPhoto(HALF_DELETED)).isEmpty();
    assertThat(repo.getUser("dan")).isEmpty();

    repo.deleteUser("ann");
    assertThat(audit(false).clean()).isTrue();
  }

  @Test
  void theAuditDeletesWhatRefersToMissingUsersAndPhotosAndSetsTheirCounters() {
    create("ann");
    create("bob");
    PhotoId photo = repo.uploadPhoto("ann", T0, URL).id();
    PhotoId orphan = new PhotoId("zed", T0);
    PhotoId gone = new PhotoId("ann", T0.plusSeconds(1));
    Instant at = Instant.parse("2024-03-01T12:00:00Z");
    // What a crash of another writer could leave: a follower and a reactor who are gone (both
    // still counted), a reaction on a photo that is gone, a photo whose owner is gone.
    load(
        List.of(
            ItemJson.formatLine(ItemCodec.friendship(new Follow("ghost", "ann", at))),
            ItemJson.formatLine(
                ItemCodec.reaction(new Reaction("ghost", photo, ReactionType.HEART, at))),
            ItemJson.formatLine(
                ItemCodec.reaction(new Reaction("bob", gone, ReactionType.SMILEY, at))),
            ItemJson.formatLine(ItemCodec.photo(orphan, URL, Map.of(ReactionType.HEART, 1L))),
            ItemJson.formatLine(
                ItemCodec.reaction(new Reaction("bob", orphan, ReactionType.HEART, at)))));
    load(
        List.of(
            ItemJson.formatLine(
                ItemCodec.user(
                    new NewUser(
                        "ann",
                        "Ann",
                        "ann@example.com",
                        LocalDate.of(1990, 4, 1),
                        "1 Main Street",
                        UserStatus.ACTIVE),
                    1,
                    0,
                    null))));
    load(List.of(ItemJson.formatLine(ItemCodec.photo(photo, URL, Map.of(ReactionType.HEART, 1L)))));

    // By kind, then subject; the orphan photo's own reaction goes with it.
    assertThat(audit(false).findings())
        .extracting(AuditFinding::toString)
        .containsExactly(
            "MISSING_USER friendship ghost -> ann: user ghost does not exist",
            "MISSING_USER photo " + orphan + ": its owner zed does not exist",
            "MISSING_USER reaction ghost heart on photo " + photo + ": user ghost does not exist",
            "MISSING_PHOTO reaction bob smiley on photo "
                + gone
                + ": photo "
                + gone
                + " does not exist");
    // The mending run deletes the dangling items, then finds the counters that counted them.
    AuditReport mended = audit(true);
    assertThat(mended.findings())
        .extracting(AuditFinding::toString)
        .contains(
            "COUNTER_MISMATCH user ann: followers: counter 1, friendship items 0 (fixed)",
            "COUNTER_MISMATCH photo " + photo + ": heart: counter 1, reaction items 0 (fixed)");
    assertThat(mended.findings()).hasSize(6).allMatch(AuditFinding::fixed);
    assertThat(audit(false).clean()).isTrue();
    assertThat(user("ann").followers()).isZero();
    assertThat(repo.getPhoto(photo).orElseThrow().reactions().get(ReactionType.HEART)).isZero();
    assertThat(repo.getPhoto(orphan)).isEmpty();
    assertThat(repo.reactionsLeftBy("bob", orphan)).isEmpty();
    assertThat(repo.reactionsLeftBy("bob", gone)).isEmpty();
  }
}
