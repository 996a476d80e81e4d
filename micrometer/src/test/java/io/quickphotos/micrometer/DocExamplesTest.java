package io.quickphotos.micrometer;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import io.quickphotos.CostListener;
import io.quickphotos.CostModel;
import io.quickphotos.QuickPhotos;
import io.quickphotos.memory.MemoryQuickPhotos;
import org.junit.jupiter.api.Test;

/**
 * The Java examples of docs/metrics.md, each a tagged region that the document copies
 * ({@code DocSnippetsTest} in conformance keeps the copies equal).
 */
class DocExamplesTest {

  @Test
  void oneCall() {
    MeterRegistry registry = new SimpleMeterRegistry();
    // tag::metrics[]
    QuickPhotos photos =
        MemoryQuickPhotos.builder() // or DynamoQuickPhotos.builder().client(...)
            .costListener(QuickPhotosMetrics.costListener(registry)) // on-demand us-east-1 prices
            .build();
    // end::metrics[]
    photos.getUser("ann");
    assertThat(registry.get("quickphotos.calls").tag("pattern", "get_user").timer().count())
        .isEqualTo(1);
  }

  @Test
  void observations() {
    MeterRegistry registry = new SimpleMeterRegistry();
    ObservationRegistry observationRegistry = ObservationRegistry.create();
    observationRegistry
        .observationConfig()
        .observationHandler(new DefaultMeterObservationHandler(registry));
    // tag::observations[]
    QuickPhotos photos =
        MemoryQuickPhotos.builder()
            .costListener(
                CostListener.all(
                    QuickPhotosMetrics.costListener(registry), // meters with the costs
                    QuickPhotosObservations.builder(observationRegistry) // a span per call
                        .table("quick-photos")
                        .build()))
            .build();
    // end::observations[]
    photos.getUser("ann");
    assertThat(registry.get("quickphotos.call").tag("pattern", "get_user").timer().count())
        .isEqualTo(1);
    assertThat(registry.get("quickphotos.calls").tag("pattern", "get_user").timer().count())
        .isEqualTo(1);
  }

  @Test
  void otherPricesAndTags() {
    MeterRegistry registry = new SimpleMeterRegistry();
    // tag::metrics-builder[]
    CostListener metrics =
        QuickPhotosMetrics.builder(registry)
            .costModel(new CostModel(0.142, 0.7125)) // another region's prices
            .tags(Tags.of("table", "quick-photos"))
            .build();
    // end::metrics-builder[]
    MemoryQuickPhotos.builder().costListener(metrics).build().getUser("ann");
    assertThat(
            registry
                .get("quickphotos.requests")
                .tags("pattern", "get_user", "table", "quick-photos")
                .counter()
                .count())
        .isEqualTo(1);
  }
}
