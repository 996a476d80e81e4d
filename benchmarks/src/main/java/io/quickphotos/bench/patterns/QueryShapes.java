package io.quickphotos.bench.patterns;

// Internal on purpose (README.md, "What the benchmarks use"): the subject is the design's query
// shapes against their alternatives, sent through each engine's Table SPI with the design's own
// plans and codecs, so that a shape costs the same code on both engines.
import io.quickphotos.CostListener;
import io.quickphotos.Follow;
import io.quickphotos.Page;
import io.quickphotos.Photo;
import io.quickphotos.SortOrder;
import io.quickphotos.User;
import io.quickphotos.UserPhotos;
import io.quickphotos.bench.CostTally;
import io.quickphotos.bench.CountedTable;
import io.quickphotos.bench.DataSet;
import io.quickphotos.bench.Engines;
import io.quickphotos.bench.LocalTable;
import io.quickphotos.engine.Index;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.QueryPlan;
import io.quickphotos.engine.QueryResult;
import io.quickphotos.engine.SortKeyCondition;
import io.quickphotos.engine.Table;
import io.quickphotos.engine.Value;
import io.quickphotos.internal.singletable.codec.ItemCodec;
import io.quickphotos.internal.singletable.feed.FollowPlans;
import io.quickphotos.internal.singletable.layout.KeyLayout;
import io.quickphotos.internal.singletable.photo.PhotoPlans;
import io.quickphotos.internal.singletable.plan.Plans;
import io.quickphotos.memory.internal.MemoryTable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The alternative request shapes of two access patterns, each returning what the access pattern
 * returns, so the shapes can be compared by time and by cost:
 *
 * <ul>
 *   <li>a user and their photos: one Query over the user's item collection (the design), or a
 *       GetItem of the profile then a Query of the photos alone;
 *   <li>the users a user follows: an inverted-index Query then one BatchGetItem of the profiles
 *       (the design), the same Query then one GetItem per profile, or one inverted-index Query of
 *       profile copies denormalized onto per-follow items.
 * </ul>
 *
 * <p>They run on any engine, through the {@link Table} SPI: the design's plans from
 * {@link Plans}, the alternatives as {@link QueryPlan}s built here, items read with
 * {@link ItemCodec}; each request's capacity goes to the cost tally. The denormalized copies are
 * extra items ({@code USER#<followed>}, {@code #FOLLOWS#<follower>}) loaded only for these
 * benchmarks; every other shape reads the same items as the repository. Used by one thread at a
 * time.
 */
public final class QueryShapes implements AutoCloseable {
  /** The sort-key prefix of the denormalized copies of followed users' profiles. */
  static final String FOLLOWS_COPY = "#FOLLOWS#";

  private final CountedTable engine;
  private final Runnable release;

  private QueryShapes(Table table, Runnable release) {
    this.engine = new CountedTable(table, new CostTally());
    this.release = release;
  }

  /**
   * Loads a data set (through the repository) and the denormalized copies into the engine a
   * parameter names.
   *
   * @param backend {@code memory} or {@code dynamodb-local}: which engine's Table SPI
   * @param data the data set
   * @return the loaded shapes, cost tally cleared; closing them stops DynamoDB Local
   */
  static QueryShapes open(String backend, DataSet data) {
    QueryShapes shapes =
        switch (BenchmarkBackend.of(backend)) {
          case MEMORY -> {
            MemoryTable table = Engines.memory();
            data.importInto(Engines.repository(table, CostListener.NONE), "memory");
            yield new QueryShapes(table, () -> {});
          }
          case DYNAMODB_LOCAL -> {
            LocalTable local = LocalTable.load(data, CostListener.NONE);
            yield new QueryShapes(Engines.dynamoDb(local.client(), true), local::close);
          }
          default ->
              throw new IllegalArgumentException(
                  "the query shapes run on the engines, memory"
                      + " and dynamodb-local, not on "
                      + backend);
        };
    try {
      shapes.copyFollowedProfiles(data, backend);
    } catch (RuntimeException e) {
      shapes.close();
      throw e;
    }
    shapes.costs().clear();
    return shapes;
  }

  /**
   * One Query: {@code PK = USER#u AND SK BETWEEN #METADATA#u AND PHOTO$}, newest first.
   *
   * @param username an existing user
   * @return the profile and the first page of photos
   */
  UserPhotos userAndPhotosInOneQuery(String username) {
    QueryResult page =
        engine.query(
            PhotoPlans.userWithPhotos(username, SortOrder.NEWEST_FIRST, DataSet.PAGE_SIZE));
    Optional<User> user = Optional.empty();
    List<Photo> photos = new ArrayList<>(page.items().size());
    for (Item item : page.items()) {
      if (ItemCodec.entityOf(item) == ItemCodec.Entity.USER) {
        user = Optional.of(ItemCodec.user(item));
      } else {
        photos.add(ItemCodec.photo(item));
      }
    }
    return new UserPhotos(user, new Page<>(photos, cursor(page)));
  }

  /**
   * GetItem of the profile, then Query {@code PK = USER#u AND begins_with(SK, PHOTO#u#)}.
   *
   * @param username an existing user
   * @return the profile and the first page of photos
   */
  UserPhotos userThenPhotos(String username) {
    Optional<User> user = engine.get(KeyLayout.user(username)).map(ItemCodec::user);
    QueryResult page =
        engine.query(
            new QueryPlan(
                Index.TABLE,
                KeyLayout.userPartition(username),
                Optional.of(SortKeyCondition.beginsWith(KeyLayout.PHOTO + username + "#")),
                false,
                DataSet.PAGE_SIZE,
                Optional.empty(),
                true));
    List<Photo> photos = new ArrayList<>(page.items().size());
    for (Item item : page.items()) {
      photos.add(ItemCodec.photo(item));
    }
    return new UserPhotos(user, new Page<>(photos, cursor(page)));
  }

  /**
   * Query the inverted index {@code SK = #FRIEND#u}, then one BatchGetItem of the profiles.
   *
   * @param username an existing user
   * @return the followed users' profiles
   */
  Page<User> followedByBatchGet(String username) {
    QueryResult friendships = engine.query(FollowPlans.followedBy(username, DataSet.PAGE_SIZE));
    List<User> users = new ArrayList<>(friendships.items().size());
    for (Item profile : engine.batchGet(followedProfiles(friendships))) {
      users.add(ItemCodec.user(profile));
    }
    return new Page<>(users, cursor(friendships));
  }

  /**
   * Query the inverted index {@code SK = #FRIEND#u}, then one GetItem per profile.
   *
   * @param username an existing user
   * @return the followed users' profiles
   */
  Page<User> followedByGetEach(String username) {
    QueryResult friendships = engine.query(FollowPlans.followedBy(username, DataSet.PAGE_SIZE));
    List<User> users = new ArrayList<>(friendships.items().size());
    for (Key key : followedProfiles(friendships)) {
      engine.get(key).map(ItemCodec::user).ifPresent(users::add);
    }
    return new Page<>(users, cursor(friendships));
  }

  /**
   * Query the inverted index {@code SK = #FOLLOWS#u}: the profile copies, nothing else.
   *
   * @param username an existing user
   * @return the followed users' profiles, as copied when the data was loaded
   */
  Page<User> followedByDenormalized(String username) {
    QueryResult copies =
        engine.query(
            new QueryPlan(
                Index.INVERTED,
                FOLLOWS_COPY + username,
                Optional.empty(),
                true,
                DataSet.PAGE_SIZE,
                Optional.empty(),
                false));
    List<User> users = new ArrayList<>(copies.items().size());
    for (Item item : copies.items()) {
      users.add(ItemCodec.user(item));
    }
    return new Page<>(users, cursor(copies));
  }

  /**
   * Where the shapes report what their requests cost.
   *
   * @return the tally
   */
  CostTally costs() {
    return engine.costs();
  }

  /** Releases the engine: stops DynamoDB Local where there is one. */
  @Override
  public void close() {
    release.run();
  }

  /**
   * Stores, for every follow, a copy of the followed user's profile item in the followed user's
   * partition under {@code #FOLLOWS#<follower>}, where the inverted index lists them by follower:
   * the denormalized shape. The copies sort outside every range the access patterns read.
   */
  private void copyFollowedProfiles(DataSet data, String backend) {
    long start = System.nanoTime();
    Map<String, Item> profiles = new HashMap<>();
    List<Item> copies = new ArrayList<>(data.follows.size());
    for (Follow follow : data.follows) {
      Item profile =
          profiles.computeIfAbsent(
              follow.followed(), followed -> engine.get(KeyLayout.user(followed)).orElseThrow());
      Map<String, Value> copy = new HashMap<>(profile.attributes());
      copy.put(Item.SK, new Value.Str(FOLLOWS_COPY + follow.follower()));
      copies.add(new Item(copy));
    }
    engine.putAll(copies);
    DataSet.printLoaded(backend + " (profile copies)", data.follows.size(), start);
  }

  private static List<Key> followedProfiles(QueryResult friendships) {
    List<Key> keys = new ArrayList<>(friendships.items().size());
    for (Item item : friendships.items()) {
      keys.add(KeyLayout.user(ItemCodec.friendship(item).followed()));
    }
    return keys;
  }

  private static Optional<String> cursor(QueryResult page) {
    return page.lastEvaluatedKey().map(Key::toString);
  }
}
