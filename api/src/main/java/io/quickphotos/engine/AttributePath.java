package io.quickphotos.engine;

import java.util.List;

/**
 * A document path into an item: a top-level attribute, a key inside a top-level map attribute
 * (such as {@code reactions.heart}), or a key inside a map held by such a key (such as
 * {@code app.exif.iso}, one level into an application's map attribute).
 *
 * @param names the path's segments, one to three
 */
public record AttributePath(List<String> names) {

  /** The most segments a path has: the application's attributes live one map deep. */
  public static final int MAX_SEGMENTS = 3;

  /**
   * Creates a path.
   *
   * @param names one to three segments
   */
  public AttributePath {
    names = List.copyOf(names);
    if (names.isEmpty() || names.size() > MAX_SEGMENTS) {
      throw new IllegalArgumentException("a path has one to three segments: " + names);
    }
  }

  /**
   * A path to a top-level attribute.
   *
   * @param attribute the attribute name
   * @return the path
   */
  public static AttributePath of(String attribute) {
    return new AttributePath(List.of(attribute));
  }

  /**
   * A path to a key inside a top-level map attribute.
   *
   * @param attribute the map attribute's name
   * @param key the key inside the map
   * @return the path
   */
  public static AttributePath of(String attribute, String key) {
    return new AttributePath(List.of(attribute, key));
  }

  /**
   * A path to a key inside a map held by a key of a top-level map attribute.
   *
   * @param attribute the map attribute's name
   * @param key the key inside it, which holds a map
   * @param inner the key inside that map
   * @return the path
   */
  public static AttributePath of(String attribute, String key, String inner) {
    return new AttributePath(List.of(attribute, key, inner));
  }

  /**
   * The top-level attribute the path lies in.
   *
   * @return its first segment
   */
  public String top() {
    return names.get(0);
  }

  /**
   * The path's last segment: the attribute or key it names.
   *
   * @return the last segment
   */
  public String last() {
    return names.get(names.size() - 1);
  }

  @Override
  public String toString() {
    return String.join(".", names);
  }
}
