package io.quickphotos.internal.repository.request;

import io.quickphotos.PageRequest;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.QueryPlan;
import io.quickphotos.engine.QueryResult;
import io.quickphotos.engine.ScanPlan;
import io.quickphotos.engine.Table;
import io.quickphotos.internal.singletable.codec.ItemCodec;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The single-request reads of a repository: GetItem, Query pages (one, to the end, or several
 * side by side), a listing's page with its cursor, Scan pages for the audit. Each is metered on
 * the call's {@link Meter}: counted before it is sent, its capacity and items after. Items of a
 * kind this version does not know are left out of every page and counted as skipped, so
 * versions can share a table. Thread-safe if the engine is.
 */
public final class Reads {
  private final Table table;
  private final RequestPool pool;

  Reads(Table table, RequestPool pool) {
    this.table = table;
    this.pool = pool;
  }

  /**
   * Whether the engine's index may lag its table (DynamoDB's GSI does; the memory engine not).
   *
   * @return whether it may
   */
  public boolean indexMayLag() {
    return table.indexMayLag();
  }

  /**
   * One strongly consistent GetItem.
   *
   * @param key the item's key
   * @return the item, if it exists
   */
  public Optional<Item> get(Key key, Meter meter) {
    meter.made(RequestDescriptions::getItem, key);
    Table.Read read = table.getItem(key);
    meter.request(read.consumed(), read.item().isPresent() ? 1 : 0);
    return read.item();
  }

  /**
   * One Query page, strongly or eventually consistent as the plan says.
   *
   * @param plan the query
   * @return the page, without items of unknown kinds
   */
  public QueryResult query(QueryPlan plan, Meter meter) {
    meter.made(RequestDescriptions::query, plan);
    QueryResult result = table.query(plan);
    meter.request(result.consumed(), result.items().size());
    return known(result, meter);
  }

  /**
   * A page without the items of a kind this version does not know (a later version's, sharing
   * the table), counted as skipped. The page keeps its last evaluated key, so paging goes on
   * past them.
   */
  private static QueryResult known(QueryResult page, Meter meter) {
    List<Item> items = page.items();
    int unknown = 0;
    for (int i = 0; i < items.size(); i++) {
      if (ItemCodec.kindOf(items.get(i)) == ItemCodec.Entity.OTHER) {
        unknown++;
      }
    }
    if (unknown == 0) {
      return page;
    }
    meter.skipped(unknown);
    List<Item> kept = new ArrayList<>(items.size() - unknown);
    for (Item item : items) {
      if (ItemCodec.kindOf(item) != ItemCodec.Entity.OTHER) {
        kept.add(item);
      }
    }
    return new QueryResult(kept, page.lastEvaluatedKey(), page.consumed());
  }

  /**
   * Every page of a Query, one request after another (each page starts where the last stopped).
   *
   * @param plan the query's first page
   * @return the items of every page, in order
   */
  public List<Item> queryToEnd(QueryPlan plan, Meter meter) {
    List<Item> items = new ArrayList<>();
    while (true) {
      QueryResult page = query(plan, meter);
      items.addAll(page.items());
      if (page.lastEvaluatedKey().isEmpty()) {
        return items;
      }
      plan = plan.startingAfter(page.lastEvaluatedKey().get());
    }
  }

  /**
   * Independent Query pages, sent side by side through the repository's {@link RequestPool},
   * then metered in the order of the plans, as if sent one after another.
   *
   * @param plans the queries
   * @return one result per plan, in order
   */
  public List<QueryResult> queryAll(List<QueryPlan> plans, Meter meter) {
    List<QueryResult> results = pool.sendAll(plans, table::query);
    List<QueryResult> known = new ArrayList<>(results.size());
    for (int i = 0; i < plans.size(); i++) {
      meter.made(RequestDescriptions::query, plans.get(i));
      meter.request(results.get(i).consumed(), results.get(i).items().size());
      known.add(known(results.get(i), meter));
    }
    return known;
  }

  /**
   * One page of a listing: the page's cursor (bound to {@code scope}) decoded into a start key,
   * one Query, and the cursor of the next page.
   *
   * @param scope the listing the cursor is bound to
   * @param firstPage the query of the listing's first page
   * @param page the page asked for
   * @return the page and the next cursor
   * @throws io.quickphotos.InvalidCursorException if the cursor is not one of this listing's
   */
  public Listing page(CursorScope scope, QueryPlan firstPage, PageRequest page, Meter meter) {
    String listing = scope.name();
    QueryPlan plan =
        page.cursor()
            .map(cursor -> firstPage.startingAfter(Cursors.decode(listing, cursor, firstPage)))
            .orElse(firstPage);
    QueryResult result = query(plan, meter);
    return new Listing(result, result.lastEvaluatedKey().map(key -> Cursors.encode(listing, key)));
  }

  /**
   * What one page of a listing read, and the cursor of the next page.
   *
   * @param result the Query's page
   * @param nextCursor the cursor after it, if the Query stopped before the end
   */
  public record Listing(QueryResult result, Optional<String> nextCursor) {
    /**
     * The page's items.
     *
     * @return the items
     */
    public List<Item> items() {
      return result.items();
    }
  }

  /**
   * One Scan page of one segment, not yet metered: the audit's threads scan in parallel and
   * meter their pages afterwards with {@link #metered}, segment by segment, so the call's
   * request log has one order.
   *
   * @param plan the segment's page
   * @return the page
   */
  public QueryResult scan(ScanPlan plan) {
    return table.scan(plan);
  }

  /**
   * Meters a Scan page {@link #scan} read.
   *
   * @param plan what was asked
   * @param page what came back
   */
  public static void metered(ScanPlan plan, QueryResult page, Meter meter) {
    meter.made(RequestDescriptions::scan, plan);
    meter.request(page.consumed(), page.items().size());
  }
}
