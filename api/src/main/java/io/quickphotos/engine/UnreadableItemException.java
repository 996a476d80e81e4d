package io.quickphotos.engine;

/**
 * A stored item that cannot be read as quickphotos wrote it: an attribute missing or of the wrong
 * type, a key or timestamp in another format, an unknown entity. Thrown by {@link Item}'s typed
 * accessors and by the item codecs; the repository reports it as "the table holds an item
 * quickphotos cannot read". Only decoding throws it, so a programming error elsewhere is never
 * mistaken for corrupt data.
 */
public final class UnreadableItemException extends IllegalStateException {
  private static final long serialVersionUID = 1L;

  /**
   * Creates the exception.
   *
   * @param message what could not be read, and in which item
   */
  public UnreadableItemException(String message) {
    super(message);
  }

  /**
   * Creates the exception with the parser's exception as its cause.
   *
   * @param message what could not be read, and in which item
   * @param cause the parser's exception
   */
  public UnreadableItemException(String message, Throwable cause) {
    super(message, cause);
  }

  /**
   * Wraps what decoding an item failed with; the message is the cause's.
   *
   * @param cause the parser's or record constructor's exception
   */
  public UnreadableItemException(RuntimeException cause) {
    super(cause.getMessage(), cause);
  }
}
