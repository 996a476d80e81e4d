package io.quickphotos.engine;

import java.util.List;

/**
 * A transaction was cancelled; nothing was written. One reason code per action, in request order:
 * {@code None} for actions that were fine, {@code ConditionalCheckFailed},
 * {@code TransactionConflict}, {@code ValidationError}, and so on ({@link Limits} names them).
 */
public final class TableTransactionCancelledException extends TableException {
  private static final long serialVersionUID = 1L;

  /** One reason code per action, in request order. */
  private final List<String> reasons;

  /**
   * Creates the exception.
   *
   * @param reasons one code per action, in request order
   * @param cause the engine's own exception, or null
   */
  public TableTransactionCancelledException(List<String> reasons, Throwable cause) {
    super(
        "Transaction cancelled, please refer cancellation reasons for specific reasons " + reasons,
        cause);
    this.reasons = List.copyOf(reasons);
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
