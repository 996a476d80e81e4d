package io.quickphotos.memory;

import io.quickphotos.CostListener;
import io.quickphotos.FanOut;
import io.quickphotos.QuickPhotos;
import io.quickphotos.RetryPolicy;
import io.quickphotos.Sharding;
import io.quickphotos.engine.Table;
import io.quickphotos.internal.repository.Repositories;
import io.quickphotos.internal.repository.RepositoryOptions;
import io.quickphotos.memory.internal.DynamoDbFailures;
import io.quickphotos.memory.internal.MemoryTable;
import io.quickphotos.memory.internal.SimulatedLatency;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;

/**
 * Creates {@link QuickPhotos} repositories on the in-memory engine, {@code MemoryTable}: the same
 * single-table design, the same requests and the same capacity numbers as on DynamoDB, without a
 * network or a process. For unit tests and embedded use; the data lives as long as the table.
 *
 * <pre>{@code
 * QuickPhotos photos = MemoryQuickPhotos.create();
 *
 * // or, to see what each call costs and to control the clock:
 * QuickPhotos metered = MemoryQuickPhotos.builder()
 *     .costListener(cost -> System.out.println(cost))
 *     .clock(Clock.fixed(Instant.parse("2024-01-01T00:00:00Z"), ZoneOffset.UTC))
 *     .build();
 * }</pre>
 *
 * <p>To test what an application does when DynamoDB misbehaves, script {@link Faults}, enforce
 * DynamoDB's per-partition {@link Throughput} limits, and choose a {@link RetryPolicy} that does
 * not sleep:
 *
 * <pre>{@code
 * Faults faults = Faults.seeded(7);
 * QuickPhotos photos = MemoryQuickPhotos.builder()
 *     .faults(faults)
 *     .throughput(Throughput.onDemand())
 *     .retryPolicy(RetryPolicy.noDelay())
 *     .build();
 * faults.on(Request.TRANSACT_WRITE_ITEMS).next(2, Fault.transactionConflict());
 * }</pre>
 *
 * <p>The repositories are thread-safe, because the engine is.
 */
public final class MemoryQuickPhotos {
  /**
   * The default {@link Builder#hotReadStaleness(Duration)}, in milliseconds: one second, the
   * age of a count large applications show for a celebrity, and one TransactGetItems of a hot
   * key a second per instance.
   */
  public static final long DEFAULT_HOT_READ_STALENESS_MILLIS = 1_000;

  private static final Duration DEFAULT_HOT_READ_STALENESS =
      Duration.ofMillis(DEFAULT_HOT_READ_STALENESS_MILLIS);

  private MemoryQuickPhotos() {}

  /**
   * A repository on a new, empty table, with no cost listener and the system UTC clock.
   *
   * @return the repository
   */
  public static QuickPhotos create() {
    return builder().build();
  }

  /**
   * Starts configuring a repository.
   *
   * @return a builder with the defaults: {@link CostListener#none()},
   *     {@link Clock#systemUTC()}
   */
  public static Builder builder() {
    return new Builder();
  }

  /** Configures a repository on the in-memory engine. Not thread-safe; the repository is. */
  public static final class Builder {
    private CostListener costListener = CostListener.NONE;
    private Clock clock = Clock.systemUTC();
    private RetryPolicy retryPolicy = RetryPolicy.defaults();
    private Sharding sharding = Sharding.defaults();
    private FanOut fanOut = FanOut.off();
    private boolean shardingGiven;
    private boolean fanOutGiven;
    private InMemoryTable table;
    private Faults faults;
    private Throughput throughput;
    private Throughput.Model throughputModel;
    private Duration latency = Duration.ZERO;
    private int parallelism = 1;
    private Duration hotReadStaleness = DEFAULT_HOT_READ_STALENESS;

    private Builder() {}

    /**
     * How unprocessed keys and items, cancelled transactions and injected throttling are retried;
     * {@link RetryPolicy#defaults()} unless set.
     *
     * @param retryPolicy the policy; {@link RetryPolicy#noDelay()} for tests
     * @return this builder
     */
    public Builder retryPolicy(RetryPolicy retryPolicy) {
      this.retryPolicy = Objects.requireNonNull(retryPolicy, "retryPolicy");
      return this;
    }

    /**
     * The table the repository reads and writes; a new, empty one unless set. Repositories built
     * over one table share its items, as a fleet's instances share a DynamoDB table.
     *
     * @param table the table
     * @return this builder
     */
    public Builder table(InMemoryTable table) {
      this.table = Objects.requireNonNull(table, "table");
      return this;
    }

    /**
     * Injects the faults a script decides into every request the engine receives; none unless
     * set. The script stays live: rules added after {@link #build()} apply from then on.
     *
     * @param faults the script
     * @return this builder
     */
    public Builder faults(Faults faults) {
      this.faults = Objects.requireNonNull(faults, "faults");
      return this;
    }

    /**
     * Enforces per-partition throughput limits on the repository's {@link #clock(Clock) clock};
     * none unless set. See {@link Throughput} for exactly what is modelled.
     *
     * @param throughput the limits, e.g. {@link Throughput#onDemand()}
     * @return this builder
     */
    public Builder throughput(Throughput throughput) {
      this.throughput = Objects.requireNonNull(throughput, "throughput");
      this.throughputModel = null;
      return this;
    }

    /**
     * Enforces the per-partition limits of a model you hold, so that you can read what each
     * partition served and refused ({@link Throughput.Model#partitions()},
     * {@link Throughput.Model#throttledAttempts()}); none unless set. The model's own clock
     * refills its buckets: create it with the repository's ({@link Throughput#model(Clock)}).
     * Replaces a {@link #throughput(Throughput)} set before, and is replaced by one set after.
     *
     * @param model the model, e.g. {@code Throughput.onDemand().model(clock)}
     * @return this builder
     */
    public Builder throughput(Throughput.Model model) {
      this.throughputModel = Objects.requireNonNull(model, "model");
      this.throughput = null;
      return this;
    }

    /**
     * Whether this repository makes new follows timeline follows: {@link FanOut#off()} (fan-out
     * on read) or {@link FanOut#hybrid()}. Unless set, the table's recorded setting
     * ({@link QuickPhotos#recordSettings}), read once by {@link #build()}, or {@code off()} where
     * it records none. Repositories of one table may differ (see {@link FanOut}): one whose
     * setting differs from the table's logs a warning when built.
     *
     * @param fanOut the setting
     * @return this builder
     */
    public Builder fanOut(FanOut fanOut) {
      this.fanOut = Objects.requireNonNull(fanOut, "fanOut");
      this.fanOutGiven = true;
      return this;
    }

    /**
     * When a hot user's or photo's counters are spread over several items. Unless set, the
     * table's recorded setting ({@link QuickPhotos#recordSettings}), read once by
     * {@link #build()}, or {@link Sharding#defaults()} where it records none. Repositories of one
     * table may differ (see {@link Sharding}): one whose setting differs from the table's logs a
     * warning when built.
     *
     * @param sharding the settings, e.g. {@link Sharding#off()}
     * @return this builder
     */
    public Builder sharding(Sharding sharding) {
      this.sharding = Objects.requireNonNull(sharding, "sharding");
      this.shardingGiven = true;
      return this;
    }

    /**
     * Makes every request wait {@code perRequest} before the engine answers, as a network round
     * trip would; none unless set. A test then sees each call's latency as DynamoDB's would be at
     * that delay (round trips one after another, times the delay), e.g. 5 ms for a request
     * inside one AWS region. Faults and throughput limits apply after the wait.
     *
     * @param perRequest the delay, zero for none
     * @return this builder
     * @throws IllegalArgumentException if negative
     */
    public Builder latency(Duration perRequest) {
      Objects.requireNonNull(perRequest, "perRequest");
      if (perRequest.isNegative()) {
        throw new IllegalArgumentException("latency must not be negative, was " + perRequest);
      }
      this.latency = perRequest;
      return this;
    }

    /**
     * How many independent requests of one call (a home feed's per-author queries, the chunks of
     * one BatchGetItem read) are in flight at once; 1 unless set, which sends them one after
     * another on the calling thread. Worth raising only with a {@link #latency(Duration)}: the
     * engine's own requests take microseconds, less than handing one to another thread.
     *
     * @param parallelism 1 to 256
     * @return this builder
     * @throws IllegalArgumentException if out of range
     */
    public Builder parallelism(int parallelism) {
      this.parallelism = RepositoryOptions.checkedParallelism(parallelism);
      return this;
    }

    /**
     * How long this repository may serve again a snapshot it read of a hot user or photo (one
     * whose counters are sharded, see {@link Sharding}) without reading the table:
     * {@value #DEFAULT_HOT_READ_STALENESS_MILLIS} ms unless set. A hot key's profile or photo is
     * then read from the table at most once per bound by each instance (one TransactGetItems of
     * its item and shards), however many readers the instance serves, so reads of one celebrity
     * are no longer held at one partition's ceiling. Every count served is one the key held, no
     * older than the bound on this repository's {@link #clock(Clock) clock}; a write through this
     * repository to a key (a follow, a reaction, a profile update, a delete) makes its next read
     * read the table, so a writer sees its own writes. Ordinary users and photos are always read
     * from the table, as before. {@link Duration#ZERO} keeps nothing: every read of a hot key
     * reads the table. A per-instance read policy: it records nothing in the table, and instances
     * of one table may differ. See docs/hot-keys.md, "Hot reads".
     *
     * @param staleness zero to one day
     * @return this builder
     * @throws NullPointerException if null
     * @throws IllegalArgumentException if negative or longer than a day
     */
    public Builder hotReadStaleness(Duration staleness) {
      this.hotReadStaleness = RepositoryOptions.checkedHotReadStaleness(staleness);
      return this;
    }

    /**
     * Receives the cost of every repository call.
     *
     * @param costListener the listener
     * @return this builder
     */
    public Builder costListener(CostListener costListener) {
      this.costListener = Objects.requireNonNull(costListener, "costListener");
      return this;
    }

    /**
     * Stamps follows and reactions, and says what today is (a birth date may not be later).
     *
     * @param clock the clock
     * @return this builder
     */
    public Builder clock(Clock clock) {
      this.clock = Objects.requireNonNull(clock, "clock");
      return this;
    }

    /**
     * Builds the repository.
     *
     * @return a repository over the configured (or a new) table, having read the table's
     *     recorded settings for those not set
     */
    public QuickPhotos build() {
      // Decorated only when faults or limits are set: otherwise the bare engine, at full speed.
      MemoryTable bare = table != null ? table.engine() : new MemoryTable();
      Table engine =
          throughputModel != null
              ? DynamoDbFailures.around(bare, faults, throughputModel.engineModel(), retryPolicy)
              : DynamoDbFailures.around(bare, faults, throughput, clock, retryPolicy);
      if (!latency.isZero()) {
        engine = new SimulatedLatency(engine, latency);
      }
      return Repositories.create(
          engine,
          RepositoryOptions.defaults()
              .withCostListener(costListener)
              .withClock(clock)
              .withRetryPolicy(retryPolicy)
              .withSharding(sharding)
              .withParallelism(parallelism)
              .withFanOut(fanOut)
              .withHotReadStaleness(hotReadStaleness)
              .consultingTable(shardingGiven, fanOutGiven),
          bare);
    }
  }
}
