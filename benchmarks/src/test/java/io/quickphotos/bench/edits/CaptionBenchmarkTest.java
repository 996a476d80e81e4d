package io.quickphotos.bench.edits;

import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.FanOut;
import io.quickphotos.PageRequest;
import io.quickphotos.Photo;
import io.quickphotos.QuickPhotos;
import io.quickphotos.SortOrder;
import io.quickphotos.bench.CostTally;
import java.util.Collection;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * The caption benchmarks' scenario costs what the documents say, with and without captions, and
 * a smoke run of {@link CaptionBenchmark} (one short iteration of each, in this JVM).
 */
public class CaptionBenchmarkTest {

  /** Requests and read units of one call, from the scenario's cost tally. */
  private static double[] cost(CostTally costs) {
    double[] cost = {costs.requests, costs.readUnits};
    costs.clear();
    return cost;
  }

  @Test
  void aCaptionOf200BytesAddsAUnitToAUserPageAndFiveToATenAuthorPullPage() {
    for (int captionBytes : new int[] {0, 200}) {
      CostTally costs = new CostTally();
      QuickPhotos photos = CaptionBenchmark.load(captionBytes, FanOut.off(), costs);
      List<Photo> page =
          photos
              .userWithPhotos(
                  CaptionBenchmark.user(3), SortOrder.NEWEST_FIRST, PageRequest.first(25))
              .photos()
              .items();
      assertThat(page).hasSize(25).allSatisfy(p -> assertThat(p.caption()).hasSize(captionBytes));
      // 27 photos read (page + 1, + 1 for the profile that is not reached), then the profile.
      assertThat(cost(costs)).containsExactly(2, captionBytes == 0 ? 3 : 4);

      assertThat(photos.homeFeed(CaptionBenchmark.user(3), PageRequest.first(25)).items())
          .hasSize(25);
      // The followed list, then 25 photos of each of 10 authors, eventually consistent.
      assertThat(cost(costs)).containsExactly(11, captionBytes == 0 ? 10.5 : 15.5);

      QuickPhotos hybrid = CaptionBenchmark.load(captionBytes, FanOut.hybrid(), costs);
      assertThat(hybrid.homeFeed(CaptionBenchmark.user(3), PageRequest.first(25)).items())
          .extracting(Photo::caption)
          .allSatisfy(caption -> assertThat(caption).hasSize(captionBytes));
      // The followed list, the timeline, and a BatchGetItem of 25 photos, each under 4 KB.
      assertThat(cost(costs)).containsExactly(3, 26);
    }
  }

  @Test
  void eachBenchmarkRunsOnce() throws Exception {
    Collection<RunResult> results =
        new Runner(
                new OptionsBuilder()
                    .include("io\\.quickphotos\\.bench\\.edits\\.CaptionBenchmark")
                    .warmupIterations(0)
                    .measurementIterations(1)
                    .measurementTime(TimeValue.milliseconds(20))
                    .forks(0)
                    .shouldFailOnError(true)
                    .build())
            .run();
    // userWithPhotos × 2 caption lengths, homeFeed × 2 lengths × 2 feeds.
    assertThat(results).hasSize(6);
  }
}
