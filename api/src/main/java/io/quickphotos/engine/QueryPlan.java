package io.quickphotos.engine;

import java.util.Objects;
import java.util.Optional;

/**
 * One Query request as plain data: which index, which partition, which sort-key condition, which
 * direction, how many items to evaluate, and where to start.
 *
 * @param index the table or the inverted index
 * @param partitionValue the value of the index's partition key ({@code =} is the only operator)
 * @param sortCondition the sort-key condition, if any
 * @param forward true to read in ascending sort-key order ({@code ScanIndexForward})
 * @param limit the most items to evaluate, at least 1 ({@code Limit})
 * @param exclusiveStart the last key of the previous page ({@code ExclusiveStartKey}); on the
 *     inverted index it holds the index keys and the table keys, which are the same two attributes
 * @param consistentRead strongly consistent read; DynamoDB rejects it on a global secondary index
 */
public record QueryPlan(
    Index index,
    String partitionValue,
    Optional<SortKeyCondition> sortCondition,
    boolean forward,
    int limit,
    Optional<Key> exclusiveStart,
    boolean consistentRead) {

  /**
   * Creates a plan.
   *
   * @param index the table or the inverted index
   * @param partitionValue the partition value
   * @param sortCondition the sort-key condition, if any
   * @param forward read direction
   * @param limit the most items to evaluate
   * @param exclusiveStart where the previous page stopped, if anywhere
   * @param consistentRead strongly consistent read
   */
  public QueryPlan {
    Objects.requireNonNull(index, "index");
    Objects.requireNonNull(partitionValue, "partitionValue");
    Objects.requireNonNull(sortCondition, "sortCondition");
    Objects.requireNonNull(exclusiveStart, "exclusiveStart");
  }

  /**
   * The same plan starting after {@code key}.
   *
   * @param key the last evaluated key of the previous page
   * @return the continued plan
   */
  public QueryPlan startingAfter(Key key) {
    return new QueryPlan(
        index, partitionValue, sortCondition, forward, limit, Optional.of(key), consistentRead);
  }
}
