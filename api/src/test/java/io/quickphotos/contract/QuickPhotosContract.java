package io.quickphotos.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.quickphotos.AccessPattern;
import io.quickphotos.AlreadyFollowingException;
import io.quickphotos.AlreadyReactedException;
import io.quickphotos.CostListener;
import io.quickphotos.DynamoRequest;
import io.quickphotos.Follow;
import io.quickphotos.InvalidCursorException;
import io.quickphotos.InvalidInputException;
import io.quickphotos.NewPhoto;
import io.quickphotos.NewUser;
import io.quickphotos.NotFollowingException;
import io.quickphotos.OperationCost;
import io.quickphotos.Page;
import io.quickphotos.PageRequest;
import io.quickphotos.Photo;
import io.quickphotos.PhotoAlreadyExistsException;
import io.quickphotos.PhotoEdit;
import io.quickphotos.PhotoId;
import io.quickphotos.PhotoNotFoundException;
import io.quickphotos.PhotoReactions;
import io.quickphotos.ProfileUpdate;
import io.quickphotos.QuickPhotos;
import io.quickphotos.QuickPhotosException;
import io.quickphotos.Reaction;
import io.quickphotos.ReactionNotFoundException;
import io.quickphotos.ReactionType;
import io.quickphotos.Snapshot;
import io.quickphotos.SortOrder;
import io.quickphotos.TableSettings;
import io.quickphotos.User;
import io.quickphotos.UserAlreadyExistsException;
import io.quickphotos.UserNotFoundException;
import io.quickphotos.UserPhotos;
import io.quickphotos.UserStatus;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.function.BiFunction;
import java.util.function.LongConsumer;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The behaviour every {@link QuickPhotos} backend must show, run unchanged by each backend's
 * subclass. Covers every access pattern, ordering, paging, every error, every class of bad input
 * (with the check that nothing was written and no request was made) and each pattern's cost in
 * requests and capacity units as DynamoDB computes them.
 *
 * <p>A backend's subclass is a few lines: it supplies a fresh, empty repository per test.
 */
public abstract class QuickPhotosContract {
  /** The instant the test clock starts at. */
  protected static final Instant CLOCK_START = Instant.parse("2026-01-01T00:00:00Z");

  private static final Instant T0 = Instant.parse("2018-05-30T15:42:38Z");

  /** The repository under test, fresh for each test. */
  protected QuickPhotos repo;

  /** Every cost the repository reported during the test. */
  protected RecordingCostListener costs;

  /**
   * Supplies a new repository over an empty table.
   *
   * @param costListener receives the cost of every call
   * @param clock stamps follows and reactions
   * @return the repository
   */
  protected abstract QuickPhotos newRepository(CostListener costListener, Clock clock);

  /**
   * Whose capacity numbers the backend reports, for the few requests where DynamoDB Local
   * differs from the service.
   *
   * @return {@link Billing#SERVICE} unless overridden
   */
  protected Billing billing() {
    return Billing.SERVICE;
  }

  @BeforeEach
  void freshRepository() {
    costs = new RecordingCostListener();
    repo = newRepository(costs, new TickingClock(CLOCK_START));
  }

  // --- fixtures ------------------------------------------------------------------------------

  /** A valid new user with the given handle. */
  protected static NewUser newUser(String username) {
    return new NewUser(
        username,
        "Name of " + username,
        username + "@example.com",
        LocalDate.of(1990, 4, 1),
        "1 Main Street, Springfield",
        UserStatus.ACTIVE);
  }

  private User create(String username) {
    return repo.createUser(newUser(username));
  }

  private Photo upload(String owner, Instant timestamp) {
    return repo.uploadPhoto(
        owner,
        timestamp,
        "https://photos.example.com/"
            + owner
            + "/"
            + timestamp.getEpochSecond()
            + "-"
            + timestamp.getNano()
            + ".jpg");
  }

  private User user(String username) {
    return repo.getUser(username).orElseThrow();
  }

  private Photo photo(PhotoId id) {
    return repo.getPhoto(id).orElseThrow();
  }

  /** Reads every page of the user's photos with the given page size. */
  private List<Photo> allPhotos(String username, SortOrder order, int pageSize) {
    List<Photo> photos = new ArrayList<>();
    PageRequest page = PageRequest.first(pageSize);
    while (true) {
      UserPhotos read = repo.userWithPhotos(username, order, page);
      assertThat(read.photos().items()).hasSizeLessThanOrEqualTo(pageSize);
      photos.addAll(read.photos().items());
      if (!read.photos().hasNext()) {
        return photos;
      }
      page = read.photos().next(pageSize);
    }
  }

  /** Reads every page of a listing with the given page size. */
  private static <T> List<T> readAll(
      BiFunction<String, PageRequest, Page<T>> listing, String username, int pageSize) {
    List<T> items = new ArrayList<>();
    PageRequest page = PageRequest.first(pageSize);
    while (true) {
      Page<T> read = listing.apply(username, page);
      assertThat(read.items()).hasSizeLessThanOrEqualTo(pageSize);
      items.addAll(read.items());
      if (!read.hasNext()) {
        return items;
      }
      page = read.next(pageSize);
    }
  }

  private List<Reaction> allReactions(PhotoId photo, int pageSize) {
    List<Reaction> reactions = new ArrayList<>();
    PageRequest page = PageRequest.first(pageSize);
    while (true) {
      PhotoReactions read = repo.photoWithReactions(photo, page);
      reactions.addAll(read.reactions().items());
      if (!read.reactions().hasNext()) {
        return reactions;
      }
      page = read.reactions().next(pageSize);
    }
  }

  /** Everything observable about some users, to prove a failed call wrote nothing. */
  private Map<String, Object> snapshot(String... usernames) {
    Map<String, Object> state = new LinkedHashMap<>();
    for (String username : usernames) {
      state.put(username + ".profile", repo.getUser(username));
      if (repo.getUser(username).isPresent()) {
        List<Photo> photos = allPhotos(username, SortOrder.OLDEST_FIRST, 100);
        state.put(username + ".photos", photos);
        for (Photo photo : photos) {
          state.put(photo.id() + ".reactions", allReactions(photo.id(), 100));
        }
      }
      state.put(username + ".followers", readAll(repo::followersOf, username, 100));
      state.put(username + ".following", readAll(repo::followedBy, username, 100));
    }
    costs.clear();
    return state;
  }

  private void assertNothingWrittenAndNoRequest(Map<String, Object> before, String... usernames) {
    assertThat(costs.costs()).as("no request is made for bad input").isEmpty();
    assertThat(snapshot(usernames)).isEqualTo(before);
  }

  private void assertInvalid(Runnable call, Map<String, Object> before, String... usernames) {
    costs.clear();
    assertThatThrownBy(call::run).isInstanceOf(InvalidInputException.class);
    assertNothingWrittenAndNoRequest(before, usernames);
  }

  // --- users ---------------------------------------------------------------------------------

  @Test
  void createdUserStartsWithZeroCounters() {
    User user = create("alice");
    assertThat(user)
        .isEqualTo(
            new User(
                "alice",
                "Name of alice",
                "alice@example.com",
                LocalDate.of(1990, 4, 1),
                "1 Main Street, Springfield",
                UserStatus.ACTIVE,
                0,
                0));
  }

  @Test
  void getUserReturnsWhatWasCreated() {
    User created = create("alice");
    assertThat(repo.getUser("alice")).contains(created);
  }

  @Test
  void getUserOfUnknownUsernameIsEmpty() {
    assertThat(repo.getUser("nobody")).isEmpty();
  }

  @Test
  void createUserFailsIfUsernameIsTaken() {
    User original = create("alice");
    NewUser other =
        new NewUser(
            "alice",
            "Someone Else",
            "else@example.com",
            LocalDate.of(2000, 1, 1),
            "",
            UserStatus.INACTIVE);
    assertThatThrownBy(() -> repo.createUser(other))
        .isInstanceOf(UserAlreadyExistsException.class)
        .hasMessageContaining("alice");
    assertThat(user("alice")).isEqualTo(original);
  }

  @Test
  void usernamesAreCaseSensitive() {
    create("alice");
    create("Alice");
    assertThat(user("Alice").username()).isEqualTo("Alice");
    assertThat(user("alice").username()).isEqualTo("alice");
  }

  @Test
  void unicodeUsernamesWork() {
    for (String name : List.of("Zoë", "用户", "\uD801\uDC00x", "Ａ-1", "a.b_c-d")) {
      create(name);
      assertThat(user(name).username()).isEqualTo(name);
    }
  }

  @Test
  void updateProfileChangesOnlyTheGivenFields() {
    create("alice");
    User updated =
        repo.updateProfile(
            "alice",
            ProfileUpdate.builder().name("Alice Liddell").status(UserStatus.INACTIVE).build());
    assertThat(updated)
        .isEqualTo(
            new User(
                "alice",
                "Alice Liddell",
                "alice@example.com",
                LocalDate.of(1990, 4, 1),
                "1 Main Street, Springfield",
                UserStatus.INACTIVE,
                0,
                0,
                Map.of(),
                io.quickphotos.Visibility.PUBLIC,
                0,
                1));
    assertThat(user("alice")).isEqualTo(updated);
  }

  @Test
  void updateProfileCanChangeEveryField() {
    create("alice");
    User updated =
        repo.updateProfile(
            "alice",
            ProfileUpdate.builder()
                .name("N")
                .email("n@n.io")
                .birthdate(LocalDate.of(1970, 1, 2))
                .address("")
                .status(UserStatus.INACTIVE)
                .build());
    assertThat(updated)
        .isEqualTo(
            new User(
                "alice",
                "N",
                "n@n.io",
                LocalDate.of(1970, 1, 2),
                "",
                UserStatus.INACTIVE,
                0,
                0,
                Map.of(),
                io.quickphotos.Visibility.PUBLIC,
                0,
                1));
  }

  @Test
  void updateProfileKeepsTheCounters() {
    create("alice");
    create("bob");
    repo.follow("bob", "alice");
    User updated = repo.updateProfile("alice", ProfileUpdate.builder().name("A").build());
    assertThat(updated.followers()).isEqualTo(1);
  }

  @Test
  void updateProfileOfMissingUserFailsAndCreatesNothing() {
    assertThatThrownBy(() -> repo.updateProfile("ghost", ProfileUpdate.builder().name("G").build()))
        .isInstanceOf(UserNotFoundException.class)
        .hasMessageContaining("ghost");
    assertThat(repo.getUser("ghost")).isEmpty();
  }

  @Test
  void emptyProfileUpdateIsInvalid() {
    create("alice");
    Map<String, Object> before = snapshot("alice");
    assertInvalid(
        () -> repo.updateProfile("alice", ProfileUpdate.builder().build()), before, "alice");
  }

  // --- photos --------------------------------------------------------------------------------

  @Test
  void uploadedPhotoHasEveryReactionCounterAtZero() {
    create("alice");
    Photo photo = repo.uploadPhoto("alice", T0, "https://photos.example.com/a.jpg");
    assertThat(photo.id()).isEqualTo(new PhotoId("alice", T0));
    assertThat(photo.location()).isEqualTo("https://photos.example.com/a.jpg");
    for (ReactionType type : ReactionType.values()) {
      assertThat(photo.reactionCount(type)).isZero();
    }
    assertThat(photo.reactions()).containsOnlyKeys(ReactionType.values());
  }

  @Test
  void getPhotoReturnsWhatWasUploaded() {
    create("alice");
    Photo photo = upload("alice", T0);
    assertThat(repo.getPhoto(photo.id())).contains(photo);
  }

  @Test
  void getPhotoOfUnknownIdIsEmpty() {
    create("alice");
    upload("alice", T0);
    assertThat(repo.getPhoto(new PhotoId("alice", T0.plusNanos(1)))).isEmpty();
    assertThat(repo.getPhoto(new PhotoId("bob", T0))).isEmpty();
  }

  @Test
  void uploadForMissingUserFailsAndWritesNothing() {
    assertThatThrownBy(() -> upload("ghost", T0))
        .isInstanceOf(UserNotFoundException.class)
        .hasMessageContaining("ghost");
    assertThat(repo.getPhoto(new PhotoId("ghost", T0))).isEmpty();
  }

  @Test
  void uploadAtTakenTimestampFailsAndKeepsTheOriginal() {
    create("alice");
    Photo original = upload("alice", T0);
    assertThatThrownBy(() -> repo.uploadPhoto("alice", T0, "https://elsewhere.example.com/b.png"))
        .isInstanceOf(PhotoAlreadyExistsException.class);
    assertThat(photo(original.id())).isEqualTo(original);
  }

  @Test
  void timestampsKeepNanosecondsSoPhotosInOneSecondStayDistinct() {
    create("alice");
    Photo a = upload("alice", T0);
    Photo b = upload("alice", T0.plusNanos(1));
    Photo c = upload("alice", T0.plusNanos(999_999_999));
    assertThat(photo(b.id()).timestamp()).isEqualTo(T0.plusNanos(1));
    assertThat(allPhotos("alice", SortOrder.OLDEST_FIRST, 10)).containsExactly(a, b, c);
  }

  @Test
  void oldestFirstListsTheProfileFirstThenPhotosAscending() {
    User alice = create("alice");
    Photo p1 = upload("alice", T0);
    Photo p2 = upload("alice", T0.plusSeconds(60));
    UserPhotos read = repo.userWithPhotos("alice", SortOrder.OLDEST_FIRST, PageRequest.first(10));
    assertThat(read.user()).contains(alice);
    assertThat(read.photos().items()).containsExactly(p1, p2);
    assertThat(read.photos().hasNext()).isFalse();
  }

  @Test
  void newestFirstListsPhotosDescendingWithTheProfileOnTheFirstPage() {
    User alice = create("alice");
    Photo p1 = upload("alice", T0);
    Photo p2 = upload("alice", T0.plusSeconds(60));
    Photo p3 = upload("alice", T0.plusSeconds(120));
    UserPhotos first = repo.userWithPhotos("alice", SortOrder.NEWEST_FIRST, PageRequest.first(2));
    assertThat(first.user()).contains(alice);
    assertThat(first.photos().items()).containsExactly(p3, p2);
    UserPhotos second =
        repo.userWithPhotos("alice", SortOrder.NEWEST_FIRST, first.photos().next(2));
    assertThat(second.photos().items()).containsExactly(p1);
    assertThat(second.user()).isEmpty();
    assertThat(second.photos().hasNext()).isFalse();
  }

  @Test
  void manyPhotosPerSecondUploadedInRandomOrderListInTimestampOrder() {
    create("alice");
    List<Instant> stamps = new ArrayList<>();
    for (int i = 0; i < 60; i++) {
      stamps.add(T0.plusMillis(i * 7L).plusNanos(i));
    }
    List<Instant> shuffled = new ArrayList<>(stamps);
    Collections.shuffle(shuffled, new Random(42));
    shuffled.forEach(t -> upload("alice", t));
    assertThat(allPhotos("alice", SortOrder.OLDEST_FIRST, PageRequest.MAX_SIZE))
        .extracting(Photo::timestamp)
        .containsExactlyElementsOf(stamps);
    List<Instant> reversed = new ArrayList<>(stamps);
    Collections.reverse(reversed);
    assertThat(allPhotos("alice", SortOrder.NEWEST_FIRST, PageRequest.MAX_SIZE))
        .extracting(Photo::timestamp)
        .containsExactlyElementsOf(reversed);
  }

  @Test
  void timestampsAcrossCenturiesSortChronologically() {
    create("alice");
    List<Instant> stamps =
        List.of(
            Instant.parse("0001-01-01T00:00:00Z"),
            Instant.parse("1969-12-31T23:59:59.999999999Z"),
            Instant.parse("1970-01-01T00:00:00Z"),
            Instant.parse("2018-05-30T15:42:38Z"),
            Instant.parse("9999-12-31T23:59:59.999999999Z"));
    for (int i = stamps.size() - 1; i >= 0; i--) {
      upload("alice", stamps.get(i));
    }
    assertThat(allPhotos("alice", SortOrder.OLDEST_FIRST, 2))
        .extracting(Photo::timestamp)
        .containsExactlyElementsOf(stamps);
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 2, 3, 7, 40, 41, 100})
  void pagingThroughPhotosReturnsEachExactlyOnceInBothOrders(int pageSize) {
    create("alice");
    List<Photo> uploaded = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      uploaded.add(upload("alice", T0.plusSeconds(i)));
    }
    assertThat(allPhotos("alice", SortOrder.OLDEST_FIRST, pageSize))
        .containsExactlyElementsOf(uploaded);
    List<Photo> newestFirst = new ArrayList<>(uploaded);
    Collections.reverse(newestFirst);
    assertThat(allPhotos("alice", SortOrder.NEWEST_FIRST, pageSize))
        .containsExactlyElementsOf(newestFirst);
  }

  @Test
  void theProfileArrivesExactlyOnceWhilePaging() {
    create("alice");
    for (int i = 0; i < 5; i++) {
      upload("alice", T0.plusSeconds(i));
    }
    for (SortOrder order : SortOrder.values()) {
      int profiles = 0;
      PageRequest page = PageRequest.first(2);
      while (true) {
        UserPhotos read = repo.userWithPhotos("alice", order, page);
        profiles += read.user().isPresent() ? 1 : 0;
        if (!read.photos().hasNext()) {
          break;
        }
        page = read.photos().next(2);
      }
      assertThat(profiles).as(order.name()).isEqualTo(1);
    }
  }

  @Test
  void userWithoutPhotosListsJustTheProfile() {
    User alice = create("alice");
    UserPhotos read = repo.userWithPhotos("alice", SortOrder.NEWEST_FIRST, PageRequest.first());
    assertThat(read.user()).contains(alice);
    assertThat(read.photos().items()).isEmpty();
  }

  @Test
  void userWithPhotosOfMissingUserFails() {
    assertThatThrownBy(
            () -> repo.userWithPhotos("ghost", SortOrder.NEWEST_FIRST, PageRequest.first()))
        .isInstanceOf(UserNotFoundException.class);
  }

  @Test
  void listingsOfUsersWithSharedPrefixesStaySeparate() {
    create("al");
    create("alice");
    create("al-bundy");
    Photo al = upload("al", T0);
    upload("alice", T0);
    upload("al-bundy", T0);
    repo.follow("alice", "al");
    assertThat(allPhotos("al", SortOrder.OLDEST_FIRST, 10)).containsExactly(al);
    assertThat(allPhotos("al", SortOrder.NEWEST_FIRST, 1)).containsExactly(al);
  }

  @Test
  void followersAreNotPartOfTheUserPhotosListing() {
    User alice = create("alice");
    create("bob");
    repo.follow("bob", "alice");
    UserPhotos read = repo.userWithPhotos("alice", SortOrder.OLDEST_FIRST, PageRequest.first());
    assertThat(read.user()).contains(user("alice"));
    assertThat(alice.followers()).isZero();
    assertThat(read.photos().items()).isEmpty();
  }

  // --- reactions -----------------------------------------------------------------------------

  @Test
  void reactingCountsTheReactionOnThePhoto() {
    create("alice");
    create("bob");
    Photo photo = upload("alice", T0);
    Reaction reaction = repo.reactTo("bob", photo.id(), ReactionType.HEART);
    assertThat(reaction.reactor()).isEqualTo("bob");
    assertThat(reaction.photo()).isEqualTo(photo.id());
    assertThat(reaction.type()).isEqualTo(ReactionType.HEART);
    assertThat(reaction.timestamp()).isAfterOrEqualTo(CLOCK_START);
    assertThat(photo(photo.id()).reactionCount(ReactionType.HEART)).isEqualTo(1);
    assertThat(photo(photo.id()).reactionCount(ReactionType.SMILEY)).isZero();
  }

  @Test
  void reactingTwiceWithTheSameTypeFailsAndCountsOnce() {
    create("alice");
    create("bob");
    Photo photo = upload("alice", T0);
    repo.reactTo("bob", photo.id(), ReactionType.HEART);
    assertThatThrownBy(() -> repo.reactTo("bob", photo.id(), ReactionType.HEART))
        .isInstanceOf(AlreadyReactedException.class);
    assertThat(photo(photo.id()).reactionCount(ReactionType.HEART)).isEqualTo(1);
    assertThat(allReactions(photo.id(), 10)).hasSize(1);
  }

  @Test
  void oneUserMayUseEveryTypeOnce() {
    create("alice");
    create("bob");
    Photo photo = upload("alice", T0);
    for (ReactionType type : ReactionType.values()) {
      repo.reactTo("bob", photo.id(), type);
    }
    Photo read = photo(photo.id());
    for (ReactionType type : ReactionType.values()) {
      assertThat(read.reactionCount(type)).isEqualTo(1);
    }
  }

  @Test
  void usersMayReactToTheirOwnPhotos() {
    create("alice");
    Photo photo = upload("alice", T0);
    repo.reactTo("alice", photo.id(), ReactionType.SUNGLASSES);
    assertThat(photo(photo.id()).reactionCount(ReactionType.SUNGLASSES)).isEqualTo(1);
  }

  @Test
  void reactingToMissingPhotoFailsAndWritesNothing() {
    create("alice");
    create("bob");
    PhotoId missing = new PhotoId("alice", T0);
    assertThatThrownBy(() -> repo.reactTo("bob", missing, ReactionType.HEART))
        .isInstanceOf(PhotoNotFoundException.class);
    upload("alice", T0);
    // Had the reaction been written, this second attempt would fail as a duplicate.
    repo.reactTo("bob", missing, ReactionType.HEART);
    assertThat(photo(missing).reactionCount(ReactionType.HEART)).isEqualTo(1);
  }

  @Test
  void reactingAsMissingUserFailsAndCountsNothing() {
    create("alice");
    Photo photo = upload("alice", T0);
    assertThatThrownBy(() -> repo.reactTo("ghost", photo.id(), ReactionType.HEART))
        .isInstanceOf(UserNotFoundException.class)
        .hasMessageContaining("ghost");
    assertThat(photo(photo.id())).isEqualTo(photo);
    assertThat(allReactions(photo.id(), 10)).isEmpty();
  }

  @Test
  void photoWithReactionsListsThePhotoFirstThenReactionsByReactorDescending() {
    create("alice");
    for (String u : List.of("carol", "bob", "dave")) {
      create(u);
    }
    Photo photo = upload("alice", T0);
    repo.reactTo("carol", photo.id(), ReactionType.HEART);
    repo.reactTo("bob", photo.id(), ReactionType.SMILEY);
    repo.reactTo("dave", photo.id(), ReactionType.HEART);
    repo.reactTo("bob", photo.id(), ReactionType.HEART);
    PhotoReactions read = repo.photoWithReactions(photo.id(), PageRequest.first(10));
    assertThat(read.photo()).contains(photo(photo.id()));
    assertThat(read.reactions().items())
        .extracting(r -> r.reactor() + ":" + r.type().storedName())
        .containsExactly("dave:heart", "carol:heart", "bob:smiley", "bob:heart");
    assertThat(read.reactions().hasNext()).isFalse();
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 2, 5, 13})
  void pagingThroughReactionsReturnsEachExactlyOnce(int pageSize) {
    create("alice");
    Photo photo = upload("alice", T0);
    List<String> expected = new ArrayList<>();
    for (int i = 0; i < 12; i++) {
      String u = "user" + (char) ('a' + i);
      create(u);
      repo.reactTo(u, photo.id(), ReactionType.THUMBSUP);
      expected.add(u);
    }
    expected.sort(Comparator.reverseOrder());
    int photos = 0;
    List<String> seen = new ArrayList<>();
    PageRequest page = PageRequest.first(pageSize);
    while (true) {
      PhotoReactions read = repo.photoWithReactions(photo.id(), page);
      photos += read.photo().isPresent() ? 1 : 0;
      read.reactions().items().forEach(r -> seen.add(r.reactor()));
      if (!read.reactions().hasNext()) {
        break;
      }
      page = read.reactions().next(pageSize);
    }
    assertThat(photos).isEqualTo(1);
    assertThat(seen).containsExactlyElementsOf(expected);
  }

  @Test
  void photoWithReactionsOfMissingPhotoFails() {
    assertThatThrownBy(() -> repo.photoWithReactions(new PhotoId("alice", T0), PageRequest.first()))
        .isInstanceOf(PhotoNotFoundException.class);
  }

  @Test
  void reactionsStayWithTheirPhoto() {
    create("alice");
    create("bob");
    Photo first = upload("alice", T0);
    Photo second = upload("alice", T0.plusNanos(1));
    repo.reactTo("bob", first.id(), ReactionType.HEART);
    assertThat(allReactions(second.id(), 10)).isEmpty();
    assertThat(allReactions(first.id(), 10)).hasSize(1);
    assertThat(photo(second.id()).reactionCount(ReactionType.HEART)).isZero();
  }

  // --- follows -------------------------------------------------------------------------------

  @Test
  void followingCountsOnBothUsers() {
    create("alice");
    create("bob");
    Follow follow = repo.follow("bob", "alice");
    assertThat(follow.follower()).isEqualTo("bob");
    assertThat(follow.followed()).isEqualTo("alice");
    assertThat(follow.since()).isAfterOrEqualTo(CLOCK_START);
    assertThat(user("alice").followers()).isEqualTo(1);
    assertThat(user("alice").following()).isZero();
    assertThat(user("bob").following()).isEqualTo(1);
    assertThat(user("bob").followers()).isZero();
  }

  @Test
  void followingTwiceFailsAndCountsOnce() {
    create("alice");
    create("bob");
    repo.follow("bob", "alice");
    assertThatThrownBy(() -> repo.follow("bob", "alice"))
        .isInstanceOf(AlreadyFollowingException.class);
    assertThat(user("alice").followers()).isEqualTo(1);
    assertThat(user("bob").following()).isEqualTo(1);
  }

  @Test
  void followingAMissingUserFailsAndWritesNothing() {
    create("bob");
    Map<String, Object> before = snapshot("bob", "ghost");
    assertThatThrownBy(() -> repo.follow("bob", "ghost"))
        .isInstanceOf(UserNotFoundException.class)
        .hasMessageContaining("ghost");
    assertThat(snapshot("bob", "ghost")).isEqualTo(before);
  }

  @Test
  void aMissingUserCannotFollowAndNothingIsWritten() {
    create("alice");
    Map<String, Object> before = snapshot("alice", "ghost");
    assertThatThrownBy(() -> repo.follow("ghost", "alice"))
        .isInstanceOf(UserNotFoundException.class)
        .hasMessageContaining("ghost");
    assertThat(snapshot("alice", "ghost")).isEqualTo(before);
  }

  @Test
  void selfFollowIsInvalid() {
    create("alice");
    Map<String, Object> before = snapshot("alice");
    assertInvalid(() -> repo.follow("alice", "alice"), before, "alice");
  }

  @Test
  void unfollowingUncountsOnBothUsers() {
    create("alice");
    create("bob");
    repo.follow("bob", "alice");
    repo.unfollow("bob", "alice");
    assertThat(user("alice").followers()).isZero();
    assertThat(user("bob").following()).isZero();
    assertThat(repo.followersOf("alice", PageRequest.first()).items()).isEmpty();
    assertThat(repo.followedBy("bob", PageRequest.first()).items()).isEmpty();
  }

  @Test
  void unfollowingWithoutFollowingFailsAndChangesNothing() {
    create("alice");
    create("bob");
    Map<String, Object> before = snapshot("alice", "bob");
    assertThatThrownBy(() -> repo.unfollow("bob", "alice"))
        .isInstanceOf(NotFollowingException.class);
    assertThat(snapshot("alice", "bob")).isEqualTo(before);
  }

  @Test
  void selfUnfollowIsInvalid() {
    create("alice");
    Map<String, Object> before = snapshot("alice");
    assertInvalid(() -> repo.unfollow("alice", "alice"), before, "alice");
  }

  @Test
  void followAfterUnfollowWorks() {
    create("alice");
    create("bob");
    repo.follow("bob", "alice");
    repo.unfollow("bob", "alice");
    repo.follow("bob", "alice");
    assertThat(user("alice").followers()).isEqualTo(1);
    assertThat(readAll(repo::followersOf, "alice", 10))
        .extracting(Follow::follower)
        .containsExactly("bob");
  }

  @Test
  void followersAreListedInCodePointOrder() {
    // U+FF21 (fullwidth A) sorts before U+10400 (a supplementary letter) in code-point order,
    // which is DynamoDB's order; Java's String.compareTo puts them the other way round.
    List<String> followers = List.of("Bob", "bob", "b", "\uFF21x", "\uD801\uDC00x", "zed", "Ａ");
    create("alice");
    for (String f : followers) {
      create(f);
      repo.follow(f, "alice");
    }
    List<String> expected = new ArrayList<>(followers);
    expected.sort(
        Comparator.comparing(
            s -> s.codePoints().boxed().toList(), QuickPhotosContract::compareCodePoints));
    assertThat(expected.indexOf("\uFF21x")).isLessThan(expected.indexOf("\uD801\uDC00x"));
    assertThat(readAll(repo::followersOf, "alice", 100))
        .extracting(Follow::follower)
        .containsExactlyElementsOf(expected);
    assertThat(readAll(repo::followersOf, "alice", 2))
        .extracting(Follow::follower)
        .containsExactlyElementsOf(expected);
    assertThat(readAll(repo::followersOf, "alice", 2))
        .allSatisfy(f -> assertThat(f.followed()).isEqualTo("alice"));
  }

  private static int compareCodePoints(List<Integer> a, List<Integer> b) {
    for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
      int c = Integer.compare(a.get(i), b.get(i));
      if (c != 0) {
        return c;
      }
    }
    return Integer.compare(a.size(), b.size());
  }

  @Test
  void followersOfUserWithoutFollowersOrOfMissingUserIsEmpty() {
    create("alice");
    assertThat(repo.followersOf("alice", PageRequest.first()).items()).isEmpty();
    assertThat(repo.followersOf("alice", PageRequest.first()).hasNext()).isFalse();
    assertThat(repo.followersOf("ghost", PageRequest.first()).items()).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 3, 10, 25, 26})
  void pagingThroughFollowersAndFollowedReturnsEachExactlyOnce(int pageSize) {
    create("hub");
    List<String> names = IntStream.range(0, 25).mapToObj(i -> String.format("u%02d", i)).toList();
    for (String name : names) {
      create(name);
      repo.follow(name, "hub");
      repo.follow("hub", name);
    }
    assertThat(readAll(repo::followersOf, "hub", pageSize))
        .extracting(Follow::follower)
        .containsExactlyElementsOf(names);
    assertThat(readAll(repo::followedBy, "hub", pageSize))
        .extracting(User::username)
        .containsExactlyElementsOf(names);
  }

  @Test
  void followedByEnrichesWithCurrentProfiles() {
    create("alice");
    create("bob");
    create("carol");
    repo.follow("alice", "carol");
    repo.follow("alice", "bob");
    repo.follow("bob", "carol");
    repo.updateProfile("carol", ProfileUpdate.builder().name("Carol C.").build());
    Page<User> page = repo.followedBy("alice", PageRequest.first());
    assertThat(page.items()).containsExactly(user("bob"), user("carol"));
    assertThat(page.items().get(1).name()).isEqualTo("Carol C.");
    assertThat(page.items().get(1).followers()).isEqualTo(2);
  }

  @Test
  void countersMatchTheFriendshipsAfterAMixOfFollowsAndUnfollows() {
    List<String> names = List.of("a", "b", "c", "d", "e");
    names.forEach(this::create);
    Random random = new Random(7);
    for (int i = 0; i < 60; i++) {
      String x = names.get(random.nextInt(names.size()));
      String y = names.get(random.nextInt(names.size()));
      if (x.equals(y)) {
        continue;
      }
      try {
        if (random.nextBoolean()) {
          repo.follow(x, y);
        } else {
          repo.unfollow(x, y);
        }
      } catch (AlreadyFollowingException | NotFollowingException expected) {
        // part of a random history
      }
    }
    for (String name : names) {
      User u = user(name);
      assertThat(u.followers()).isEqualTo(readAll(repo::followersOf, name, 2).size());
      assertThat(u.following()).isEqualTo(readAll(repo::followedBy, name, 2).size());
    }
  }

  // --- bulk import ---------------------------------------------------------------------------

  private static final Instant T1 = T0.plusSeconds(1);

  private static Snapshot sampleSnapshot() {
    List<NewUser> users = List.of(newUser("alice"), newUser("bob"), newUser("carol"));
    List<NewPhoto> photos =
        List.of(
            new NewPhoto("alice", T0, "https://photos.example.com/a0.jpg"),
            new NewPhoto("alice", T1, "https://photos.example.com/a1.jpg"),
            new NewPhoto("bob", T0, "https://photos.example.com/b0.jpg"));
    List<Follow> follows =
        List.of(
            new Follow("bob", "alice", T0),
            new Follow("carol", "alice", T0),
            new Follow("alice", "bob", T1));
    PhotoId a0 = new PhotoId("alice", T0);
    List<Reaction> reactions =
        List.of(
            new Reaction("bob", a0, ReactionType.HEART, T1),
            new Reaction("carol", a0, ReactionType.HEART, T1),
            new Reaction("carol", a0, ReactionType.SMILEY, T1),
            new Reaction("alice", new PhotoId("bob", T0), ReactionType.THUMBSUP, T1));
    return new Snapshot(users, photos, follows, reactions);
  }

  @Test
  void importedDataIsSeenByEveryAccessPatternWithCountersComputed() {
    List<Long> progress = new ArrayList<>();
    assertThat(repo.importSnapshot(sampleSnapshot(), progress::add)).isEqualTo(13);
    assertThat(progress).containsExactly(13L);
    assertThat(user("alice").followers()).isEqualTo(2);
    assertThat(user("alice").following()).isEqualTo(1);
    assertThat(user("bob").followers()).isEqualTo(1);
    assertThat(user("carol").following()).isEqualTo(1);
    Photo a0 = photo(new PhotoId("alice", T0));
    assertThat(a0.reactionCount(ReactionType.HEART)).isEqualTo(2);
    assertThat(a0.reactionCount(ReactionType.SMILEY)).isEqualTo(1);
    assertThat(a0.reactionCount(ReactionType.SUNGLASSES)).isZero();
    assertThat(allPhotos("alice", SortOrder.NEWEST_FIRST, 1))
        .extracting(Photo::timestamp)
        .containsExactly(T1, T0);
    assertThat(readAll(repo::followersOf, "alice", 1))
        .extracting(Follow::follower)
        .containsExactly("bob", "carol");
    assertThat(readAll(repo::followedBy, "alice", 1))
        .extracting(User::username)
        .containsExactly("bob");
    assertThat(allReactions(a0.id(), 2)).hasSize(3);
    // Imported data behaves like any other: the counters keep working.
    repo.follow("alice", "carol");
    assertThat(user("carol").followers()).isEqualTo(1);
    assertThatThrownBy(() -> repo.follow("bob", "alice"))
        .isInstanceOf(AlreadyFollowingException.class);
  }

  @Test
  void importWritesOneBatchPerTwentyFiveItems() {
    List<NewUser> users = IntStream.range(0, 60).mapToObj(i -> newUser("u" + i)).toList();
    List<Long> progress = new ArrayList<>();
    repo.importSnapshot(new Snapshot(users, List.of(), List.of(), List.of()), progress::add);
    assertThat(progress).containsExactly(25L, 50L, 60L);
    // Each small item: one write unit on the table and one on the index.
    assertCost(AccessPattern.IMPORT_SNAPSHOT, 3, 0, 120);
    assertThat(repo.getUser("u59")).isPresent();
  }

  @Test
  void importOfAnEmptySnapshotMakesNoRequest() {
    assertThat(
            repo.importSnapshot(
                new Snapshot(List.of(), List.of(), List.of(), List.of()), written -> {}))
        .isZero();
    assertCost(AccessPattern.IMPORT_SNAPSHOT, 0, 0, 0);
  }

  @Test
  void invalidSnapshotsWriteNothing() {
    Map<String, Object> before = seeded();
    Snapshot good = sampleSnapshot();
    NewUser dave = newUser("dave");
    List<Snapshot> bad =
        List.of(
            new Snapshot(List.of(dave, dave), List.of(), List.of(), List.of()),
            new Snapshot(List.of(newUser("da#ve")), List.of(), List.of(), List.of()),
            new Snapshot(
                List.of(dave),
                List.of(new NewPhoto("erin", T0, "https://x.io/e.jpg")),
                List.of(),
                List.of()),
            new Snapshot(
                List.of(dave),
                List.of(new NewPhoto("dave", T0, "ftp://x.io/e.jpg")),
                List.of(),
                List.of()),
            new Snapshot(
                List.of(dave),
                List.of(
                    new NewPhoto("dave", T0, "https://x.io/1.jpg"),
                    new NewPhoto("dave", T0, "https://x.io/2.jpg")),
                List.of(),
                List.of()),
            new Snapshot(
                List.of(dave), List.of(), List.of(new Follow("dave", "dave", T0)), List.of()),
            new Snapshot(
                List.of(dave), List.of(), List.of(new Follow("dave", "alice", T0)), List.of()),
            new Snapshot(
                good.users(),
                good.photos(),
                List.of(new Follow("bob", "alice", T0), new Follow("bob", "alice", T1)),
                List.of()),
            new Snapshot(
                good.users(),
                good.photos(),
                List.of(),
                List.of(new Reaction("bob", new PhotoId("carol", T0), ReactionType.HEART, T0))),
            new Snapshot(
                good.users(),
                good.photos(),
                List.of(),
                List.of(new Reaction("bob", new PhotoId("alice", T0), null, T0))),
            new Snapshot(
                good.users(),
                good.photos(),
                List.of(),
                List.of(good.reactions().get(0), good.reactions().get(0))));
    for (Snapshot snapshot : bad) {
      assertInvalid(() -> repo.importSnapshot(snapshot, written -> {}), before, SEEDED);
    }
    assertInvalid(() -> repo.importSnapshot(null, written -> {}), before, SEEDED);
    assertInvalid(() -> repo.importSnapshot(good, null), before, SEEDED);
    assertThatThrownBy(() -> new Snapshot(null, List.of(), List.of(), List.of()))
        .isInstanceOf(InvalidInputException.class);
  }

  // --- home feed -----------------------------------------------------------------------------

  /** Reads every page of a user's home feed with the given page size. */
  private List<Photo> wholeFeed(String username, int pageSize) {
    return restOfFeed(username, PageRequest.first(pageSize));
  }

  /**
   * Reads a user's home feed from a page to the end, checking on the way that every photo sorts
   * strictly after the one before it, across pages too: a walk that repeats a photo or goes back
   * in time fails at once instead of looping.
   */
  private List<Photo> restOfFeed(String username, PageRequest first) {
    List<Photo> photos = new ArrayList<>();
    PageRequest page = first;
    while (true) {
      Page<Photo> read = repo.homeFeed(username, page);
      assertThat(read.items()).hasSizeLessThanOrEqualTo(page.size());
      for (Photo photo : read.items()) {
        if (!photos.isEmpty()) {
          assertThat(FEED_ORDER.compare(photos.get(photos.size() - 1), photo))
              .as("%s comes after %s", photo, photos.get(photos.size() - 1))
              .isNegative();
        }
        photos.add(photo);
      }
      if (!read.hasNext()) {
        return photos;
      }
      assertThat(read.items()).as("a page with a next cursor holds a photo").isNotEmpty();
      page = read.next(page.size());
    }
  }

  /** The feed's order: newest first, then owners in code-point order (as DynamoDB sorts keys). */
  private static final Comparator<Photo> FEED_ORDER =
      Comparator.comparing(Photo::timestamp, Comparator.reverseOrder())
          .thenComparing(
              Photo::owner,
              (a, b) -> Arrays.compare(a.codePoints().toArray(), b.codePoints().toArray()));

  private static NewPhoto newPhoto(String owner, Instant timestamp) {
    return new NewPhoto(
        owner,
        timestamp,
        "https://photos.example.com/"
            + owner
            + "/"
            + timestamp.getEpochSecond()
            + "-"
            + timestamp.getNano()
            + ".jpg");
  }

  @Test
  void homeFeedListsThePhotosOfFollowedUsersNewestFirst() {
    for (String u : List.of("alice", "bob", "carol", "dave")) {
      create(u);
    }
    repo.follow("alice", "bob");
    repo.follow("alice", "carol");
    repo.follow("bob", "alice");
    upload("bob", T0);
    upload("carol", T0.plusSeconds(1));
    upload("bob", T0.plusSeconds(2));
    upload("dave", T0.plusSeconds(3)); // not followed
    upload("alice", T0.plusSeconds(4)); // the reader's own photos are not in the feed

    Page<Photo> feed = repo.homeFeed("alice", PageRequest.first(10));

    assertThat(feed.items())
        .extracting(Photo::id)
        .containsExactly(
            new PhotoId("bob", T0.plusSeconds(2)),
            new PhotoId("carol", T0.plusSeconds(1)),
            new PhotoId("bob", T0));
    assertThat(feed.hasNext()).isFalse();
    assertThat(feed.items().get(0)).isEqualTo(photo(new PhotoId("bob", T0.plusSeconds(2))));
    assertThat(wholeFeed("bob", 1))
        .extracting(Photo::id)
        .containsExactly(new PhotoId("alice", T0.plusSeconds(4)));
  }

  @Test
  void homeFeedShowsCurrentReactionCounters() {
    create("alice");
    create("bob");
    repo.follow("alice", "bob");
    Photo photo = upload("bob", T0);
    repo.reactTo("alice", photo.id(), ReactionType.SMILEY);
    assertThat(repo.homeFeed("alice", PageRequest.first()).items())
        .singleElement()
        .satisfies(p -> assertThat(p.reactionCount(ReactionType.SMILEY)).isEqualTo(1));
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 2, 3, 100})
  void equalTimestampsAreOrderedByOwnerInCodePointOrderOnEveryPageSize(int pageSize) {
    // U+FF21 sorts before U+10400 in code-point (and DynamoDB) order, after it in UTF-16 order.
    List<String> owners = List.of("\uD801\uDC00", "b", "\uFF21", "B", "ba");
    create("reader");
    for (String owner : owners) {
      create(owner);
      repo.follow("reader", owner);
      upload(owner, T0);
      upload(owner, T0.plusNanos(1));
      upload(owner, T0.minusSeconds(1));
    }
    List<String> codePointOrder = List.of("B", "b", "ba", "\uFF21", "\uD801\uDC00");
    List<PhotoId> expected = new ArrayList<>();
    for (Instant t : List.of(T0.plusNanos(1), T0, T0.minusSeconds(1))) {
      codePointOrder.forEach(owner -> expected.add(new PhotoId(owner, t)));
    }
    assertThat(wholeFeed("reader", pageSize))
        .extracting(Photo::id)
        .containsExactlyElementsOf(expected);
  }

  @ParameterizedTest
  @ValueSource(ints = {3, 7, 100})
  void pagingThroughHundredsOfPhotosReturnsEachExactlyOnceInFeedOrder(int pageSize) {
    Random random = new Random(10 + pageSize);
    List<String> followees = List.of("ann", "ben", "cy", "dee", "eve", "fay", "gus", "hal");
    List<NewUser> users = new ArrayList<>();
    users.add(newUser("reader"));
    users.add(newUser("stranger"));
    followees.forEach(f -> users.add(newUser(f)));
    users.add(newUser("quiet")); // followed, but has no photos
    List<Follow> follows = new ArrayList<>();
    followees.forEach(f -> follows.add(new Follow("reader", f, CLOCK_START)));
    follows.add(new Follow("reader", "quiet", CLOCK_START));
    follows.add(new Follow("stranger", "reader", CLOCK_START));
    // Timestamps drawn from a small set, so many photos of different owners tie; "ann" has
    // just one photo.
    java.util.Set<PhotoId> ids = new java.util.LinkedHashSet<>();
    ids.add(new PhotoId("ann", T0));
    while (ids.size() < 260) {
      String owner = followees.get(1 + random.nextInt(followees.size() - 1));
      ids.add(new PhotoId(owner, T0.plusSeconds(random.nextInt(60)).plusNanos(random.nextInt(3))));
    }
    for (int i = 0; i < 20; i++) {
      ids.add(new PhotoId("stranger", T0.plusSeconds(i)));
    }
    List<NewPhoto> photos = ids.stream().map(id -> newPhoto(id.owner(), id.timestamp())).toList();
    repo.importSnapshot(new Snapshot(users, photos, follows, List.of()), written -> {});

    List<PhotoId> expected =
        ids.stream()
            .filter(id -> !id.owner().equals("stranger"))
            .sorted(
                Comparator.comparing((PhotoId id) -> id.timestamp(), Comparator.reverseOrder())
                    .thenComparing(
                        PhotoId::owner,
                        (a, b) ->
                            Arrays.compare(a.codePoints().toArray(), b.codePoints().toArray())))
            .toList();
    List<Photo> feed = wholeFeed("reader", pageSize);
    assertThat(feed).extracting(Photo::id).containsExactlyElementsOf(expected);
    assertThat(feed).isSortedAccordingTo(FEED_ORDER);
  }

  @Test
  void aUserWhoFollowsNobodyOrDoesNotExistHasAnEmptyFeedForOneRequest() {
    create("alice");
    create("bob");
    upload("bob", T0);
    repo.follow("bob", "alice"); // alice is followed, but follows nobody
    for (String reader : List.of("alice", "ghost")) {
      Page<Photo> feed = repo.homeFeed(reader, PageRequest.first());
      assertThat(feed.items()).isEmpty();
      assertThat(feed.hasNext()).isFalse();
      assertCost(AccessPattern.HOME_FEED, 1, billing().emptyQuery(false), 0);
    }
  }

  @Test
  void followedUsersWithoutPhotosAddNothing() {
    create("alice");
    for (String u : List.of("bob", "carol", "dave")) {
      create(u);
      repo.follow("alice", u);
    }
    upload("carol", T0);
    assertThat(wholeFeed("alice", 1))
        .extracting(Photo::id)
        .containsExactly(new PhotoId("carol", T0));
  }

  /** Alice follows bob and carol, who each have photos at T0 + 0…5 s (carol at odd seconds). */
  private Page<Photo> firstFeedPage(int size) {
    for (String u : List.of("alice", "bob", "carol", "dave")) {
      create(u);
    }
    repo.follow("alice", "bob");
    repo.follow("alice", "carol");
    for (int i = 0; i < 6; i++) {
      upload(i % 2 == 0 ? "bob" : "carol", T0.plusSeconds(i));
    }
    Page<Photo> first = repo.homeFeed("alice", PageRequest.first(size));
    assertThat(first.hasNext()).isTrue();
    return first;
  }

  @Test
  void unfollowingBetweenPagesDropsThatUsersPhotosFromTheNextPage() {
    Page<Photo> first = firstFeedPage(2);
    assertThat(first.items()).extracting(Photo::owner).containsExactly("carol", "bob");
    repo.unfollow("alice", "carol");
    Page<Photo> rest = repo.homeFeed("alice", first.next(10));
    assertThat(rest.items())
        .extracting(Photo::id)
        .containsExactly(new PhotoId("bob", T0.plusSeconds(2)), new PhotoId("bob", T0));
  }

  @Test
  void followingBetweenPagesAddsOnlyPhotosAfterThePosition() {
    Page<Photo> first = firstFeedPage(2); // up to bob at T0 + 4 s
    upload("dave", T0.plusSeconds(10));
    upload("dave", T0.plusSeconds(4)); // ties with the position; "dave" sorts after "bob"
    upload("dave", T0.plusSeconds(1));
    repo.follow("alice", "dave");
    Page<Photo> rest = repo.homeFeed("alice", first.next(10));
    assertThat(rest.items())
        .extracting(Photo::id)
        .containsExactly(
            new PhotoId("dave", T0.plusSeconds(4)), new PhotoId("carol", T0.plusSeconds(3)),
            new PhotoId("bob", T0.plusSeconds(2)), new PhotoId("carol", T0.plusSeconds(1)),
            new PhotoId("dave", T0.plusSeconds(1)), new PhotoId("bob", T0));
  }

  @Test
  void aPhotoUploadedDuringTheWalkAppearsLaterOnlyIfItSortsAfterThePosition() {
    Page<Photo> first = firstFeedPage(2); // carol at 5 s, bob at 4 s
    upload("bob", T0.plusSeconds(100)); // newer than the position: not in this walk
    upload("carol", T0.plusSeconds(4)); // ties at 4 s; "carol" sorts after "bob"
    upload("alice", T0.plusSeconds(3).plusNanos(1)); // alice is not followed by herself
    upload("bob", T0.plusSeconds(3).minusNanos(1));
    assertThat(restOfFeed("alice", first.next(1)))
        .extracting(Photo::id)
        .containsExactly(
            new PhotoId("carol", T0.plusSeconds(4)),
            new PhotoId("carol", T0.plusSeconds(3)),
            new PhotoId("bob", T0.plusSeconds(3).minusNanos(1)),
            new PhotoId("bob", T0.plusSeconds(2)),
            new PhotoId("carol", T0.plusSeconds(1)),
            new PhotoId("bob", T0));
    // A fresh first page shows the new photo in its place.
    assertThat(repo.homeFeed("alice", PageRequest.first(1)).items())
        .extracting(Photo::id)
        .containsExactly(new PhotoId("bob", T0.plusSeconds(100)));
  }

  @Test
  void photosAtTheEarliestInstantAreReachedAndEndTheFeed() {
    Instant earliest = Instant.parse("0001-01-01T00:00:00Z");
    create("alice");
    for (String u : List.of("bob", "carol")) {
      create(u);
      repo.follow("alice", u);
      upload(u, earliest);
    }
    assertThat(wholeFeed("alice", 1))
        .extracting(Photo::id)
        .containsExactly(new PhotoId("bob", earliest), new PhotoId("carol", earliest));
  }

  @Test
  void homeFeedCursorIsBoundToItsReaderAndToTheFeed() {
    String cursor = firstFeedPage(1).nextCursor().orElseThrow();
    repo.follow("dave", "bob");
    repo.follow("bob", "alice");
    assertThat(cursor).matches("[A-Za-z0-9_-]+");
    assertThatThrownBy(() -> repo.homeFeed("dave", PageRequest.after(cursor, 1)))
        .isInstanceOf(InvalidCursorException.class);
    assertThatThrownBy(() -> repo.followersOf("alice", PageRequest.after(cursor, 1)))
        .isInstanceOf(InvalidCursorException.class);
    assertThatThrownBy(() -> repo.followedBy("alice", PageRequest.after(cursor, 1)))
        .isInstanceOf(InvalidCursorException.class);
    assertThatThrownBy(
            () ->
                repo.userWithPhotos("alice", SortOrder.NEWEST_FIRST, PageRequest.after(cursor, 1)))
        .isInstanceOf(InvalidCursorException.class);
    String followedCursor =
        repo.followersOf("bob", PageRequest.first(1)).nextCursor().orElseThrow();
    assertThatThrownBy(() -> repo.homeFeed("alice", PageRequest.after(followedCursor, 1)))
        .isInstanceOf(InvalidCursorException.class);
    String photosCursor =
        repo.userWithPhotos("bob", SortOrder.NEWEST_FIRST, PageRequest.first(1))
            .photos()
            .nextCursor()
            .orElseThrow();
    assertThatThrownBy(() -> repo.homeFeed("alice", PageRequest.after(photosCursor, 1)))
        .isInstanceOf(InvalidCursorException.class);
  }

  @Test
  void tamperedOrTruncatedHomeFeedCursorIsRejected() {
    String cursor = firstFeedPage(1).nextCursor().orElseThrow();
    Page<Photo> genuine = repo.homeFeed("alice", PageRequest.after(cursor, 1));
    for (int i = 0; i < cursor.length(); i++) {
      char replacement = cursor.charAt(i) == 'A' ? 'B' : 'A';
      String tampered = cursor.substring(0, i) + replacement + cursor.substring(i + 1);
      Throwable thrown =
          catchThrowable(() -> repo.homeFeed("alice", PageRequest.after(tampered, 1)));
      if (thrown == null) {
        // Base64 tail bits may be ignored; such an edit leaves the cursor's bytes unchanged.
        assertThat(repo.homeFeed("alice", PageRequest.after(tampered, 1))).isEqualTo(genuine);
      } else {
        assertThat(thrown).as("position %d", i).isInstanceOf(InvalidCursorException.class);
      }
    }
    for (int cut = 1; cut < cursor.length(); cut++) {
      String truncated = cursor.substring(0, cursor.length() - cut);
      assertThatThrownBy(() -> repo.homeFeed("alice", PageRequest.after(truncated, 1)))
          .isInstanceOf(InvalidCursorException.class);
    }
    for (String malformed :
        List.of("", "x", "not a cursor!", "%%%", "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")) {
      assertThatThrownBy(() -> repo.homeFeed("alice", PageRequest.after(malformed, 1)))
          .isInstanceOf(InvalidCursorException.class);
    }
  }

  @Test
  void homeFeedCursorStaysSmallWhateverTheNumberOfFollowedUsers() {
    String owner = "\uD801\uDC00".repeat(64); // the longest handle in UTF-8: 256 bytes
    List<NewUser> users = new ArrayList<>();
    users.add(newUser("reader"));
    users.add(newUser(owner));
    List<Follow> follows = new ArrayList<>();
    follows.add(new Follow("reader", owner, CLOCK_START));
    for (int i = 0; i < 150; i++) {
      users.add(newUser("f" + i));
      follows.add(new Follow("reader", "f" + i, CLOCK_START));
    }
    List<NewPhoto> photos =
        List.of(
            newPhoto(owner, T0),
            newPhoto(owner, T0.minusSeconds(1)),
            newPhoto("f7", T0.plusSeconds(1)),
            newPhoto("f8", T0.plusSeconds(2)));
    repo.importSnapshot(new Snapshot(users, photos, follows, List.of()), written -> {});
    Page<Photo> first = repo.homeFeed("reader", PageRequest.first(3));
    assertThat(first.items()).extracting(Photo::owner).containsExactly("f8", "f7", owner);
    // The documented worst case: 287 bytes, 383 characters; a short handle's cursor is short.
    assertThat(first.nextCursor().orElseThrow()).hasSize(383);
    assertThat(repo.homeFeed("reader", PageRequest.first(1)).nextCursor().orElseThrow())
        .hasSizeLessThan(60);
    assertThat(repo.homeFeed("reader", first.next(3)).items())
        .extracting(Photo::id)
        .containsExactly(new PhotoId(owner, T0.minusSeconds(1)));
  }

  @Test
  void homeFeedReadsEveryFollowedUserBeyondAThousand() {
    List<NewUser> users = new ArrayList<>();
    users.add(newUser("reader"));
    List<Follow> follows = new ArrayList<>();
    List<NewPhoto> photos = new ArrayList<>();
    for (int i = 0; i < 1001; i++) {
      String followee = String.format("f%04d", i);
      users.add(newUser(followee));
      follows.add(new Follow("reader", followee, CLOCK_START));
    }
    photos.add(newPhoto("f0000", T0));
    photos.add(newPhoto("f1000", T0.plusSeconds(1))); // listed on the second index page
    repo.importSnapshot(new Snapshot(users, photos, follows, List.of()), written -> {});
    costs.clear();
    assertThat(repo.homeFeed("reader", PageRequest.first(5)).items())
        .extracting(Photo::owner)
        .containsExactly("f1000", "f0000");
    OperationCost cost = costs.last();
    assertThat(cost.requests()).isEqualTo(2 + 1001);
    assertThat(cost.itemsRead()).isEqualTo(1001 + 2);
  }

  @Test
  void homeFeedCostsTheIndexQueryAndOneQueryPerFollowedUserPerPage() {
    create("alice");
    for (String u : List.of("bob", "carol", "dave", "erin")) {
      create(u);
      repo.follow("alice", u);
    }
    for (int i = 0; i < 30; i++) {
      upload(i % 3 == 0 ? "bob" : i % 3 == 1 ? "carol" : "dave", T0.plusSeconds(i));
    }
    // erin has no photos. Each page: one index query of 4 small friendships (half a unit) and
    // four eventually consistent queries; a followed user's query reads at most a page of
    // small photos (half a unit) and a query that reads nothing costs the minimum.
    double perPage = 0.5 + 3 * 0.5 + billing().emptyQuery(false);
    Page<Photo> page = repo.homeFeed("alice", PageRequest.first(4));
    assertCost(AccessPattern.HOME_FEED, 5, perPage, 0);
    assertThat(costs.last().itemsRead())
        .as("4 friendships + at most 4 photos from each of 3")
        .isEqualTo(4 + 12);
    page = repo.homeFeed("alice", page.next(4));
    assertCost(AccessPattern.HOME_FEED, 5, perPage, 0);
    assertThat(costs.last().itemsRead()).isEqualTo(4 + 12);
    assertThat(page.items())
        .extracting(Photo::timestamp)
        .containsExactly(
            T0.plusSeconds(25), T0.plusSeconds(24), T0.plusSeconds(23), T0.plusSeconds(22));
  }

  @Test
  void badHomeFeedArgumentsAreRejectedBeforeAnyRequest() {
    Map<String, Object> before = seeded();
    assertInvalid(() -> repo.homeFeed(null, PageRequest.first()), before, SEEDED);
    for (String username :
        List.of(
            "",
            "a#b",
            "a b",
            "\uD800",
            "12345678901234567890123456789012345678901234567890123456789012345")) {
      assertInvalid(() -> repo.homeFeed(username, PageRequest.first()), before, SEEDED);
    }
    assertInvalid(() -> repo.homeFeed("bob", null), before, SEEDED);
    assertInvalid(() -> repo.homeFeed("bob", new PageRequest(5, null)), before, SEEDED);
    for (int size : new int[] {0, -1, 101, Integer.MAX_VALUE}) {
      assertInvalid(() -> repo.homeFeed("bob", PageRequest.first(size)), before, SEEDED);
    }
    assertThat(repo.homeFeed("bob", PageRequest.first(100)).items()).hasSize(1);
  }

  // --- cursors -------------------------------------------------------------------------------

  private Page<Follow> firstFollowersPage() {
    create("alice");
    for (String f : List.of("b", "c", "d")) {
      create(f);
      repo.follow(f, "alice");
    }
    Page<Follow> page = repo.followersOf("alice", PageRequest.first(1));
    assertThat(page.hasNext()).isTrue();
    return page;
  }

  @Test
  void cursorsAreUrlSafe() {
    String cursor = firstFollowersPage().nextCursor().orElseThrow();
    assertThat(cursor).matches("[A-Za-z0-9_-]+");
  }

  @Test
  void tamperedCursorIsRejected() {
    String cursor = firstFollowersPage().nextCursor().orElseThrow();
    for (int i = 0; i < cursor.length(); i++) {
      char replacement = cursor.charAt(i) == 'A' ? 'B' : 'A';
      String tampered = cursor.substring(0, i) + replacement + cursor.substring(i + 1);
      Throwable thrown =
          catchThrowable(() -> repo.followersOf("alice", PageRequest.after(tampered, 1)));
      if (thrown == null) {
        // Base64 tail bits may be ignored; such an edit leaves the cursor's bytes unchanged.
        assertThat(repo.followersOf("alice", PageRequest.after(tampered, 1)))
            .isEqualTo(repo.followersOf("alice", PageRequest.after(cursor, 1)));
      } else {
        assertThat(thrown).as("position %d", i).isInstanceOf(InvalidCursorException.class);
      }
    }
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "",
        "x",
        "not a cursor!",
        "%%%",
        "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
        "eyJwayI6IlVTRVIjYWxpY2UifQ"
      })
  void malformedCursorIsRejected(String cursor) {
    create("alice");
    assertThatThrownBy(() -> repo.followersOf("alice", PageRequest.after(cursor, 1)))
        .isInstanceOf(InvalidCursorException.class);
  }

  @Test
  void aMissingCursorIsRejectedRatherThanRestartingTheListing() {
    assertThatThrownBy(() -> PageRequest.after(null, 10))
        .isInstanceOf(InvalidCursorException.class);
  }

  @Test
  void aFailingCostListenerNeverMasksTheOutcome() {
    QuickPhotos quiet =
        newRepository(
            cost -> {
              throw new IllegalStateException("listener bug");
            },
            new TickingClock(CLOCK_START));
    quiet.createUser(newUser("alice"));
    assertThatThrownBy(() -> quiet.createUser(newUser("alice")))
        .isInstanceOf(UserAlreadyExistsException.class);
    assertThat(quiet.getUser("alice")).isPresent();
  }

  @Test
  void truncatedCursorIsRejected() {
    String cursor = firstFollowersPage().nextCursor().orElseThrow();
    for (int cut = 1; cut < cursor.length(); cut += 3) {
      String truncated = cursor.substring(0, cursor.length() - cut);
      assertThatThrownBy(() -> repo.followersOf("alice", PageRequest.after(truncated, 1)))
          .isInstanceOf(InvalidCursorException.class);
    }
  }

  @Test
  void cursorOfOneListingIsRejectedByAnother() {
    String followersCursor = firstFollowersPage().nextCursor().orElseThrow();
    create("zoe");
    repo.follow("zoe", "b");
    repo.follow("b", "zoe");
    assertThatThrownBy(() -> repo.followersOf("b", PageRequest.after(followersCursor, 1)))
        .isInstanceOf(InvalidCursorException.class);
    assertThatThrownBy(() -> repo.followedBy("alice", PageRequest.after(followersCursor, 1)))
        .isInstanceOf(InvalidCursorException.class);
    assertThatThrownBy(
            () ->
                repo.userWithPhotos(
                    "alice", SortOrder.OLDEST_FIRST, PageRequest.after(followersCursor, 1)))
        .isInstanceOf(InvalidCursorException.class);
  }

  @Test
  void cursorOfOneSortOrderIsRejectedByTheOther() {
    create("alice");
    upload("alice", T0);
    upload("alice", T0.plusSeconds(1));
    String cursor =
        repo.userWithPhotos("alice", SortOrder.NEWEST_FIRST, PageRequest.first(1))
            .photos()
            .nextCursor()
            .orElseThrow();
    assertThatThrownBy(
            () ->
                repo.userWithPhotos("alice", SortOrder.OLDEST_FIRST, PageRequest.after(cursor, 1)))
        .isInstanceOf(InvalidCursorException.class);
  }

  @Test
  void cursorOfOnePhotoIsRejectedByAnother() {
    create("alice");
    create("bob");
    Photo first = upload("alice", T0);
    Photo second = upload("alice", T0.plusSeconds(1));
    repo.reactTo("bob", first.id(), ReactionType.HEART);
    repo.reactTo("bob", second.id(), ReactionType.HEART);
    String cursor =
        repo.photoWithReactions(first.id(), PageRequest.first(1))
            .reactions()
            .nextCursor()
            .orElseThrow();
    assertThatThrownBy(() -> repo.photoWithReactions(second.id(), PageRequest.after(cursor, 1)))
        .isInstanceOf(InvalidCursorException.class);
  }

  @Test
  void aCursorMayBeReusedAndThePageSizeChanged() {
    Page<Follow> first = firstFollowersPage();
    String cursor = first.nextCursor().orElseThrow();
    Page<Follow> again = repo.followersOf("alice", PageRequest.after(cursor, 1));
    assertThat(repo.followersOf("alice", PageRequest.after(cursor, 1))).isEqualTo(again);
    assertThat(repo.followersOf("alice", PageRequest.after(cursor, 10)).items())
        .extracting(Follow::follower)
        .containsExactly("c", "d");
  }

  @Test
  void aPageEndingExactlyAtTheLastItemMayHaveAnEmptySuccessor() {
    create("alice");
    create("b");
    repo.follow("b", "alice");
    Page<Follow> first = repo.followersOf("alice", PageRequest.first(1));
    assertThat(first.items()).hasSize(1);
    if (first.hasNext()) {
      Page<Follow> next = repo.followersOf("alice", first.next(1));
      assertThat(next.items()).isEmpty();
      assertThat(next.hasNext()).isFalse();
    }
  }

  // --- errors: kinds and the identifiers they concern ---------------------------------------

  private static QuickPhotosException thrownBy(Runnable call) {
    Throwable thrown = catchThrowable(call::run);
    assertThat(thrown).isInstanceOf(QuickPhotosException.class);
    return (QuickPhotosException) thrown;
  }

  private static Map<String, String> photoOf(String owner, Instant timestamp) {
    Map<String, String> named = new LinkedHashMap<>();
    named.put("photoOwner", owner);
    named.put("photoTimestamp", timestamp.toString());
    return named;
  }

  /**
   * Each not-found and conflict exception, from each method that throws it, carries the
   * identifiers it concerns, by name and through its typed accessors, and is of its kind; the
   * message names them too.
   */
  @Test
  void everyNotFoundAndConflictNamesWhatItConcerns() {
    create("alice");
    create("bob");
    Photo photo = upload("alice", T0);
    PhotoId missing = new PhotoId("alice", T0.plusSeconds(1));
    repo.follow("bob", "alice");
    repo.reactTo("bob", photo.id(), ReactionType.HEART);
    List<Runnable> userGhost =
        List.of(
            () -> repo.updateProfile("ghost", ProfileUpdate.builder().name("G").build()),
            () -> repo.uploadPhoto("ghost", T0, "https://photos.example.com/g.jpg"),
            () -> repo.userWithPhotos("ghost", SortOrder.NEWEST_FIRST, PageRequest.first()),
            () -> repo.reactTo("ghost", photo.id(), ReactionType.SMILEY),
            () -> repo.follow("bob", "ghost"),
            () -> repo.follow("ghost", "alice"),
            () -> repo.follow("nobody", "ghost"), // both missing: the followed user is named
            () -> repo.deleteUser("ghost"));
    for (Runnable call : userGhost) {
      QuickPhotosException e = thrownBy(call);
      assertThat(e).isInstanceOf(UserNotFoundException.class).hasMessageContaining("ghost");
      assertThat(e.kind()).isEqualTo(QuickPhotosException.Kind.NOT_FOUND);
      assertThat(e.identifiers()).containsExactly(Map.entry("username", "ghost"));
      assertThat(((UserNotFoundException) e).username()).isEqualTo("ghost");
    }
    for (Runnable call :
        List.<Runnable>of(
            () -> repo.reactTo("bob", missing, ReactionType.HEART),
            () -> repo.photoWithReactions(missing, PageRequest.first()),
            () -> repo.deletePhoto(missing))) {
      QuickPhotosException e = thrownBy(call);
      assertThat(e).isInstanceOf(PhotoNotFoundException.class);
      assertThat(e.kind()).isEqualTo(QuickPhotosException.Kind.NOT_FOUND);
      assertThat(e.identifiers()).containsExactlyEntriesOf(photoOf("alice", missing.timestamp()));
      assertThat(((PhotoNotFoundException) e).photo()).isEqualTo(missing);
    }

    QuickPhotosException notFollowing = thrownBy(() -> repo.unfollow("alice", "bob"));
    assertThat(notFollowing).isInstanceOf(NotFollowingException.class);
    assertThat(notFollowing.kind()).isEqualTo(QuickPhotosException.Kind.NOT_FOUND);
    assertThat(notFollowing.identifiers())
        .containsExactly(Map.entry("follower", "alice"), Map.entry("followed", "bob"));
    assertThat(((NotFollowingException) notFollowing).follower()).isEqualTo("alice");
    assertThat(((NotFollowingException) notFollowing).followed()).isEqualTo("bob");

    Map<String, String> smiley = new LinkedHashMap<>();
    smiley.put("reactor", "bob");
    smiley.putAll(photoOf("alice", T0));
    smiley.put("reactionType", "smiley");
    QuickPhotosException noReaction =
        thrownBy(() -> repo.removeReaction("bob", photo.id(), ReactionType.SMILEY));
    assertThat(noReaction).isInstanceOf(ReactionNotFoundException.class);
    assertThat(noReaction.kind()).isEqualTo(QuickPhotosException.Kind.NOT_FOUND);
    assertThat(noReaction.identifiers()).containsExactlyEntriesOf(smiley);
    ReactionNotFoundException reaction = (ReactionNotFoundException) noReaction;
    assertThat(reaction.reactor()).isEqualTo("bob");
    assertThat(reaction.photo()).isEqualTo(photo.id());
    assertThat(reaction.type()).isEqualTo(ReactionType.SMILEY);

    QuickPhotosException taken = thrownBy(() -> create("alice"));
    assertThat(taken).isInstanceOf(UserAlreadyExistsException.class);
    assertThat(taken.kind()).isEqualTo(QuickPhotosException.Kind.CONFLICT);
    assertThat(taken.identifiers()).containsExactly(Map.entry("username", "alice"));
    assertThat(((UserAlreadyExistsException) taken).username()).isEqualTo("alice");

    QuickPhotosException photoTaken = thrownBy(() -> upload("alice", T0));
    assertThat(photoTaken).isInstanceOf(PhotoAlreadyExistsException.class);
    assertThat(photoTaken.kind()).isEqualTo(QuickPhotosException.Kind.CONFLICT);
    assertThat(photoTaken.identifiers()).containsExactlyEntriesOf(photoOf("alice", T0));
    assertThat(((PhotoAlreadyExistsException) photoTaken).photo()).isEqualTo(photo.id());

    QuickPhotosException following = thrownBy(() -> repo.follow("bob", "alice"));
    assertThat(following).isInstanceOf(AlreadyFollowingException.class);
    assertThat(following.kind()).isEqualTo(QuickPhotosException.Kind.CONFLICT);
    assertThat(following.identifiers())
        .containsExactly(Map.entry("follower", "bob"), Map.entry("followed", "alice"));

    Map<String, String> heart = new LinkedHashMap<>(smiley);
    heart.put("reactionType", "heart");
    QuickPhotosException reacted =
        thrownBy(() -> repo.reactTo("bob", photo.id(), ReactionType.HEART));
    assertThat(reacted).isInstanceOf(AlreadyReactedException.class);
    assertThat(reacted.kind()).isEqualTo(QuickPhotosException.Kind.CONFLICT);
    assertThat(reacted.identifiers()).containsExactlyEntriesOf(heart);
    assertThat(((AlreadyReactedException) reacted).type()).isEqualTo(ReactionType.HEART);
  }

  /** Bad input and bad cursors are of one kind, carry no identifiers, and name the input. */
  @Test
  void invalidInputIsOneKind() {
    create("alice");
    for (Runnable call :
        List.<Runnable>of(
            () -> repo.follow("alice", "alice"),
            () -> repo.getUser("a#b"),
            () -> repo.followersOf("alice", PageRequest.after("not-a-cursor", 10)),
            () -> repo.followersOf("alice", PageRequest.first()).next(10))) {
      QuickPhotosException e = thrownBy(call);
      assertThat(e).isInstanceOf(InvalidInputException.class);
      assertThat(e.kind()).isEqualTo(QuickPhotosException.Kind.INVALID_INPUT);
      assertThat(e.identifiers()).isEmpty();
    }
  }

  // --- bad input -----------------------------------------------------------------------------

  /** The users a bad-input test looks at: two that exist and one that must stay missing. */
  private static final String[] SEEDED = {"alice", "bob", "carol"};

  private Map<String, Object> seeded() {
    create("alice");
    create("bob");
    Photo photo = upload("alice", T0);
    repo.follow("bob", "alice");
    repo.reactTo("bob", photo.id(), ReactionType.HEART);
    return snapshot(SEEDED);
  }

  private List<Runnable> everyCallWithUsername(String username) {
    PhotoId photo = new PhotoId(username, T0);
    return List.of(
        () -> repo.createUser(newUser(username)),
        () -> repo.getUser(username),
        () -> repo.updateProfile(username, ProfileUpdate.builder().name("x").build()),
        () -> repo.uploadPhoto(username, T0, "https://x.example.com/p.jpg"),
        () -> repo.getPhoto(photo),
        () -> repo.userWithPhotos(username, SortOrder.NEWEST_FIRST, PageRequest.first()),
        () -> repo.reactTo(username, new PhotoId("alice", T0), ReactionType.HEART),
        () -> repo.reactTo("bob", photo, ReactionType.HEART),
        () -> repo.photoWithReactions(photo, PageRequest.first()),
        () -> repo.follow(username, "alice"),
        () -> repo.follow("alice", username),
        () -> repo.unfollow(username, "alice"),
        () -> repo.unfollow("bob", username),
        () -> repo.followersOf(username, PageRequest.first()),
        () -> repo.followedBy(username, PageRequest.first()),
        () -> repo.approveRequest(username, "bob"),
        () -> repo.approveRequest("alice", username),
        () -> repo.declineRequest(username, "bob"),
        () -> repo.withdrawRequest(username, "alice"),
        () -> repo.followRequestsOf(username, PageRequest.first()),
        () -> repo.block(username, "bob"),
        () -> repo.block("alice", username),
        () -> repo.unblock(username, "bob"),
        () -> repo.blocksOf(username, PageRequest.first()),
        () -> repo.as(username),
        () -> repo.as("bob").getUser(username),
        () -> repo.as("bob").getPhoto(photo),
        () -> repo.as("bob").userWithPhotos(username, SortOrder.NEWEST_FIRST, PageRequest.first()),
        () -> repo.as("bob").photoWithReactions(photo, PageRequest.first()),
        () -> repo.as("bob").followersOf(username, PageRequest.first()),
        () -> repo.as("bob").followedBy(username, PageRequest.first()),
        () -> repo.as("bob").isFollowing(username, "alice"),
        () -> repo.as("bob").reactionsLeftBy(username, new PhotoId("alice", T0)));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "",
        "a#b",
        "#METADATA#alice",
        "a$b",
        "a b",
        "a/b",
        "a\u0000b",
        "a\nb",
        "alice\u200B",
        "tab\tbed",
        "\uD800",
        "x\uDC00",
        "12345678901234567890123456789012345678901234567890123456789012345"
      })
  void badUsernamesAreRejectedEverywhereBeforeAnyRequest(String username) {
    Map<String, Object> before = seeded();
    for (Runnable call : everyCallWithUsername(username)) {
      assertInvalid(call, before, SEEDED);
    }
  }

  @Test
  void nullUsernamesAreRejectedEverywhere() {
    Map<String, Object> before = seeded();
    for (Runnable call : everyCallWithUsername(null)) {
      assertInvalid(call, before, SEEDED);
    }
  }

  @Test
  void sixtyFourCharacterUsernameIsTheLongestAllowed() {
    String longest = "a".repeat(64);
    create(longest);
    assertThat(user(longest).username()).isEqualTo(longest);
    String supplementary = "\uD801\uDC00".repeat(64);
    create(supplementary);
    assertThat(user(supplementary).username()).isEqualTo(supplementary);
  }

  @Test
  void nullArgumentsAreRejectedEverywhere() {
    Map<String, Object> before = seeded();
    PhotoId photo = new PhotoId("alice", T0);
    List<Runnable> calls =
        List.of(
            () -> repo.createUser(null),
            () -> repo.updateProfile("alice", null),
            () ->
                repo.updateProfile(
                    "alice",
                    new ProfileUpdate(
                        null,
                        Optional.empty(),
                        Optional.empty(),
                        Optional.empty(),
                        Optional.empty())),
            () -> repo.uploadPhoto("alice", null, "https://x.example.com/p.jpg"),
            () -> repo.uploadPhoto("alice", T0.plusSeconds(1), null),
            () -> repo.getPhoto(null),
            () -> repo.getPhoto(new PhotoId("alice", null)),
            () -> repo.userWithPhotos("alice", null, PageRequest.first()),
            () -> repo.userWithPhotos("alice", SortOrder.NEWEST_FIRST, null),
            () -> repo.userWithPhotos("alice", SortOrder.NEWEST_FIRST, new PageRequest(5, null)),
            () -> repo.reactTo("bob", null, ReactionType.SMILEY),
            () -> repo.reactTo("bob", photo, null),
            () -> repo.photoWithReactions(null, PageRequest.first()),
            () -> repo.photoWithReactions(photo, null),
            () -> repo.followersOf("alice", null),
            () -> repo.followedBy("bob", null));
    for (Runnable call : calls) {
      assertInvalid(call, before, SEEDED);
    }
  }

  /**
   * The promise of {@link QuickPhotos}' Javadoc, for every method it has now and gets later: a
   * null in any parameter is a bad call argument, {@link InvalidInputException}, before any
   * request. The other parameters hold valid values, so only the null can be refused.
   */
  @Test
  void aNullInAnyParameterOfAnyMethodIsInvalidInput() {
    Map<String, Object> before = seeded();
    Map<Class<?>, Object> valid = new LinkedHashMap<>();
    valid.put(NewUser.class, newUser("dave"));
    valid.put(ProfileUpdate.class, ProfileUpdate.builder().name("x").build());
    valid.put(
        NewPhoto.class, new NewPhoto("alice", T0.plusSeconds(1), "https://x.example.com/p.jpg"));
    valid.put(PhotoEdit.class, PhotoEdit.builder().caption("x").build());
    valid.put(Instant.class, T0.plusSeconds(1));
    valid.put(PhotoId.class, new PhotoId("alice", T0));
    valid.put(SortOrder.class, SortOrder.NEWEST_FIRST);
    valid.put(PageRequest.class, PageRequest.first());
    valid.put(ReactionType.class, ReactionType.SMILEY);
    valid.put(Snapshot.class, new Snapshot(List.of(), List.of(), List.of(), List.of()));
    valid.put(LongConsumer.class, (LongConsumer) n -> {});
    valid.put(TableSettings.class, TableSettings.defaults());
    valid.put(boolean.class, false);
    int checked = 0;
    for (Method method : QuickPhotos.class.getMethods()) {
      Class<?>[] types = method.getParameterTypes();
      for (int nulled = 0; nulled < types.length; nulled++) {
        if (types[nulled].isPrimitive()) {
          continue;
        }
        Object[] args = new Object[types.length];
        for (int i = 0; i < types.length; i++) {
          if (i == nulled) {
            continue;
          }
          // Two handles are always two users: follow and its kin refuse one user twice.
          args[i] = types[i] == String.class ? (i == 0 ? "bob" : "alice") : valid.get(types[i]);
          assertThat(args[i]).as("a valid %s for %s", types[i], method).isNotNull();
        }
        assertInvalid(() -> invoke(method, args), before, SEEDED);
        checked++;
      }
    }
    assertThat(checked).isGreaterThanOrEqualTo(30);
  }

  private void invoke(Method method, Object[] args) {
    try {
      method.invoke(repo, args);
    } catch (InvocationTargetException e) {
      if (e.getCause() instanceof RuntimeException thrown) {
        throw thrown;
      }
      throw new AssertionError(e.getCause());
    } catch (IllegalAccessException e) {
      throw new AssertionError(e);
    }
  }

  @Test
  void badNewUserFieldsAreRejected() {
    Map<String, Object> before = seeded();
    LocalDate born = LocalDate.of(1990, 1, 1);
    List<NewUser> bad =
        List.of(
            new NewUser("carol", null, "c@x.io", born, "", UserStatus.ACTIVE),
            new NewUser("carol", "", "c@x.io", born, "", UserStatus.ACTIVE),
            new NewUser("carol", "   ", "c@x.io", born, "", UserStatus.ACTIVE),
            new NewUser("carol", "x".repeat(257), "c@x.io", born, "", UserStatus.ACTIVE),
            new NewUser("carol", "Carol\u0007", "c@x.io", born, "", UserStatus.ACTIVE),
            new NewUser("carol", "Carol", null, born, "", UserStatus.ACTIVE),
            new NewUser("carol", "Carol", "no-at-sign", born, "", UserStatus.ACTIVE),
            new NewUser("carol", "Carol", "@x.io", born, "", UserStatus.ACTIVE),
            new NewUser("carol", "Carol", "c@", born, "", UserStatus.ACTIVE),
            new NewUser("carol", "Carol", "c @x.io", born, "", UserStatus.ACTIVE),
            new NewUser("carol", "Carol", "c@" + "x".repeat(260), born, "", UserStatus.ACTIVE),
            new NewUser("carol", "Carol", "c@x.io", null, "", UserStatus.ACTIVE),
            new NewUser("carol", "Carol", "c@x.io", LocalDate.of(-5, 1, 1), "", UserStatus.ACTIVE),
            new NewUser(
                "carol", "Carol", "c@x.io", LocalDate.of(10000, 1, 1), "", UserStatus.ACTIVE),
            new NewUser("carol", "Carol", "c@x.io", born, null, UserStatus.ACTIVE),
            new NewUser("carol", "Carol", "c@x.io", born, "x".repeat(1025), UserStatus.ACTIVE),
            new NewUser("carol", "Carol", "c@x.io", born, "", null));
    for (NewUser user : bad) {
      assertInvalid(() -> repo.createUser(user), before, SEEDED);
    }
  }

  @Test
  void badProfileUpdatesAreRejected() {
    Map<String, Object> before = seeded();
    List<ProfileUpdate> bad =
        List.of(
            ProfileUpdate.builder().name("").build(),
            ProfileUpdate.builder().name("x".repeat(300)).build(),
            ProfileUpdate.builder().email("nope").build(),
            ProfileUpdate.builder().birthdate(LocalDate.of(12000, 1, 1)).build(),
            ProfileUpdate.builder().address("a\u0001").build(),
            ProfileUpdate.builder().name("ok").address("x".repeat(2000)).build());
    for (ProfileUpdate update : bad) {
      assertInvalid(() -> repo.updateProfile("alice", update), before, SEEDED);
    }
  }

  @Test
  void oversizedValuesAreRejectedBeforeAnyRequest() {
    Map<String, Object> before = seeded();
    String megabyte = "x".repeat(1 << 20);
    assertInvalid(
        () ->
            repo.createUser(
                new NewUser(
                    "carol", megabyte, "c@x.io", LocalDate.of(1990, 1, 1), "", UserStatus.ACTIVE)),
        before,
        SEEDED);
    assertInvalid(
        () -> repo.updateProfile("alice", ProfileUpdate.builder().address(megabyte).build()),
        before,
        SEEDED);
    assertInvalid(
        () -> repo.uploadPhoto("alice", T0.plusSeconds(5), "https://x.io/" + megabyte),
        before,
        SEEDED);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "",
        "not a url",
        "ftp://x.example.com/a.jpg",
        "/relative/path.jpg",
        "https://",
        "https://exa mple.com/a.jpg",
        "javascript:alert(1)"
      })
  void badLocationsAreRejected(String location) {
    Map<String, Object> before = seeded();
    assertInvalid(() -> repo.uploadPhoto("alice", T0.plusSeconds(9), location), before, SEEDED);
  }

  @Test
  void timestampsOutsideYearsOneTo9999AreRejected() {
    Map<String, Object> before = seeded();
    for (Instant bad :
        List.of(
            Instant.parse("-0001-12-31T23:59:59Z"),
            Instant.MIN,
            Instant.MAX,
            Instant.parse("+10000-01-01T00:00:00Z"))) {
      assertInvalid(() -> upload("alice", bad), before, SEEDED);
      assertInvalid(() -> repo.getPhoto(new PhotoId("alice", bad)), before, SEEDED);
      assertInvalid(
          () -> repo.reactTo("bob", new PhotoId("alice", bad), ReactionType.HEART), before, SEEDED);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"love", "", "HEARTS", "thumbs-up"})
  void unknownReactionTypesAreRejected(String name) {
    assertThatThrownBy(() -> ReactionType.parse(name))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("unknown reaction type");
  }

  @Test
  void reactionTypesParseIgnoringCase() {
    assertThat(ReactionType.parse("Heart")).isEqualTo(ReactionType.HEART);
    assertThat(ReactionType.parse("thumbsup")).isEqualTo(ReactionType.THUMBSUP);
  }

  @ParameterizedTest
  @ValueSource(ints = {0, -1, 101, 1001, Integer.MAX_VALUE, Integer.MIN_VALUE})
  void badPageSizesAreRejected(int size) {
    // PageRequest refuses them as it is built, before any listing could: one limit for all.
    Map<String, Object> before = seeded();
    PhotoId photo = new PhotoId("alice", T0);
    assertInvalid(
        () -> repo.userWithPhotos("alice", SortOrder.NEWEST_FIRST, PageRequest.first(size)),
        before,
        SEEDED);
    assertInvalid(() -> repo.photoWithReactions(photo, PageRequest.first(size)), before, SEEDED);
    assertInvalid(() -> repo.followersOf("alice", PageRequest.first(size)), before, SEEDED);
    assertInvalid(() -> repo.followedBy("bob", PageRequest.first(size)), before, SEEDED);
    assertInvalid(() -> repo.homeFeed("bob", PageRequest.first(size)), before, SEEDED);
  }

  @Test
  void followedByPagesHoldAtMostOneBatchGet() {
    Map<String, Object> before = seeded();
    assertInvalid(() -> repo.followedBy("bob", PageRequest.first(101)), before, SEEDED);
    assertThat(repo.followedBy("bob", PageRequest.first(100)).items()).hasSize(1);
  }

  // --- costs ---------------------------------------------------------------------------------

  private void assertCost(AccessPattern pattern, int requests, double rcu, double wcu) {
    OperationCost cost = costs.last();
    assertThat(cost.pattern()).isEqualTo(pattern);
    assertThat(cost.succeeded()).isTrue();
    assertThat(cost.requests()).as("requests of %s", pattern).isEqualTo(requests);
    assertThat(cost.readCapacityUnits()).as("RCU of %s", pattern).isEqualTo(rcu);
    assertThat(cost.writeCapacityUnits()).as("WCU of %s", pattern).isEqualTo(wcu);
  }

  private void assertTransactionCost(AccessPattern pattern) {
    double[] expected = billing().transaction(pattern);
    assertCost(pattern, 1, expected[0], expected[1]);
  }

  @Test
  void everyCallReportsExactlyOneCost() {
    seeded();
    repo.getUser("alice");
    repo.followedBy("bob", PageRequest.first());
    assertThat(costs.costs()).hasSize(2);
  }

  // Small items (under 1 KB) cost one write unit on the table and one on the inverted index
  // (every item has both index keys); transactions double every write unit and charge
  // condition checks two read units; strongly consistent reads cost one unit per 4 KB and
  // eventually consistent index reads half of that.

  @Test
  void createUserCostsOnePutOfTableAndIndex() {
    create("alice");
    assertCost(AccessPattern.CREATE_USER, 1, 0, 2);
  }

  @Test
  void getUserCostsOneStronglyConsistentRead() {
    create("alice");
    repo.getUser("alice");
    assertCost(AccessPattern.GET_USER, 1, 1, 0);
    assertThat(costs.last().itemsRead()).isEqualTo(1);
  }

  @Test
  void getOfMissingItemStillCostsOneReadUnit() {
    repo.getUser("ghost");
    assertCost(AccessPattern.GET_USER, 1, 1, 0);
    assertThat(costs.last().itemsRead()).isZero();
    repo.getPhoto(new PhotoId("ghost", T0));
    assertCost(AccessPattern.GET_PHOTO, 1, 1, 0);
  }

  @Test
  void updateProfileCostsOneUpdateOfTableAndIndex() {
    create("alice");
    repo.updateProfile("alice", ProfileUpdate.builder().name("A").build());
    assertCost(AccessPattern.UPDATE_PROFILE, 1, 0, 2);
  }

  @Test
  void itemsOverOneKilobyteCostTwoWriteUnitsEach() {
    repo.createUser(
        new NewUser(
            "alice",
            "Alice",
            "a@x.io",
            LocalDate.of(1990, 1, 1),
            "x".repeat(1024),
            UserStatus.ACTIVE));
    assertCost(AccessPattern.CREATE_USER, 1, 0, 4);
  }

  @Test
  void uploadPhotoCostsOneTransaction() {
    create("alice");
    upload("alice", T0);
    assertTransactionCost(AccessPattern.UPLOAD_PHOTO);
  }

  @Test
  void editPhotoCostsOneTransactionLikeTheUpload() {
    create("alice");
    Photo photo = upload("alice", T0);
    repo.editPhoto(photo.id(), PhotoEdit.builder().caption("A heron at dawn").build());
    assertTransactionCost(AccessPattern.EDIT_PHOTO);
  }

  @Test
  void getPhotoCostsOneStronglyConsistentRead() {
    create("alice");
    Photo photo = upload("alice", T0);
    repo.getPhoto(photo.id());
    assertCost(AccessPattern.GET_PHOTO, 1, 1, 0);
  }

  @Test
  void userWithPhotosCostsOneQueryPerPage() {
    create("alice");
    for (int i = 0; i < 3; i++) {
      upload("alice", T0.plusSeconds(i));
    }
    repo.userWithPhotos("alice", SortOrder.NEWEST_FIRST, PageRequest.first(10));
    assertCost(AccessPattern.USER_WITH_PHOTOS, 1, 1, 0);
    assertThat(costs.last().itemsRead()).isEqualTo(4);
  }

  @Test
  void queryCapacityRoundsTheSumOfItemSizesUpOnce() {
    create("alice");
    for (int i = 0; i < 40; i++) {
      upload("alice", T0.plusSeconds(i));
    }
    repo.userWithPhotos("alice", SortOrder.OLDEST_FIRST, PageRequest.first(PageRequest.MAX_SIZE));
    double rcu = costs.last().readCapacityUnits();
    // Forty photos of about 250 bytes and one profile: about 10 KB, so 3 units when the sum is
    // rounded once (41 if each item were rounded on its own).
    assertThat(rcu).isBetween(2.0, 4.0);
    assertThat(rcu).isEqualTo(Math.rint(rcu));
  }

  @Test
  void reactToCostsOneTransaction() {
    create("alice");
    create("bob");
    Photo photo = upload("alice", T0);
    repo.reactTo("bob", photo.id(), ReactionType.HEART);
    assertTransactionCost(AccessPattern.REACT_TO);
  }

  @Test
  void reactToOwnPhotoChecksTheUserOnce() {
    create("alice");
    Photo photo = upload("alice", T0);
    repo.reactTo("alice", photo.id(), ReactionType.HEART);
    double[] expected = billing().reactionToOwnPhoto();
    assertCost(AccessPattern.REACT_TO, 1, expected[0], expected[1]);
    assertThat(repo.getPhoto(photo.id()).orElseThrow().reactions())
        .containsEntry(ReactionType.HEART, 1L);
  }

  @Test
  void photoWithReactionsCostsOneEventuallyConsistentIndexQuery() {
    create("alice");
    create("bob");
    Photo photo = upload("alice", T0);
    repo.reactTo("bob", photo.id(), ReactionType.HEART);
    repo.photoWithReactions(photo.id(), PageRequest.first());
    assertCost(AccessPattern.PHOTO_WITH_REACTIONS, 1, 0.5, 0);
    assertThat(costs.last().itemsRead()).isEqualTo(2);
  }

  @Test
  void followCostsOneTransactionOfThreeWrites() {
    create("alice");
    create("bob");
    repo.follow("bob", "alice");
    assertTransactionCost(AccessPattern.FOLLOW);
  }

  @Test
  void unfollowCostsOneTransactionOfThreeWrites() {
    create("alice");
    create("bob");
    repo.follow("bob", "alice");
    repo.unfollow("bob", "alice");
    assertTransactionCost(AccessPattern.UNFOLLOW);
  }

  @Test
  void followersOfCostsOneQueryPerPage() {
    create("alice");
    create("bob");
    repo.follow("bob", "alice");
    repo.followersOf("alice", PageRequest.first());
    assertCost(AccessPattern.FOLLOWERS_OF, 1, 1, 0);
    repo.followersOf("nobody", PageRequest.first());
    assertCost(AccessPattern.FOLLOWERS_OF, 1, billing().emptyQuery(true), 0);
  }

  @Test
  void followedByCostsAnIndexQueryAndOneBatchGetPerPage() {
    create("alice");
    for (String u : List.of("b", "c", "d")) {
      create(u);
      repo.follow("alice", u);
    }
    repo.followedBy("alice", PageRequest.first());
    // Half a unit for the index query, one unit per profile (each item rounded on its own).
    assertCost(AccessPattern.FOLLOWED_BY, 2, 3.5, 0);
    assertThat(costs.last().itemsRead()).isEqualTo(6);
  }

  @Test
  void followedByOfSomeoneFollowingNobodySkipsTheBatchGet() {
    create("alice");
    repo.followedBy("alice", PageRequest.first());
    assertCost(AccessPattern.FOLLOWED_BY, 1, billing().emptyQuery(false), 0);
  }

  @Test
  void everyPatternMakesItsMinimumNumberOfRequests() {
    seeded();
    // Three pending requests to a private account, for the calls that end them.
    repo.createUser(
        new NewUser(
            "pat",
            "Pat",
            "pat@example.com",
            LocalDate.of(1990, 4, 1),
            "",
            UserStatus.ACTIVE,
            Map.of(),
            io.quickphotos.Visibility.PRIVATE));
    for (String requester : List.of("r1", "r2", "r3")) {
      create(requester);
      repo.follow(requester, "pat");
    }
    // A user who has viewed before: its next first view is one request (a first view ever, two).
    repo.viewPhoto("r1", upload("r1", T0).id());
    PhotoId viewed = upload("r1", T0.plusSeconds(1)).id();
    costs.clear();
    create("carol");
    repo.getUser("carol");
    repo.updateProfile("carol", ProfileUpdate.builder().name("C").build());
    Photo photo = upload("carol", T0);
    repo.getPhoto(photo.id());
    repo.editPhoto(photo.id(), PhotoEdit.builder().caption("Carol's first").build());
    repo.userWithPhotos("carol", SortOrder.NEWEST_FIRST, PageRequest.first());
    repo.reactTo("alice", photo.id(), ReactionType.HEART);
    repo.photoWithReactions(photo.id(), PageRequest.first());
    repo.follow("carol", "alice");
    repo.followersOf("alice", PageRequest.first());
    repo.followedBy("carol", PageRequest.first());
    repo.homeFeed("carol", PageRequest.first());
    repo.fillTimeline("carol");
    repo.unfollow("carol", "alice");
    repo.importSnapshot(
        new Snapshot(List.of(newUser("dave")), List.of(), List.of(), List.of()), written -> {});
    // The lifecycle patterns, each in its cheapest case.
    repo.isFollowing("carol", "alice");
    repo.reactionsLeftBy("alice", photo.id());
    repo.removeReaction("alice", photo.id(), ReactionType.HEART);
    repo.viewPhoto("r1", viewed);
    repo.hasSeen("r1", viewed);
    repo.deletePhoto(photo.id());
    repo.deleteUser("dave");
    repo.audit(false, scanned -> {});
    repo.recordedSettings();
    // Who may see what, each in its cheapest case; the reads for a viewer who may see it all.
    repo.approveRequest("pat", "r1");
    repo.declineRequest("pat", "r2");
    repo.withdrawRequest("r3", "pat");
    repo.followRequestsOf("pat", PageRequest.first());
    repo.block("carol", "bob");
    repo.unblock("carol", "bob");
    repo.blocksOf("carol", PageRequest.first());
    io.quickphotos.ViewerReads bob = repo.as("bob");
    bob.getUser("alice");
    bob.getPhoto(new PhotoId("alice", T0));
    bob.userWithPhotos("alice", SortOrder.OLDEST_FIRST, PageRequest.first());
    bob.photoWithReactions(new PhotoId("alice", T0), PageRequest.first());
    bob.followersOf("alice", PageRequest.first());
    bob.followedBy("r1", PageRequest.first());
    repo.as("carol").isFollowing("bob", "alice");
    repo.as("carol").reactionsLeftBy("bob", new PhotoId("alice", T0));
    bob.homeFeed(PageRequest.first());
    // The activity inbox: an empty inbox's page and count, a read mark, one reaction told.
    repo.activity("bob", PageRequest.first());
    repo.unreadActivity("bob");
    repo.markActivityRead("bob");
    repo.deliverActivity(
        List.of(
            io.quickphotos.ActivityNotice.reacted(
                new io.quickphotos.Reaction("zed", photo.id(), ReactionType.HEART, T0))));
    assertThat(costs.costs())
        .extracting(OperationCost::pattern)
        .containsExactlyInAnyOrder(AccessPattern.values());
    for (OperationCost cost : costs.costs()) {
      assertThat(cost.requests())
          .as(cost.pattern().name())
          .isEqualTo(cost.pattern().minimumRequests());
      assertThat(cost.succeeded()).isTrue();
    }
  }

  @Test
  void eachCostListsTheRequestsTheCallMade() {
    create("alice");
    create("bob");
    repo.follow("bob", "alice");
    costs.clear();
    repo.followedBy("bob", PageRequest.first(10));
    catchThrowable(() -> repo.follow("bob", "alice"));
    assertThat(costs.costs())
        .extracting(cost -> cost.requestsMade().stream().map(DynamoRequest::description).toList())
        .containsExactly(
            List.of(
                "Query InvertedIndex SK = #FRIEND#bob, forwards, Limit 10, eventually consistent",
                "BatchGetItem 1 key (PK = USER#alice, SK = #METADATA#alice), strongly consistent"),
            List.of(
                "TransactWriteItems, all or nothing: UpdateItem PK = USER#alice,"
                    + " SK = #METADATA#alice SET followers = if_not_exists(followers, 0) + 1,"
                    + " rev = if_not_exists(rev, 0) + 1"
                    + " if attribute_exists(PK) AND NOT (status = \"CLOSING\")"
                    + " AND NOT (attribute_exists(private)) AND NOT (blocks >= 1)"
                    + " AND NOT (shards >= 1) AND NOT (followers >= 1000); UpdateItem PK = USER#bob,"
                    + " SK = #METADATA#bob SET following = if_not_exists(following, 0) + 1,"
                    + " rev = if_not_exists(rev, 0) + 1"
                    + " if attribute_exists(PK) AND NOT (status = \"CLOSING\")"
                    + " AND NOT (blocks >= 1);"
                    + " PutItem PK = USER#alice, SK = #FRIEND#bob if attribute_not_exists(PK)"));
    assertThat(costs.costs())
        .allSatisfy(
            cost -> {
              assertThat(cost.requestsMade()).hasSize(cost.requests());
              // Described when read, the requests still make a cost equal to one built from a copy.
              OperationCost copied =
                  new OperationCost(
                      cost.pattern(),
                      cost.requests(),
                      cost.readCapacityUnits(),
                      cost.writeCapacityUnits(),
                      cost.itemsRead(),
                      cost.succeeded(),
                      new ArrayList<>(cost.requestsMade()),
                      cost.latencyNanos(),
                      cost.exception(),
                      new ArrayList<>(cost.retries()));
              assertThat(cost).isEqualTo(copied).hasSameHashCodeAs(copied);
              assertThat(cost.requestsMade()).isEqualTo(List.copyOf(cost.requestsMade()));
              assertThatThrownBy(() -> cost.requestsMade().add(cost.requestsMade().get(0)))
                  .isInstanceOf(UnsupportedOperationException.class);
            });
  }

  @Test
  void failedCallsReportTheirRequestsButNoCapacity() {
    create("alice");
    costs.clear();
    catchThrowable(() -> create("alice"));
    catchThrowable(() -> repo.follow("alice", "ghost"));
    assertThat(costs.costs())
        .hasSize(2)
        .allSatisfy(
            cost -> {
              assertThat(cost.succeeded()).isFalse();
              assertThat(cost.requests()).isEqualTo(1);
              assertThat(cost.readCapacityUnits()).isZero();
              assertThat(cost.writeCapacityUnits()).isZero();
            });
  }
}
