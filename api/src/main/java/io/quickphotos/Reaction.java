package io.quickphotos;

import java.time.Instant;

/**
 * One user's reaction of one type on one photo.
 *
 * @param reactor the username of the reacting user
 * @param photo the photo reacted to
 * @param type the reaction type
 * @param timestamp when the reaction was made
 */
public record Reaction(String reactor, PhotoId photo, ReactionType type, Instant timestamp) {

  @Override
  public String toString() {
    return "Reaction<" + reactor + " " + type.storedName() + " " + photo + ">";
  }
}
