package io.quickphotos.engine;

import java.util.UUID;

/**
 * The idempotency token of one repository call's transaction: every attempt of that call sends
 * the same {@code ClientRequestToken}, so DynamoDB applies the transaction at most once however
 * often it is retried within its 10-minute idempotency window. The value is made on first use,
 * so an engine that needs no token (the memory engine) costs no random UUID. Thread-safe.
 */
public final class ClientToken {
  private volatile String value;

  /** A token whose value is not made yet. */
  public ClientToken() {}

  /**
   * The token's value: a random UUID, 36 characters (DynamoDB allows 1 to 36), the same on
   * every call.
   *
   * @return the value
   */
  public String value() {
    String current = value;
    if (current == null) {
      synchronized (this) {
        current = value;
        if (current == null) {
          current = UUID.randomUUID().toString();
          value = current;
        }
      }
    }
    return current;
  }

  @Override
  public String toString() {
    return "ClientToken[" + (value == null ? "not yet made" : value) + "]";
  }
}
