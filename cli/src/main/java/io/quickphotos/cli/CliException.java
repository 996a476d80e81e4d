package io.quickphotos.cli;

/**
 * A failure the command explains to its user in one line, such as a backend that cannot be
 * reached; printed as {@code error: <message>} with no stack trace.
 */
public final class CliException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /**
   * Creates the exception.
   *
   * @param message what went wrong and, where possible, what to do about it
   */
  public CliException(String message) {
    super(message);
  }

  /**
   * Creates the exception with its cause.
   *
   * @param message what went wrong and, where possible, what to do about it
   * @param cause the underlying failure
   */
  public CliException(String message, Throwable cause) {
    super(message, cause);
  }
}
