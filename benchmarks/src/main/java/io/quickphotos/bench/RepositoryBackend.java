package io.quickphotos.bench;

import io.quickphotos.engine.Item;
import io.quickphotos.engine.ItemCondition;
import io.quickphotos.internal.singletable.KeyLayout;
import io.quickphotos.internal.repository.Repositories;
import io.quickphotos.internal.repository.RepositoryOptions;
import io.quickphotos.engine.Table;
import io.quickphotos.engine.WriteAction;

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
import io.quickphotos.memory.MemoryQuickPhotos;
import io.quickphotos.memory.internal.MemoryTable;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The real thing: every access pattern through the {@link QuickPhotos} repository of a backend.
 * The writes that undo the benchmarked writes go around the repository, which has no such
 * operations, straight to the backend's engine through the {@link Table} SPI, where the cost
 * listener does not see them.
 */
final class RepositoryBackend implements Backend {
  private static final PageRequest FIRST_PAGE = PageRequest.first(DataSet.PAGE_SIZE);

  private final QuickPhotos photos;
  private final Undo undo;
  private final CostRecorder costs;
  private final AutoCloseable resources;

  private RepositoryBackend(QuickPhotos photos, Undo undo, CostRecorder costs,
      AutoCloseable resources) {
    this.photos = photos;
    this.undo = undo;
    this.costs = costs;
    this.resources = resources;
  }

  /**
   * The in-memory backend, loaded.
   *
   * @param data the data set
   * @return the backend
   */
  static RepositoryBackend memory(DataSet data) {
    CostRecorder costs = new CostRecorder();
    MemoryTable table = new MemoryTable();
    QuickPhotos photos = Repositories.create(table, RepositoryOptions.defaults().withCostListener(costs).withClock(DataSet.CLOCK));
    Loader.load(photos, data, "memory");
    return new RepositoryBackend(photos, new TableUndo(table, data), costs, () -> { });
  }

  /**
   * The DynamoDB backend on DynamoDB Local, loaded.
   *
   * @param data the data set
   * @return the backend; closing it stops DynamoDB Local
   */
  static RepositoryBackend dynamoDbLocal(DataSet data) {
    CostRecorder costs = new CostRecorder();
    LocalTable table = LocalTable.load(data, costs);
    try {
      return new RepositoryBackend(table.repository(), new TableUndo(table.engine(), data), costs,
          table);
    } catch (RuntimeException e) {
      table.close();
      throw e;
    }
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
  public User createAndDeleteUser(NewUser user) {
    User created = photos.createUser(user);
    undo.deleteUser(user.username());
    return created;
  }

  @Override
  public Photo uploadAndDeletePhoto(PhotoId id, String location) {
    Photo photo = photos.uploadPhoto(id.owner(), id.timestamp(), location);
    undo.deletePhoto(id);
    return photo;
  }

  @Override
  public Reaction reactAndUndo(String reactor, PhotoId photo, ReactionType type) {
    Reaction reaction = photos.reactTo(reactor, photo, type);
    undo.deleteReaction(reaction);
    return reaction;
  }

  @Override
  public Follow followAndUnfollow(String follower, String followed) {
    Follow follow = photos.follow(follower, followed);
    photos.unfollow(follower, followed);
    return follow;
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
  public Reaction reactAndRemove(String reactor, PhotoId photo, ReactionType type) {
    Reaction reaction = photos.reactTo(reactor, photo, type);
    photos.removeReaction(reactor, photo, type);
    return reaction;
  }

  @Override
  public Photo uploadThenDeletePhoto(PhotoId id, String location) {
    Photo photo = photos.uploadPhoto(id.owner(), id.timestamp(), location);
    photos.deletePhoto(id);
    return photo;
  }

  @Override
  public User createThenDeleteUser(NewUser user) {
    User created = photos.createUser(user);
    photos.deleteUser(user.username());
    return created;
  }

  @Override
  public CostRecorder costs() {
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

  /** The writes the repository has no operation for, which put the table back as it was. */
  interface Undo {
    /**
     * Deletes a user's profile.
     *
     * @param username the user
     */
    void deleteUser(String username);

    /**
     * Deletes a photo.
     *
     * @param id the photo
     */
    void deletePhoto(PhotoId id);

    /**
     * Deletes a reaction and puts its photo back as it was loaded, in one transaction.
     *
     * @param reaction the reaction
     */
    void deleteReaction(Reaction reaction);
  }

  /** Undoes writes through an engine's {@link Table} SPI. */
  private static final class TableUndo implements Undo {
    private final Table table;
    private final Map<PhotoId, Item> loadedPhotos = new HashMap<>();

    TableUndo(Table table, DataSet data) {
      this.table = table;
      for (PhotoId id : data.photoRing) {
        loadedPhotos.computeIfAbsent(id,
            photo -> table.getItem(KeyLayout.photo(photo)).item().orElseThrow());
      }
    }

    @Override
    public void deleteUser(String username) {
      table.write(new WriteAction.Delete(KeyLayout.user(username), ItemCondition.NONE));
    }

    @Override
    public void deletePhoto(PhotoId id) {
      table.write(new WriteAction.Delete(KeyLayout.photo(id), ItemCondition.NONE));
    }

    @Override
    public void deleteReaction(Reaction reaction) {
      table.transactWrite(List.of(
          new WriteAction.Delete(KeyLayout.reaction(reaction.reactor(), reaction.type(),
              reaction.photo()), ItemCondition.NONE),
          new WriteAction.Put(loadedPhotos.get(reaction.photo()), ItemCondition.NONE)));
    }
  }
}
