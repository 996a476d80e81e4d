package io.quickphotos;

import java.time.Instant;

/**
 * A photo to import, before any reaction is counted.
 *
 * @param owner the handle of the user who uploaded it
 * @param timestamp when it was taken (nanosecond precision, years 1 to 9999)
 * @param location where the image is served from: an absolute http or https URL
 */
public record NewPhoto(String owner, Instant timestamp, String location) {

  /**
   * The photo's id.
   *
   * @return owner and timestamp
   */
  public PhotoId id() {
    return new PhotoId(owner, timestamp);
  }
}
