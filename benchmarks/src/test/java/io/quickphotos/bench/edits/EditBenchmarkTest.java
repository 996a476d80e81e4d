package io.quickphotos.bench.edits;

import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.AppValue;
import io.quickphotos.Photo;
import io.quickphotos.PhotoEdit;
import io.quickphotos.QuickPhotos;
import io.quickphotos.bench.CostTally;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * The edit benchmarks' three shapes cost what the documents say, on a photo of about 450 bytes
 * and one of 3 KB, and a smoke run of {@link EditBenchmark} (one short iteration of each).
 */
public class EditBenchmarkTest {

  private static double[] cost(CostTally costs) {
    double[] cost = {costs.requests, costs.readUnits, costs.writeUnits};
    costs.clear();
    return cost;
  }

  @Test
  void aSingleChangeSavesTheReadAndCostsTheSameWriteUnits() {
    for (int notesBytes : new int[] {0, 2_400}) {
      CostTally costs = new CostTally();
      QuickPhotos photos = EditBenchmark.load(notesBytes, costs);
      double writes = notesBytes == 0 ? 4 : 12; // 2 × (table + index), 1 KB or 3 KB

      photos.editPhoto(
          EditBenchmark.photo(1), PhotoEdit.builder().set("alt", AppValue.of("x")).build());
      assertThat(cost(costs)).containsExactly(1, 2, writes);

      Photo read = photos.getPhoto(EditBenchmark.photo(2)).orElseThrow();
      Map<String, AppValue> attributes = new HashMap<>(read.attributes());
      attributes.put("alt", AppValue.of("x"));
      photos.editPhoto(EditBenchmark.photo(2), PhotoEdit.builder().attributes(attributes).build());
      assertThat(cost(costs)).containsExactly(2, 3, writes);

      photos.editPhoto(EditBenchmark.photo(3), PhotoEdit.builder().add("views", 1).build());
      assertThat(cost(costs)).containsExactly(1, 2, writes);
    }
  }

  @Test
  void eachBenchmarkRunsOnce() throws Exception {
    Collection<RunResult> results =
        new Runner(
                new OptionsBuilder()
                    .include("io\\.quickphotos\\.bench\\.edits\\.EditBenchmark")
                    .warmupIterations(0)
                    .measurementIterations(1)
                    .measurementTime(TimeValue.milliseconds(20))
                    .forks(0)
                    .shouldFailOnError(true)
                    .build())
            .run();
    // Three shapes × two photo sizes.
    assertThat(results).hasSize(6);
  }
}
