package io.quickphotos.bench.hybrid;

// Internal on purpose (README.md, "What the benchmarks use"): up to a million followers are made
// as friendship items alone (no users, no follow calls), and the audiences and the follows'
// marks are checked item by item.
import io.quickphotos.CostListener;
import io.quickphotos.FanOut;
import io.quickphotos.Follow;
import io.quickphotos.NewPhoto;
import io.quickphotos.NewUser;
import io.quickphotos.QuickPhotos;
import io.quickphotos.Sharding;
import io.quickphotos.Snapshot;
import io.quickphotos.TableItems;
import io.quickphotos.UserStatus;
import io.quickphotos.bench.DataSet;
import io.quickphotos.bench.feed.FeedScenario;
import io.quickphotos.bench.hybrid.report.HybridFeedReport;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.Table;
import io.quickphotos.internal.repository.Repositories;
import io.quickphotos.internal.repository.RepositoryOptions;
import io.quickphotos.internal.singletable.feed.Timelines;
import io.quickphotos.internal.singletable.layout.KeyLayout;
import io.quickphotos.memory.internal.MemoryTable;
import java.io.StringWriter;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The data of the hybrid feed's measurements ({@link HybridFeedReport}), built on the in-memory
 * engine through the repository's own calls, so the audiences, timelines and follow marks are
 * what the product writes: every timeline follow is a real {@link QuickPhotos#follow} of a
 * repository with {@link FanOut#hybrid()}, and every follow of an account above K is a pull
 * follow because that account really has K followers when it is followed.
 *
 * <p>Two shapes: readers who follow F accounts, some of them above K ({@link #readers}); and an
 * author whose first followers form its audience ({@link #author}). Everything is stamped by
 * {@link DataSet#CLOCK}, and every photo lies within the window before it. Not thread-safe.
 */
public final class HybridScenario {
  /** Photos per followed account: more than a page, as in {@link FeedScenario}. */
  public static final int PHOTOS_PER_AUTHOR = FeedScenario.PHOTOS_PER_FOLLOWEE;

  /** The accounts above K that a reader with pull follows follows. */
  public static final int MAX_PULLS = 5;

  /** The newest photo is taken this long before the clock's now; the oldest stays in the window. */
  static final Duration NEWEST_AGE = Duration.ofDays(1);

  /** The memory table the scenario lives in. */
  public final MemoryTable table = new MemoryTable();

  private HybridScenario() {}

  /**
   * A repository on this scenario's table, without delay and without limits.
   *
   * @param fanOut the feed setting
   * @param sharding the sharding setting
   * @param costs receives each call's cost
   * @return the repository, stamped by {@link DataSet#CLOCK}
   */
  public QuickPhotos repository(FanOut fanOut, Sharding sharding, CostListener costs) {
    return repository(table, fanOut, sharding, 1, costs);
  }

  /**
   * A repository on an engine, stamped by {@link DataSet#CLOCK}.
   *
   * @param engine the table, perhaps wrapped in a latency or throughput model
   * @param fanOut the feed setting
   * @param sharding the sharding setting
   * @param parallelism requests of one call side by side
   * @param costs receives each call's cost
   * @return the repository
   */
  public static QuickPhotos repository(
      Table engine, FanOut fanOut, Sharding sharding, int parallelism, CostListener costs) {
    return Repositories.create(
        engine,
        RepositoryOptions.defaults()
            .withClock(DataSet.CLOCK)
            .withCostListener(costs)
            .withFanOut(fanOut)
            .withSharding(sharding)
            .withParallelism(parallelism));
  }

  /**
   * Readers of a home feed: for each F and each number of pull follows p (0 or
   * {@value #MAX_PULLS}), {@link #reader reader(F, p)} follows the first F − p of the accounts
   * {@code a00000, a00001, ...} (timeline follows) and p of the accounts {@code c0 ... c4}, each
   * followed by K others before the reader follows it (pull follows, read at page time). Every
   * account has {@value #PHOTOS_PER_AUTHOR} photos within the window, their times interleaved as
   * in {@link FeedScenario} so that the newest page mixes the accounts, the pull accounts'
   * among them.
   *
   * @param followees the F values
   * @param pulls the numbers of pull follows, each 0 to {@value #MAX_PULLS}
   * @param k K: the accounts above it are followed by this many first
   * @return the scenario
   */
  public static HybridScenario readers(List<Integer> followees, List<Integer> pulls, int k) {
    return readers(followees, pulls, k, FanOut.hybrid(k, FanOut.DEFAULT_WINDOW));
  }

  /**
   * {@link #readers(List, List, int)} with the readers' follows made under {@code fanOut}: with
   * {@link FanOut#off()} every follow is a pull follow, the table fan-out on read alone serves
   * (a repository reads a timeline only for the follows the table marks served, whatever its own
   * setting).
   *
   * @param followees the F values
   * @param pulls the numbers of pull follows, each 0 to {@value #MAX_PULLS}
   * @param k K: the accounts above it are followed by this many first
   * @param fanOut the setting the readers follow under
   * @return the scenario
   */
  public static HybridScenario readers(
      List<Integer> followees, List<Integer> pulls, int k, FanOut fanOut) {
    int authors = followees.stream().mapToInt(Integer::intValue).max().orElse(0);
    int maxPulls = pulls.stream().mapToInt(Integer::intValue).max().orElse(0);
    HybridScenario scenario = new HybridScenario();
    List<NewUser> users = new ArrayList<>();
    List<NewPhoto> photos = new ArrayList<>();
    List<Follow> follows = new ArrayList<>();
    Instant newest = DataSet.CLOCK.instant().minus(NEWEST_AGE);
    long span = (long) PHOTOS_PER_AUTHOR * authors;
    Instant oldest = newest.minusSeconds(span);
    for (int i = 0; i < authors; i++) {
      String author = author(i);
      users.add(user(author));
      for (int j = 0; j < PHOTOS_PER_AUTHOR; j++) {
        photos.add(photo(author, oldest.plusSeconds((long) j * authors + i), j));
      }
    }
    for (int c = 0; c < maxPulls; c++) {
      String celebrity = celebrity(c);
      users.add(user(celebrity));
      for (int j = 0; j < PHOTOS_PER_AUTHOR; j++) {
        // Half a second after an ordinary account's photo: the newest page holds some of each.
        photos.add(
            photo(
                celebrity,
                oldest
                    .plusSeconds((long) j * authors + (long) c * authors / maxPulls)
                    .plusMillis(500),
                j));
      }
    }
    for (int f = 0; f < k && maxPulls > 0; f++) {
      String fan = handle("cf", f);
      users.add(user(fan));
      for (int c = 0; c < maxPulls; c++) {
        follows.add(new Follow(fan, celebrity(c), DataSet.CLOCK.instant().minus(NEWEST_AGE)));
      }
    }
    for (int f : followees) {
      for (int p : pulls) {
        users.add(user(reader(f, p)));
      }
    }
    // Imported follows are pull follows: they give the accounts above K their followers.
    QuickPhotos hybrid = scenario.repository(fanOut, Sharding.defaults(), c -> {});
    hybrid.importSnapshot(new Snapshot(users, photos, follows, List.of()), n -> {});
    for (int f : followees) {
      for (int p : pulls) {
        if (p > maxPulls || p > f) {
          throw new IllegalArgumentException("cannot follow " + p + " of " + f + " by pull");
        }
        String reader = reader(f, p);
        for (int i = 0; i < f - p; i++) {
          hybrid.follow(reader, author(i));
        }
        for (int c = 0; c < p; c++) {
          hybrid.follow(reader, celebrity(c));
        }
        int served = scenario.timelineFollows(reader, f, p);
        if (served != (fanOut.isHybrid() ? f - p : 0)) {
          throw new IllegalStateException(
              reader + " has " + served + " timeline follows, not " + (f - p));
        }
      }
    }
    return scenario;
  }

  /**
   * An author followed by {@code followers} users, {@code r00000, r00001, ...}, who followed it
   * one after another through a hybrid repository with K = {@code k}: the first K (at most) are
   * its audience, the rest pull follows. Followers beyond {@code realFollowers} are only
   * friendship items written straight to the engine and the author's counter (no user items,
   * no follow calls): what an upload reads, the audience, is the same.
   *
   * @param followers N
   * @param realFollowers how many follow through the repository, at most N
   * @param fanOut the setting the followers follow under
   * @param sharding the sharding setting (the default shards the author at 1,000 followers,
   *     after which its follows are pull follows whatever K is)
   * @return the scenario
   */
  public static HybridScenario author(
      int followers, int realFollowers, FanOut fanOut, Sharding sharding) {
    if (realFollowers > followers) {
      throw new IllegalArgumentException(realFollowers + " of " + followers);
    }
    HybridScenario scenario = new HybridScenario();
    List<NewUser> users = new ArrayList<>(realFollowers + 1);
    users.add(user(AUTHOR));
    for (int i = 0; i < realFollowers; i++) {
      users.add(user(follower(i)));
    }
    QuickPhotos repository = scenario.repository(fanOut, sharding, c -> {});
    repository.importSnapshot(new Snapshot(users, List.of(), List.of(), List.of()), n -> {});
    for (int i = 0; i < realFollowers; i++) {
      repository.follow(follower(i), AUTHOR);
    }
    if (followers > realFollowers) {
      Instant at = DataSet.CLOCK.instant().minus(NEWEST_AGE);
      List<Item> friendships = new ArrayList<>(25);
      for (int i = realFollowers; i < followers; i++) {
        friendships.add(
            io.quickphotos.internal.singletable.codec.ItemCodec.friendship(
                new Follow(follower(i), AUTHOR, at)));
        if (friendships.size() == 25 || i == followers - 1) {
          scenario.table.batchWriteItem(friendships);
          friendships.clear();
        }
      }
      Item profile = scenario.table.getItem(KeyLayout.user(AUTHOR)).item().orElseThrow();
      scenario.table.write(
          new io.quickphotos.engine.WriteAction.Put(
              profile.toBuilder().put("followers", (long) followers).build(),
              io.quickphotos.engine.ItemCondition.NONE));
    }
    return scenario;
  }

  /** The author of {@link #author}. */
  public static final String AUTHOR = "author";

  /**
   * The audience members of an author: the followers whose follow is a timeline follow.
   *
   * @param author the author
   * @return their handles
   */
  public List<String> audience(String author) {
    List<String> members = new ArrayList<>();
    var plan = Timelines.audienceAndPending(author, 1_000);
    while (true) {
      var page = table.query(plan);
      for (Item item : page.items()) {
        if (item.key().sk().startsWith(KeyLayout.AUDIENCE)) {
          members.add(Timelines.memberOf(item));
        }
      }
      if (page.lastEvaluatedKey().isEmpty()) {
        return members;
      }
      plan = plan.startingAfter(page.lastEvaluatedKey().get());
    }
  }

  /** How many of a reader's follows are served by its timeline. */
  private int timelineFollows(String reader, int followees, int pulls) {
    int served = 0;
    List<String> followed = new ArrayList<>();
    for (int i = 0; i < followees - pulls; i++) {
      followed.add(author(i));
    }
    for (int c = 0; c < pulls; c++) {
      followed.add(celebrity(c));
    }
    for (String user : followed) {
      Item friendship = table.getItem(KeyLayout.friendship(user, reader)).item().orElseThrow();
      if (Timelines.servedWindow(friendship).isPresent()) {
        served++;
      }
    }
    return served;
  }

  /**
   * Every item of the scenario as DynamoDB JSON lines ({@link TableItems#export}), to load into
   * another table.
   *
   * @return the lines
   */
  public String lines() {
    StringWriter out = new StringWriter();
    TableItems.export(repository(FanOut.off(), Sharding.defaults(), CostListener.NONE), out);
    return out.toString();
  }

  /**
   * The reader who follows F accounts, p of them by pull.
   *
   * @param followees F
   * @param pulls p
   * @return e.g. {@code r100p5}
   */
  public static String reader(int followees, int pulls) {
    return "r" + followees + "p" + pulls;
  }

  public static String author(int i) {
    return handle("a", i);
  }

  static String celebrity(int c) {
    return "c" + c;
  }

  static String follower(int i) {
    return handle("r", i);
  }

  private static NewPhoto photo(String owner, Instant at, int n) {
    return new NewPhoto(owner, at, "https://photos.example.com/" + owner + "/" + n + ".jpg");
  }

  static NewUser user(String handle) {
    return new NewUser(
        handle,
        "Name of " + handle,
        handle + "@example.com",
        LocalDate.of(1990, 1, 1),
        "1 Main Street",
        UserStatus.ACTIVE);
  }

  private static String handle(String prefix, int i) {
    return String.format(Locale.ROOT, "%s%05d", prefix, i);
  }
}
