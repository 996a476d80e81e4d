package io.quickphotos.cli.data;

import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.cli.Cli;
import org.junit.jupiter.api.Test;

class FillTimelinesCommandTest {
  /**
   * A table written by the version before the hybrid feed: 12 users, 36 follows, the most
   * followed user with 11 followers, the next with 5.
   */
  private static final String BEFORE_HYBRID =
      "../api/src/test/resources/io/quickphotos/contract/export-3f1b2cc.json";

  @Test
  void convertsEveryFollowOfAnAuthorBelowK() {
    Cli.Run run = Cli.run("fill-timelines", "--fan-out", "hybrid", "--file", BEFORE_HYBRID);

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out())
        .contains("Loaded 126 items")
        .contains("FanOut.hybrid(maxFollowers=1000, window=PT720H)")
        .contains("Filled the timelines of 12 users")
        .contains(": 36 follows changed")
        .containsPattern("Consumed: .*requests");
  }

  @Test
  void leavesTheFollowsOfAuthorsAtKOrBeyondPulled() {
    Cli.Run run = Cli.run("fill-timelines", "--max-followers", "5", "--file", BEFORE_HYBRID);

    assertThat(run.exitCode()).as(run.err()).isZero();
    // 11 + 5 follows are of the two authors at 5 followers or more.
    assertThat(run.out()).contains(": 20 follows changed");
  }

  @Test
  void refusesToGuessWhenTheTableRecordsNoSetting() {
    Cli.Run run = Cli.run("fill-timelines", "--file", BEFORE_HYBRID);

    assertThat(run.exitCode()).isNotZero();
    assertThat(run.err()).contains("the table records no fan-out setting");
  }

  @Test
  void usesTheTablesRecordedSettingAndUndoesTimelinesUnderOff(
      @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
    // The export with the table's settings recorded: K = 5, a ten-year window.
    java.nio.file.Path withSettings = dir.resolve("with-settings.json");
    java.nio.file.Files.copy(java.nio.file.Path.of(BEFORE_HYBRID), withSettings);
    java.nio.file.Files.writeString(
        withSettings,
        "{\"Item\":{\"PK\":{\"S\":\"#SETTINGS\"},\"SK\":{\"S\":\"#SETTINGS\"},"
            + "\"entity\":{\"S\":\"SETTINGS\"},\"fanOut\":{\"S\":\"hybrid\"},"
            + "\"maxFollowers\":{\"N\":\"5\"},\"windowSeconds\":{\"N\":\"315360000\"},"
            + "\"shards\":{\"N\":\"8\"},\"followersThreshold\":{\"N\":\"1000\"},"
            + "\"reactionsThreshold\":{\"N\":\"1000\"}}}\n",
        java.nio.file.StandardOpenOption.APPEND);
    Cli.Run run = Cli.run("fill-timelines", "--file", withSettings.toString());

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out())
        .contains("FanOut.hybrid(maxFollowers=5, window=PT87600H)")
        .contains(": 20 follows changed");
  }

  @Test
  void refusesAKOutOfRange() {
    Cli.Run run = Cli.run("fill-timelines", "--max-followers", "0");

    assertThat(run.exitCode()).isNotZero();
    assertThat(run.err()).contains("maxFollowers must be 1 to 100000");
  }
}
