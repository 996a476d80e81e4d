package io.quickphotos.bench.patterns;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Smoke mode for {@link ReadScalingBenchmark}: every read pattern runs once on one thread and
 * once on two, on a small data set, in this JVM, and returns something. Measures nothing.
 */
public class ReadScalingBenchmarkTest {
  private static final List<String> PATTERNS =
      List.of(
          "getUser",
          "getPhoto",
          "userWithPhotos",
          "photoWithReactions",
          "followersOf",
          "followedBy",
          "isFollowing",
          "reactionsLeftBy",
          "homeFeed");

  @Test
  void everyPatternRunsOnOneAndOnTwoThreads() throws Exception {
    Options options =
        new OptionsBuilder()
            .include("io\\.quickphotos\\.bench\\.patterns\\.ReadScalingBenchmark\\.")
            .param("size", "100")
            .warmupIterations(0)
            .measurementIterations(1)
            .measurementTime(TimeValue.milliseconds(20))
            .forks(0)
            .shouldFailOnError(true)
            .build();

    Collection<RunResult> results = new Runner(options).run();

    Map<Integer, List<String>> byThreads =
        results.stream()
            .collect(
                Collectors.groupingBy(
                    r -> r.getParams().getThreads(),
                    Collectors.mapping(
                        r -> {
                          String name = r.getParams().getBenchmark();
                          return name.substring(name.lastIndexOf('.') + 1);
                        },
                        Collectors.toList())));
    assertThat(byThreads.keySet()).containsExactlyInAnyOrder(1, 2);
    assertThat(byThreads.get(1)).containsExactlyInAnyOrderElementsOf(PATTERNS);
    assertThat(byThreads.get(2)).containsExactlyInAnyOrderElementsOf(PATTERNS);
    for (RunResult result : results) {
      assertThat(result.getPrimaryResult().getScore()).isPositive();
    }
  }
}
