package io.quickphotos.contract;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Objects;

/**
 * A clock that reads the same instant until a test moves it, forward or back (as a system clock
 * may be set back). Thread-safe.
 */
public final class HeldClock extends Clock {
  private volatile Instant now;

  /**
   * Creates a clock that reads {@code start}.
   *
   * @param start the first reading
   */
  public HeldClock(Instant start) {
    this.now = Objects.requireNonNull(start, "start");
  }

  /**
   * Moves the clock, forward or (with a negative step) back.
   *
   * @param step how far
   */
  public void advance(Duration step) {
    now = now.plus(step);
  }

  @Override
  public Instant instant() {
    return now;
  }

  @Override
  public ZoneId getZone() {
    return ZoneOffset.UTC;
  }

  @Override
  public Clock withZone(ZoneId zone) {
    throw new UnsupportedOperationException("a held clock is always UTC");
  }
}
