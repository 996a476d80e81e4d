package io.quickphotos.memory;

/**
 * Per-partition throughput limits for the in-memory engine, as an on-demand DynamoDB table
 * enforces them: at most 3,000 read units and 1,000 write units per second per partition, so a
 * hot key — a celebrity gaining thousands of followers a second — is throttled however little
 * the rest of the table does. Time is the repository's clock, so a test with a manual clock
 * decides when a second has passed.
 *
 * <p><b>What is modelled.</b> Each partition key value of the table ({@code PK}) is one
 * partition with two token buckets, reads and writes, holding at most one second of its limit
 * and refilled continuously at the limit per second of the repository's clock; buckets start
 * full. A request is admitted while every partition it touches has units left (more than zero)
 * and then charged what it consumed, which may overdraw the bucket: the next requests wait until
 * it refills. Charges are the units of the base table: half the billed write units (every
 * quickphotos item is projected whole into {@code InvertedIndex}, whose writes are the other
 * half) and all the read units; a request that touches several partitions has its units split
 * evenly among them. When a partition is exhausted: GetItem, Query, PutItem, UpdateItem and
 * DeleteItem are refused with {@code ProvisionedThroughputExceededException} (retried as the
 * SDK does, under the repository's retry policy, then {@code ServiceUnavailableException});
 * BatchGetItem and BatchWriteItem return the keys or items of exhausted partitions unprocessed
 * (and are refused as a whole only when nothing could be processed); TransactWriteItems is
 * cancelled with reason {@code ThrottlingError} on the actions whose partition is exhausted.
 *
 * <p><b>What is not.</b> Burst capacity (up to 300 s of unused capacity) is a provisioned-mode
 * allowance that AWS documents as unable to relieve partition-level throttling, so no burst
 * beyond one second is granted. Not modelled either: partitions of {@code InvertedIndex} (a hot
 * index key, and the back-pressure of a throttled index on table writes); several partition key
 * values sharing one physical partition, and partitions splitting for heat (each value is its
 * own partition, never split, so its limit is exactly the per-partition limit); the table-level
 * limits of on-demand mode (twice the previous peak, account quotas); capacity consumed by
 * writes whose condition fails; and the exact units of each item within a batch or transaction
 * (the request's units are split evenly among the partitions it touches).
 *
 * <p>Immutable.
 */
public final class Throughput {
  private static final Throughput ON_DEMAND = new Throughput(3_000, 1_000);

  private final double readUnitsPerSecond;
  private final double writeUnitsPerSecond;

  private Throughput(double readUnitsPerSecond, double writeUnitsPerSecond) {
    this.readUnitsPerSecond = readUnitsPerSecond;
    this.writeUnitsPerSecond = writeUnitsPerSecond;
  }

  /**
   * The limits of an on-demand table: 3,000 read units and 1,000 write units per second per
   * partition.
   *
   * @return the limits
   */
  public static Throughput onDemand() {
    return ON_DEMAND;
  }

  /**
   * Other per-partition limits, for instance to reach a throttle with fewer requests.
   *
   * @param readUnitsPerSecond more than 0
   * @param writeUnitsPerSecond more than 0
   * @return the limits
   * @throws IllegalArgumentException if a limit is not positive
   */
  public static Throughput perPartition(double readUnitsPerSecond, double writeUnitsPerSecond) {
    if (!(readUnitsPerSecond > 0) || !(writeUnitsPerSecond > 0)) {
      throw new IllegalArgumentException(
          "limits must be positive: " + readUnitsPerSecond + ", " + writeUnitsPerSecond);
    }
    return new Throughput(readUnitsPerSecond, writeUnitsPerSecond);
  }

  /**
   * Read units per second per partition.
   *
   * @return the limit
   */
  public double readUnitsPerSecond() {
    return readUnitsPerSecond;
  }

  /**
   * Write units per second per partition.
   *
   * @return the limit
   */
  public double writeUnitsPerSecond() {
    return writeUnitsPerSecond;
  }

  @Override
  public String toString() {
    return "Throughput["
        + readUnitsPerSecond
        + " RCU/s, "
        + writeUnitsPerSecond
        + " WCU/s per partition]";
  }
}
