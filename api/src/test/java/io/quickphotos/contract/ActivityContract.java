package io.quickphotos.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quickphotos.AccessPattern;
import io.quickphotos.Activity;
import io.quickphotos.ActivityKind;
import io.quickphotos.ActivityNotice;
import io.quickphotos.Follow;
import io.quickphotos.FollowRequest;
import io.quickphotos.InvalidCursorException;
import io.quickphotos.InvalidInputException;
import io.quickphotos.NewUser;
import io.quickphotos.OperationCost;
import io.quickphotos.Page;
import io.quickphotos.PageRequest;
import io.quickphotos.PhotoId;
import io.quickphotos.QuickPhotos;
import io.quickphotos.ReactionType;
import io.quickphotos.Snapshot;
import io.quickphotos.TableItems;
import io.quickphotos.Visibility;
import io.quickphotos.engine.Table;
import io.quickphotos.internal.repository.Repositories;
import io.quickphotos.internal.repository.RepositoryOptions;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The activity inbox on every backend: what each kind of event shows, grouping, the unread count
 * and the read mark, paging, retention, delivery exactly once in effect, a pulled author's new
 * photos, and what a read shows of events undone or hidden since (whether the handler has caught
 * up or not: here the notices are handed over directly, as the change feed's handler would, and
 * nothing is handed over for an undo). A backend's subclass supplies a fresh, empty engine per
 * test.
 */
public abstract class ActivityContract {
  private static final String URL = "https://photos.example.com/p.jpg";

  /** The table under test, fresh for each test. */
  protected Table table;

  /** The repository under test. */
  protected QuickPhotos repo;

  /** Every cost the repository reported. */
  protected RecordingCostListener costs;

  private TickingClock clock;

  /**
   * Supplies a new engine over an empty table.
   *
   * @return the engine, a {@code Table}
   */
  protected abstract Object newEngine();

  @BeforeEach
  void freshRepository() {
    table = (Table) newEngine();
    costs = new RecordingCostListener();
    clock = new TickingClock(QuickPhotosContract.CLOCK_START);
    repo =
        Repositories.create(
            table, RepositoryOptions.defaults().withCostListener(costs).withClock(clock));
  }

  private void create(String... names) {
    for (String name : names) {
      repo.createUser(ViewsContract.newUser(name, Visibility.PUBLIC));
    }
  }

  private PhotoId upload(String owner) {
    return repo.uploadPhoto(owner, clock.instant(), URL).id();
  }

  private Follow follow(String follower, String followed) {
    Follow follow = repo.follow(follower, followed);
    repo.deliverActivity(
        List.of(
            follow.pending()
                ? ActivityNotice.requested(
                    new FollowRequest(follow.follower(), follow.followed(), follow.since()))
                : ActivityNotice.followed(follow)));
    return follow;
  }

  private void react(String reactor, PhotoId photo, ReactionType type) {
    repo.deliverActivity(List.of(ActivityNotice.reacted(repo.reactTo(reactor, photo, type))));
  }

  private PhotoId post(String owner) {
    PhotoId id = upload(owner);
    repo.deliverActivity(List.of(ActivityNotice.newPhoto(id)));
    return id;
  }

  private List<Activity> inbox(String user) {
    return repo.activity(user, PageRequest.first()).items();
  }

  @Test
  void aFollowIsToldToTheFollowedUserAndCountedUnreadUntilMarkedRead() {
    create("ann", "bob");
    follow("ann", "bob");

    List<Activity> bobs = inbox("bob");
    assertThat(bobs).hasSize(1);
    Activity followed = bobs.get(0);
    assertThat(followed.kind()).isEqualTo(ActivityKind.FOLLOWED);
    assertThat(followed.actors()).containsExactly("ann");
    assertThat(followed.count()).isEqualTo(1);
    assertThat(followed.photo()).isEmpty();
    assertThat(followed.unread()).isTrue();
    assertThat(repo.unreadActivity("bob")).isEqualTo(1);
    assertThat(inbox("ann")).isEmpty();

    repo.markActivityRead("bob");

    assertThat(repo.unreadActivity("bob")).isZero();
    assertThat(inbox("bob").get(0).unread()).isFalse();
    follow(createAnd("cat"), "bob");
    assertThat(repo.unreadActivity("bob")).isEqualTo(1);
    assertThat(inbox("bob").get(0).actors()).containsExactly("cat", "ann");
  }

  private String createAnd(String name) {
    create(name);
    return name;
  }

  @Test
  void reactionsToOnePhotoAreOneGroupNamingTheNewestThreeAndCountingTheRest() {
    create("bob", "ann", "cat", "dee", "eve");
    PhotoId photo = upload("bob");
    react("ann", photo, ReactionType.THUMBSUP);
    react("cat", photo, ReactionType.THUMBSUP);
    react("dee", photo, ReactionType.HEART);
    react("eve", photo, ReactionType.THUMBSUP);
    react("ann", photo, ReactionType.HEART);
    react("bob", photo, ReactionType.THUMBSUP); // one's own reaction is not told

    List<Activity> bobs = inbox("bob");
    assertThat(bobs).hasSize(1);
    Activity reacted = bobs.get(0);
    assertThat(reacted.kind()).isEqualTo(ActivityKind.REACTED);
    assertThat(reacted.photo()).contains(photo);
    assertThat(reacted.actors()).containsExactly("ann", "eve", "dee");
    assertThat(reacted.count()).isEqualTo(4);
    assertThat(reacted.others()).isEqualTo(1);
    assertThat(reacted.reactions())
        .containsExactlyInAnyOrder(ReactionType.THUMBSUP, ReactionType.HEART);
    assertThat(repo.unreadActivity("bob")).isEqualTo(5);
  }

  @Test
  void aRequestIsToldToThePrivateAccountAndAnApprovalToTheRequester() {
    create("ann");
    repo.createUser(ViewsContract.newUser("bob", Visibility.PRIVATE));
    follow("ann", "bob");

    assertThat(inbox("bob"))
        .singleElement()
        .satisfies(
            a -> {
              assertThat(a.kind()).isEqualTo(ActivityKind.REQUESTED);
              assertThat(a.actors()).containsExactly("ann");
            });

    Follow approved = repo.approveRequest("bob", "ann");
    repo.deliverActivity(List.of(ActivityNotice.approved(approved)));

    assertThat(inbox("bob")).as("the request is no longer pending").isEmpty();
    assertThat(inbox("ann"))
        .singleElement()
        .satisfies(
            a -> {
              assertThat(a.kind()).isEqualTo(ActivityKind.APPROVED);
              assertThat(a.actors()).containsExactly("bob");
            });
  }

  @Test
  void aNewPhotoIsToldToEachFollowerAndAnAuthorsPhotosGroup() {
    create("ann", "bob", "cat");
    follow("ann", "bob");
    follow("cat", "bob");
    post("bob");
    PhotoId second = post("bob");

    for (String follower : List.of("ann", "cat")) {
      assertThat(inbox(follower))
          .singleElement()
          .satisfies(
              a -> {
                assertThat(a.kind()).isEqualTo(ActivityKind.NEW_PHOTO);
                assertThat(a.actors()).containsExactly("bob");
                assertThat(a.photo()).contains(second);
              });
    }
  }

  @Test
  void whatWasUndoneBeforeTheReadIsNotShownThoughTheHandlerNeverHeardOfTheUndo() {
    create("ann", "bob", "cat", "dee");
    repo.createUser(ViewsContract.newUser("pam", Visibility.PRIVATE));
    follow("ann", "bob");
    PhotoId photo = upload("bob");
    react("cat", photo, ReactionType.THUMBSUP);
    follow("dee", "pam");
    follow("bob", "cat");
    PhotoId cats = post("cat");

    repo.unfollow("ann", "bob");
    repo.removeReaction("cat", photo, ReactionType.THUMBSUP);
    repo.withdrawRequest("dee", "pam");
    repo.deletePhoto(cats);

    assertThat(inbox("bob")).isEmpty();
    assertThat(inbox("pam")).isEmpty();
    assertThat(repo.unreadActivity("bob")).isZero();
  }

  @Test
  void aFollowMadeAgainShowsOnceWithItsNewTime() {
    create("ann", "bob");
    Follow first = follow("ann", "bob");
    repo.unfollow("ann", "bob");
    Follow again = follow("ann", "bob");
    // A late delivery of the first follow again changes nothing.
    repo.deliverActivity(List.of(ActivityNotice.followed(first)));

    assertThat(inbox("bob"))
        .singleElement()
        .satisfies(
            a -> {
              assertThat(a.latest()).isEqualTo(again.since());
              assertThat(a.count()).isEqualTo(1);
            });
    assertThat(repo.unreadActivity("bob")).isEqualTo(1);
  }

  @Test
  void noEventOfAUserWhoBlockedTheReaderOrWhomTheReaderBlockedOrWhoseAccountClosed() {
    create("ann", "bob", "cat", "dee");
    follow("ann", "bob");
    follow("cat", "bob");
    follow("dee", "bob");
    follow("bob", "cat");
    post("cat");

    repo.block("bob", "ann");
    repo.block("cat", "bob");
    repo.deleteUser("dee");

    assertThat(inbox("bob")).isEmpty();
    assertThat(repo.unreadActivity("bob")).isZero();
  }

  @Test
  void aPrivateAuthorsNewPhotoShowsToAFollowerAndNotOnceTheFollowEnds() {
    create("ann");
    repo.createUser(ViewsContract.newUser("pam", Visibility.PRIVATE));
    repo.follow("ann", "pam");
    repo.approveRequest("pam", "ann");
    post("pam");
    assertThat(inbox("ann")).extracting(Activity::kind).containsExactly(ActivityKind.NEW_PHOTO);

    repo.unfollow("ann", "pam");

    assertThat(inbox("ann")).isEmpty();
  }

  @Test
  void aNoticeDeliveredTwiceIsOneEntry() {
    create("ann", "bob");
    Follow follow = repo.follow("ann", "bob");
    List<ActivityNotice> notices =
        List.of(ActivityNotice.followed(follow), ActivityNotice.followed(follow));
    repo.deliverActivity(notices);
    repo.deliverActivity(notices);

    assertThat(inbox("bob")).singleElement().extracting(Activity::count).isEqualTo(1);
    assertThat(repo.unreadActivity("bob")).isEqualTo(1);
    assertThat(TableItems.census(repo).get(TableItems.Kind.ACTIVITY).items()).isEqualTo(1);
  }

  @Test
  void pagesHoldTheGroupsNewestFirstEachOnce() {
    create("bob", "ann");
    List<PhotoId> photos = new ArrayList<>();
    for (int i = 0; i < 23; i++) {
      PhotoId photo = upload("bob");
      photos.add(photo);
      react("ann", photo, ReactionType.THUMBSUP);
    }

    List<PhotoId> seen = new ArrayList<>();
    PageRequest request = PageRequest.first(10);
    int pages = 0;
    while (true) {
      Page<Activity> page = repo.activity("bob", request);
      pages++;
      page.items().forEach(a -> seen.add(a.photo().orElseThrow()));
      if (!page.hasNext()) {
        break;
      }
      request = page.next(10);
    }
    assertThat(pages).isEqualTo(3);
    List<PhotoId> newestFirst = new ArrayList<>(photos);
    java.util.Collections.reverse(newestFirst);
    assertThat(seen).containsExactlyElementsOf(newestFirst);
  }

  @Test
  void anEventOlderThanTheRetentionIsNotShown() {
    create("ann", "bob", "cat");
    follow("ann", "bob");
    clock.advance(Duration.ofDays(QuickPhotos.ACTIVITY_RETENTION_DAYS - 1));
    follow("cat", "bob");
    assertThat(inbox("bob").get(0).count()).isEqualTo(2);

    clock.advance(Duration.ofDays(2));

    assertThat(inbox("bob"))
        .singleElement()
        .satisfies(a -> assertThat(a.actors()).containsExactly("cat"));
    assertThat(repo.unreadActivity("bob")).isEqualTo(1);
  }

  @Test
  void anAuthorWithAThousandFollowersIsPulledAtReadTimeNotPushed() {
    List<NewUser> users = new ArrayList<>();
    List<Follow> follows = new ArrayList<>();
    users.add(ViewsContract.newUser("star", Visibility.PUBLIC));
    Instant since = clock.instant();
    for (int i = 0; i < 1_000; i++) {
      String fan = "fan" + i;
      users.add(ViewsContract.newUser(fan, Visibility.PUBLIC));
      follows.add(new Follow(fan, "star", since));
    }
    repo.importSnapshot(new Snapshot(users, List.of(), follows, List.of()), n -> {});
    create("late");
    PhotoId photo = post("star");
    costs.clear();

    // The thousand fans were switched to pulling, with one mark each, and the photo not pushed.
    assertThat(TableItems.census(repo).get(TableItems.Kind.ACTIVITY).items()).isEqualTo(1_001);
    assertThat(inbox("fan7")).singleElement().satisfies(a -> assertThat(a.photo()).contains(photo));
    follow("late", "star");
    PhotoId next = post("star");
    assertThat(inbox("late")).singleElement().satisfies(a -> assertThat(a.photo()).contains(next));
    assertThat(TableItems.census(repo).get(TableItems.Kind.ACTIVITY).items()).isEqualTo(1_003);
    // A batch of follows of a pulled author reads the author's mark once.
    create("x1", "x2", "x3");
    List<ActivityNotice> batch = new ArrayList<>();
    for (String fan : List.of("x1", "x2", "x3")) {
      batch.add(ActivityNotice.followed(repo.follow(fan, "star")));
    }
    costs.clear();
    repo.deliverActivity(batch);
    assertThat(costs.of(AccessPattern.DELIVER_ACTIVITY).get(0).requests())
        .as("the author's mark and profile once, then the entries and marks")
        .isEqualTo(2);
    costs.clear();
    assertThat(inbox("fan7").get(0).photo()).contains(next);
    OperationCost page = costs.of(AccessPattern.ACTIVITY).get(0);
    assertThat(page.requests())
        .as("marks, entries, blocks, the author's photos, the checks")
        .isEqualTo(5);
  }

  @Test
  void aFollowDeliveredWhileItsAuthorIsSwitchedToPullingIsNotMissed() throws Exception {
    List<NewUser> users = new ArrayList<>();
    List<Follow> follows = new ArrayList<>();
    users.add(ViewsContract.newUser("star", Visibility.PUBLIC));
    Instant since = clock.instant();
    for (int i = 0; i < 999; i++) {
      users.add(ViewsContract.newUser("fan" + i, Visibility.PUBLIC));
      follows.add(new Follow("fan" + i, "star", since));
    }
    repo.importSnapshot(new Snapshot(users, List.of(), follows, List.of()), n -> {});
    create("fan999", "late");
    InterruptibleTable interruptible = new InterruptibleTable(table);
    QuickPhotos switching =
        Repositories.create(interruptible, RepositoryOptions.defaults().withClock(clock));
    // The 1,000th follow's delivery switches the author: held after the author's mark, before
    // the followers are listed.
    InterruptibleTable.Pause held =
        interruptible.pauseBefore(
            request ->
                request instanceof io.quickphotos.engine.QueryPlan query
                    && query.partitionValue().equals("USER#star"));
    ActivityNotice thousandth = ActivityNotice.followed(repo.follow("fan999", "star"));
    java.util.concurrent.ExecutorService thread =
        java.util.concurrent.Executors.newSingleThreadExecutor();
    try {
      java.util.concurrent.Future<Integer> delivery =
          thread.submit(() -> switching.deliverActivity(List.of(thousandth)));
      held.awaitReached();
      // A follow lands and is delivered in the gap: it finds the author's mark.
      follow("late", "star");
      held.resume();
      delivery.get();
    } finally {
      thread.shutdownNow();
    }

    PhotoId photo = post("star");
    for (String reader : List.of("late", "fan0", "fan999")) {
      assertThat(inbox(reader))
          .as(reader)
          .singleElement()
          .satisfies(a -> assertThat(a.photo()).contains(photo));
    }
  }

  @Test
  void twoRepositoriesOfDifferentSettingsOverOneTableDeliverAndReadTheSameInbox() {
    // One shards users from 2 followers and fans out by timeline; the other keeps the defaults.
    QuickPhotos sharding =
        Repositories.create(
            table,
            RepositoryOptions.defaults()
                .withClock(clock)
                .withSharding(io.quickphotos.Sharding.of(4, 2, 2))
                .withFanOut(io.quickphotos.FanOut.hybrid()));
    create("star", "ann", "bob", "cat", "dee");
    List<ActivityNotice> told = new ArrayList<>();
    for (String fan : List.of("ann", "bob", "cat")) {
      told.add(ActivityNotice.followed(sharding.follow(fan, "star")));
    }
    // The default repository delivers: the author is sharded, as the table records, so pulled.
    repo.deliverActivity(told);
    told.clear();
    told.add(ActivityNotice.followed(repo.follow("dee", "star")));
    sharding.deliverActivity(told);
    PhotoId photo = sharding.uploadPhoto("star", clock.instant(), URL).id();
    repo.deliverActivity(List.of(ActivityNotice.newPhoto(photo)));

    for (String fan : List.of("ann", "dee")) {
      List<Activity> viaDefault = inbox(fan);
      assertThat(viaDefault)
          .as(fan)
          .singleElement()
          .satisfies(a -> assertThat(a.photo()).contains(photo));
      assertThat(sharding.activity(fan, PageRequest.first()).items()).isEqualTo(viaDefault);
    }
    assertThat(sharding.activity("star", PageRequest.first()).items())
        .isEqualTo(inbox("star"))
        .singleElement()
        .satisfies(a -> assertThat(a.actors()).containsExactly("dee", "cat", "bob"));
    // Pulled, not pushed: one pull mark per fan, no entry of the photo written.
    assertThat(TableItems.census(repo).get(TableItems.Kind.ACTIVITY).items()).isEqualTo(4 + 1 + 4);
  }

  @Test
  void aPageOfAnInboxCostsThreeQueriesAndOneBatchGetItem() {
    create("ann", "bob");
    follow("ann", "bob");
    costs.clear();

    inbox("bob");
    repo.unreadActivity("bob");
    repo.markActivityRead("bob");

    assertThat(costs.of(AccessPattern.ACTIVITY).get(0).requests()).isEqualTo(4);
    assertThat(costs.of(AccessPattern.UNREAD_ACTIVITY).get(0).requests()).isEqualTo(4);
    assertThat(costs.of(AccessPattern.MARK_ACTIVITY_READ).get(0).requests()).isEqualTo(1);
    costs.clear();
    inbox("ann");
    assertThat(costs.of(AccessPattern.ACTIVITY).get(0).requests())
        .as("an empty inbox checks nothing")
        .isEqualTo(3);
  }

  @Test
  void badInputIsRefusedAndWritesNothing() {
    create("ann", "bob");
    Follow follow = repo.follow("ann", "bob");
    assertThatThrownBy(() -> repo.activity("no one", PageRequest.first()))
        .isInstanceOf(InvalidInputException.class);
    assertThatThrownBy(() -> repo.activity("bob", null)).isInstanceOf(InvalidInputException.class);
    assertThatThrownBy(() -> repo.unreadActivity(null)).isInstanceOf(InvalidInputException.class);
    assertThatThrownBy(() -> repo.markActivityRead("")).isInstanceOf(InvalidInputException.class);
    assertThatThrownBy(() -> repo.activity("bob", PageRequest.after("not-a-cursor", 10)))
        .isInstanceOf(InvalidCursorException.class);
    follow(createAnd("cat"), "ann");
    String annsCursor = cursorOf("ann");
    assertThatThrownBy(() -> repo.activity("bob", PageRequest.after(annsCursor, 1)))
        .isInstanceOf(InvalidCursorException.class);
    List<ActivityNotice> bad =
        List.of(
            ActivityNotice.followed(follow),
            new ActivityNotice(
                "bob",
                ActivityKind.FOLLOWED,
                "no one",
                Optional.empty(),
                Optional.empty(),
                follow.since()));
    long before = TableItems.census(repo).get(TableItems.Kind.ACTIVITY).items();
    assertThatThrownBy(() -> repo.deliverActivity(bad)).isInstanceOf(InvalidInputException.class);
    assertThatThrownBy(() -> repo.deliverActivity(null)).isInstanceOf(InvalidInputException.class);
    assertThat(TableItems.census(repo).get(TableItems.Kind.ACTIVITY).items()).isEqualTo(before);
  }

  private String cursorOf(String user) {
    create("x1", "x2");
    follow("x1", user);
    PhotoId photo = upload(user);
    react("x2", photo, ReactionType.THUMBSUP);
    return repo.activity(user, PageRequest.first(1)).nextCursor().orElseThrow();
  }
}
