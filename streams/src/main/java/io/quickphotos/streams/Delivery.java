package io.quickphotos.streams;

import java.time.Instant;
import java.util.Objects;

/**
 * One event as a {@link ChangeHandler} receives it, with the stream record it came from: its
 * item and sequence number are what makes a redelivery recognisable (see {@link AppliedMarks}).
 *
 * @param event the event
 * @param itemKey the key of the item whose record produced the event, {@code PK|SK}
 * @param sequenceNumber the record's sequence number; the records of one item come with
 *     increasing numbers
 * @param at when the change was recorded (approximately, as the stream stamps it)
 */
public record Delivery(ChangeEvent event, String itemKey, String sequenceNumber, Instant at) {
  /**
   * Checks the fields.
   *
   * @param event the event
   * @param itemKey the item's key, {@code PK|SK}
   * @param sequenceNumber the record's sequence number
   * @param at when the change was recorded
   * @throws NullPointerException if one is null
   */
  public Delivery {
    Objects.requireNonNull(event, "event");
    Objects.requireNonNull(itemKey, "itemKey");
    Objects.requireNonNull(sequenceNumber, "sequenceNumber");
    Objects.requireNonNull(at, "at");
  }

  /**
   * Compares two stream sequence numbers: decimal strings of any length, so by length and then
   * digit by digit.
   *
   * @param a a sequence number
   * @param b another
   * @return negative, zero or positive as {@code a} is before, equal to or after {@code b}
   */
  public static int compareSequenceNumbers(String a, String b) {
    String x = stripZeros(a);
    String y = stripZeros(b);
    return x.length() != y.length() ? Integer.compare(x.length(), y.length()) : x.compareTo(y);
  }

  private static String stripZeros(String s) {
    int i = 0;
    while (i < s.length() - 1 && s.charAt(i) == '0') {
      i++;
    }
    return s.substring(i);
  }
}
