package io.quickphotos.cli.simulate;

import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.cli.Cli;
import org.junit.jupiter.api.Test;

class MassUnfollowCommandTest {
  @Test
  void unfollowsOfAHotCelebritySpreadOverItsShardsAndEveryCountStaysExact() {
    Cli.Run run =
        Cli.run("simulate", "unfollow", "--seconds", "2", "--unfollows-per-second", "900");

    assertThat(run.exitCode()).as(run.err()).isZero();
    // Off, the profile's counter caps unfollows at 500 a second (1,000 write units, two an
    // unfollow); on, the shards take them, and the first second lets nearly all 900 through
    // (the celebrity's item collection, where the friendships are, limits the rest until it
    // splits for heat).
    assertThat(run.out()).containsPattern("(?m)^ +1 +500 +8\\d\\d$").doesNotContain("COUNTS WRONG");
    assertThat(run.out().split("audit clean: counts exact", -1)).hasSize(3);
  }

  @Test
  void refusesARunOfTooManyFans() {
    Cli.Run run = Cli.run("simulate", "unfollow", "--unfollows-per-second", "100000");

    assertThat(run.exitCode()).isNotZero();
    assertThat(run.err()).contains("one fan per unfollow");
  }
}
