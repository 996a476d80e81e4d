package io.quickphotos.memory.internal;

import static io.quickphotos.memory.internal.Fixtures.indexPlan;
import static io.quickphotos.memory.internal.Fixtures.key;
import static io.quickphotos.memory.internal.Fixtures.plan;
import static io.quickphotos.memory.internal.Fixtures.put;
import static io.quickphotos.memory.internal.Fixtures.sized;
import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.engine.AttributePath;
import io.quickphotos.engine.Capacity;
import io.quickphotos.engine.Index;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.ItemCondition;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.QueryPlan;
import io.quickphotos.engine.Table;
import io.quickphotos.engine.UpdateAction;
import io.quickphotos.engine.WriteAction;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** Consumed capacity as DynamoDB bills each request kind, at the rounding edges. */
class CapacityTest {
  private final MemoryTable table = new MemoryTable();

  private Capacity putCost(Item item) {
    return table.write(new WriteAction.Put(item, ItemCondition.NONE)).consumed();
  }

  @Nested
  class Reads {
    @Test
    void getItemRoundsUpTo4Kilobytes() {
      put(table, Fixtures.item("p", "small"));
      put(table, sized(key("p", "4096"), 4096));
      put(table, sized(key("p", "4097"), 4097));

      assertThat(table.getItem(key("p", "small")).consumed()).isEqualTo(new Capacity(1, 0));
      assertThat(table.getItem(key("p", "4096")).consumed()).isEqualTo(new Capacity(1, 0));
      assertThat(table.getItem(key("p", "4097")).consumed()).isEqualTo(new Capacity(2, 0));
      assertThat(table.getItem(key("p", "missing")).consumed()).isEqualTo(new Capacity(1, 0));
    }

    @Test
    void queryRoundsTheSumOnceAndHalvesEventualReads() {
      put(table, sized(key("p", "a"), 2048));
      put(table, sized(key("p", "b"), 2048));
      put(table, sized(key("q", "a"), 2048));
      put(table, sized(key("q", "b"), 2049));

      assertThat(table.query(plan("p", true, 10)).consumed().read()).isEqualTo(1.0);
      assertThat(table.query(plan("q", true, 10)).consumed().read()).isEqualTo(2.0);
      assertThat(
              table
                  .query(
                      new QueryPlan(
                          Index.TABLE, "q", Optional.empty(), true, 10, Optional.empty(), false))
                  .consumed()
                  .read())
          .isEqualTo(1.0);
      assertThat(table.query(indexPlan("b", true, 10)).consumed().read()).isEqualTo(1.0);
      assertThat(table.query(indexPlan("a", true, 10)).consumed().read()).isEqualTo(0.5);
    }

    @Test
    void anEmptyQueryStillCostsTheMinimum() {
      assertThat(table.query(plan("nothing", true, 10)).consumed()).isEqualTo(new Capacity(1, 0));
      assertThat(table.query(indexPlan("nothing", true, 10)).consumed())
          .isEqualTo(new Capacity(0.5, 0));
    }

    @Test
    void queryBillsOnlyWhatThePageRead() {
      IntStream.range(0, 10).forEach(i -> put(table, sized(key("p", "k" + i), 4096)));

      assertThat(table.query(plan("p", true, 3)).consumed().read()).isEqualTo(3.0);
    }

    @Test
    void batchGetItemRoundsEachItemAndChargesMissingKeys() {
      put(table, sized(key("p", "4096"), 4096));
      put(table, sized(key("p", "4097"), 4097));
      put(table, sized(key("p", "10"), 100));

      Table.BatchRead read =
          table.batchGetItem(
              List.of(key("p", "4096"), key("p", "4097"), key("p", "10"), key("p", "missing")));

      assertThat(read.items()).hasSize(3);
      assertThat(read.consumed()).isEqualTo(new Capacity(1 + 2 + 1 + 1, 0));
    }

    @Test
    void batchGetItemLeavesWhatExceeds16MegabytesUnprocessed() {
      String padding = "x".repeat(409_600 - 30);
      List<Key> keys = IntStream.range(0, 100).mapToObj(i -> key("p", "k" + (100 + i))).toList();
      keys.forEach(k -> put(table, Item.builder(k).put("d", padding).build()));
      int size = table.getItem(keys.get(0)).item().orElseThrow().size();
      int fit = 16 * 1024 * 1024 / size;

      Table.BatchRead read = table.batchGetItem(keys);

      assertThat(read.items()).hasSize(fit);
      assertThat(read.unprocessedKeys()).isEqualTo(keys.subList(fit, 100));
      assertThat(read.consumed().read()).isEqualTo(fit * Math.ceil(size / 4096.0));
    }
  }

  @Nested
  class Writes {
    @Test
    void aNewItemCostsOneUnitPerKilobyteOnTheTableAndAgainOnTheIndex() {
      assertThat(putCost(sized(key("p", "1024"), 1024))).isEqualTo(new Capacity(0, 1 + 1));
      assertThat(putCost(sized(key("p", "1025"), 1025))).isEqualTo(new Capacity(0, 2 + 2));
      assertThat(putCost(Fixtures.item("p", "small"))).isEqualTo(new Capacity(0, 1 + 1));
    }

    @Test
    void aBatchWriteCostsWhatItsPutsWouldCostAlone() {
      put(table, sized(key("p", "old"), 1025));
      assertThat(
              table
                  .batchWriteItem(
                      List.of(
                          sized(key("p", "1024"), 1024),
                          sized(key("p", "1025"), 1025),
                          sized(key("p", "old"), 100)))
                  .consumed())
          .isEqualTo(new Capacity(0, (1 + 1) + (2 + 2) + (2 + 2)));
    }

    @Test
    void anOverwriteIsChargedOnTheLargerImage() {
      put(table, sized(key("p", "s"), 1025));

      assertThat(putCost(sized(key("p", "s"), 100))).isEqualTo(new Capacity(0, 2 + 2));
      assertThat(putCost(sized(key("p", "s"), 3000))).isEqualTo(new Capacity(0, 3 + 3));
    }

    @Test
    void anUnchangedItemCostsTheIndexNothing() {
      Item item = put(table, sized(key("p", "s"), 1025));

      assertThat(putCost(item)).isEqualTo(new Capacity(0, 2));
    }

    @Test
    void anUpdateIsChargedOnTheLargerOfOldAndNewImage() {
      put(table, sized(key("p", "s"), 1024));

      Capacity consumed =
          table
              .write(
                  new WriteAction.Update(
                      key("p", "s"),
                      List.of(new UpdateAction.Add(AttributePath.of("n"), 1)),
                      ItemCondition.EXISTS))
              .consumed();

      assertThat(consumed).isEqualTo(new Capacity(0, 2 + 2));
    }

    @Test
    void aDeleteIsChargedOnTheDeletedItemAndAMissingOneCostsOne() {
      put(table, sized(key("p", "s"), 1025));

      assertThat(
              table.write(new WriteAction.Delete(key("p", "s"), ItemCondition.EXISTS)).consumed())
          .isEqualTo(new Capacity(0, 2 + 2));
      assertThat(table.write(new WriteAction.Delete(key("p", "s"), ItemCondition.NONE)).consumed())
          .isEqualTo(new Capacity(0, 1));
    }
  }

  @Nested
  class Transactions {
    @Test
    void writesCostDoubleAndChecksAreTransactionalReads() {
      put(table, sized(key("u", "4097"), 4097));

      Capacity consumed =
          table.transactWrite(
              List.of(
                  new WriteAction.Check(key("u", "4097"), ItemCondition.EXISTS),
                  new WriteAction.Check(key("u", "missing"), ItemCondition.ABSENT),
                  new WriteAction.Put(sized(key("p", "1024"), 1024), ItemCondition.ABSENT),
                  new WriteAction.Put(sized(key("p", "1025"), 1025), ItemCondition.ABSENT)));

      assertThat(consumed).isEqualTo(new Capacity(2 * 2 + 2, 2 * (1 + 1) + 2 * (2 + 2)));
    }

    @Test
    void aDeleteOfAMissingItemInATransactionCostsTwo() {
      assertThat(
              table.transactWrite(
                  List.of(new WriteAction.Delete(key("p", "s"), ItemCondition.NONE))))
          .isEqualTo(new Capacity(0, 2));
    }
  }
}
