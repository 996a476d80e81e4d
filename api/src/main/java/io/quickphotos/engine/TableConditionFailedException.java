package io.quickphotos.engine;

/** A single write's condition was false; nothing was written. */
public final class TableConditionFailedException extends TableException {
  private static final long serialVersionUID = 1L;

  /** DynamoDB's message for this failure. */
  public static final String MESSAGE = "The conditional request failed";

  /**
   * Creates the exception.
   *
   * @param cause the engine's own exception, or null
   */
  public TableConditionFailedException(Throwable cause) {
    super(MESSAGE, cause);
  }
}
