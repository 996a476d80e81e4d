package io.quickphotos.cli.simulate;

import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.PhotoId;
import io.quickphotos.cli.Cli;
import io.quickphotos.internal.singletable.hot.Shards;
import io.quickphotos.internal.singletable.layout.KeyLayout;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class ViralViewsCommandTest {
  @Test
  void theShardsCountedAreThoseOfTheViralPhotoInTheKeyLayout() {
    PhotoId photo = new PhotoId("celebrity", Instant.parse("2026-03-01T11:59:00Z"));
    assertThat(Shards.key(KeyLayout.photo(photo), 3).pk())
        .startsWith(ViralViewsCommand.PHOTO_SHARDS);
  }

  @Test
  void aViralPhotosViewsSpreadOverItsShardsAndEveryCountStaysExact() {
    Cli.Run run =
        Cli.run(
            "simulate",
            "views",
            "--seconds",
            "4",
            "--views-per-second",
            "1500",
            "--viewers",
            "3000");

    assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
    // The first second spends the partitions' burst; then the photo item's counters cap views
    // at 500 a second with sharding off, and on, the marks' index partition (one per photo,
    // sorted by viewer) does so too until it splits for heat, which a 4 s run does not reach:
    // the throughput past it is the 60 s run's (benchmarks/results/views.md).
    assertThat(run.out())
        .containsPattern("(?m)^ +4 +500 +500$")
        .contains("on 0 shards, audit clean: counts exact")
        .contains("on 8 shards (switched in second ")
        .doesNotContain("COUNTS WRONG");
    assertThat(run.out().split("audit clean: counts exact", -1)).hasSize(3);
  }

  @Test
  void refusesTooFewShards() {
    Cli.Run run = Cli.run("simulate", "views", "--shards", "1");

    assertThat(run.exitCode()).isNotZero();
    assertThat(run.err()).contains("--shards must be 2 to 64");
  }

  @Test
  void refusesTooManyViewers() {
    Cli.Run run = Cli.run("simulate", "views", "--viewers", "1000000");

    assertThat(run.exitCode()).isNotZero();
    assertThat(run.err()).contains("viewers");
  }
}
