package io.quickphotos.memory.internal;

/**
 * What a scripted {@link io.quickphotos.memory.Fault} makes the engine do, as the engine reads it:
 * the application's {@code Fault} keeps these out of its public API and holds one of these.
 * Immutable.
 *
 * @param kind what kind of failure
 * @param fraction for {@link Kind#UNPROCESSED}, the fraction of a batch left unprocessed (more
 *     than 0, at most 1); otherwise 0
 * @param reason for {@link Kind#TRANSACTION_CANCELLED}, the cancellation reason of the first
 *     action (a code of {@link io.quickphotos.engine.Limits}); otherwise null
 * @param requests for {@link Kind#INDEX_LAG}, how many requests later the write's index changes
 *     land; otherwise 0
 */
public record ScriptedFault(Kind kind, double fraction, String reason, int requests) {
  /**
   * A fault without a lag.
   *
   * @param kind the kind
   * @param fraction the fraction, or 0
   * @param reason the reason, or null
   */
  public ScriptedFault(Kind kind, double fraction, String reason) {
    this(kind, fraction, reason, 0);
  }

  /** What kind of failure a fault is. */
  public enum Kind {
    /** {@code ProvisionedThroughputExceededException}: nothing done, retried by the SDK. */
    THROTTLING,
    /** {@code InternalServerError}: nothing done, retried by the SDK. */
    INTERNAL_SERVER_ERROR,
    /** Part of a batch comes back unprocessed. */
    UNPROCESSED,
    /** A transaction is cancelled with a retryable reason. */
    TRANSACTION_CANCELLED,
    /** The request is carried out, then the call fails as a timeout. */
    UNKNOWN_OUTCOME,
    /**
     * A transaction is carried out by an attempt whose answer is lost, and this one is answered
     * {@code TransactionInProgressException}; a later attempt under the token gets its outcome.
     */
    TRANSACTION_IN_PROGRESS,
    /** A write is carried out, and its index changes land some requests later. */
    INDEX_LAG
  }

  /**
   * A fault of a kind without a fraction or a reason.
   *
   * @param kind the kind
   * @return the fault
   */
  public static ScriptedFault of(Kind kind) {
    return new ScriptedFault(kind, 0, null);
  }
}
