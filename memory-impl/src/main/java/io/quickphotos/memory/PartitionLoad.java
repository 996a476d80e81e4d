package io.quickphotos.memory;

import java.util.Objects;
import java.util.Optional;

/**
 * What one partition of the table or of {@code InvertedIndex} has served and refused since it was
 * created, as a {@link Throughput.Model} counts it: one row of {@link Throughput.Model#partitions()}.
 * The totals never decrease, so the units a partition consumed between two readings are the
 * difference of its rows; a partition is identified by {@link #onIndex()}, its partition key value
 * and its sort-key range. When a partition splits for heat, its row stays in later readings with
 * {@code split} true and its final totals, and its two halves appear as new rows counting from
 * zero. Immutable.
 *
 * @param onIndex true for a partition of {@code InvertedIndex}, false for one of the table
 * @param partitionValue the partition key value: an item's {@code PK} on the table, its {@code SK}
 *     on the index
 * @param fromSortKey the first sort key the partition covers (inclusive); empty if it covers the
 *     value's lowest sort keys
 * @param toSortKey the first sort key it no longer covers (exclusive); empty if it covers the
 *     value's highest sort keys
 * @param readUnits the read units charged to the partition
 * @param writeUnits the write units charged to the partition: the table's or the index's share
 * @param refused how many requests, batch elements and transaction actions it refused for want of
 *     units, counting each attempt
 * @param split whether the partition has split for heat: its totals are final
 */
public record PartitionLoad(
    boolean onIndex,
    String partitionValue,
    Optional<String> fromSortKey,
    Optional<String> toSortKey,
    double readUnits,
    double writeUnits,
    long refused,
    boolean split) {

  /**
   * Creates a row.
   *
   * @param onIndex true for the index, false for the table
   * @param partitionValue the partition key value
   * @param fromSortKey the inclusive lower end of the sort-key range, if bounded
   * @param toSortKey the exclusive upper end of the sort-key range, if bounded
   * @param readUnits read units charged
   * @param writeUnits write units charged
   * @param refused refusals
   * @param split whether the partition has split
   * @throws NullPointerException if an argument is null
   */
  public PartitionLoad {
    Objects.requireNonNull(partitionValue, "partitionValue");
    Objects.requireNonNull(fromSortKey, "fromSortKey");
    Objects.requireNonNull(toSortKey, "toSortKey");
  }
}
