package io.quickphotos.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quickphotos.AccessPattern;
import io.quickphotos.AuditFinding;
import io.quickphotos.AuditReport;
import io.quickphotos.InvalidInputException;
import io.quickphotos.NewUser;
import io.quickphotos.OperationCost;
import io.quickphotos.Photo;
import io.quickphotos.PhotoId;
import io.quickphotos.PhotoNotFoundException;
import io.quickphotos.PhotoView;
import io.quickphotos.ProfileUpdate;
import io.quickphotos.QuickPhotos;
import io.quickphotos.TableItems;
import io.quickphotos.UserNotFoundException;
import io.quickphotos.UserStatus;
import io.quickphotos.Visibility;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.ItemCondition;
import io.quickphotos.engine.Table;
import io.quickphotos.engine.UpdateAction;
import io.quickphotos.engine.WriteAction;
import io.quickphotos.internal.repository.Repositories;
import io.quickphotos.internal.repository.RepositoryOptions;
import io.quickphotos.internal.singletable.codec.ItemCodec;
import io.quickphotos.internal.singletable.codec.ViewMarks;
import io.quickphotos.internal.singletable.layout.KeyLayout;
import io.quickphotos.internal.singletable.layout.ViewKeys;
import io.quickphotos.internal.singletable.photo.ViewPlans;
import java.io.StringReader;
import java.io.StringWriter;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Predicate;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Views of a photo on every backend: a first view and a repeat view, whether a user has seen a
 * photo, who may view (as who may react), exact counts under concurrency, and what each call
 * costs. A backend's subclass supplies a fresh, empty engine per test and says whose billing it
 * reports.
 */
public abstract class ViewsContract {
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
    repo =
        Repositories.create(
            table,
            RepositoryOptions.defaults()
                .withCostListener(costs)
                .withClock(new TickingClock(QuickPhotosContract.CLOCK_START)));
  }

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

  PhotoId upload(String owner, int minute) {
    return repo.uploadPhoto(owner, T0.plusSeconds(60L * minute), URL).id();
  }

  Photo photo(PhotoId id) {
    return repo.getPhoto(id).orElseThrow();
  }

  OperationCost cost(Runnable call) {
    costs.clear();
    call.run();
    return costs.last();
  }

  static List<Double> units(OperationCost cost) {
    return List.of((double) cost.requests(), cost.readCapacityUnits(), cost.writeCapacityUnits());
  }

  /** The expected requests and units, by billing: the service's, or DynamoDB Local's. */
  List<Double> expect(int requests, double rcu, double wcu, double localRcu, double localWcu) {
    boolean service = billing() == Billing.SERVICE;
    return List.of((double) requests, service ? rcu : localRcu, service ? wcu : localWcu);
  }

  /** Every item of the table, to compare before and after a call that must write nothing. */
  List<Item> everything() {
    List<Item> all = new ArrayList<>();
    table.forEachItem(all::add);
    return all;
  }

  List<Item> marks() {
    List<Item> found = new ArrayList<>();
    table.forEachItem(
        item -> {
          if (ItemCodec.kindOf(item) == ItemCodec.Entity.VIEW) {
            found.add(item);
          }
        });
    return found;
  }

  // --- first and repeat views ----------------------------------------------------------------

  @Test
  void aFirstViewIsCountedOnceAndARepeatViewCountsOnlyTheViews() {
    create("ann", "bob");
    PhotoId id = upload("ann", 0);
    assertThat(photo(id).views()).isZero();
    assertThat(photo(id).uniqueViewers()).isZero();
    assertThat(repo.hasSeen("bob", id)).isFalse();

    PhotoView first = repo.viewPhoto("bob", id);
    PhotoView again = repo.viewPhoto("bob", id);
    PhotoView own = repo.viewPhoto("ann", id);

    assertThat(first.first()).isTrue();
    assertThat(first.viewer()).isEqualTo("bob");
    assertThat(first.photo()).isEqualTo(id);
    assertThat(again.first()).isFalse();
    assertThat(own.first()).isTrue();
    assertThat(repo.viewPhoto("ann", id).first()).isFalse();
    assertThat(photo(id).views()).isEqualTo(4);
    assertThat(photo(id).uniqueViewers()).isEqualTo(2);
    assertThat(repo.hasSeen("bob", id)).isTrue();
    assertThat(repo.hasSeen("ann", id)).isTrue();
    assertThat(repo.hasSeen("carol", id)).isFalse();
    assertThat(marks()).hasSize(2);
    // A view is no edit of the photo: its version stays.
    assertThat(photo(id).version()).isZero();
  }

  @Test
  void viewsLeaveThePhotosReactionsPageAsItWas() {
    create("ann", "bob");
    PhotoId id = upload("ann", 0);
    repo.viewPhoto("bob", id);

    assertThat(repo.photoWithReactions(id, io.quickphotos.PageRequest.first()).reactions().items())
        .isEmpty();
    assertThat(
            repo.userWithPhotos(
                    "ann",
                    io.quickphotos.SortOrder.NEWEST_FIRST,
                    io.quickphotos.PageRequest.first())
                .photos()
                .items())
        .extracting(Photo::views)
        .containsExactly(1L);
  }

  // --- who may view --------------------------------------------------------------------------

  @Test
  void aViewOfAPhotoThatDoesNotExistIsNotFoundAndWritesNothing() {
    create("ann", "bob");
    List<Item> before = everything();

    assertThatThrownBy(() -> repo.viewPhoto("bob", new PhotoId("ann", T0)))
        .isInstanceOf(PhotoNotFoundException.class);
    assertThatThrownBy(() -> repo.viewPhoto("bob", new PhotoId("nobody", T0)))
        .isInstanceOf(PhotoNotFoundException.class);
    assertThat(everything()).isEqualTo(before);
  }

  @Test
  void aViewerWhoDoesNotExistIsNotFound() {
    create("ann");
    PhotoId id = upload("ann", 0);
    List<Item> before = everything();

    assertThatThrownBy(() -> repo.viewPhoto("bob", id)).isInstanceOf(UserNotFoundException.class);
    assertThat(everything()).isEqualTo(before);
  }

  @Test
  void aViewerTheOwnerBlockedIsToldThePhotoDoesNotExist() {
    create("ann", "bob");
    PhotoId id = upload("ann", 0);
    repo.block("ann", "bob");
    List<Item> before = everything();

    assertThatThrownBy(() -> repo.viewPhoto("bob", id)).isInstanceOf(PhotoNotFoundException.class);
    assertThatThrownBy(() -> repo.viewPhoto("bob", id)).isInstanceOf(PhotoNotFoundException.class);
    assertThat(everything()).isEqualTo(before);
    assertThat(repo.hasSeen("bob", id)).isFalse();
  }

  @Test
  void aViewerWhoBlockedTheOwnerIsToldThePhotoDoesNotExist() {
    create("ann", "bob");
    PhotoId id = upload("ann", 0);
    repo.viewPhoto("bob", id);
    repo.block("bob", "ann");
    List<Item> before = everything();

    assertThatThrownBy(() -> repo.viewPhoto("bob", id)).isInstanceOf(PhotoNotFoundException.class);
    assertThat(everything()).isEqualTo(before);
    assertThat(photo(id).views()).isEqualTo(1);
  }

  @Test
  void aPrivateAccountsPhotoIsViewedByItsFollowersOnly() {
    repo.createUser(newUser("ann", Visibility.PRIVATE));
    create("bob", "carol");
    PhotoId id = upload("ann", 0);
    repo.follow("bob", "ann");
    repo.approveRequest("ann", "bob");
    List<Item> before = everything();

    assertThatThrownBy(() -> repo.viewPhoto("carol", id))
        .isInstanceOf(PhotoNotFoundException.class);
    assertThat(everything()).isEqualTo(before);

    assertThat(repo.viewPhoto("bob", id).first()).isTrue();
    assertThat(repo.viewPhoto("bob", id).first()).isFalse();
    assertThat(repo.viewPhoto("ann", id).first()).isTrue();
    assertThat(photo(id).views()).isEqualTo(3);
    assertThat(photo(id).uniqueViewers()).isEqualTo(2);
  }

  @Test
  void anAccountMadePrivateRefusesTheViewsOfWhoDoesNotFollowIt() {
    create("ann", "bob");
    PhotoId id = upload("ann", 0);
    repo.viewPhoto("bob", id);
    repo.updateProfile("ann", ProfileUpdate.builder().visibility(Visibility.PRIVATE).build());

    assertThatThrownBy(() -> repo.viewPhoto("bob", id)).isInstanceOf(PhotoNotFoundException.class);
    assertThat(photo(id).views()).isEqualTo(1);
  }

  @Test
  void aClosedAccountsPhotoIsNotFound() {
    create("ann", "bob");
    PhotoId id = upload("ann", 0);
    repo.deleteUser("ann");

    assertThatThrownBy(() -> repo.viewPhoto("bob", id)).isInstanceOf(PhotoNotFoundException.class);
    assertThat(marks()).isEmpty();
  }

  @Test
  void badInputIsRefusedBeforeAnyRequest() {
    create("ann");
    PhotoId id = upload("ann", 0);
    costs.clear();

    assertThatThrownBy(() -> repo.viewPhoto("b#b", id)).isInstanceOf(InvalidInputException.class);
    assertThatThrownBy(() -> repo.viewPhoto(null, id)).isInstanceOf(InvalidInputException.class);
    assertThatThrownBy(() -> repo.viewPhoto("bob", null)).isInstanceOf(InvalidInputException.class);
    assertThatThrownBy(() -> repo.hasSeen("", id)).isInstanceOf(InvalidInputException.class);
    assertThatThrownBy(() -> repo.hasSeen("bob", null)).isInstanceOf(InvalidInputException.class);
    assertThat(costs.costs()).allMatch(cost -> cost.requests() == 0);
  }

  // --- concurrency ---------------------------------------------------------------------------

  @Test
  void concurrentViewsAreEachCountedOnceAndOneFirstViewPerViewer() throws Exception {
    create("ann", "bob", "carol");
    PhotoId id = upload("ann", 0);
    int perThread = 15;
    List<Callable<Integer>> threads = new ArrayList<>();
    // Two threads for bob, one for carol: bob's first views race each other.
    for (String viewer : List.of("bob", "bob", "carol")) {
      threads.add(
          () -> {
            int firsts = 0;
            for (int i = 0; i < perThread; i++) {
              if (repo.viewPhoto(viewer, id).first()) {
                firsts++;
              }
            }
            return firsts;
          });
    }
    ExecutorService pool = Executors.newFixedThreadPool(threads.size());
    int firsts = 0;
    try {
      for (Future<Integer> f : pool.invokeAll(threads)) {
        firsts += f.get();
      }
    } finally {
      pool.shutdown();
    }

    assertThat(firsts).isEqualTo(2);
    assertThat(photo(id).views()).isEqualTo(3L * perThread);
    assertThat(photo(id).uniqueViewers()).isEqualTo(2);
    assertThat(marks()).extracting(ItemCodec::entityOf).hasSize(2);
  }

  // --- exactly once --------------------------------------------------------------------------

  /**
   * A view's transaction applied, its answer lost, another view landing, and the transaction
   * sent again under its token: counted once, and still answered as the first view it was.
   */
  @Test
  void aViewWhoseAnswerIsLostAndResentIsCountedOnce() {
    create("ann", "bob", "carol");
    PhotoId id = upload("ann", 0);
    PhotoId other = upload("ann", 1);
    // Their first views ever are behind them: the next are one transaction each.
    repo.viewPhoto("bob", other);
    repo.viewPhoto("carol", other);
    LostAnswerTable lossy = new LostAnswerTable(table);
    QuickPhotos resending =
        Repositories.create(
            lossy,
            RepositoryOptions.defaults()
                .withClock(new TickingClock(QuickPhotosContract.CLOCK_START.plusSeconds(60))));
    Predicate<List<WriteAction>> bobsView =
        actions -> actions.stream().anyMatch(a -> a.key().equals(ViewKeys.mark("bob", id)));

    lossy.loseAnswerOfTransaction(bobsView, () -> repo.viewPhoto("carol", id));
    PhotoView first = resending.viewPhoto("bob", id);
    lossy.loseAnswerOfTransaction(bobsView, () -> repo.viewPhoto("carol", id));
    PhotoView repeat = resending.viewPhoto("bob", id);

    assertThat(lossy.resent()).isEqualTo(2);
    assertThat(first.first()).isTrue();
    assertThat(repeat.first()).isFalse();
    assertThat(photo(id).views()).isEqualTo(4);
    assertThat(photo(id).uniqueViewers()).isEqualTo(2);
    assertThat(ViewMarks.views(table.getItem(ViewKeys.mark("bob", id)).item().orElseThrow()))
        .isEqualTo(2);
    assertThat(repo.audit(false, scanned -> {}).findings()).isEmpty();
  }

  // --- cleanup -------------------------------------------------------------------------------

  @Test
  void deletingAPhotoDeletesItsViewMarks() {
    create("ann", "bob", "carol");
    PhotoId id = upload("ann", 0);
    PhotoId kept = upload("ann", 1);
    repo.viewPhoto("bob", id);
    repo.viewPhoto("bob", id);
    repo.viewPhoto("carol", id);
    repo.viewPhoto("bob", kept);

    repo.deletePhoto(id);

    assertThat(repo.getPhoto(id)).isEmpty();
    assertThat(repo.hasSeen("bob", id)).isFalse();
    assertThat(repo.hasSeen("carol", id)).isFalse();
    assertThat(marks()).hasSize(1);
    assertThat(repo.hasSeen("bob", kept)).isTrue();
    // A photo uploaded again under the id starts unseen.
    repo.uploadPhoto("ann", id.timestamp(), URL);
    assertThat(photo(id).views()).isZero();
    assertThat(repo.viewPhoto("bob", id).first()).isTrue();
  }

  @Test
  void closingAViewersAccountTakesItsViewsOffThePhotos() {
    create("ann", "bob", "carol");
    PhotoId id = upload("ann", 0);
    PhotoId other = upload("ann", 1);
    for (int i = 0; i < 3; i++) {
      repo.viewPhoto("bob", id);
    }
    repo.viewPhoto("bob", other);
    repo.viewPhoto("carol", id);

    repo.deleteUser("bob");

    assertThat(photo(id).views()).isEqualTo(1);
    assertThat(photo(id).uniqueViewers()).isEqualTo(1);
    assertThat(photo(other).views()).isZero();
    assertThat(photo(other).uniqueViewers()).isZero();
    assertThat(marks()).hasSize(1);
    assertThat(repo.audit(false, scanned -> {}).findings()).isEmpty();
    // The name taken again has seen nothing.
    create("bob");
    assertThat(repo.hasSeen("bob", id)).isFalse();
  }

  @Test
  void closingAnOwnersAccountDeletesTheViewMarksOfItsPhotos() {
    create("ann", "bob");
    PhotoId id = upload("ann", 0);
    upload("ann", 1);
    repo.viewPhoto("bob", id);
    repo.viewPhoto("ann", id);
    PhotoId bobs = upload("bob", 0);
    repo.viewPhoto("ann", bobs);

    repo.deleteUser("ann");

    assertThat(repo.hasSeen("bob", id)).isFalse();
    assertThat(marks()).isEmpty();
    assertThat(photo(bobs).views()).isZero();
    assertThat(photo(bobs).uniqueViewers()).isZero();
    repo.deleteUser("bob");
    assertThat(everything()).isEmpty();
  }

  @Test
  void closingAnAccountThatNeverViewedReadsNoMarks() {
    create("ann", "bob");
    upload("ann", 0);
    OperationCost without = cost(() -> repo.deleteUser("ann"));
    create("ann");
    PhotoId id = upload("ann", 0);
    repo.viewPhoto("ann", id);
    repo.deletePhoto(id);
    upload("ann", 0);

    OperationCost with = cost(() -> repo.deleteUser("ann"));

    // Its profile says it viewed: one strongly consistent Query of its (now empty) marks more.
    assertThat(with.requests()).isEqualTo(without.requests() + 1);
  }

  // --- audit ---------------------------------------------------------------------------------

  @Test
  void theAuditFindsAndMendsAViewCounterThatDriftedFromTheMarks() {
    create("ann", "bob", "carol");
    PhotoId id = upload("ann", 0);
    repo.viewPhoto("bob", id);
    repo.viewPhoto("bob", id);
    repo.viewPhoto("carol", id);
    assertThat(repo.audit(false, scanned -> {}).findings()).isEmpty();
    // A counter off by what a double-counted resend would leave.
    table.write(
        new WriteAction.Update(
            KeyLayout.photo(id),
            List.of(
                new UpdateAction.Add(ViewPlans.VIEWS_PATH, 1),
                new UpdateAction.Add(ViewPlans.UNIQUE_VIEWERS_PATH, 1)),
            ItemCondition.EXISTS));
    // A mark of a photo that does not exist.
    PhotoId gone = new PhotoId("ann", T0.plusSeconds(3600));
    table.write(new WriteAction.Put(ViewMarks.mark("bob", gone, T0, 2), ItemCondition.NONE));

    AuditReport report = repo.audit(false, scanned -> {});

    assertThat(report.findings())
        .extracting(AuditFinding::kind, AuditFinding::subject, AuditFinding::fixed)
        .containsExactlyInAnyOrder(
            org.assertj.core.api.Assertions.tuple(
                AuditFinding.Kind.COUNTER_MISMATCH, "photo " + id, false),
            org.assertj.core.api.Assertions.tuple(
                AuditFinding.Kind.MISSING_PHOTO, "view of photo " + gone + " by bob", false));
    assertThat(repo.audit(true, scanned -> {}).fixed()).isEqualTo(2);
    assertThat(repo.audit(false, scanned -> {}).findings()).isEmpty();
    assertThat(photo(id).views()).isEqualTo(3);
    assertThat(photo(id).uniqueViewers()).isEqualTo(2);
    assertThat(repo.hasSeen("bob", gone)).isFalse();
  }

  // --- export and load -----------------------------------------------------------------------

  @Test
  void anExportCarriesTheViewMarksAndLoadsThemBack() {
    create("ann", "bob");
    PhotoId id = upload("ann", 0);
    repo.viewPhoto("bob", id);
    repo.viewPhoto("bob", id);
    repo.viewPhoto("ann", id);
    StringWriter out = new StringWriter();
    Map<TableItems.Kind, TableItems.Tally> exported = TableItems.export(repo, out);
    assertThat(exported.get(TableItems.Kind.VIEW).items()).isEqualTo(2);
    repo.deleteUser("bob");
    repo.deleteUser("ann");
    assertThat(everything()).isEmpty();

    TableItems.load(repo, new StringReader(out.toString()));

    StringWriter again = new StringWriter();
    TableItems.export(repo, again);
    assertThat(again.toString()).isEqualTo(out.toString());
    assertThat(repo.hasSeen("bob", id)).isTrue();
    assertThat(photo(id).views()).isEqualTo(3);
    assertThat(photo(id).uniqueViewers()).isEqualTo(2);
    assertThat(repo.viewPhoto("bob", id).first()).isFalse();
    assertThat(repo.audit(false, scanned -> {}).findings()).isEmpty();
  }

  // --- costs ---------------------------------------------------------------------------------

  @Test
  void cleaningUpViewsCostsAQueryAndATransactionPerPage() {
    create("ann", "bob", "carol", "dave");
    PhotoId viewed = upload("ann", 0);
    PhotoId unviewed = upload("ann", 1);
    repo.viewPhoto("bob", viewed);
    repo.viewPhoto("carol", viewed);
    repo.viewPhoto("carol", viewed);
    PhotoId other = upload("ann", 2);
    repo.viewPhoto("dave", other);
    repo.viewPhoto("dave", unviewed);

    OperationCost withoutViews = cost(() -> repo.deletePhoto(upload("bob", 5)));
    OperationCost withViews = cost(() -> repo.deletePhoto(viewed));
    // dave viewed two photos: one Query of its marks, one transaction for both.
    OperationCost viewerCloses = cost(() -> repo.deleteUser("dave"));

    // A photo never viewed costs what it did: the mark and the DeleteItem.
    assertThat(units(withoutViews)).isEqualTo(expect(2, 0, 4, 0, 4));
    // The mark, a Query of the marks, one transaction deleting both with the photo's counters
    // down, the DeleteItem.
    assertThat(units(withViews)).isEqualTo(expect(4, 0.5, 16, 0.5, 12));
    // An empty account's 9 (6.5 RCU, 4 WCU), and the Query and the transaction of its marks.
    assertThat(units(viewerCloses)).isEqualTo(expect(11, 9.5, 20, 1, 16));
  }

  @Test
  void aViewCostsOneTransactionTheFirstTimeAndTwoAfter() {
    create("ann", "bob");
    PhotoId id = upload("ann", 0);
    PhotoId earlier = upload("ann", 1);
    // Each user's first view ever also records on its profile that it has views: its check
    // is refused (no capacity) and sent again as an UpdateItem.
    OperationCost firstEver = cost(() -> repo.viewPhoto("bob", earlier));
    OperationCost ownFirstEver = cost(() -> repo.viewPhoto("ann", earlier));

    OperationCost first = cost(() -> repo.viewPhoto("bob", id));
    OperationCost repeat = cost(() -> repo.viewPhoto("bob", id));
    OperationCost ownFirst = cost(() -> repo.viewPhoto("ann", id));
    OperationCost ownRepeat = cost(() -> repo.viewPhoto("ann", id));
    OperationCost seen = cost(() -> repo.hasSeen("bob", id));
    OperationCost unseen = cost(() -> repo.hasSeen("carol", id));

    assertThat(first.pattern()).isEqualTo(AccessPattern.VIEW_PHOTO);
    assertThat(seen.pattern()).isEqualTo(AccessPattern.HAS_SEEN);
    assertThat(List.of(units(firstEver), units(ownFirstEver)))
        .isEqualTo(List.of(expect(2, 2, 12, 0, 12), expect(2, 0, 12, 0, 8)));
    assertThat(units(first)).isEqualTo(expect(1, 4, 8, 0, 12));
    assertThat(units(repeat)).isEqualTo(expect(2, 4, 8, 0, 12));
    assertThat(units(ownFirst)).isEqualTo(expect(1, 2, 8, 0, 12));
    assertThat(units(ownRepeat)).isEqualTo(expect(2, 2, 8, 0, 12));
    assertThat(units(seen)).isEqualTo(expect(1, 1, 0, 1, 0));
    assertThat(units(unseen)).isEqualTo(expect(1, 1, 0, 1, 0));
  }
}
