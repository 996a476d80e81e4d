package io.quickphotos;

import java.time.Instant;
import java.util.Map;

/**
 * A photo as stored, with its reaction counters.
 *
 * @param id the owner and timestamp that identify the photo
 * @param location where the image is served from (a URL)
 * @param reactions how many users left each reaction type; every type is present
 */
public record Photo(PhotoId id, String location, Map<ReactionType, Long> reactions) {

  /**
   * Creates a photo record; the reaction map is copied.
   *
   * @param id the owner and timestamp that identify the photo
   * @param location where the image is served from
   * @param reactions reaction counters per type
   */
  public Photo {
    reactions = Map.copyOf(reactions);
  }

  /**
   * The photo's owner, for convenience.
   *
   * @return {@code id().owner()}
   */
  public String owner() {
    return id.owner();
  }

  /**
   * When the photo was taken, for convenience.
   *
   * @return {@code id().timestamp()}
   */
  public Instant timestamp() {
    return id.timestamp();
  }

  /**
   * The counter of one reaction type.
   *
   * @param type the reaction type
   * @return how many users left that reaction, zero if none
   */
  public long reactionCount(ReactionType type) {
    return reactions.getOrDefault(type, 0L);
  }

  @Override
  public String toString() {
    return "Photo<" + id.owner() + " -- " + id.timestamp() + ">";
  }
}
