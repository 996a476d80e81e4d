package io.quickphotos.streams;

import io.quickphotos.QuickPhotosException;

/**
 * A {@link ChangeHandler} threw: its batch was not acknowledged and will be delivered again.
 * The handler's exception is the cause.
 */
public final class StreamHandlerException extends QuickPhotosException {
  private static final long serialVersionUID = 1L;

  /**
   * The failure of a batch of one shard.
   *
   * @param shardId the shard
   * @param cause what the handler threw
   */
  public StreamHandlerException(String shardId, Throwable cause) {
    super("the stream handler failed on a batch of shard " + shardId, cause);
  }
}
