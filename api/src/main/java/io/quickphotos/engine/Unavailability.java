package io.quickphotos.engine;

import io.quickphotos.ServiceUnavailableException;
import io.quickphotos.ServiceUnavailableException.Reason;
import io.quickphotos.ServiceUnavailableException.Written;

/**
 * What an unavailable request or call may have written, decided in one place for the engines and
 * the repository, so that both backends give the same {@link Written} for the same situation. An
 * engine reports what the request that failed may have written ({@link #written}); the repository
 * then reports it for the whole call ({@link #afterWrites}). Stateless, thread-safe.
 */
public final class Unavailability {
  private Unavailability() {}

  /**
   * What a request that failed may have written.
   *
   * @param operation the request's operation
   * @param mayHaveApplied whether any of its attempts may have been applied: one that timed out,
   *     lost its connection after sending or met a server error (DynamoDB may apply a write and
   *     still answer 5xx); not one refused for throughput, which DynamoDB refuses before doing
   *     anything
   * @return {@link Written#NOTHING} for a read, or a write no attempt of which may have been
   *     applied; {@link Written#UNKNOWN} otherwise
   */
  public static Written written(Operation operation, boolean mayHaveApplied) {
    return operation.writes() && mayHaveApplied ? Written.UNKNOWN : Written.NOTHING;
  }

  /**
   * The exception of a request that failed.
   *
   * @param message what went wrong, for people
   * @param reason why
   * @param operation the request's operation
   * @param mayHaveApplied as for {@link #written}
   * @param cause the engine's own exception, or null
   * @return the exception
   */
  public static ServiceUnavailableException of(
      String message, Reason reason, Operation operation, boolean mayHaveApplied, Throwable cause) {
    return new ServiceUnavailableException(
        message, reason, written(operation, mayHaveApplied), cause);
  }

  /**
   * The same failure as the whole call's, whose earlier requests applied writes: a request that
   * wrote nothing leaves the call {@link Written#PARTLY} written; one whose outcome is unknown
   * leaves it unknown.
   *
   * @param e the request's failure
   * @return {@code e}, or a copy (same message, reason, cause and stack trace) written partly
   */
  public static ServiceUnavailableException afterWrites(ServiceUnavailableException e) {
    return e.written() == Written.NOTHING ? with(e, e.getMessage(), Written.PARTLY) : e;
  }

  /**
   * The same failure, after an earlier attempt that may have been applied (a transaction still in
   * progress under its token, a server error): its outcome is unknown.
   *
   * @param e the failure
   * @param why what the message adds, for people
   * @return {@code e} if its outcome is already unknown, else a copy whose outcome is
   */
  public static ServiceUnavailableException unknown(ServiceUnavailableException e, String why) {
    return e.written() == Written.UNKNOWN
        ? e
        : with(e, e.getMessage() + "; " + why, Written.UNKNOWN);
  }

  private static ServiceUnavailableException with(
      ServiceUnavailableException e, String message, Written written) {
    ServiceUnavailableException copy =
        new ServiceUnavailableException(message, e.reason(), written, e.getCause());
    copy.setStackTrace(e.getStackTrace());
    for (Throwable suppressed : e.getSuppressed()) {
      copy.addSuppressed(suppressed);
    }
    return copy;
  }
}
