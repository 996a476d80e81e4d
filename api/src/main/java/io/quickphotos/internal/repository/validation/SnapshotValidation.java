package io.quickphotos.internal.repository.validation;

import static io.quickphotos.internal.repository.validation.Validation.caption;
import static io.quickphotos.internal.repository.validation.Validation.invalid;
import static io.quickphotos.internal.repository.validation.Validation.location;
import static io.quickphotos.internal.repository.validation.Validation.newUser;
import static io.quickphotos.internal.repository.validation.Validation.notNull;
import static io.quickphotos.internal.repository.validation.Validation.notSame;
import static io.quickphotos.internal.repository.validation.Validation.photoId;
import static io.quickphotos.internal.repository.validation.Validation.timestamp;
import static io.quickphotos.internal.repository.validation.Validation.username;

import io.quickphotos.Follow;
import io.quickphotos.NewPhoto;
import io.quickphotos.NewUser;
import io.quickphotos.PhotoId;
import io.quickphotos.Reaction;
import io.quickphotos.Snapshot;
import java.time.Instant;
import java.time.LocalDate;
import java.util.HashSet;
import java.util.Set;

/**
 * The rules of a snapshot to import: each record's own (those of {@link Validation}), and the
 * snapshot's as a whole. Stateless and thread-safe.
 */
public final class SnapshotValidation {
  private SnapshotValidation() {}

  // A snapshot is valid when every record is, every reference points inside it, and no two
  // records share a key (which BatchWriteItem would refuse, or silently collapse across batches).
  /**
   * Checks a snapshot.
   *
   * @param snapshot the snapshot
   * @param todayUtc today, for birth dates
   * @return {@code snapshot}
   * @throws io.quickphotos.InvalidInputException naming the first record that is not valid
   */
  public static Snapshot snapshot(Snapshot snapshot, LocalDate todayUtc) {
    notNull("snapshot", snapshot);
    Set<String> users = new HashSet<>();
    for (NewUser user : snapshot.users()) {
      newUser(user, todayUtc);
      if (!users.add(user.username())) {
        throw invalid("the snapshot holds user " + user.username() + " twice");
      }
    }
    Set<PhotoId> photos = new HashSet<>();
    for (NewPhoto photo : snapshot.photos()) {
      notNull("photo", photo);
      known(users, "photo owner", username("photo owner", photo.owner()));
      timestamp("photo timestamp", photo.timestamp());
      location(photo.location());
      caption(photo.caption());
      AppValueValidation.attributes("photo", photo.attributes());
      if (!photos.add(photo.id())) {
        throw invalid("the snapshot holds photo " + photo.id() + " twice");
      }
    }
    Set<Follow> follows = new HashSet<>();
    for (Follow follow : snapshot.follows()) {
      notNull("follow", follow);
      known(users, "follower", username("follower", follow.follower()));
      known(users, "followed", username("followed", follow.followed()));
      notSame(follow.follower(), follow.followed());
      timestamp("follow time", follow.since());
      if (!follows.add(new Follow(follow.follower(), follow.followed(), Instant.EPOCH))) {
        throw invalid("the snapshot holds " + follow + " twice");
      }
    }
    Set<Reaction> reactions = new HashSet<>();
    for (Reaction reaction : snapshot.reactions()) {
      notNull("reaction", reaction);
      known(users, "reactor", username("reactor", reaction.reactor()));
      photoId(reaction.photo());
      if (!photos.contains(reaction.photo())) {
        throw invalid("reaction to photo " + reaction.photo() + ", which the snapshot lacks");
      }
      notNull("reaction type", reaction.type());
      timestamp("reaction time", reaction.timestamp());
      if (!reactions.add(
          new Reaction(reaction.reactor(), reaction.photo(), reaction.type(), Instant.EPOCH))) {
        throw invalid("the snapshot holds " + reaction + " twice");
      }
    }
    return snapshot;
  }

  private static void known(Set<String> users, String field, String username) {
    if (!users.contains(username)) {
      throw invalid(field + " " + username + " is not among the snapshot's users");
    }
  }
}
