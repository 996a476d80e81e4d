package io.quickphotos.memory;

import io.quickphotos.engine.Limits;
import java.util.Objects;

/**
 * One failure in a shape DynamoDB produces, for {@link Faults} to inject into the in-memory
 * engine. Each goes through the same retry and error-translation code as on DynamoDB, so the
 * application sees what it would see there:
 *
 * <table>
 *   <caption>Faults and what the application sees</caption>
 *   <tr><th>Fault</th><th>Requests</th><th>Effect</th></tr>
 *   <tr><td>{@link #throttling()}</td><td>any</td><td>the request is refused with
 *       {@code ProvisionedThroughputExceededException}; nothing is read or written. Retried as
 *       the AWS SDK retries it, under the repository's {@link io.quickphotos.RetryPolicy}; once
 *       every attempt is throttled the call throws
 *       {@link io.quickphotos.ServiceUnavailableException}.</td></tr>
 *   <tr><td>{@link #internalServerError()}</td><td>any</td><td>the same with
 *       {@code InternalServerError} (HTTP 500); nothing is written.</td></tr>
 *   <tr><td>{@link #unprocessed(double)}</td><td>BatchGetItem, BatchWriteItem</td><td>that
 *       fraction of the keys or items (rounded up) comes back unprocessed, never as an error;
 *       the repository retries them with backoff, and after the policy's attempts throws
 *       {@code ServiceUnavailableException}.</td></tr>
 *   <tr><td>{@link #transactionConflict()}, {@link #transactionThrottled()}</td>
 *       <td>TransactWriteItems</td><td>{@code TransactionCanceledException} with reason
 *       {@code TransactionConflict} or {@code ThrottlingError} on the first action and
 *       {@code None} on the others; nothing is written; the repository retries the transaction,
 *       then throws {@code ServiceUnavailableException}.</td></tr>
 *   <tr><td>{@link #unknownOutcome()}</td><td>any</td><td>the request is carried out — a write
 *       is applied — and then the call fails as a timed-out call does, with
 *       {@code ServiceUnavailableException}, without retry: the application cannot tell whether
 *       its write happened.</td></tr>
 * </table>
 *
 * <p>Immutable; equal faults are interchangeable.
 */
public final class Fault {
  /** What kind of failure a fault is. */
  public enum Kind {
    /** {@code ProvisionedThroughputExceededException}: nothing done, retryable. */
    THROTTLING,
    /** {@code InternalServerError}: nothing done, retryable. */
    INTERNAL_SERVER_ERROR,
    /** Part of a batch comes back unprocessed. */
    UNPROCESSED,
    /** A transaction is cancelled with a retryable reason. */
    TRANSACTION_CANCELLED,
    /** The request is carried out, then the call fails as a timeout. */
    UNKNOWN_OUTCOME
  }

  private static final Fault THROTTLING = new Fault(Kind.THROTTLING, 0, null);
  private static final Fault INTERNAL_SERVER_ERROR =
      new Fault(Kind.INTERNAL_SERVER_ERROR, 0, null);
  private static final Fault CONFLICT = new Fault(Kind.TRANSACTION_CANCELLED, 0,
      Limits.TRANSACTION_CONFLICT);
  private static final Fault TRANSACTION_THROTTLED = new Fault(Kind.TRANSACTION_CANCELLED, 0,
      Limits.THROTTLING_ERROR);
  private static final Fault UNKNOWN_OUTCOME = new Fault(Kind.UNKNOWN_OUTCOME, 0, null);

  private final Kind kind;
  private final double fraction;
  private final String reason;

  private Fault(Kind kind, double fraction, String reason) {
    this.kind = kind;
    this.fraction = fraction;
    this.reason = reason;
  }

  /**
   * The request is throttled ({@code ProvisionedThroughputExceededException}).
   *
   * @return the fault
   */
  public static Fault throttling() {
    return THROTTLING;
  }

  /**
   * The request fails with {@code InternalServerError}.
   *
   * @return the fault
   */
  public static Fault internalServerError() {
    return INTERNAL_SERVER_ERROR;
  }

  /**
   * A batch leaves a fraction of its keys or items unprocessed: the last
   * {@code ceil(fraction × size)} of them, in request order.
   *
   * @param fraction more than 0, at most 1
   * @return the fault
   * @throws IllegalArgumentException if the fraction is out of range
   */
  public static Fault unprocessed(double fraction) {
    if (!(fraction > 0 && fraction <= 1)) {
      throw new IllegalArgumentException("fraction must be in (0, 1]: " + fraction);
    }
    return new Fault(Kind.UNPROCESSED, fraction, null);
  }

  /**
   * A transaction is cancelled because another one is in flight on one of its items.
   *
   * @return the fault
   */
  public static Fault transactionConflict() {
    return CONFLICT;
  }

  /**
   * A transaction is cancelled because an item's partition is throttled.
   *
   * @return the fault
   */
  public static Fault transactionThrottled() {
    return TRANSACTION_THROTTLED;
  }

  /**
   * The request is carried out, then the call fails as a timeout would.
   *
   * @return the fault
   */
  public static Fault unknownOutcome() {
    return UNKNOWN_OUTCOME;
  }

  /**
   * The kind of failure.
   *
   * @return the kind
   */
  public Kind kind() {
    return kind;
  }

  /**
   * For {@link Kind#UNPROCESSED}, the fraction left unprocessed; otherwise 0.
   *
   * @return the fraction
   */
  public double fraction() {
    return fraction;
  }

  /**
   * For {@link Kind#TRANSACTION_CANCELLED}, the cancellation reason code; otherwise null.
   *
   * @return {@code TransactionConflict}, {@code ThrottlingError} or null
   */
  public String reason() {
    return reason;
  }

  /**
   * Whether this fault can happen to a kind of request.
   *
   * @param request the kind of request
   * @return true if DynamoDB can fail that request this way
   */
  public boolean appliesTo(Request request) {
    return switch (kind) {
      case UNPROCESSED -> request == Request.BATCH_GET_ITEM || request == Request.BATCH_WRITE_ITEM;
      case TRANSACTION_CANCELLED -> request == Request.TRANSACT_WRITE_ITEMS;
      default -> true;
    };
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Fault f && f.kind == kind && f.fraction == fraction
        && Objects.equals(f.reason, reason);
  }

  @Override
  public int hashCode() {
    return Objects.hash(kind, fraction, reason);
  }

  @Override
  public String toString() {
    return switch (kind) {
      case UNPROCESSED -> "unprocessed(" + fraction + ")";
      case TRANSACTION_CANCELLED -> "transactionCancelled(" + reason + ")";
      default -> kind.name().toLowerCase(java.util.Locale.ROOT);
    };
  }
}
