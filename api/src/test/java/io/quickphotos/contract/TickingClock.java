package io.quickphotos.contract;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A deterministic clock that advances one millisecond each time it is read, so two backends fed
 * the same calls stamp the same instants. Thread-safe.
 */
public final class TickingClock extends Clock {
  private final Instant start;
  private final AtomicLong moved = new AtomicLong();
  private final AtomicLong ticks = new AtomicLong();

  /**
   * Creates a clock whose first reading is {@code start}.
   *
   * @param start the first instant returned
   */
  public TickingClock(Instant start) {
    this.start = start;
  }

  @Override
  public ZoneId getZone() {
    return ZoneOffset.UTC;
  }

  @Override
  public Clock withZone(ZoneId zone) {
    throw new UnsupportedOperationException("a ticking clock is always UTC");
  }

  @Override
  public Instant instant() {
    return start.plusMillis(moved.get() + ticks.getAndIncrement());
  }

  /**
   * Moves the clock on, beyond its ticks: how a test passes days in a moment.
   *
   * @param step how far
   */
  public void advance(java.time.Duration step) {
    moved.addAndGet(step.toMillis());
  }
}
