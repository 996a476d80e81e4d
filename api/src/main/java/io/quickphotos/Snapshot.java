package io.quickphotos;

import java.util.List;

/**
 * A self-contained data set to import in bulk: users, their photos, follows between them and
 * reactions to their photos. Every photo's owner, every follow's users and every reaction's
 * user and photo must be in the snapshot; the counters (followers, following, reactions per
 * type) are computed from it on import.
 *
 * @param users the users
 * @param photos the photos, each owned by one of the users
 * @param follows the friendships between the users
 * @param reactions the reactions of the users to the photos
 */
public record Snapshot(
    List<NewUser> users, List<NewPhoto> photos, List<Follow> follows, List<Reaction> reactions) {

  /**
   * Creates a snapshot; the lists are copied.
   *
   * @param users the users
   * @param photos the photos
   * @param follows the friendships
   * @param reactions the reactions
   * @throws InvalidInputException if a list is null or holds null
   */
  public Snapshot {
    try {
      users = List.copyOf(users);
      photos = List.copyOf(photos);
      follows = List.copyOf(follows);
      reactions = List.copyOf(reactions);
    } catch (NullPointerException e) {
      throw new InvalidInputException("a snapshot's lists and their elements may not be null", e);
    }
  }

  /**
   * How many items the snapshot becomes in the table: one per user, photo, follow and reaction.
   *
   * @return the item count
   */
  public int itemCount() {
    return users.size() + photos.size() + follows.size() + reactions.size();
  }
}
