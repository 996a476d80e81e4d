package io.quickphotos;

import java.io.Serializable;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The identifiers a not-found or conflict exception concerns, each null where it does not apply:
 * one value the root {@link QuickPhotosException} keeps for every class, so that each class only
 * picks its accessors. Immutable; every factory requires its identifiers.
 *
 * @param username the user that is missing or taken
 * @param follower the user who follows, or would
 * @param followed the user followed, or who would be
 * @param reactor the reacting user
 * @param photoOwner the photo's owner
 * @param photoTimestamp the photo's timestamp
 * @param type the reaction type
 * @param blocker the user who blocked
 * @param blocked the user blocked
 */
record Concerns(
    String username,
    String follower,
    String followed,
    String reactor,
    String photoOwner,
    Instant photoTimestamp,
    ReactionType type,
    String blocker,
    String blocked)
    implements Serializable {
  private static final long serialVersionUID = 2L;

  static Concerns user(String username) {
    return new Concerns(
        Objects.requireNonNull(username, "username"),
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null);
  }

  static Concerns photo(PhotoId photo) {
    Objects.requireNonNull(photo, "photo");
    return new Concerns(null, null, null, null, photo.owner(), photo.timestamp(), null, null, null);
  }

  static Concerns follow(String follower, String followed) {
    return new Concerns(
        null,
        Objects.requireNonNull(follower, "follower"),
        Objects.requireNonNull(followed, "followed"),
        null,
        null,
        null,
        null,
        null,
        null);
  }

  static Concerns block(String blocker, String blocked) {
    return new Concerns(
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        Objects.requireNonNull(blocker, "blocker"),
        Objects.requireNonNull(blocked, "blocked"));
  }

  static Concerns reaction(String reactor, PhotoId photo, ReactionType type) {
    Objects.requireNonNull(photo, "photo");
    return new Concerns(
        null,
        null,
        null,
        Objects.requireNonNull(reactor, "reactor"),
        photo.owner(),
        photo.timestamp(),
        Objects.requireNonNull(type, "type"),
        null,
        null);
  }

  /** The photo, for the classes that concern one. */
  PhotoId photo() {
    return new PhotoId(photoOwner, photoTimestamp);
  }

  /**
   * The identifiers by name, as {@link QuickPhotosException#identifiers()} gives them.
   *
   * @param concerns the identifiers, or null for none
   * @return the present ones, in a stable order, unmodifiable
   */
  static Map<String, String> named(Concerns concerns) {
    if (concerns == null) {
      return Map.of();
    }
    Map<String, String> named = new LinkedHashMap<>(8);
    putIfPresent(named, "username", concerns.username);
    putIfPresent(named, "follower", concerns.follower);
    putIfPresent(named, "followed", concerns.followed);
    putIfPresent(named, "reactor", concerns.reactor);
    putIfPresent(named, "photoOwner", concerns.photoOwner);
    if (concerns.photoTimestamp != null) {
      named.put("photoTimestamp", concerns.photoTimestamp.toString());
    }
    if (concerns.type != null) {
      named.put("reactionType", concerns.type.storedName());
    }
    putIfPresent(named, "blocker", concerns.blocker);
    putIfPresent(named, "blocked", concerns.blocked);
    return Collections.unmodifiableMap(named);
  }

  private static void putIfPresent(Map<String, String> named, String name, String value) {
    if (value != null) {
      named.put(name, value);
    }
  }
}
