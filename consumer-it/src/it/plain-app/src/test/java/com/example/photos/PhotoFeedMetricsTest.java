package com.example.photos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.quickphotos.OperationCost;
import io.quickphotos.memory.MemoryQuickPhotos;
import io.quickphotos.micrometer.QuickPhotosMetrics;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The application's repository wired to a Micrometer registry, as docs/metrics.md shows. */
class PhotoFeedMetricsTest {

  @Test
  void theFeedsCallsShowInTheRegistry() {
    MeterRegistry registry = new SimpleMeterRegistry();
    var metrics = QuickPhotosMetrics.costListener(registry);
    List<OperationCost> costs = new ArrayList<>();
    PhotoFeed feed =
        new PhotoFeed(
            MemoryQuickPhotos.builder()
                .costListener(
                    cost -> {
                      costs.add(cost);
                      metrics.onCost(cost);
                    })
                .build());

    feed.signUp("ann", "Ann");
    feed.post("ann", Instant.parse("2024-05-01T12:00:00Z"), "https://photos.example.com/1.jpg");
    feed.latest("ann", 10);

    double calls =
        registry.find("quickphotos.calls").timers().stream().mapToLong(t -> t.count()).sum();
    double writeUnits =
        registry.find("quickphotos.capacity").tag("type", "write").counters().stream()
            .mapToDouble(c -> c.count())
            .sum();
    assertEquals(costs.size(), calls);
    assertEquals(costs.stream().mapToDouble(OperationCost::writeCapacityUnits).sum(), writeUnits);
    assertTrue(registry.find("quickphotos.cost").counters().stream().anyMatch(c -> c.count() > 0));
  }
}
