package io.quickphotos.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.AuditFinding;
import io.quickphotos.NewUser;
import io.quickphotos.PageRequest;
import io.quickphotos.Photo;
import io.quickphotos.PhotoId;
import io.quickphotos.QuickPhotos;
import io.quickphotos.ReactionType;
import io.quickphotos.Sharding;
import io.quickphotos.SortOrder;
import io.quickphotos.TableItems;
import io.quickphotos.UserStatus;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.ItemCondition;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.Table;
import io.quickphotos.engine.UpdateAction;
import io.quickphotos.engine.WriteAction;
import io.quickphotos.internal.repository.Repositories;
import io.quickphotos.internal.repository.RepositoryOptions;
import io.quickphotos.internal.singletable.codec.ItemCodec;
import io.quickphotos.internal.singletable.hot.Shards;
import io.quickphotos.internal.singletable.layout.KeyLayout;
import io.quickphotos.internal.singletable.photo.ViewPlans;
import java.io.StringReader;
import java.io.StringWriter;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A viral photo's views on every backend: counted on the photo's counter shards once it is hot
 * (switched by its views or its reactions, at the reactions' threshold: 3 here, 4 shards), read
 * as the sum of the photo and its shards wherever a photo is answered, exact under concurrent
 * views through repositories that know and that do not, checked and mended by the audit over
 * every part, and cleaned up with the photo or the viewer. A backend's subclass supplies a fresh,
 * empty engine per test.
 */
public abstract class HotViewsContract {
  static final Sharding LOW = Sharding.of(4, 3, 3);
  private static final Instant T0 = Instant.parse("2018-05-30T15:42:38Z");
  private static final String URL = "https://photos.example.com/p.jpg";

  private Table table;
  private QuickPhotos repo;

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
    repo = repository(LOW);
  }

  /** Another repository of the same table: it knows no hot key yet. */
  private QuickPhotos repository(Sharding sharding) {
    return Repositories.create(
        table,
        RepositoryOptions.defaults()
            .withClock(new TickingClock(QuickPhotosContract.CLOCK_START))
            .withSharding(sharding));
  }

  private List<String> create(String prefix, int n) {
    List<String> names = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      String name = prefix + i;
      repo.createUser(
          new NewUser(
              name, name, name + "@example.com", LocalDate.of(1990, 1, 1), "", UserStatus.ACTIVE));
      names.add(name);
    }
    return names;
  }

  private PhotoId starPhoto() {
    create("star", 1);
    return repo.uploadPhoto("star0", T0, URL).id();
  }

  private Item stored(Key key) {
    return table.getItem(key).item().orElseThrow();
  }

  /** The shards of one photo, as stored. */
  private List<Item> shardsOf(PhotoId photo) {
    List<Item> shards = new ArrayList<>();
    table.forEachItem(
        item -> {
          if (Shards.isShard(item.key()) && Shards.mainOf(item).equals(KeyLayout.photo(photo))) {
            shards.add(item);
          }
        });
    return shards;
  }

  private long marks() {
    long[] n = {0};
    table.forEachItem(
        item -> {
          if (ItemCodec.kindOf(item) == ItemCodec.Entity.VIEW) {
            n[0]++;
          }
        });
    return n[0];
  }

  private Photo photo(QuickPhotos through, PhotoId id) {
    return through.getPhoto(id).orElseThrow();
  }

  private void assertAuditClean() {
    assertThat(repo.audit(false, n -> {}).findings()).isEmpty();
  }

  /** Every place a photo is answered shows the same counts. */
  private void assertEverywhere(PhotoId id, long views, long viewers) {
    for (QuickPhotos through : List.of(repo, repository(Sharding.off()))) {
      assertThat(photo(through, id).views()).isEqualTo(views);
      assertThat(photo(through, id).uniqueViewers()).isEqualTo(viewers);
      Photo listed =
          through
              .userWithPhotos(id.owner(), SortOrder.NEWEST_FIRST, PageRequest.first())
              .photos()
              .items()
              .stream()
              .filter(p -> p.id().equals(id))
              .findFirst()
              .orElseThrow();
      assertThat(List.of(listed.views(), listed.uniqueViewers())).containsExactly(views, viewers);
      Photo withReactions =
          through.photoWithReactions(id, PageRequest.first()).photo().orElseThrow();
      assertThat(List.of(withReactions.views(), withReactions.uniqueViewers()))
          .containsExactly(views, viewers);
    }
  }

  @Test
  void aPhotoWhoseViewsReachTheThresholdCountsItsViewsOnItsShards() {
    PhotoId id = starPhoto();
    List<String> viewers = create("fan", 8);
    // Three views bring the photo to the threshold; the fourth switches it, and its owner.
    for (String viewer : viewers.subList(0, 3)) {
      repo.viewPhoto(viewer, id);
    }
    assertThat(Shards.count(stored(KeyLayout.photo(id)))).isZero();
    repo.viewPhoto(viewers.get(3), id);
    assertThat(Shards.count(stored(KeyLayout.photo(id)))).isEqualTo(4);
    assertThat(Shards.count(stored(KeyLayout.user("star0")))).isEqualTo(4);

    for (String viewer : viewers) {
      repo.viewPhoto(viewer, id);
      repo.viewPhoto(viewer, id);
    }

    // The photo's own item kept what it counted before the switch; the rest is on its shards.
    Item main = stored(KeyLayout.photo(id));
    assertThat(List.of(Shards.views(main), Shards.uniqueViewers(main))).containsExactly(3L, 3L);
    long onShards = shardsOf(id).stream().mapToLong(Shards::views).sum();
    assertThat(onShards).isEqualTo(1 + 16);
    assertThat(shardsOf(id).stream().filter(s -> Shards.views(s) > 0).count())
        .as("shards that took views")
        .isGreaterThan(1);
    assertEverywhere(id, 20, 8);
    assertAuditClean();
  }

  @Test
  void aPhotoShardedByItsReactionsCountsItsViewsOnItsShardsToo() {
    PhotoId id = starPhoto();
    List<String> fans = create("fan", 5);
    for (String fan : fans) {
      repo.reactTo(fan, id, ReactionType.HEART);
    }
    assertThat(Shards.count(stored(KeyLayout.photo(id)))).isEqualTo(4);

    // Through a repository that has not met the photo: its first view is refused on the main
    // item, and it learns.
    QuickPhotos other = repository(Sharding.off());
    for (String fan : fans) {
      other.viewPhoto(fan, id);
    }
    repo.viewPhoto("fan0", id);

    Item main = stored(KeyLayout.photo(id));
    assertThat(List.of(Shards.views(main), Shards.uniqueViewers(main))).containsExactly(0L, 0L);
    assertEverywhere(id, 6, 5);
    assertAuditClean();
  }

  @Test
  void withShardingOffAPhotoIsNeverSwitchedByItsViews() {
    repo = repository(Sharding.off());
    PhotoId id = starPhoto();
    for (String viewer : create("fan", 6)) {
      repo.viewPhoto(viewer, id);
    }
    assertThat(Shards.count(stored(KeyLayout.photo(id)))).isZero();
    assertThat(shardsOf(id)).isEmpty();
    assertEverywhere(id, 6, 6);
  }

  /**
   * Many viewers through several repositories, each its own, at once: some first views race the
   * switch, some land on the main item as it is switched, some meet a photo their repository
   * does not know is hot. Every view is counted once, each viewer once.
   */
  @Test
  void concurrentViewsOfAViralPhotoAreEachCountedOnceAndEachViewerOnce() throws Exception {
    PhotoId id = starPhoto();
    int threads = 4;
    int viewersPerThread = 3;
    int viewsEach = 4;
    List<String> viewers = create("fan", threads * viewersPerThread);
    CountDownLatch start = new CountDownLatch(1);
    List<Callable<Integer>> work = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      List<String> mine = viewers.subList(t * viewersPerThread, (t + 1) * viewersPerThread);
      QuickPhotos own = repository(LOW);
      work.add(
          () -> {
            start.await();
            int firsts = 0;
            // Round-robin over its viewers: first views and repeat views interleave.
            for (int round = 0; round < viewsEach; round++) {
              for (String viewer : mine) {
                if (own.viewPhoto(viewer, id).first()) {
                  firsts++;
                }
              }
            }
            return firsts;
          });
    }
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    int firsts = 0;
    try {
      List<Future<Integer>> running = new ArrayList<>();
      for (Callable<Integer> w : work) {
        running.add(pool.submit(w));
      }
      start.countDown();
      for (Future<Integer> f : running) {
        firsts += f.get();
      }
    } finally {
      pool.shutdown();
    }

    assertThat(firsts).isEqualTo(viewers.size());
    assertThat(Shards.count(stored(KeyLayout.photo(id)))).isEqualTo(4);
    assertThat(marks()).isEqualTo(viewers.size());
    assertEverywhere(id, (long) viewers.size() * viewsEach, viewers.size());
    assertAuditClean();
  }

  @Test
  void deletingAViralPhotoFoldsItsShardsViewsAndDeletesItsMarks() {
    PhotoId id = starPhoto();
    PhotoId kept = repo.uploadPhoto("star0", T0.plusSeconds(60), URL).id();
    List<String> viewers = create("fan", 6);
    for (String viewer : viewers) {
      repo.viewPhoto(viewer, id);
      repo.viewPhoto(viewer, id);
    }
    repo.viewPhoto("fan0", kept);
    assertThat(shardsOf(id)).hasSize(4);

    repo.deletePhoto(id);

    assertThat(repo.getPhoto(id)).isEmpty();
    assertThat(shardsOf(id)).isEmpty();
    assertThat(marks()).isEqualTo(1);
    assertThat(repo.hasSeen("fan1", id)).isFalse();
    assertAuditClean();
    // Uploaded again under the id, it starts unseen and unsharded.
    repo.uploadPhoto("star0", T0, URL);
    assertEverywhere(id, 0, 0);
    assertThat(Shards.count(stored(KeyLayout.photo(id)))).isZero();
  }

  /**
   * Views racing the photo's delete: a view lands on a shard before the cascade folds it (and is
   * counted, its mark deleted with the photo's), or finds the shard folded and the photo closing
   * (and is told the photo does not exist, writing nothing). Either way nothing is left.
   */
  @Test
  void viewsRacingTheDeleteOfAViralPhotoLeaveNoShardOrMark() throws Exception {
    PhotoId id = starPhoto();
    List<String> viewers = create("fan", 8);
    for (String viewer : viewers.subList(0, 4)) {
      repo.viewPhoto(viewer, id);
    }
    assertThat(shardsOf(id)).hasSize(4);
    CountDownLatch start = new CountDownLatch(1);
    List<Callable<Integer>> work = new ArrayList<>();
    for (int t = 0; t < 2; t++) {
      List<String> mine = viewers.subList(t * 4, t * 4 + 4);
      QuickPhotos own = repository(LOW);
      work.add(
          () -> {
            start.await();
            int counted = 0;
            for (int round = 0; round < 50; round++) {
              try {
                own.viewPhoto(mine.get(round % mine.size()), id);
                counted++;
              } catch (io.quickphotos.PhotoNotFoundException gone) {
                return counted;
              }
            }
            return counted;
          });
    }
    ExecutorService pool = Executors.newFixedThreadPool(work.size());
    try {
      List<Future<Integer>> running = new ArrayList<>();
      for (Callable<Integer> w : work) {
        running.add(pool.submit(w));
      }
      start.countDown();
      QuickPhotos deleter = repository(LOW);
      for (int attempt = 0; ; attempt++) {
        try {
          deleter.deletePhoto(id);
          break;
        } catch (io.quickphotos.ServiceUnavailableException contended) {
          // The views kept changing the shards it folds: call again, as its error says.
          assertThat(attempt).isLessThan(20);
        }
      }
      for (Future<Integer> f : running) {
        f.get();
      }
    } finally {
      pool.shutdown();
    }

    assertThat(repo.getPhoto(id)).isEmpty();
    assertThat(shardsOf(id)).isEmpty();
    assertThat(marks()).isZero();
    assertAuditClean();
  }

  @Test
  void closingAViewersAccountTakesItsViewsOffAViralPhotoExactly() {
    PhotoId id = starPhoto();
    List<String> viewers = create("fan", 6);
    for (String viewer : viewers) {
      repo.viewPhoto(viewer, id);
    }
    // fan5's views after the switch went to its shard; it viewed three times in all.
    repo.viewPhoto("fan5", id);
    repo.viewPhoto("fan5", id);

    repo.deleteUser("fan5");
    repo.deleteUser("fan0");

    assertEverywhere(id, 4, 4);
    assertThat(marks()).isEqualTo(4);
    assertAuditClean();
  }

  @Test
  void closingTheOwnerOfAViralPhotoDeletesItsShardsAndMarks() {
    PhotoId id = starPhoto();
    for (String viewer : create("fan", 5)) {
      repo.viewPhoto(viewer, id);
    }
    assertThat(shardsOf(id)).isNotEmpty();

    repo.deleteUser("star0");

    assertThat(shardsOf(id)).isEmpty();
    assertThat(marks()).isZero();
    assertAuditClean();
  }

  @Test
  void theAuditComparesAViralPhotosSumsWithItsMarksAndMendsEveryPart() {
    PhotoId id = starPhoto();
    for (String viewer : create("fan", 6)) {
      repo.viewPhoto(viewer, id);
      repo.viewPhoto(viewer, id);
    }
    assertAuditClean();
    // Drift planted behind the repository's back: a shard counts two views and a viewer too many.
    Item shard = shardsOf(id).get(0);
    table.write(
        new WriteAction.Update(
            shard.key(),
            List.of(
                new UpdateAction.Add(ViewPlans.VIEWS_PATH, 2),
                new UpdateAction.Add(ViewPlans.UNIQUE_VIEWERS_PATH, 1)),
            ItemCondition.EXISTS));

    List<AuditFinding> found = repo.audit(false, n -> {}).findings();
    assertThat(found).hasSize(1);
    assertThat(found.get(0).subject()).isEqualTo("photo " + id);
    assertThat(found.get(0).detail()).contains("views: counter 14, view marks' views 12");
    assertThat(repo.audit(true, n -> {}).fixed()).isEqualTo(1);

    assertAuditClean();
    assertEverywhere(id, 12, 6);
  }

  @Test
  void anExportCarriesAViralPhotosShardsAndLoadsThemBackWithTheSameSums() {
    PhotoId id = starPhoto();
    List<String> viewers = create("fan", 6);
    for (String viewer : viewers) {
      repo.viewPhoto(viewer, id);
      repo.viewPhoto(viewer, id);
    }
    StringWriter out = new StringWriter();
    TableItems.export(repo, out);
    for (String viewer : viewers) {
      repo.deleteUser(viewer);
    }
    repo.deleteUser("star0");
    List<Item> left = new ArrayList<>();
    table.forEachItem(left::add);
    assertThat(left).isEmpty();

    TableItems.load(repo, new StringReader(out.toString()));

    assertThat(shardsOf(id)).hasSize(4);
    assertEverywhere(id, 12, 6);
    assertAuditClean();
    repo.viewPhoto("fan0", id);
    assertEverywhere(id, 13, 6);
  }
}
