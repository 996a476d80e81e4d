package io.quickphotos.cli.simulate.celebrity;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Objects;

/**
 * A clock that stands still until told to move: a simulation sets the instant of each call it
 * makes, so a second of simulated traffic takes only as long as its calls take to run. Readings
 * are thread-safe; moving it is meant for the one thread that runs the simulation.
 */
public final class SimulatedClock extends Clock {
  private volatile Instant now;

  /**
   * Creates a clock.
   *
   * @param start the instant it reads until moved
   */
  public SimulatedClock(Instant start) {
    this.now = Objects.requireNonNull(start, "start");
  }

  /**
   * Moves the clock to an instant, never back.
   *
   * @param instant the new reading
   * @throws IllegalArgumentException if it is before the current reading
   */
  public void moveTo(Instant instant) {
    if (instant.isBefore(now)) {
      throw new IllegalArgumentException("a simulated clock does not go back: " + instant);
    }
    now = instant;
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
    // Only UTC is meaningful here: the repository stores instants in UTC.
    throw new UnsupportedOperationException("a simulated clock stays in UTC");
  }
}
