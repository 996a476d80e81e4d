package io.quickphotos.cli.simulate;

import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.cli.Cli;
import io.quickphotos.cli.simulate.celebrity.CelebrityCommand;
import io.quickphotos.internal.singletable.layout.KeyLayout;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SimulateCommandTest {

  /** A launch short enough for a test: splits after 2 s, so the last phase is past a few. */
  private static final String[] SMALL = {
    "simulate",
    "celebrity",
    "--seconds",
    "12",
    "--follows-per-second",
    "1500",
    "--reactions-per-second",
    "1500",
    "--split-after",
    "2"
  };

  @Test
  void theCommandGroupsRowsByTheKeyLayoutsOwnPrefixes() {
    assertThat(CelebrityCommand.SHARDS).isEqualTo(KeyLayout.SHARD);
    assertThat(CelebrityCommand.PHOTOS).isEqualTo(KeyLayout.PHOTO);
  }

  @Test
  void printsBothRunsSideBySideAndTheCountersMatchTheItems(@TempDir Path dir) throws IOException {
    Path csv = dir.resolve("celebrity.csv");
    Cli.Run run = Cli.run(concat(SMALL, "--csv", csv.toString()));

    assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
    assertThat(run.out())
        .startsWith("quickphotos simulate celebrity: 12 simulated seconds")
        .contains("a partition splits for heat after 2 s of throttling")
        .contains("1,500 follows/s, each by a new fan, and 1,500 heart reactions/s")
        .contains("Each simulated second (offered 1,500 follows and 1,500 reactions):")
        .containsPattern("(?m)^  11–12 +[\\d,]+ +[\\d,]+ +[\\d,]+ +[\\d,]+ ")
        .contains("A second on average, by phase:")
        .contains("Hottest partitions of the table and of the index in the first 10 s")
        .containsPattern("(?m)^  off +0–10 +table +USER#celebrity ")
        .containsPattern("(?m)^  on +11–12 +table ")
        .contains("index  SHARD#… (shards)")
        .containsPattern("(?m)^  counters match the items +OK +OK$")
        .doesNotContain("MISMATCH");

    // Sharding lets more through once the celebrity's keys are sharded and its collections split.
    assertThat(last10("follows", run.out())[1]).isGreaterThan(last10("follows", run.out())[0]);
    assertThat(last10("reactions", run.out())[1]).isGreaterThan(last10("reactions", run.out())[0]);
    // Without sharding the profile and the photo are single items: about 500 follows and 500
    // reactions a second at most (2 write units each, of 1,000; a bucket may overdraw a little).
    assertThat(last10("follows", run.out())[0]).isLessThanOrEqualTo(510);
    assertThat(last10("reactions", run.out())[0]).isLessThanOrEqualTo(510);
    long followsOff = check("follows that succeeded", run.out())[0];
    assertThat(check("getUser: followers", run.out())[0]).isEqualTo(followsOff);
    assertThat(check("followersOf: friendship items", run.out())[0]).isEqualTo(followsOff);

    List<String> lines = Files.readAllLines(csv);
    assertThat(lines.get(0))
        .isEqualTo(
            "sharding,second,follows,reactions,failed_follows,failed_reactions,"
                + "throttled_attempts");
    assertThat(lines).hasSize(1 + 2 * 12);
    assertThat(lines.get(1)).startsWith("off,0,");
    assertThat(lines.get(13)).startsWith("on,0,");
    for (String line : lines.subList(1, lines.size())) {
      String[] cells = line.split(",");
      // Every offered call either succeeded or failed, throttled.
      assertThat(Long.parseLong(cells[2]) + Long.parseLong(cells[4])).isEqualTo(1_500);
      assertThat(Long.parseLong(cells[3]) + Long.parseLong(cells[5])).isEqualTo(1_500);
    }
  }

  @Test
  void givesTheSameNumbersOnEveryRun() {
    String[] tiny = {
      "simulate", "celebrity", "--seconds", "3", "--follows-per-second", "400",
      "--reactions-per-second", "300", "--photos", "3", "--split-after", "0"
    };

    Cli.Run first = Cli.run(tiny);
    Cli.Run second = Cli.run(tiny);

    assertThat(first.exitCode()).as(first.out() + first.err()).isZero();
    assertThat(Cli.withoutTimes(second.out())).isEqualTo(Cli.withoutTimes(first.out()));
  }

  @Test
  void refusesSettingsOutOfRange() {
    Cli.Run run = Cli.run("simulate", "celebrity", "--photos", "0");

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err())
        .startsWith("error: --photos must be 1 to 1,000, was 0")
        .contains("Try 'quickphotos simulate celebrity --help' for usage.");
    assertThat(
            Cli.run("simulate", "celebrity", "--seconds", "1000", "--follows-per-second", "5000")
                .err())
        .contains("at most 1,000,000");
  }

  @Test
  void asksForASimulationByName() {
    Cli.Run run = Cli.run("simulate");

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).startsWith("error: name a simulation: celebrity");
  }

  /** The last phase's rate of a row of the phase table, sharding off and on. */
  private static long[] last10(String row, String out) {
    Matcher m =
        Pattern.compile("(?m)^  " + row + " +[\\d,]+ +[\\d,]+ +([\\d,]+) +([\\d,]+) ").matcher(out);
    assertThat(m.find()).as("row %s in%n%s", row, out).isTrue();
    return new long[] {number(m.group(1)), number(m.group(2))};
  }

  /** A row of the final check, sharding off and on. */
  private static long[] check(String row, String out) {
    Matcher m =
        Pattern.compile("(?m)^  " + Pattern.quote(row) + " +([\\d,]+) +([\\d,]+)$").matcher(out);
    assertThat(m.find()).as("row %s in%n%s", row, out).isTrue();
    return new long[] {number(m.group(1)), number(m.group(2))};
  }

  private static long number(String formatted) {
    return Long.parseLong(formatted.replace(",", ""));
  }

  private static String[] concat(String[] a, String... b) {
    String[] all = new String[a.length + b.length];
    System.arraycopy(a, 0, all, 0, a.length);
    System.arraycopy(b, 0, all, a.length, b.length);
    return all;
  }
}
