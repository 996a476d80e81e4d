package io.quickphotos.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Smoke mode for {@link Footprint}: one small size; the figures are plausible, not measured. */
class FootprintTest {

  @Test
  void aSmallDataSetIsLoadedMeasuredAndReported() {
    Footprint.Result result = Footprint.measure(2000);

    assertThat(result.items()).isEqualTo(DataSet.of(2000).itemCount());
    // Every item has a key of two prefixed strings and a few attributes, by either measure.
    assertThat(result.dynamoDbPerItem()).isBetween(50.0, 1000.0);
    assertThat(result.heapPerItem()).isPositive();
    assertThat(Footprint.markdown(List.of(result))).contains("| 2,002 | ");
  }
}
