package io.quickphotos;

import java.time.Instant;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * A photo as stored, with its reaction counters and its version.
 *
 * <p>The version is 0 for a photo as uploaded and grows by one with the application's edits of
 * it ({@link QuickPhotos#editPhoto}); which edits advance it is stated once, under Versions in
 * {@link QuickPhotos}' Javadoc. An edit may name the version it read
 * ({@link PhotoEdit.Builder#expectedVersion}) and then fails with
 * {@link VersionConflictException}, writing nothing, if the photo has moved on since: so two
 * writers that read, change and write back the same photo never lose each other's change.
 *
 * @param id the owner and timestamp that identify the photo
 * @param location where the image is served from (a URL)
 * @param reactions how many users left each reaction type; every type is present
 * @param caption the caption, empty if it has none
 * @param attributes the application's own attributes, by name (sorted); empty if none
 * @param version how many times the application changed the photo; 0 as uploaded
 * @param views how many times the photo was viewed ({@link QuickPhotos#viewPhoto}), counting every
 *     view of every viewer
 * @param uniqueViewers how many users viewed the photo at least once
 */
public record Photo(
    PhotoId id,
    String location,
    Map<ReactionType, Long> reactions,
    String caption,
    Map<String, AppValue> attributes,
    long version,
    long views,
    long uniqueViewers) {

  /**
   * Creates a photo record; the maps are copied.
   *
   * @param id the owner and timestamp that identify the photo
   * @param location where the image is served from
   * @param reactions reaction counters per type
   * @param caption the caption, empty if none
   * @param attributes the application's attributes
   * @param version how many times the application changed the photo
   * @param views how many times the photo was viewed
   * @param uniqueViewers how many users viewed it
   * @throws NullPointerException if a component is null
   */
  public Photo {
    reactions = Map.copyOf(reactions);
    Objects.requireNonNull(caption, "caption");
    attributes = sorted(attributes);
  }

  /**
   * A photo not viewed yet: no views, no viewers. The constructor of photos before they counted
   * views, kept for the callers that build photos themselves.
   *
   * @param id the owner and timestamp that identify the photo
   * @param location where the image is served from
   * @param reactions reaction counters per type
   * @param caption the caption, empty if none
   * @param attributes the application's attributes
   * @param version how many times the application changed the photo
   */
  public Photo(
      PhotoId id,
      String location,
      Map<ReactionType, Long> reactions,
      String caption,
      Map<String, AppValue> attributes,
      long version) {
    this(id, location, reactions, caption, attributes, version, 0, 0);
  }

  /**
   * A photo as uploaded: version 0.
   *
   * @param id the owner and timestamp that identify the photo
   * @param location where the image is served from
   * @param reactions reaction counters per type
   * @param caption the caption, empty if none
   * @param attributes the application's attributes
   */
  public Photo(
      PhotoId id,
      String location,
      Map<ReactionType, Long> reactions,
      String caption,
      Map<String, AppValue> attributes) {
    this(id, location, reactions, caption, attributes, 0);
  }

  /**
   * A photo without caption or attributes, as photos were before they could have them.
   *
   * @param id the owner and timestamp that identify the photo
   * @param location where the image is served from
   * @param reactions reaction counters per type
   */
  public Photo(PhotoId id, String location, Map<ReactionType, Long> reactions) {
    this(id, location, reactions, "", Map.of());
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

  /** An unmodifiable copy sorted by name, so that every read lists attributes alike. */
  static Map<String, AppValue> sorted(Map<String, AppValue> attributes) {
    if (attributes.isEmpty()) {
      return Map.of();
    }
    Map<String, AppValue> copy = new TreeMap<>();
    for (Map.Entry<String, AppValue> e : attributes.entrySet()) {
      copy.put(
          Objects.requireNonNull(e.getKey(), "attribute name"),
          Objects.requireNonNull(e.getValue(), "attribute value"));
    }
    return Collections.unmodifiableMap(copy);
  }
}
