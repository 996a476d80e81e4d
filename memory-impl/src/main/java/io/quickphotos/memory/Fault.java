package io.quickphotos.memory;

import io.quickphotos.engine.Limits;
import io.quickphotos.memory.internal.ScriptedFault;
import io.quickphotos.memory.internal.ScriptedFault.Kind;
import java.util.Locale;

/**
 * One failure in a shape DynamoDB produces, for {@link Faults} to inject into the in-memory
 * engine. Each goes through the same retry and error-translation code as on DynamoDB, so the
 * application sees what it would see there, down to the
 * {@link io.quickphotos.ServiceUnavailableException#reason() reason} and
 * {@link io.quickphotos.ServiceUnavailableException#written() written} of the exception:
 *
 * <table>
 *   <caption>Faults and what the application sees</caption>
 *   <tr><th>Fault</th><th>Requests</th><th>Effect</th></tr>
 *   <tr><td>{@link #throttling()}</td><td>any</td><td>the request is refused with
 *       {@code ProvisionedThroughputExceededException}; nothing is read or written. Retried as
 *       the AWS SDK retries it, under the repository's {@link io.quickphotos.RetryPolicy}; once
 *       every attempt is throttled the call throws
 *       {@link io.quickphotos.ServiceUnavailableException}, reason {@code THROTTLED}, written
 *       {@code NOTHING}.</td></tr>
 *   <tr><td>{@link #internalServerError()}</td><td>any</td><td>the same with
 *       {@code InternalServerError} (HTTP 500) and reason {@code SERVER_ERROR}; nothing is
 *       written, yet a write's exception says written {@code UNKNOWN}, as on DynamoDB, where a
 *       5xx may follow an applied write. A profile update's UpdateItem, which is never resent
 *       after an attempt that may have been applied, is not retried: the repository reads the
 *       profile back and, not finding its change, throws written {@code UNKNOWN}.</td></tr>
 *   <tr><td>{@link #unprocessed(double)}</td><td>BatchGetItem, BatchWriteItem</td><td>that
 *       fraction of the keys or items (rounded up) comes back unprocessed, never as an error;
 *       the repository retries them with backoff, and after the policy's attempts throws
 *       {@code ServiceUnavailableException}, reason {@code THROTTLED}, written {@code PARTLY} if
 *       any item of the call was written, else {@code NOTHING}.</td></tr>
 *   <tr><td>{@link #transactionConflict()}, {@link #transactionThrottled()}</td>
 *       <td>TransactWriteItems</td><td>{@code TransactionCanceledException} with reason
 *       {@code TransactionConflict} or {@code ThrottlingError} on the first action and
 *       {@code None} on the others; nothing is written; the repository retries the transaction,
 *       then throws {@code ServiceUnavailableException}, reason {@code CONTENTION} or
 *       {@code THROTTLED}, written {@code NOTHING}.</td></tr>
 *   <tr><td>{@link #unknownOutcome()}</td><td>any</td><td>the request is carried out — a write
 *       is applied — and then the call fails as a timed-out call does, with
 *       {@code ServiceUnavailableException}, reason {@code UNREACHABLE}, without retry: written
 *       {@code UNKNOWN} for a write, whose application cannot tell whether it happened, and
 *       {@code NOTHING} for a read.</td></tr>
 *   <tr><td>{@link #transactionInProgress()}</td><td>TransactWriteItems</td><td>the transaction
 *       is carried out by an attempt whose answer is lost, and the SDK's resend meets it still
 *       in progress: {@code TransactionInProgressException}. The repository retries under the
 *       same {@code ClientRequestToken}, with backoff; the first attempt under the token that
 *       this fault does not hit gets the outcome without writing again, as DynamoDB answers a
 *       token it has applied. The call succeeds, applied once; if the fault outlasts the retry
 *       budget, {@code ServiceUnavailableException}, reason {@code IN_PROGRESS}, written
 *       {@code UNKNOWN} (applied, but the caller cannot know). A
 *       transaction whose conditions fail is not applied nor remembered, and its retry is
 *       cancelled as usual.</td></tr>
 *   <tr><td>{@link #indexLag(int)}</td><td>writes</td><td>the write is carried out and answered
 *       as usual, but its changes to the table's global secondary index land only after that
 *       many more requests to the table (of any kind, from any repository over it), as
 *       DynamoDB's eventually consistent index lets them: a Query of the index meanwhile misses a
 *       new item and still returns a changed or deleted one as it was. Changes land in order.
 *       Nothing fails; see also {@link InMemoryTable#indexLag(int)}, the same for every
 *       write.</td></tr>
 * </table>
 *
 * <p>Immutable; equal faults are interchangeable.
 */
public final class Fault {
  private static final Fault THROTTLING = new Fault(ScriptedFault.of(Kind.THROTTLING));
  private static final Fault INTERNAL_SERVER_ERROR =
      new Fault(ScriptedFault.of(Kind.INTERNAL_SERVER_ERROR));
  private static final Fault CONFLICT =
      new Fault(new ScriptedFault(Kind.TRANSACTION_CANCELLED, 0, Limits.TRANSACTION_CONFLICT));
  private static final Fault TRANSACTION_THROTTLED =
      new Fault(new ScriptedFault(Kind.TRANSACTION_CANCELLED, 0, Limits.THROTTLING_ERROR));
  private static final Fault UNKNOWN_OUTCOME = new Fault(ScriptedFault.of(Kind.UNKNOWN_OUTCOME));
  private static final Fault IN_PROGRESS =
      new Fault(ScriptedFault.of(Kind.TRANSACTION_IN_PROGRESS));

  private final ScriptedFault shape;

  private Fault(ScriptedFault shape) {
    this.shape = shape;
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
    return new Fault(new ScriptedFault(Kind.UNPROCESSED, fraction, null));
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
   * A transaction's earlier attempt, applied, is still in progress when this attempt arrives
   * under the same token ({@code TransactionInProgressException}); see the table above.
   *
   * @return the fault
   */
  public static Fault transactionInProgress() {
    return IN_PROGRESS;
  }

  /**
   * A write's changes to the global secondary index land {@code requests} requests later; the
   * write itself succeeds. See the table above.
   *
   * @param requests at least 1
   * @return the fault
   * @throws IllegalArgumentException if below 1
   */
  public static Fault indexLag(int requests) {
    if (requests < 1) {
      throw new IllegalArgumentException("an index lag is at least 1 request: " + requests);
    }
    return new Fault(new ScriptedFault(Kind.INDEX_LAG, 0, null, requests));
  }

  /** What the engine does for this fault; for the engine, through {@link Faults}. */
  ScriptedFault shape() {
    return shape;
  }

  /**
   * Whether this fault can happen to a kind of request.
   *
   * @param request the kind of request
   * @return true if DynamoDB can fail that request this way
   */
  public boolean appliesTo(Request request) {
    return switch (shape.kind()) {
      case UNPROCESSED -> request == Request.BATCH_GET_ITEM || request == Request.BATCH_WRITE_ITEM;
      case TRANSACTION_CANCELLED, TRANSACTION_IN_PROGRESS ->
          request == Request.TRANSACT_WRITE_ITEMS;
      case INDEX_LAG -> request.writes();
      default -> true;
    };
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Fault f && f.shape.equals(shape);
  }

  @Override
  public int hashCode() {
    return shape.hashCode();
  }

  /**
   * A stable label: the kind of failure ({@code throttling}, {@code internal_server_error},
   * {@code unprocessed}, {@code transactionCancelled}, {@code unknown_outcome},
   * {@code transaction_in_progress} or {@code index_lag}), followed by
   * the fraction, the reason or the lag in parentheses for the kinds that have one.
   *
   * @return e.g. {@code unprocessed(0.5)}, {@code transactionCancelled(TransactionConflict)}
   */
  @Override
  public String toString() {
    return switch (shape.kind()) {
      case UNPROCESSED -> "unprocessed(" + shape.fraction() + ")";
      case TRANSACTION_CANCELLED -> "transactionCancelled(" + shape.reason() + ")";
      case INDEX_LAG -> "index_lag(" + shape.requests() + ")";
      default -> shape.kind().name().toLowerCase(Locale.ROOT);
    };
  }
}
