package io.quickphotos.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.quickphotos.AccessPattern;
import io.quickphotos.AppValue;
import io.quickphotos.NewPhoto;
import io.quickphotos.NewUser;
import io.quickphotos.OperationCost;
import io.quickphotos.Photo;
import io.quickphotos.PhotoEdit;
import io.quickphotos.PhotoId;
import io.quickphotos.PhotoNotFoundException;
import io.quickphotos.ProfileUpdate;
import io.quickphotos.QuickPhotos;
import io.quickphotos.QuickPhotosException;
import io.quickphotos.ReactionType;
import io.quickphotos.User;
import io.quickphotos.UserNotFoundException;
import io.quickphotos.UserStatus;
import io.quickphotos.VersionConflictException;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.Table;
import io.quickphotos.internal.repository.Repositories;
import io.quickphotos.internal.repository.RepositoryOptions;
import io.quickphotos.internal.singletable.layout.KeyLayout;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Edits that never lose another writer's change, on every backend: every photo and profile
 * carries a version that each change the application makes advances (reactions and follows do
 * not), and a change that names the version it was made from fails with
 * {@link VersionConflictException}, writing nothing, once the item has moved on. A backend's
 * subclass supplies a fresh, empty engine per test.
 */
public abstract class EditsContract {
  private static final Instant NOW = Instant.parse("2026-06-01T00:00:00Z");
  private static final Instant T0 = NOW.minus(Duration.ofDays(2));
  private static final String URL = "https://photos.example.com/p.jpg";

  /** The engine under test. */
  protected InterruptibleTable table;

  /** Every cost the repository reported. */
  protected RecordingCostListener costs;

  /** The repository under test. */
  protected QuickPhotos repo;

  /**
   * Supplies a new engine over an empty table (a {@code Table}; typed {@code Object} for the
   * reason {@link LifecycleContract#newEngine()} gives).
   *
   * @return the engine
   */
  protected abstract Object newEngine();

  /**
   * Whose capacity numbers the backend reports where they differ from the service's.
   *
   * @return {@link Billing#SERVICE} unless overridden
   */
  protected Billing billing() {
    return Billing.SERVICE;
  }

  @BeforeEach
  void freshRepository() {
    table = new InterruptibleTable((Table) newEngine());
    costs = new RecordingCostListener();
    repo =
        Repositories.create(
            table,
            RepositoryOptions.defaults()
                .withCostListener(costs)
                .withClock(Clock.fixed(NOW, ZoneOffset.UTC))
                .withRetryPolicy(io.quickphotos.RetryPolicy.noDelay()));
  }

  private User create(String username) {
    return repo.createUser(
        new NewUser(
            username,
            "Name of " + username,
            username + "@example.com",
            LocalDate.of(1990, 4, 1),
            "1 Main Street",
            UserStatus.ACTIVE,
            Map.of()));
  }

  private Photo upload(String owner, Instant taken) {
    return repo.uploadPhoto(new NewPhoto(owner, taken, URL, "A heron", Map.of()));
  }

  private Photo stored(PhotoId id) {
    return repo.getPhoto(id).orElseThrow();
  }

  /** Every item of the table, by key: what a call that must write nothing must leave. */
  private Map<Key, Item> allItems() {
    Map<Key, Item> items = new TreeMap<>(Comparator.comparing(Key::toString));
    table.forEachItem(item -> items.put(item.key(), item));
    return items;
  }

  private static PhotoEdit caption(String caption) {
    return PhotoEdit.builder().caption(caption).build();
  }

  private static PhotoEdit caption(String caption, long version) {
    return PhotoEdit.builder().caption(caption).expectedVersion(version).build();
  }

  // --- versions --------------------------------------------------------------------------------

  @Test
  void aPhotoStartsAtVersionZeroAndEachEditAdvancesIt() {
    create("ann");
    Photo photo = upload("ann", T0);
    assertThat(photo.version()).isZero();
    assertThat(table.getItem(KeyLayout.photo(photo.id())).item().orElseThrow().get("version"))
        .as("an item never edited holds no version")
        .isEmpty();
    repo.editPhoto(photo.id(), caption("Mist"));
    assertThat(stored(photo.id()).version()).isEqualTo(1);
    repo.editPhoto(photo.id(), PhotoEdit.builder().attributes(Map.of("w", AppValue.of(1))).build());
    repo.editPhoto(photo.id(), caption("Fog", 2));
    assertThat(stored(photo.id()).version()).isEqualTo(3);
    assertThat(stored(photo.id()).caption()).isEqualTo("Fog");
  }

  @Test
  void aProfileStartsAtVersionZeroAndEachUpdateAdvancesIt() {
    User ann = create("ann");
    assertThat(ann.version()).isZero();
    User updated = repo.updateProfile("ann", ProfileUpdate.builder().name("Ann Lee").build());
    assertThat(updated.version()).isEqualTo(1);
    assertThat(repo.getUser("ann").orElseThrow().version()).isEqualTo(1);
    User again =
        repo.updateProfile(
            "ann", ProfileUpdate.builder().address("2 Main Street").expectedVersion(1).build());
    assertThat(again.version()).isEqualTo(2);
    assertThat(again.name()).isEqualTo("Ann Lee");
  }

  @Test
  void reactionsAndFollowsDoNotAdvanceTheVersion() {
    create("ann");
    create("bob");
    create("cat");
    Photo photo = upload("ann", T0);
    repo.editPhoto(photo.id(), caption("Mist"));
    long read = stored(photo.id()).version();
    repo.reactTo("bob", photo.id(), ReactionType.HEART);
    repo.reactTo("cat", photo.id(), ReactionType.HEART);
    repo.removeReaction("cat", photo.id(), ReactionType.HEART);
    repo.follow("bob", "ann");
    repo.follow("ann", "cat");
    assertThat(stored(photo.id()).version()).isEqualTo(read);
    assertThat(repo.getUser("ann").orElseThrow().version()).isZero();
    // The owner's edit made from the version read before the hearts goes through.
    repo.editPhoto(photo.id(), caption("Mist at dawn", read));
    assertThat(stored(photo.id()).caption()).isEqualTo("Mist at dawn");
    assertThat(stored(photo.id()).reactionCount(ReactionType.HEART)).isEqualTo(1);
    repo.updateProfile("ann", ProfileUpdate.builder().name("Ann").expectedVersion(0).build());
  }

  @Test
  void anEditFromAStaleVersionIsAConflictAndWritesNothing() {
    create("ann");
    Photo photo = upload("ann", T0);
    repo.editPhoto(photo.id(), caption("First writer"));
    Map<Key, Item> before = allItems();
    int requests = table.requests();

    Throwable thrown = catchThrowable(() -> repo.editPhoto(photo.id(), caption("Second", 0)));
    int made = table.requests() - requests;

    assertThat(thrown)
        .isInstanceOfSatisfying(
            VersionConflictException.class,
            e -> {
              assertThat(e.kind()).isEqualTo(QuickPhotosException.Kind.CONFLICT);
              assertThat(e.photo()).contains(photo.id());
              assertThat(e.username()).isEmpty();
              assertThat(e.expectedVersion()).isEqualTo(0);
              assertThat(e.currentVersion()).isEqualTo(1);
              Map<String, String> identifiers = new LinkedHashMap<>();
              identifiers.put("photoOwner", "ann");
              identifiers.put("photoTimestamp", T0.toString());
              identifiers.put("expectedVersion", "0");
              identifiers.put("currentVersion", "1");
              assertThat(e.identifiers()).containsExactlyEntriesOf(identifiers);
            });
    assertThat(allItems()).isEqualTo(before);
    assertThat(made).as("one transaction, not retried").isEqualTo(1);
    assertThat(stored(photo.id()).caption()).isEqualTo("First writer");
  }

  @Test
  void anUpdateFromAStaleVersionIsAConflictAndWritesNothing() {
    create("ann");
    repo.updateProfile("ann", ProfileUpdate.builder().name("First").build());
    repo.updateProfile("ann", ProfileUpdate.builder().name("Second").build());
    Map<Key, Item> before = allItems();

    Throwable thrown =
        catchThrowable(
            () ->
                repo.updateProfile(
                    "ann", ProfileUpdate.builder().name("Third").expectedVersion(1).build()));

    assertThat(thrown)
        .isInstanceOfSatisfying(
            VersionConflictException.class,
            e -> {
              assertThat(e.username()).contains("ann");
              assertThat(e.photo()).isEmpty();
              Map<String, String> identifiers = new LinkedHashMap<>();
              identifiers.put("username", "ann");
              identifiers.put("expectedVersion", "1");
              identifiers.put("currentVersion", "2");
              assertThat(e.identifiers()).containsExactlyEntriesOf(identifiers);
            });
    assertThat(allItems()).isEqualTo(before);
  }

  @Test
  void aMissingOrDepartingItemIsNotFoundWhateverTheVersion() {
    create("ann");
    PhotoId missing = new PhotoId("ann", T0);
    assertThat(catchThrowable(() -> repo.editPhoto(missing, caption("x", 3))))
        .isInstanceOf(PhotoNotFoundException.class);
    assertThat(
            catchThrowable(
                () ->
                    repo.updateProfile(
                        "bob", ProfileUpdate.builder().name("x").expectedVersion(0).build())))
        .isInstanceOf(UserNotFoundException.class);
    Photo photo = upload("ann", T0);
    // A closing account: its photos and its profile are gone for writes, stale version or not.
    table.failAtRequest(2); // deleteUser's mark lands, its cascade's first Query fails
    catchThrowable(() -> repo.deleteUser("ann"));
    table.heal();
    assertThat(catchThrowable(() -> repo.editPhoto(photo.id(), caption("x", 7))))
        .isInstanceOf(PhotoNotFoundException.class);
    assertThat(catchThrowable(() -> repo.editPhoto(photo.id(), caption("x", 0))))
        .isInstanceOf(PhotoNotFoundException.class);
    assertThat(
            catchThrowable(
                () ->
                    repo.updateProfile(
                        "ann", ProfileUpdate.builder().name("x").expectedVersion(5).build())))
        .isInstanceOf(UserNotFoundException.class);
  }

  @Test
  void aVersionedChangeCostsWhatAnUnversionedOneCosts() {
    create("ann");
    Photo photo = upload("ann", T0);
    costs.clear();
    repo.editPhoto(photo.id(), caption("Mist"));
    repo.editPhoto(photo.id(), caption("Fog", 1));
    repo.updateProfile("ann", ProfileUpdate.builder().name("A").build());
    repo.updateProfile("ann", ProfileUpdate.builder().name("B").expectedVersion(1).build());
    double[] edit = billing().transaction(AccessPattern.EDIT_PHOTO);
    for (OperationCost cost : costs.of(AccessPattern.EDIT_PHOTO)) {
      assertThat(cost.requests()).isEqualTo(1);
      assertThat(new double[] {cost.readCapacityUnits(), cost.writeCapacityUnits()})
          .isEqualTo(edit);
    }
    for (OperationCost cost : costs.of(AccessPattern.UPDATE_PROFILE)) {
      assertThat(cost.requests()).isEqualTo(1);
      assertThat(new double[] {cost.readCapacityUnits(), cost.writeCapacityUnits()})
          .isEqualTo(new double[] {0, 2});
    }
    assertThat(costs.of(AccessPattern.EDIT_PHOTO)).hasSize(2);
    assertThat(costs.of(AccessPattern.UPDATE_PROFILE)).hasSize(2);
  }

  // --- single attributes -----------------------------------------------------------------------

  private static final Map<String, AppValue> ATTRIBUTES =
      Map.of(
          "alt",
          AppValue.of("A heron on one leg"),
          "tags",
          AppValue.list(AppValue.of("birds")),
          "exif",
          AppValue.map(Map.of("iso", AppValue.of(100), "camera", AppValue.of("X100V"))));

  private Photo uploadWith(String owner, Instant taken, Map<String, AppValue> attributes) {
    return repo.uploadPhoto(new NewPhoto(owner, taken, URL, "", attributes));
  }

  @Test
  void singleAttributeChangesTouchOnlyWhatTheyName() {
    create("ann");
    Photo photo = uploadWith("ann", T0, ATTRIBUTES);
    repo.editPhoto(
        photo.id(),
        PhotoEdit.builder()
            .set("width", AppValue.of(4032))
            .set("exif", "iso", AppValue.of(200))
            .remove("alt")
            .append("tags", AppValue.of("lake"), AppValue.of("dawn"))
            .add("views", 1)
            .build());
    repo.editPhoto(photo.id(), PhotoEdit.builder().add("views", 2).build());
    repo.editPhoto(
        photo.id(),
        PhotoEdit.builder()
            .caption("Mist")
            .remove("exif", "camera")
            .remove("gone")
            .append("new", AppValue.of(1))
            .build());
    Photo edited = stored(photo.id());
    assertThat(edited.attributes())
        .containsExactlyInAnyOrderEntriesOf(
            Map.of(
                "width",
                AppValue.of(4032),
                "exif",
                AppValue.map(Map.of("iso", AppValue.of(200))),
                "tags",
                AppValue.list(AppValue.of("birds"), AppValue.of("lake"), AppValue.of("dawn")),
                "views",
                AppValue.of(3),
                "new",
                AppValue.list(AppValue.of(1))));
    assertThat(edited.caption()).isEqualTo("Mist");
    // Additions alone are counts, as reactions are: two edits advanced the version, not three.
    assertThat(edited.version()).isEqualTo(2);
  }

  @Test
  void aProfilesSingleAttributesChangeAsAPhotosDo() {
    create("ann");
    User updated =
        repo.updateProfile(
            "ann",
            ProfileUpdate.builder()
                .name("Ann Lee")
                .set("bio", AppValue.of("Birds"))
                .add("visits", 5)
                .build());
    assertThat(updated.attributes())
        .containsExactlyInAnyOrderEntriesOf(
            Map.of("bio", AppValue.of("Birds"), "visits", AppValue.of(5)));
    assertThat(updated.version()).isEqualTo(1);
    User counted = repo.updateProfile("ann", ProfileUpdate.builder().add("visits", -2).build());
    assertThat(counted.attributes().get("visits")).isEqualTo(AppValue.of(3));
    assertThat(counted.version()).isEqualTo(1);
    assertThat(counted.name()).isEqualTo("Ann Lee");
  }

  @Test
  void twoWritersOfDifferentAttributesBothLand() {
    create("ann");
    Photo photo = uploadWith("ann", T0, Map.of("alt", AppValue.of("old")));
    // Both read the photo, then each writes its own attribute.
    Photo readByTagger = stored(photo.id());
    Photo readByOwner = stored(photo.id());
    repo.editPhoto(
        readByTagger.id(),
        PhotoEdit.builder().set("tags", AppValue.list(AppValue.of("heron"))).build());
    repo.editPhoto(
        readByOwner.id(), PhotoEdit.builder().set("alt", AppValue.of("A heron")).build());
    assertThat(stored(photo.id()).attributes())
        .containsExactlyInAnyOrderEntriesOf(
            Map.of("alt", AppValue.of("A heron"), "tags", AppValue.list(AppValue.of("heron"))));
  }

  @Test
  void concurrentAdditionsAreAllCounted() throws Exception {
    create("ann");
    Photo photo = upload("ann", T0);
    int threads = 8;
    int each = 25;
    java.util.concurrent.ExecutorService pool =
        java.util.concurrent.Executors.newFixedThreadPool(threads);
    try {
      java.util.List<java.util.concurrent.Future<?>> done = new java.util.ArrayList<>();
      for (int t = 0; t < threads; t++) {
        done.add(
            pool.submit(
                () -> {
                  for (int i = 0; i < each; i++) {
                    repo.editPhoto(photo.id(), PhotoEdit.builder().add("views", 1).build());
                  }
                }));
      }
      for (java.util.concurrent.Future<?> f : done) {
        f.get();
      }
    } finally {
      pool.shutdown();
    }
    assertThat(stored(photo.id()).attributes().get("views")).isEqualTo(AppValue.of(threads * each));
    assertThat(stored(photo.id()).version()).isZero();
  }

  @Test
  void aRemovalFromAPhotoWithoutAttributesIsNoErrorAndAddsNothing() {
    create("ann");
    Photo photo = upload("ann", T0);
    Item before = table.getItem(KeyLayout.photo(photo.id())).item().orElseThrow();
    repo.editPhoto(photo.id(), PhotoEdit.builder().remove("alt").build());
    Item after = table.getItem(KeyLayout.photo(photo.id())).item().orElseThrow();
    assertThat(after).isEqualTo(before.toBuilder().put("version", 1).build());
    assertThat(stored(photo.id()).attributes()).isEmpty();
  }

  @Test
  void badChangesAreInvalidInputBeforeAnyRequest() {
    create("ann");
    Photo photo = upload("ann", T0);
    int requests = table.requests();
    java.util.List<PhotoEdit> bad =
        java.util.List.of(
            PhotoEdit.builder().attributes(Map.of()).set("a", AppValue.of(1)).build(),
            PhotoEdit.builder().set("a", AppValue.of(1)).remove("a").build(),
            PhotoEdit.builder().set("a", "k", AppValue.of(1)).remove("a").build(),
            PhotoEdit.builder().set("a", "k", AppValue.of(1)).set("a", "k", AppValue.of(2)).build(),
            PhotoEdit.builder().append("tags").build(),
            PhotoEdit.builder().set("9lives", AppValue.of(1)).build(),
            PhotoEdit.builder().set("a", "", AppValue.of(1)).build(),
            PhotoEdit.builder().set("a", (AppValue) null).build(),
            PhotoEdit.builder().add("views", new java.math.BigDecimal("1".repeat(39))).build(),
            PhotoEdit.builder().add("views", new java.math.BigDecimal("1E+126")).build(),
            PhotoEdit.builder()
                .set("blob", AppValue.of("b".repeat(AppValue.MAX_ATTRIBUTES_BYTES)))
                .build(),
            PhotoEdit.builder().add("views", 1).expectedVersion(-1).build());
    for (PhotoEdit edit : bad) {
      assertThat(catchThrowable(() -> repo.editPhoto(photo.id(), edit)))
          .as("%s", edit)
          .isInstanceOf(io.quickphotos.InvalidInputException.class);
      assertThat(
              catchThrowable(
                  () ->
                      repo.updateProfile(
                          "ann",
                          new ProfileUpdate(
                              java.util.Optional.empty(),
                              java.util.Optional.empty(),
                              java.util.Optional.empty(),
                              java.util.Optional.empty(),
                              java.util.Optional.empty(),
                              edit.attributes(),
                              java.util.Optional.empty(),
                              edit.expectedVersion(),
                              edit.changes()))))
          .as("%s", edit)
          .isInstanceOf(io.quickphotos.InvalidInputException.class);
    }
    assertThat(table.requests()).isEqualTo(requests);
  }

  @Test
  void aChangeThatDoesNotFitWhatTheAttributeHoldsIsRefusedByTheTable() {
    create("ann");
    Photo photo = uploadWith("ann", T0, ATTRIBUTES);
    // A first partial edit gives the photo its bound, so the next go straight to their clauses.
    repo.editPhoto(photo.id(), PhotoEdit.builder().add("views", 1).build());
    Map<Key, Item> before = allItems();
    for (PhotoEdit edit :
        java.util.List.of(
            PhotoEdit.builder().set("alt", "k", AppValue.of(1)).build(),
            PhotoEdit.builder().set("none", "k", AppValue.of(1)).build(),
            PhotoEdit.builder().append("alt", AppValue.of(1)).build(),
            PhotoEdit.builder().add("tags", 1).build(),
            PhotoEdit.builder().caption("x").add("alt", 1).build())) {
      assertThat(catchThrowable(() -> repo.editPhoto(photo.id(), edit)))
          .as("%s", edit)
          .isInstanceOf(io.quickphotos.InvalidInputException.class);
      assertThat(allItems()).isEqualTo(before);
    }
    // The same on a photo without a bound, whose edit is measured first.
    Photo fresh = uploadWith("ann", T0.plusSeconds(1), ATTRIBUTES);
    Map<Key, Item> unbounded = allItems();
    assertThat(
            catchThrowable(
                () -> repo.editPhoto(fresh.id(), PhotoEdit.builder().add("alt", 1).build())))
        .isInstanceOf(io.quickphotos.InvalidInputException.class);
    assertThat(allItems()).isEqualTo(unbounded);
  }

  @Test
  void theLimitHoldsForTheItemAsItWillBeWithoutReadingIt() {
    create("ann");
    int limit = AppValue.MAX_ATTRIBUTES_BYTES;
    // "app" (3), the map (3), "blob" (4), its text, one byte for the entry: 11 bytes besides.
    Photo photo = uploadWith("ann", T0, Map.of("blob", AppValue.of("b".repeat(limit - 11 - 8))));
    // Exactly at the limit: "a" (1), a one-byte text and one byte for the entry... 8 bytes left
    // for "x" (1) + "123456" (6) + 1.
    repo.editPhoto(photo.id(), PhotoEdit.builder().set("x", AppValue.of("123456")).build());
    Map<Key, Item> full = allItems();
    // One byte more is refused, measured on the item, and nothing is written.
    Throwable over =
        catchThrowable(
            () ->
                repo.editPhoto(photo.id(), PhotoEdit.builder().set("y", AppValue.of("")).build()));
    assertThat(over)
        .isInstanceOf(io.quickphotos.InvalidInputException.class)
        .hasMessageContaining("'blob'");
    assertThat(allItems()).isEqualTo(full);
    // Replacing a value by one as large fits: the bound overstated, the measure is exact.
    repo.editPhoto(photo.id(), PhotoEdit.builder().set("x", AppValue.of("654321")).build());
    assertThat(stored(photo.id()).attributes().get("x")).isEqualTo(AppValue.of("654321"));
    // Removing makes room again.
    repo.editPhoto(photo.id(), PhotoEdit.builder().remove("blob").build());
    repo.editPhoto(photo.id(), PhotoEdit.builder().set("y", AppValue.of("fits")).build());
    assertThat(stored(photo.id()).attributes().keySet()).containsExactly("x", "y");
  }

  @Test
  void aPartialEditCostsOneRequestAndWhatTheItemIsBilled() {
    create("ann");
    Photo photo = uploadWith("ann", T0, ATTRIBUTES);
    costs.clear();
    // The first partial edit of a photo written whole: the budget fails (no bound yet), and
    // the edit is measured on the photo returned with the failure and sent again.
    repo.editPhoto(photo.id(), PhotoEdit.builder().set("alt", AppValue.of("A heron")).build());
    OperationCost first = costs.last();
    assertThat(first.requests()).isEqualTo(2);
    // From then on, one transaction, billed as the whole edit: by the item's size.
    costs.clear();
    repo.editPhoto(photo.id(), PhotoEdit.builder().add("views", 1).build());
    repo.editPhoto(photo.id(), PhotoEdit.builder().set("alt", AppValue.of("A grey heron")).build());
    repo.editPhoto(photo.id(), PhotoEdit.builder().attributes(ATTRIBUTES).build());
    double[] edit = billing().transaction(AccessPattern.EDIT_PHOTO);
    assertThat(costs.of(AccessPattern.EDIT_PHOTO)).hasSize(3);
    for (OperationCost cost : costs.of(AccessPattern.EDIT_PHOTO)) {
      assertThat(cost.requests()).as("%s", cost).isEqualTo(1);
      assertThat(new double[] {cost.readCapacityUnits(), cost.writeCapacityUnits()})
          .isEqualTo(edit);
    }
  }

  @Test
  void aStaleVersionIsRefusedForSingleAttributesToo() {
    create("ann");
    Photo photo = uploadWith("ann", T0, ATTRIBUTES);
    repo.editPhoto(photo.id(), PhotoEdit.builder().set("alt", AppValue.of("x")).build());
    Map<Key, Item> before = allItems();
    assertThat(
            catchThrowable(
                () ->
                    repo.editPhoto(
                        photo.id(),
                        PhotoEdit.builder()
                            .set("alt", AppValue.of("y"))
                            .expectedVersion(0)
                            .build())))
        .isInstanceOfSatisfying(
            VersionConflictException.class, e -> assertThat(e.currentVersion()).isEqualTo(1));
    assertThat(allItems()).isEqualTo(before);
    // A fresh photo's first partial edit is measured: its version is checked there as well.
    Photo fresh = uploadWith("ann", T0.plusSeconds(1), ATTRIBUTES);
    repo.editPhoto(fresh.id(), PhotoEdit.builder().caption("c").build());
    assertThat(
            catchThrowable(
                () ->
                    repo.editPhoto(
                        fresh.id(),
                        PhotoEdit.builder()
                            .set("alt", AppValue.of("y"))
                            .expectedVersion(0)
                            .build())))
        .isInstanceOf(VersionConflictException.class);
    repo.editPhoto(
        fresh.id(), PhotoEdit.builder().set("alt", AppValue.of("y")).expectedVersion(1).build());
    assertThat(stored(fresh.id()).version()).isEqualTo(2);
  }
}
