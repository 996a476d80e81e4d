package io.quickphotos.cli.simulate;

import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.cli.Cli;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class HotReadsCommandTest {
  @Test
  void aFleetServesTenTimesAPartitionsReadsOfOneProfileWithinTheBound() {
    Cli.Run run =
        Cli.run(
            "simulate",
            "readers",
            "--seconds",
            "2",
            "--reads-per-second",
            "30000",
            "--instances",
            "10",
            "--writes-per-second",
            "50");

    assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
    // Off, one profile and one photo share the celebrity's partition: 3,000 read units a second,
    // 18 a snapshot of 9 items. On, every read of both is served, none throttled.
    assertThat(run.out())
        .containsPattern("(?m)^ +2 +[\\d,]+ +[\\d,]+ +[\\d,]+ +27,000 +30,000 +30,000 +0 +[\\d,]+$")
        .contains("Staleness 1,000 ms: 30,000 profile and 30,000 photo reads/s served, 0 calls/s")
        .doesNotContain("OUTSIDE THE BOUND");
    Matcher on =
        Pattern.compile(
                "Staleness 1,000 ms: .*?([\\d,]+) read units/s .*?([\\d.,]+) ms stale at most,"
                    + " ([\\d.,]+) ms at p99; 0 never held")
            .matcher(run.out());
    assertThat(on.find()).as(run.out()).isTrue();
    // Ten instances, two keys, 18 units a refresh: a refresh a second each, and one after each
    // fan write an instance then reads after.
    assertThat(Long.parseLong(on.group(1).replace(",", "")))
        .isLessThanOrEqualTo(2 * 10 * 18 + 50 * 18 + 100);
    assertThat(Double.parseDouble(on.group(2).replace(",", ""))).isLessThanOrEqualTo(1_000);
  }

  @Test
  void refusesMoreWritesThanReads() {
    Cli.Run run =
        Cli.run("simulate", "readers", "--reads-per-second", "10", "--writes-per-second", "20");

    assertThat(run.exitCode()).isNotZero();
    assertThat(run.err()).contains("--writes-per-second may not exceed --reads-per-second");
  }
}
