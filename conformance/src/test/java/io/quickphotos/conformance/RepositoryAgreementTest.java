package io.quickphotos.conformance;

import io.quickphotos.internal.singletable.SingleTableQuickPhotos;

import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.AccessPattern;
import io.quickphotos.CostListener;
import io.quickphotos.NewUser;
import io.quickphotos.OperationCost;
import io.quickphotos.Page;
import io.quickphotos.PageRequest;
import io.quickphotos.Photo;
import io.quickphotos.PhotoId;
import io.quickphotos.PhotoReactions;
import io.quickphotos.ProfileUpdate;
import io.quickphotos.QuickPhotos;
import io.quickphotos.Reaction;
import io.quickphotos.ReactionType;
import io.quickphotos.SortOrder;
import io.quickphotos.User;
import io.quickphotos.UserPhotos;
import io.quickphotos.UserStatus;
import io.quickphotos.contract.Billing;
import io.quickphotos.contract.RecordingCostListener;
import io.quickphotos.contract.TickingClock;
import io.quickphotos.dynamo.DynamoQuickPhotos;
import io.quickphotos.memory.MemoryQuickPhotos;
import io.quickphotos.memory.internal.MemoryTable;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiFunction;
import io.quickphotos.proptest.Gen;
import io.quickphotos.proptest.Property;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

/**
 * Repository-level agreement: random histories of every repository operation — including ones
 * that must fail (duplicates, missing users and photos, self-follows, bad input, foreign
 * cursors) — applied step by step to the memory backend and to the DynamoDB backend on DynamoDB
 * Local. Every result, every exception type and every reported cost must match (capacity only
 * where {@link Billing#DYNAMODB_LOCAL} names Local's deviation), and after each step the
 * invariants hold: each user's follower and following counters equal the friendship items, and
 * each photo's reaction counters equal its reaction items (checked on memory after every step,
 * and on DynamoDB at the end of the history, whose every step already matched memory).
 */
class RepositoryAgreementTest {
  private static final AtomicLong HISTORIES = new AtomicLong();
  private static final Instant CLOCK_START = Instant.parse("2026-01-01T00:00:00Z");
  /** Handles that sort differently in code-point and UTF-16 order, with shared prefixes. */
  private static final List<String> USERS = List.of("ann", "anna", "\uFF21x", "\uD801\uDC00d");
  private static final List<Instant> TIMES = List.of(Instant.parse("2018-05-30T15:42:38Z"),
      Instant.parse("2018-05-30T15:42:38.000000001Z"), Instant.parse("2018-05-30T15:42:39Z"));
  private static final Set<AccessPattern> TRANSACTIONS = EnumSet.of(AccessPattern.UPLOAD_PHOTO,
      AccessPattern.REACT_TO_PHOTO, AccessPattern.FOLLOW, AccessPattern.UNFOLLOW);
  private static final Set<AccessPattern> LISTINGS = EnumSet.of(AccessPattern.USER_WITH_PHOTOS,
      AccessPattern.PHOTO_WITH_REACTIONS, AccessPattern.FOLLOWERS_OF, AccessPattern.FOLLOWED_BY);

  /** One step of a history, over the history's own handles. */
  interface Step {
    Object run(QuickPhotos repo, Names names);
  }

  /** The handles of one history: a prefix of its own keeps histories apart on the shared table. */
  record Names(String prefix) {
    String user(int i) {
      return prefix + USERS.get(i);
    }

    PhotoId photo(int owner, int time) {
      return new PhotoId(user(owner), TIMES.get(time));
    }
  }

  /** How often each outcome was seen: what the histories reached. */
  private final Map<String, AtomicLong> outcomes = new ConcurrentHashMap<>();

  @Test
  void bothBackendsAgreeOnEveryStep() {
    int cases = Property.named("RepositoryAgreementTest.bothBackendsAgreeOnEveryStep").cases(500)
        .check(histories(), this::agree);
    if (cases >= 200) {
      assertThat(outcomes.keySet()).as("outcomes of %d histories: %s", cases, outcomes)
          .contains("ok", "UserAlreadyExistsException", "UserNotFoundException",
              "PhotoAlreadyExistsException", "PhotoNotFoundException",
              "AlreadyFollowingException", "NotFollowingException", "AlreadyReactedException",
              "InvalidInputException", "InvalidCursorException");
    }
  }

  private void agree(List<Step> history) {
    Names names = new Names("h" + HISTORIES.incrementAndGet() + "-");
    Clock memoryClock = new TickingClock(CLOCK_START);
    Clock dynamoClock = new TickingClock(CLOCK_START);
    RecordingCostListener memoryCosts = new RecordingCostListener();
    RecordingCostListener dynamoCosts = new RecordingCostListener();
    MemoryTable table = new MemoryTable();
    QuickPhotos memory = new SingleTableQuickPhotos(table, memoryCosts, memoryClock);
    QuickPhotos memoryInspector =
        new SingleTableQuickPhotos(table, CostListener.NONE, Clock.systemUTC());
    QuickPhotos dynamo = DynamoQuickPhotos.builder().client(SharedDynamoDbLocal.client())
        .tableName(SharedDynamoDbLocal.TABLE).costListener(dynamoCosts).clock(dynamoClock)
        .build();

    for (Step step : history) {
      memoryCosts.clear();
      dynamoCosts.clear();
      Outcome<Object> inMemory = Outcome.of(() -> step.run(memory, names));
      Outcome<Object> onDynamo = Outcome.of(() -> step.run(dynamo, names));
      assertThat(onDynamo.error()).as("%s: memory %s, dynamo %s", step, inMemory, onDynamo)
          .isEqualTo(inMemory.error());
      assertThat(onDynamo.value()).as("result of %s", step).isEqualTo(inMemory.value());
      assertSameCosts(step, memoryCosts.costs(), dynamoCosts.costs());
      assertInvariants(memoryInspector, names);
      outcomes.computeIfAbsent(inMemory.failed() ? inMemory.error().getSimpleName() : "ok",
          k -> new AtomicLong()).incrementAndGet();
      if (step instanceof ReactTwice && inMemory.value() instanceof List<?> errors) {
        errors.forEach(e -> outcomes.computeIfAbsent(e.toString(), k -> new AtomicLong())
            .incrementAndGet());
      }
    }
    assertInvariants(DynamoQuickPhotos.builder().client(SharedDynamoDbLocal.client())
        .tableName(SharedDynamoDbLocal.TABLE).build(), names);
  }

  private static void assertSameCosts(Step step, List<OperationCost> memory,
      List<OperationCost> dynamo) {
    assertThat(dynamo).as("calls of %s", step).hasSameSizeAs(memory);
    for (int i = 0; i < memory.size(); i++) {
      OperationCost m = memory.get(i);
      OperationCost d = dynamo.get(i);
      assertThat(List.of(d.pattern(), d.requests(), d.itemsRead(), d.succeeded()))
          .as("cost of call %d of %s", i, step)
          .isEqualTo(List.of(m.pattern(), m.requests(), m.itemsRead(), m.succeeded()));
      double[] expected = capacityOnLocal(m);
      assertThat(new double[] {d.readCapacityUnits(), d.writeCapacityUnits()})
          .as("capacity of call %d of %s (memory: %s)", i, step, m).containsExactly(expected);
    }
  }

  /** What DynamoDB Local reports where memory reports {@code m}, per the named deviations. */
  private static double[] capacityOnLocal(OperationCost m) {
    if (m.succeeded() && TRANSACTIONS.contains(m.pattern())) {
      assertThat(new double[] {m.readCapacityUnits(), m.writeCapacityUnits()})
          .as("memory bills %s as the service does", m.pattern())
          .containsExactly(Billing.SERVICE.transaction(m.pattern()));
      return Billing.DYNAMODB_LOCAL.transaction(m.pattern());
    }
    if (LISTINGS.contains(m.pattern()) && m.itemsRead() == 0 && m.requests() == 1) {
      // A listing page whose query read nothing (also the failed first page of a missing user
      // or photo): Local bills zero where the service bills the minimum.
      return new double[] {0, 0};
    }
    return new double[] {m.readCapacityUnits(), m.writeCapacityUnits()};
  }

  private static void assertInvariants(QuickPhotos repo, Names names) {
    for (int u = 0; u < USERS.size(); u++) {
      String username = names.user(u);
      User user = repo.getUser(username).orElse(null);
      if (user == null) {
        continue;
      }
      assertThat(user.followers()).as("followers of %s", username)
          .isEqualTo(all(repo::followersOf, username).size());
      assertThat(user.following()).as("following of %s", username)
          .isEqualTo(all(repo::followedBy, username).size());
      for (Photo photo : allPhotos(repo, username)) {
        List<Reaction> reactions = allReactions(repo, photo.id());
        for (ReactionType type : ReactionType.values()) {
          assertThat(photo.reactionCount(type)).as("%s on %s", type, photo.id())
              .isEqualTo(reactions.stream().filter(r -> r.type() == type).count());
        }
      }
    }
  }

  private static <T> List<T> all(BiFunction<String, PageRequest, Page<T>> listing, String user) {
    List<T> items = new ArrayList<>();
    PageRequest page = PageRequest.first(100);
    while (true) {
      Page<T> read = listing.apply(user, page);
      items.addAll(read.items());
      if (!read.hasNext()) {
        return items;
      }
      page = read.next(100);
    }
  }

  private static List<Photo> allPhotos(QuickPhotos repo, String username) {
    List<Photo> photos = new ArrayList<>();
    PageRequest page = PageRequest.first(100);
    while (true) {
      UserPhotos read = repo.userWithPhotos(username, SortOrder.OLDEST_FIRST, page);
      photos.addAll(read.photos().items());
      if (!read.photos().hasNext()) {
        return photos;
      }
      page = read.photos().next(100);
    }
  }

  private static List<Reaction> allReactions(QuickPhotos repo, PhotoId photo) {
    List<Reaction> reactions = new ArrayList<>();
    PageRequest page = PageRequest.first(100);
    while (true) {
      PhotoReactions read = repo.photoWithReactions(photo, page);
      reactions.addAll(read.reactions().items());
      if (!read.reactions().hasNext()) {
        return reactions;
      }
      page = read.reactions().next(100);
    }
  }

  // --- steps ---------------------------------------------------------------------------------

  record CreateUser(int user) implements Step {
    @Override
    public Object run(QuickPhotos repo, Names names) {
      String username = names.user(user);
      return repo.createUser(new NewUser(username, "Name " + user, "u" + user + "@example.com",
          LocalDate.of(1990, 1, 1 + user), "Street " + user, UserStatus.ACTIVE));
    }
  }

  record GetUser(int user) implements Step {
    @Override
    public Object run(QuickPhotos repo, Names names) {
      return repo.getUser(names.user(user));
    }
  }

  record UpdateName(int user, String name) implements Step {
    @Override
    public Object run(QuickPhotos repo, Names names) {
      return repo.updateProfile(names.user(user), ProfileUpdate.builder().name(name).build());
    }
  }

  record Upload(int owner, int time) implements Step {
    @Override
    public Object run(QuickPhotos repo, Names names) {
      return repo.uploadPhoto(names.user(owner), TIMES.get(time),
          "https://photos.example.com/" + owner + "/" + time + ".jpg");
    }
  }

  record GetPhoto(int owner, int time) implements Step {
    @Override
    public Object run(QuickPhotos repo, Names names) {
      return repo.getPhoto(names.photo(owner, time));
    }
  }

  record React(int reactor, int owner, int time, ReactionType type) implements Step {
    @Override
    public Object run(QuickPhotos repo, Names names) {
      return repo.reactTo(names.user(reactor), names.photo(owner, time), type);
    }
  }

  /**
   * The same reaction twice in a row: a repeat of a random reaction is too rare in a random
   * history for AlreadyReactedException to appear in every build.
   */
  record ReactTwice(int reactor, int owner, int time, ReactionType type) implements Step {
    @Override
    public Object run(QuickPhotos repo, Names names) {
      React react = new React(reactor, owner, time, type);
      Outcome<Object> first = Outcome.of(() -> react.run(repo, names));
      Outcome<Object> second = Outcome.of(() -> react.run(repo, names));
      return List.of(outcome(first), outcome(second));
    }

    private static String outcome(Outcome<Object> outcome) {
      return outcome.failed() ? outcome.error().getSimpleName() : "ok";
    }
  }

  record Follow(int follower, int followed) implements Step {
    @Override
    public Object run(QuickPhotos repo, Names names) {
      return repo.follow(names.user(follower), names.user(followed));
    }
  }

  record Unfollow(int follower, int followed) implements Step {
    @Override
    public Object run(QuickPhotos repo, Names names) {
      repo.unfollow(names.user(follower), names.user(followed));
      return "unfollowed";
    }
  }

  /** Every page of the user's photos, in pages of {@code size}. */
  record UserWithPhotos(int user, SortOrder order, int size) implements Step {
    @Override
    public Object run(QuickPhotos repo, Names names) {
      List<UserPhotos> pages = new ArrayList<>();
      PageRequest page = PageRequest.first(size);
      while (true) {
        UserPhotos read = repo.userWithPhotos(names.user(user), order, page);
        pages.add(read);
        if (!read.photos().hasNext()) {
          return pages;
        }
        page = read.photos().next(size);
      }
    }
  }

  /** Every page of the photo's reactions, in pages of {@code size}. */
  record PhotoWithReactions(int owner, int time, int size) implements Step {
    @Override
    public Object run(QuickPhotos repo, Names names) {
      List<PhotoReactions> pages = new ArrayList<>();
      PageRequest page = PageRequest.first(size);
      while (true) {
        PhotoReactions read = repo.photoWithReactions(names.photo(owner, time), page);
        pages.add(read);
        if (!read.reactions().hasNext()) {
          return pages;
        }
        page = read.reactions().next(size);
      }
    }
  }

  /** Every page of a follow listing, in pages of {@code size}. */
  record Listing(boolean followers, int user, int size) implements Step {
    @Override
    public Object run(QuickPhotos repo, Names names) {
      List<Page<?>> pages = new ArrayList<>();
      PageRequest page = PageRequest.first(size);
      while (true) {
        Page<?> read = followers ? repo.followersOf(names.user(user), page)
            : repo.followedBy(names.user(user), page);
        pages.add(read);
        if (!read.hasNext()) {
          return pages;
        }
        page = read.next(size);
      }
    }
  }

  /** A call that must be refused before any request. */
  record BadInput(int kind, int user) implements Step {
    @Override
    public Object run(QuickPhotos repo, Names names) {
      String username = names.user(user);
      return switch (kind) {
        case 0 -> repo.createUser(new NewUser(username + "#x", "N", "n@x.io",
            LocalDate.of(1990, 1, 1), "", UserStatus.ACTIVE));
        case 1 -> repo.followersOf(username, PageRequest.first(0));
        case 2 -> repo.followedBy(username, PageRequest.after("bm90LWEtY3Vyc29y", 5));
        default -> repo.reactTo(username, names.photo(user, 0), null);
      };
    }
  }

  /**
   * A cursor from one user's follower listing replayed on another's: both backends must refuse
   * it, or — when the first listing had a single page — agree on the listing.
   */
  record ForeignCursor(int from, int to) implements Step {
    @Override
    public Object run(QuickPhotos repo, Names names) {
      Page<io.quickphotos.Follow> first = repo.followersOf(names.user(from), PageRequest.first(1));
      return first.nextCursor()
          .map(cursor -> (Object) repo.followersOf(names.user(to), PageRequest.after(cursor, 1)))
          .orElse(first);
    }
  }

  // --- generators ----------------------------------------------------------------------------

  static Gen<List<Step>> histories() {
    Gen<Integer> user = Gen.integers(0, USERS.size() - 1);
    Gen<Integer> time = Gen.integers(0, TIMES.size() - 1);
    Gen<Integer> size = Gen.integers(1, 3);
    Gen<Step> step = Gen.frequency(
        Gen.weighted(3, user.map(CreateUser::new)),
        Gen.weighted(1, user.map(GetUser::new)),
        Gen.weighted(1, c -> new UpdateName(user.generate(c),
            Gen.of("Ann", "Zoë Ö", "李").generate(c))),
        Gen.weighted(4, c -> new Upload(user.generate(c), time.generate(c))),
        Gen.weighted(1, c -> new GetPhoto(user.generate(c), time.generate(c))),
        Gen.weighted(5, c -> new React(user.generate(c), user.generate(c), time.generate(c),
            Gen.of(ReactionType.HEART, ReactionType.SMILEY).generate(c))),
        Gen.weighted(1, c -> new ReactTwice(user.generate(c), user.generate(c), time.generate(c),
            Gen.of(ReactionType.HEART, ReactionType.SMILEY).generate(c))),
        Gen.weighted(5, c -> new Follow(user.generate(c), user.generate(c))),
        Gen.weighted(2, c -> new Unfollow(user.generate(c), user.generate(c))),
        Gen.weighted(2, c -> new UserWithPhotos(user.generate(c),
            Gen.of(SortOrder.class).generate(c), size.generate(c))),
        Gen.weighted(2, c -> new PhotoWithReactions(user.generate(c), time.generate(c),
            size.generate(c))),
        Gen.weighted(3, c -> new Listing(Gen.booleans().generate(c), user.generate(c),
            size.generate(c))),
        Gen.weighted(1, c -> new BadInput(Gen.integers(0, 3).generate(c), user.generate(c))),
        Gen.weighted(1, c -> new ForeignCursor(user.generate(c), user.generate(c))));
    // Most histories start by creating some users, so that later steps meet existing ones. A
    // failure shrinks by removing steps, down to the shortest history that still fails.
    Gen<Step> prelude = user.map(CreateUser::new);
    return c -> {
      List<Step> history = new ArrayList<>(prelude.list(0, USERS.size()).generate(c));
      history.addAll(step.steps(20, 40).generate(c));
      return history;
    };
  }
}
