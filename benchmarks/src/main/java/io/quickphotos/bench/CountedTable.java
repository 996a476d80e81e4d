package io.quickphotos.bench;

// Internal on purpose (README.md, "What the benchmarks use"): requests sent straight to an
// engine's Table SPI, for the query shapes and the fan-out-on-write models, whose subject is a
// request shape the repository does not make.
import io.quickphotos.engine.Capacity;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.Limits;
import io.quickphotos.engine.QueryPlan;
import io.quickphotos.engine.QueryResult;
import io.quickphotos.engine.Table;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Requests sent straight to an engine through the {@link Table} SPI, as the query shapes and the
 * fan-out-on-write model send them, each reporting what it consumed to a cost tally; batches are
 * repeated for their unprocessed keys or items, as a client must. Not thread-safe (the tally is
 * not).
 *
 * @param table the engine
 * @param costs where every request's capacity goes
 */
public record CountedTable(Table table, CostTally costs) {

  /**
   * GetItem.
   *
   * @param key the item's key
   * @return the item, if there is one
   */
  public Optional<Item> get(Key key) {
    Table.Read read = table.getItem(key);
    count(read.consumed());
    return read.item();
  }

  /**
   * One Query request: one page.
   *
   * @param plan the Query
   * @return the page
   */
  public QueryResult query(QueryPlan plan) {
    QueryResult result = table.query(plan);
    count(result.consumed());
    return result;
  }

  /**
   * BatchGetItem, repeated for unprocessed keys.
   *
   * @param keys at most {@value Limits#MAX_BATCH_GET_KEYS} keys
   * @return the items found, in the order of their keys
   */
  public List<Item> batchGet(List<Key> keys) {
    Map<Key, Item> found = new HashMap<>();
    List<Key> pending = keys;
    while (!pending.isEmpty()) {
      Table.BatchRead read = table.batchGetItem(pending);
      count(read.consumed());
      read.items().forEach(item -> found.put(item.key(), item));
      pending = read.unprocessedKeys();
    }
    List<Item> items = new ArrayList<>(keys.size());
    for (Key key : keys) {
      Item item = found.get(key);
      if (item != null) {
        items.add(item);
      }
    }
    return items;
  }

  /**
   * Puts items with BatchWriteItem, {@value Limits#MAX_BATCH_WRITE_ITEMS} a request, each request
   * repeated for its unprocessed items.
   *
   * @param items the items
   */
  public void putAll(List<Item> items) {
    for (int from = 0; from < items.size(); from += Limits.MAX_BATCH_WRITE_ITEMS) {
      List<Item> pending =
          items.subList(from, Math.min(items.size(), from + Limits.MAX_BATCH_WRITE_ITEMS));
      while (!pending.isEmpty()) {
        Table.BatchWrite write = table.batchWriteItem(pending);
        count(write.consumed());
        pending = write.unprocessedItems();
      }
    }
  }

  /** Counts one request and what the engine says it consumed. */
  private void count(Capacity consumed) {
    costs.request(consumed.read(), consumed.write());
  }
}
