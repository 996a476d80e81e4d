package io.quickphotos.bench;

import io.quickphotos.CostListener;
import io.quickphotos.Follow;
import io.quickphotos.NewUser;
import io.quickphotos.Page;
import io.quickphotos.Photo;
import io.quickphotos.PhotoId;
import io.quickphotos.PhotoReactions;
import io.quickphotos.Reaction;
import io.quickphotos.ReactionType;
import io.quickphotos.User;
import io.quickphotos.UserPhotos;
import java.util.Optional;
import java.util.Set;

/**
 * The baseline beside the DynamoDB backend: the same access patterns as hand-written SDK requests
 * ({@link RawSdk}) on the same DynamoDB Local endpoint and the same loaded table.
 */
final class RawSdkBackend implements Backend {
  private final LocalTable table;
  private final RawSdk raw;
  private final CostRecorder costs;

  private RawSdkBackend(LocalTable table, RawSdk raw, CostRecorder costs) {
    this.table = table;
    this.raw = raw;
    this.costs = costs;
  }

  /**
   * Starts DynamoDB Local and loads the data set.
   *
   * @param data the data set
   * @return the backend; closing it stops DynamoDB Local
   */
  static RawSdkBackend open(DataSet data) {
    LocalTable table = LocalTable.load(data, CostListener.NONE);
    try {
      CostRecorder costs = new CostRecorder();
      RawSdk raw = new RawSdk(table.client(), costs);
      raw.rememberPhotos(data);
      return new RawSdkBackend(table, raw, costs);
    } catch (RuntimeException e) {
      table.close();
      throw e;
    }
  }

  @Override
  public Optional<User> getUser(String username) {
    return raw.getUser(username);
  }

  @Override
  public UserPhotos userWithPhotos(String username) {
    return raw.userWithPhotos(username);
  }

  @Override
  public Optional<Photo> getPhoto(PhotoId id) {
    return raw.getPhoto(id);
  }

  @Override
  public PhotoReactions photoWithReactions(PhotoId id) {
    return raw.photoWithReactions(id);
  }

  @Override
  public Page<Follow> followersOf(String username) {
    return raw.followersOf(username);
  }

  @Override
  public Page<User> followedBy(String username) {
    return raw.followedBy(username);
  }

  @Override
  public User createAndDeleteUser(NewUser user) {
    User created = raw.createUser(user);
    raw.deleteUser(user.username());
    return created;
  }

  @Override
  public Photo uploadAndDeletePhoto(PhotoId id, String location) {
    Photo photo = raw.uploadPhoto(id, location);
    raw.deletePhoto(id);
    return photo;
  }

  @Override
  public Reaction reactAndUndo(String reactor, PhotoId photo, ReactionType type) {
    Reaction reaction = raw.reactTo(reactor, photo, type);
    raw.deleteReaction(reaction);
    return reaction;
  }

  @Override
  public Follow followAndUnfollow(String follower, String followed) {
    Follow follow = raw.follow(follower, followed);
    raw.unfollow(follower, followed);
    return follow;
  }

  @Override
  public boolean isFollowing(String follower, String followed) {
    return raw.isFollowing(follower, followed);
  }

  @Override
  public Set<ReactionType> reactionsLeftBy(String reactor, PhotoId photo) {
    return raw.reactionsLeftBy(reactor, photo);
  }

  @Override
  public Reaction reactAndRemove(String reactor, PhotoId photo, ReactionType type) {
    Reaction reaction = raw.reactTo(reactor, photo, type);
    raw.removeReaction(reactor, photo, type);
    return reaction;
  }

  @Override
  public Photo uploadThenDeletePhoto(PhotoId id, String location) {
    Photo photo = raw.uploadPhoto(id, location);
    raw.deletePhotoWithoutReactions(id);
    return photo;
  }

  @Override
  public User createThenDeleteUser(NewUser user) {
    User created = raw.createUser(user);
    raw.closeEmptyAccount(user.username());
    return created;
  }

  @Override
  public CostRecorder costs() {
    return costs;
  }

  @Override
  public void close() {
    table.close();
  }
}
