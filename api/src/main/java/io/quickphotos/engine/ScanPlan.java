package io.quickphotos.engine;

import java.util.Objects;
import java.util.Optional;

/**
 * One page of a strongly consistent Scan of the table: one segment of a parallel scan, at most
 * {@code limit} items (and 1 MB), after the exclusive start key.
 *
 * @param segment which segment, from 0
 * @param totalSegments how many segments the scan is split into, at least 1
 * @param limit the most items to read
 * @param exclusiveStart the last evaluated key of the segment's previous page, if any
 */
public record ScanPlan(int segment, int totalSegments, int limit, Optional<Key> exclusiveStart) {
  /**
   * Checks the plan.
   *
   * @param segment the record component of that name, as described above
   * @param totalSegments the record component of that name, as described above
   * @param limit the record component of that name, as described above
   * @param exclusiveStart the record component of that name, as described above
   * @throws IllegalArgumentException if the segment is outside {@code [0, totalSegments)} or the
   *     limit is below 1
   */
  public ScanPlan {
    Objects.requireNonNull(exclusiveStart, "exclusiveStart");
    if (totalSegments < 1 || segment < 0 || segment >= totalSegments || limit < 1) {
      throw new IllegalArgumentException(
          "segment " + segment + " of " + totalSegments + ", limit " + limit);
    }
  }

  /**
   * The next page of the same segment.
   *
   * @param lastEvaluated the last evaluated key of this page
   * @return the plan
   */
  public ScanPlan startingAfter(Key lastEvaluated) {
    return new ScanPlan(segment, totalSegments, limit, Optional.of(lastEvaluated));
  }
}
