package io.quickphotos.engine;

import java.util.Optional;

/**
 * A single write's condition was false; nothing was written. Carries the item as it was, when
 * the engine returned it (DynamoDB's {@code ReturnValuesOnConditionCheckFailure=ALL_OLD}, which
 * costs no capacity), so a caller can tell why without reading it again.
 */
public final class TableConditionFailedException extends TableException {
  private static final long serialVersionUID = 1L;

  /** DynamoDB's message for this failure. */
  public static final String MESSAGE = "The conditional request failed";

  /** The item that failed the condition, or null if it did not exist or was not returned. */
  private final transient Item item;

  /**
   * Creates the exception without the item.
   *
   * @param cause the engine's own exception, or null
   */
  public TableConditionFailedException(Throwable cause) {
    this(null, cause);
  }

  /**
   * Creates the exception.
   *
   * @param item the item as it was when its condition failed, or null if there was none
   * @param cause the engine's own exception, or null
   */
  public TableConditionFailedException(Item item, Throwable cause) {
    super(MESSAGE, cause);
    this.item = item;
  }

  /**
   * The item whose condition failed, as it was.
   *
   * @return the item, or empty if it did not exist
   */
  public Optional<Item> item() {
    return Optional.ofNullable(item);
  }
}
