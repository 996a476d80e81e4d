package io.quickphotos.bench;

import io.quickphotos.Page;
import io.quickphotos.Photo;
import io.quickphotos.SortOrder;
import io.quickphotos.User;
import io.quickphotos.UserPhotos;
import io.quickphotos.memory.MemoryTable;
import io.quickphotos.singletable.Capacity;
import io.quickphotos.singletable.Index;
import io.quickphotos.singletable.Item;
import io.quickphotos.singletable.ItemCodec;
import io.quickphotos.singletable.Key;
import io.quickphotos.singletable.KeyLayout;
import io.quickphotos.singletable.Plans;
import io.quickphotos.singletable.QueryPlan;
import io.quickphotos.singletable.QueryResult;
import io.quickphotos.singletable.SortKeyCondition;
import io.quickphotos.singletable.Table;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The query shapes on any engine, through the {@link Table} SPI: the design's plans from
 * {@link Plans}, the alternatives as {@link QueryPlan}s built here, items read with
 * {@link ItemCodec}. Each request's capacity goes to the cost recorder.
 */
final class TableShapes implements QueryShapes {
  private final Table table;
  private final CostRecorder costs = new CostRecorder();

  private TableShapes(Table table) {
    this.table = table;
  }

  /**
   * The in-memory engine, loaded with the data set and the denormalized copies.
   *
   * @param data the data set
   * @return the shapes
   */
  static TableShapes memory(DataSet data) {
    MemoryTable table = new MemoryTable();
    long start = System.nanoTime();
    List<Item> items = Loader.items(data);
    items.addAll(Loader.profileCopies(data, items));
    Loader.put(table, items);
    Loader.loaded("memory", items.size(), start);
    return new TableShapes(table);
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
    QueryResult copies = query(new QueryPlan(Index.INVERTED, RawSdk.FOLLOWS_COPY + username,
        Optional.empty(), true, DataSet.PAGE_SIZE, Optional.empty(), false));
    List<User> users = new ArrayList<>(copies.items().size());
    for (Item item : copies.items()) {
      users.add(ItemCodec.user(item));
    }
    return new Page<>(users, cursor(copies));
  }

  @Override
  public CostRecorder costs() {
    return costs;
  }

  @Override
  public void close() {
    // The in-memory engine holds nothing but memory.
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
