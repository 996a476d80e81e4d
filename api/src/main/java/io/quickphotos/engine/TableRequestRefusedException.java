package io.quickphotos.engine;

/**
 * The engine refused a request as invalid (DynamoDB's {@code ValidationException}): an item over
 * 400 KB, a key over its length limit, BETWEEN bounds out of order, a bad start key, too many
 * transaction actions, and so on. Nothing was written.
 */
public final class TableRequestRefusedException extends TableException {
  private static final long serialVersionUID = 1L;

  /**
   * Creates the exception.
   *
   * @param message DynamoDB's message
   * @param cause the engine's own exception, or null
   */
  public TableRequestRefusedException(String message, Throwable cause) {
    super(message, cause);
  }
}
