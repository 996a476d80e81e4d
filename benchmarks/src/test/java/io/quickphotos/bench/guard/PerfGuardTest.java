package io.quickphotos.bench.guard;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/**
 * {@link PerfGuard}'s verdict on given figures (nothing is measured here): a pattern fails when
 * its ratio is above the running JDK's baseline times the tolerance, and the message says which
 * pattern, with both times and both ratios.
 */
class PerfGuardTest {
  /** The lines the guard prints, kept out of the build's log (they would read as a failure). */
  private static final PrintStream QUIET = new PrintStream(OutputStream.nullOutputStream());

  private static Properties baseline(String jdk) {
    Properties baseline = new Properties();
    baseline.setProperty("tolerance", "1.35");
    baseline.setProperty(jdk + ".getUser", "3.00");
    baseline.setProperty(jdk + ".followAndUnfollow", "3.00");
    return baseline;
  }

  private static Map<String, PerfGuard.Measured> measured(double getUser, double follow) {
    Map<String, PerfGuard.Measured> measured = new LinkedHashMap<>();
    measured.put("getUser", new PerfGuard.Measured(getUser, 0.050));
    measured.put("followAndUnfollow", new PerfGuard.Measured(follow, 0.700));
    return measured;
  }

  @Test
  void ratiosUpToTheBaselineTimesTheTolerancePass() {
    // 0.200 / 0.050 = 4.0 and 2.800 / 0.700 = 4.0, both under 3.00 x 1.35 = 4.05.
    assertThat(PerfGuard.check(baseline(PerfGuard.jdk()), measured(0.200, 2.800), QUIET)).isEmpty();
  }

  @Test
  void aRatioAboveTheLimitFailsNamingThePatternAndTheFigures() {
    assertThat(PerfGuard.check(baseline(PerfGuard.jdk()), measured(0.350, 2.100), QUIET))
        .singleElement()
        .asString()
        .startsWith("PerfGuard: getUser regressed:")
        .contains("0.350 us", "0.050 us", "a ratio of 7.00", "limit 4.05", "3.00 x tolerance 1.35");
  }

  @Test
  void aJdkWithoutABaselineIsNotJudged() {
    assertThat(PerfGuard.check(baseline("java8"), measured(10.0, 100.0), QUIET)).isEmpty();
  }

  @Test
  void aConfirmingRunKeepsEachPatternsLowerRatio() {
    // getUser over the limit in the first run only: a busy moment, not a regression.
    Map<String, PerfGuard.Measured> better =
        PerfGuard.better(measured(0.350, 2.100), measured(0.200, 3.500));
    assertThat(better.get("getUser").memoryMicros()).isEqualTo(0.200);
    assertThat(better.get("followAndUnfollow").memoryMicros()).isEqualTo(2.100);
    assertThat(PerfGuard.check(baseline(PerfGuard.jdk()), better, QUIET)).isEmpty();
    // Over in both runs: still a regression.
    assertThat(
            PerfGuard.check(
                baseline(PerfGuard.jdk()),
                PerfGuard.better(measured(0.350, 2.100), measured(0.300, 2.100)),
                QUIET))
        .singleElement()
        .asString()
        .startsWith("PerfGuard: getUser regressed:");
  }
}
