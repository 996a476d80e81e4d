package io.quickphotos.memory;

import io.quickphotos.CostListener;
import io.quickphotos.QuickPhotos;
import io.quickphotos.QuickPhotosBuilder;
import io.quickphotos.RetryPolicy;
import io.quickphotos.engine.Table;
import io.quickphotos.internal.repository.RepositoryBuilder;
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
   *     {@link Clock#systemUTC()}, parallelism 1, the others as {@link QuickPhotosBuilder} says
   */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Configures a repository on the in-memory engine: the options every backend shares ({@link
   * QuickPhotosBuilder}), and the table, fault script, throughput limits and latency of this
   * engine. Not thread-safe; the repository is.
   */
  public static final class Builder extends RepositoryBuilder<Builder> {
    private InMemoryTable table;
    private Faults faults;
    private Throughput throughput;
    private Throughput.Model throughputModel;
    private Duration latency = Duration.ZERO;

    private Builder() {
      // The engine's requests take microseconds, less than handing one to another thread.
      super(1);
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
     * Makes every request wait {@code perRequest} before the engine answers, as a network round
     * trip would; none unless set. A test then sees each call's latency as DynamoDB's would be at
     * that delay (round trips one after another, times the delay), e.g. 5 ms for a request
     * inside one AWS region. Faults and throughput limits apply after the wait. Worth combining
     * with a {@link #parallelism(int)} above 1, which sends a call's independent requests side
     * by side.
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
     * Builds the repository.
     *
     * @return a repository over the configured (or a new) table, having read the table's
     *     recorded settings for those not set
     */
    @Override
    public QuickPhotos build() {
      RepositoryOptions options = options();
      // Decorated only when faults or limits are set: otherwise the bare engine, at full speed.
      MemoryTable bare = table != null ? table.engine() : new MemoryTable();
      Table engine =
          throughputModel != null
              ? DynamoDbFailures.around(
                  bare, faults, throughputModel.engineModel(), options.retryPolicy())
              : DynamoDbFailures.around(
                  bare, faults, throughput, options.clock(), options.retryPolicy());
      if (!latency.isZero()) {
        engine = new SimulatedLatency(engine, latency);
      }
      return build(engine, bare);
    }
  }
}
