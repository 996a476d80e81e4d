package io.quickphotos.bench.footprint;

import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.bench.DataSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Smoke mode for {@link Footprint}: one small size; the figures are plausible, not measured. */
class FootprintTest {

  @Test
  void aSmallDataSetIsLoadedMeasuredAndReported() {
    // Large enough that the items' heap (about 200 bytes each, 4 MB) outweighs what else the
    // shared test JVM frees between the two measures (a few hundred KB were seen on JDK 25,
    // which made 2,000 items measure negative).
    Footprint.Result result = Footprint.measure(20_000);

    assertThat(result.items()).isEqualTo(DataSet.of(20_000).itemCount());
    // Every item has a key of two prefixed strings and a few attributes, by either measure.
    assertThat(result.dynamoDbPerItem()).isBetween(50.0, 1000.0);
    assertThat(result.heapPerItem()).isPositive();
    assertThat(Footprint.markdown(List.of(result)))
        .contains(String.format(java.util.Locale.ROOT, "| %,d | ", result.items()));
  }
}
