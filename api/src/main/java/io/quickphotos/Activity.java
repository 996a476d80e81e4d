package io.quickphotos;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * One line of a user's activity inbox ({@link QuickPhotos#activity}): one event, or several of
 * one kind grouped ("ann and 12 others reacted to your photo"). Events group when they are of
 * the same kind and about the same thing: reactions to one photo, follows, requests, approvals,
 * new photos of one author.
 *
 * @param kind what happened
 * @param actors who did it, newest first, each once, at most {@link #NAMED} of them named
 * @param count how many users did it in all ({@code count - actors().size()} are the "others")
 * @param photo the photo a reaction was left on, or the newest of an author's new photos; empty
 *     for follows, requests and approvals
 * @param reactions the types of reaction the group holds (empty for other kinds)
 * @param latest when the newest of the group's events happened
 * @param unread whether that event came after the user last marked the inbox read
 */
public record Activity(
    ActivityKind kind,
    List<String> actors,
    int count,
    Optional<PhotoId> photo,
    Set<ReactionType> reactions,
    Instant latest,
    boolean unread) {

  /** The most actors a group names; the rest are counted. */
  public static final int NAMED = 3;

  /**
   * Checks the components and copies the collections.
   *
   * @param kind what happened
   * @param actors who did it, newest first
   * @param count how many users did it
   * @param photo the photo, if the kind has one
   * @param reactions the types of reaction
   * @param latest the newest event's time
   * @param unread whether it is unread
   * @throws NullPointerException if a component is null
   * @throws IllegalArgumentException if no actor is named, more than {@link #NAMED} are, or the
   *     count is below the number named
   */
  public Activity {
    Objects.requireNonNull(kind, "kind");
    actors = List.copyOf(actors);
    Objects.requireNonNull(photo, "photo");
    reactions = Set.copyOf(reactions);
    Objects.requireNonNull(latest, "latest");
    if (actors.isEmpty() || actors.size() > NAMED || count < actors.size()) {
      throw new IllegalArgumentException(
          "an activity names 1 to " + NAMED + " of its " + count + " actors: " + actors);
    }
  }

  /**
   * How many did it beyond those named: the 12 of "ann and 12 others".
   *
   * @return {@code count - actors().size()}
   */
  public int others() {
    return count - actors.size();
  }
}
