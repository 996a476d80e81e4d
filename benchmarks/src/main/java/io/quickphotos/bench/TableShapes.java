package io.quickphotos.bench;

import io.quickphotos.engine.Capacity;
import io.quickphotos.engine.Index;
import io.quickphotos.engine.Item;
import io.quickphotos.internal.singletable.ItemCodec;
import io.quickphotos.engine.Key;
import io.quickphotos.internal.singletable.KeyLayout;
import io.quickphotos.internal.singletable.Plans;
import io.quickphotos.engine.QueryPlan;
import io.quickphotos.engine.QueryResult;
import io.quickphotos.engine.SortKeyCondition;
import io.quickphotos.engine.Table;
import io.quickphotos.engine.Value;

import io.quickphotos.CostListener;
import io.quickphotos.Follow;
import io.quickphotos.Page;
import io.quickphotos.Photo;
import io.quickphotos.SortOrder;
import io.quickphotos.User;
import io.quickphotos.UserPhotos;
import io.quickphotos.memory.internal.MemoryTable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The query shapes on any engine, through the {@link Table} SPI: the design's plans from
 * {@link Plans}, the alternatives as {@link QueryPlan}s built here, items read with
 * {@link ItemCodec}. Each request's capacity goes to the cost tally.
 */
final class TableShapes implements QueryShapes {
  /** The sort-key prefix of the denormalized copies of followed users' profiles. */
  static final String FOLLOWS_COPY = "#FOLLOWS#";
  /** BatchWriteItem takes at most 25 puts. */
  private static final int BATCH_WRITE_ITEMS = 25;

  private final Table table;
  private final AutoCloseable resources;
  private final CostTally costs = new CostTally();

  private TableShapes(Table table, AutoCloseable resources) {
    this.table = table;
    this.resources = resources;
  }

  /**
   * The in-memory engine, with the data set imported through the repository and the denormalized
   * copies added.
   *
   * @param data the data set
   * @return the shapes
   */
  static TableShapes memory(DataSet data) {
    MemoryTable table = new MemoryTable();
    data.importInto(DataSet.repository(table, CostListener.NONE), "memory");
    copyFollowedProfiles(table, data, "memory");
    return new TableShapes(table, () -> { });
  }

  /**
   * The DynamoDB engine ({@code DynamoTable}) on DynamoDB Local, with the data set
   * imported through the repository and the denormalized copies added.
   *
   * @param data the data set
   * @return the shapes; closing them stops DynamoDB Local
   */
  static TableShapes dynamoDbLocal(DataSet data) {
    LocalTable local = LocalTable.load(data, CostListener.NONE);
    try {
      copyFollowedProfiles(local.engine(), data, "DynamoDB Local");
      return new TableShapes(local.engine(), local);
    } catch (RuntimeException e) {
      local.close();
      throw e;
    }
  }

  @Override
  public UserPhotos userAndPhotosInOneQuery(String username) {
    QueryResult page = query(Plans.userWithPhotos(username, SortOrder.NEWEST_FIRST,
        DataSet.PAGE_SIZE));
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

  @Override
  public UserPhotos userThenPhotos(String username) {
    Optional<User> user = get(KeyLayout.user(username)).map(ItemCodec::user);
    QueryResult page = query(new QueryPlan(Index.TABLE, KeyLayout.userPartition(username),
        Optional.of(SortKeyCondition.beginsWith(KeyLayout.PHOTO + username + "#")), false,
        DataSet.PAGE_SIZE, Optional.empty(), true));
    List<Photo> photos = new ArrayList<>(page.items().size());
    for (Item item : page.items()) {
      photos.add(ItemCodec.photo(item));
    }
    return new UserPhotos(user, new Page<>(photos, cursor(page)));
  }

  @Override
  public Page<User> followedByBatchGet(String username) {
    QueryResult friendships = query(Plans.followedBy(username, DataSet.PAGE_SIZE));
    List<Key> keys = followedProfiles(friendships);
    Map<Key, Item> found = new HashMap<>();
    List<Key> pending = keys;
    while (!pending.isEmpty()) {
      Table.BatchRead read = table.batchGetItem(pending);
      record(read.consumed());
      for (Item item : read.items()) {
        found.put(item.key(), item);
      }
      pending = read.unprocessedKeys();
    }
    List<User> users = new ArrayList<>(keys.size());
    for (Key key : keys) {
      Item profile = found.get(key);
      if (profile != null) {
        users.add(ItemCodec.user(profile));
      }
    }
    return new Page<>(users, cursor(friendships));
  }

  @Override
  public Page<User> followedByGetEach(String username) {
    QueryResult friendships = query(Plans.followedBy(username, DataSet.PAGE_SIZE));
    List<User> users = new ArrayList<>(friendships.items().size());
    for (Key key : followedProfiles(friendships)) {
      get(key).map(ItemCodec::user).ifPresent(users::add);
    }
    return new Page<>(users, cursor(friendships));
  }

  @Override
  public Page<User> followedByDenormalized(String username) {
    QueryResult copies = query(new QueryPlan(Index.INVERTED, FOLLOWS_COPY + username,
        Optional.empty(), true, DataSet.PAGE_SIZE, Optional.empty(), false));
    List<User> users = new ArrayList<>(copies.items().size());
    for (Item item : copies.items()) {
      users.add(ItemCodec.user(item));
    }
    return new Page<>(users, cursor(copies));
  }

  @Override
  public CostTally costs() {
    return costs;
  }

  @Override
  public void close() {
    try {
      resources.close();
    } catch (Exception e) {
      throw new IllegalStateException("could not release " + resources, e);
    }
  }

  /**
   * Stores, for every follow, a copy of the followed user's profile item in the followed user's
   * partition under {@code #FOLLOWS#<follower>}, where the inverted index lists them by follower:
   * the denormalized shape. The copies sort outside every range the access patterns read.
   */
  private static void copyFollowedProfiles(Table table, DataSet data, String backend) {
    long start = System.nanoTime();
    Map<String, Item> profiles = new HashMap<>();
    List<Item> batch = new ArrayList<>(BATCH_WRITE_ITEMS);
    for (Follow follow : data.follows) {
      Item profile = profiles.computeIfAbsent(follow.followed(),
          followed -> table.getItem(KeyLayout.user(followed)).item().orElseThrow());
      Map<String, Value> copy = new HashMap<>(profile.attributes());
      copy.put(Item.SK, new Value.Str(FOLLOWS_COPY + follow.follower()));
      batch.add(new Item(copy));
      if (batch.size() == BATCH_WRITE_ITEMS) {
        putAll(table, batch);
        batch = new ArrayList<>(BATCH_WRITE_ITEMS);
      }
    }
    putAll(table, batch);
    DataSet.printLoaded(backend + " (profile copies)", data.follows.size(), start);
  }

  private static void putAll(Table table, List<Item> items) {
    List<Item> pending = items;
    while (!pending.isEmpty()) {
      pending = table.batchWriteItem(pending).unprocessedItems();
    }
  }

  private static List<Key> followedProfiles(QueryResult friendships) {
    List<Key> keys = new ArrayList<>(friendships.items().size());
    for (Item item : friendships.items()) {
      keys.add(KeyLayout.user(ItemCodec.friendship(item).followed()));
    }
    return keys;
  }

  private Optional<Item> get(Key key) {
    Table.Read read = table.getItem(key);
    record(read.consumed());
    return read.item();
  }

  private QueryResult query(QueryPlan plan) {
    QueryResult result = table.query(plan);
    record(result.consumed());
    return result;
  }

  private void record(Capacity consumed) {
    costs.request(consumed.read(), consumed.write());
  }

  private static Optional<String> cursor(QueryResult page) {
    return page.lastEvaluatedKey().map(Key::toString);
  }
}
