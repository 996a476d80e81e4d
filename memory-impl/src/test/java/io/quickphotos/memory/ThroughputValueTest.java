package io.quickphotos.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link Throughput} as a setting: equal when it models the same limits, refused when bad. */
class ThroughputValueTest {

  @Test
  void throughputsAreEqualWhenTheirLimitsAndSplittingAre() {
    List<List<Throughput>> groups =
        List.of(
            List.of(
                Throughput.onDemand(),
                Throughput.perPartition(3_000, 1_000),
                Throughput.perPartition(3_000, 1_000)
                    .splittingForHeatAfter(
                        Duration.ofSeconds(Throughput.DEFAULT_SPLIT_DELAY_SECONDS))),
            List.of(
                Throughput.onDemand().withoutSplitting(), Throughput.onDemand().withoutSplitting()),
            List.of(Throughput.onDemand().splittingForHeatAfter(Duration.ZERO)),
            List.of(Throughput.perPartition(100, 1_000)),
            List.of(Throughput.perPartition(3_000, 100)));
    for (int g = 0; g < groups.size(); g++) {
      for (Throughput one : groups.get(g)) {
        assertThat(one).isNotEqualTo(null).isNotEqualTo("Throughput");
        for (Throughput same : groups.get(g)) {
          assertThat(one).isEqualTo(same);
          assertThat(one.hashCode()).isEqualTo(same.hashCode());
        }
        for (int h = 0; h < groups.size(); h++) {
          if (h != g) {
            for (Throughput other : groups.get(h)) {
              assertThat(one).isNotEqualTo(other);
            }
          }
        }
      }
    }
  }

  @Test
  void aBadThroughputIsAnIllegalArgumentOrANullPointer() {
    assertThatThrownBy(() -> Throughput.perPartition(0, 1))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> Throughput.perPartition(1, Double.NaN))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> Throughput.onDemand().splittingForHeatAfter(Duration.ofSeconds(-1)))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> Throughput.onDemand().splittingForHeatAfter(null))
        .isInstanceOf(NullPointerException.class);
  }
}
