package io.quickphotos.bench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CelebrityChartTest {

  @Test
  void drawsBothRunsOfTheCommandsCsv(@TempDir Path dir) throws Exception {
    Path csv = dir.resolve("celebrity.csv");
    StringBuilder lines =
        new StringBuilder(
            "sharding,second,follows,reactions,failed_follows,failed_reactions,"
                + "throttled_attempts\n");
    for (String run : new String[] {"off", "on"}) {
      for (int second = 0; second < 10; second++) {
        int follows = run.equals("off") ? 500 : 300 * (second + 1);
        lines.append(
            String.join(
                    ",",
                    run,
                    "" + second,
                    "" + follows,
                    "" + follows,
                    "" + (3_000 - follows),
                    "" + (3_000 - follows),
                    "" + 3 * (6_000 - 2 * follows))
                + "\n");
      }
    }
    Files.writeString(csv, lines);
    Path png = dir.resolve("charts/celebrity.png");

    CelebrityChart.write(csv, png);

    byte[] bytes = Files.readAllBytes(png);
    assertThat(bytes.length).isGreaterThan(10_000);
    assertThat(Arrays.copyOf(bytes, 4)).isEqualTo(new byte[] {(byte) 0x89, 'P', 'N', 'G'});
  }

  @Test
  void refusesAnotherCsv(@TempDir Path dir) throws Exception {
    Path csv = dir.resolve("other.csv");
    Files.writeString(csv, "a,b\n1,2\n");

    assertThatThrownBy(() -> CelebrityChart.write(csv, dir.resolve("other.png")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("does not start with the header");
  }
}
