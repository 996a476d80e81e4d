package io.quickphotos.engine;

/**
 * A TransactWriteItems attempt met an earlier attempt under the same {@code ClientRequestToken}
 * that is still in progress (DynamoDB's {@code TransactionInProgressException}, HTTP 400): the
 * SDK resent a transaction whose first attempt has not finished. Nothing was done by this
 * attempt; the earlier one may yet be applied. DynamoDB advises retrying after a few seconds
 * under the same token: once the first attempt has finished, the retry gets its outcome (success
 * without writing again, within the token's 10-minute window, or a fresh attempt if it was
 * cancelled). The repository does that, within its retry budget.
 */
public final class TableTransactionInProgressException extends TableException {
  private static final long serialVersionUID = 1L;

  /** The error code DynamoDB sends, as the AWS SDK names it. */
  public static final String ERROR_CODE = "TransactionInProgressException";

  /**
   * Creates the exception.
   *
   * @param message the engine's message
   * @param cause the engine's own exception, or null
   */
  public TableTransactionInProgressException(String message, Throwable cause) {
    super(message, cause);
  }
}
