package io.quickphotos.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.engine.Index;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.ItemCondition;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.QueryPlan;
import io.quickphotos.engine.QueryResult;
import io.quickphotos.engine.Table;
import io.quickphotos.engine.WriteAction;
import io.quickphotos.memory.internal.MemoryTable;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Regression: where a page stops at 1 MB, and whether it carries a last evaluated key. Found by
 * {@link EngineAgreementTest}: the memory engine returned a last evaluated key (and so an
 * empty extra page) when the item that brought the page to 1 MB was the range's last one;
 * DynamoDB Local returns none then. The memory engine now follows Local. A page stops with the
 * item that brings the bytes read to 1,048,576 or more (that item included); only if matching
 * items remain does it carry a last evaluated key — unlike a page that stops at {@code Limit}.
 */
class OneMegabyteCutTest {
  private static final int MB = 1 << 20;
  private static final AtomicInteger PARTITIONS = new AtomicInteger();

  @ParameterizedTest(name = "{1} items of {0} bytes: first page holds {2}, continues: {3}")
  @CsvSource({
    // exactly 1 MB at the last item: one page, no last evaluated key
    "262144, 4, 4, false",
    // crossing 1 MB at the last item: the crossing item is included, no last evaluated key
    "262154, 4, 4, false",
    "262134, 5, 5, false",
    // reaching 1 MB with items left: cut after the item that reached it
    "262144, 5, 4, true",
    "262154, 5, 4, true",
    "350000, 4, 3, true",
    // below 1 MB in all
    "262134, 4, 4, false"
  })
  void pagesStopWithTheItemThatReachesOneMegabyte(
      int itemBytes, int items, int firstPage, boolean continues) {
    Table dynamo = SharedDynamoDbLocal.engine();
    Table memory = new MemoryTable();
    String pk = "cut" + PARTITIONS.incrementAndGet();
    for (int i = 0; i < items; i++) {
      Item item = sized(new Key(pk, "s" + i), itemBytes);
      dynamo.write(new WriteAction.Put(item, ItemCondition.NONE));
      memory.write(new WriteAction.Put(item, ItemCondition.NONE));
    }
    QueryPlan plan =
        new QueryPlan(Index.TABLE, pk, Optional.empty(), true, 100, Optional.empty(), true);
    QueryResult onDynamo = dynamo.query(plan);
    QueryResult inMemory = memory.query(plan);
    assertThat(keys(inMemory)).isEqualTo(keys(onDynamo)).hasSize(firstPage);
    assertThat(inMemory.lastEvaluatedKey()).isEqualTo(onDynamo.lastEvaluatedKey());
    assertThat(inMemory.lastEvaluatedKey().isPresent()).isEqualTo(continues);
    assertThat(inMemory.consumed()).isEqualTo(onDynamo.consumed());
  }

  private static Item sized(Key key, int bytes) {
    int overhead = Item.builder(key).put("data", "").build().size();
    return Item.builder(key).put("data", "x".repeat(bytes - overhead)).build();
  }

  private static List<String> keys(QueryResult page) {
    return page.items().stream().map(item -> item.key().sk()).toList();
  }
}
