package io.quickphotos.conformance;

import io.quickphotos.Activity;
import io.quickphotos.ActivityKind;
import io.quickphotos.ActivityNotice;
import io.quickphotos.FanOut;
import io.quickphotos.Follow;
import io.quickphotos.FollowRequest;
import io.quickphotos.NewUser;
import io.quickphotos.Page;
import io.quickphotos.PageRequest;
import io.quickphotos.Photo;
import io.quickphotos.PhotoId;
import io.quickphotos.PhotoNotFoundException;
import io.quickphotos.PhotoReactions;
import io.quickphotos.ProfileUpdate;
import io.quickphotos.QuickPhotos;
import io.quickphotos.QuickPhotosException;
import io.quickphotos.Reaction;
import io.quickphotos.ReactionType;
import io.quickphotos.RetryPolicy;
import io.quickphotos.ServiceUnavailableException;
import io.quickphotos.Sharding;
import io.quickphotos.SortOrder;
import io.quickphotos.User;
import io.quickphotos.UserNotFoundException;
import io.quickphotos.UserPhotos;
import io.quickphotos.UserStatus;
import io.quickphotos.ViewerReads;
import io.quickphotos.Visibility;
import io.quickphotos.conformance.PrivacyModel.Answer;
import io.quickphotos.conformance.PrivacyModel.PhotoKey;
import io.quickphotos.conformance.PrivacyModel.PhotoView;
import io.quickphotos.conformance.PrivacyModel.Profile;
import io.quickphotos.conformance.PrivacyModel.ReactionKey;
import io.quickphotos.memory.Fault;
import io.quickphotos.memory.Faults;
import io.quickphotos.memory.InMemoryTable;
import io.quickphotos.memory.MemoryQuickPhotos;
import io.quickphotos.memory.Request;
import io.quickphotos.proptest.Gen;
import io.quickphotos.proptest.Property;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.IntPredicate;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * An oracle for who may see what: random histories of every write, issued one after another
 * through several repositories over one memory table (different hot-read bounds, fan-out modes
 * and sharding thresholds, low enough that accounts and photos become hot), some through a
 * repository whose transactions are refused and answers lost; after each write, every read for
 * every viewer ({@code photos.as(viewer)}) walked to the end by cursor with page sizes 1, 2, 5 and
 * 20 and compared with {@link PrivacyModel}, the rules of {@code docs/privacy.md} over plain sets:
 * items, order, counts shown and errors, and the writes' own answers.
 *
 * <p>Pages may be short (a read for a viewer that hides items may stop early with a cursor that
 * continues exactly): what is compared is the concatenation of the pages walked to the end, and
 * no page may hold more than its size.
 *
 * <p>A call that fails with {@link ServiceUnavailableException} is made again, as an application
 * would, sometimes after {@code audit(true)}: the docs promise that either finishes what was cut
 * short. An "already" answer to the call made again after an attempt that may have written (an
 * {@code AlreadyFollowingException} after a follow whose answer was lost) counts as the call's.
 *
 * <p>Known holes of issue 52 that are being fixed on main are kept out of the random histories by
 * preconditions ({@link #OPEN_HOLES}); each has its regression test, disabled until its fix is
 * merged. Remove a hole from the set when its fix lands, and enable its test.
 */
class PrivacyOracleTest {
  private static final AtomicLong RUNS = new AtomicLong();

  /** Handles that sort as their indices: the model orders users by index. */
  static final List<String> NAMES = List.of("ann", "bob", "cyd", "dot");

  static final int USERS = NAMES.size();
  static final int TIMES = 3;
  static final List<ReactionType> TYPES = List.of(ReactionType.HEART, ReactionType.SMILEY);
  static final int[] SIZES = {1, 2, 5, 20};

  /** Photos' times, an hour before the repositories' clock, within every fan-out window. */
  static final Instant BASE =
      new NanoClock().instant().minus(Duration.ofHours(1)).truncatedTo(ChronoUnit.SECONDS);

  /**
   * Issue 52's holes kept out of the random histories by a precondition ({@link #allowed}) while
   * open: none now. 1, a hot account going private took follows and reactions through its
   * shards; 2, a reaction left before a block was kept and disclosed. Each has its regression
   * test below.
   */
  static final Set<Integer> OPEN_HOLES = Set.of();

  /** Every viewer's reads are checked after every this many writes (one viewer's otherwise). */
  static final int EVERY_VIEWER = 4;

  /** The repository that runs with faults; the others have none. */
  static final int FAULTY = 3;

  /** Hot-read bounds of the repositories 0, 1, 2 (reads) and the faulty one (writes only). */
  static final List<Duration> STALENESS =
      List.of(Duration.ZERO, Duration.ofMinutes(10), Duration.ZERO, Duration.ZERO);

  /**
   * Disagreements this oracle found beyond issue 52's known holes, each with its regression test:
   * A, {@code as(v).followedBy(v)} showed the followed accounts' pending counts (fixed); B, the
   * viewer's own profile in another's {@code followedBy} lacked its pending count, which the
   * table gives it (fixed); C, {@code reactTo} a missing photo of an owner who is private or has
   * blocked someone failed with NoSuchElementException (fixed); D, {@code as(v).reactionsLeftBy(v,
   * p)} listed v's own reactions on a photo v may no longer see (fixed with hole 2); F, the audit
   * took a blocker's later reaction for one a block cut short left (decided: a blocker may not
   * react to the photos of the user it blocked); E, the account's own {@code getUser} through a
   * repository with a hot-read bound was the trusted read, served from a kept snapshot for as
   * long as the bound (a closed account still saw itself, a switch to private made through
   * another repository was seen at the bound's end); fixed: the viewer's own profile and photo
   * are read from the table. None is tolerated now; the set stays for the next finding.
   */
  static final Set<String> OPEN_FINDINGS = Set.of();

  private final Map<String, AtomicLong> reached = new ConcurrentHashMap<>();

  /** The open findings this run tolerates; a regression test empties it. */
  private Set<String> tolerated = OPEN_FINDINGS;

  /** The open holes kept out of this run's histories; a regression test empties it. */
  private Set<Integer> openHoles = OPEN_HOLES;

  /** Every viewer's reads after every this many writes; a regression test reads all after each. */
  private int everyViewer = EVERY_VIEWER;

  /** Whether the reads at the end of a history take every page size (else one, as each step). */
  private boolean allSizesAtEnd = true;

  /** Reads are checked after every this many writes. */
  private int checkEvery = 1;

  /** How many of the repositories 0, 1, 2 read everything at the end of a history. */
  private int endReaders = 3;

  // --- the calls -------------------------------------------------------------------------------

  /** One write of a history, through repository {@code via} (3: the faulty one). */
  sealed interface Op {
    Answer apply(PrivacyModel m);

    Object run(QuickPhotos repo, Names n);

    int via();
  }

  /**
   * The handles of one run: a prefix keeps runs apart; {@code last} holds what the last call
   * answered beyond its value (the follow, request or reaction with the table's time).
   */
  record Names(String prefix, Object[] last) {
    Names(String prefix) {
      this(prefix, new Object[1]);
    }

    String user(int u) {
      return prefix + NAMES.get(u);
    }

    PhotoId photo(int owner, int time) {
      return new PhotoId(user(owner), BASE.plusSeconds(time));
    }

    PhotoId photo(PhotoKey p) {
      return photo(p.owner(), p.time());
    }

    int index(String handle) {
      return NAMES.indexOf(handle.substring(prefix.length()));
    }

    PhotoKey key(PhotoId id) {
      return new PhotoKey(
          index(id.owner()), (int) Duration.between(BASE, id.timestamp()).getSeconds());
    }
  }

  record Create(int u, boolean isPrivate, int via) implements Op {
    @Override
    public Answer apply(PrivacyModel m) {
      return m.createUser(u, isPrivate);
    }

    @Override
    public Object run(QuickPhotos repo, Names n) {
      repo.createUser(
          new NewUser(
              n.user(u),
              "Name " + u,
              "u" + u + "@example.com",
              LocalDate.of(1990, 1, 1 + u),
              "",
              UserStatus.ACTIVE,
              Map.of(),
              isPrivate ? Visibility.PRIVATE : Visibility.PUBLIC));
      return "ok";
    }

    @Override
    public String toString() {
      return "createUser(" + u + (isPrivate ? ", PRIVATE" : "") + ")@" + via;
    }
  }

  record DeleteUser(int u, int via) implements Op {
    @Override
    public Answer apply(PrivacyModel m) {
      return m.deleteUser(u);
    }

    @Override
    public Object run(QuickPhotos repo, Names n) {
      repo.deleteUser(n.user(u));
      return "ok";
    }

    @Override
    public String toString() {
      return "deleteUser(" + u + ")@" + via;
    }
  }

  record SetVisibility(int u, boolean isPrivate, int via) implements Op {
    @Override
    public Answer apply(PrivacyModel m) {
      return m.setPrivate(u, isPrivate);
    }

    @Override
    public Object run(QuickPhotos repo, Names n) {
      repo.updateProfile(
          n.user(u),
          ProfileUpdate.builder()
              .visibility(isPrivate ? Visibility.PRIVATE : Visibility.PUBLIC)
              .build());
      return "ok";
    }

    @Override
    public String toString() {
      return "updateProfile(" + u + ", " + (isPrivate ? "PRIVATE" : "PUBLIC") + ")@" + via;
    }
  }

  record FollowOp(int a, int b, int via) implements Op {
    @Override
    public Answer apply(PrivacyModel m) {
      return m.follow(a, b);
    }

    @Override
    public Object run(QuickPhotos repo, Names n) {
      Follow follow = repo.follow(n.user(a), n.user(b));
      n.last()[0] = follow;
      return follow.pending() ? "pending" : "follow";
    }

    @Override
    public String toString() {
      return "follow(" + a + ", " + b + ")@" + via;
    }
  }

  record Unfollow(int a, int b, int via) implements Op {
    @Override
    public Answer apply(PrivacyModel m) {
      return m.unfollow(a, b);
    }

    @Override
    public Object run(QuickPhotos repo, Names n) {
      repo.unfollow(n.user(a), n.user(b));
      return "ok";
    }

    @Override
    public String toString() {
      return "unfollow(" + a + ", " + b + ")@" + via;
    }
  }

  record Approve(int account, int requester, int via) implements Op {
    @Override
    public Answer apply(PrivacyModel m) {
      return m.approve(account, requester);
    }

    @Override
    public Object run(QuickPhotos repo, Names n) {
      Follow follow = repo.approveRequest(n.user(account), n.user(requester));
      n.last()[0] = follow;
      return follow.pending() ? "pending" : "follow";
    }

    @Override
    public String toString() {
      return "approveRequest(" + account + ", " + requester + ")@" + via;
    }
  }

  record Decline(int account, int requester, int via) implements Op {
    @Override
    public Answer apply(PrivacyModel m) {
      return m.dropRequest(account, requester);
    }

    @Override
    public Object run(QuickPhotos repo, Names n) {
      repo.declineRequest(n.user(account), n.user(requester));
      return "ok";
    }

    @Override
    public String toString() {
      return "declineRequest(" + account + ", " + requester + ")@" + via;
    }
  }

  record Withdraw(int requester, int account, int via) implements Op {
    @Override
    public Answer apply(PrivacyModel m) {
      return m.dropRequest(account, requester);
    }

    @Override
    public Object run(QuickPhotos repo, Names n) {
      repo.withdrawRequest(n.user(requester), n.user(account));
      return "ok";
    }

    @Override
    public String toString() {
      return "withdrawRequest(" + requester + ", " + account + ")@" + via;
    }
  }

  record BlockOp(int blocker, int blocked, int via) implements Op {
    @Override
    public Answer apply(PrivacyModel m) {
      return m.block(blocker, blocked);
    }

    @Override
    public Object run(QuickPhotos repo, Names n) {
      repo.block(n.user(blocker), n.user(blocked));
      return "ok";
    }

    @Override
    public String toString() {
      return "block(" + blocker + ", " + blocked + ")@" + via;
    }
  }

  record Unblock(int blocker, int blocked, int via) implements Op {
    @Override
    public Answer apply(PrivacyModel m) {
      return m.unblock(blocker, blocked);
    }

    @Override
    public Object run(QuickPhotos repo, Names n) {
      return repo.unblock(n.user(blocker), n.user(blocked));
    }

    @Override
    public String toString() {
      return "unblock(" + blocker + ", " + blocked + ")@" + via;
    }
  }

  record Upload(int owner, int time, int via) implements Op {
    @Override
    public Answer apply(PrivacyModel m) {
      return m.upload(new PhotoKey(owner, time));
    }

    @Override
    public Object run(QuickPhotos repo, Names n) {
      PhotoId id = n.photo(owner, time);
      repo.uploadPhoto(id.owner(), id.timestamp(), "https://img.example.com/" + owner + "/" + time);
      return "ok";
    }

    @Override
    public String toString() {
      return "uploadPhoto(" + owner + ", t" + time + ")@" + via;
    }
  }

  record DeletePhoto(int owner, int time, int via) implements Op {
    @Override
    public Answer apply(PrivacyModel m) {
      return m.deletePhoto(new PhotoKey(owner, time));
    }

    @Override
    public Object run(QuickPhotos repo, Names n) {
      repo.deletePhoto(n.photo(owner, time));
      return "ok";
    }

    @Override
    public String toString() {
      return "deletePhoto(" + owner + ", t" + time + ")@" + via;
    }
  }

  record React(int reactor, int owner, int time, ReactionType type, int via) implements Op {
    @Override
    public Answer apply(PrivacyModel m) {
      return m.react(reactor, new PhotoKey(owner, time), type);
    }

    @Override
    public Object run(QuickPhotos repo, Names n) {
      n.last()[0] = repo.reactTo(n.user(reactor), n.photo(owner, time), type);
      return "ok";
    }

    @Override
    public String toString() {
      return "reactTo(" + reactor + ", (" + owner + ", t" + time + "), " + type + ")@" + via;
    }
  }

  record RemoveReaction(int reactor, int owner, int time, ReactionType type, int via)
      implements Op {
    @Override
    public Answer apply(PrivacyModel m) {
      return m.removeReaction(reactor, new PhotoKey(owner, time), type);
    }

    @Override
    public Object run(QuickPhotos repo, Names n) {
      repo.removeReaction(n.user(reactor), n.photo(owner, time), type);
      return "ok";
    }

    @Override
    public String toString() {
      return "removeReaction(" + reactor + ", (" + owner + ", t" + time + "), " + type + ")@" + via;
    }
  }

  /** A view, through a repository without faults (a view made again after a lost answer counts). */
  record ViewOp(int viewer, int owner, int time, int via) implements Op {
    @Override
    public Answer apply(PrivacyModel m) {
      return m.view(viewer, new PhotoKey(owner, time));
    }

    @Override
    public Object run(QuickPhotos repo, Names n) {
      return repo.viewPhoto(n.user(viewer), n.photo(owner, time)).first() ? "first" : "again";
    }

    @Override
    public String toString() {
      return "viewPhoto(" + viewer + ", (" + owner + ", t" + time + "))@" + via;
    }
  }

  /**
   * {@code markActivityRead}, made in a millisecond of its own (the history cannot know the
   * instant the repository's clock gives the mark): no event shares its millisecond, so for the
   * model the mark's time is the millisecond begun before the call.
   */
  record MarkRead(int u, int via) implements Op {
    @Override
    public Answer apply(PrivacyModel m) {
      return PrivacyModel.OK;
    }

    @Override
    public Object run(QuickPhotos repo, Names n) {
      Instant from = nextMillisecond();
      repo.markActivityRead(n.user(u));
      nextMillisecond();
      n.last()[0] = from.truncatedTo(ChronoUnit.MILLIS);
      return "ok";
    }

    private static Instant nextMillisecond() {
      Clock clock = new NanoClock();
      long now = clock.millis();
      Instant then;
      while ((then = clock.instant()).toEpochMilli() == now) {
        Thread.onSpinWait();
      }
      return then;
    }

    @Override
    public String toString() {
      return "markActivityRead(" + u + ")@" + via;
    }
  }

  /**
   * {@code audit(true)}: on a table this version wrote, with every call finished, it finds
   * nothing and changes nothing the rules can see.
   */
  record AuditFix(int via) implements Op {
    @Override
    public Answer apply(PrivacyModel m) {
      return PrivacyModel.OK;
    }

    @Override
    public Object run(QuickPhotos repo, Names n) {
      repo.audit(true, items -> {});
      return "ok";
    }

    @Override
    public String toString() {
      return "audit(fix)@" + via;
    }
  }

  // --- the histories ---------------------------------------------------------------------------

  /**
   * A history: the fault script's seed and rate (0: none), whether a call cut short is finished
   * by the audit's fix before it is made again, and the writes.
   */
  record History(
      long faultSeed, int faultPercent, boolean auditFirst, long deliverySeed, List<Op> ops) {
    History(long faultSeed, int faultPercent, boolean auditFirst, List<Op> ops) {
      this(faultSeed, faultPercent, auditFirst, 0, ops);
    }

    @Override
    public String toString() {
      StringBuilder s =
          new StringBuilder(
              "faults "
                  + faultPercent
                  + "% seed "
                  + faultSeed
                  + (auditFirst ? ", audit" : "")
                  + ", deliveries seed "
                  + deliverySeed);
      for (int i = 0; i < ops.size(); i++) {
        s.append("\n      ").append(i).append(": ").append(ops.get(i));
      }
      return s.toString();
    }
  }

  private static final Gen<Integer> USER = Gen.integers(0, USERS - 1);
  private static final Gen<Integer> TIME = Gen.integers(0, TIMES - 1);

  /** The three clean repositories. */
  private static final Gen<Integer> CLEAN = Gen.integers(0, 2);

  /** Mostly the three clean repositories, sometimes the faulty one. */
  private static final Gen<Integer> VIA =
      Gen.frequency(Gen.weighted(3, Gen.integers(0, 2)), Gen.weighted(1, Gen.constant(FAULTY)));

  private static Gen<int[]> pair() {
    return c -> {
      int a = USER.generate(c);
      int b = (a + 1 + Gen.integers(0, USERS - 2).generate(c)) % USERS;
      return new int[] {a, b};
    };
  }

  static final Gen<Op> OPS =
      Gen.frequency(
          Gen.weighted(
              2, c -> new Create(USER.generate(c), Gen.booleans().generate(c), VIA.generate(c))),
          Gen.weighted(1, c -> new DeleteUser(USER.generate(c), VIA.generate(c))),
          Gen.weighted(
              3,
              c ->
                  new SetVisibility(USER.generate(c), Gen.booleans().generate(c), VIA.generate(c))),
          Gen.weighted(
              7,
              c -> {
                int[] p = pair().generate(c);
                return new FollowOp(p[0], p[1], VIA.generate(c));
              }),
          Gen.weighted(
              2,
              c -> {
                int[] p = pair().generate(c);
                return new Unfollow(p[0], p[1], VIA.generate(c));
              }),
          Gen.weighted(
              3,
              c -> {
                int[] p = pair().generate(c);
                return new Approve(p[0], p[1], VIA.generate(c));
              }),
          Gen.weighted(
              1,
              c -> {
                int[] p = pair().generate(c);
                return new Decline(p[0], p[1], VIA.generate(c));
              }),
          Gen.weighted(
              1,
              c -> {
                int[] p = pair().generate(c);
                return new Withdraw(p[0], p[1], VIA.generate(c));
              }),
          Gen.weighted(
              2,
              c -> {
                int[] p = pair().generate(c);
                return new BlockOp(p[0], p[1], VIA.generate(c));
              }),
          Gen.weighted(
              1,
              c -> {
                int[] p = pair().generate(c);
                return new Unblock(p[0], p[1], VIA.generate(c));
              }),
          Gen.weighted(4, c -> new Upload(USER.generate(c), TIME.generate(c), VIA.generate(c))),
          Gen.weighted(
              1, c -> new DeletePhoto(USER.generate(c), TIME.generate(c), VIA.generate(c))),
          Gen.weighted(
              7,
              c ->
                  new React(
                      USER.generate(c),
                      USER.generate(c),
                      TIME.generate(c),
                      Gen.of(TYPES).generate(c),
                      VIA.generate(c))),
          Gen.weighted(1, c -> new AuditFix(Gen.integers(0, 2).generate(c))),
          Gen.weighted(
              4,
              c ->
                  new ViewOp(
                      USER.generate(c), USER.generate(c), TIME.generate(c), CLEAN.generate(c))),
          Gen.weighted(1, c -> new MarkRead(USER.generate(c), CLEAN.generate(c))),
          Gen.weighted(
              2,
              c ->
                  new RemoveReaction(
                      USER.generate(c),
                      USER.generate(c),
                      TIME.generate(c),
                      Gen.of(TYPES).generate(c),
                      VIA.generate(c))));

  static Gen<History> histories() {
    return c -> {
      List<Op> ops = new ArrayList<>();
      for (int u = 0; u < USERS; u++) {
        ops.add(new Create(u, false, 0));
      }
      ops.addAll(OPS.steps(20, 60).generate(c));
      boolean faulty = Gen.booleans().generate(c);
      return new History(
          Gen.longs(0, Long.MAX_VALUE - 1).generate(c),
          faulty ? Gen.integers(10, 40).generate(c) : 0,
          Gen.booleans().generate(c),
          Gen.longs(0, Long.MAX_VALUE - 1).generate(c),
          ops);
    };
  }

  /**
   * Shorter histories for DynamoDB Local, without faults (the memory engine injects them) and
   * without the audit, whose Scan would read and mend the other tests' items on the shared table.
   */
  static Gen<History> dynamoHistories() {
    Gen<Op> ops = OPS.filter(op -> !(op instanceof AuditFix));
    return c -> {
      List<Op> all = new ArrayList<>();
      for (int u = 0; u < USERS; u++) {
        all.add(new Create(u, false, 0));
      }
      all.addAll(ops.steps(8, 16).generate(c));
      return new History(0, 0, false, Gen.longs(0, Long.MAX_VALUE - 1).generate(c), all);
    };
  }

  /** The same rules on DynamoDB Local: the same fleet's settings, a smaller budget. */
  @Test
  void everyReadForAViewerAgreesWithTheRulesOnDynamoDbLocal() {
    fleets = seed -> dynamoFleet();
    everyViewer = Integer.MAX_VALUE;
    allSizesAtEnd = false;
    checkEvery = 4;
    endReaders = 1;
    long started = System.nanoTime();
    int cases =
        Property.named("PrivacyOracleTest.everyReadForAViewerAgreesWithTheRulesOnDynamoDbLocal")
            .cases(2)
            .check(dynamoHistories(), this::check);
    System.out.println(
        "PrivacyOracleTest on DynamoDB Local: "
            + cases
            + " histories in "
            + Duration.ofNanos(System.nanoTime() - started).toMillis()
            + " ms");
  }

  @Test
  void everyReadForAViewerAgreesWithTheRules() {
    long started = System.nanoTime();
    int cases =
        Property.named("PrivacyOracleTest.everyReadForAViewerAgreesWithTheRules")
            .cases(100)
            .check(histories(), this::check);
    System.out.println(
        "PrivacyOracleTest: "
            + cases
            + " histories in "
            + Duration.ofNanos(System.nanoTime() - started).toMillis()
            + " ms, reached "
            + new TreeMap<>(reached));
  }

  // --- what the oracle found: each a minimal history, checked with every rule ------------------

  /**
   * Runs one fixed history after the creation of every user, with every rule of the model checked
   * (no open hole kept out) and only the {@code tolerate}d findings left out.
   */
  private void replay(Set<String> tolerate, Op... ops) {
    tolerated = tolerate;
    openHoles = Set.of();
    everyViewer = 1;
    List<Op> all = new ArrayList<>();
    for (int u = 0; u < USERS; u++) {
      all.add(new Create(u, false, 0));
    }
    all.addAll(List.of(ops));
    check(new History(0, 0, false, all));
  }

  /** Finding A: the pending count is the account's own, also in its follower's listing. */
  @Test
  void theAccountsOwnFollowedByShowsNoOtherAccountsPendingCount() {
    replay(Set.of(), new FollowOp(3, 1, 0), new SetVisibility(1, true, 0), new FollowOp(0, 1, 0));
  }

  /** Finding B: the table shows the viewer's own profile with its count wherever it is listed. */
  @Test
  void theViewersOwnProfileInFollowedByCarriesItsPendingCount() {
    replay(Set.of(), new FollowOp(3, 2, 0), new SetVisibility(2, true, 0), new FollowOp(0, 2, 0));
  }

  /** Finding C: a photo that does not exist is PhotoNotFoundException, whoever its owner blocked. */
  @Test
  void reactingToAMissingPhotoOfAnOwnerWhoBlockedSomeoneIsPhotoNotFound() {
    replay(Set.of(), new BlockOp(0, 1, 0), new React(1, 0, 0, ReactionType.HEART, 0));
  }

  /** Finding C, by a user the owner did not block. */
  @Test
  void reactingToAMissingPhotoOfAnOwnerWhoBlockedSomeoneElseIsPhotoNotFound() {
    replay(Set.of(), new BlockOp(0, 1, 0), new React(2, 0, 0, ReactionType.HEART, 0));
  }

  /** Whether a private owner's missing photo fails the same way. */
  @Test
  void reactingToAMissingPhotoOfAPrivateOwnerIsPhotoNotFound() {
    replay(Set.of(), new SetVisibility(0, true, 0), new React(1, 0, 0, ReactionType.HEART, 0));
  }

  /** Finding D: a viewer's own reaction on a photo it may no longer see is not shown to it. */
  @Test
  void theViewersOwnReactionOnAPhotoItMayNoLongerSeeIsNotShown() {
    replay(
        Set.of(),
        new Upload(0, 0, 0),
        new React(1, 0, 0, ReactionType.HEART, 0),
        new SetVisibility(0, true, 0));
  }

  /** Finding E: a closed account is gone for every viewer, also through a repository with hot reads. */
  @Test
  void aClosedHotAccountIsGoneForItsViewersThroughHotReads() {
    replay(
        Set.of(),
        new FollowOp(1, 0, 0),
        new FollowOp(2, 0, 0),
        new FollowOp(3, 0, 0),
        new Upload(1, 0, 0),
        new DeleteUser(0, 0));
  }

  /**
   * Finding E, its other face: the account's own profile through a repository with a hot-read
   * bound shows it public after a switch to private made through another repository.
   */
  @Test
  void aHotAccountSeesItselfPrivateThroughHotReads() {
    replay(
        Set.of(),
        new FollowOp(1, 0, 2),
        new FollowOp(2, 0, 2),
        new Upload(1, 0, 0),
        new Upload(2, 0, 0),
        new SetVisibility(0, true, 0));
  }

  /**
   * Finding F: a blocker's reaction to a photo of the user it blocked, which the audit took for
   * one a block cut short left. Decided: the blocker is refused ({@code UserBlockedException}, as
   * for a follow), so no such reaction exists for the audit to find.
   */
  @Test
  void aBlockerMayNotReactToThePhotosOfTheUserItBlockedAndTheAuditFindsNothing() {
    replay(
        Set.of(),
        new BlockOp(0, 2, 0),
        new Upload(2, 0, 0),
        new React(0, 2, 0, ReactionType.HEART, 0),
        new AuditFix(0));
  }

  /**
   * Hole 1 of issue 52, in the window a cut-short switch leaves: the account is private from the
   * switch's UpdateItem, its shards not folded back yet; a repository that knows it as hot sends
   * the next follow, which must become a request all the same.
   */
  @Test
  void aHotAccountWhoseFoldWasCutShortTakesRequestsNotFollows() {
    Names n = new Names("o" + RUNS.incrementAndGet() + "-");
    Fleet fleet = fleet(1);
    QuickPhotos knowsItHot = fleet.repos().get(0);
    for (int u = 0; u < USERS; u++) {
      new Create(u, false, 0).run(knowsItHot, n);
    }
    for (int u = 1; u < USERS; u++) {
      knowsItHot.follow(n.user(u), n.user(0));
    }
    knowsItHot.unfollow(n.user(3), n.user(0));
    fleet.faults().on(Request.TRANSACT_WRITE_ITEMS).always(Fault.transactionConflict());
    Outcome<Object> cutShort =
        Outcome.of(() -> new SetVisibility(0, true, FAULTY).run(fleet.repos().get(FAULTY), n));
    fleet.faults().clear();
    expect(cutShort.error(), ServiceUnavailableException.class, () -> "the switch, cut short");
    // Cut short after its UpdateItem (this branch) the account is private; a switch that is one
    // transaction (main) left it public. Either way a follow must agree with the flag.
    boolean isPrivate =
        fleet.clean().getUser(n.user(0)).orElseThrow().visibility() == Visibility.PRIVATE;
    expect(
        knowsItHot.follow(n.user(3), n.user(0)).pending(),
        isPrivate,
        () ->
            "a follow of the account (private: "
                + isPrivate
                + "), through a repository that"
                + " knew it as hot");
  }

  /**
   * Hole 1 of issue 52 for a hot photo, in the same window: a reaction of a user who does not
   * follow the now private owner is refused as if the photo did not exist.
   */
  @Test
  void aHotPhotoWhoseOwnersFoldWasCutShortTakesNoReactionOfOthers() {
    Names n = new Names("o" + RUNS.incrementAndGet() + "-");
    Fleet fleet = fleet(1);
    QuickPhotos knowsItHot = fleet.repos().get(0);
    for (int u = 0; u < USERS; u++) {
      new Create(u, false, 0).run(knowsItHot, n);
    }
    new Upload(0, 0, 0).run(knowsItHot, n);
    for (int u = 1; u < USERS; u++) {
      knowsItHot.reactTo(n.user(u), n.photo(0, 0), ReactionType.HEART);
    }
    knowsItHot.removeReaction(n.user(3), n.photo(0, 0), ReactionType.HEART);
    fleet.faults().on(Request.TRANSACT_WRITE_ITEMS).always(Fault.transactionConflict());
    Outcome<Object> cutShort =
        Outcome.of(() -> new SetVisibility(0, true, FAULTY).run(fleet.repos().get(FAULTY), n));
    fleet.faults().clear();
    expect(cutShort.error(), ServiceUnavailableException.class, () -> "the switch, cut short");
    boolean isPrivate =
        fleet.clean().getUser(n.user(0)).orElseThrow().visibility() == Visibility.PRIVATE;
    expect(
        Outcome.of(() -> knowsItHot.reactTo(n.user(3), n.photo(0, 0), ReactionType.HEART)).error(),
        isPrivate ? PhotoNotFoundException.class : null,
        () ->
            "a reaction of a user who does not follow the private owner, through a repository"
                + " that knew the photo as hot");
  }

  /** Hole 2 of issue 52: a block takes the reactions between the two away, both ways. */
  @Test
  void aBlockRemovesTheReactionsBetweenTheTwo() {
    replay(
        Set.of(),
        new Upload(0, 0, 0),
        new React(1, 0, 0, ReactionType.HEART, 0),
        new BlockOp(0, 1, 0),
        new React(1, 0, 0, ReactionType.HEART, 0),
        new RemoveReaction(1, 0, 0, ReactionType.HEART, 0));
  }

  /** Hole 1 of issue 52: a hot account going private takes requests, not follows. */
  @Test
  void aHotAccountGoingPrivateTakesRequestsNotFollows() {
    replay(
        Set.of(),
        new FollowOp(1, 0, 0),
        new FollowOp(2, 0, 0),
        new FollowOp(3, 0, 0),
        new Unfollow(3, 0, 0),
        new SetVisibility(0, true, 1),
        new FollowOp(3, 0, 0));
  }

  /** Hole 1 of issue 52: a hot photo of an account going private takes its followers' only. */
  @Test
  void aHotPhotoOfAnAccountGoingPrivateTakesNoReactionOfOthers() {
    replay(
        Set.of(),
        new Upload(0, 0, 0),
        new FollowOp(1, 0, 0),
        new React(1, 0, 0, ReactionType.HEART, 0),
        new React(2, 0, 0, ReactionType.HEART, 0),
        new React(3, 0, 0, ReactionType.HEART, 0),
        new SetVisibility(0, true, 1),
        new React(2, 0, 0, ReactionType.SMILEY, 0));
  }

  /**
   * The inbox, fed late and twice: the notices of a follow and a reaction delivered after both
   * were undone (the follow made again), with the new follow's, show the new follow only, once;
   * after a block, nothing.
   */
  @Test
  void lateAndRepeatedNoticesShowOnlyWhatStands() {
    Names n = new Names("o" + RUNS.incrementAndGet() + "-");
    QuickPhotos repo = fleet(1).repos().get(0);
    for (int u = 0; u < USERS; u++) {
      new Create(u, false, 0).run(repo, n);
    }
    new Upload(0, 0, 0).run(repo, n);
    Follow first = repo.follow(n.user(1), n.user(0));
    Reaction reaction = repo.reactTo(n.user(1), n.photo(0, 0), ReactionType.HEART);
    repo.unfollow(n.user(1), n.user(0));
    repo.removeReaction(n.user(1), n.photo(0, 0), ReactionType.HEART);
    Follow again = repo.follow(n.user(1), n.user(0));
    List<ActivityNotice> notices =
        List.of(
            ActivityNotice.followed(first),
            ActivityNotice.reacted(reaction),
            ActivityNotice.followed(again),
            ActivityNotice.newPhoto(n.photo(0, 0)));
    repo.deliverActivity(notices);
    repo.deliverActivity(notices);
    expect(
        walk(page -> repo.activity(n.user(0), page), 1, "activity(0)").stream()
            .map(a -> group(a, n))
            .toList(),
        List.of(
            new PrivacyModel.Group(
                ActivityKind.FOLLOWED,
                List.of(1),
                1,
                Optional.empty(),
                Set.of(),
                again.since(),
                true)),
        () -> "activity(0), notices late and twice");
    expect(repo.unreadActivity(n.user(0)), 1, () -> "unreadActivity(0)");
    repo.block(n.user(0), n.user(1));
    expect(
        repo.activity(n.user(0), PageRequest.first(100)).items(),
        List.of(),
        () -> "activity(0) after a block");
    expect(repo.unreadActivity(n.user(0)), 0, () -> "unreadActivity(0) after a block");
  }

  /**
   * Finding G, fixed: the read mark kept milliseconds ({@code READ_UP_TO}, {@code toEpochMilli})
   * while events keep nanoseconds, so an event in the millisecond of a mark made after it stayed
   * unread. The mark keeps nanoseconds now.
   */
  @Test
  void anEventBeforeTheReadMarkInItsMillisecondIsRead() {
    Names n = new Names("o" + RUNS.incrementAndGet() + "-");
    QuickPhotos repo =
        MemoryQuickPhotos.builder()
            .clock(Clock.fixed(BASE.plusNanos(500_000), java.time.ZoneOffset.UTC))
            .build();
    for (int u = 0; u < 2; u++) {
      new Create(u, false, 0).run(repo, n);
    }
    Follow follow = repo.follow(n.user(1), n.user(0));
    repo.deliverActivity(List.of(ActivityNotice.followed(follow)));
    repo.markActivityRead(n.user(0));
    expect(repo.unreadActivity(n.user(0)), 0, () -> "unreadActivity(0) after the mark");
  }

  // --- running a history -----------------------------------------------------------------------

  /**
   * The repositories of one run over one table, what the faulty one injects, and how to let the
   * table's index catch up before the reads are compared.
   */
  record Fleet(List<QuickPhotos> repos, Faults faults, QuickPhotos clean, Runnable indexCaughtUp) {}

  /**
   * How many requests later the memory table's index changes land: every write, cascade, fold
   * and audit of a history runs against an index that trails the table, as DynamoDB's does. The
   * reads for a viewer are compared once it has caught up, as an application's reads are some
   * time after the write; what they may show is the rules', not the lag's.
   */
  static final int INDEX_LAG = 3;

  /** The repositories of one run: memory unless a test says. */
  private java.util.function.LongFunction<Fleet> fleets = PrivacyOracleTest::fleet;

  /** The fleet's settings over the shared DynamoDB Local table, the fourth without faults. */
  static Fleet dynamoFleet() {
    Clock clock = new NanoClock();
    List<QuickPhotos> repos = new ArrayList<>();
    repos.add(dynamo(clock, Sharding.of(2, 2, 2), FanOut.hybrid(2, Duration.ofDays(1)), 0));
    repos.add(dynamo(clock, Sharding.defaults(), FanOut.off(), 1));
    repos.add(dynamo(clock, Sharding.of(3, 1, 1), FanOut.hybrid(), 2));
    repos.add(dynamo(clock, Sharding.of(2, 2, 2), FanOut.hybrid(3, Duration.ofDays(1)), 3));
    return new Fleet(repos, null, dynamo(clock, Sharding.off(), FanOut.off(), 0), () -> {});
  }

  private static QuickPhotos dynamo(Clock clock, Sharding sharding, FanOut fanOut, int i) {
    return io.quickphotos.dynamo.DynamoQuickPhotos.builder()
        .client(SharedDynamoDbLocal.client())
        .tableName(SharedDynamoDbLocal.TABLE)
        .clock(clock)
        .sharding(sharding)
        .fanOut(fanOut)
        .hotReadStaleness(STALENESS.get(i))
        .build();
  }

  static Fleet fleet(long faultSeed) {
    InMemoryTable table = InMemoryTable.create().indexLag(INDEX_LAG);
    Faults faults = Faults.seeded(faultSeed);
    List<QuickPhotos> repos = new ArrayList<>();
    Clock clock = new NanoClock();
    repos.add(
        repo(table, clock, Sharding.of(2, 2, 2), FanOut.hybrid(2, Duration.ofDays(1)), 0, null));
    repos.add(repo(table, clock, Sharding.defaults(), FanOut.off(), 1, null));
    repos.add(repo(table, clock, Sharding.of(3, 1, 1), FanOut.hybrid(), 2, null));
    repos.add(
        repo(table, clock, Sharding.of(2, 2, 2), FanOut.hybrid(3, Duration.ofDays(1)), 3, faults));
    return new Fleet(
        repos,
        faults,
        repo(table, clock, Sharding.off(), FanOut.off(), 0, null),
        table::catchUpIndex);
  }

  private static QuickPhotos repo(
      InMemoryTable table, Clock clock, Sharding sharding, FanOut fanOut, int i, Faults faults) {
    MemoryQuickPhotos.Builder builder =
        MemoryQuickPhotos.builder()
            .table(table)
            .clock(clock)
            .sharding(sharding)
            .fanOut(fanOut)
            .hotReadStaleness(STALENESS.get(i));
    if (faults != null) {
      builder.faults(faults).retryPolicy(RetryPolicy.noDelay(2));
    }
    return builder.build();
  }

  void check(History history) {
    Names n = new Names("o" + RUNS.incrementAndGet() + "-");
    Fleet fleet = fleets.apply(history.faultSeed());
    PrivacyModel model = new PrivacyModel();
    model.ownCountInFollowedBy = !tolerated.contains("B");
    HotTracker hot = new HotTracker();
    Random deliveries = new Random(history.deliverySeed());
    List<Late> late = new ArrayList<>();
    for (int step = 0; step < history.ops().size(); step++) {
      Op op = history.ops().get(step);
      if (!allowed(op, model, hot, openHoles, tolerated)) {
        reach("skipped for an open hole");
        continue;
      }
      n.last()[0] = null;
      PrivacyModel before = model;
      hot.noteAttempt(op, before);
      model = call(op, model, fleet, n, history);
      hot.note(model);
      List<ActivityNotice> now = new ArrayList<>();
      for (ActivityNotice notice : noticesOf(op, before, model, n)) {
        int when = deliveries.nextInt(10);
        if (when <= 4) {
          now.add(notice);
        }
        if (when >= 4) {
          late.add(new Late(step + 1 + deliveries.nextInt(8), notice));
        }
        if (when == 9) {
          late.add(new Late(step + 1 + deliveries.nextInt(12), notice));
        }
      }
      for (int i = 0; i < late.size(); i++) {
        if (late.get(i).due() <= step) {
          now.add(late.remove(i--).notice());
        }
      }
      deliver(now, model, fleet, n, deliveries.nextInt(3));
      // After each write one viewer's reads, every viewer's after every few.
      if (step % checkEvery != 0) {
        continue;
      }
      int reader = step % 3;
      int viewer = step % everyViewer == 0 ? -1 : step % USERS;
      String after = op + " (step " + step + ")";
      checkReads(model, fleet, reader, n, step, false, viewer, after);
      checkActivity(model, fleet, reader, n, step, step % USERS, hot, after);
    }
    deliver(late.stream().map(Late::notice).toList(), model, fleet, n, 0);
    for (int reader = 0; reader < endReaders; reader++) {
      checkReads(model, fleet, reader, n, reader, allSizesAtEnd, -1, "the end, reader " + reader);
      checkActivity(model, fleet, reader, n, reader, -1, hot, "the end, reader " + reader);
    }
  }

  /** A notice the change feed has not delivered yet: at the step {@code due}, or at the end. */
  record Late(int due, ActivityNotice notice) {}

  /**
   * The notices of a write that succeeded, as the change feed's handler builds them from the
   * items it wrote; the times the table gave, kept in the model. A call accepted as already done
   * told no time: its event has no notice (and no entry can match it).
   */
  private static List<ActivityNotice> noticesOf(
      Op op, PrivacyModel before, PrivacyModel after, Names n) {
    Object last = n.last()[0];
    if (op instanceof MarkRead m && last instanceof Instant upTo) {
      after.markRead(m.u(), upTo);
      return List.of();
    }
    if (op instanceof Upload u
        && !before.hasPhoto(new PhotoKey(u.owner(), u.time()))
        && after.hasPhoto(new PhotoKey(u.owner(), u.time()))) {
      return List.of(ActivityNotice.newPhoto(n.photo(u.owner(), u.time())));
    }
    if (last instanceof Follow f && op instanceof FollowOp) {
      if (f.pending()) {
        after.requestSince(n.index(f.follower()), n.index(f.followed()), f.since());
        return List.of(
            ActivityNotice.requested(new FollowRequest(f.follower(), f.followed(), f.since())));
      }
      after.followSince(n.index(f.follower()), n.index(f.followed()), f.since());
      return List.of(ActivityNotice.followed(f));
    }
    if (last instanceof Follow f && op instanceof Approve) {
      after.followSince(n.index(f.follower()), n.index(f.followed()), f.since());
      return List.of(ActivityNotice.approved(f));
    }
    if (last instanceof Reaction r) {
      after.reactedAt(reaction(r, n), r.timestamp());
      return List.of(ActivityNotice.reacted(r));
    }
    return List.of();
  }

  /** Delivers notices through a clean repository, and into the model's inboxes. */
  private void deliver(
      List<ActivityNotice> notices, PrivacyModel model, Fleet fleet, Names n, int via) {
    if (notices.isEmpty()) {
      return;
    }
    // The followers of a new photo's author are read from the table, as the handler reads them.
    fleet.indexCaughtUp().run();
    fleet.repos().get(via).deliverActivity(notices);
    for (ActivityNotice notice : notices) {
      model.deliver(n.index(notice.recipient()), entry(notice, n));
      reach("delivered " + notice.kind());
    }
  }

  private static PrivacyModel.Entry entry(ActivityNotice notice, Names n) {
    return new PrivacyModel.Entry(
        notice.kind(),
        n.index(notice.actor()),
        notice.photo().map(n::key).orElse(null),
        notice.reaction().orElse(null),
        notice.at());
  }

  /** The activity inbox's small page sizes, groups a page. */
  static final int[] ACTIVITY_SIZES = {1, 2, 5};

  /**
   * Every user's inbox through {@code repo}: walked with 100 groups a page (everything on one
   * page) and compared whole with the model's groups; walked with a small size, each page's
   * groups checked (no invisible event, no group twice, actors distinct, counts at least the
   * named, newest first) and their keys compared (only {@code smallPagesOf}'s, if not -1); the
   * unread count. An author who may have been
   * hot may be pulled at read time (all its photos shown to the followers it marked): its new
   * photos are compared only for being allowed.
   */
  void checkActivity(
      PrivacyModel m,
      Fleet fleet,
      int reader,
      Names n,
      int salt,
      int smallPagesOf,
      HotTracker hot,
      String after) {
    fleet.indexCaughtUp().run();
    QuickPhotos repo = fleet.repos().get(reader);
    IntPredicate loose = hot.users::contains;
    Function<PhotoKey, Instant> timeOf = p -> BASE.plusSeconds(p.time());
    for (int r = 0; r < USERS; r++) {
      String who = "activity(" + r + ") after " + after;
      Instant mark = m.readMark(r);
      List<PrivacyModel.Entry> standing = m.standing(r, loose);
      List<PrivacyModel.Entry> pulled = m.mayPull(r, loose, timeOf);
      List<PrivacyModel.Group> expected = m.activity(r, loose);
      // Everything on one page.
      List<List<PrivacyModel.Group>> pages =
          activityPages(repo, n, r, 100, standing, pulled, mark, who);
      List<PrivacyModel.Group> got = new ArrayList<>();
      pages.forEach(got::addAll);
      expect(pages.size(), 1, () -> who + ": pages of 100");
      List<PrivacyModel.Group> exact =
          got.stream().filter(g -> !isLoose(g, loose)).sorted(GROUPS).toList();
      expect(exact, expected.stream().sorted(GROUPS).toList(), () -> who + ", 100 a page");
      for (PrivacyModel.Group g : got) {
        if (isLoose(g, loose)) {
          reach("activity: a pulled author's photos");
          expect(
              g.count() == 1
                  && g.photo().isPresent()
                  && g.photo().get().owner() == g.actors().get(0),
              true,
              () -> who + ": a new photo group " + g);
        }
      }
      // Unread: the standing events after the mark, at most 100; a pulled author's may add.
      long definite = standing.stream().filter(e -> e.at().isAfter(mark)).count();
      long possible = pulled.stream().filter(e -> e.at().isAfter(mark)).count();
      int unread = repo.unreadActivity(n.user(r));
      if (unread < Math.min(100, definite) || unread > Math.min(100, definite + possible)) {
        throw new AssertionError(
            who
                + ": unreadActivity "
                + unread
                + ", the rules "
                + definite
                + (possible > 0 ? " to " + (definite + possible) : "")
                + " (read up to "
                + mark
                + ")\n  standing "
                + standing
                + "\n  state "
                + m);
      }
      if (possible == 0) {
        reach("activity: unread compared exactly");
      }
      if (!expected.isEmpty()) {
        reach("activity: groups compared");
      }
      if (expected.stream().anyMatch(g -> g.kind() == ActivityKind.NEW_PHOTO)) {
        reach("activity: new photos compared exactly");
      }
      // Small pages (one user's after each write, everyone's at the end): the same groups.
      if (smallPagesOf >= 0 && r != smallPagesOf) {
        continue;
      }
      int size = ACTIVITY_SIZES[Math.floorMod(salt + r, ACTIVITY_SIZES.length)];
      Set<String> keys = new TreeSet<>();
      for (List<PrivacyModel.Group> page :
          activityPages(repo, n, r, size, standing, pulled, mark, who)) {
        page.stream().filter(g -> !isLoose(g, loose)).forEach(g -> keys.add(g.key()));
      }
      expect(
          keys,
          expected.stream()
              .map(PrivacyModel.Group::key)
              .collect(Collectors.toCollection(TreeSet::new)),
          () -> who + ": the groups' keys, " + size + " a page");
    }
  }

  /** Groups newest first; equal times (new photos of one time) by key. */
  static final java.util.Comparator<PrivacyModel.Group> GROUPS =
      java.util.Comparator.comparing(PrivacyModel.Group::latest)
          .reversed()
          .thenComparing(PrivacyModel.Group::key);

  private static boolean isLoose(PrivacyModel.Group g, IntPredicate loose) {
    return g.kind() == ActivityKind.NEW_PHOTO && loose.test(g.actors().get(0));
  }

  /**
   * Walks an inbox by cursor, {@code size} groups a page, checking each page: at most {@code
   * size} groups, each key once, newest first, actors distinct and each with a standing event of
   * the group (or a photo the read may pull), the count at least the named, the newest time one
   * of its events', unread as the mark says.
   */
  private static List<List<PrivacyModel.Group>> activityPages(
      QuickPhotos repo,
      Names n,
      int r,
      int size,
      List<PrivacyModel.Entry> standing,
      List<PrivacyModel.Entry> pulled,
      Instant mark,
      String who) {
    List<List<PrivacyModel.Group>> pages = new ArrayList<>();
    List<PrivacyModel.Entry> allowed = new ArrayList<>(standing);
    allowed.addAll(pulled);
    PageRequest request = PageRequest.first(size);
    for (int i = 1; ; i++) {
      if (i > 200) {
        throw new AssertionError(who + ": the inbox did not end after 200 pages of " + size);
      }
      Page<Activity> page = repo.activity(n.user(r), request);
      String what = who + ", page " + i + " of " + size + ": " + page.items();
      expect(page.items().size() <= size, true, () -> what + ": too many groups");
      List<PrivacyModel.Group> groups = new ArrayList<>();
      Set<String> keys = new TreeSet<>();
      Instant previous = null;
      for (Activity a : page.items()) {
        PrivacyModel.Group g = group(a, n);
        groups.add(g);
        expect(keys.add(g.key()), true, () -> what + ": a group twice");
        if (previous != null) {
          expect(!g.latest().isAfter(previous), true, () -> what + ": not newest first");
        }
        previous = g.latest();
        expect(
            new TreeSet<>(g.actors()).size() == g.actors().size() && g.count() >= g.actors().size(),
            true,
            () -> what + ": actors and count of " + g);
        expect(g.unread(), g.latest().isAfter(mark), () -> what + ": unread of " + g);
        for (int actor : g.actors()) {
          boolean shown =
              allowed.stream().anyMatch(e -> e.actor() == actor && e.groupKey().equals(g.key()));
          expect(
              shown,
              true,
              () -> what + ": " + g + " names " + actor + ", who has no standing event there");
        }
        boolean newest =
            allowed.stream()
                .anyMatch(
                    e ->
                        e.actor() == g.actors().get(0)
                            && e.groupKey().equals(g.key())
                            && e.at().equals(g.latest()));
        expect(newest, true, () -> what + ": the newest of " + g);
      }
      pages.add(groups);
      if (!page.hasNext()) {
        return pages;
      }
      request = page.next(size);
    }
  }

  private static PrivacyModel.Group group(Activity a, Names n) {
    return new PrivacyModel.Group(
        a.kind(),
        a.actors().stream().map(n::index).toList(),
        a.count(),
        a.photo().map(n::key),
        new TreeSet<>(a.reactions()),
        a.latest(),
        a.unread());
  }

  /** One write, made again while it fails as unavailable; the model after it. */
  private PrivacyModel call(Op op, PrivacyModel model, Fleet fleet, Names n, History history) {
    PrivacyModel next = model.copy();
    Answer expected = op.apply(next);
    QuickPhotos repo = fleet.repos().get(op.via());
    boolean faulty = op.via() == FAULTY && history.faultPercent() > 0 && fleet.faults() != null;
    if (faulty) {
      arm(fleet.faults(), history.faultPercent() / 100.0);
    }
    try {
      boolean mayHaveWritten = false;
      Answer got;
      for (int attempt = 1; ; attempt++) {
        try {
          got = Answer.ok(op.run(repo, n));
        } catch (ServiceUnavailableException e) {
          mayHaveWritten |= e.written() != ServiceUnavailableException.Written.NOTHING;
          reach("cut short: " + op.getClass().getSimpleName());
          if (attempt == 20 && fleet.faults() != null) {
            fleet.faults().clear();
          }
          if (attempt == 40) {
            throw new AssertionError(
                op + " still unavailable after 40 attempts, 20 of them clean", e);
          }
          if (history.auditFirst() && attempt == 1) {
            fleet.clean().audit(true, items -> {});
            reach("audit fixed a cut-short call");
          }
          continue;
        } catch (QuickPhotosException e) {
          got = Answer.fails(e.getClass());
        }
        if (attempt > 1) {
          reach("made again to success");
        }
        break;
      }
      if (got.equals(expected)) {
        return next;
      }
      Answer again = op.apply(next.copy());
      if (mayHaveWritten && expected.succeeded() && again.equals(got)) {
        reach("accepted as already done");
        return next;
      }
      throw new AssertionError(
          op
              + " answered "
              + got
              + "; the rules say "
              + expected
              + " (an attempt may have written: "
              + mayHaveWritten
              + ")\n  state before: "
              + model);
    } finally {
      if (faulty) {
        fleet.faults().clear();
      }
    }
  }

  private static void arm(Faults faults, double p) {
    faults.clear();
    faults.on(Request.TRANSACT_WRITE_ITEMS).randomly(p, Fault.transactionConflict());
    faults.onAnyRequest().randomly(p / 2, Fault.unknownOutcome());
  }

  // --- known holes -----------------------------------------------------------------------------

  /**
   * Accounts and photos that may have become hot: a follower or reaction count that once reached
   * 2, or a follow, reaction or view attempted while the count it meets was 1 or more. Repository
   * 2's thresholds are 1, and the switch is made by the call that finds its count at the
   * threshold, whether or not that call then adds to it (a repeated reaction, a repeat view, a
   * follow answered as already following); a hot photo makes its owner hot.
   */
  static final class HotTracker {
    final Set<Integer> users = new TreeSet<>();

    /** Before a call: the account whose count the call meets, if that count is 1 or more. */
    void noteAttempt(Op op, PrivacyModel before) {
      if (op instanceof FollowOp f && before.followers(f.b()) >= 1) {
        users.add(f.b());
      }
      PhotoKey photo =
          op instanceof React r
              ? new PhotoKey(r.owner(), r.time())
              : op instanceof ViewOp v ? new PhotoKey(v.owner(), v.time()) : null;
      if (photo != null && before.hasPhoto(photo)) {
        PrivacyModel.PhotoView counts = before.photoView(photo);
        long reactions = counts.reactions().values().stream().mapToLong(Long::longValue).sum();
        if (reactions >= 1 || counts.views() >= 1) {
          users.add(photo.owner());
        }
      }
    }

    void note(PrivacyModel m) {
      for (int u = 0; u < USERS; u++) {
        if (m.followers(u) >= 2) {
          users.add(u);
        }
        for (int t = 0; t < TIMES; t++) {
          for (ReactionType type : TYPES) {
            if (m.reactionsOf(new PhotoKey(u, t), type) >= 2) {
              users.add(u);
            }
          }
        }
      }
    }
  }

  /** The preconditions that keep the open holes out of the random histories. */
  static boolean allowed(
      Op op, PrivacyModel m, HotTracker hot, Set<Integer> openHoles, Set<String> tolerated) {
    if (tolerated.contains("C")
        && op instanceof React r
        && !m.hasPhoto(new PhotoKey(r.owner(), r.time()))
        && r.reactor() != r.owner()
        && (m.countsBlocks(r.owner()) || m.isPrivate(r.owner()))) {
      return false;
    }
    if (openHoles.contains(1)
        && op instanceof SetVisibility v
        && v.isPrivate()
        && hot.users.contains(v.u())) {
      return false;
    }
    if (openHoles.contains(2)
        && op instanceof BlockOp b
        && m.reactionsBetween(b.blocker(), b.blocked())) {
      return false;
    }
    return true;
  }

  // --- the reads -------------------------------------------------------------------------------

  /**
   * Every read for every viewer through {@code repo}, compared with the model: page sizes cycle
   * with {@code salt}, or all four with {@code allSizes}. Counts are compared only through a
   * repository that serves no kept snapshot.
   */
  void checkReads(
      PrivacyModel m,
      Fleet fleet,
      int reader,
      Names n,
      int salt,
      boolean allSizes,
      int onlyViewer,
      String after) {
    fleet.indexCaughtUp().run();
    QuickPhotos repo = fleet.repos().get(reader);
    boolean exact = STALENESS.get(reader).isZero();
    // The photos there are, and one there is not, another each time.
    List<PhotoKey> photosToRead = new ArrayList<>();
    List<PhotoKey> missing = new ArrayList<>();
    for (int o = 0; o < USERS; o++) {
      for (int t = 0; t < TIMES; t++) {
        PhotoKey key = new PhotoKey(o, t);
        (m.hasPhoto(key) ? photosToRead : missing).add(key);
      }
    }
    if (!missing.isEmpty()) {
      photosToRead.add(missing.get(Math.floorMod(salt, missing.size())));
    }
    for (int v = 0; v < USERS; v++) {
      if (onlyViewer >= 0 && v != onlyViewer) {
        continue;
      }
      ViewerReads as = repo.as(n.user(v));
      String who = "viewer " + v + " after " + after;
      int[] sizes = allSizes ? SIZES : new int[] {SIZES[(salt + v) % SIZES.length]};
      for (int o = 0; o < USERS; o++) {
        int oo = o;
        int vv = v;
        expect(
            as.getUser(n.user(o)).map(u -> profile(u, n, exact, vv)),
            m.profile(v, o).map(p -> mask(p, exact, vv)),
            () -> who + ": getUser(" + oo + ")");
      }
      for (PhotoKey key : photosToRead) {
        expect(
            as.getPhoto(n.photo(key)).map(p -> photo(p, n, exact)),
            m.getPhoto(v, key).map(p -> mask(p, exact)),
            () -> who + ": getPhoto(" + key + ")");
        expect(
            repo.hasSeen(n.user(v), n.photo(key)),
            m.hasSeen(v, key),
            () -> who + ": hasSeen(" + key + ")");
      }
      for (int size : sizes) {
        for (int o = 0; o < USERS; o++) {
          int vv = v;
          for (boolean newest : new boolean[] {true, false}) {
            int oo = o;
            String what = who + ": userWithPhotos(" + o + ", newest " + newest + ", " + size + ")";
            Optional<Profile> expectedProfile = m.profile(v, o).map(p -> mask(p, exact, vv));
            Optional<List<PhotoView>> expectedPhotos =
                m.userPhotos(v, o, newest).map(l -> l.stream().map(p -> mask(p, exact)).toList());
            Object[] first = new Object[1];
            Outcome<List<PhotoView>> got =
                Outcome.of(
                    () ->
                        walk(
                                page -> {
                                  UserPhotos read =
                                      as.userWithPhotos(
                                          n.user(oo),
                                          newest ? SortOrder.NEWEST_FIRST : SortOrder.OLDEST_FIRST,
                                          page);
                                  if (page.cursor().isEmpty()) {
                                    first[0] = read.user().map(u -> profile(u, n, exact, vv));
                                  }
                                  return read.photos();
                                },
                                size,
                                what)
                            .stream()
                            .map(p -> photo(p, n, exact))
                            .toList());
            if (expectedPhotos.isEmpty()) {
              expect(got.error(), UserNotFoundException.class, () -> what + " fails");
            } else {
              expect(got.error(), null, () -> what + " fails: " + got);
              expect(first[0], expectedProfile, () -> what + ", its profile");
              expect(got.value(), expectedPhotos.get(), () -> what + ", its photos");
            }
          }
        }
        for (PhotoKey key : photosToRead) {
          {
            String what = who + ": photoWithReactions(" + key + ", " + size + ")";
            Object[] first = new Object[1];
            Outcome<List<ReactionKey>> got =
                Outcome.of(
                    () ->
                        walk(
                                page -> {
                                  PhotoReactions read = as.photoWithReactions(n.photo(key), page);
                                  if (page.cursor().isEmpty()) {
                                    first[0] = read.photo().map(p -> photo(p, n, exact));
                                  }
                                  return read.reactions();
                                },
                                size,
                                what)
                            .stream()
                            .map(r -> reaction(r, n))
                            .toList());
            Optional<List<ReactionKey>> expected = m.photoReactions(v, key);
            if (expected.isEmpty()) {
              expect(got.error(), PhotoNotFoundException.class, () -> what + " fails");
            } else {
              expect(got.error(), null, () -> what + " fails: " + got);
              expect(
                  first[0],
                  m.getPhoto(v, key).map(p -> mask(p, exact)),
                  () -> what + ", its photo");
              expect(got.value(), expected.get(), () -> what + ", its reactions");
            }
          }
        }
        for (int o = 0; o < USERS; o++) {
          int oo = o;
          int vv = v;
          expect(
              walk(page -> as.followersOf(n.user(oo), page), size, who).stream()
                  .map(f -> follower(f, n, oo))
                  .toList(),
              m.followersOf(v, o),
              () -> who + ": followersOf(" + oo + ", " + size + ")");
          // Finding A: the account's own listing shows others' pending counts.
          boolean others = tolerated.contains("A") && v == o;
          expect(
              walk(page -> as.followedBy(n.user(oo), page), size, who).stream()
                  .map(u -> profile(u, n, exact, vv))
                  .map(p -> others ? withoutPending(p) : p)
                  .toList(),
              m.followedBy(v, o).stream()
                  .map(p -> mask(p, exact, vv))
                  .map(p -> others ? withoutPending(p) : p)
                  .toList(),
              () -> who + ": followedBy(" + oo + ", " + size + ")");
        }
        expect(
            walk(as::homeFeed, size, who).stream().map(p -> n.key(p.id())).toList(),
            m.homeFeed(v),
            () -> who + ": homeFeed(" + size + ")");
      }
      for (int a = 0; a < USERS; a++) {
        for (int b = 0; b < USERS; b++) {
          if (a != b) {
            int aa = a;
            int bb = b;
            expect(
                as.isFollowing(n.user(a), n.user(b)),
                m.isFollowing(v, a, b),
                () -> who + ": isFollowing(" + aa + ", " + bb + ")");
          }
        }
      }
      for (int r = 0; r < USERS; r++) {
        for (PhotoKey key : photosToRead) {
          {
            int rr = r;
            if (tolerated.contains("D") && r == v && !m.maySeeContent(v, key.owner())) {
              continue;
            }
            expect(
                new TreeSet<>(as.reactionsLeftBy(n.user(r), n.photo(key))),
                m.reactionsLeftBy(v, r, key),
                () -> who + ": reactionsLeftBy(" + rr + ", " + key + ")");
          }
        }
      }
    }
    for (int o = 0; o < USERS; o++) {
      int oo = o;
      expect(
          walk(page -> repo.followRequestsOf(n.user(oo), page), 2, after).stream()
              .map(r -> n.index(r.requester()))
              .toList(),
          m.requestsOf(o),
          () -> "followRequestsOf(" + oo + ") after " + after);
      expect(
          walk(page -> repo.blocksOf(n.user(oo), page), 2, after).stream()
              .map(b -> n.index(b.blocked()))
              .toList(),
          m.blocksOf(o),
          () -> "blocksOf(" + oo + ") after " + after);
    }
  }

  /** Walks a listing to its end; no page may hold more than its size, nor the walk go on forever. */
  static <T> List<T> walk(Function<PageRequest, Page<T>> read, int size, String what) {
    List<T> all = new ArrayList<>();
    PageRequest request = PageRequest.first(size);
    for (int pages = 1; ; pages++) {
      if (pages > 200) {
        throw new AssertionError(what + ": the listing did not end after 200 pages of " + size);
      }
      Page<T> page = read.apply(request);
      if (page.items().size() > size) {
        throw new AssertionError(
            what + ": a page of " + size + " holds " + page.items().size() + ": " + page.items());
      }
      all.addAll(page.items());
      if (!page.hasNext()) {
        return all;
      }
      request = page.next(size);
    }
  }

  static void expect(Object actual, Object expected, Supplier<String> what) {
    if (!Objects.equals(actual, expected)) {
      throw new AssertionError(what.get() + ":\n  read  " + actual + "\n  rules " + expected);
    }
  }

  private static Profile profile(User u, Names n, boolean exact, int viewer) {
    return mask(
        new Profile(
            n.index(u.username()),
            u.followers(),
            u.following(),
            u.visibility() == Visibility.PRIVATE,
            u.pendingRequests()),
        exact,
        viewer);
  }

  /** Through a repository serving kept snapshots a hot user's counts may be stale: left out. */
  private static Profile mask(Profile p, boolean exact, int viewer) {
    return exact
        ? p
        : new Profile(p.user(), -1, -1, p.isPrivate(), p.user() == viewer ? -1 : p.pending());
  }

  private static Profile withoutPending(Profile p) {
    return new Profile(p.user(), p.followers(), p.following(), p.isPrivate(), -2);
  }

  private static PhotoView photo(Photo p, Names n, boolean exact) {
    Map<ReactionType, Long> counts = new EnumMap<>(ReactionType.class);
    p.reactions()
        .forEach(
            (type, count) -> {
              if (count != 0) {
                counts.put(type, count);
              }
            });
    return mask(new PhotoView(n.key(p.id()), counts, p.views(), p.uniqueViewers()), exact);
  }

  private static PhotoView mask(PhotoView p, boolean exact) {
    return exact ? p : new PhotoView(p.id(), Map.of(), -1, -1);
  }

  private static ReactionKey reaction(Reaction r, Names n) {
    return new ReactionKey(n.index(r.reactor()), n.key(r.photo()), r.type());
  }

  private static int follower(Follow f, Names n, int followed) {
    expect(n.index(f.followed()), followed, () -> "followersOf(" + followed + ") lists " + f);
    expect(f.pending(), false, () -> "followersOf(" + followed + ") lists a request " + f);
    return n.index(f.follower());
  }

  private void reach(String what) {
    reached.computeIfAbsent(what, k -> new AtomicLong()).incrementAndGet();
  }
}
