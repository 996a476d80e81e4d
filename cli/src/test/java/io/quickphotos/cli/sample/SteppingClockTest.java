package io.quickphotos.cli.sample;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class SteppingClockTest {

  @Test
  void movesOneStepPerReading() {
    Instant start = Instant.parse("2025-01-01T10:00:00Z");
    SteppingClock clock = new SteppingClock(start, Duration.ofSeconds(1));

    assertThat(clock.instant()).isEqualTo(start);
    assertThat(clock.instant()).isEqualTo(start.plusSeconds(1));
    assertThat(clock.millis()).isEqualTo(start.plusSeconds(2).toEpochMilli());
  }
}
