package io.quickphotos.memory.internal;

import io.quickphotos.engine.Index;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.ItemCondition;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.QueryPlan;
import io.quickphotos.engine.QueryResult;
import io.quickphotos.engine.SortKeyCondition;
import io.quickphotos.engine.WriteAction;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Small builders shared by the engine tests. */
final class Fixtures {
  private Fixtures() {}

  static Key key(String pk, String sk) {
    return new Key(pk, sk);
  }

  static Item item(String pk, String sk) {
    return Item.builder(key(pk, sk)).build();
  }

  /** An item of exactly {@code size} bytes by DynamoDB's formula, padded in attribute "d". */
  static Item sized(Key key, int size) {
    int base = Item.builder(key).build().size() + 1;
    if (size < base) {
      throw new IllegalArgumentException(
          "an item with key " + key + " has at least " + base + " bytes");
    }
    Item item = Item.builder(key).put("d", "x".repeat(size - base)).build();
    if (item.size() != size) {
      throw new AssertionError("sized item is " + item.size() + " bytes, not " + size);
    }
    return item;
  }

  static Item put(MemoryTable table, Item item) {
    table.write(new WriteAction.Put(item, ItemCondition.NONE));
    return item;
  }

  static void putAll(MemoryTable table, String pk, String... sortKeys) {
    for (String sk : sortKeys) {
      put(table, item(pk, sk));
    }
  }

  static QueryPlan plan(String partition, SortKeyCondition condition, boolean forward) {
    return new QueryPlan(
        Index.TABLE,
        partition,
        Optional.ofNullable(condition),
        forward,
        100,
        Optional.empty(),
        true);
  }

  static QueryPlan plan(String partition, boolean forward, int limit) {
    return new QueryPlan(
        Index.TABLE, partition, Optional.empty(), forward, limit, Optional.empty(), true);
  }

  static QueryPlan indexPlan(String partition, boolean forward, int limit) {
    return new QueryPlan(
        Index.INVERTED, partition, Optional.empty(), forward, limit, Optional.empty(), false);
  }

  /** The table sort keys of a query's items, in read order. */
  static List<String> sortKeys(QueryResult result) {
    return result.items().stream().map(i -> i.string(Item.SK)).toList();
  }

  /** Reads every page of {@code first}, checking that only the last page lacks a start key. */
  static List<Item> readAllPages(MemoryTable table, QueryPlan first) {
    List<Item> all = new ArrayList<>();
    QueryResult page = table.query(first);
    all.addAll(page.items());
    while (page.lastEvaluatedKey().isPresent()) {
      page = table.query(first.startingAfter(page.lastEvaluatedKey().get()));
      all.addAll(page.items());
    }
    return all;
  }
}
