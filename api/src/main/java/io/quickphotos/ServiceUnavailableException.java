package io.quickphotos;

import java.util.Objects;

/**
 * The kind {@link QuickPhotosException.Kind#UNAVAILABLE}: the call could not finish for a reason
 * that may pass, after the bounded retries ({@link RetryPolicy}; on DynamoDB the SDK's own retries
 * inside each request first). It says why, {@link #reason()}, and what the call may have written,
 * {@link #written()}, as values, the same on both backends for the same situation.
 *
 * <p>Thrown by any method of {@link QuickPhotos} that makes a request (each method's
 * {@code @throws} adds what it means there, for instance "call again to finish"), and by
 * {@link TableItems}.
 *
 * <p><b>Written</b>, and what a retry of a write means:
 *
 * <ul>
 *   <li>{@link Written#NOTHING}: the call wrote nothing (a read always; a write refused before it
 *       was applied: throttled, cancelled by a conflict). Call again as if for the first time.
 *   <li>{@link Written#PARTLY}: some of the call's requests were applied and the one that failed
 *       was not: a cascade cut short ({@link QuickPhotos#deletePhoto}, {@link QuickPhotos#deleteUser},
 *       {@link QuickPhotos#fillTimeline}, {@link QuickPhotos#audit} with fixes), the batches of
 *       {@link QuickPhotos#importSnapshot} before the failure, or an {@link QuickPhotos#uploadPhoto}
 *       or {@link QuickPhotos#follow} under the hybrid feed whose photo or friendship was stored
 *       before its fan-out failed. The table reads consistently (every counter equals its items)
 *       and calling again finishes the work.
 *   <li>{@link Written#UNKNOWN}: the request that failed may or may not have been applied (it timed
 *       out or met a server error, or a transaction's earlier attempt was still in progress), and
 *       any before it were. Read the state, or call again: each not-found or conflict exception's
 *       Javadoc says whether, on such a retry, it means "done" ({@link AlreadyFollowingException}
 *       after {@code follow} does; {@link UserAlreadyExistsException} after {@code createUser}
 *       does not, by itself).
 * </ul>
 *
 * <p><b>Reasons</b> ({@link Reason}), where each arises: {@link Reason#THROTTLED} when the table or
 * a partition refused the request for throughput on every attempt (also as unprocessed keys or
 * items, or a transaction cancelled with {@code ThrottlingError}); {@link Reason#SERVER_ERROR} for
 * DynamoDB's 5xx answers; {@link Reason#UNREACHABLE} for no answer at all (a connection that
 * failed or reset, a timeout); {@link Reason#CONTENTION} when other calls kept changing the items
 * the call writes (transactions cancelled with {@code TransactionConflict}, a single write meeting
 * a transaction in flight, a cascade or hot key whose items kept changing);
 * {@link Reason#INDEX_LAG} when a cascade ran out of rounds while counters promised items the
 * inverted index did not list; {@link Reason#IN_PROGRESS} when a transaction's earlier attempt
 * was still in progress under its token when the retries ran out; {@link Reason#INTERRUPTED} when
 * the calling thread was interrupted while waiting to retry (its interrupt flag is set again).
 *
 * <p>An HTTP service answers 503 with a {@code Retry-After} header and without the message, which
 * names requests and tables; the cause is DynamoDB's exception (on memory, the simulated one).
 */
public class ServiceUnavailableException extends QuickPhotosException {
  private static final long serialVersionUID = 1L;

  /** What a call that failed as unavailable may have written. */
  public enum Written {
    /** Nothing: the call wrote nothing, so calling again is as calling for the first time. */
    NOTHING,
    /**
     * Some of the call's requests were applied, and the one that failed was not; the table reads
     * consistently and calling again finishes the work.
     */
    PARTLY,
    /**
     * The request that failed may or may not have been applied, and any before it were: read the
     * state, or call again and read the answer as its exception's Javadoc says.
     */
    UNKNOWN
  }

  /** Why a call was unavailable; see {@link ServiceUnavailableException} for where each arises. */
  public enum Reason {
    /** Refused for throughput on every attempt (throttling, unprocessed keys or items). */
    THROTTLED,
    /** DynamoDB answered with a server error (HTTP 5xx) on the last attempt. */
    SERVER_ERROR,
    /** No answer: the connection failed or was reset, or the request timed out. */
    UNREACHABLE,
    /** Other calls kept changing the items this call writes (conflicting transactions). */
    CONTENTION,
    /** A cascade ran out of rounds while the inverted index did not list what counters promise. */
    INDEX_LAG,
    /** A transaction's earlier attempt was still in progress under its token. */
    IN_PROGRESS,
    /** The calling thread was interrupted while waiting to retry. */
    INTERRUPTED,
    /** Not given: the exception was built with a message-only constructor. */
    UNSPECIFIED
  }

  /** Why the call was unavailable. */
  private final Reason reason;

  /** What the call may have written. */
  private final Written written;

  /**
   * Creates the exception without a reason: {@link #reason()} is {@link Reason#UNSPECIFIED} and
   * {@link #written()} {@link Written#UNKNOWN}, the answer that promises nothing.
   *
   * @param message what went wrong, for people
   */
  public ServiceUnavailableException(String message) {
    this(message, Reason.UNSPECIFIED, Written.UNKNOWN, null);
  }

  /**
   * Creates the exception with the underlying cause, without a reason: {@link #reason()} is
   * {@link Reason#UNSPECIFIED} and {@link #written()} {@link Written#UNKNOWN}.
   *
   * @param message what went wrong, for people
   * @param cause the lower-level failure, kept for diagnosis
   */
  public ServiceUnavailableException(String message, Throwable cause) {
    this(message, Reason.UNSPECIFIED, Written.UNKNOWN, cause);
  }

  /**
   * Creates the exception.
   *
   * @param message what went wrong, for people
   * @param reason why
   * @param written what the call may have written
   * @param cause the lower-level failure, kept for diagnosis; may be null
   * @throws NullPointerException if {@code reason} or {@code written} is null
   */
  public ServiceUnavailableException(
      String message, Reason reason, Written written, Throwable cause) {
    super(Kind.UNAVAILABLE, message, cause);
    this.reason = Objects.requireNonNull(reason, "reason");
    this.written = Objects.requireNonNull(written, "written");
  }

  /**
   * Why the call was unavailable.
   *
   * @return the reason
   */
  public Reason reason() {
    return reason;
  }

  /**
   * What the call may have written.
   *
   * @return nothing, partly, or unknown
   */
  public Written written() {
    return written;
  }
}
