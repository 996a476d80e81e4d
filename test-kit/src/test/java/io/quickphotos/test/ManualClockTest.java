package io.quickphotos.test;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import org.junit.jupiter.api.Test;

class ManualClockTest {
  @Test
  void movesOnlyWhenToldAndZonedViewsShareTheInstant() {
    ManualClock clock = ManualClock.create();
    assertThat(clock.instant()).isEqualTo(ManualClock.DEFAULT_START);
    ManualClock paris = clock.withZone(ZoneId.of("Europe/Paris"));

    assertThat(clock.advance(Duration.ofMinutes(90)))
        .isEqualTo(Instant.parse("2024-01-01T01:30:00Z"));
    assertThat(paris.instant()).isEqualTo(clock.instant());
    assertThat(paris.getZone()).isEqualTo(ZoneId.of("Europe/Paris"));

    clock.set(Instant.EPOCH);
    assertThat(paris.millis()).isZero();
  }
}
