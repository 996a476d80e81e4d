package io.quickphotos.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.quickphotos.AccessPattern;
import io.quickphotos.AppValue;
import io.quickphotos.AuditReport;
import io.quickphotos.FanOut;
import io.quickphotos.InvalidInputException;
import io.quickphotos.NewPhoto;
import io.quickphotos.NewUser;
import io.quickphotos.OperationCost;
import io.quickphotos.Page;
import io.quickphotos.PageRequest;
import io.quickphotos.Photo;
import io.quickphotos.PhotoEdit;
import io.quickphotos.PhotoId;
import io.quickphotos.PhotoNotFoundException;
import io.quickphotos.ProfileUpdate;
import io.quickphotos.QuickPhotos;
import io.quickphotos.ReactionType;
import io.quickphotos.Snapshot;
import io.quickphotos.SortOrder;
import io.quickphotos.TableItems;
import io.quickphotos.User;
import io.quickphotos.UserPhotos;
import io.quickphotos.UserStatus;
import io.quickphotos.engine.Index;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.Limits;
import io.quickphotos.engine.QueryPlan;
import io.quickphotos.engine.Table;
import io.quickphotos.engine.WriteAction;
import io.quickphotos.internal.repository.Repositories;
import io.quickphotos.internal.repository.RepositoryOptions;
import io.quickphotos.internal.singletable.codec.ItemCodec;
import io.quickphotos.internal.singletable.files.ItemJson;
import io.quickphotos.internal.singletable.files.ItemLoader;
import io.quickphotos.internal.singletable.layout.KeyLayout;
import java.io.StringReader;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A photo app's own fields on every backend: a photo's caption and the application's attributes
 * on photos and profiles, returned everywhere a photo or profile is, edited with one conditional
 * write, refused (naming the attribute) before any request when they break a limit, stored and
 * billed as DynamoDB stores and bills them up to the 400 KB item, carried by the export, the load,
 * the bulk import, the audit and the hybrid feed's backfill, and absent from the items of photos
 * and profiles that have none, so that tables written before read unchanged. The repository is
 * built over the backend's bare engine (through an {@link InterruptibleTable}, to hold a request
 * while another call runs); a backend's subclass supplies a fresh, empty engine per test.
 */
public abstract class AppFieldsContract {
  private static final Instant NOW = Instant.parse("2026-06-01T00:00:00Z");
  private static final Instant T0 = NOW.minus(Duration.ofDays(2));
  private static final String URL = "https://photos.example.com/p.jpg";

  /** A letter of four UTF-8 bytes (MATHEMATICAL SCRIPT CAPITAL A). */
  private static final String WIDE = "\uD835\uDC9C";

  private static final Map<String, AppValue> ATTRIBUTES =
      Map.of(
          "width",
          AppValue.of(4032),
          "ratio",
          AppValue.of(new BigDecimal("-1.3333")),
          "hdr",
          AppValue.of(true),
          "alt",
          AppValue.of("A heron on one leg\nat dawn \uD83D\uDC26"),
          "tags",
          AppValue.list(AppValue.of("birds"), AppValue.of("lake"), AppValue.of(7)),
          "exif",
          AppValue.map(
              Map.of(
                  "camera",
                  AppValue.of("X100V"),
                  "iso",
                  AppValue.of(160),
                  "lens",
                  AppValue.map(Map.of("mm", AppValue.of(23), "f", AppValue.of(2))))));

  private static final String CAPTION = "Morning at the lake \u2014 a heron, then mist";

  /** The engine under test, through the request holder. */
  protected InterruptibleTable table;

  /** Every cost the repositories reported. */
  protected RecordingCostListener costs;

  /** The repository under test, fan-out on read. */
  protected QuickPhotos repo;

  /** A repository of the hybrid feed on the same table (K = 1,000, a 30-day window). */
  protected QuickPhotos hybrid;

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
  void freshRepositories() {
    table = new InterruptibleTable((Table) newEngine());
    costs = new RecordingCostListener();
    repo = repository(FanOut.off());
    hybrid = repository(FanOut.hybrid());
  }

  private QuickPhotos repository(FanOut fanOut) {
    return Repositories.create(
        table,
        RepositoryOptions.defaults()
            .withCostListener(costs)
            .withClock(Clock.fixed(NOW, ZoneOffset.UTC))
            .withRetryPolicy(io.quickphotos.RetryPolicy.noDelay())
            .withFanOut(fanOut));
  }

  private static NewUser newUser(String username, Map<String, AppValue> attributes) {
    return new NewUser(
        username,
        "Name of " + username,
        username + "@example.com",
        LocalDate.of(1990, 4, 1),
        "1 Main Street",
        UserStatus.ACTIVE,
        attributes);
  }

  private void create(String... usernames) {
    for (String username : usernames) {
      repo.createUser(newUser(username, Map.of()));
    }
  }

  private static NewPhoto photo(
      String owner, Instant taken, String caption, Map<String, AppValue> attributes) {
    return new NewPhoto(owner, taken, URL, caption, attributes);
  }

  private Photo stored(PhotoId id) {
    return repo.getPhoto(id).orElseThrow();
  }

  private Item item(Key key) {
    return table.getItem(key).item().orElseThrow();
  }

  /** Every item of the table, by key: what a call that must write nothing must leave. */
  private Map<Key, Item> allItems() {
    Map<Key, Item> items = new TreeMap<>(java.util.Comparator.comparing(Key::toString));
    table.forEachItem(item -> items.put(item.key(), item));
    return items;
  }

  /** Attributes that take exactly {@code bytes} as DynamoDB counts them in the item. */
  private static Map<String, AppValue> attributesOf(int bytes) {
    // "app" (3) + the map (3) + "blob" (4) + the text + 1 byte for the entry.
    return Map.of("blob", AppValue.of("b".repeat(bytes - 11)));
  }

  // --- where a photo is ------------------------------------------------------------------------

  @Test
  void aPhotosCaptionAndAttributesComeBackEverywhereThePhotoIs() {
    create("ann", "bob", "cat");
    repo.follow("bob", "ann"); // a pull follow
    hybrid.follow("cat", "ann"); // a timeline follow
    Photo uploaded = repo.uploadPhoto(photo("ann", T0, CAPTION, ATTRIBUTES));
    repo.reactTo("bob", uploaded.id(), ReactionType.HEART);

    assertThat(uploaded.caption()).isEqualTo(CAPTION);
    assertThat(uploaded.attributes()).isEqualTo(ATTRIBUTES);
    Photo expected =
        new Photo(
            uploaded.id(),
            URL,
            Map.of(
                ReactionType.HEART,
                1L,
                ReactionType.SMILEY,
                0L,
                ReactionType.THUMBSUP,
                0L,
                ReactionType.SUNGLASSES,
                0L),
            CAPTION,
            ATTRIBUTES);
    assertThat(stored(uploaded.id())).isEqualTo(expected);
    for (SortOrder order : SortOrder.values()) {
      assertThat(repo.userWithPhotos("ann", order, PageRequest.first()).photos().items())
          .as(order.name())
          .containsExactly(expected);
    }
    assertThat(repo.photoWithReactions(uploaded.id(), PageRequest.first()).photo())
        .contains(expected);
    assertThat(repo.homeFeed("bob", PageRequest.first()).items())
        .as("the pull feed")
        .containsExactly(expected);
    assertThat(hybrid.homeFeed("cat", PageRequest.first()).items())
        .as("the hybrid feed, from the timeline")
        .containsExactly(expected);
    assertThat(timelineEntries()).as("the entry was written").hasSize(1);
    // The attributes' text, numbers, booleans, lists and maps read back as they were given: a
    // number compares numerically, whatever its scale.
    assertThat(stored(uploaded.id()).attributes().get("exif"))
        .isEqualTo(
            AppValue.map(
                Map.of(
                    "camera",
                    AppValue.of("X100V"),
                    "iso",
                    AppValue.of(new BigDecimal("160.00")),
                    "lens",
                    AppValue.map(Map.of("mm", AppValue.of(23), "f", AppValue.of(2))))));
  }

  private List<Item> timelineEntries() {
    List<Item> entries = new ArrayList<>();
    table.forEachItem(
        item -> {
          if (ItemCodec.kindOf(item) == ItemCodec.Entity.TIMELINE_ENTRY) {
            entries.add(item);
          }
        });
    return entries;
  }

  @Test
  void aProfilesAttributesComeBackEverywhereTheProfileIs() {
    Map<String, AppValue> attributes =
        Map.of(
            "private", AppValue.of(true),
            "bioLink", AppValue.of("https://ann.example.com"),
            "avatar", AppValue.map(Map.of("w", AppValue.of(96), "h", AppValue.of(96))));
    User created = repo.createUser(newUser("ann", attributes));
    create("bob");
    repo.follow("bob", "ann");

    assertThat(created.attributes()).isEqualTo(attributes);
    assertThat(repo.getUser("ann").orElseThrow().attributes()).isEqualTo(attributes);
    assertThat(
            repo.userWithPhotos("ann", SortOrder.NEWEST_FIRST, PageRequest.first())
                .user()
                .orElseThrow()
                .attributes())
        .isEqualTo(attributes);
    assertThat(repo.followedBy("bob", PageRequest.first()).items())
        .extracting(User::attributes)
        .containsExactly(attributes);

    // An update replaces the attributes whole, keeps the counters, and may remove them all.
    User renamed =
        repo.updateProfile(
            "ann",
            ProfileUpdate.builder()
                .name("Ann Lee")
                .attributes(Map.of("private", AppValue.of(false)))
                .build());
    assertThat(renamed.attributes()).containsExactly(Map.entry("private", AppValue.of(false)));
    assertThat(renamed.followers()).isEqualTo(1);
    User bare = repo.updateProfile("ann", ProfileUpdate.builder().attributes(Map.of()).build());
    assertThat(bare.attributes()).isEmpty();
    assertThat(bare.name()).isEqualTo("Ann Lee");
    assertThat(item(KeyLayout.user("ann")).get(ItemCodec.APP)).isEmpty();
  }

  // --- what an app that sets none pays ---------------------------------------------------------

  @Test
  void aPhotoOrProfileWithoutThemIsTheItemOfBefore() {
    create("ann");
    Photo plain = repo.uploadPhoto("ann", T0, URL);
    Item before = ItemCodec.photo(plain.id(), URL, Map.of());
    assertThat(item(KeyLayout.photo(plain.id()))).isEqualTo(before);
    assertThat(before.attributes().keySet())
        .containsExactlyInAnyOrder(
            "PK", "SK", "entity", "username", "timestamp", "location", "reactions");
    assertThat(item(KeyLayout.photo(plain.id())).size()).isEqualTo(before.size());
    assertThat(plain.caption()).isEmpty();
    assertThat(plain.attributes()).isEmpty();

    // Edited to have both, then back to neither: the item of a photo that never had them, but
    // for the version the two edits advanced.
    repo.editPhoto(plain.id(), PhotoEdit.builder().caption(CAPTION).attributes(ATTRIBUTES).build());
    assertThat(item(KeyLayout.photo(plain.id()))).isNotEqualTo(before);
    repo.editPhoto(plain.id(), PhotoEdit.builder().caption("").attributes(Map.of()).build());
    assertThat(item(KeyLayout.photo(plain.id())))
        .isEqualTo(before.toBuilder().put("version", 2).build());

    Item profile = item(KeyLayout.user("ann"));
    assertThat(profile.get(ItemCodec.APP)).isEmpty();
    assertThat(repo.getUser("ann").orElseThrow().attributes()).isEmpty();
  }

  // --- editing -------------------------------------------------------------------------------

  @Test
  void anEditReplacesEachPartItHoldsAndKeepsTheRest() {
    create("ann", "bob");
    Photo photo = repo.uploadPhoto(photo("ann", T0, CAPTION, ATTRIBUTES));
    repo.reactTo("bob", photo.id(), ReactionType.HEART);
    repo.reactTo("ann", photo.id(), ReactionType.SMILEY);

    costs.clear();
    repo.editPhoto(photo.id(), PhotoEdit.builder().caption("Mist over the lake").build());
    OperationCost cost = costs.last();
    assertThat(cost.pattern()).isEqualTo(AccessPattern.EDIT_PHOTO);
    assertThat(cost.requests()).isEqualTo(1);
    Photo edited = stored(photo.id());
    assertThat(edited.caption()).isEqualTo("Mist over the lake");
    assertThat(edited.attributes()).as("left alone").isEqualTo(ATTRIBUTES);
    assertThat(edited.reactions()).isEqualTo(stored(photo.id()).reactions());
    assertThat(edited.reactionCount(ReactionType.HEART)).isEqualTo(1);
    assertThat(edited.reactionCount(ReactionType.SMILEY)).isEqualTo(1);
    assertThat(edited.location()).isEqualTo(URL);

    Map<String, AppValue> fewer = new LinkedHashMap<>(ATTRIBUTES);
    fewer.remove("exif");
    fewer.put("width", AppValue.of(3024));
    repo.editPhoto(photo.id(), PhotoEdit.builder().attributes(fewer).build());
    edited = stored(photo.id());
    assertThat(edited.attributes()).as("replaced whole").isEqualTo(fewer);
    assertThat(edited.caption()).as("left alone").isEqualTo("Mist over the lake");
    assertThat(repo.photoWithReactions(photo.id(), PageRequest.first()).reactions().items())
        .hasSize(2);
    assertThat(repo.reactionsLeftBy("bob", photo.id())).containsExactly(ReactionType.HEART);
  }

  @Test
  void anEditShowsAtOnceOnEveryTimelineWithNoEntryRewritten() {
    create("ann", "bob", "cat");
    hybrid.follow("bob", "ann");
    hybrid.follow("cat", "ann");
    Photo photo = hybrid.uploadPhoto(photo("ann", T0, CAPTION, Map.of()));
    List<Item> entries = timelineEntries();
    assertThat(entries).hasSize(2);

    hybrid.editPhoto(
        photo.id(),
        PhotoEdit.builder()
            .caption("Edited")
            .attributes(Map.of("alt", AppValue.of("A heron")))
            .build());

    for (String reader : List.of("bob", "cat")) {
      Page<Photo> page = hybrid.homeFeed(reader, PageRequest.first());
      assertThat(page.items()).extracting(Photo::caption).as(reader).containsExactly("Edited");
      assertThat(page.items().get(0).attributes())
          .containsExactly(Map.entry("alt", AppValue.of("A heron")));
    }
    assertThat(timelineEntries()).as("the entries hold keys: nothing to repair").isEqualTo(entries);
  }

  @Test
  void anEditOfAPhotoThatIsNotThereIsPhotoNotFoundAndWritesNothing() {
    create("ann");
    PhotoId never = new PhotoId("ann", T0);
    PhotoId nobodys = new PhotoId("ghost", T0);
    Photo deleted = repo.uploadPhoto(photo("ann", T0.plusSeconds(1), CAPTION, Map.of()));
    repo.deletePhoto(deleted.id());
    Map<Key, Item> before = allItems();
    for (PhotoId id : List.of(never, nobodys, deleted.id())) {
      assertThatThrownBy(() -> repo.editPhoto(id, PhotoEdit.builder().caption("x").build()))
          .as(id.toString())
          .isInstanceOf(PhotoNotFoundException.class);
    }
    assertThat(allItems()).isEqualTo(before);
  }

  /**
   * deleteUser has marked the account closing and is held before its cascade reaches the photo:
   * the photo still exists, and an edit of it is refused as a reaction to it would be.
   */
  @Test
  void anEditOfAPhotoWhoseOwnerIsClosingIsRefusedBeforeTheCascadeReachesIt() {
    create("ann");
    Photo photo = repo.uploadPhoto(photo("ann", T0, CAPTION, ATTRIBUTES));
    String partition = KeyLayout.userPartition("ann");
    InterruptibleTable.Pause pause =
        table.pauseBefore(
            request ->
                request instanceof QueryPlan plan
                    && plan.index() == Index.TABLE
                    && plan.partitionValue().equals(partition));
    CompletableFuture<Void> closing = CompletableFuture.runAsync(() -> repo.deleteUser("ann"));
    pause.awaitReached();
    assertThat(repo.getUser("ann").orElseThrow().status()).isEqualTo(UserStatus.CLOSING);
    assertThat(repo.getPhoto(photo.id())).isPresent();

    assertThatThrownBy(
            () -> repo.editPhoto(photo.id(), PhotoEdit.builder().caption("late").build()))
        .isInstanceOf(PhotoNotFoundException.class);
    assertThat(stored(photo.id()).caption()).isEqualTo(CAPTION);

    pause.resume();
    assertThat(IncarnationContract.outcome(closing)).isNull();
    assertThat(repo.getPhoto(photo.id())).isEmpty();
  }

  /** deletePhoto has marked the photo and is held before it reads the reactions. */
  @Test
  void anEditOfAPhotoBeingDeletedIsRefused() {
    create("ann", "bob");
    Photo photo = repo.uploadPhoto(photo("ann", T0, CAPTION, ATTRIBUTES));
    repo.reactTo("bob", photo.id(), ReactionType.HEART);
    String partition = KeyLayout.photoSortKey(photo.id());
    InterruptibleTable.Pause pause =
        table.pauseBefore(
            request ->
                request instanceof QueryPlan plan
                    && plan.index() == Index.INVERTED
                    && plan.partitionValue().equals(partition));
    CompletableFuture<Void> deleting =
        CompletableFuture.runAsync(() -> repo.deletePhoto(photo.id()));
    pause.awaitReached();

    assertThatThrownBy(
            () -> repo.editPhoto(photo.id(), PhotoEdit.builder().caption("late").build()))
        .isInstanceOf(PhotoNotFoundException.class);

    pause.resume();
    assertThat(IncarnationContract.outcome(deleting)).isNull();
    assertThat(repo.getPhoto(photo.id())).isEmpty();
  }

  /**
   * An edit held at its transaction while the owner's deleteUser marks the account and runs to
   * the end: the edit lands on nothing (the photo is gone) and creates nothing.
   */
  @Test
  void anEditHeldWhileTheOwnerIsDeletedLeavesNothingBehind() {
    create("ann");
    Photo photo = repo.uploadPhoto(photo("ann", T0, CAPTION, ATTRIBUTES));
    Key photoKey = KeyLayout.photo(photo.id());
    InterruptibleTable.Pause pause =
        table.pauseBefore(
            request ->
                request instanceof List<?> actions
                    && actions.stream()
                        .anyMatch(
                            a -> a instanceof WriteAction.Update u && u.key().equals(photoKey)));
    CompletableFuture<Void> edit =
        CompletableFuture.runAsync(
            () -> repo.editPhoto(photo.id(), PhotoEdit.builder().caption("late").build()));
    pause.awaitReached();
    repo.deleteUser("ann");
    pause.resume();

    assertThat(IncarnationContract.outcome(edit)).isInstanceOf(PhotoNotFoundException.class);
    assertThat(allItems()).isEmpty();
  }

  // --- bad input -----------------------------------------------------------------------------

  /** One bad attribute map and the words its message must hold. */
  private record Bad(String why, Map<String, AppValue> attributes, String named) {}

  private static List<Bad> badAttributes() {
    Map<String, AppValue> nullValue = new LinkedHashMap<>();
    nullValue.put("alt", null);
    Map<String, AppValue> nullName = new LinkedHashMap<>();
    nullName.put(null, AppValue.of(1));
    Map<String, AppValue> nullKey = new LinkedHashMap<>();
    nullKey.put(null, AppValue.of(1));
    AppValue deep = AppValue.of(1);
    for (int i = 0; i < AppValue.MAX_DEPTH + 1; i++) {
      deep = AppValue.list(deep);
    }
    return List.of(
        new Bad("an empty name", Map.of("", AppValue.of(1)), "attribute name"),
        new Bad("a name of 65", Map.of("a".repeat(65), AppValue.of(1)), "attribute name"),
        new Bad("a name starting with a digit", Map.of("9lives", AppValue.of(1)), "9lives"),
        new Bad("a # in a name", Map.of("a#b", AppValue.of(1)), "a#b"),
        new Bad("a dot in a name", Map.of("a.b", AppValue.of(1)), "a.b"),
        new Bad("a non-ASCII name", Map.of("größe", AppValue.of(1)), "größe"),
        new Bad("a null name", nullName, "attribute name may not be null"),
        new Bad("a null value", nullValue, "'alt'"),
        new Bad("null text", Map.of("alt", AppValue.of((String) null)), "'alt'"),
        new Bad("a null number", Map.of("n", AppValue.of((BigDecimal) null)), "'n'"),
        new Bad(
            "a null element", Map.of("tags", AppValue.list(AppValue.of("a"), null)), "'tags'[1]"),
        new Bad("a null map key", Map.of("m", AppValue.map(nullKey)), "'m'"),
        new Bad(
            "a control character",
            Map.of("alt", AppValue.of("bell\u0007")),
            "'alt' may not contain control characters"),
        new Bad("an unpaired surrogate", Map.of("alt", AppValue.of("x\uD800")), "'alt'"),
        new Bad(
            "39 significant digits",
            Map.of("n", AppValue.of(new BigDecimal("1".repeat(39)))),
            "'n' has 39 significant digits"),
        new Bad("1E+126", Map.of("n", AppValue.of(new BigDecimal("1E+126"))), "'n' is out of"),
        new Bad("1E-131", Map.of("n", AppValue.of(new BigDecimal("-1E-131"))), "'n' is out of"),
        new Bad("nested 17 deep", Map.of("deep", deep), "'deep'"),
        new Bad(
            "a nested value's control character",
            Map.of("m", AppValue.map(Map.of("k", AppValue.list(AppValue.of("\u0000"))))),
            "'m'.k[0]"),
        new Bad(
            "one byte over the limit",
            attributesOf(AppValue.MAX_ATTRIBUTES_BYTES + 1),
            "the largest is 'blob'"));
  }

  @Test
  void badAttributesAreInvalidInputNamingThemBeforeAnyRequestOfAnyCall() {
    create("ann");
    Photo photo = repo.uploadPhoto(photo("ann", T0, CAPTION, ATTRIBUTES));
    Map<Key, Item> before = allItems();
    for (Bad bad : badAttributes()) {
      Map<String, Consumer<Map<String, AppValue>>> calls = new LinkedHashMap<>();
      calls.put("uploadPhoto", a -> repo.uploadPhoto(photo("ann", T0.plusSeconds(9), "", a)));
      calls.put(
          "editPhoto",
          a ->
              repo.editPhoto(
                  photo.id(), new PhotoEdit(java.util.Optional.empty(), java.util.Optional.of(a))));
      calls.put("createUser", a -> repo.createUser(newUser("bob", a)));
      calls.put(
          "updateProfile",
          a -> repo.updateProfile("ann", ProfileUpdate.builder().attributes(a).build()));
      calls.put(
          "importSnapshot",
          a ->
              repo.importSnapshot(
                  new Snapshot(
                      List.of(newUser("bob", Map.of())),
                      List.of(photo("bob", T0, "", a)),
                      List.of(),
                      List.of()),
                  n -> {}));
      for (Map.Entry<String, Consumer<Map<String, AppValue>>> call : calls.entrySet()) {
        costs.clear();
        Throwable thrown = catchThrowable(() -> call.getValue().accept(bad.attributes()));
        assertThat(thrown)
            .as("%s with %s", call.getKey(), bad.why())
            .isInstanceOf(InvalidInputException.class)
            .hasMessageContaining(bad.named());
        assertThat(costs.costs()).as("no request for %s", bad.why()).isEmpty();
      }
    }
    assertThat(allItems()).as("nothing written").isEqualTo(before);
  }

  @Test
  void aBadCaptionOrAnEmptyEditIsInvalidInputBeforeAnyRequest() {
    create("ann");
    Photo photo = repo.uploadPhoto(photo("ann", T0, CAPTION, Map.of()));
    Map<Key, Item> before = allItems();
    String tooLong = WIDE.repeat(NewPhoto.MAX_CAPTION + 1);
    Map<String, Runnable> calls = new LinkedHashMap<>();
    calls.put(
        "a caption of 2,201",
        () -> repo.uploadPhoto(photo("ann", T0.plusSeconds(1), tooLong, Map.of())));
    calls.put(
        "an edit to 2,201",
        () -> repo.editPhoto(photo.id(), PhotoEdit.builder().caption(tooLong).build()));
    calls.put(
        "a control character",
        () -> repo.editPhoto(photo.id(), PhotoEdit.builder().caption("a\u001Bb").build()));
    calls.put(
        "a null caption", () -> repo.uploadPhoto(photo("ann", T0.plusSeconds(1), null, Map.of())));
    calls.put("null attributes", () -> repo.uploadPhoto(photo("ann", T0.plusSeconds(1), "", null)));
    calls.put("a null photo", () -> repo.uploadPhoto(null));
    calls.put("a null edit", () -> repo.editPhoto(photo.id(), null));
    calls.put("an empty edit", () -> repo.editPhoto(photo.id(), PhotoEdit.builder().build()));
    calls.put(
        "a null part",
        () -> repo.editPhoto(photo.id(), new PhotoEdit(null, java.util.Optional.empty())));
    calls.put("a null id", () -> repo.editPhoto(null, PhotoEdit.builder().caption("x").build()));
    for (Map.Entry<String, Runnable> call : calls.entrySet()) {
      costs.clear();
      assertThatThrownBy(call.getValue()::run)
          .as(call.getKey())
          .isInstanceOf(InvalidInputException.class);
      assertThat(costs.costs()).as(call.getKey()).isEmpty();
    }
    assertThat(allItems()).isEqualTo(before);
    // Line breaks and tabs are a caption's own: accepted.
    repo.editPhoto(photo.id(), PhotoEdit.builder().caption("two\nlines\tand a tab").build());
    assertThat(stored(photo.id()).caption()).isEqualTo("two\nlines\tand a tab");
  }

  // --- at the limit --------------------------------------------------------------------------

  /**
   * The largest photo and profile a call accepts: every field of the layout at its longest in
   * four-byte characters, the longest caption, and attributes of exactly the limit. Both are
   * stored, stay under 400 KB with room for the markers a delete adds, and cost what DynamoDB
   * bills for their size; a byte more of attributes is refused.
   */
  @Test
  void theLargestPhotoAndProfileAreStoredBilledAndDeletedAsDynamoDbWould() {
    String owner = WIDE.repeat(64);
    String location = "https://photos.example.com/" + WIDE.repeat(2_048 - 27);
    Map<String, AppValue> largest = attributesOf(AppValue.MAX_ATTRIBUTES_BYTES);
    repo.createUser(
        new NewUser(
            owner,
            WIDE.repeat(256),
            WIDE.repeat(200) + "@" + "e".repeat(53),
            LocalDate.of(1990, 4, 1),
            WIDE.repeat(1024),
            UserStatus.ACTIVE,
            largest));
    NewPhoto biggest =
        new NewPhoto(owner, T0, location, WIDE.repeat(NewPhoto.MAX_CAPTION), largest);
    costs.clear();
    Photo photo = repo.uploadPhoto(biggest);
    Item stored = item(KeyLayout.photo(photo.id()));
    Item profile = item(KeyLayout.user(owner));
    assertThat(stored.size())
        .as("the largest photo leaves room under 400 KB")
        .isLessThanOrEqualTo(Limits.MAX_ITEM_BYTES - 4_096);
    assertThat(profile.size()).isLessThanOrEqualTo(Limits.MAX_ITEM_BYTES - 4_096);
    assertThat(stored(photo.id()))
        .isEqualTo(new Photo(photo.id(), location, photo.reactions(), biggest.caption(), largest));

    // Reads cost one unit per 4 KB of what they read, as DynamoDB bills them.
    costs.clear();
    repo.getPhoto(photo.id());
    assertThat(costs.last().readCapacityUnits()).isEqualTo(Math.ceil(stored.size() / 4096.0));
    UserPhotos page = repo.userWithPhotos(owner, SortOrder.OLDEST_FIRST, PageRequest.first());
    assertThat(page.photos().items()).hasSize(1);
    assertThat(costs.last().readCapacityUnits())
        .as("one Query: the profile and the photo, rounded up once")
        .isEqualTo(Math.ceil((stored.size() + profile.size()) / 4096.0));

    // A byte more is refused, naming the attribute.
    assertThatThrownBy(
            () ->
                repo.uploadPhoto(
                    new NewPhoto(
                        owner,
                        T0.plusSeconds(1),
                        URL,
                        "",
                        attributesOf(AppValue.MAX_ATTRIBUTES_BYTES + 1))))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("'blob'");

    // The cascades' markers still fit: the photo and the account are deleted whole.
    repo.deletePhoto(photo.id());
    assertThat(repo.getPhoto(photo.id())).isEmpty();
    repo.uploadPhoto(biggest);
    repo.deleteUser(owner);
    assertThat(allItems()).isEmpty();
  }

  /**
   * An item over 1 KB costs a write unit per started KB, on the table and again on the index,
   * every time it is written, counters included: what attributes cost the writes that count
   * follows and reactions on the item that holds them. Single writes on both backends; the
   * transactions as the service bills them (DynamoDB Local bills transactions its own way).
   */
  @Test
  void itemsOverAKilobyteCostAWriteUnitPerStartedKilobyteOnEveryWrite() {
    Map<String, AppValue> twoAndAHalfKilobytes = attributesOf(2_500);
    costs.clear();
    repo.createUser(newUser("ann", twoAndAHalfKilobytes));
    assertThat(item(KeyLayout.user("ann")).size()).isBetween(2_049, 3_072);
    assertThat(costs.last().writeCapacityUnits())
        .as("3 KB on the table and the index")
        .isEqualTo(6);
    create("bob");
    Photo photo = repo.uploadPhoto(photo("ann", T0, "", twoAndAHalfKilobytes));
    assertThat(item(KeyLayout.photo(photo.id())).size()).isBetween(2_049, 3_072);

    costs.clear();
    repo.follow("bob", "ann");
    double[] follow = {costs.last().readCapacityUnits(), costs.last().writeCapacityUnits()};
    repo.reactTo("bob", photo.id(), ReactionType.HEART);
    double[] react = {costs.last().readCapacityUnits(), costs.last().writeCapacityUnits()};
    if (billing() == Billing.SERVICE) {
      // The friendship (1 + 1), ann's counter (3 + 3), bob's (1 + 1), doubled: 20, not 12.
      assertThat(follow).containsExactly(0, 20);
      // Two checks (2 each: ann's 3 KB is one 4 KB block), the reaction (1 + 1) and the photo's
      // counter (3 + 3), doubled: 16 WCU, not 8.
      assertThat(react).containsExactly(4, 16);
    }
  }

  /**
   * Photos of 300 KB: a page of a user's photos stops at DynamoDB's 1 MB and pages on, and the
   * feed bounds its page by the author whose read stopped, so no photo is skipped or repeated;
   * each page costs the units of what it read.
   */
  @Test
  void pagesOfLargePhotosStopAtOneMegabyteAndCostWhatTheyRead() {
    create("ann", "bob");
    repo.follow("bob", "ann");
    List<PhotoId> ids = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      ids.add(
          repo.uploadPhoto(photo("ann", T0.plusSeconds(i), "photo " + i, attributesOf(300_000)))
              .id());
    }
    List<PhotoId> seen = new ArrayList<>();
    PageRequest request = PageRequest.first(25);
    int pages = 0;
    while (true) {
      costs.clear();
      UserPhotos page = repo.userWithPhotos("ann", SortOrder.OLDEST_FIRST, request);
      pages++;
      page.photos().items().forEach(p -> seen.add(p.id()));
      assertThat(costs.last().readCapacityUnits()).isGreaterThanOrEqualTo(73);
      if (!page.photos().hasNext()) {
        break;
      }
      request = page.photos().next(25);
    }
    assertThat(seen).isEqualTo(ids);
    assertThat(pages).as("each 1 MB read holds four 300 KB photos at most").isGreaterThan(1);

    List<PhotoId> feed = new ArrayList<>();
    PageRequest feedPage = PageRequest.first(25);
    while (true) {
      Page<Photo> page = repo.homeFeed("bob", feedPage);
      page.items().forEach(p -> feed.add(p.id()));
      if (!page.hasNext()) {
        break;
      }
      feedPage = page.next(25);
    }
    List<PhotoId> newestFirst = new ArrayList<>(ids);
    java.util.Collections.reverse(newestFirst);
    assertThat(feed).isEqualTo(newestFirst);
  }

  // --- everything that carries items ---------------------------------------------------------

  @Test
  void exportLoadAndImportCarryCaptionsAndAttributes() {
    repo.createUser(newUser("ann", Map.of("private", AppValue.of(true))));
    Photo photo = repo.uploadPhoto(photo("ann", T0, CAPTION, ATTRIBUTES));
    StringWriter out = new StringWriter();
    TableItems.export(repo, out);
    String exported = out.toString();
    assertThat(exported)
        .contains("\"caption\":{\"S\":\"Morning at the lake \u2014 a heron, then mist\"}")
        .contains("\"app\":{\"M\":{")
        .contains("\"private\":{\"BOOL\":true}");

    repo.deletePhoto(photo.id());
    repo.deleteUser("ann");
    assertThat(allItems()).isEmpty();
    TableItems.load(repo, new StringReader(exported));
    assertThat(stored(photo.id())).isEqualTo(photo);
    assertThat(repo.getUser("ann").orElseThrow().attributes())
        .containsExactly(Map.entry("private", AppValue.of(true)));

    // The bulk import writes them too.
    repo.deletePhoto(photo.id());
    repo.deleteUser("ann");
    repo.importSnapshot(
        new Snapshot(
            List.of(newUser("ann", Map.of("private", AppValue.of(true)))),
            List.of(photo("ann", T0, CAPTION, ATTRIBUTES)),
            List.of(),
            List.of()),
        n -> {});
    assertThat(stored(photo.id())).isEqualTo(photo);
    assertThat(repo.getUser("ann").orElseThrow().attributes()).hasSize(1);
  }

  @Test
  void theAuditAndTheBackfillLeaveThemAsTheyAre() {
    create("ann", "bob");
    repo.follow("bob", "ann"); // a pull follow, for the backfill to convert
    Photo photo = repo.uploadPhoto(photo("ann", T0, CAPTION, ATTRIBUTES));
    repo.updateProfile("ann", ProfileUpdate.builder().attributes(ATTRIBUTES).build());
    Map<Key, Item> before = allItems();

    AuditReport report = repo.audit(true, n -> {});
    assertThat(report.findings()).isEmpty();
    assertThat(allItems()).isEqualTo(before);

    assertThat(hybrid.fillTimeline("bob")).isEqualTo(1);
    assertThat(timelineEntries()).hasSize(1);
    Photo read = hybrid.homeFeed("bob", PageRequest.first()).items().get(0);
    assertThat(read.caption()).isEqualTo(CAPTION);
    assertThat(read.attributes()).isEqualTo(ATTRIBUTES);
    assertThat(item(KeyLayout.photo(photo.id())))
        .isEqualTo(before.get(KeyLayout.photo(photo.id())));
    assertThat(repo.audit(false, n -> {}).findings()).isEmpty();
  }

  /**
   * A table an earlier version wrote, loaded as it was: its photos and profiles read with no
   * caption and no attributes, and take them when edited.
   */
  @Test
  void aTableWrittenBeforeReadsUnchangedAndTakesEdits() throws java.io.IOException {
    List<String> lines;
    try (java.io.InputStream in =
        AppFieldsContract.class.getResourceAsStream("export-416d064.json")) {
      lines =
          new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).lines().toList();
    }
    ItemLoader loader = new ItemLoader(table, io.quickphotos.RetryPolicy.noDelay());
    lines.forEach(line -> loader.put(ItemJson.parseLine(line)));
    loader.flush();
    Map<Key, Item> planted = allItems();

    User ann = repo.getUser("ann").orElseThrow();
    assertThat(ann.attributes()).isEmpty();
    List<Photo> photos =
        repo.userWithPhotos("ann", SortOrder.OLDEST_FIRST, PageRequest.first()).photos().items();
    assertThat(photos)
        .isNotEmpty()
        .allSatisfy(
            p -> {
              assertThat(p.caption()).isEmpty();
              assertThat(p.attributes()).isEmpty();
            });
    assertThat(allItems()).as("reading changed nothing").isEqualTo(planted);

    PhotoId first = photos.get(0).id();
    Item old = item(KeyLayout.photo(first));
    repo.editPhoto(first, PhotoEdit.builder().caption(CAPTION).build());
    Item edited = item(KeyLayout.photo(first));
    assertThat(stored(first).caption()).isEqualTo(CAPTION);
    assertThat(edited.attributes().keySet()).containsAll(old.attributes().keySet());
    for (String name : old.attributes().keySet()) {
      assertThat(edited.get(name)).as(name).isEqualTo(old.get(name));
    }
  }
}
