package io.quickphotos;

import java.time.Instant;
import java.util.Objects;

/**
 * One view of a photo, as {@link QuickPhotos#viewPhoto} counted it.
 *
 * @param viewer the handle of the user who viewed the photo
 * @param photo the photo viewed
 * @param timestamp when the view was counted, by the repository's clock
 * @param first whether this was the viewer's first view of the photo: true exactly when this view
 *     also counted the viewer among the photo's unique viewers
 */
public record PhotoView(String viewer, PhotoId photo, Instant timestamp, boolean first) {
  /**
   * Checks the components.
   *
   * @param viewer the viewer's handle
   * @param photo the photo
   * @param timestamp when it was counted
   * @param first whether it was the viewer's first view
   * @throws NullPointerException if a component is null
   */
  public PhotoView {
    Objects.requireNonNull(viewer, "viewer");
    Objects.requireNonNull(photo, "photo");
    Objects.requireNonNull(timestamp, "timestamp");
  }
}
