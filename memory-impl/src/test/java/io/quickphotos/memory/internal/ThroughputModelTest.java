package io.quickphotos.memory.internal;

import static io.quickphotos.memory.internal.Fixtures.indexPlan;
import static io.quickphotos.memory.internal.Fixtures.item;
import static io.quickphotos.memory.internal.Fixtures.key;
import static io.quickphotos.memory.internal.Fixtures.plan;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quickphotos.NewUser;
import io.quickphotos.QuickPhotos;
import io.quickphotos.RetryPolicy;
import io.quickphotos.ServiceUnavailableException;
import io.quickphotos.Sharding;
import io.quickphotos.Snapshot;
import io.quickphotos.UserStatus;
import io.quickphotos.engine.Capacity;
import io.quickphotos.engine.Index;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.ItemCondition;
import io.quickphotos.engine.Limits;
import io.quickphotos.engine.Table;
import io.quickphotos.engine.TableTransactionCancelledException;
import io.quickphotos.engine.WriteAction;
import io.quickphotos.internal.repository.Repositories;
import io.quickphotos.internal.repository.RepositoryOptions;
import io.quickphotos.memory.MovableClock;
import io.quickphotos.memory.PartitionLoad;
import io.quickphotos.memory.Throughput;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * The partition model behind the throughput limits, driven through the table SPI on a clock the
 * test moves: index partitions, back-pressure of the index on table writes, split for heat, and
 * the snapshots a simulation reads.
 */
class ThroughputModelTest {
  private final MovableClock clock = new MovableClock(Instant.parse("2024-01-01T00:00:00Z"));
  private final MemoryTable engine = new MemoryTable();

  private static WriteAction.Put put(Item item) {
    return new WriteAction.Put(item, ItemCondition.NONE);
  }

  /** An item whose every version differs, so each put changes the index too: 1 + 1 units. */
  private static Item version(String pk, String sk, int n) {
    return Item.builder(key(pk, sk)).put("n", n).build();
  }

  /** Whether one attempt got through, or was refused for throughput. */
  private static boolean attempt(Runnable request) {
    try {
      request.run();
      return true;
    } catch (RefusedAttempt refused) {
      return false;
    }
  }

  private static RefusedAttempt refusal(Runnable request) {
    try {
      request.run();
    } catch (RefusedAttempt refused) {
      return refused;
    }
    throw new AssertionError("not refused");
  }

  /** The rows of one partition key value's partitions in a snapshot. */
  private static List<PartitionLoad> rows(ThroughputModel model, Index index, String value) {
    return model.snapshot().partitions().stream()
        .filter(
            row -> row.onIndex() == (index == Index.INVERTED) && row.partitionValue().equals(value))
        .toList();
  }

  private static List<PartitionLoad> active(ThroughputModel model, Index index, String value) {
    return rows(model, index, value).stream().filter(row -> !row.split()).toList();
  }

  @Nested
  class IndexPartitions {
    private final ThroughputModel model =
        ThroughputModel.create(Throughput.perPartition(2, 1_000).withoutSplitting(), clock);
    private final Table table = new PartitionThroughput(engine, model);

    @Test
    void aQueryOfAHotIndexPartitionIsThrottledWhileTheTablesSameValueIsNot() {
      for (int i = 0; i < 10; i++) {
        Fixtures.put(engine, item("USER#" + i, "#TAG#x"));
      }
      Fixtures.put(engine, item("#TAG#x", "a"));

      // Each index query reads 10 small items: 0.5 units, eventually consistent; 2 units a second.
      int admitted = 0;
      while (attempt(() -> table.query(indexPlan("#TAG#x", true, 100)))) {
        admitted++;
      }
      assertThat(admitted).isEqualTo(4);
      assertThat(refusal(() -> table.query(indexPlan("#TAG#x", true, 100))))
          .hasMessageContaining("ProvisionedThroughputExceededException")
          .hasMessageContaining("global secondary indexes")
          .hasMessageContaining(
              "IndexReadKeyRangeThroughputExceeded on table/quick-photos/index/InvertedIndex");

      // The table's partition "#TAG#x" is another partition, with its own units.
      assertThat(table.query(plan("#TAG#x", true, 100)).items()).hasSize(1);

      clock.advance(Duration.ofSeconds(1));
      assertThat(table.query(indexPlan("#TAG#x", true, 100)).items()).hasSize(10);
      assertThat(active(model, Index.INVERTED, "#TAG#x"))
          .singleElement()
          .satisfies(row -> assertThat(row.readUnits()).isEqualTo(2.5))
          .satisfies(row -> assertThat(row.refused()).isEqualTo(2));
    }
  }

  @Nested
  class BackPressure {
    private final ThroughputModel model =
        ThroughputModel.create(Throughput.perPartition(3_000, 10).withoutSplitting(), clock);
    private final Table table = new PartitionThroughput(engine, model);

    /** Ten items of ten partitions, one sort key: the index partition "#SAME" takes all 10. */
    private void exhaustTheIndexPartition() {
      List<Item> items = new ArrayList<>();
      for (int i = 0; i < 10; i++) {
        items.add(item("p" + i, "#SAME"));
      }
      assertThat(table.batchWriteItem(items).unprocessedItems()).isEmpty();
      assertThat(active(model, Index.INVERTED, "#SAME"))
          .singleElement()
          .satisfies(row -> assertThat(row.writeUnits()).isEqualTo(10.0));
    }

    @Test
    void batchWritesOfIdlePartitionsComeBackUnprocessedWhenTheirIndexPartitionIsExhausted() {
      exhaustTheIndexPartition();

      List<Item> same = new ArrayList<>();
      List<Item> other = new ArrayList<>();
      List<Item> batch = new ArrayList<>();
      for (int i = 0; i < 5; i++) {
        same.add(item("q" + i, "#SAME"));
        other.add(item("r" + i, "#OTHER" + i));
        batch.add(same.get(i));
        batch.add(other.get(i));
      }
      Table.BatchWrite result = table.batchWriteItem(batch);

      assertThat(result.unprocessedItems()).containsExactlyElementsOf(same);
      assertThat(same).allSatisfy(i -> assertThat(engine.getItem(i.key()).item()).isEmpty());
      assertThat(other).allSatisfy(i -> assertThat(engine.getItem(i.key()).item()).isPresent());
      // The table partitions of the unprocessed items were never short of units.
      assertThat(active(model, Index.TABLE, "q0"))
          .singleElement()
          .satisfies(row -> assertThat(row.refused()).isZero());
      assertThat(active(model, Index.INVERTED, "#SAME"))
          .singleElement()
          .satisfies(row -> assertThat(row.refused()).isEqualTo(5));
      assertThat(model.throttledAttempts()).isEqualTo(1);
    }

    @Test
    void aSingleWriteIsRefusedNamingTheIndex() {
      exhaustTheIndexPartition();

      assertThat(refusal(() -> table.write(put(item("idle", "#SAME")))))
          .hasMessageContaining("global secondary indexes")
          .hasMessageContaining("[IndexWriteKeyRangeThroughputExceeded on")
          .hasMessageNotContaining("TableWrite");
      assertThat(engine.getItem(key("idle", "#SAME")).item()).isEmpty();
    }

    @Test
    void aTransactionIsCancelledWithThrottlingErrorOnTheActionWhoseIndexPartitionIsExhausted() {
      exhaustTheIndexPartition();
      Fixtures.put(engine, item("checked", "x"));

      List<WriteAction> actions =
          List.of(
              put(item("a", "#FREE")),
              put(item("b", "#SAME")),
              new WriteAction.Check(key("checked", "x"), ItemCondition.EXISTS));
      assertThatThrownBy(() -> table.transactWrite(actions))
          .isInstanceOfSatisfying(
              TableTransactionCancelledException.class,
              e ->
                  assertThat(e.reasons())
                      .containsExactly(Limits.NONE, Limits.THROTTLING_ERROR, Limits.NONE));
      assertThat(engine.getItem(key("a", "#FREE")).item()).isEmpty();

      clock.advance(Duration.ofSeconds(1));
      Capacity consumed = table.transactWrite(actions);
      // Two puts of 1 + 1 units and one check of 1 unit, all doubled.
      assertThat(consumed).isEqualTo(new Capacity(2, 8));
      assertThat(active(model, Index.INVERTED, "#SAME"))
          .singleElement()
          .satisfies(row -> assertThat(row.writeUnits()).isEqualTo(12.0));
    }

    @Test
    void theSdkRetriesAThrottledWriteAndReportsTheReason() {
      Table retried = DynamoDbFailures.around(engine, null, model, RetryPolicy.noDelay(3));
      for (int i = 0; i < 10; i++) {
        retried.write(put(item("w" + i, "#SAME")));
      }

      assertThatThrownBy(() -> retried.write(put(item("w10", "#SAME"))))
          .isInstanceOf(ServiceUnavailableException.class)
          .hasMessageContaining("ProvisionedThroughputExceededException")
          .hasMessageContaining("after 3 attempts")
          .hasMessageContaining("IndexWriteKeyRangeThroughputExceeded");
      assertThat(model.throttledAttempts()).isEqualTo(3);
    }
  }

  @Nested
  class SplitForHeat {
    /** 100 write units a second, the table's share of 1 + 1 for each new or changed item. */
    private static final int PER_PARTITION = 100;

    private static final int OFFERED = 1_000;

    /**
     * Offers {@code OFFERED} puts to partition "hot" in each simulated second; the n-th put of the
     * run writes {@code items.apply(n)}. Returns the puts admitted in each second.
     */
    private int[] run(Table table, int seconds, IntFunction<Item> items) {
      int[] admitted = new int[seconds];
      int n = 0;
      for (int second = 0; second < seconds; second++) {
        for (int i = 0; i < OFFERED; i++) {
          Item item = items.apply(n++);
          if (attempt(() -> table.write(put(item)))) {
            admitted[second]++;
          }
        }
        clock.advance(Duration.ofSeconds(1));
      }
      return admitted;
    }

    private static IntFunction<Item> randomSortKeys() {
      Random random = new Random(42);
      return n -> version("hot", "k" + random.nextInt(1_000_000_000), n);
    }

    @Test
    void anItemCollectionWithSpreadSortKeysDoublesAfterTheSplitDelay() {
      ThroughputModel model =
          ThroughputModel.create(Throughput.perPartition(3_000, PER_PARTITION), clock);
      int[] admitted = run(new PartitionThroughput(engine, model), 12, randomSortKeys());

      // Hot from second 0; at the first refusal of second 5 it has been hot for 5 s and splits.
      assertThat(admitted)
          .containsExactly(100, 100, 100, 100, 100, 100, 200, 200, 200, 200, 200, 400);
      assertThat(active(model, Index.TABLE, "hot")).hasSize(4);
      assertThat(rows(model, Index.TABLE, "hot").stream().filter(PartitionLoad::split)).hasSize(3);
    }

    @Test
    void oneItemStaysAtTheSingleItemCeilingForever() {
      ThroughputModel model =
          ThroughputModel.create(Throughput.perPartition(3_000, PER_PARTITION), clock);
      int[] admitted =
          run(new PartitionThroughput(engine, model), 30, n -> version("hot", "one", n));

      assertThat(admitted).containsOnly(PER_PARTITION);
      assertThat(rows(model, Index.TABLE, "hot")).singleElement();
      assertThat(rows(model, Index.INVERTED, "one")).singleElement();
    }

    @Test
    void steadilyRisingSortKeysGainNothingFromTheirSplits() {
      ThroughputModel model =
          ThroughputModel.create(Throughput.perPartition(3_000, PER_PARTITION), clock);
      int[] admitted =
          run(
              new PartitionThroughput(engine, model),
              30,
              n -> version("hot", String.format("%09d", n), n));

      assertThat(admitted).containsOnly(PER_PARTITION);
      // The partition did split, every 5 s, but each split left all new keys in its upper half.
      assertThat(active(model, Index.TABLE, "hot")).hasSizeGreaterThan(2);
    }

    @Test
    void withoutSplittingEachPartitionKeyValueIsOnePartitionForever() {
      ThroughputModel model =
          ThroughputModel.create(
              Throughput.perPartition(3_000, PER_PARTITION).withoutSplitting(), clock);
      int[] admitted = run(new PartitionThroughput(engine, model), 30, randomSortKeys());

      assertThat(admitted).containsOnly(PER_PARTITION);
      assertThat(rows(model, Index.TABLE, "hot"))
          .singleElement()
          .satisfies(row -> assertThat(row.fromSortKey()).isEmpty())
          .satisfies(row -> assertThat(row.toSortKey()).isEmpty())
          .satisfies(row -> assertThat(row.writeUnits()).isEqualTo(30.0 * PER_PARTITION));
    }

    @Test
    void aQueryAcrossSplitPartitionsIsChargedEvenlyOverThem() {
      ThroughputModel model =
          ThroughputModel.create(Throughput.perPartition(3_000, PER_PARTITION), clock);
      Table table = new PartitionThroughput(engine, model);
      run(table, 6, randomSortKeys());
      List<PartitionLoad> halves = active(model, Index.TABLE, "hot");
      assertThat(halves).hasSize(2);
      String middle = halves.get(1).fromSortKey().orElseThrow();
      assertThat(halves.get(0).toSortKey()).contains(middle);

      double before0 = halves.get(0).readUnits();
      double units = table.query(plan("hot", true, 10)).consumed().read();
      assertThat(active(model, Index.TABLE, "hot").get(0).readUnits()).isEqualTo(before0 + units);
      double whole = table.query(plan("hot", true, 10_000)).consumed().read();
      List<PartitionLoad> after = active(model, Index.TABLE, "hot");
      assertThat(after.get(1).readUnits()).isEqualTo(whole / 2);
    }
  }

  @Nested
  class Celebrity {
    private final ThroughputModel model = ThroughputModel.create(Throughput.onDemand(), clock);
    private final QuickPhotos photos =
        Repositories.create(
            DynamoDbFailures.around(engine, null, model, RetryPolicy.noDelay()),
            RepositoryOptions.defaults()
                .withClock(clock)
                .withRetryPolicy(RetryPolicy.noDelay())
                // The layout as it is without hot-key sharding: the profile's counter is one item.
                .withSharding(Sharding.off()));

    private NewUser user(String name) {
      return new NewUser(
          name, name, name + "@example.com", LocalDate.of(1990, 1, 1), "", UserStatus.ACTIVE);
    }

    @Test
    void followsDoubleWhenTheFriendshipsSplitFromTheCounterAndNoFurther() {
      int seconds = 10;
      List<NewUser> users = new ArrayList<>();
      users.add(user("celebrity"));
      for (int i = 0; i < seconds * 1_000; i++) {
        users.add(user("fan" + i));
      }
      photos.importSnapshot(new Snapshot(users, List.of(), List.of(), List.of()), n -> {});

      int[] accepted = new int[seconds];
      for (int second = 0; second < seconds; second++) {
        for (int i = 0; i < 1_000; i++) {
          try {
            photos.follow("fan" + (second * 1_000 + i), "celebrity");
            accepted[second]++;
          } catch (ServiceUnavailableException e) {
            // throttled: the fan tries no more
          }
        }
        clock.advance(Duration.ofSeconds(1));
      }

      // Each follow charges the celebrity's table partition 2 + 2 units (counter, friendship)
      // and the counter's index partition 2: 250 a second until the table partition, hot for
      // 5 s, splits between the friendships and the counter; then the counter item's own 1,000
      // units a second, on the table and on the index, hold it at 500.
      assertThat(accepted).containsExactly(250, 250, 250, 250, 250, 250, 500, 500, 500, 500);
      assertThat(active(model, Index.TABLE, "USER#celebrity"))
          .last()
          .satisfies(row -> assertThat(row.fromSortKey()).contains("#METADATA#celebrity"))
          .satisfies(row -> assertThat(row.toSortKey()).isEmpty());
      assertThat(rows(model, Index.INVERTED, "#METADATA#celebrity")).singleElement();
    }
  }

  @Nested
  class Snapshots {
    private final ThroughputModel model =
        ThroughputModel.create(Throughput.onDemand().withoutSplitting(), clock);
    private final Table table = new PartitionThroughput(engine, model);

    @Test
    void reportTheUnitsOfEachTableAndIndexPartition() {
      table.write(put(item("USER#ann", "#METADATA#ann")));
      table.getItem(key("USER#ann", "#METADATA#ann"));
      table.query(indexPlan("#METADATA#ann", true, 10));

      ThroughputModel.Snapshot snapshot = model.snapshot();
      assertThat(snapshot.at()).isEqualTo(clock.instant());
      assertThat(snapshot.throttledAttempts()).isZero();
      assertThat(snapshot.partitions())
          .containsExactly(
              new PartitionLoad(
                  false, "USER#ann", Optional.empty(), Optional.empty(), 1.0, 1.0, 0, false),
              new PartitionLoad(
                  true, "#METADATA#ann", Optional.empty(), Optional.empty(), 0.5, 1.0, 0, false));
    }

    @Test
    void keepASplitPartitionWithItsFinalTotalsBesideItsHalves() {
      ThroughputModel splitting =
          ThroughputModel.create(
              Throughput.perPartition(3_000, 10).splittingForHeatAfter(Duration.ZERO), clock);
      Table table = new PartitionThroughput(engine, splitting);
      for (int i = 0; i < 10; i++) {
        table.write(put(version("hot", "a", i)));
      }
      // Exhausted: the first refusal starts the hot spell; two sort keys served in it, then
      // the next refusal splits the partition between them.
      assertThat(attempt(() -> table.write(put(version("hot", "a", 10))))).isFalse();
      clock.advance(Duration.ofMillis(100));
      assertThat(attempt(() -> table.write(put(version("hot", "a", 11))))).isTrue();
      assertThat(attempt(() -> table.write(put(version("hot", "b", 12))))).isFalse();
      clock.advance(Duration.ofMillis(100));
      assertThat(attempt(() -> table.write(put(version("hot", "b", 13))))).isTrue();
      assertThat(attempt(() -> table.write(put(version("hot", "c", 14))))).isFalse();

      assertThat(rows(splitting, Index.TABLE, "hot"))
          .extracting(
              PartitionLoad::fromSortKey,
              PartitionLoad::toSortKey,
              PartitionLoad::writeUnits,
              PartitionLoad::split)
          .containsExactly(
              org.assertj.core.groups.Tuple.tuple(Optional.empty(), Optional.empty(), 12.0, true),
              org.assertj.core.groups.Tuple.tuple(Optional.empty(), Optional.of("b"), 0.0, false),
              org.assertj.core.groups.Tuple.tuple(Optional.of("b"), Optional.empty(), 0.0, false));
      assertThat(splitting.throttledAttempts()).isEqualTo(3);
    }
  }
}
