package io.quickphotos;

import java.time.Instant;

/**
 * A friendship: one user follows another.
 *
 * @param follower the username of the user who follows
 * @param followed the username of the user being followed
 * @param since when the follow was made
 */
public record Follow(String follower, String followed, Instant since) {

  @Override
  public String toString() {
    return "Follow<" + follower + " -> " + followed + ">";
  }
}
