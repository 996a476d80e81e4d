package io.quickphotos.engine;

import java.util.List;
import java.util.Optional;

/**
 * What one Query request returned.
 *
 * @param items the items, in read order
 * @param lastEvaluatedKey where the read stopped, if it stopped at {@code Limit} or at 1 MB;
 *     absent when the partition's matching range was read to its end
 * @param consumed the capacity the request consumed
 */
public record QueryResult(List<Item> items, Optional<Key> lastEvaluatedKey, Capacity consumed) {

  /**
   * Creates a result; the list is copied.
   *
   * @param items the items
   * @param lastEvaluatedKey the last evaluated key, if any
   * @param consumed the capacity consumed
   */
  public QueryResult {
    items = List.copyOf(items);
  }
}
