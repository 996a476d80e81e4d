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

  /** What the transaction applied under this token answered, on an engine that records it here. */
  private volatile Capacity applied;

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

  /**
   * What the transaction applied under this token consumed, as an engine that keeps no tokens of
   * its own (the memory engine) recorded it with {@link #recordApplied}: DynamoDB remembers a
   * token's outcome for 10 minutes, and a call's attempts all carry this one object, so the
   * object can remember it for as long as the call lasts, at no cost to a table.
   *
   * @return the capacity the applied transaction consumed, or null if none was applied under it
   */
  public Capacity applied() {
    return applied;
  }

  /**
   * Records that a transaction was applied under this token, for {@link #applied}.
   *
   * @param consumed the capacity it consumed
   */
  public void recordApplied(Capacity consumed) {
    applied = java.util.Objects.requireNonNull(consumed, "consumed");
  }

  @Override
  public String toString() {
    return "ClientToken[" + (value == null ? "not yet made" : value) + "]";
  }
}
