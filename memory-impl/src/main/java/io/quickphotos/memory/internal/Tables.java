package io.quickphotos.memory.internal;

import io.quickphotos.engine.Item;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.QueryResult;
import io.quickphotos.engine.ScanPlan;
import io.quickphotos.engine.Table;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Reading a whole table the one way the {@link Table} SPI offers: Scan, page after page. For
 * tooling and tests (fixture export), never for an access pattern. Engine-neutral: it belongs
 * with the SPI in {@code io.quickphotos.engine} and waits here until it moves there.
 */
public final class Tables {
  /** Items per Scan page: a page also ends at 1 MB, so this only bounds a page of tiny items. */
  static final int PAGE = 1_000;

  private Tables() {
  }

  /**
   * Passes every item of a table to a sink, by a strongly consistent Scan of one segment, one
   * request per page, in the engine's scan order. Each page is consistent on its own; a write
   * between two pages may or may not be seen. Safe to call from any thread if the table is
   * thread-safe; the sink is called on the calling thread.
   *
   * @param table the table
   * @param sink receives each item
   * @return the number of items
   * @throws io.quickphotos.ServiceUnavailableException if the engine cannot serve a page
   */
  public static long everyItem(Table table, Consumer<? super Item> sink) {
    long count = 0;
    ScanPlan plan = new ScanPlan(0, 1, PAGE, Optional.empty());
    while (true) {
      QueryResult page = table.scan(plan);
      for (Item item : page.items()) {
        sink.accept(item);
        count++;
      }
      Optional<Key> last = page.lastEvaluatedKey();
      if (last.isEmpty()) {
        return count;
      }
      plan = plan.startingAfter(last.get());
    }
  }
}
