package io.quickphotos.cli.data;

import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.cli.Cli;
import io.quickphotos.cli.sample.SampleData;
import org.junit.jupiter.api.Test;

class LoadCommandTest {

  @Test
  void loadsAGeneratedDataSetAndReportsWhatItWrote() {
    SampleData expected = SampleData.generate(SampleData.DEFAULT_SEED, 40);

    Cli.Run run = Cli.run("load", "--users", "40");

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out())
        .contains(
            "Generated 40 users, 160 photos, 120 follows, 100 reactions (420 items) "
                + "from seed 42")
        .contains("Loading into memory")
        .containsPattern(
            "Wrote "
                + expected.itemCount()
                + " items with BatchWriteItem, 25 a request, in [\\d.]+ s")
        // 420 items in batches of 25: 17 requests, one write unit on the table and one on the
        // index per small item.
        .containsPattern("Consumed: 17 requests, 0(\\.0)? RCU, 840(\\.0)? WCU")
        .containsPattern("(?m)^  IMPORT_SNAPSHOT +1 +17 ");
    // Not a terminal, and done in under five seconds: no progress lines at all.
    assertThat(run.err()).isEmpty();
    assertThat(run.out())
        .contains(
            "Note: memory keeps its data in this process only: it is gone"
                + " when this command exits. To keep it, load into --backend dynamodb.");
  }

  @Test
  void saysOneOfEachInTheSingular() {
    Cli.Run run = Cli.run("load", "--users", "1", "--no-progress");

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).containsPattern("Generated 1 user, 4 photos, \\d+ follows?, ");
  }

  @Test
  void canLoadWithoutProgressBar() {
    Cli.Run run = Cli.run("load", "--users", "5", "--seed", "3", "--no-progress");

    assertThat(run.exitCode()).isZero();
    assertThat(run.err()).isEmpty();
    assertThat(run.out()).contains("from seed 3").contains("Wrote 52 items");
  }
}
