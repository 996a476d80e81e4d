package io.quickphotos;

import java.util.Locale;

/**
 * The closed set of reactions a user can leave on a photo. Each user may use each type once per
 * photo; the photo keeps a counter per type.
 */
public enum ReactionType {
  /** A heart. */
  HEART,
  /** A smiley face. */
  SMILEY,
  /** A thumbs-up. */
  THUMBSUP,
  /** A face with sunglasses. */
  SUNGLASSES;

  /** Computed once: every reaction and photo item holds it, and should hold the same copy. */
  private final String storedName = name().toLowerCase(Locale.ROOT);

  /**
   * The lower-case name stored in keys and in the photo's {@code reactions} map.
   *
   * @return the stored name, e.g. {@code "heart"}
   */
  public String storedName() {
    return storedName;
  }

  /**
   * Parses a stored or user-typed name, ignoring case.
   *
   * @param name e.g. {@code "heart"} or {@code "HEART"}
   * @return the reaction type
   * @throws InvalidInputException if {@code name} is null or names no reaction type
   */
  public static ReactionType parse(String name) {
    if (name != null) {
      for (ReactionType type : values()) {
        if (type.name().equalsIgnoreCase(name)) {
          return type;
        }
      }
    }
    throw new InvalidInputException(
        "unknown reaction type: "
            + name
            + " (expected one of heart, smiley, thumbsup, sunglasses)");
  }
}
