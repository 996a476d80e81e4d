package io.quickphotos.memory;

import io.quickphotos.CostListener;
import io.quickphotos.QuickPhotos;
import io.quickphotos.internal.singletable.SingleTableQuickPhotos;
import io.quickphotos.memory.internal.MemoryTable;
import java.time.Clock;
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
 * <p>The repositories are thread-safe, because the engine is.
 */
public final class MemoryQuickPhotos {
  private MemoryQuickPhotos() {
  }

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
   * @return a builder with the defaults: {@link CostListener#NONE},
   *     {@link Clock#systemUTC()}
   */
  public static Builder builder() {
    return new Builder();
  }

  /** Configures a repository on the in-memory engine. Not thread-safe; the repository is. */
  public static final class Builder {
    private CostListener costListener = CostListener.NONE;
    private Clock clock = Clock.systemUTC();

    private Builder() {
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
     * @return a repository over the configured (or a new) table
     */
    public QuickPhotos build() {
      return new SingleTableQuickPhotos(new MemoryTable(), costListener, clock);
    }
  }
}
