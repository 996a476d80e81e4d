package io.quickphotos.bench.patterns;

// Internal on purpose (README.md, "What the benchmarks use"): the writes that undo a benchmarked
// write (one DeleteItem, or a reaction's delete and its photo put back) go to the engine; the
// public API has only the cascades, whose own requests would be timed with the write.
import io.quickphotos.Follow;
import io.quickphotos.NewUser;
import io.quickphotos.Page;
import io.quickphotos.PageRequest;
import io.quickphotos.Photo;
import io.quickphotos.PhotoId;
import io.quickphotos.PhotoReactions;
import io.quickphotos.QuickPhotos;
import io.quickphotos.Reaction;
import io.quickphotos.ReactionType;
import io.quickphotos.SortOrder;
import io.quickphotos.User;
import io.quickphotos.UserPhotos;
import io.quickphotos.bench.CostTally;
import io.quickphotos.bench.DataSet;
import io.quickphotos.bench.Engines;
import io.quickphotos.bench.LocalTable;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.ItemCondition;
import io.quickphotos.engine.Table;
import io.quickphotos.engine.WriteAction;
import io.quickphotos.internal.singletable.layout.KeyLayout;
import io.quickphotos.memory.internal.MemoryTable;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The real thing: every access pattern through the {@link QuickPhotos} repository of a backend.
 * The erasing writes go around the repository, which has no such operations, straight to the
 * backend's engine through the {@link Table} SPI, where the cost listener does not see them.
 */
public final class RepositoryBackend implements BenchmarkTarget {
  private static final PageRequest FIRST_PAGE = PageRequest.first(DataSet.PAGE_SIZE);

  private final QuickPhotos photos;
  private final Table engine;
  private final CostTally costs;
  private final Runnable release;
  private final Map<PhotoId, Item> loadedPhotos = new HashMap<>();

  private RepositoryBackend(QuickPhotos photos, Table engine, CostTally costs, Runnable release) {
    this.photos = photos;
    this.engine = engine;
    this.costs = costs;
    this.release = release;
  }

  /**
   * The in-memory backend, loaded.
   *
   * @param data the data set
   * @return the backend
   */
  static RepositoryBackend memory(DataSet data) {
    CostTally costs = new CostTally();
    MemoryTable table = Engines.memory();
    QuickPhotos photos = Engines.repository(table, costs);
    data.importInto(photos, "memory");
    return new RepositoryBackend(photos, table, costs, () -> {}).rememberPhotos(data);
  }

  /**
   * The DynamoDB backend on DynamoDB Local, loaded.
   *
   * @param data the data set
   * @return the backend; closing it stops DynamoDB Local
   */
  static RepositoryBackend dynamoDbLocal(DataSet data) {
    CostTally costs = new CostTally();
    LocalTable table = LocalTable.load(data, costs);
    try {
      return new RepositoryBackend(
              table.repository(), Engines.dynamoDb(table.client(), true), costs, table::close)
          .rememberPhotos(data);
    } catch (RuntimeException e) {
      table.close();
      throw e;
    }
  }

  /**
   * The DynamoDB backend on a client of one's own, with nothing loaded and nothing to erase.
   *
   * @param client the client
   * @return the backend; closing it leaves the client open
   */
  public static RepositoryBackend dynamoDb(DynamoDbClient client) {
    CostTally costs = new CostTally();
    Table table = Engines.dynamoDb(client, costs.countsSdkAttempts());
    return new RepositoryBackend(Engines.repository(table, costs), table, costs, () -> {});
  }

  /** Reads the photos the reaction benchmark reacts to as they were loaded, to put them back. */
  private RepositoryBackend rememberPhotos(DataSet data) {
    for (PhotoId id : data.photoRing) {
      loadedPhotos.computeIfAbsent(
          id, photo -> engine.getItem(KeyLayout.photo(photo)).item().orElseThrow());
    }
    return this;
  }

  @Override
  public Optional<User> getUser(String username) {
    return photos.getUser(username);
  }

  @Override
  public UserPhotos userWithPhotos(String username) {
    return photos.userWithPhotos(username, SortOrder.NEWEST_FIRST, FIRST_PAGE);
  }

  @Override
  public Optional<Photo> getPhoto(PhotoId id) {
    return photos.getPhoto(id);
  }

  @Override
  public PhotoReactions photoWithReactions(PhotoId id) {
    return photos.photoWithReactions(id, FIRST_PAGE);
  }

  @Override
  public Page<Follow> followersOf(String username) {
    return photos.followersOf(username, FIRST_PAGE);
  }

  @Override
  public Page<User> followedBy(String username) {
    return photos.followedBy(username, FIRST_PAGE);
  }

  @Override
  public boolean isFollowing(String follower, String followed) {
    return photos.isFollowing(follower, followed);
  }

  @Override
  public Set<ReactionType> reactionsLeftBy(String reactor, PhotoId photo) {
    return photos.reactionsLeftBy(reactor, photo);
  }

  @Override
  public User createUser(NewUser user) {
    return photos.createUser(user);
  }

  @Override
  public Photo uploadPhoto(PhotoId id, String location) {
    return photos.uploadPhoto(id.owner(), id.timestamp(), location);
  }

  @Override
  public Reaction reactTo(String reactor, PhotoId photo, ReactionType type) {
    return photos.reactTo(reactor, photo, type);
  }

  @Override
  public Follow follow(String follower, String followed) {
    return photos.follow(follower, followed);
  }

  @Override
  public void unfollow(String follower, String followed) {
    photos.unfollow(follower, followed);
  }

  @Override
  public void removeReaction(String reactor, PhotoId photo, ReactionType type) {
    photos.removeReaction(reactor, photo, type);
  }

  @Override
  public void deletePhoto(PhotoId id) {
    photos.deletePhoto(id);
  }

  @Override
  public void deleteUser(String username) {
    photos.deleteUser(username);
  }

  @Override
  public void eraseUser(String username) {
    engine.write(new WriteAction.Delete(KeyLayout.user(username), ItemCondition.NONE));
  }

  @Override
  public void erasePhoto(PhotoId id) {
    engine.write(new WriteAction.Delete(KeyLayout.photo(id), ItemCondition.NONE));
  }

  @Override
  public void eraseReaction(Reaction reaction) {
    engine.transactWrite(
        List.of(
            new WriteAction.Delete(
                KeyLayout.reaction(reaction.reactor(), reaction.type(), reaction.photo()),
                ItemCondition.NONE),
            new WriteAction.Put(loadedPhotos.get(reaction.photo()), ItemCondition.NONE)));
  }

  @Override
  public CostTally costs() {
    return costs;
  }

  @Override
  public void close() {
    release.run();
  }
}
