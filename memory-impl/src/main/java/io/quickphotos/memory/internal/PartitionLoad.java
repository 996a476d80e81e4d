package io.quickphotos.memory.internal;

import io.quickphotos.engine.Index;
import java.util.Objects;
import java.util.Optional;

/**
 * What one partition of the table or of {@code InvertedIndex} has served and refused since it was
 * created, as a {@link ThroughputModel} counts it: one row of a {@link ThroughputModel.Snapshot}.
 * The totals never decrease, so the units a partition consumed between two snapshots are the
 * difference of its rows; a partition is identified by its index, partition key value and sort-key
 * range. When a partition splits for heat, its row stays in later snapshots with {@code split}
 * true and its final totals, and its two halves appear as new rows counting from zero. Immutable.
 *
 * @param index {@link Index#TABLE} for a partition of the table, {@link Index#INVERTED} for one of
 *     the index
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
    Index index,
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
   * @param index the table or the index
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
    Objects.requireNonNull(index, "index");
    Objects.requireNonNull(partitionValue, "partitionValue");
    Objects.requireNonNull(fromSortKey, "fromSortKey");
    Objects.requireNonNull(toSortKey, "toSortKey");
  }
}
