package io.quickphotos.cli.sample;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A clock that moves a fixed step forward on every reading. Two repositories given equal clocks
 * and the same calls in the same order stamp the same follows and reactions with the same
 * instants, which is what makes results comparable across backends. Thread-safe.
 */
final class SteppingClock extends Clock {
  private final Instant start;
  private final long stepNanos;
  private final AtomicLong readings = new AtomicLong();

  /**
   * Creates a clock.
   *
   * @param start the first instant read
   * @param step how far each later reading moves on; positive
   */
  SteppingClock(Instant start, Duration step) {
    this.start = Objects.requireNonNull(start, "start");
    if (step.isNegative() || step.isZero()) {
      throw new IllegalArgumentException("step must be positive: " + step);
    }
    this.stepNanos = step.toNanos();
  }

  @Override
  public Instant instant() {
    return start.plusNanos(readings.getAndIncrement() * stepNanos);
  }

  @Override
  public ZoneId getZone() {
    return ZoneOffset.UTC;
  }

  @Override
  public Clock withZone(ZoneId zone) {
    // Only UTC is meaningful here: the repository stores instants in UTC.
    throw new UnsupportedOperationException("a stepping clock stays in UTC");
  }
}
