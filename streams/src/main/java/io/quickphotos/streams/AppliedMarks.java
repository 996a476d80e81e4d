package io.quickphotos.streams;

import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * Exactly once in effect for a handler whose effects live in memory: the highest sequence number
 * applied per item, updated in the same critical section as the effect, so a delivery seen again
 * (a batch redelivered after a crash, a Lambda retry) is skipped. Keyed on the item and its
 * sequence numbers because the records of one item come in order with increasing numbers, across
 * shards too, while a redelivered batch repeats numbers already applied.
 *
 * <p>A handler whose effect is a database write does the same in the database: it stores the
 * item's mark in the same transaction as the effect (a DynamoDB TransactWriteItems with a
 * condition {@code attribute_not_exists(mark) OR mark < :seq}), so the effect and the mark
 * cannot part.
 *
 * <p>Thread-safe: {@link #applyOnce} runs effects one at a time.
 */
public final class AppliedMarks {
  private final Map<String, String> marks = new HashMap<>();

  /** No delivery applied yet. */
  public AppliedMarks() {}

  /**
   * Runs {@code effect} for the delivery unless a delivery of the same item with this or a later
   * sequence number was applied, and records the mark with it: if the effect throws, the mark is
   * not recorded.
   *
   * @param delivery the delivery
   * @param effect what applying it does
   * @return whether the effect ran
   */
  public synchronized boolean applyOnce(Delivery delivery, Consumer<Delivery> effect) {
    Objects.requireNonNull(effect, "effect");
    String mark = marks.get(delivery.itemKey());
    if (mark != null && Delivery.compareSequenceNumbers(delivery.sequenceNumber(), mark) <= 0) {
      return false;
    }
    effect.accept(delivery);
    marks.put(delivery.itemKey(), delivery.sequenceNumber());
    return true;
  }
}
