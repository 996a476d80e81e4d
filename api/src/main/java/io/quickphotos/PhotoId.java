package io.quickphotos;

import java.time.Instant;

/**
 * Identifies a photo: its owner and the instant it was taken. Timestamps are stored with
 * nanosecond precision in UTC, so photos taken within the same second stay distinct and ordered.
 *
 * @param owner the username of the user who uploaded the photo
 * @param timestamp when the photo was taken, between years 1 and 9999
 */
public record PhotoId(String owner, Instant timestamp) {

  @Override
  public String toString() {
    return owner + "@" + timestamp;
  }
}
