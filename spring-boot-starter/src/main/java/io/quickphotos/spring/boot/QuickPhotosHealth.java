package io.quickphotos.spring.boot;

import io.quickphotos.QuickPhotos;
import io.quickphotos.QuickPhotosException;
import io.quickphotos.ServiceUnavailableException;
import io.quickphotos.TableSettings;
import java.time.Clock;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongSupplier;

/**
 * What the Actuator health contributor reports, the same on Spring Boot 3.5 and 4: whether the
 * repository's table answers a read, the settings it records, and the settings the repository
 * really runs with ({@link QuickPhotos#settings()}, also for a repository bean of the
 * application's own).
 *
 * <p><b>One read per interval, whatever the probe rate.</b> A check reads the table with
 * {@link QuickPhotos#recordedSettings()}, one strongly consistent GetItem of 1 read unit reported
 * to the cost listeners like any call, at most once per {@code quickphotos.health.interval}
 * (10 s unless set); every probe in between gets the last result, and probes that arrive while
 * one thread reads get the last result too instead of reading again. With Kubernetes' liveness
 * and readiness probes every 10 s and a load balancer's every 5 s, an instance read 0.5 times a
 * second before; now 0.1: 100 instances make 10 reads a second, about $0.0045 an hour on demand
 * in us-east-1.
 *
 * <p><b>DOWN only for what a restart or a deploy must fix:</b> the table missing, the
 * credentials missing or refused, a permission denied ({@link QuickPhotosException.Kind#MISCONFIGURED}).
 * Throttling, an unreachable or failing DynamoDB ({@link QuickPhotosException.Kind#UNAVAILABLE})
 * and a read slower than {@code quickphotos.health.slow-threshold} are details of an UP answer:
 * a load balancer that took instances out for them would move their load onto the others, the
 * very instances that are being throttled. Anything else the read throws is a detail too.
 *
 * <p>Thread-safe.
 */
final class QuickPhotosHealth {
  private final QuickPhotos photos;
  private final Map<String, Object> describe;
  private final long intervalNanos;
  private final Duration slow;
  private final LongSupplier nanos;
  private final Clock clock;
  private final ReentrantLock reading = new ReentrantLock();
  private volatile Checked last;

  /** One check's outcome: up or down, and its details for {@code /actuator/health}. */
  record Report(boolean up, Map<String, Object> details) {}

  private record Checked(long atNanos, Report report) {}

  /**
   * A health check of a repository.
   *
   * @param photos the repository bean, the starter's or the application's
   * @param describe what to report about where it keeps its data (backend, table)
   * @param interval the shortest time between two reads
   * @param slow from which latency a read is reported as slow
   * @param nanos the monotonic clock of the interval, {@code System::nanoTime}
   * @param clock the clock of the {@code checkedAt} detail
   */
  QuickPhotosHealth(
      QuickPhotos photos,
      Map<String, Object> describe,
      Duration interval,
      Duration slow,
      LongSupplier nanos,
      Clock clock) {
    this.photos = photos;
    this.describe = Map.copyOf(describe);
    this.intervalNanos = interval.toNanos();
    this.slow = slow;
    this.nanos = nanos;
    this.clock = clock;
  }

  /**
   * The table's health: the last result if it is younger than the interval or another thread is
   * reading, else a new read (one GetItem).
   *
   * @return up or down, with details
   */
  Report check() {
    Checked seen = last;
    if (seen != null && nanos.getAsLong() - seen.atNanos() < intervalNanos) {
      return seen.report();
    }
    if (seen != null && !reading.tryLock()) {
      return seen.report();
    }
    if (seen == null) {
      reading.lock();
    }
    try {
      Checked now = last;
      if (now != null && now != seen && nanos.getAsLong() - now.atNanos() < intervalNanos) {
        return now.report();
      }
      long start = nanos.getAsLong();
      Report report = read(start);
      last = new Checked(start, report);
      return report;
    } finally {
      reading.unlock();
    }
  }

  private Report read(long start) {
    Map<String, Object> details = new LinkedHashMap<>(describe);
    TableSettings running = photos.settings();
    details.put("fanOut", running.fanOut().toString());
    details.put("sharding", running.sharding().toString());
    details.put("checkedAt", clock.instant().toString());
    try {
      Optional<TableSettings> recorded = photos.recordedSettings();
      details.put(
          "recordedSettings",
          recorded
              .<Object>map(
                  settings ->
                      Map.of(
                          "fanOut", settings.fanOut().toString(),
                          "sharding", settings.sharding().toString()))
              .orElse("none"));
      Duration took = Duration.ofNanos(nanos.getAsLong() - start);
      details.put("latencyMillis", took.toMillis());
      if (took.compareTo(slow) > 0) {
        details.put("warning", "the read took " + took.toMillis() + " ms, over " + slow.toMillis());
      }
      return new Report(true, Collections.unmodifiableMap(details));
    } catch (QuickPhotosException e) {
      details.put("error", e.getClass().getSimpleName() + ": " + e.getMessage());
      if (e instanceof ServiceUnavailableException unavailable) {
        details.put("unavailable", unavailable.reason().name());
      }
      return new Report(
          e.kind() != QuickPhotosException.Kind.MISCONFIGURED,
          Collections.unmodifiableMap(details));
    } catch (RuntimeException e) {
      details.put("error", e.getClass().getSimpleName() + ": " + e.getMessage());
      return new Report(true, Collections.unmodifiableMap(details));
    }
  }
}
