package io.quickphotos.memory;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/** A clock the test moves by hand, in UTC; visible to every thread. */
public final class MovableClock extends Clock {
  private volatile Instant now;

  /**
   * A clock standing at {@code start}.
   *
   * @param start the first instant
   */
  public MovableClock(Instant start) {
    this.now = start;
  }

  /**
   * Moves the clock forward.
   *
   * @param by how far
   */
  public void advance(Duration by) {
    now = now.plus(by);
  }

  @Override
  public ZoneId getZone() {
    return ZoneOffset.UTC;
  }

  @Override
  public Clock withZone(ZoneId zone) {
    throw new UnsupportedOperationException();
  }

  @Override
  public Instant instant() {
    return now;
  }
}
