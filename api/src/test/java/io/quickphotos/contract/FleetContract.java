package io.quickphotos.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quickphotos.AuditReport;
import io.quickphotos.FanOut;
import io.quickphotos.NewUser;
import io.quickphotos.OperationCost;
import io.quickphotos.PhotoId;
import io.quickphotos.QuickPhotos;
import io.quickphotos.QuickPhotosException;
import io.quickphotos.ServiceUnavailableException;
import io.quickphotos.Sharding;
import io.quickphotos.TableSettings;
import io.quickphotos.UserStatus;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.Table;
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
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.function.Predicate;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A fleet on one table: repositories of different {@link FanOut} settings, changed one at a time
 * (on, off, on again, K and window up and down), as instances of one application are during a
 * rolling change. Every home feed read through any of them, walked at any page size, must equal
 * the pull feed computed from the table's items ({@link FeedOracle}) at every step, and nothing
 * any of them writes may be left behind. A backend's subclass supplies a fresh, empty engine per
 * test.
 */
public abstract class FleetContract {
  static final Instant NOW = Instant.parse("2026-06-01T00:00:00Z");
  private static final String URL = "https://photos.example.com/p.jpg";
  private static final FanOut DECADE = FanOut.hybrid(1_000, Duration.ofDays(3650));
  private static final FanOut TWO_DAYS = FanOut.hybrid(1_000, Duration.ofDays(2));

  private Table table;
  private HybridFeedContract.Interceptor interceptor;
  private RecordingCostListener costs;

  /**
   * Supplies a new engine over an empty table.
   *
   * @return the engine, a {@code Table}
   */
  protected abstract Object newEngine();

  /**
   * How many random mixed-fleet histories to run and how many steps each: the in-memory engine
   * affords more than DynamoDB Local.
   *
   * @return histories and steps
   */
  protected int[] histories() {
    return new int[] {6, 300};
  }

  @BeforeEach
  void freshTable() {
    table = (Table) newEngine();
    interceptor = new HybridFeedContract.Interceptor(table);
    costs = new RecordingCostListener();
  }

  private QuickPhotos instance(FanOut fanOut) {
    return instance(fanOut, costs);
  }

  private QuickPhotos instance(FanOut fanOut, RecordingCostListener listener) {
    return Repositories.create(
        interceptor,
        RepositoryOptions.defaults()
            .withCostListener(listener)
            .withClock(Clock.fixed(NOW, ZoneOffset.UTC))
            .withParallelism(4)
            .withFanOut(fanOut));
  }

  private static void create(QuickPhotos repo, String... usernames) {
    for (String name : usernames) {
      repo.createUser(
          new NewUser(
              name, name, name + "@example.com", LocalDate.of(1990, 1, 1), "", UserStatus.ACTIVE));
    }
  }

  private static PhotoId upload(QuickPhotos repo, String owner, Duration ago) {
    return repo.uploadPhoto(owner, NOW.minus(ago), URL).id();
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

  private List<Item> items(ItemCodec.Entity kind) {
    return items(item -> FeedOracle.is(item, kind));
  }

  private Item profile(String user) {
    return table.getItem(KeyLayout.user(user)).item().orElseThrow();
  }

  /** Every feed of every reader, through every instance, at the page sizes given. */
  private void assertAllExact(List<QuickPhotos> instances, List<String> readers, int... sizes) {
    for (QuickPhotos instance : instances) {
      for (String reader : readers) {
        FeedOracle.assertExact(table, instance, reader, sizes);
      }
    }
  }

  /**
   * Nothing any instance wrote is left behind: no pending fan-out, every audience item has its
   * timeline follow, every timeline follow its audience item, the counts equal the items, and the
   * audit (through an instance with the hybrid off) finds nothing.
   */
  private void assertNothingLeftBehind() {
    assertThat(items(ItemCodec.Entity.FAN_OUT)).as("pending fan-outs").isEmpty();
    Set<String> follows = new HashSet<>();
    for (Item friendship : items(ItemCodec.Entity.FRIENDSHIP)) {
      if (Timelines.isTimelineFollow(friendship)) {
        follows.add(
            ItemCodec.friendship(friendship).followed()
                + ">"
                + ItemCodec.friendship(friendship).follower());
      }
    }
    Set<String> audience = new HashSet<>();
    for (Item item : items(ItemCodec.Entity.AUDIENCE)) {
      audience.add(Timelines.authorOf(item) + ">" + Timelines.memberOf(item));
    }
    assertThat(audience).as("audience items against timeline follows").isEqualTo(follows);
    for (Item user : items(ItemCodec.Entity.USER)) {
      String name = ItemCodec.user(user).username();
      assertThat(Timelines.audienceCount(user))
          .as("%s's audience", name)
          .isEqualTo(audience.stream().filter(a -> a.startsWith(name + ">")).count());
      assertThat(Timelines.membershipsCount(user))
          .as("%s's memberships", name)
          .isEqualTo(audience.stream().filter(a -> a.endsWith(">" + name)).count());
    }
    AuditReport report = instance(FanOut.off()).audit(false, scanned -> {});
    assertThat(report.findings()).isEmpty();
  }

  // --- the scenarios of a rolling change ---------------------------------------------------------

  @Test
  void anUploadThroughAnInstanceNotYetSwitchedReachesTheTimeline() {
    QuickPhotos switched = instance(DECADE);
    RecordingCostListener notYetCosts = new RecordingCostListener();
    QuickPhotos notYet = instance(FanOut.off(), notYetCosts);
    create(switched, "reader", "author");
    switched.follow("reader", "author");
    PhotoId t0 = upload(switched, "author", Duration.ofSeconds(3));
    PhotoId t1 = upload(notYet, "author", Duration.ofSeconds(2));
    // Through an instance that did not know the author has an audience: the upload without a
    // fan-out is refused by the owner's audience count, then sent with one (transaction,
    // audience Query, one BatchWriteItem, the pending fan-out's delete).
    assertThat(notYetCosts.last().requests()).isEqualTo(5);
    PhotoId t2 = upload(switched, "author", Duration.ofSeconds(1));
    PhotoId t3 = upload(notYet, "author", Duration.ofMillis(500));
    assertThat(notYetCosts.last().requests()).as("now it knows").isEqualTo(4);
    assertThat(items(ItemCodec.Entity.TIMELINE_ENTRY)).hasSize(4);
    assertThat(FeedOracle.walk(switched, "reader", 1)).containsExactly(t3, t2, t1, t0);
    assertAllExact(List.of(switched, notYet), List.of("reader", "author"), 1, 10);
    assertNothingLeftBehind();
  }

  @Test
  void anUnfollowThroughAnInstanceNotYetSwitchedLeavesNoAudience() {
    QuickPhotos switched = instance(DECADE);
    RecordingCostListener notYetCosts = new RecordingCostListener();
    QuickPhotos notYet = instance(FanOut.off(), notYetCosts);
    create(switched, "reader", "author", "other");
    upload(switched, "other", Duration.ofHours(1));
    costs.clear();
    upload(switched, "other", Duration.ofMinutes(30));
    OperationCost withoutAudience = costs.last();
    switched.follow("reader", "author");
    notYet.unfollow("reader", "author");
    // The friendship came back with the failed pull-follow delete, and the unfollow was sent
    // again in the form of a timeline follow.
    assertThat(notYetCosts.last().requests()).isEqualTo(2);
    assertThat(items(ItemCodec.Entity.AUDIENCE)).isEmpty();
    assertThat(Timelines.audienceCount(profile("author"))).isZero();
    assertThat(Timelines.membershipsCount(profile("reader"))).isZero();
    // The switched instance still remembers the author's audience: its next upload finds the
    // audience empty (and forgets it), writing no entry; the one after costs what any upload of
    // an author without timeline followers costs.
    upload(switched, "author", Duration.ofMinutes(20));
    costs.clear();
    upload(switched, "author", Duration.ofMinutes(10));
    assertThat(costs.last().requests()).isEqualTo(withoutAudience.requests());
    assertThat(costs.last().writeCapacityUnits()).isEqualTo(withoutAudience.writeCapacityUnits());
    assertThat(items(ItemCodec.Entity.TIMELINE_ENTRY)).isEmpty();
    assertAllExact(List.of(switched, notYet), List.of("reader"), 1, 10);
    assertNothingLeftBehind();
  }

  @Test
  void aDeleteThroughAnInstanceWithTheHybridOffLeavesNothingAndTheNameInheritsNothing() {
    QuickPhotos switched = instance(DECADE);
    QuickPhotos off = instance(FanOut.off());
    create(switched, "author", "fan", "other");
    switched.follow("fan", "author");
    switched.follow("author", "other");
    upload(switched, "author", Duration.ofHours(2));
    // An upload whose fan-out is cut short leaves its pending fan-out.
    interceptor.failBatchWrites.set(1);
    assertThatThrownBy(() -> upload(switched, "author", Duration.ofHours(1)))
        .isInstanceOf(ServiceUnavailableException.class);
    assertThat(items(ItemCodec.Entity.FAN_OUT)).hasSize(1);
    off.deleteUser("author");
    assertThat(items(ItemCodec.Entity.AUDIENCE)).isEmpty();
    assertThat(items(ItemCodec.Entity.FAN_OUT)).isEmpty();
    assertThat(Timelines.membershipsCount(profile("fan"))).isZero();
    assertThat(Timelines.audienceCount(profile("other"))).isZero();
    create(off, "author");
    assertThat(Timelines.everHadAudience(profile("author"))).isFalse();
    // The switched instance remembers the old account's audience: one upload finds it empty.
    upload(switched, "author", Duration.ofMinutes(2));
    costs.clear();
    upload(switched, "author", Duration.ofMinutes(1));
    assertThat(costs.last().requests()).as("an upload of an author nobody follows").isEqualTo(1);
    assertThat(items(ItemCodec.Entity.TIMELINE_ENTRY))
        .extracting(Timelines::photoOf)
        .allMatch(photo -> !photo.timestamp().equals(NOW.minus(Duration.ofMinutes(1))));
    assertAllExact(List.of(switched, off), List.of("fan", "author"), 1, 10);
    assertNothingLeftBehind();
  }

  @Test
  void theAuditThroughAnInstanceWithTheHybridOffFinishesAHalfClosedAccountCleanly() {
    QuickPhotos switched = instance(DECADE);
    QuickPhotos off = instance(FanOut.off());
    create(switched, "author", "fan", "other");
    switched.follow("fan", "author");
    switched.follow("author", "other");
    upload(switched, "author", Duration.ofHours(2));
    // The close is cut short right after the account is marked.
    interceptor.failTransactions.set(1);
    assertThatThrownBy(() -> switched.deleteUser("author"))
        .isInstanceOf(ServiceUnavailableException.class);
    assertThat(ItemCodec.user(profile("author")).status()).isEqualTo(UserStatus.CLOSING);
    AuditReport fixed = off.audit(true, scanned -> {});
    assertThat(fixed.findings()).isNotEmpty().allMatch(finding -> finding.fixed());
    assertThat(table.getItem(KeyLayout.user("author")).item()).isEmpty();
    assertThat(items(ItemCodec.Entity.AUDIENCE)).isEmpty();
    assertAllExact(List.of(switched, off), List.of("fan", "other"), 1, 10);
    assertNothingLeftBehind();
  }

  @Test
  void instancesWithDifferentWindowsServeEveryPhoto() {
    QuickPhotos twoDays = instance(TWO_DAYS);
    QuickPhotos decade = instance(DECADE);
    create(decade, "reader", "a", "b");
    twoDays.follow("reader", "a");
    decade.follow("reader", "b");
    for (QuickPhotos uploader : List.of(twoDays, decade)) {
      for (String author : List.of("a", "b")) {
        for (long hours : new long[] {1, 30, 60, 100, 400}) {
          long offset = uploader == twoDays ? 0 : 7;
          upload(uploader, author, Duration.ofHours(hours).plusMinutes(offset));
        }
      }
    }
    assertThat(FeedOracle.pullFeed(table, "reader")).hasSize(20);
    assertAllExact(List.of(twoDays, decade, instance(FanOut.off())), List.of("reader"), 1, 3, 50);
    // The follow with the two-day window bounds what the timeline serves: pages beyond are read
    // by fan-out on read.
    assertThat(Timelines.servedWindow(friendship("a", "reader"))).contains(Duration.ofDays(2));
    assertThat(Timelines.servedWindow(friendship("b", "reader"))).contains(Duration.ofDays(3650));
    assertNothingLeftBehind();
  }

  private Item friendship(String followed, String follower) {
    return table.getItem(KeyLayout.friendship(followed, follower)).item().orElseThrow();
  }

  @Test
  void rollingBackToOffAndOnAgainLosesNoPhotoAndABackfillUnderOffUndoesTheTimelines() {
    QuickPhotos on = instance(DECADE);
    create(on, "reader", "a", "b", "c");
    on.follow("reader", "a");
    upload(on, "a", Duration.ofHours(5));
    // Rolled back: every instance off; uploads of a still fan out, new follows are pull.
    QuickPhotos off = instance(FanOut.off());
    upload(off, "a", Duration.ofHours(4));
    off.follow("reader", "b");
    upload(off, "b", Duration.ofHours(3));
    assertAllExact(List.of(on, off), List.of("reader"), 1, 7, 100);
    // On again.
    QuickPhotos again = instance(DECADE);
    upload(again, "a", Duration.ofHours(2));
    again.follow("reader", "c");
    upload(off, "c", Duration.ofHours(1));
    assertAllExact(List.of(on, off, again), List.of("reader"), 1, 7, 100);
    assertNothingLeftBehind();
    // A backfill under off makes every timeline follow a pull follow again: uploads stop
    // fanning out.
    assertThat(off.fillTimeline("reader")).isEqualTo(2);
    assertThat(items(ItemCodec.Entity.AUDIENCE)).isEmpty();
    assertThat(Timelines.audienceCount(profile("a"))).isZero();
    QuickPhotos fresh = instance(FanOut.off());
    costs.clear();
    upload(fresh, "a", Duration.ofMinutes(30));
    assertThat(costs.last().requests()).isEqualTo(1);
    assertAllExact(List.of(on, off, again), List.of("reader"), 1, 7, 100);
    assertNothingLeftBehind();
  }

  @Test
  void retuningTheWindowUpAndDownKeepsEveryFeedExact() {
    QuickPhotos twoDays = instance(TWO_DAYS);
    create(twoDays, "reader", "a");
    for (long hours : new long[] {1, 60, 100, 200}) {
      upload(twoDays, "a", Duration.ofHours(hours));
    }
    twoDays.follow("reader", "a");
    assertThat(items(ItemCodec.Entity.TIMELINE_ENTRY)).hasSize(2);
    QuickPhotos tenDays = instance(FanOut.hybrid(1_000, Duration.ofDays(10)));
    assertThat(tenDays.fillTimeline("reader")).isEqualTo(1);
    assertThat(Timelines.servedWindow(friendship("a", "reader"))).contains(Duration.ofDays(10));
    assertThat(items(ItemCodec.Entity.TIMELINE_ENTRY)).hasSize(4);
    upload(twoDays, "a", Duration.ofHours(150));
    assertThat(items(ItemCodec.Entity.TIMELINE_ENTRY))
        .as("an upload fills the follow's window, not the uploader's")
        .hasSize(5);
    assertAllExact(List.of(twoDays, tenDays), List.of("reader"), 1, 7, 100);
    assertThat(twoDays.fillTimeline("reader")).isEqualTo(1);
    assertThat(Timelines.servedWindow(friendship("a", "reader"))).contains(Duration.ofDays(2));
    assertAllExact(List.of(twoDays, tenDays), List.of("reader"), 1, 7, 100);
    assertNothingLeftBehind();
  }

  @Test
  void theTableRecordsItsSettingsAndRepositoriesThatAreNotGivenOneAdoptThem() {
    QuickPhotos tool = instance(FanOut.off());
    assertThat(tool.recordedSettings()).isEmpty();
    TableSettings meant = new TableSettings(TWO_DAYS, Sharding.of(4, 50, 60));
    tool.recordSettings(meant);
    assertThat(tool.recordedSettings()).contains(meant);
    QuickPhotos adopting =
        Repositories.create(
            interceptor,
            RepositoryOptions.defaults()
                .withClock(Clock.fixed(NOW, ZoneOffset.UTC))
                .consultingTable(false, false));
    assertThat(adopting.settings()).isEqualTo(meant);
    QuickPhotos ownFanOut =
        Repositories.create(
            interceptor,
            RepositoryOptions.defaults().withFanOut(DECADE).consultingTable(false, true));
    assertThat(ownFanOut.settings()).isEqualTo(new TableSettings(DECADE, meant.sharding()));
    assertThat(tool.settings()).isEqualTo(new TableSettings(FanOut.off(), Sharding.defaults()));
    assertThat(items(ItemCodec.Entity.SETTINGS)).hasSize(1);
    assertThat(tool.audit(false, scanned -> {}).findings()).isEmpty();
  }

  /**
   * A closing account's own listings are read again from their start after each page; pages
   * full of a later version's items, which this version leaves alone, once made that a loop
   * without end (requests, blocks, followers), or an end too soon (view marks). Regression test:
   * the cascade moves past them, and removes what is after them.
   */
  @Test
  void anAccountWhoseListingsHoldPagesOfALaterVersionsItemsStillCloses() {
    QuickPhotos repo = instance(DECADE);
    repo.createUser(ViewsContract.newUser("bob", io.quickphotos.Visibility.PRIVATE));
    create(repo, "ann", "cyd", "dan");
    repo.follow("dan", "bob");
    repo.approveRequest("bob", "dan");
    repo.follow("ann", "bob");
    repo.block("bob", "cyd");
    upload(repo, "bob", Duration.ofHours(2));
    PhotoId seen = upload(repo, "dan", Duration.ofHours(1));
    repo.viewPhoto("bob", seen);
    // More than a page of each listing (33 requests, 49 blocks, followers and marks, 99 photos),
    // each after the account's own items there.
    List<io.quickphotos.engine.Key> later = new java.util.ArrayList<>();
    for (String prefix : List.of("#ASKED#", "#BLOCK#", "#FRIEND#", "PHOTO#")) {
      for (int i = 0; i < 120; i++) {
        later.add(
            new io.quickphotos.engine.Key("USER#bob", String.format("%s~note%03d", prefix, i)));
      }
    }
    for (int i = 0; i < 120; i++) {
      later.add(
          new io.quickphotos.engine.Key(
              io.quickphotos.internal.singletable.layout.ViewKeys.viewerPartition("bob"),
              String.format("~note%03d", i)));
    }
    for (io.quickphotos.engine.Key key : later) {
      table.write(
          new io.quickphotos.engine.WriteAction.Put(
              Item.builder(key).put("entity", "NOTE").put("text", "from a later version").build(),
              io.quickphotos.engine.ItemCondition.NONE));
    }
    // A hang, not a slow call, is what this guards against: the limit is far above the call.
    org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(
        Duration.ofMinutes(3), () -> repo.deleteUser("bob"));
    assertThat(repo.getUser("bob")).isEmpty();
    assertThat(repo.getUser("dan").orElseThrow().following()).isZero();
    assertThat(repo.getPhoto(seen).orElseThrow().uniqueViewers()).isZero();
    assertThat(table.getItem(KeyLayout.request("bob", "ann")).item()).isEmpty();
    assertThat(table.getItem(KeyLayout.requestMark("ann", "bob")).item()).isEmpty();
    assertThat(table.getItem(KeyLayout.block("bob", "cyd")).item()).isEmpty();
    for (io.quickphotos.engine.Key key : later) {
      assertThat(table.getItem(key).item()).as("%s is left alone", key).isPresent();
    }
  }

  @Test
  void itemsOfAKindThisVersionDoesNotKnowAreSkippedAndCountedEverywhere() {
    QuickPhotos hybrid = instance(DECADE);
    create(hybrid, "ann", "bob");
    hybrid.follow("ann", "bob");
    PhotoId photo = upload(hybrid, "bob", Duration.ofHours(1));
    hybrid.reactTo("ann", photo, io.quickphotos.ReactionType.HEART);
    // A later version's items, where each listing reads: in bob's partition between the profile
    // and the photos, among his followers and his audience, under the photo's index key, in
    // ann's timeline and among the friendships the index lists for ann.
    List<io.quickphotos.engine.Key> later =
        List.of(
            new io.quickphotos.engine.Key("USER#bob", "#NOTE#1"),
            new io.quickphotos.engine.Key("USER#bob", "#FRIEND#zed#note"),
            new io.quickphotos.engine.Key("USER#bob", "#FANOUT#zed#note"),
            new io.quickphotos.engine.Key("NOTE#1", KeyLayout.photoSortKey(photo)),
            new io.quickphotos.engine.Key("FEED#ann", "FEED#0#note"),
            new io.quickphotos.engine.Key("NOTE#2", "#FRIEND#ann"));
    for (io.quickphotos.engine.Key key : later) {
      table.write(
          new io.quickphotos.engine.WriteAction.Put(
              Item.builder(key).put("entity", "NOTE").put("text", "from a later version").build(),
              io.quickphotos.engine.ItemCondition.NONE));
    }
    costs.clear();
    for (io.quickphotos.SortOrder order : io.quickphotos.SortOrder.values()) {
      assertThat(
              hybrid
                  .userWithPhotos("bob", order, io.quickphotos.PageRequest.first())
                  .photos()
                  .items())
          .extracting(io.quickphotos.Photo::id)
          .containsExactly(photo);
    }
    assertThat(
            hybrid
                .photoWithReactions(photo, io.quickphotos.PageRequest.first())
                .reactions()
                .items())
        .hasSize(1);
    assertThat(hybrid.followersOf("bob", io.quickphotos.PageRequest.first()).items()).hasSize(1);
    assertThat(hybrid.followedBy("ann", io.quickphotos.PageRequest.first()).items())
        .extracting(io.quickphotos.User::username)
        .containsExactly("bob");
    assertThat(hybrid.reactionsLeftBy("ann", photo))
        .containsExactly(io.quickphotos.ReactionType.HEART);
    FeedOracle.assertExact(table, hybrid, "ann", 1, 10);
    FeedOracle.assertExact(table, instance(FanOut.off()), "ann", 1, 10);
    assertThat(costs.costs().stream().mapToInt(OperationCost::itemsSkipped).sum()).isPositive();
    upload(hybrid, "bob", Duration.ofMinutes(30));
    AuditReport report = hybrid.audit(false, scanned -> {});
    assertThat(report.itemsSkipped()).isEqualTo(later.size());
    assertThat(report.findings()).isEmpty();
    hybrid.unfollow("ann", "bob");
    hybrid.deleteUser("ann");
    assertThat(hybrid.getUser("ann")).isEmpty();
  }

  /**
   * How long the audit soak churns: the in-memory engine affords more than DynamoDB Local.
   *
   * @return the soak's length
   */
  protected Duration soak() {
    return Duration.ofSeconds(3);
  }

  /**
   * The audit under load: four writers, each through a repository of another setting, follow,
   * unfollow, react, take reactions back, upload and backfill on the same few users and photos
   * while {@code audit --fix} runs again and again. No writer makes a counter drift, so any
   * counter the audit mends would be mended wrongly: none may be. At the end every friendship
   * and reaction the writers left is there (nothing lost), every counter equals its items and the
   * audit finds nothing, and every feed equals the pull feed.
   */
  @Test
  void theAuditUnderLoadMendsNothingWronglyAndLosesNothing() throws Exception {
    List<String> users = List.of("s0", "s1", "s2", "s3", "s4");
    create(instance(FanOut.off()), users.toArray(String[]::new));
    List<PhotoId> photos = new ArrayList<>();
    for (String user : users) {
      photos.add(upload(instance(FanOut.off()), user, Duration.ofHours(1)));
    }
    Set<String> follows = java.util.concurrent.ConcurrentHashMap.newKeySet();
    Set<String> reactions = java.util.concurrent.ConcurrentHashMap.newKeySet();
    Object[] locks = new Object[64];
    for (int i = 0; i < locks.length; i++) {
      locks[i] = new Object();
    }
    long deadline = System.nanoTime() + soak().toNanos();
    java.util.concurrent.atomic.AtomicInteger uploads =
        new java.util.concurrent.atomic.AtomicInteger();
    List<Thread> threads = new ArrayList<>();
    List<Throwable> failures = new java.util.concurrent.CopyOnWriteArrayList<>();
    for (int w = 0; w < 4; w++) {
      QuickPhotos writer = instance(SETTINGS.get(w), new RecordingCostListener());
      Random random = new Random(31 + w);
      threads.add(
          new Thread(
              () -> {
                try {
                  while (System.nanoTime() < deadline) {
                    churn(writer, random, users, photos, follows, reactions, locks, uploads);
                  }
                } catch (Throwable e) {
                  failures.add(e);
                }
              }));
    }
    MendCounter mends = new MendCounter(table);
    QuickPhotos auditor =
        Repositories.create(
            mends,
            RepositoryOptions.defaults()
                .withClock(Clock.fixed(NOW, ZoneOffset.UTC))
                .withFanOut(FanOut.off()));
    java.util.concurrent.atomic.AtomicInteger audits =
        new java.util.concurrent.atomic.AtomicInteger();
    threads.add(
        new Thread(
            () -> {
              try {
                while (System.nanoTime() < deadline) {
                  auditor.audit(true, scanned -> {});
                  audits.incrementAndGet();
                }
              } catch (Throwable e) {
                failures.add(e);
              }
            }));
    threads.forEach(Thread::start);
    for (Thread thread : threads) {
      thread.join();
    }
    assertThat(failures).isEmpty();
    assertThat(audits.get()).isPositive();
    assertThat(mends.counterMends.get()).as("counters mended during the churn").isZero();
    Set<String> stored = new HashSet<>();
    for (Item item : items(ItemCodec.Entity.FRIENDSHIP)) {
      stored.add(
          ItemCodec.friendship(item).follower() + ">" + ItemCodec.friendship(item).followed());
    }
    assertThat(stored).isEqualTo(follows);
    Set<String> reacted = new HashSet<>();
    for (Item item : items(ItemCodec.Entity.REACTION)) {
      io.quickphotos.Reaction reaction = ItemCodec.reaction(item);
      reacted.add(reaction.reactor() + ">" + reaction.photo() + ">" + reaction.type());
    }
    assertThat(reacted).isEqualTo(reactions);
    assertNothingLeftBehind();
    assertAllExact(List.of(instance(DECADE)), users, 1, 100);
  }

  /** One random write of the soak, under the lock of what it changes, the model kept with it. */
  private static void churn(
      QuickPhotos writer,
      Random random,
      List<String> users,
      List<PhotoId> photos,
      Set<String> follows,
      Set<String> reactions,
      Object[] locks,
      java.util.concurrent.atomic.AtomicInteger uploads) {
    String a = users.get(random.nextInt(users.size()));
    String b = users.get(random.nextInt(users.size()));
    int op = random.nextInt(10);
    if (op < 5 && !a.equals(b)) {
      String pair = a + ">" + b;
      synchronized (locks[Math.floorMod(pair.hashCode(), locks.length)]) {
        if (follows.contains(pair)) {
          writer.unfollow(a, b);
          follows.remove(pair);
        } else {
          writer.follow(a, b);
          follows.add(pair);
        }
      }
    } else if (op < 9) {
      PhotoId photo = photos.get(random.nextInt(photos.size()));
      io.quickphotos.ReactionType type = io.quickphotos.ReactionType.values()[random.nextInt(2)];
      String key = a + ">" + photo + ">" + type;
      synchronized (locks[Math.floorMod(key.hashCode(), locks.length)]) {
        if (reactions.contains(key)) {
          writer.removeReaction(a, photo, type);
          reactions.remove(key);
        } else {
          writer.reactTo(a, photo, type);
          reactions.add(key);
        }
      }
    } else if (random.nextBoolean()) {
      writer.uploadPhoto(a, NOW.minusSeconds(60).plusNanos(uploads.incrementAndGet()), URL);
    } else {
      writer.fillTimeline(a);
    }
  }

  /**
   * The auditor's engine: counts the counter mends it commits (single updates conditioned on an
   * item's revision), and serves the audit's Scan in pages of 20 items, yielding between
   * them, and pauses after each GetItem, so that writes land between the reads of a counter and
   * of its items (an engine's page of a thousand items would show a small table as one snapshot,
   * and the audit would never try to mend anything).
   */
  private static final class MendCounter extends HybridFeedContract.Interceptor {
    final java.util.concurrent.atomic.AtomicInteger counterMends =
        new java.util.concurrent.atomic.AtomicInteger();

    MendCounter(Table delegate) {
      super(delegate);
    }

    @Override
    public io.quickphotos.engine.QueryResult scan(io.quickphotos.engine.ScanPlan plan) {
      Thread.yield();
      return super.scan(
          new io.quickphotos.engine.ScanPlan(
              plan.segment(),
              plan.totalSegments(),
              Math.min(20, plan.limit()),
              plan.exclusiveStart()));
    }

    /** A mend reads the counter, then counts: writers get a millisecond in between. */
    @Override
    public Read getItem(io.quickphotos.engine.Key key) {
      Read read = super.getItem(key);
      try {
        Thread.sleep(1);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      return read;
    }

    @Override
    public Write write(io.quickphotos.engine.WriteAction action) {
      Write written = super.write(action);
      if (action instanceof io.quickphotos.engine.WriteAction.Update update
          && onRevision(update.condition())) {
        counterMends.incrementAndGet();
      }
      return written;
    }

    private static boolean onRevision(io.quickphotos.engine.ItemCondition condition) {
      List<String> rev = List.of("rev");
      return condition instanceof io.quickphotos.engine.ItemCondition.AttributeEquals equals
              && equals.path().names().equals(rev)
          || condition instanceof io.quickphotos.engine.ItemCondition.Not not
              && not.condition() instanceof io.quickphotos.engine.ItemCondition.AtLeast atLeast
              && atLeast.path().names().equals(rev);
    }
  }

  // --- random histories --------------------------------------------------------------------------

  private static final List<FanOut> SETTINGS =
      List.of(
          FanOut.off(),
          FanOut.hybrid(3, Duration.ofDays(3650)),
          FanOut.hybrid(1_000, Duration.ofDays(2)),
          FanOut.hybrid(3, Duration.ofDays(2)));

  /**
   * Four instances on one table (fan-out on read alone; K = 3 with a ten-year window; K = 1,000
   * with two days; K = 3 with two days), each call sent through a random one: follows,
   * unfollows, uploads of photos up to four days old, photo deletes, backfills, an author closed
   * and re-created, and an instance restarted now and then with another setting (rolled back to
   * off and on again among them). After every step, every reader's feed through a random
   * instance equals the pull feed at page sizes 1, 7 and 100, and every ten steps through every
   * instance; at the end nothing is left behind.
   */
  @Test
  void mixedFleetHistoriesServeThePullFeedAtEveryStep() {
    int[] runs = histories();
    for (int history = 0; history < runs[0]; history++) {
      long seed = 7_000 + history;
      if (history > 0) {
        freshTable();
      }
      try {
        runHistory(new Random(seed), runs[1]);
      } catch (AssertionError | QuickPhotosException e) {
        throw new AssertionError("[seed " + seed + "] " + e.getMessage(), e);
      }
    }
  }

  private void runHistory(Random random, int steps) {
    List<QuickPhotos> fleet = new ArrayList<>();
    for (FanOut setting : SETTINGS) {
      fleet.add(instance(setting));
    }
    List<String> users = List.of("u0", "u1", "u2", "u3", "u4", "u5", "u6");
    create(fleet.get(0), users.toArray(String[]::new));
    Set<PhotoId> photos = new HashSet<>();
    for (int step = 0; step < steps; step++) {
      QuickPhotos through = fleet.get(random.nextInt(fleet.size()));
      String a = users.get(random.nextInt(users.size()));
      String b = users.get(random.nextInt(users.size()));
      int op = random.nextInt(100);
      try {
        if (op < 30) {
          if (!a.equals(b)) {
            through.follow(a, b);
          }
        } else if (op < 42) {
          if (!a.equals(b)) {
            through.unfollow(a, b);
          }
        } else if (op < 75) {
          Duration ago = Duration.ofMinutes(random.nextInt(4 * 24 * 60) + 1);
          photos.add(upload(through, a, ago.plusNanos(step)));
        } else if (op < 82) {
          if (!photos.isEmpty()) {
            PhotoId photo = new ArrayList<>(photos).get(random.nextInt(photos.size()));
            photos.remove(photo);
            through.deletePhoto(photo);
          }
        } else if (op < 90) {
          through.fillTimeline(a);
        } else if (op < 93) {
          through.deleteUser(a);
          photos.removeIf(photo -> photo.owner().equals(a));
          fleet
              .get(random.nextInt(fleet.size()))
              .createUser(
                  new NewUser(
                      a, a, a + "@example.com", LocalDate.of(1990, 1, 1), "", UserStatus.ACTIVE));
        } else {
          // An instance restarts with another setting.
          fleet.set(
              random.nextInt(fleet.size()),
              instance(SETTINGS.get(random.nextInt(SETTINGS.size()))));
        }
      } catch (io.quickphotos.AlreadyFollowingException
          | io.quickphotos.NotFollowingException
          | io.quickphotos.PhotoNotFoundException
          | io.quickphotos.PhotoAlreadyExistsException e) {
        // A call the model allows to fail: nothing written.
      }
      List<QuickPhotos> checked =
          step % 10 == 9 ? fleet : List.of(fleet.get(random.nextInt(fleet.size())));
      try {
        assertAllExact(checked, users, 1, 7, 100);
      } catch (AssertionError e) {
        throw new AssertionError("step " + step + " (op " + op + "): " + e.getMessage(), e);
      }
    }
    assertNothingLeftBehind();
  }
}
