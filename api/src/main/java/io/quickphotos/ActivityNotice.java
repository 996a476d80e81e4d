package io.quickphotos;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * One event for the activity inbox, as the change feed's handler hands it to
 * {@link QuickPhotos#deliverActivity} (quickphotos-streams' {@code ActivityInbox} builds them
 * from the table's stream). Made only by the factories below, one per {@link ActivityKind}.
 *
 * <p>A notice names an event by what the table holds of it (the friendship's, request's or
 * reaction's own time, the photo's id), so that delivering it twice writes the same entry, and
 * so that a read can tell whether the event still stands: an entry whose follow, request or
 * reaction is gone, or was made again at another time, is never shown.
 *
 * @param recipient whose inbox it goes to; for {@link ActivityKind#NEW_PHOTO} the author, whose
 *     followers' inboxes it goes to
 * @param kind what happened
 * @param actor who did it
 * @param photo the photo reacted to or uploaded, if the kind has one
 * @param reaction the reaction's type, for {@link ActivityKind#REACTED}
 * @param at when it happened, as the table records it
 */
public record ActivityNotice(
    String recipient,
    ActivityKind kind,
    String actor,
    Optional<PhotoId> photo,
    Optional<ReactionType> reaction,
    Instant at) {

  /**
   * Checks the components.
   *
   * @param recipient whose inbox
   * @param kind what happened
   * @param actor who did it
   * @param photo the photo, present exactly for reactions and new photos
   * @param reaction the type, present exactly for reactions
   * @param at when
   * @throws NullPointerException if a component is null
   * @throws IllegalArgumentException if the photo or type does not fit the kind
   */
  public ActivityNotice {
    Objects.requireNonNull(recipient, "recipient");
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(actor, "actor");
    Objects.requireNonNull(photo, "photo");
    Objects.requireNonNull(reaction, "reaction");
    Objects.requireNonNull(at, "at");
    boolean hasPhoto = kind == ActivityKind.REACTED || kind == ActivityKind.NEW_PHOTO;
    if (photo.isPresent() != hasPhoto || reaction.isPresent() != (kind == ActivityKind.REACTED)) {
      throw new IllegalArgumentException(
          "a " + kind + " notice with photo " + photo + ", " + reaction);
    }
  }

  /**
   * A follow of a public account.
   *
   * @param follow the friendship
   * @return the followed user's notice
   */
  public static ActivityNotice followed(Follow follow) {
    return new ActivityNotice(
        follow.followed(),
        ActivityKind.FOLLOWED,
        follow.follower(),
        Optional.empty(),
        Optional.empty(),
        follow.since());
  }

  /**
   * A request to follow a private account.
   *
   * @param request the request
   * @return the account's notice
   */
  public static ActivityNotice requested(FollowRequest request) {
    return new ActivityNotice(
        request.account(),
        ActivityKind.REQUESTED,
        request.requester(),
        Optional.empty(),
        Optional.empty(),
        request.since());
  }

  /**
   * An approved request: the friendship it made.
   *
   * @param follow the friendship
   * @return the requester's notice
   */
  public static ActivityNotice approved(Follow follow) {
    return new ActivityNotice(
        follow.follower(),
        ActivityKind.APPROVED,
        follow.followed(),
        Optional.empty(),
        Optional.empty(),
        follow.since());
  }

  /**
   * A reaction to a photo (one's own reactions to one's own photos are not told).
   *
   * @param reaction the reaction
   * @return the photo owner's notice
   */
  public static ActivityNotice reacted(Reaction reaction) {
    return new ActivityNotice(
        reaction.photo().owner(),
        ActivityKind.REACTED,
        reaction.reactor(),
        Optional.of(reaction.photo()),
        Optional.of(reaction.type()),
        reaction.timestamp());
  }

  /**
   * A new photo, for its author's followers.
   *
   * @param photo the photo's id
   * @return the notice, addressed to the author's followers
   */
  public static ActivityNotice newPhoto(PhotoId photo) {
    return new ActivityNotice(
        photo.owner(),
        ActivityKind.NEW_PHOTO,
        photo.owner(),
        Optional.of(photo),
        Optional.empty(),
        photo.timestamp());
  }
}
