package io.quickphotos.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quickphotos.FanOut;
import io.quickphotos.NewUser;
import io.quickphotos.OperationCost;
import io.quickphotos.Page;
import io.quickphotos.PageRequest;
import io.quickphotos.Photo;
import io.quickphotos.PhotoAlreadyExistsException;
import io.quickphotos.PhotoId;
import io.quickphotos.QuickPhotos;
import io.quickphotos.QuickPhotosException;
import io.quickphotos.ReactionType;
import io.quickphotos.ServiceUnavailableException;
import io.quickphotos.UserStatus;
import io.quickphotos.engine.Capacity;
import io.quickphotos.engine.ClientToken;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.QueryPlan;
import io.quickphotos.engine.QueryResult;
import io.quickphotos.engine.ScanPlan;
import io.quickphotos.engine.Table;
import io.quickphotos.engine.WriteAction;
import io.quickphotos.internal.repository.Repositories;
import io.quickphotos.internal.repository.RepositoryOptions;
import io.quickphotos.internal.singletable.codec.ItemCodec;
import io.quickphotos.internal.singletable.feed.Timelines;
import io.quickphotos.internal.singletable.layout.KeyLayout;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The hybrid feed on every backend, with fan-out on read as its oracle: the pull feed computed
 * from the table's items ({@link FeedOracle}), which every walk of every feed must equal. K is 2 here (a user's third follower is a pull
 * follow), the window 30 days, and photos are taken up to 60 days back, so pages cross the
 * window's edge. A backend's subclass supplies a fresh, empty engine per test.
 */
public abstract class HybridFeedContract {
  private static final Instant NOW = Instant.parse("2026-06-01T00:00:00Z");
  private static final FanOut HYBRID = FanOut.hybrid(2, Duration.ofDays(30));
  private static final String URL = "https://photos.example.com/p.jpg";

  private Table table;
  private Interceptor interceptor;
  private RecordingCostListener costs;
  private QuickPhotos hybrid;
  private QuickPhotos pull;

  /**
   * Supplies a new engine over an empty table.
   *
   * @return the engine, a {@code Table}
   */
  protected abstract Object newEngine();

  /** Random histories per test run: the in-memory engine affords more than DynamoDB Local. */
  protected int histories() {
    return 40;
  }

  @BeforeEach
  void freshRepositories() {
    table = (Table) newEngine();
    interceptor = new Interceptor(table);
    costs = new RecordingCostListener();
    hybrid = repository(interceptor, HYBRID, costs);
    pull = repository(table, FanOut.off(), new RecordingCostListener());
  }

  private static QuickPhotos repository(Table engine, FanOut fanOut, RecordingCostListener costs) {
    return repository(engine, fanOut, costs, NOW);
  }

  private static QuickPhotos repository(
      Table engine, FanOut fanOut, RecordingCostListener costs, Instant now) {
    return Repositories.create(
        engine,
        RepositoryOptions.defaults()
            .withCostListener(costs)
            .withClock(Clock.fixed(now, ZoneOffset.UTC))
            .withParallelism(4)
            .withFanOut(fanOut));
  }

  private void create(QuickPhotos repo, String... usernames) {
    for (String name : usernames) {
      repo.createUser(
          new NewUser(
              name, name, name + "@example.com", LocalDate.of(1990, 1, 1), "", UserStatus.ACTIVE));
    }
  }

  private Photo upload(String owner, long minutesAgo) {
    return hybrid.uploadPhoto(owner, NOW.minus(Duration.ofMinutes(minutesAgo)), URL);
  }

  /**
   * Walks the reader's hybrid feed with pages of {@code size}; the walk must equal the pull feed
   * computed from the items.
   */
  private void assertFeedsAgree(String reader, int size) {
    assertFeedsAgree(hybrid, pull, reader, size);
  }

  /**
   * {@link #assertFeedsAgree(String, int)} of any repository: its walk must equal the pull feed
   * computed from the table's items (every repository reads the timeline for the follows the
   * table marks served, whatever its setting, so no repository is the oracle).
   */
  private void assertFeedsAgree(QuickPhotos hybrid, QuickPhotos unused, String reader, int size) {
    FeedOracle.assertExact(table, hybrid, reader, size);
  }

  private List<Item> items(Predicate<Item> which) {
    List<Item> found = new ArrayList<>();
    table.forEachItem(
        item -> {
          if (which.test(item)) {
            found.add(item);
          }
        });
    return found;
  }

  private static boolean isEntity(Item item, ItemCodec.Entity entity) {
    return ItemCodec.entityOf(item) == entity;
  }

  @Test
  void aTimelineFollowServesTheAuthorsPhotosFromTheTimeline() {
    create(hybrid, "ana", "bo");
    upload("bo", 10);
    hybrid.follow("ana", "bo");
    upload("bo", 5);
    assertThat(items(i -> isEntity(i, ItemCodec.Entity.TIMELINE_ENTRY))).hasSize(2);
    costs.clear();
    Page<Photo> page = hybrid.homeFeed("ana", PageRequest.first(10));
    assertThat(page.items())
        .extracting(p -> p.id().timestamp())
        .containsExactly(NOW.minus(Duration.ofMinutes(5)), NOW.minus(Duration.ofMinutes(10)));
    // The followed list, the timeline, the page's photos.
    assertThat(costs.last().requests()).isEqualTo(3);
    assertFeedsAgree("ana", 1);
  }

  @Test
  void aUserAtKFollowersIsPulledAndCostsOneQueryMore() {
    create(hybrid, "star", "a", "b", "c", "d");
    hybrid.follow("a", "star");
    hybrid.follow("b", "star");
    hybrid.follow("c", "star");
    hybrid.follow("c", "d");
    upload("star", 3);
    upload("d", 2);
    // Two timeline members: the upload writes one batch, whatever the followers.
    costs.clear();
    upload("star", 1);
    OperationCost upload = costs.last();
    assertThat(upload.requests())
        .as("transaction, audience Query, one BatchWriteItem, the pending fan-out's delete")
        .isEqualTo(4);
    assertThat(items(i -> isEntity(i, ItemCodec.Entity.AUDIENCE))).hasSize(3);
    costs.clear();
    assertThat(hybrid.homeFeed("c", PageRequest.first(2)).items()).hasSize(2);
    assertThat(costs.last().requests())
        .as("followed list, timeline and the pull follow's Query side by side, photos")
        .isEqualTo(4);
    for (String reader : List.of("a", "b", "c")) {
      assertFeedsAgree(reader, 2);
    }
  }

  @Test
  void anUploadWhoseFanOutIsCutShortIsFinishedByTheRetryOrTheNextUpload() {
    create(hybrid, "ana", "bo");
    hybrid.follow("ana", "bo");
    interceptor.failBatchWrites.set(1);
    // The photo was stored before its fan-out failed: written partly, and the retry's
    // PhotoAlreadyExistsException means done.
    assertThatThrownBy(() -> upload("bo", 10))
        .isInstanceOfSatisfying(
            ServiceUnavailableException.class,
            e -> assertThat(e.written()).isEqualTo(ServiceUnavailableException.Written.PARTLY));
    assertThat(items(i -> isEntity(i, ItemCodec.Entity.FAN_OUT))).hasSize(1);
    assertThat(items(i -> isEntity(i, ItemCodec.Entity.TIMELINE_ENTRY))).isEmpty();
    assertThatThrownBy(() -> upload("bo", 10)).isInstanceOf(PhotoAlreadyExistsException.class);
    assertThat(items(i -> isEntity(i, ItemCodec.Entity.FAN_OUT))).isEmpty();
    assertFeedsAgree("ana", 1);
    interceptor.failBatchWrites.set(1);
    assertThatThrownBy(() -> upload("bo", 9)).isInstanceOf(ServiceUnavailableException.class);
    upload("bo", 8);
    assertThat(hybrid.homeFeed("ana", PageRequest.first(10)).items()).hasSize(3);
    assertFeedsAgree("ana", 2);
  }

  @Test
  void aLargeAudienceIsWrittenSideBySideAndAChunkCutShortIsFinishedByTheRetry() {
    QuickPhotos wide = repository(interceptor, FanOut.hybrid(100, Duration.ofDays(30)), costs);
    create(wide, "star");
    List<String> audience = new ArrayList<>();
    for (int i = 0; i < 60; i++) {
      audience.add("fan" + i);
    }
    create(wide, audience.toArray(String[]::new));
    audience.forEach(fan -> wide.follow(fan, "star"));
    costs.clear();
    wide.uploadPhoto("star", NOW.minusSeconds(60), URL);
    assertThat(costs.last().requests())
        .as("transaction, audience Query, three BatchWriteItem of 25, 25, 10, pending's delete")
        .isEqualTo(6);
    assertThat(items(i -> isEntity(i, ItemCodec.Entity.TIMELINE_ENTRY))).hasSize(60);
    // One of the three chunks fails (the others, sent beside it, may land): the upload reports
    // an unknown outcome, its fan-out stays pending, and the retry writes every entry once.
    interceptor.failBatchWrites.set(1);
    assertThatThrownBy(() -> wide.uploadPhoto("star", NOW.minusSeconds(30), URL))
        .isInstanceOf(ServiceUnavailableException.class);
    assertThat(items(i -> isEntity(i, ItemCodec.Entity.FAN_OUT))).hasSize(1);
    assertThatThrownBy(() -> wide.uploadPhoto("star", NOW.minusSeconds(30), URL))
        .isInstanceOf(PhotoAlreadyExistsException.class);
    assertThat(items(i -> isEntity(i, ItemCodec.Entity.FAN_OUT))).isEmpty();
    assertThat(items(i -> isEntity(i, ItemCodec.Entity.TIMELINE_ENTRY))).hasSize(120);
    for (String reader : List.of("fan0", "fan31", "fan59")) {
      assertThat(wide.homeFeed(reader, PageRequest.first(5)).items()).hasSize(2);
      assertFeedsAgree(reader, 1);
    }
  }

  /**
   * A table written by 3f1b2cc, the version before the hybrid, as its {@code quickphotos export
   * --users 12} wrote it: 12 users, 48 photos taken from 2015 to February 2024, 36 follows (one
   * user with 11 followers), 30 reactions; no audience, timeline or {@code feed} mark.
   */
  private static final String BEFORE_HYBRID = "export-3f1b2cc.json";

  /** The clock of the backfill tests: a few days after the export's newest photo. */
  private static final Instant AFTER_EXPORT = Instant.parse("2024-03-01T00:00:00Z");

  /** Loads {@link #BEFORE_HYBRID} into the table and returns its usernames. */
  private List<String> loadBeforeHybrid() {
    Exports.load(table, BEFORE_HYBRID);
    return items(i -> isEntity(i, ItemCodec.Entity.USER)).stream()
        .map(i -> i.string("username"))
        .sorted()
        .toList();
  }

  @Test
  void aTableWrittenBeforeTheHybridGivesExactFeedsAtOnceAndAfterItsBackfill() {
    List<String> users = loadBeforeHybrid();
    QuickPhotos oracle = repository(table, FanOut.off(), new RecordingCostListener(), AFTER_EXPORT);
    // A 30-day window holds three of the photos, ten years all of them; K = 5 leaves the user
    // with 11 followers (and one with exactly 5) pulled.
    FanOut month = FanOut.hybrid(1_000, Duration.ofDays(30));
    FanOut decade = FanOut.hybrid(5, Duration.ofDays(3650));
    for (FanOut setting : List.of(month, decade)) {
      QuickPhotos upgraded = repository(table, setting, new RecordingCostListener(), AFTER_EXPORT);
      for (String user : users) {
        assertFeedsAgree(upgraded, oracle, user, 3);
      }
    }
    Map<String, Long> followers = new HashMap<>();
    for (Item friendship : items(i -> isEntity(i, ItemCodec.Entity.FRIENDSHIP))) {
      followers.merge(ItemCodec.friendship(friendship).followed(), 1L, Long::sum);
    }
    long belowK = followers.values().stream().filter(n -> n < 5).mapToLong(n -> n).sum();
    assertThat(belowK).as("follows of authors below K in the export").isBetween(1L, 35L);

    RecordingCostListener backfillCosts = new RecordingCostListener();
    QuickPhotos backfill = repository(interceptor, decade, backfillCosts, AFTER_EXPORT);
    long converted = 0;
    for (String user : users) {
      converted += backfill.fillTimeline(user);
    }
    assertThat(converted).isEqualTo(belowK);
    assertThat(items(i -> isEntity(i, ItemCodec.Entity.AUDIENCE))).hasSize((int) belowK);
    assertThat(items(i -> isEntity(i, ItemCodec.Entity.TIMELINE_ENTRY))).isNotEmpty();
    // Resumable: a second pass finds nothing to do, for the followed list's Query alone.
    backfillCosts.clear();
    for (String user : users) {
      assertThat(backfill.fillTimeline(user)).as(user).isZero();
    }
    assertThat(backfillCosts.costs()).allMatch(c -> c.requests() == 1);
    for (String user : users) {
      assertFeedsAgree(backfill, oracle, user, 3);
      assertFeedsAgree(backfill, oracle, user, 25);
    }
    // The reader with the most follows below K now pays three requests a page (followed list,
    // timeline, photos) and one Query per follow of an author at K or beyond, not one per follow.
    List<io.quickphotos.Follow> follows =
        items(i -> isEntity(i, ItemCodec.Entity.FRIENDSHIP)).stream()
            .map(ItemCodec::friendship)
            .toList();
    String reader =
        users.stream()
            .max(
                java.util.Comparator.comparingLong(
                    u ->
                        follows.stream()
                            .filter(f -> f.follower().equals(u))
                            .filter(f -> followers.get(f.followed()) < 5)
                            .count()))
            .orElseThrow();
    long pulled =
        follows.stream()
            .filter(f -> f.follower().equals(reader))
            .filter(f -> followers.get(f.followed()) >= 5)
            .count();
    backfillCosts.clear();
    assertThat(backfill.homeFeed(reader, PageRequest.first(3)).items()).hasSize(3);
    assertThat(backfillCosts.last().requests()).isEqualTo(3 + pulled);
    assertThat(backfill.audit(false, scanned -> {}).clean()).isTrue();
  }

  @Test
  void aBackfillCutShortIsFinishedByTheNextCall() {
    create(pull, "ana", "bo", "cy");
    pull.follow("ana", "bo");
    pull.follow("ana", "cy");
    pull.uploadPhoto("bo", NOW.minusSeconds(30), URL);
    pull.uploadPhoto("cy", NOW.minusSeconds(20), URL);
    interceptor.failBatchWrites.set(1);
    assertThatThrownBy(() -> hybrid.fillTimeline("ana"))
        .isInstanceOfSatisfying(
            ServiceUnavailableException.class,
            e -> assertThat(e.written()).isEqualTo(ServiceUnavailableException.Written.PARTLY));
    // One follow is marked filling, its copy cut short: it is still read at page time.
    assertThat(items(i -> isEntity(i, ItemCodec.Entity.AUDIENCE))).hasSize(1);
    assertFeedsAgree("ana", 1);
    assertThat(hybrid.fillTimeline("ana")).isEqualTo(2);
    assertThat(hybrid.fillTimeline("ana")).isZero();
    assertThat(items(i -> isEntity(i, ItemCodec.Entity.AUDIENCE))).hasSize(2);
    assertThat(items(i -> isEntity(i, ItemCodec.Entity.TIMELINE_ENTRY))).hasSize(2);
    costs.clear();
    assertThat(hybrid.homeFeed("ana", PageRequest.first(2)).items()).hasSize(2);
    assertThat(costs.last().requests()).as("followed list, timeline, photos").isEqualTo(3);
    assertFeedsAgree("ana", 1);
  }

  @Test
  void aBackfillBesideAnUploadOrAnUnfollowLosesNothingAndLeavesNothing() {
    create(pull, "ana", "bo", "cy");
    pull.follow("ana", "bo");
    pull.follow("ana", "cy");
    pull.uploadPhoto("bo", NOW.minusSeconds(30), URL);
    QuickPhotos other = repository(table, HYBRID, new RecordingCostListener());
    // bo uploads just after the backfill copied bo's photos: the upload's fan-out must find ana
    // in the audience the backfill's transaction put.
    interceptor.afterPhotosRead = () -> other.uploadPhoto("bo", NOW.minusSeconds(10), URL);
    // ana unfollows cy just after the backfill's transaction for cy: cy's copy must not mark
    // the follow, and nothing of it may be served.
    interceptor.afterTransactions.add(() -> {});
    interceptor.afterTransactions.add(() -> other.unfollow("ana", "cy"));
    assertThat(hybrid.fillTimeline("ana")).isEqualTo(1);
    assertThat(interceptor.afterPhotosRead).isNull();
    assertThat(interceptor.afterTransactions).isEmpty();
    assertThat(hybrid.isFollowing("ana", "cy")).isFalse();
    assertThat(items(i -> isEntity(i, ItemCodec.Entity.AUDIENCE)))
        .extracting(Timelines::memberOf)
        .containsExactly("ana");
    assertThat(hybrid.homeFeed("ana", PageRequest.first(10)).items())
        .extracting(p -> p.id().owner())
        .containsExactly("bo", "bo");
    assertFeedsAgree("ana", 1);
    assertThat(hybrid.audit(false, scanned -> {}).clean()).isTrue();
  }

  @Test
  void aFollowAndAnUploadSideBySideLoseNoPhoto() {
    create(hybrid, "ana", "bo", "cy");
    QuickPhotos other = repository(table, HYBRID, new RecordingCostListener());
    // The follow commits just after the upload's transaction, which found bo without an
    // audience and so fans out nothing: the follow's own read of the author's photos must find
    // the photo.
    interceptor.afterTransactions.add(() -> other.follow("ana", "bo"));
    upload("bo", 10);
    assertThat(interceptor.afterTransactions).isEmpty();
    // The upload commits just after the follow read the author's photos: the upload's own read
    // of the audience must find ana.
    interceptor.afterPhotosRead = () -> other.uploadPhoto("cy", NOW.minusSeconds(60), URL);
    hybrid.follow("ana", "cy");
    assertThat(interceptor.afterPhotosRead).isNull();
    assertFeedsAgree("ana", 1);
    assertThat(hybrid.homeFeed("ana", PageRequest.first(10)).items()).hasSize(2);
  }

  @Test
  void followsMadeBeforeTheHybridArePulledAndCorrectAtOnce() {
    create(pull, "ana", "bo", "cy");
    pull.follow("ana", "bo");
    pull.uploadPhoto("bo", NOW.minusSeconds(30), URL);
    hybrid.follow("ana", "cy");
    upload("cy", 1);
    upload("bo", 2);
    assertFeedsAgree("ana", 1);
    assertThat(hybrid.homeFeed("ana", PageRequest.first(10)).items()).hasSize(3);
  }

  @Test
  void countersAreReadFreshAndDeletedPhotosAreSkipped() {
    create(hybrid, "ana", "bo");
    hybrid.follow("ana", "bo");
    Photo kept = upload("bo", 3);
    Photo deleted = upload("bo", 2);
    hybrid.reactTo("ana", kept.id(), ReactionType.HEART);
    hybrid.deletePhoto(deleted.id());
    List<Photo> feed = hybrid.homeFeed("ana", PageRequest.first(10)).items();
    assertThat(feed).extracting(Photo::id).containsExactly(kept.id());
    assertThat(feed.get(0).reactions().get(ReactionType.HEART)).isEqualTo(1);
    assertFeedsAgree("ana", 1);
  }

  @Test
  void closingAnAccountLeavesNoAudienceOrPendingFanOut() {
    create(hybrid, "ana", "bo", "cy");
    hybrid.follow("ana", "bo");
    hybrid.follow("bo", "cy");
    interceptor.failBatchWrites.set(1);
    assertThatThrownBy(() -> upload("bo", 1)).isInstanceOf(ServiceUnavailableException.class);
    hybrid.deleteUser("bo");
    assertThat(
            items(
                i ->
                    isEntity(i, ItemCodec.Entity.AUDIENCE)
                        || isEntity(i, ItemCodec.Entity.FAN_OUT)))
        .isEmpty();
    assertThat(hybrid.audit(false, n -> {}).findings()).isEmpty();
    assertFeedsAgree("ana", 1);
  }

  @Test
  void randomHistoriesServeThePullFeedsPages() {
    for (int run = 0; run < histories(); run++) {
      freshRepositories();
      // Names of their own per run: a backend may keep one table for the whole test.
      String[] users = new String[5];
      for (int u = 0; u < users.length; u++) {
        users[u] = "r" + run + "u" + u;
      }
      long seed = 7919L * run + 17;
      Random random = new Random(seed);
      create(hybrid, users);
      List<PhotoId> photos = new ArrayList<>();
      for (int step = 0; step < 30; step++) {
        String a = users[random.nextInt(users.length)];
        String b = users[random.nextInt(users.length)];
        int op = random.nextInt(10);
        try {
          if (op < 3 && !a.equals(b)) {
            // One follow in four is made as a repository without the hybrid makes it: a pull
            // follow whatever the followers, for the backfill below to convert.
            (random.nextInt(4) == 0 ? pull : hybrid).follow(a, b);
          } else if (op == 3 && !a.equals(b)) {
            hybrid.unfollow(a, b);
          } else if (op < 7) {
            // Up to 60 days back in whole days, so timestamps tie across owners.
            Instant taken = NOW.minus(Duration.ofDays(random.nextInt(60)));
            interceptor.failBatchWrites.set(random.nextInt(6) == 0 ? 1 : 0);
            photos.add(hybrid.uploadPhoto(a, taken, URL).id());
          } else if (op == 7 && !photos.isEmpty()) {
            hybrid.deletePhoto(photos.remove(random.nextInt(photos.size())));
          } else if (op == 8 && !photos.isEmpty()) {
            hybrid.reactTo(a, photos.get(random.nextInt(photos.size())), ReactionType.SMILEY);
          } else if (op == 9) {
            int kind = random.nextInt(3);
            if (kind == 0) {
              hybrid.deleteUser(a);
              photos.removeIf(p -> p.owner().equals(a));
              create(hybrid, a);
            } else if (kind == 1) {
              // The backfill, cut short now and then: converted follows are exact at once.
              interceptor.failBatchWrites.set(random.nextInt(4) == 0 ? 1 : 0);
              hybrid.fillTimeline(a);
            }
          }
        } catch (QuickPhotosException expected) {
          // A refused step (already following, a photo taken twice, a cut fan-out) is history.
        } finally {
          interceptor.failBatchWrites.set(0);
        }
      }
      // Fan-outs cut short finish with each author's next upload.
      for (String author : users) {
        try {
          hybrid.uploadPhoto(author, NOW.minusMillis(random.nextInt(1000) + 1), URL);
        } catch (PhotoAlreadyExistsException taken) {
          // Already finished by the retry inside.
        }
      }
      for (String reader : users) {
        for (int size : new int[] {1, 3}) {
          assertFeedsAgree(reader, size);
        }
      }
      assertThat(hybrid.audit(false, n -> {}).findings()).as("seed %d", seed).isEmpty();
    }
  }

  /**
   * The engine as the hybrid repository sees it: BatchWriteItem can be made to fail (a fan-out
   * cut short), and a hook can run just after an upload read its audience or a follow read its
   * author's photos, to force a concurrent call into exactly that gap.
   */
  static class Interceptor implements Table {
    private final Table delegate;

    /** BatchWriteItem requests still to fail; the fan-out may send several side by side. */
    final AtomicInteger failBatchWrites = new AtomicInteger();

    /** TransactWriteItems requests still to fail, before they reach the engine. */
    final AtomicInteger failTransactions = new AtomicInteger();

    Runnable afterAudienceRead;
    Runnable afterPhotosRead;

    /** Run one each after the next committed transactions (with a client token), in order. */
    final Queue<Runnable> afterTransactions = new ConcurrentLinkedQueue<>();

    Interceptor(Table delegate) {
      this.delegate = delegate;
    }

    @Override
    public Read getItem(Key key) {
      return delegate.getItem(key);
    }

    @Override
    public TransactRead transactGetItems(List<Key> keys) {
      return delegate.transactGetItems(keys);
    }

    @Override
    public QueryResult query(QueryPlan plan) {
      QueryResult result = delegate.query(plan);
      String lower = plan.sortCondition().map(c -> c.value()).orElse("");
      if (afterAudienceRead != null && lower.equals(KeyLayout.AUDIENCE)) {
        Runnable hook = afterAudienceRead;
        afterAudienceRead = null;
        hook.run();
      }
      if (afterPhotosRead != null && plan.consistentRead() && lower.startsWith("PHOTO#")) {
        Runnable hook = afterPhotosRead;
        afterPhotosRead = null;
        hook.run();
      }
      return result;
    }

    @Override
    public BatchRead batchGetItem(List<Key> keys) {
      return delegate.batchGetItem(keys);
    }

    @Override
    public BatchWrite batchWriteItem(List<Item> items) {
      if (failBatchWrites.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
        throw new ServiceUnavailableException(
            "injected: the fan-out is cut short",
            ServiceUnavailableException.Reason.THROTTLED,
            ServiceUnavailableException.Written.NOTHING,
            null);
      }
      return delegate.batchWriteItem(items);
    }

    @Override
    public Write write(WriteAction action) {
      return delegate.write(action);
    }

    @Override
    public Capacity transactWrite(List<WriteAction> actions) {
      return delegate.transactWrite(actions);
    }

    @Override
    public Capacity transactWrite(List<WriteAction> actions, ClientToken token) {
      if (failTransactions.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
        throw new ServiceUnavailableException(
            "injected: the transaction is refused",
            ServiceUnavailableException.Reason.THROTTLED,
            ServiceUnavailableException.Written.NOTHING,
            null);
      }
      Capacity consumed = delegate.transactWrite(actions, token);
      Runnable hook = afterTransactions.poll();
      if (hook != null) {
        hook.run();
      }
      return consumed;
    }

    @Override
    public QueryResult scan(ScanPlan plan) {
      return delegate.scan(plan);
    }

    @Override
    public boolean indexMayLag() {
      return delegate.indexMayLag();
    }
  }
}
