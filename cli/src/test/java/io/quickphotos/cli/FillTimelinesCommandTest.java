package io.quickphotos.cli;

import static org.assertj.core.api.Assertions.assertThat;

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
    Cli.Run run = Cli.run("fill-timelines", "--file", BEFORE_HYBRID);

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out())
        .contains("Loaded 126 items")
        .contains("FanOut.hybrid(maxFollowers=1000, window=PT720H)")
        .contains("Filled the timelines of 12 users")
        .contains(": 36 follows made timeline follows")
        .containsPattern("Consumed: .*requests");
  }

  @Test
  void leavesTheFollowsOfAuthorsAtKOrBeyondPulled() {
    Cli.Run run = Cli.run("fill-timelines", "--max-followers", "5", "--file", BEFORE_HYBRID);

    assertThat(run.exitCode()).as(run.err()).isZero();
    // 11 + 5 follows are of the two authors at 5 followers or more.
    assertThat(run.out()).contains(": 20 follows made timeline follows");
  }

  @Test
  void refusesAKOutOfRange() {
    Cli.Run run = Cli.run("fill-timelines", "--max-followers", "0");

    assertThat(run.exitCode()).isNotZero();
    assertThat(run.err()).contains("maxFollowers must be 1 to 100000");
  }
}
