package io.quickphotos.bench;

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
 * The facade every access-pattern benchmark calls: one method per access pattern, implemented by
 * the repository on each backend and by the baselines that do the same logical work, returning
 * the same records. Listings read the first page of {@link DataSet#PAGE_SIZE} items, newest
 * first where there is a choice.
 *
 * <p>Each write is followed by the write that undoes it, so the table keeps its size however
 * long a benchmark runs and the same arguments can be used again: the cost counters show the
 * access pattern's own requests, the time covers both.
 *
 * <p>Implementations are used by one thread at a time.
 */
interface Backend extends AutoCloseable {

  /**
   * Reads a profile.
   *
   * @param username an existing user
   * @return the user
   */
  Optional<User> getUser(String username);

  /**
   * Reads a profile and the first page of photos, newest first.
   *
   * @param username an existing user
   * @return the profile and photos
   */
  UserPhotos userWithPhotos(String username);

  /**
   * Reads a photo.
   *
   * @param id an existing photo
   * @return the photo
   */
  Optional<Photo> getPhoto(PhotoId id);

  /**
   * Reads a photo and the first page of its reactions.
   *
   * @param id an existing photo
   * @return the photo and reactions
   */
  PhotoReactions photoWithReactions(PhotoId id);

  /**
   * Reads the first page of a user's followers.
   *
   * @param username an existing user
   * @return the friendships
   */
  Page<Follow> followersOf(String username);

  /**
   * Reads the profiles of the first page of users a user follows.
   *
   * @param username an existing user
   * @return the followed users' profiles
   */
  Page<User> followedBy(String username);

  /**
   * Creates a user, then deletes it again.
   *
   * @param user a user that does not exist
   * @return the user as created
   */
  User createAndDeleteUser(NewUser user);

  /**
   * Uploads a photo, then deletes it again.
   *
   * @param id a photo that does not exist, of an existing user
   * @param location its URL
   * @return the photo as uploaded
   */
  Photo uploadAndDeletePhoto(PhotoId id, String location);

  /**
   * Reacts to a photo, then deletes the reaction and restores the photo's counter.
   *
   * @param reactor an existing user who has not left this reaction
   * @param photo an existing photo
   * @param type the reaction
   * @return the reaction
   */
  Reaction reactAndUndo(String reactor, PhotoId photo, ReactionType type);

  /**
   * Follows a user, then unfollows again: both are access patterns, both are counted.
   *
   * @param follower an existing user who does not follow {@code followed}
   * @param followed another existing user
   * @return the friendship
   */
  Follow followAndUnfollow(String follower, String followed);

  // --- the data's lifecycle: membership checks, taking back, deleting -------------------------

  /**
   * Whether one user follows another.
   *
   * @param follower an existing user
   * @param followed another existing user
   * @return true if the friendship exists
   */
  boolean isFollowing(String follower, String followed);

  /**
   * The reaction types a user left on a photo.
   *
   * @param reactor an existing user
   * @param photo an existing photo
   * @return the types
   */
  Set<ReactionType> reactionsLeftBy(String reactor, PhotoId photo);

  /**
   * Reacts to a photo, then takes the reaction back: both are access patterns, both are counted,
   * and the photo's counter ends where it started.
   *
   * @param reactor an existing user who has not left this reaction
   * @param photo an existing photo
   * @param type the reaction
   * @return the reaction
   */
  Reaction reactAndRemove(String reactor, PhotoId photo, ReactionType type);

  /**
   * Uploads a photo, then deletes it with the photo-deletion pattern (a photo without reactions):
   * both counted.
   *
   * @param id a photo that does not exist, of an existing user
   * @param location its URL
   * @return the photo as uploaded
   */
  Photo uploadThenDeletePhoto(PhotoId id, String location);

  /**
   * Creates a user, then closes the account with the account-deletion pattern (an account with
   * nothing in it): both counted.
   *
   * @param user a user that does not exist
   * @return the user as created
   */
  User createThenDeleteUser(NewUser user);

  /**
   * Where this backend reports what its requests cost.
   *
   * @return the recorder; collections make no requests and leave it at zero
   */
  CostRecorder costs();

  /** Releases the backend: stops DynamoDB Local where there is one. */
  @Override
  void close();
}
