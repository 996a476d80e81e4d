package io.quickphotos.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.engine.Index;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.ItemCondition;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.QueryPlan;
import io.quickphotos.engine.QueryResult;
import io.quickphotos.engine.SortKeyCondition;
import io.quickphotos.engine.SortKeyCondition.Operator;
import io.quickphotos.engine.Table;
import io.quickphotos.engine.WriteAction;
import io.quickphotos.memory.internal.MemoryTable;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Regression: does a page cut by {@code Limit} carry a last evaluated key when nothing more can
 * match? Found by {@link RepositoryAgreementTest} on the user-and-photos listing (BETWEEN, read
 * backwards, a page ending on the profile item): DynamoDB Local 2.6.1 returns none when the last
 * item sits on the inclusive bound that ends the range in the read direction, and one in every
 * other case — even when the partition has no further item at all, or for {@code =}. On the
 * inverted index (found next by {@link EngineAgreementTest}) it always returns one. The memory
 * engine returned one always; it now follows Local.
 */
class LimitAtRangeEndTest {
  private static final AtomicInteger PARTITIONS = new AtomicInteger();

  @ParameterizedTest(name = "{8} [{0}] {1} {2} {3}, forward {4}: limit {5} -> {6}, last key {7}")
  @CsvSource({
    // on the far inclusive bound: no last evaluated key
    "b c,     LE,          c, '', true,  2, b c, '', TABLE",
    "b c,     GE,          b, '', false, 2, c b, '', TABLE",
    "a b c d, BETWEEN,     b, c,  true,  2, b c, '', TABLE",
    "a b c d, BETWEEN,     b, c,  false, 2, c b, '', TABLE",
    "b c,     BETWEEN,     b, bz, false, 1, b,   '', TABLE",
    // anywhere else: a last evaluated key, even with nothing left
    "b c,     BETWEEN,     b, bz, true,  1, b,   b, TABLE",
    "b c,     LE,          c, '', false, 2, c b, b, TABLE",
    "b c,     GE,          b, '', true,  2, b c, c, TABLE",
    "b c,     LT,          d, '', true,  2, b c, c, TABLE",
    "b c,     GT,          a, '', false, 2, c b, b, TABLE",
    "b c,     EQ,          c, '', true,  1, c,   c, TABLE",
    "b c,     BEGINS_WITH, c, '', false, 1, c,   c, TABLE",
    "b c,     NONE,        '', '', true, 2, b c, c, TABLE",
    // on the inverted index, always a last evaluated key
    "b c,     LE,          c, '', true,  2, b c, c, INVERTED",
    "b c,     GE,          b, '', false, 2, c b, b, INVERTED",
    "b c,     BETWEEN,     b, c,  true,  2, b c, c, INVERTED",
    "b c,     BETWEEN,     b, c,  false, 2, c b, b, INVERTED"
  })
  void limitOnTheRangesLastPossibleItem(
      String items,
      String operator,
      String value,
      String upper,
      boolean forward,
      int limit,
      String expectedItems,
      String expectedLastKey,
      Index index) {
    Table dynamo = SharedDynamoDbLocal.engine();
    Table memory = new MemoryTable();
    String pk = "limit" + PARTITIONS.incrementAndGet();
    for (String sort : items.split(" ")) {
      // On the index the sort key is the table's PK, and the partition the SK.
      Item item =
          Item.builder(index == Index.TABLE ? new Key(pk, sort) : new Key(sort, pk)).build();
      dynamo.write(new WriteAction.Put(item, ItemCondition.NONE));
      memory.write(new WriteAction.Put(item, ItemCondition.NONE));
    }
    Optional<SortKeyCondition> condition =
        operator.equals("NONE")
            ? Optional.empty()
            : Optional.of(
                new SortKeyCondition(
                    Operator.valueOf(operator), value, upper.isEmpty() ? null : upper));
    QueryPlan plan =
        new QueryPlan(index, pk, condition, forward, limit, Optional.empty(), index == Index.TABLE);
    QueryResult onDynamo = dynamo.query(plan);
    QueryResult inMemory = memory.query(plan);
    assertThat(sortKeys(onDynamo, index)).isEqualTo(Arrays.asList(expectedItems.split(" ")));
    assertThat(onDynamo.lastEvaluatedKey().map(key -> key.sortOn(index)).orElse(""))
        .as("DynamoDB Local")
        .isEqualTo(expectedLastKey);
    assertThat(sortKeys(inMemory, index)).isEqualTo(sortKeys(onDynamo, index));
    assertThat(inMemory.lastEvaluatedKey()).as("memory").isEqualTo(onDynamo.lastEvaluatedKey());
  }

  private static List<String> sortKeys(QueryResult page, Index index) {
    return page.items().stream().map(item -> item.key().sortOn(index)).toList();
  }
}
