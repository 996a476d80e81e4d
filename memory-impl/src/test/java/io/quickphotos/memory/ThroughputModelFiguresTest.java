package io.quickphotos.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quickphotos.FanOut;
import io.quickphotos.NewUser;
import io.quickphotos.ProfileUpdate;
import io.quickphotos.QuickPhotos;
import io.quickphotos.RetryPolicy;
import io.quickphotos.ServiceUnavailableException;
import io.quickphotos.Sharding;
import io.quickphotos.UserStatus;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A {@link Throughput.Model} the application holds: its figures, and repositories sharing it. */
class ThroughputModelFiguresTest {
  private final MovableClock clock = new MovableClock(Instant.parse("2024-01-01T00:00:00Z"));

  @Test
  void aHotProfileShowsInTheFiguresOfItsTableAndIndexPartitions() {
    Throughput.Model model = Throughput.onDemand().withoutSplitting().model(clock);
    QuickPhotos photos = limited(InMemoryTable.create(), model);
    assertThat(model.partitions()).isEmpty();
    assertThat(model.limits()).isEqualTo(Throughput.onDemand().withoutSplitting());

    photos.createUser(newUser("ann"));
    int through = updates(photos, 1_500);

    assertThat(through).isBetween(990, 1_001);
    assertThat(model.throttledAttempts()).isEqualTo(1_500 - through);
    List<PartitionLoad> rows = model.partitions();
    // The table's partition first, then the index's; each bears half of every write's units.
    assertThat(rows).extracting(PartitionLoad::onIndex).containsExactly(false, true);
    PartitionLoad table = rows.get(0);
    assertThat(table.partitionValue()).isEqualTo("USER#ann");
    assertThat(table.fromSortKey()).isEmpty();
    assertThat(table.toSortKey()).isEmpty();
    assertThat(table.writeUnits()).isEqualTo(rows.get(1).writeUnits()).isBetween(990.0, 1_002.0);
    assertThat(table.refused()).isEqualTo(1_500 - through);
    assertThat(table.split()).isFalse();
    assertThat(rows.get(1).partitionValue()).isEqualTo("#METADATA#ann");
    assertThatThrownBy(() -> rows.add(table)).isInstanceOf(UnsupportedOperationException.class);

    // A second later the buckets are full again, and the totals go on from where they were.
    clock.advance(Duration.ofSeconds(1));
    assertThat(updates(photos, 10)).isEqualTo(10);
    assertThat(model.partitions().get(0).writeUnits()).isEqualTo(table.writeUnits() + 10);
  }

  @Test
  void repositoriesOfOneTableSharingAModelShareItsLimits() {
    InMemoryTable table = InMemoryTable.create();
    Throughput.Model model = Throughput.onDemand().model(clock);
    QuickPhotos first = limited(table, model);
    QuickPhotos second = limited(table, model);
    first.createUser(newUser("ann"));

    int through = updates(first, 600) + updates(second, 600);

    assertThat(through).isBetween(990, 1_001);
    assertThat(model.partitions().get(0).refused()).isEqualTo(1_200 - through);
  }

  @Test
  void theLastThroughputSettingOfABuilderWins() {
    Throughput.Model model = Throughput.perPartition(1, 1).model(clock);
    QuickPhotos photos =
        MemoryQuickPhotos.builder()
            .clock(clock)
            .throughput(model)
            .throughput(Throughput.onDemand())
            .fanOut(FanOut.off())
            .sharding(Sharding.defaults())
            .build();
    photos.createUser(newUser("ann"));
    assertThat(updates(photos, 5)).isEqualTo(5);
    assertThat(model.partitions()).isEmpty();
    assertThat(model.throttledAttempts()).isZero();
    assertThat(model.toString()).startsWith("Throughput.Model[Throughput[1.0 RCU/s");
  }

  @Test
  void nullsAreRefusedAtOnce() {
    assertThatThrownBy(() -> Throughput.onDemand().model(null))
        .isInstanceOf(NullPointerException.class)
        .hasMessageContaining("clock");
    assertThatThrownBy(() -> MemoryQuickPhotos.builder().throughput((Throughput.Model) null))
        .isInstanceOf(NullPointerException.class)
        .hasMessageContaining("model");
    assertThatThrownBy(
            () ->
                new PartitionLoad(false, null, Optional.empty(), Optional.empty(), 0, 0, 0, false))
        .isInstanceOf(NullPointerException.class);
  }

  private QuickPhotos limited(InMemoryTable table, Throughput.Model model) {
    return MemoryQuickPhotos.builder()
        .table(table)
        .throughput(model)
        .clock(clock)
        .retryPolicy(RetryPolicy.noDelay(1))
        .fanOut(FanOut.off())
        .sharding(Sharding.defaults())
        .build();
  }

  /** Renames ann {@code n} times in this second; how many went through. */
  private static int updates(QuickPhotos photos, int n) {
    int through = 0;
    for (int i = 0; i < n; i++) {
      try {
        photos.updateProfile("ann", ProfileUpdate.builder().name("Ann " + i).build());
        through++;
      } catch (ServiceUnavailableException throttled) {
        // refused for throughput
      }
    }
    return through;
  }

  private static NewUser newUser(String username) {
    return new NewUser(
        username,
        "Name of " + username,
        username + "@example.com",
        LocalDate.of(1990, 4, 1),
        "",
        UserStatus.ACTIVE);
  }
}
