package io.quickphotos.bench.hot;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Smoke mode for {@link HotReadFootprint}: a few keys; the figure is plausible, not measured. */
class HotReadFootprintTest {
  @Test
  void aFewHotKeysAreKeptAndMeasured() {
    HotReadFootprint.Result result = HotReadFootprint.measure(200);

    assertThat(result.keys()).isEqualTo(200);
    assertThat(result.bytesPerKey()).isBetween(-10_000.0, 100_000.0);
  }
}
