package io.quickphotos.internal.repository.cascade;

import io.quickphotos.engine.Key;
import io.quickphotos.engine.QueryPlan;
import io.quickphotos.engine.QueryResult;
import java.util.Optional;

/**
 * Where the next page of a listing a cascade empties starts. Such a listing is read again from its
 * start after each page: what the page's transaction removed is gone, and what it could not
 * remove is tried again. That alone would never end once a page is cut short with more to read:
 * the reads leave out items of a kind this version does not know (a later version's, sharing the
 * table, which the cascade leaves alone), so the start would show the same page for ever. From
 * such a page on, the listing goes on from each page's last key instead. Not thread-safe: one
 * walk's state.
 */
final class ListingPages {
  private final QueryPlan start;
  private QueryPlan next;
  private boolean fromStart;

  /**
   * A listing's walk.
   *
   * @param start its first page's plan
   * @param fromStart whether it is read again from its start after each page (false: onward from
   *     each page's last key, as an index listing whose entries lag is)
   */
  ListingPages(QueryPlan start, boolean fromStart) {
    this.start = start;
    this.next = start;
    this.fromStart = fromStart;
  }

  /** The plan of the next page to read. */
  QueryPlan next() {
    return next;
  }

  /**
   * After a page read with {@link #next()} was handled: whether there is more to read, and where.
   *
   * @param page the page
   * @return false when the listing has ended
   */
  boolean advance(QueryResult page) {
    Optional<Key> last = page.lastEvaluatedKey();
    if (last.isEmpty()) {
      return false;
    }
    if (page.items().size() < next.limit()) {
      // Cut short with more to read: items left out, which the start would show again.
      fromStart = false;
    }
    next = fromStart ? start : start.startingAfter(last.get());
    return true;
  }

  /**
   * Reads the page just read again next, whatever {@link #advance} said: something on it changed
   * while the cascade worked on it.
   *
   * @param current the plan the page was read with
   */
  void again(QueryPlan current) {
    next = current;
  }
}
