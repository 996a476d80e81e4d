package io.quickphotos.proptest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The harness itself: reproducible generation, shrinking, reporting. */
class PropertyTest {
  /** What the properties under test print, kept out of the build log. */
  private final ByteArrayOutputStream printed = new ByteArrayOutputStream();

  private Property property(String name) {
    return Property.named(name).output(new PrintStream(printed, true, StandardCharsets.UTF_8));
  }

  private String printed() {
    return printed.toString(StandardCharsets.UTF_8);
  }

  @Test
  void aCaseThatRunsPastItsLimitIsReportedWithItsSeedAndStacks() throws Exception {
    java.util.concurrent.CountDownLatch reported = new java.util.concurrent.CountDownLatch(1);
    List<String> reports = new java.util.concurrent.CopyOnWriteArrayList<>();
    int cases =
        property("PropertyTest.hanging")
            .cases(3)
            .onHang(
                java.time.Duration.ofMillis(50),
                report -> {
                  reports.add(report);
                  reported.countDown();
                })
            .check(
                Gen.integers(0, 0),
                i -> {
                  // The first case waits for the watch's report, as a hung case would run on.
                  if (reports.isEmpty()) {
                    assertThat(reported.await(60, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
                  }
                });
    assertThat(cases).isEqualTo(3);
    assertThat(reports).hasSize(1);
    assertThat(reports.get(0))
        .startsWith("PROPERTY PropertyTest.hanging, case seed ")
        .contains("still running after 50 ms, a hang")
        .contains("aCaseThatRunsPastItsLimitIsReportedWithItsSeedAndStacks");
    assertThat(printed()).contains("PropertyTest.hanging, case seed");
  }

  @Test
  void aPassingPropertyRunsItsCases() {
    List<Integer> seen = new ArrayList<>();
    int cases = property("PropertyTest.passing").cases(37).check(Gen.integers(-5, 5), seen::add);
    assertThat(cases).isEqualTo(37);
    assertThat(printed()).matches("PROPERTY PropertyTest.passing: 37 cases, seed -?\\d+\\R");
    assertThat(seen).hasSize(37).allMatch(i -> i >= -5 && i <= 5);
  }

  @Test
  void theSameSeedGeneratesTheSameValues() {
    Gen<List<String>> gen = Gen.of("a", "b", "c").list(0, 10);
    assertThat(gen.generate(Choices.random(42))).isEqualTo(gen.generate(Choices.random(42)));
    Choices first = Choices.random(7);
    List<String> value = gen.generate(first);
    assertThat(gen.generate(Choices.replay(first.recorded()))).isEqualTo(value);
  }

  @Test
  void aFailingValueShrinksToTheBoundary() {
    assertThatThrownBy(
            () ->
                property("PropertyTest.values")
                    .cases(1000)
                    .check(
                        Gen.integers(0, 1_000_000).list(0, 20),
                        list -> assertThat(list).allMatch(i -> i < 100)))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("1 elements\n    0: 100\n")
        .hasMessageContaining("-Dquickphotos.seed=")
        .hasMessageContaining("-Dtest=PropertyTest#aFailingValueShrinksToTheBoundary");
    assertThat(printed()).startsWith("PROPERTY PropertyTest.values: FAILED");
  }

  /** A history fails when a "close" follows an "open": the minimum is those two steps alone. */
  @Test
  void aFailingHistoryShrinksToItsNecessarySteps() {
    Gen<String> step =
        Gen.frequency(
            Gen.weighted(5, Gen.of("read", "write", "list")),
            Gen.weighted(1, Gen.of("open", "close")));
    assertThatThrownBy(
            () ->
                property("PropertyTest.history")
                    .cases(1000)
                    .check(
                        step.steps(20, 40),
                        history -> {
                          int open = history.indexOf("open");
                          assertThat(
                                  open >= 0
                                      && history.subList(open, history.size()).contains("close"))
                              .isFalse();
                        }))
        .hasMessageContaining("2 elements\n    0: open\n    1: close\n");
  }

  @Test
  void uniqueListsHaveDistinctElements() {
    property("PropertyTest.unique")
        .cases(200)
        .check(
            Gen.integers(0, 5).uniqueList(1, 6),
            list -> assertThat(list).doesNotHaveDuplicates().isNotEmpty());
  }

  @Test
  void theCaseSeedReproducesTheFailureFirst() {
    Gen<Integer> gen = Gen.integers(0, 1000);
    long seed = 12345;
    Choices choices = Choices.random(seed);
    int first = gen.generate(choices);
    List<Integer> seen = new ArrayList<>();
    System.setProperty("quickphotos.seed", Long.toString(seed));
    try {
      property("PropertyTest.seeded").cases(3).check(gen, seen::add);
    } finally {
      System.clearProperty("quickphotos.seed");
    }
    assertThat(seen.get(0)).isEqualTo(first);
    assertThat(printed()).contains("3 cases, seed 12345");
  }
}
