package io.quickphotos;

import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A photo to upload ({@link QuickPhotos#uploadPhoto(NewPhoto)}) or import, before any reaction is
 * counted.
 *
 * <p>Limits (checked by the call, which throws {@link InvalidInputException} naming the field or
 * attribute, before any request): the owner is a valid username; the timestamp in years 1 to
 * 9999; the location an absolute http or https URL of at most 2,048 characters; the caption at
 * most {@value #MAX_CAPTION} characters (Unicode code points) without control characters other
 * than tab, line feed and carriage return; the application's attributes named with 1 to 64 ASCII
 * letters, digits, {@code _} and {@code -}, starting with a letter, their values as
 * {@link AppValue} says, and all of them together at most
 * {@value AppValue#MAX_ATTRIBUTES_BYTES} bytes as DynamoDB counts them (each name's UTF-8 bytes,
 * its value's size and one byte, plus 6 bytes for the one map attribute that holds them). With
 * the layout's own attributes at their largest, such an item stays under DynamoDB's 400 KB.
 *
 * @param owner the handle of the user who uploaded it
 * @param timestamp when it was taken (nanosecond precision, years 1 to 9999)
 * @param location where the image is served from: an absolute http or https URL
 * @param caption the caption; empty for none, not null
 * @param attributes the application's own attributes, by name; may be empty, not null
 */
public record NewPhoto(
    String owner,
    Instant timestamp,
    String location,
    String caption,
    Map<String, AppValue> attributes) {

  /** The longest caption, in characters (Unicode code points). */
  public static final int MAX_CAPTION = 2_200;

  /**
   * Creates a new photo; the attributes are copied (nulls and all: the call judges them).
   *
   * @param owner the handle of the user who uploaded it
   * @param timestamp when it was taken
   * @param location where the image is served from
   * @param caption the caption, empty for none
   * @param attributes the application's attributes
   */
  public NewPhoto {
    attributes = copy(attributes);
  }

  /**
   * A new photo without caption or attributes.
   *
   * @param owner the handle of the user who uploaded it
   * @param timestamp when it was taken (nanosecond precision, years 1 to 9999)
   * @param location where the image is served from: an absolute http or https URL
   */
  public NewPhoto(String owner, Instant timestamp, String location) {
    this(owner, timestamp, location, "", Map.of());
  }

  /**
   * The photo's id.
   *
   * @return owner and timestamp
   */
  public PhotoId id() {
    return new PhotoId(owner, timestamp);
  }

  /** An unmodifiable copy that keeps nulls (for the call to name), or null for null. */
  static Map<String, AppValue> copy(Map<String, AppValue> attributes) {
    if (attributes == null) {
      return null;
    }
    return attributes.isEmpty()
        ? Map.of()
        : Collections.unmodifiableMap(new LinkedHashMap<>(attributes));
  }
}
