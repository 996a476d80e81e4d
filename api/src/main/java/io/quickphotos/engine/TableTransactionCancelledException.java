package io.quickphotos.engine;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/**
 * A transaction was cancelled; nothing was written. One reason code per action, in request order:
 * {@code None} for actions that were fine, {@code ConditionalCheckFailed},
 * {@code TransactionConflict}, {@code ValidationError}, and so on ({@link Limits} names them),
 * and for each action whose condition failed the item as it was, when the engine returned it
 * (DynamoDB's {@code ReturnValuesOnConditionCheckFailure=ALL_OLD}, at no capacity cost).
 */
public final class TableTransactionCancelledException extends TableException {
  private static final long serialVersionUID = 1L;

  /** One reason code per action, in request order. */
  private final List<String> reasons;

  /** Per action, the item that failed its condition, or null. */
  private final transient List<Item> items;

  /**
   * Creates the exception without items.
   *
   * @param reasons one code per action, in request order
   * @param cause the engine's own exception, or null
   */
  public TableTransactionCancelledException(List<String> reasons, Throwable cause) {
    this(reasons, Collections.nCopies(reasons.size(), null), cause);
  }

  /**
   * Creates the exception.
   *
   * @param reasons one code per action, in request order
   * @param items per action, the item as it was when its condition failed, or null (the list
   *     may hold nulls; it is copied)
   * @param cause the engine's own exception, or null
   */
  public TableTransactionCancelledException(
      List<String> reasons, List<Item> items, Throwable cause) {
    super(
        "Transaction cancelled, please refer cancellation reasons for specific reasons " + reasons,
        cause);
    this.reasons = List.copyOf(reasons);
    this.items = Collections.unmodifiableList(new ArrayList<>(items));
  }

  /**
   * The item of one action as it was when its condition failed.
   *
   * @param action the action's index in request order
   * @return the item, or empty if the action's condition did not fail, its item did not exist,
   *     or the engine did not return it
   */
  public Optional<Item> item(int action) {
    return action < items.size() ? Optional.ofNullable(items.get(action)) : Optional.empty();
  }

  /**
   * The reason codes.
   *
   * @return one code per action, in request order
   */
  public List<String> reasons() {
    return reasons;
  }
}
