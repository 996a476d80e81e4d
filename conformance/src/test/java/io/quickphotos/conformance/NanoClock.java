package io.quickphotos.conformance;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * A clock that reads {@link System#nanoTime()}, as an instant after a fixed start: repositories
 * given it measure their hot-read staleness on the very timeline a history records its calls on,
 * so a check of the bound against the calls' {@code nanoTime} stamps is exact. Thread-safe.
 */
final class NanoClock extends Clock {
  private static final Instant START = Instant.parse("2026-01-01T00:00:00Z");

  @Override
  public Instant instant() {
    return START.plusNanos(System.nanoTime());
  }

  @Override
  public ZoneId getZone() {
    return ZoneOffset.UTC;
  }

  @Override
  public Clock withZone(ZoneId zone) {
    throw new UnsupportedOperationException("a nano clock is always UTC");
  }
}
