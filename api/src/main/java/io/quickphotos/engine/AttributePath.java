package io.quickphotos.engine;

import java.util.List;

/**
 * A document path into an item: a top-level attribute, or a key inside a top-level map
 * attribute (such as {@code reactions.heart}).
 *
 * @param names the path's segments, one or two
 */
public record AttributePath(List<String> names) {

  /**
   * Creates a path.
   *
   * @param names one or two segments
   */
  public AttributePath {
    names = List.copyOf(names);
    if (names.isEmpty() || names.size() > 2) {
      throw new IllegalArgumentException("a path has one or two segments: " + names);
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

  @Override
  public String toString() {
    return String.join(".", names);
  }
}
