package io.quickphotos.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quickphotos.AccessPattern;
import io.quickphotos.AlreadyRequestedException;
import io.quickphotos.Block;
import io.quickphotos.Follow;
import io.quickphotos.FollowRequest;
import io.quickphotos.FollowRequestNotFoundException;
import io.quickphotos.InvalidCursorException;
import io.quickphotos.InvalidInputException;
import io.quickphotos.NewUser;
import io.quickphotos.OperationCost;
import io.quickphotos.Page;
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
import io.quickphotos.SortOrder;
import io.quickphotos.User;
import io.quickphotos.UserBlockedException;
import io.quickphotos.UserNotFoundException;
import io.quickphotos.UserStatus;
import io.quickphotos.ViewerReads;
import io.quickphotos.Visibility;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.ItemCondition;
import io.quickphotos.engine.Table;
import io.quickphotos.engine.WriteAction;
import io.quickphotos.internal.repository.Repositories;
import io.quickphotos.internal.repository.RepositoryOptions;
import io.quickphotos.internal.singletable.codec.ItemCodec;
import io.quickphotos.internal.singletable.layout.KeyLayout;
import io.quickphotos.internal.singletable.plan.Counters;
import io.quickphotos.internal.singletable.privacy.PrivacyPlans;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Who may see what ({@code docs/privacy.md}) on every backend: private accounts and the requests
 * to follow them, blocks, and the reads made for a viewer — what each shows, that pages stay full
 * and cursors stable, bad input, and what each call costs in requests and capacity units, the
 * reads for a viewer against the same reads without one. A backend's subclass supplies a fresh,
 * empty engine per test and says whose billing it reports.
 */
public abstract class PrivacyContract {
  static final Instant T0 = Instant.parse("2018-05-30T15:42:38Z");
  private static final String URL = "https://photos.example.com/p.jpg";

  /** The table under test, fresh for each test. */
  protected Table table;

  /** The repository under test. */
  protected QuickPhotos repo;

  /** Every cost the repository reported. */
  protected RecordingCostListener costs;

  /**
   * Supplies a new engine over an empty table.
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
    table = (Table) newEngine();
    costs = new RecordingCostListener();
    repo = repository(RepositoryOptions.defaults());
  }

  /** A repository of the test's table with the given options, its costs recorded. */
  protected QuickPhotos repository(RepositoryOptions options) {
    return Repositories.create(
        table,
        options
            .withCostListener(costs)
            .withClock(new TickingClock(QuickPhotosContract.CLOCK_START)));
  }

  // --- fixtures ------------------------------------------------------------------------------

  static NewUser newUser(String name, Visibility visibility) {
    return new NewUser(
        name,
        name,
        name + "@example.com",
        LocalDate.of(1990, 1, 1),
        "",
        UserStatus.ACTIVE,
        Map.of(),
        visibility);
  }

  void create(String... names) {
    for (String name : names) {
      repo.createUser(newUser(name, Visibility.PUBLIC));
    }
  }

  void createPrivate(String... names) {
    for (String name : names) {
      repo.createUser(newUser(name, Visibility.PRIVATE));
    }
  }

  PhotoId upload(String owner, int minute) {
    return repo.uploadPhoto(owner, T0.plusSeconds(60L * minute), URL).id();
  }

  User user(String name) {
    return repo.getUser(name).orElseThrow();
  }

  /** Runs one call and answers its cost. */
  OperationCost cost(Runnable call) {
    costs.clear();
    call.run();
    return costs.last();
  }

  /** The requests, read and write units of a cost. */
  static List<Double> units(OperationCost cost) {
    return List.of((double) cost.requests(), cost.readCapacityUnits(), cost.writeCapacityUnits());
  }

  /** The expected requests and units, by billing: the service's, or DynamoDB Local's. */
  List<Double> expect(int requests, double rcu, double wcu, double localRcu, double localWcu) {
    boolean service = billing() == Billing.SERVICE;
    return List.of((double) requests, service ? rcu : localRcu, service ? wcu : localWcu);
  }

  /** Every item of the table of one kind. */
  List<Item> items(ItemCodec.Entity kind) {
    List<Item> found = new ArrayList<>();
    table.forEachItem(
        item -> {
          if (ItemCodec.kindOf(item) == kind) {
            found.add(item);
          }
        });
    return found;
  }

  /** Every item of the table, to compare before and after a call that must write nothing. */
  List<Item> everything() {
    List<Item> all = new ArrayList<>();
    table.forEachItem(all::add);
    return all;
  }

  void assertAuditClean() {
    assertThat(repo.audit(false, n -> {}).findings()).isEmpty();
  }

  static <T> List<T> walk(Function<PageRequest, Page<T>> listing, int size) {
    List<T> all = new ArrayList<>();
    PageRequest page = PageRequest.first(size);
    while (true) {
      Page<T> read = listing.apply(page);
      all.addAll(read.items());
      if (!read.hasNext()) {
        return all;
      }
      page = read.next(size);
    }
  }

  // --- private accounts and requests ---------------------------------------------------------

  @Test
  void followingAPrivateAccountMakesAPendingRequestNotAFollow() {
    createPrivate("ann");
    create("bob", "cat");
    PhotoId photo = upload("ann", 1);
    repo.follow("cat", "bob");

    OperationCost asked = cost(() -> assertThat(repo.follow("bob", "ann").pending()).isTrue());

    // A refused follow (no capacity), then the request: account +1, requester marked, the
    // friendship checked, the request, its place and its mark put.
    assertThat(units(asked)).isEqualTo(expect(2, 2, 20, 0, 12));
    assertThat(user("ann").followers()).isZero();
    assertThat(user("ann").pendingRequests()).isEqualTo(1);
    assertThat(user("ann").visibility()).isEqualTo(Visibility.PRIVATE);
    assertThat(user("bob").following()).isZero();
    assertThat(user("bob").followers()).isEqualTo(1); // cat
    assertThat(repo.isFollowing("bob", "ann")).isFalse();
    assertThat(repo.followersOf("ann", PageRequest.first()).items()).isEmpty();
    assertThat(repo.homeFeed("bob", PageRequest.first()).items()).isEmpty();
    assertThat(repo.followRequestsOf("ann", PageRequest.first()).items())
        .extracting(FollowRequest::requester, FollowRequest::account)
        .containsExactly(org.assertj.core.groups.Tuple.tuple("bob", "ann"));
    assertThat(repo.as("bob").getPhoto(photo)).isEmpty();

    List<Item> before = everything();
    assertThatThrownBy(() -> repo.follow("bob", "ann"))
        .isInstanceOf(AlreadyRequestedException.class);
    assertThat(everything()).isEqualTo(before);
    assertAuditClean();
  }

  @Test
  void approvingMakesTheFollowDecliningAndWithdrawingEndTheRequest() {
    createPrivate("ann");
    create("bob", "cat", "dan");
    repo.follow("bob", "ann");
    repo.follow("cat", "ann");
    repo.follow("dan", "ann");

    OperationCost approved =
        cost(() -> assertThat(repo.approveRequest("ann", "bob").pending()).isFalse());
    // GetItem of the request; account −1/+1, requester +1, three deletes, the friendship put.
    assertThat(units(approved)).isEqualTo(expect(2, 1, 24, 1, 8));
    assertThat(repo.isFollowing("bob", "ann")).isTrue();
    assertThat(user("ann").followers()).isEqualTo(1);
    assertThat(user("bob").following()).isEqualTo(1);

    OperationCost declined = cost(() -> repo.declineRequest("ann", "cat"));
    assertThat(units(declined)).isEqualTo(expect(2, 1, 16, 1, 8));
    OperationCost withdrawn = cost(() -> repo.withdrawRequest("dan", "ann"));
    assertThat(units(withdrawn)).isEqualTo(units(declined));

    assertThat(user("ann").pendingRequests()).isZero();
    assertThat(user("ann").followers()).isEqualTo(1);
    assertThat(repo.isFollowing("cat", "ann")).isFalse();
    assertThat(items(ItemCodec.Entity.FOLLOW_REQUEST)).isEmpty();
    assertThat(items(ItemCodec.Entity.REQUEST_PLACE)).isEmpty();

    List<Item> before = everything();
    assertThatThrownBy(() -> repo.approveRequest("ann", "cat"))
        .isInstanceOf(FollowRequestNotFoundException.class)
        .hasMessage("cat has no pending request to follow ann");
    assertThatThrownBy(() -> repo.declineRequest("ann", "ghost"))
        .isInstanceOf(FollowRequestNotFoundException.class);
    assertThatThrownBy(() -> repo.withdrawRequest("bob", "ann"))
        .isInstanceOf(FollowRequestNotFoundException.class);
    assertThat(everything()).isEqualTo(before);
    assertAuditClean();
  }

  @Test
  void anAccountListsItsRequestsNewestFirstPaged() {
    createPrivate("ann");
    List<String> requesters = new ArrayList<>();
    for (int i = 0; i < 7; i++) {
      create("r" + i);
      repo.follow("r" + i, "ann");
      requesters.add(0, "r" + i);
    }
    List<FollowRequest> all = walk(page -> repo.followRequestsOf("ann", page), 3);
    assertThat(all).extracting(FollowRequest::requester).isEqualTo(requesters);
    assertThat(user("ann").pendingRequests()).isEqualTo(7);
    OperationCost page = cost(() -> repo.followRequestsOf("ann", PageRequest.first(3)));
    assertThat(page.requests()).isEqualTo(1);
    assertThat(page.pattern()).isEqualTo(AccessPattern.FOLLOW_REQUESTS_OF);
  }

  @Test
  void goingPublicApprovesEveryPendingRequestGoingPrivateKeepsTheFollowers() {
    createPrivate("ann");
    create("old");
    repo.approveRequest("ann", followAndAnswer("old", "ann"));
    int n = 30;
    for (int i = 0; i < n; i++) {
      create("r" + i);
      repo.follow("r" + i, "ann");
    }
    assertThat(user("ann").pendingRequests()).isEqualTo(n);

    OperationCost wentPublic =
        cost(
            () ->
                assertThat(
                        repo.updateProfile(
                            "ann", ProfileUpdate.builder().visibility(Visibility.PUBLIC).build()))
                    .extracting(User::followers, User::pendingRequests, User::visibility)
                    .containsExactly(n + 1L, 0L, Visibility.PUBLIC));
    // The UpdateItem; two batches (24, then 6): a Query and a transaction each; the Query that
    // finds none left; the profile read again.
    assertThat(wentPublic.requests()).isEqualTo(1 + 2 * 2 + 1 + 1);
    for (int i = 0; i < n; i++) {
      assertThat(repo.isFollowing("r" + i, "ann")).isTrue();
      assertThat(user("r" + i).following()).isEqualTo(1);
    }
    assertThat(items(ItemCodec.Entity.FOLLOW_REQUEST)).isEmpty();

    create("new");
    assertThat(repo.follow("new", "ann").pending()).isFalse();

    repo.updateProfile("ann", ProfileUpdate.builder().visibility(Visibility.PRIVATE).build());
    assertThat(user("ann").followers()).isEqualTo(n + 2L);
    create("late");
    assertThat(repo.follow("late", "ann").pending()).isTrue();
    assertThat(repo.as("r0").userWithPhotos("ann", SortOrder.NEWEST_FIRST, PageRequest.first()))
        .extracting(p -> p.user().orElseThrow().username())
        .isEqualTo("ann");
    assertAuditClean();
  }

  /** Follows, and answers the follower (for approving a request in one line). */
  String followAndAnswer(String follower, String followed) {
    repo.follow(follower, followed);
    return follower;
  }

  @Test
  void badInputIsATypedErrorWithNothingWrittenAndNoRequest() {
    create("ann", "bob");
    List<Item> before = everything();
    costs.clear();
    assertThatThrownBy(() -> repo.block("ann", "ann")).isInstanceOf(InvalidInputException.class);
    assertThatThrownBy(() -> repo.unblock("ann", "ann")).isInstanceOf(InvalidInputException.class);
    assertThatThrownBy(() -> repo.approveRequest("ann", "ann"))
        .isInstanceOf(InvalidInputException.class);
    assertThatThrownBy(() -> repo.declineRequest("a#b", "bob"))
        .isInstanceOf(InvalidInputException.class);
    assertThatThrownBy(() -> repo.withdrawRequest("bob", null))
        .isInstanceOf(InvalidInputException.class);
    assertThatThrownBy(() -> repo.as("x#y")).isInstanceOf(InvalidInputException.class);
    assertThatThrownBy(() -> repo.as(null)).isInstanceOf(InvalidInputException.class);
    assertThatThrownBy(() -> repo.as("ann").getUser("a#"))
        .isInstanceOf(InvalidInputException.class);
    assertThatThrownBy(() -> repo.as("ann").isFollowing("bob", "bob"))
        .isInstanceOf(InvalidInputException.class);
    assertThatThrownBy(
            () -> repo.as("ann").followersOf("bob", PageRequest.after("not-a-cursor", 5)))
        .isInstanceOf(InvalidCursorException.class);
    assertThatThrownBy(() -> repo.as("ann").homeFeed(PageRequest.after("not-a-cursor", 5)))
        .isInstanceOf(InvalidCursorException.class);
    assertThatThrownBy(() -> repo.createUser(newUser("cat", null)))
        .isInstanceOf(InvalidInputException.class);
    assertThatThrownBy(
            () ->
                repo.updateProfile(
                    "ann",
                    new ProfileUpdate(
                        Optional.empty(),
                        Optional.empty(),
                        Optional.empty(),
                        Optional.empty(),
                        Optional.empty(),
                        Optional.empty(),
                        null,
                        java.util.OptionalLong.empty(),
                        java.util.List.of())))
        .isInstanceOf(InvalidInputException.class);
    assertThat(costs.costs()).allSatisfy(c -> assertThat(c.requests()).isZero());
    assertThat(everything()).isEqualTo(before);
  }

  // --- blocks --------------------------------------------------------------------------------

  @Test
  void aBlockRemovesTheFollowsAndRequestsBothWaysAndRefusesThemFromThenOn() {
    createPrivate("ann", "bob");
    create("cat");
    repo.follow("ann", "bob");
    repo.approveRequest("bob", "ann");
    repo.follow("bob", "ann");
    repo.approveRequest("ann", "bob");
    repo.follow("cat", "ann");
    repo.follow("cat", "bob");
    repo.updateProfile("ann", ProfileUpdate.builder().visibility(Visibility.PUBLIC).build());
    repo.updateProfile("ann", ProfileUpdate.builder().visibility(Visibility.PRIVATE).build());
    create("dan");
    repo.follow("dan", "ann"); // a request
    PhotoId photo = upload("ann", 1);

    repo.block("ann", "bob");

    assertThat(repo.isFollowing("ann", "bob")).isFalse();
    assertThat(repo.isFollowing("bob", "ann")).isFalse();
    assertThat(user("ann").followers()).isEqualTo(1); // cat, approved by going public
    assertThat(user("ann").following()).isZero();
    assertThat(user("bob").followers()).isZero();
    assertThat(user("bob").following()).isZero();
    assertThat(user("bob").pendingRequests()).isEqualTo(1); // cat's, untouched
    assertThat(user("ann").pendingRequests()).isEqualTo(1); // dan's
    assertThat(repo.blocksOf("ann", PageRequest.first()).items())
        .extracting(Block::blocked)
        .containsExactly("bob");

    // The blocked user: as if ann did not exist.
    List<Item> before = everything();
    assertThatThrownBy(() -> repo.follow("bob", "ann")).isInstanceOf(UserNotFoundException.class);
    assertThatThrownBy(() -> repo.reactTo("bob", photo, ReactionType.HEART))
        .isInstanceOf(PhotoNotFoundException.class);
    ViewerReads bob = repo.as("bob");
    assertThat(bob.getUser("ann")).isEmpty();
    assertThat(bob.getPhoto(photo)).isEmpty();
    assertThatThrownBy(() -> bob.userWithPhotos("ann", SortOrder.NEWEST_FIRST, PageRequest.first()))
        .isInstanceOf(UserNotFoundException.class);
    assertThatThrownBy(() -> bob.photoWithReactions(photo, PageRequest.first()))
        .isInstanceOf(PhotoNotFoundException.class);
    assertThat(bob.followersOf("ann", PageRequest.first()).items()).isEmpty();
    // The blocker: told.
    assertThatThrownBy(() -> repo.follow("ann", "bob"))
        .isInstanceOf(UserBlockedException.class)
        .satisfies(
            e ->
                assertThat(((UserBlockedException) e).identifiers())
                    .containsEntry("blocker", "ann")
                    .containsEntry("blocked", "bob"));
    assertThat(everything()).isEqualTo(before);

    // Blocking again is no error and changes nothing; unblocking restores nothing.
    repo.block("ann", "bob");
    assertThat(user("ann").followers()).isEqualTo(1);
    assertThat(repo.unblock("ann", "bob")).isTrue();
    assertThat(repo.unblock("ann", "bob")).isFalse();
    assertThat(repo.isFollowing("bob", "ann")).isFalse();
    assertThat(repo.as("bob").getUser("ann")).isPresent();
    assertThat(repo.follow("bob", "ann").pending()).isTrue();
    assertAuditClean();
  }

  @Test
  void marksThatAnEarlierVersionLeftBehindAreFoundAndDeletedByTheAudit() {
    createPrivate("ann");
    create("bob", "cat");
    repo.follow("bob", "ann");
    repo.block("cat", "bob");
    assertThat(items(ItemCodec.Entity.REQUEST_MARK)).hasSize(1);
    assertThat(items(ItemCodec.Entity.BLOCK_MARK)).hasSize(1);
    // An earlier version, which knows no marks, ends both with their counts.
    Instant since = repo.followRequestsOf("ann", PageRequest.first()).items().get(0).since();
    table.transactWrite(
        List.of(
            new WriteAction.Delete(KeyLayout.request("ann", "bob"), ItemCondition.NONE),
            new WriteAction.Delete(KeyLayout.requestPlace("ann", since, "bob"), ItemCondition.NONE),
            new WriteAction.Update(
                KeyLayout.user("ann"),
                Counters.add(PrivacyPlans.requestsCounter(), -1),
                ItemCondition.EXISTS),
            new WriteAction.Delete(KeyLayout.block("cat", "bob"), ItemCondition.NONE),
            new WriteAction.Update(
                KeyLayout.user("cat"),
                Counters.add(PrivacyPlans.blocksCounter(), -1),
                ItemCondition.EXISTS)));

    assertThat(repo.audit(true, n -> {}).findings())
        .extracting(finding -> finding.subject() + " " + finding.fixed())
        .containsExactlyInAnyOrder("request mark bob -> ann true", "block mark cat x bob true");
    assertThat(items(ItemCodec.Entity.REQUEST_MARK)).isEmpty();
    assertThat(items(ItemCodec.Entity.BLOCK_MARK)).isEmpty();
    assertAuditClean();
    // Nothing of either is left to the closing, nor to whoever takes the name next.
    repo.deleteUser("bob");
    create("bob");
    assertThat(repo.follow("bob", "cat").pending()).isFalse();
  }

  @Test
  void aBlockAndAnUnblockCostWhatTheDocsSay() {
    create("ann", "bob");
    // The block with the blocker's count and the blocked user marked; the four relations read,
    // and a Query of each reaction type each way (the reactions each left on the other's photos).
    assertThat(units(cost(() -> repo.block("ann", "bob")))).isEqualTo(expect(10, 12, 16, 0, 8));
    assertThat(units(cost(() -> repo.unblock("ann", "bob")))).isEqualTo(expect(1, 0, 12, 0, 8));
    assertThat(units(cost(() -> repo.unblock("ann", "bob")))).isEqualTo(expect(1, 0, 0, 0, 0));
    assertThatThrownBy(() -> repo.block("ann", "ghost")).isInstanceOf(UserNotFoundException.class);
    assertThatThrownBy(() -> repo.block("ghost", "ann")).isInstanceOf(UserNotFoundException.class);
    assertThat(items(ItemCodec.Entity.BLOCK)).isEmpty();
  }

  @Test
  void ordinaryFollowsAndReactionsCostWhatTheyDidAndABlockerPaysTheChecks() {
    create("ann", "bob", "cat");
    PhotoId photo = upload("ann", 1);
    double[] follow = billing().transaction(AccessPattern.FOLLOW);
    double[] react = billing().transaction(AccessPattern.REACT_TO);
    assertThat(units(cost(() -> repo.follow("bob", "ann"))))
        .isEqualTo(expect(1, follow[0], follow[1], follow[0], follow[1]));
    assertThat(units(cost(() -> repo.reactTo("bob", photo, ReactionType.HEART))))
        .isEqualTo(expect(1, react[0], react[1], react[0], react[1]));
    repo.block("ann", "cat");
    // ann counts blocks: a follow of ann is refused once, then sent with the two block items
    // checked (2 RCU each).
    create("dan");
    assertThat(units(cost(() -> repo.follow("dan", "ann"))))
        .isEqualTo(expect(2, follow[0] + 4, follow[1], 0, 12));
    assertThat(units(cost(() -> repo.reactTo("dan", photo, ReactionType.HEART))))
        .isEqualTo(expect(2, react[0] + 2, react[1], 0, 12));
    assertAuditClean();
  }

  @Test
  void closingAnAccountTakesItsRequestsAndBlocksBothWaysWithIt() {
    createPrivate("ann", "bob");
    create("cat", "dan");
    repo.follow("ann", "bob"); // ann asked bob
    repo.follow("cat", "ann"); // cat asked ann
    repo.block("ann", "dan");
    repo.block("cat", "ann");
    repo.block("bob", "cat");

    repo.deleteUser("ann");

    assertThat(items(ItemCodec.Entity.FOLLOW_REQUEST)).isEmpty();
    assertThat(items(ItemCodec.Entity.REQUEST_PLACE)).isEmpty();
    assertThat(items(ItemCodec.Entity.BLOCK))
        .extracting(item -> PrivacyPlans.block(item).blocker())
        .containsExactly("bob");
    assertThat(user("bob").pendingRequests()).isZero();
    assertThat(repo.blocksOf("cat", PageRequest.first()).items()).isEmpty();
    assertAuditClean();
    // The name taken again: nothing of the old account applies to the new one.
    create("ann");
    assertThat(repo.follow("ann", "cat").pending()).isFalse();
    assertThat(repo.as("ann").getUser("cat")).isPresent();
    assertThat(repo.follow("ann", "bob").pending()).isTrue();
    assertAuditClean();
  }

  @Test
  void closingAnAccountThatNeverUsedPrivacyCostsWhatItDid() {
    create("ann", "bob");
    repo.follow("bob", "ann");
    repo.unfollow("bob", "ann");
    OperationCost closed = cost(() -> repo.deleteUser("ann"));
    assertThat(closed.requests()).isEqualTo(AccessPattern.DELETE_USER.minimumRequests());
  }

  // --- reads for a viewer --------------------------------------------------------------------

  @Test
  void aPrivateAccountShowsItsProfileToEveryoneAndTheRestToItsFollowers() {
    createPrivate("ann");
    create("bob", "cat");
    PhotoId photo = upload("ann", 1);
    repo.follow("bob", "ann");
    repo.approveRequest("ann", "bob");
    repo.reactTo("bob", photo, ReactionType.HEART);
    repo.follow("ann", "cat");
    repo.follow("cat", "ann"); // pending

    ViewerReads cat = repo.as("cat");
    assertThat(cat.viewer()).isEqualTo("cat");
    assertThat(cat.getUser("ann").orElseThrow())
        .extracting(User::followers, User::pendingRequests)
        .containsExactly(1L, 0L);
    assertThat(cat.getPhoto(photo)).isEmpty();
    assertThat(cat.userWithPhotos("ann", SortOrder.NEWEST_FIRST, PageRequest.first()))
        .satisfies(
            page -> {
              assertThat(page.user()).isPresent();
              assertThat(page.photos().items()).isEmpty();
              assertThat(page.photos().hasNext()).isFalse();
            });
    assertThatThrownBy(() -> cat.photoWithReactions(photo, PageRequest.first()))
        .isInstanceOf(PhotoNotFoundException.class);
    assertThat(cat.followersOf("ann", PageRequest.first()).items()).isEmpty();
    assertThat(cat.followedBy("ann", PageRequest.first()).items()).isEmpty();
    assertThat(cat.isFollowing("bob", "ann")).isFalse();
    assertThat(cat.reactionsLeftBy("bob", photo)).isEmpty();
    assertThatThrownBy(() -> repo.reactTo("cat", photo, ReactionType.SMILEY))
        .isInstanceOf(PhotoNotFoundException.class);

    ViewerReads bob = repo.as("bob");
    assertThat(bob.getPhoto(photo)).isPresent();
    assertThat(bob.userWithPhotos("ann", SortOrder.NEWEST_FIRST, PageRequest.first()))
        .satisfies(page -> assertThat(page.photos().items()).hasSize(1));
    assertThat(bob.photoWithReactions(photo, PageRequest.first()).reactions().items()).hasSize(1);
    assertThat(bob.followersOf("ann", PageRequest.first()).items())
        .extracting(Follow::follower)
        .containsExactly("bob");
    assertThat(bob.followedBy("ann", PageRequest.first()).items())
        .extracting(User::username)
        .containsExactly("cat");
    assertThat(bob.isFollowing("ann", "cat")).isTrue();
    assertThat(bob.reactionsLeftBy("bob", photo)).containsExactly(ReactionType.HEART);
    assertThat(bob.homeFeed(PageRequest.first()).items())
        .extracting(Photo::id)
        .containsExactly(photo);
    repo.reactTo("bob", photo, ReactionType.SMILEY);

    ViewerReads ann = repo.as("ann");
    assertThat(ann.getUser("ann").orElseThrow().pendingRequests()).isEqualTo(1);
    assertThat(ann.getUser("ann")).isEqualTo(repo.getUser("ann"));

    // The trusted view shows everything.
    assertThat(repo.getPhoto(photo)).isPresent();
    assertThat(repo.followersOf("ann", PageRequest.first()).items()).hasSize(1);
  }

  @Test
  void pagesForAViewerStayFullOfVisibleItemsAndCursorsStable() {
    create("ann", "viewer");
    PhotoId photo = upload("ann", 1);
    List<String> hidden = new ArrayList<>();
    for (int i = 0; i < 30; i++) {
      String fan = String.format("fan%02d", i);
      create(fan);
      repo.reactTo(fan, photo, ReactionType.HEART);
      repo.follow(fan, "ann");
      repo.follow("ann", fan);
      if (i % 4 == 1) {
        repo.block(fan, "viewer");
        hidden.add(fan);
      }
    }
    ViewerReads viewer = repo.as("viewer");
    for (int size : new int[] {1, 4, 10, 100}) {
      List<String> followers =
          walk(p -> viewer.followersOf("ann", p), size).stream().map(Follow::follower).toList();
      List<String> trusted =
          walk(p -> repo.followersOf("ann", p), size).stream().map(Follow::follower).toList();
      assertThat(followers).isEqualTo(without(trusted, hidden));
      List<String> followed =
          walk(p -> viewer.followedBy("ann", p), size).stream().map(User::username).toList();
      assertThat(followed)
          .isEqualTo(
              without(
                  walk(p -> repo.followedBy("ann", p), size).stream().map(User::username).toList(),
                  hidden));
      List<String> reactors = new ArrayList<>();
      PageRequest page = PageRequest.first(size);
      while (true) {
        Page<io.quickphotos.Reaction> read = viewer.photoWithReactions(photo, page).reactions();
        // Full while more exist: the photo takes one place on the first page.
        if (read.hasNext()) {
          assertThat(read.items().size() + (page.cursor().isEmpty() ? 1 : 0))
              .isGreaterThanOrEqualTo(size);
        }
        read.items().forEach(r -> reactors.add(r.reactor()));
        if (!read.hasNext()) {
          break;
        }
        page = read.next(size);
      }
      List<String> allReactors = new ArrayList<>();
      PageRequest all = PageRequest.first(100);
      repo.photoWithReactions(photo, all)
          .reactions()
          .items()
          .forEach(r -> allReactors.add(r.reactor()));
      assertThat(reactors).isEqualTo(without(allReactors, hidden));
    }
    // Full pages: a page of 10 followers holds 10 while more exist.
    Page<Follow> first = viewer.followersOf("ann", PageRequest.first(10));
    assertThat(first.items()).hasSize(10);
    assertThat(first.hasNext()).isTrue();
  }

  static List<String> without(List<String> all, List<String> hidden) {
    return all.stream().filter(name -> !hidden.contains(name)).toList();
  }

  @Test
  void readsForAViewerCostAtMostOneRequestMoreInTheCommonCase() {
    create("ann", "bob", "viewer", "x", "y");
    PhotoId photo = upload("ann", 1);
    upload("bob", 2);
    upload("x", 3);
    repo.reactTo("bob", photo, ReactionType.HEART);
    repo.follow("bob", "ann");
    repo.follow("ann", "bob");
    repo.follow("viewer", "ann");
    repo.follow("viewer", "bob");
    repo.follow("viewer", "x");
    ViewerReads viewer = repo.as("viewer");
    PageRequest page = PageRequest.first(10);

    // getUser: a BatchGetItem of the profile and its block of the viewer, for the GetItem.
    assertThat(units(cost(() -> viewer.getUser("ann")))).isEqualTo(expect(1, 2, 0, 1, 0));
    assertThat(units(cost(() -> repo.getUser("ann")))).isEqualTo(expect(1, 1, 0, 1, 0));
    // getPhoto: the photo and the three items that decide (the viewer follows ann), one request.
    assertThat(units(cost(() -> viewer.getPhoto(photo)))).isEqualTo(expect(1, 4, 0, 3, 0));
    assertThat(units(cost(() -> repo.getPhoto(photo)))).isEqualTo(expect(1, 1, 0, 1, 0));
    // userWithPhotos: the trusted Query and the three items.
    OperationCost trusted = cost(() -> repo.userWithPhotos("ann", SortOrder.OLDEST_FIRST, page));
    OperationCost viewed = cost(() -> viewer.userWithPhotos("ann", SortOrder.OLDEST_FIRST, page));
    assertThat(units(viewed))
        .isEqualTo(
            expect(
                trusted.requests() + 1,
                trusted.readCapacityUnits() + 3,
                0,
                trusted.readCapacityUnits() + 2,
                0));
    // photoWithReactions: the trusted Query, then the three items and bob's block of the viewer.
    trusted = cost(() -> repo.photoWithReactions(photo, page));
    viewed = cost(() -> viewer.photoWithReactions(photo, page));
    assertThat(units(viewed))
        .isEqualTo(
            expect(
                trusted.requests() + 1,
                trusted.readCapacityUnits() + 4,
                0,
                trusted.readCapacityUnits() + 2,
                0));
    // followersOf: the same, with each follower's block.
    trusted = cost(() -> repo.followersOf("ann", page));
    viewed = cost(() -> viewer.followersOf("ann", page));
    assertThat(viewed.requests()).isEqualTo(trusted.requests() + 1);
    // followedBy: the BatchGetItem of the profiles takes the items that decide and the blocks.
    trusted = cost(() -> repo.followedBy("ann", page));
    viewed = cost(() -> viewer.followedBy("ann", page));
    assertThat(viewed.requests()).isEqualTo(trusted.requests());
    // isFollowing of two others: one BatchGetItem of seven keys.
    assertThat(cost(() -> viewer.isFollowing("bob", "ann")).requests()).isEqualTo(1);
    // reactionsLeftBy: the items that decide and the reactor's block, then the Query.
    trusted = cost(() -> repo.reactionsLeftBy("bob", photo));
    viewed = cost(() -> viewer.reactionsLeftBy("bob", photo));
    assertThat(viewed.requests()).isEqualTo(trusted.requests() + 1);
    // homeFeed: the trusted page (the followed list and one Query per followed user), then the
    // three items of each of the page's three authors in one BatchGetItem.
    trusted = cost(() -> repo.homeFeed("viewer", page));
    viewed = cost(() -> viewer.homeFeed(page));
    assertThat(units(viewed))
        .isEqualTo(
            expect(
                trusted.requests() + 1,
                trusted.readCapacityUnits() + 9,
                0,
                trusted.readCapacityUnits() + 6,
                0));
    assertThat(viewed.pattern()).isEqualTo(AccessPattern.VIEWER_HOME_FEED);
    // The account itself reads at the trusted cost.
    assertThat(units(cost(() -> repo.as("ann").getUser("ann")))).isEqualTo(expect(1, 1, 0, 1, 0));
  }

  @Test
  void aPrivateAccountTakesReactionsFromItsFollowersAlone() {
    createPrivate("ann");
    create("bob", "cat");
    PhotoId photo = upload("ann", 1);
    repo.follow("bob", "ann");
    repo.approveRequest("ann", "bob");
    double[] react = billing().transaction(AccessPattern.REACT_TO);
    // The owner's check refuses once (private), then the friendship is checked (2 RCU).
    assertThat(units(cost(() -> repo.reactTo("bob", photo, ReactionType.HEART))))
        .isEqualTo(expect(2, react[0] + 2, react[1], 0, 12));
    assertThatThrownBy(() -> repo.reactTo("cat", photo, ReactionType.HEART))
        .isInstanceOf(PhotoNotFoundException.class);
    assertThat(repo.getPhoto(photo).orElseThrow().reactionCount(ReactionType.HEART)).isEqualTo(1);
    repo.reactTo("ann", photo, ReactionType.HEART);
    assertAuditClean();
  }

  @Test
  void aBlockTakesBackTheReactionsBetweenTheTwoAndNothingOldTellsTheBlockedOfIt() {
    create("ann", "vic", "bob");
    PhotoId annPhoto = upload("ann", 1);
    PhotoId vicPhoto = upload("vic", 2);
    repo.reactTo("vic", annPhoto, ReactionType.HEART);
    repo.reactTo("vic", annPhoto, ReactionType.SMILEY);
    repo.reactTo("bob", annPhoto, ReactionType.HEART);
    repo.reactTo("ann", vicPhoto, ReactionType.THUMBSUP);

    repo.block("ann", "vic");

    assertThat(repo.getPhoto(annPhoto).orElseThrow().reactionCount(ReactionType.HEART))
        .isEqualTo(1);
    assertThat(repo.getPhoto(annPhoto).orElseThrow().reactionCount(ReactionType.SMILEY)).isZero();
    assertThat(repo.getPhoto(vicPhoto).orElseThrow().reactionCount(ReactionType.THUMBSUP)).isZero();
    assertThat(repo.as("vic").reactionsLeftBy("vic", annPhoto)).isEmpty();
    assertThat(repo.reactionsLeftBy("vic", annPhoto)).isEmpty();
    // Every call of the blocked user answers as if the photo did not exist.
    for (ReactionType type : List.of(ReactionType.HEART, ReactionType.SUNGLASSES)) {
      assertThatThrownBy(() -> repo.reactTo("vic", annPhoto, type))
          .isInstanceOf(PhotoNotFoundException.class);
      assertThatThrownBy(() -> repo.removeReaction("vic", annPhoto, type))
          .isInstanceOf(ReactionNotFoundException.class);
    }
    // The blocker is told, as for a follow: it may not react to the blocked user's photos.
    assertThatThrownBy(() -> repo.reactTo("ann", vicPhoto, ReactionType.HEART))
        .isInstanceOf(UserBlockedException.class);
    repo.reactTo("ann", annPhoto, ReactionType.SUNGLASSES); // its own photos, as ever
    assertAuditClean();
  }

  /**
   * Regression (the privacy oracle, seed -5128954974247940228): a user who blocked a private
   * account it does not follow reacts to one of its photos. The rules put "private, not a
   * follower" before "blocked by the reactor": the photo does not exist for it, whether or not
   * its own block is where the request first fails. It was told {@code UserBlockedException}
   * when the plan it sent took the owner for public (the owner's check redirected) and its block
   * check failed beside it: that answer was judged before the redirect.
   */
  @Test
  void aBlockerIsToldAPrivateAccountsPhotoDoesNotExistNotThatItBlockedTheOwner() {
    create("bob", "cat");
    createPrivate("ann");
    PhotoId photo = upload("ann", 1);
    repo.block("bob", "cat"); // bob counts blocks before it blocks ann
    repo.block("bob", "ann");

    assertThatThrownBy(() -> repo.reactTo("bob", photo, ReactionType.HEART))
        .isInstanceOf(PhotoNotFoundException.class);
    // Public again, ann's photo exists for bob, who is told it blocked her.
    repo.updateProfile("ann", ProfileUpdate.builder().visibility(Visibility.PUBLIC).build());
    assertThatThrownBy(() -> repo.reactTo("bob", photo, ReactionType.HEART))
        .isInstanceOf(UserBlockedException.class);
    assertAuditClean();
  }

  @Test
  void aFormerFollowerOfAPrivateAccountIsToldNothingOfItsOldReactions() {
    createPrivate("ann");
    create("vic");
    PhotoId photo = upload("ann", 1);
    repo.follow("vic", "ann");
    repo.approveRequest("ann", "vic");
    repo.reactTo("vic", photo, ReactionType.HEART);
    assertThat(repo.as("vic").reactionsLeftBy("vic", photo)).containsExactly(ReactionType.HEART);
    repo.unfollow("vic", "ann");

    assertThat(repo.as("vic").reactionsLeftBy("vic", photo)).isEmpty();
    assertThatThrownBy(() -> repo.reactTo("vic", photo, ReactionType.HEART))
        .isInstanceOf(PhotoNotFoundException.class);
    // The trusted view still holds the reaction: it stays counted on the photo.
    assertThat(repo.reactionsLeftBy("vic", photo)).containsExactly(ReactionType.HEART);
    assertAuditClean();
  }

  @Test
  void aReadForAViewerCostsAtMostEightRequestsAPageWhateverOtherUsersDid() {
    create("u", "a", "v0", "v1", "v2");
    PhotoId photo = upload("u", 1);
    // Throwaway accounts that follow u, react to its photo, are followed by u, and block a;
    // three visible users among them, at the start, the middle and the end.
    List<String> expected = new ArrayList<>();
    for (int i = 0; i < 60; i++) {
      String name = i == 0 ? "v0" : i == 30 ? "v1" : i == 59 ? "v2" : String.format("t%02d", i);
      if (!name.startsWith("v")) {
        create(name);
        repo.block(name, "a");
      }
      repo.follow(name, "u");
      repo.follow("u", name);
      repo.reactTo(name, photo, ReactionType.HEART);
    }
    ViewerReads viewer = repo.as("a");
    for (int size : new int[] {1, 2, 5, 20}) {
      for (Runnable read :
          List.<Runnable>of(
              () -> viewer.followersOf("u", PageRequest.first(size)),
              () -> viewer.followedBy("u", PageRequest.first(size)),
              () -> viewer.photoWithReactions(photo, PageRequest.first(size)))) {
        assertThat(cost(read).requests()).as("a page of %d", size).isLessThanOrEqualTo(8);
      }
      assertThat(walk(page -> viewer.followersOf("u", page), size))
          .extracting(Follow::follower)
          .containsExactlyInAnyOrder("v0", "v1", "v2")
          .doesNotHaveDuplicates();
      assertThat(walk(page -> viewer.followedBy("u", page), size))
          .extracting(User::username)
          .containsExactlyInAnyOrder("v0", "v1", "v2");
      List<Reaction> reactions = new ArrayList<>();
      PageRequest page = PageRequest.first(size);
      while (true) {
        PhotoReactions read = viewer.photoWithReactions(photo, page);
        assertThat(read.reactions().items().size()).isLessThanOrEqualTo(size);
        reactions.addAll(read.reactions().items());
        if (!read.reactions().hasNext()) {
          break;
        }
        page = read.reactions().next(size);
      }
      assertThat(reactions)
          .extracting(Reaction::reactor)
          .containsExactlyInAnyOrder("v0", "v1", "v2");
    }
    // The trusted order kept: a viewer's walk is the trusted walk less what it hides.
    List<String> trusted =
        walk(page -> repo.followersOf("u", page), 7).stream()
            .map(Follow::follower)
            .filter(name -> name.startsWith("v"))
            .toList();
    assertThat(walk(page -> viewer.followersOf("u", page), 1))
        .extracting(Follow::follower)
        .containsExactlyElementsOf(trusted);
  }

  /**
   * Found by the sharded concurrent histories while a reaction's put came to be judged after the
   * privacy redirects: a missing reactor's reaction to a missing photo of a private owner threw
   * {@code NoSuchElementException} instead of the reactor's error.
   */
  @Test
  void aMissingReactorToAPrivateOwnersMissingPhotoIsUserNotFound() {
    createPrivate("ann");
    PhotoId missing = new PhotoId("ann", T0);
    assertThatThrownBy(() -> repo.reactTo("ghost", missing, ReactionType.HEART))
        .isInstanceOf(UserNotFoundException.class);
    create("bob");
    assertThatThrownBy(() -> repo.reactTo("bob", missing, ReactionType.HEART))
        .isInstanceOf(PhotoNotFoundException.class);
  }
}
