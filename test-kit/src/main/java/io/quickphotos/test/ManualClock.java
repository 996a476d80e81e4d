package io.quickphotos.test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A clock that moves only when the test moves it: give it to a repository's builder (the kit's
 * extension does) and every follow and reaction is stamped with the instant the test chose, and
 * the memory backend's throughput limits refill only when the test advances it.
 *
 * <pre>{@code
 * ManualClock clock = ManualClock.at(Instant.parse("2024-05-01T12:00:00Z"));
 * QuickPhotos photos = MemoryQuickPhotos.builder().clock(clock).build();
 * Follow follow = photos.follow("bob", "ann");      // stamped 2024-05-01T12:00:00Z
 * clock.advance(Duration.ofSeconds(1));
 * }</pre>
 *
 * <p>Thread-safe: the instant is one atomic reference; clocks from {@link #withZone} share it.
 */
public final class ManualClock extends Clock {
  /** Where {@link #create()} starts: a fixed instant, so tests are reproducible. */
  public static final Instant DEFAULT_START = Instant.parse("2024-01-01T00:00:00Z");

  private final AtomicReference<Instant> now;
  private final ZoneId zone;

  private ManualClock(AtomicReference<Instant> now, ZoneId zone) {
    this.now = now;
    this.zone = zone;
  }

  /**
   * A clock at {@link #DEFAULT_START}, in UTC.
   *
   * @return the clock
   */
  public static ManualClock create() {
    return at(DEFAULT_START);
  }

  /**
   * A clock at an instant, in UTC.
   *
   * @param start the instant it shows until moved
   * @return the clock
   */
  public static ManualClock at(Instant start) {
    return new ManualClock(
        new AtomicReference<>(Objects.requireNonNull(start, "start")), ZoneOffset.UTC);
  }

  /**
   * Moves the clock forward (or back, with a negative duration).
   *
   * @param duration how far
   * @return the new instant
   */
  public Instant advance(Duration duration) {
    Objects.requireNonNull(duration, "duration");
    return now.updateAndGet(instant -> instant.plus(duration));
  }

  /**
   * Sets the clock to an instant.
   *
   * @param instant the new instant
   */
  public void set(Instant instant) {
    now.set(Objects.requireNonNull(instant, "instant"));
  }

  /** The instant the test last set. */
  @Override
  public Instant instant() {
    return now.get();
  }

  /** The clock's zone; UTC unless made with {@link #withZone}. */
  @Override
  public ZoneId getZone() {
    return zone;
  }

  /** A view in another zone that shares this clock's instant: moving one moves both. */
  @Override
  public ManualClock withZone(ZoneId zone) {
    return new ManualClock(now, Objects.requireNonNull(zone, "zone"));
  }

  @Override
  public String toString() {
    return "ManualClock[" + now.get() + ", " + zone + "]";
  }
}
