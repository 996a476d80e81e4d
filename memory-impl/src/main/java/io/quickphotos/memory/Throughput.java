package io.quickphotos.memory;

import io.quickphotos.memory.internal.ThroughputModel;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Per-partition throughput limits for the in-memory engine, as an on-demand DynamoDB table
 * enforces them: at most 3,000 read units and 1,000 write units per second per partition, so a
 * hot key — a celebrity gaining thousands of followers a second — is throttled however little
 * the rest of the table does. Time is the repository's clock, so a test with a manual clock
 * decides when a second has passed.
 *
 * <p><b>What is modelled.</b>
 *
 * <ul>
 *   <li><b>Partitions of the table and of its index.</b> Each partition key value of the table
 *       ({@code PK}) and each partition key value of {@code InvertedIndex} (an item's {@code SK})
 *       starts as one partition covering all its sort keys; the two are separate (a table value
 *       and an index value with the same text are different partitions). Each partition has two
 *       token buckets, reads and writes, holding at most one second of its limit and refilled
 *       continuously at the limit per second of the repository's clock; buckets start full.
 *   <li><b>Admission and charges.</b> A request is admitted while every partition it touches has
 *       units left (more than zero) and then charged what it consumed, which may overdraw the
 *       bucket: the next requests wait until it refills. A Put, Update or Delete touches the
 *       item's table partition ({@code PK}, sorted by {@code SK}) and its index partition
 *       ({@code SK}, sorted by {@code PK}): the table is charged half the billed write units and
 *       the index the other half (every item is projected whole into the index, which bills a
 *       write as the table does). GetItem, BatchGetItem and a ConditionCheck touch the table
 *       partition; a Query touches the partitions of its partition key value (table or index)
 *       that its items lie in, and is charged all its read units, evenly over them. A request
 *       that touches several partitions has its units split evenly among them.
 *   <li><b>Index back-pressure.</b> A table write is admitted only if the index partition it
 *       updates has write units left, so a hot index key throttles table writes whose own
 *       partitions are idle, as DynamoDB throttles writes to keep a global secondary index from
 *       falling behind.
 *   <li><b>Throttling.</b> When a partition is exhausted: GetItem, Query, PutItem, UpdateItem and
 *       DeleteItem are refused with {@code ProvisionedThroughputExceededException}, its message
 *       naming the throttling reason as the service does — {@code Table} or {@code Index},
 *       {@code Read} or {@code Write}, then {@code KeyRangeThroughputExceeded}, e.g.
 *       {@code IndexWriteKeyRangeThroughputExceeded} for a write held back by the index — and
 *       retried as the SDK does, under the repository's retry policy, then
 *       {@code ServiceUnavailableException};
 *       BatchGetItem and BatchWriteItem return the keys or items of exhausted partitions
 *       unprocessed (and are refused as a whole only when nothing could be processed);
 *       TransactWriteItems is cancelled with reason {@code ThrottlingError} on the actions whose
 *       table or index partition is exhausted.
 *   <li><b>Split for heat</b> (unless {@link #withoutSplitting()}). A partition that keeps
 *       refusing requests — at least once a second — for the {@link #splittingForHeatAfter split
 *       delay} splits in two at the sort key that best halves the load its admitted requests put
 *       on it while it was hot; from then on each half has the full per-partition limits,
 *       starting from the balance the partition had (a split adds throughput, not a burst).
 *       Partitions split, never merge. So an item collection whose traffic spreads over many sort
 *       keys gains a partition's worth of throughput per split, while traffic on one item never
 *       splits its partition (one item never exceeds 3,000 read units and 1,000 write units a
 *       second) and traffic on steadily rising sort keys gains nothing: every split leaves the
 *       new keys, and all the traffic, in its upper half. The delay is an assumption: AWS
 *       publishes no figure for how long a partition must be hot before it splits, and the
 *       default of {@value #DEFAULT_SPLIT_DELAY_SECONDS} seconds is short enough that a simulated
 *       minute shows several splits.
 * </ul>
 *
 * <p><b>Stricter or looser than DynamoDB.</b> A single item's ceiling, 3,000 read units and
 * 1,000 write units a second, is exact. With {@link #withoutSplitting()} each partition key value
 * is exactly one partition, a strict lower bound: AWS measured 4,500 eventually consistent read
 * units a second on one partition key value (AWS database blog, "Scaling DynamoDB: how
 * partitions, hot keys and split for heat impact performance", parts 2–3), 1.5 times the 3,000
 * this bound allows. With splitting, the model is exactly as strict until a partition has been hot
 * for the split delay; after that, an item collection whose load spreads over its sort keys
 * doubles its throughput with every further delay while all its partitions stay hot (one
 * partition's limit, then 2×, 4×, ...), without bound. DynamoDB publishes neither how soon nor how
 * often it splits, so after a long hot spell the model is probably looser than the service, by a
 * factor no published figure bounds; and it chooses its split point from the load of its own
 * admitted requests per sort key, a reading of AWS's description rather than its algorithm. Burst
 * capacity (up to 300 s of unused capacity) is a provisioned-mode allowance that AWS documents as
 * unable to relieve partition-level throttling, so no burst beyond one second is granted.
 *
 * <p><b>What is not.</b> Several partition key values sharing one physical partition (each value
 * is its own partition, so the model never throttles a value because of its neighbours); the
 * table-level limits of on-demand mode (twice the previous peak, account quotas); capacity
 * consumed by writes whose condition fails; a write that leaves the indexed item unchanged costs
 * the index nothing on DynamoDB but is charged as half table, half index here; and the exact units
 * of each item within a batch, transaction or query (the request's units are split evenly among
 * the partitions it touches).
 *
 * <p><b>Watching the partitions.</b> A repository built with {@code throughput(Throughput)} keeps
 * its model to itself. To read what each partition served, refused and whether it split — which
 * key runs hot, how many attempts were throttled — create the model yourself with
 * {@link #model(Clock)} and build the repository with
 * {@link MemoryQuickPhotos.Builder#throughput(Model) throughput(Model)}:
 *
 * <pre>{@code
 * Throughput.Model model = Throughput.onDemand().model(clock);
 * QuickPhotos photos = MemoryQuickPhotos.builder().throughput(model).clock(clock).build();
 * // ... calls ...
 * long throttled = model.throttledAttempts();
 * List<PartitionLoad> partitions = model.partitions(); // per partition: units, refusals, splits
 * }</pre>
 *
 * <p>Immutable; a {@link Model} is the live state.
 */
public final class Throughput {
  /** The default split delay, in seconds: an assumption, AWS publishes none. */
  public static final long DEFAULT_SPLIT_DELAY_SECONDS = 5;

  private static final Duration DEFAULT_SPLIT_DELAY =
      Duration.ofSeconds(DEFAULT_SPLIT_DELAY_SECONDS);

  private static final Throughput ON_DEMAND = new Throughput(3_000, 1_000, DEFAULT_SPLIT_DELAY);

  private final double readUnitsPerSecond;
  private final double writeUnitsPerSecond;

  /** How long a partition stays hot before it splits; null if it never splits. */
  private final Duration splitDelay;

  private Throughput(double readUnitsPerSecond, double writeUnitsPerSecond, Duration splitDelay) {
    this.readUnitsPerSecond = readUnitsPerSecond;
    this.writeUnitsPerSecond = writeUnitsPerSecond;
    this.splitDelay = splitDelay;
  }

  /**
   * The limits of an on-demand table: 3,000 read units and 1,000 write units per second per
   * partition, partitions splitting for heat after {@value #DEFAULT_SPLIT_DELAY_SECONDS} seconds
   * of sustained throttling.
   *
   * @return the limits
   */
  public static Throughput onDemand() {
    return ON_DEMAND;
  }

  /**
   * Other per-partition limits, for instance to reach a throttle with fewer requests; partitions
   * split for heat after {@value #DEFAULT_SPLIT_DELAY_SECONDS} seconds of sustained throttling, as
   * with {@link #onDemand()}.
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
    return new Throughput(readUnitsPerSecond, writeUnitsPerSecond, DEFAULT_SPLIT_DELAY);
  }

  /**
   * The same limits, a partition splitting for heat once it has refused requests at least once a
   * second for {@code delay}.
   *
   * @param delay how long a partition stays hot before it splits; zero splits it at its first
   *     refusal after it has served two sort keys
   * @return a copy with that delay
   * @throws NullPointerException if {@code delay} is null
   * @throws IllegalArgumentException if {@code delay} is negative
   */
  public Throughput splittingForHeatAfter(Duration delay) {
    Objects.requireNonNull(delay, "delay");
    if (delay.isNegative()) {
      throw new IllegalArgumentException("split delay must not be negative: " + delay);
    }
    return new Throughput(readUnitsPerSecond, writeUnitsPerSecond, delay);
  }

  /**
   * The same limits, partitions never splitting: each partition key value of the table or the
   * index is exactly one partition, the strict lower bound of what DynamoDB serves.
   *
   * @return a copy without splitting
   */
  public Throughput withoutSplitting() {
    return new Throughput(readUnitsPerSecond, writeUnitsPerSecond, null);
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

  /**
   * How long a partition refuses requests before it splits for heat.
   *
   * @return the delay, or empty if partitions never split
   */
  public Optional<Duration> splitForHeatAfter() {
    return Optional.ofNullable(splitDelay);
  }

  /**
   * A new model of one table's partitions under these limits, every bucket full, nothing counted
   * yet: give it to {@link MemoryQuickPhotos.Builder#throughput(Model)} and read its figures while
   * and after the repository runs.
   *
   * @param clock the clock that refills the buckets and times the splits: the repository's, so
   *     that a test's manual clock decides when a second has passed
   * @return the model
   * @throws NullPointerException if {@code clock} is null
   */
  public Model model(Clock clock) {
    return new Model(ThroughputModel.create(this, Objects.requireNonNull(clock, "clock")));
  }

  /**
   * Equal to another {@code Throughput} with the same limits and split delay.
   *
   * @param o the other object
   * @return whether equal
   */
  @Override
  public boolean equals(Object o) {
    return o instanceof Throughput other
        && Double.compare(readUnitsPerSecond, other.readUnitsPerSecond) == 0
        && Double.compare(writeUnitsPerSecond, other.writeUnitsPerSecond) == 0
        && Objects.equals(splitDelay, other.splitDelay);
  }

  @Override
  public int hashCode() {
    return Objects.hash(readUnitsPerSecond, writeUnitsPerSecond, splitDelay);
  }

  @Override
  public String toString() {
    return "Throughput["
        + readUnitsPerSecond
        + " RCU/s, "
        + writeUnitsPerSecond
        + " WCU/s per partition, "
        + (splitDelay == null ? "never split" : "split for heat after " + splitDelay)
        + "]";
  }

  /**
   * The live partitions of one table under a {@link Throughput}: their token buckets, their
   * splits for heat, and what each has served and refused, as {@link Throughput} describes the
   * model. Created by {@link Throughput#model(Clock)}; a repository built with
   * {@link MemoryQuickPhotos.Builder#throughput(Model)} admits and charges every request attempt
   * here (the first attempt and each simulated SDK retry alike), and the figures below can be
   * read at any time, for instance between the simulated seconds of a load test.
   *
   * <p>A model stands for one table's partitions. Repositories built over one {@link InMemoryTable}
   * with the same model share its partitions' limits, as the instances of a fleet share a
   * DynamoDB table's; a model used with repositories of two different tables counts their
   * partitions as one table's. Thread-safe: one lock guards every partition, held for the
   * bookkeeping of one request and never while the engine works; reading the figures takes the
   * same lock.
   */
  public static final class Model {
    private final ThroughputModel partitions;

    private Model(ThroughputModel partitions) {
      this.partitions = partitions;
    }

    /**
     * The limits the model enforces.
     *
     * @return the limits it was created with
     */
    public Throughput limits() {
      return partitions.limits();
    }

    /**
     * How many request attempts the model has throttled in whole or in part since it was
     * created: each refused GetItem, Query or single write, each transaction cancelled for
     * throughput, and each BatchGetItem or BatchWriteItem that left anything unprocessed for
     * throughput. An attempt the simulated SDK retries counts again.
     *
     * @return the count
     */
    public long throttledAttempts() {
      return partitions.throttledAttempts();
    }

    /**
     * What every partition has served and refused so far, read at once under the model's lock,
     * so the rows are consistent with each other. A partition no request has touched has no row;
     * one that split keeps its row, with its final totals, beside its halves. The cost grows with
     * the partitions touched (every key value's, sorted): read it between phases of a run, not
     * after every call.
     *
     * @return the rows, unmodifiable, ordered table first, then by partition key value and
     *     sort-key range in DynamoDB's byte order, a split partition just before its lower half
     */
    public List<PartitionLoad> partitions() {
      return partitions.snapshot().partitions();
    }

    /** The engine's model, for the builder. */
    ThroughputModel engineModel() {
      return partitions;
    }

    @Override
    public String toString() {
      return "Throughput.Model[" + limits() + ", " + throttledAttempts() + " throttled attempts]";
    }
  }
}
