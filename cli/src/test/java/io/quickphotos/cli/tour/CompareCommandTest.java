package io.quickphotos.cli.tour;

import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.AccessPattern;
import io.quickphotos.cli.Cli;
import org.junit.jupiter.api.Test;

class CompareCommandTest {

  @Test
  void runsEveryPatternOnBothBackendsWithEqualResults() {
    Cli.Run run = Cli.run("compare", "--users", "8");

    assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
    assertThat(run.out())
        .contains("quickphotos compare: memory vs DynamoDB Local, sample of seed 42")
        .contains("dynamodb-local: DynamoDB Local (in this process) on http://127.0.0.1:")
        .containsPattern("(?m)^    \\(all steps\\) +yes ")
        .contains("Equal results on both backends for every step.")
        .doesNotContain("returned different results");
    for (AccessPattern pattern : Walkthrough.PATTERNS) {
      assertThat(run.out())
          .as("row of %s", pattern)
          .containsPattern(
              "(?m)^\\d+ +"
                  + pattern.name()
                  + " +yes +(yes|NO) +[\\d,]+( / [\\d,]+)? .* \\$[\\d.,]+( / \\$[\\d.,]+)? .*"
                  + " [\\d.,]+×$");
    }
  }
}
