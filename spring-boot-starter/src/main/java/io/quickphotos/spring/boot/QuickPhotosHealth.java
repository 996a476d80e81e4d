package io.quickphotos.spring.boot;

import io.quickphotos.QuickPhotos;
import io.quickphotos.TableSettings;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * What the Actuator health indicator reports, the same on Spring Boot 3.5 and 4: whether the
 * table answers a read, the settings it records, and the settings this instance runs with.
 * Each check is one call of {@link QuickPhotos#recordedSettings()}: one strongly consistent
 * GetItem of 1 read unit, reported to the repository's cost listener like any call. At one check
 * every 10 seconds on each of 100 instances that is 10 read units a second, about $0.003 an hour
 * on demand. Thread-safe.
 */
final class QuickPhotosHealth {
  private final QuickPhotos photos;
  private final QuickPhotosProperties properties;

  /** One check's outcome: up or down, and its details for {@code /actuator/health}. */
  record Report(boolean up, Map<String, Object> details) {}

  QuickPhotosHealth(QuickPhotos photos, QuickPhotosProperties properties) {
    this.photos = photos;
    this.properties = properties;
  }

  /**
   * Reads the table's recorded settings.
   *
   * @return up with the settings, or down with the error's type and message (shown only where
   *     the application shows health details)
   */
  Report check() {
    Map<String, Object> details = new LinkedHashMap<>();
    details.put("backend", properties.getBackend().name().toLowerCase(java.util.Locale.ROOT));
    if (properties.getBackend() == QuickPhotosProperties.Backend.DYNAMODB) {
      details.put("table", properties.getTableName());
    }
    TableSettings running = photos.settings();
    details.put("fanOut", running.fanOut().toString());
    details.put("sharding", running.sharding().toString());
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
      return new Report(true, details);
    } catch (RuntimeException e) {
      details.put("error", e.getClass().getName() + ": " + e.getMessage());
      return new Report(false, details);
    }
  }
}
