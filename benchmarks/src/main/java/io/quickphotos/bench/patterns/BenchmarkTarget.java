package io.quickphotos.bench.patterns;

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
import io.quickphotos.bench.CostTally;
import io.quickphotos.bench.DataSet;
import io.quickphotos.bench.floors.CollectionsBackend;
import io.quickphotos.bench.floors.RawSdk;
import java.util.Optional;
import java.util.Set;

/**
 * What the access-pattern benchmarks measure, behind one facade: one method per access pattern,
 * implemented by the repository on each backend ({@link RepositoryBackend}) and by the baselines
 * that do the same logical work ({@link CollectionsBackend}, {@link RawSdk}), returning the same
 * records. Listings read the first page of {@link DataSet#PAGE_SIZE} items, newest first where
 * there is a choice.
 *
 * <p>The benchmarked writes come in pairs (the default methods), so the table keeps its size
 * however long a benchmark runs and the same arguments can be used again: a write followed by
 * an {@code erase} that puts back what it changed without being counted (the repository has no
 * such operation), or a write followed by the access pattern that undoes it, both counted. The
 * cost tally shows the access patterns' own requests; the time covers both halves.
 *
 * <p>Implementations are used by one thread at a time.
 */
public interface BenchmarkTarget extends AutoCloseable {

  /** Reads a profile. */
  Optional<User> getUser(String username);

  /** Reads a profile and the first page of photos, newest first. */
  UserPhotos userWithPhotos(String username);

  /** Reads a photo. */
  Optional<Photo> getPhoto(PhotoId id);

  /** Reads a photo and the first page of its reactions. */
  PhotoReactions photoWithReactions(PhotoId id);

  /** Reads the first page of a user's followers. */
  Page<Follow> followersOf(String username);

  /** Reads the profiles of the first page of users a user follows. */
  Page<User> followedBy(String username);

  /** Whether one user follows another. */
  boolean isFollowing(String follower, String followed);

  /** The reaction types a user left on a photo. */
  Set<ReactionType> reactionsLeftBy(String reactor, PhotoId photo);

  /** Creates a user that does not exist. */
  User createUser(NewUser user);

  /** Uploads a photo that does not exist, of an existing user. */
  Photo uploadPhoto(PhotoId id, String location);

  /** Reacts to a photo with a reaction the reactor has not left. */
  Reaction reactTo(String reactor, PhotoId photo, ReactionType type);

  /** Follows a user not followed yet. */
  Follow follow(String follower, String followed);

  /** Unfollows a user followed. */
  void unfollow(String follower, String followed);

  /** Takes a reaction back; the photo's counter goes down by one. */
  void removeReaction(String reactor, PhotoId photo, ReactionType type);

  /** Deletes a photo with the photo-deletion pattern (here: one without reactions). */
  void deletePhoto(PhotoId id);

  /** Closes an account with the account-deletion pattern (here: one with nothing in it). */
  void deleteUser(String username);

  /** Deletes a profile item, uncounted: undoes {@link #createUser}. */
  void eraseUser(String username);

  /** Deletes a photo item, uncounted: undoes {@link #uploadPhoto}. */
  void erasePhoto(PhotoId id);

  /** Deletes a reaction and puts its photo back as loaded, uncounted: undoes {@link #reactTo}. */
  void eraseReaction(Reaction reaction);

  /**
   * Where this target reports what its requests cost.
   *
   * @return the tally; collections make no requests and leave it at zero
   */
  CostTally costs();

  /** Releases the target: stops DynamoDB Local where there is one. */
  @Override
  void close();

  /** Creates a user, then erases it again. */
  default User createAndDeleteUser(NewUser user) {
    User created = createUser(user);
    eraseUser(user.username());
    return created;
  }

  /** Uploads a photo, then erases it again. */
  default Photo uploadAndDeletePhoto(PhotoId id, String location) {
    Photo photo = uploadPhoto(id, location);
    erasePhoto(id);
    return photo;
  }

  /** Reacts to a photo, then erases the reaction and restores the photo's counter. */
  default Reaction reactAndUndo(String reactor, PhotoId photo, ReactionType type) {
    Reaction reaction = reactTo(reactor, photo, type);
    eraseReaction(reaction);
    return reaction;
  }

  /** Follows a user, then unfollows again: both counted. */
  default Follow followAndUnfollow(String follower, String followed) {
    Follow follow = follow(follower, followed);
    unfollow(follower, followed);
    return follow;
  }

  /** Reacts to a photo, then takes the reaction back: both counted. */
  default Reaction reactAndRemove(String reactor, PhotoId photo, ReactionType type) {
    Reaction reaction = reactTo(reactor, photo, type);
    removeReaction(reactor, photo, type);
    return reaction;
  }

  /** Uploads a photo, then deletes it with the photo-deletion pattern: both counted. */
  default Photo uploadThenDeletePhoto(PhotoId id, String location) {
    Photo photo = uploadPhoto(id, location);
    deletePhoto(id);
    return photo;
  }

  /** Creates a user, then closes the account with the account-deletion pattern: both counted. */
  default User createThenDeleteUser(NewUser user) {
    User created = createUser(user);
    deleteUser(user.username());
    return created;
  }
}
