package io.quickphotos.internal.singletable.layout;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.Year;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;

/**
 * The timestamps in keys: ISO-8601 UTC with nine fraction digits, always 30 characters, so that
 * the text order of keys is the time order; written and read by hand for the years 1–9999 (the
 * hot path of every photo key), by {@link DateTimeFormatter} beyond. Stateless and thread-safe.
 */
final class KeyTimestamps {
  private static final DateTimeFormatter TIMESTAMP =
      DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSSSSSSS'Z'").withZone(ZoneOffset.UTC);
  private static final int TIMESTAMP_LENGTH = 30;
  private static final long SECONDS_PER_DAY = 86_400;

  /** 0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z: the years written by hand. */
  private static final long MIN_FAST_SECOND = -62_135_596_800L;

  private static final long MAX_FAST_SECOND = 253_402_300_799L;

  private KeyTimestamps() {}

  /**
   * Formats an instant as a fixed-width, chronologically sortable key part. Years 1 to 9999 (the
   * only ones the repository's validation lets through) are written by hand, without a
   * {@link DateTimeFormatter}: this runs for every photo, reaction and friendship key. Any other
   * instant goes to the formatter, so the text is the formatter's for every instant.
   *
   * @param instant an instant in years 1 to 9999
   * @return e.g. {@code 2018-05-30T15:42:38.000000000Z}
   */
  static String format(Instant instant) {
    long seconds = instant.getEpochSecond();
    if (seconds < MIN_FAST_SECOND || seconds > MAX_FAST_SECOND) {
      return TIMESTAMP.format(instant);
    }
    long days = Math.floorDiv(seconds, SECONDS_PER_DAY);
    int secondOfDay = (int) Math.floorMod(seconds, SECONDS_PER_DAY);
    // Civil date from days since 1970-01-01 in the proleptic Gregorian calendar, counted in
    // 400-year eras that start on March 1st, so the leap day is the last day of an era's year.
    long shifted = days + 719_468;
    long era = Math.floorDiv(shifted, 146_097);
    int dayOfEra = (int) (shifted - era * 146_097);
    int yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365;
    int dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100);
    int monthFromMarch = (5 * dayOfYear + 2) / 153;
    int day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1;
    int month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9;
    int year = (int) (yearOfEra + era * 400) + (month <= 2 ? 1 : 0);
    byte[] text = new byte[TIMESTAMP_LENGTH];
    digits(text, 0, year, 4);
    text[4] = '-';
    digits(text, 5, month, 2);
    text[7] = '-';
    digits(text, 8, day, 2);
    text[10] = 'T';
    digits(text, 11, secondOfDay / 3600, 2);
    text[13] = ':';
    digits(text, 14, secondOfDay / 60 % 60, 2);
    text[16] = ':';
    digits(text, 17, secondOfDay % 60, 2);
    text[19] = '.';
    digits(text, 20, instant.getNano(), 9);
    text[29] = 'Z';
    return new String(text, StandardCharsets.ISO_8859_1);
  }

  /**
   * Parses a key part written by {@link #format(Instant)}. Text of exactly that shape, with a
   * valid date and time, is read by hand; anything else goes to the {@link DateTimeFormatter}
   * that used to read every timestamp, so what is accepted (the formatter resolves in its SMART
   * style: {@code 2019-02-29} reads as {@code 2019-02-28}, {@code 24:00:00} as the next midnight,
   * signed years of more than four digits are taken) and what is refused stays exactly as it was.
   *
   * @param text the key part
   * @return the instant
   * @throws IllegalArgumentException if {@code text} is not such a key part
   */
  static Instant parse(String text) {
    if (text.length() == TIMESTAMP_LENGTH
        && text.charAt(4) == '-'
        && text.charAt(7) == '-'
        && text.charAt(10) == 'T'
        && text.charAt(13) == ':'
        && text.charAt(16) == ':'
        && text.charAt(19) == '.'
        && text.charAt(29) == 'Z') {
      int year = number(text, 0, 4);
      int month = number(text, 5, 2);
      int day = number(text, 8, 2);
      int hour = number(text, 11, 2);
      int minute = number(text, 14, 2);
      int second = number(text, 17, 2);
      int nano = number(text, 20, 9);
      if (year >= 0
          && month >= 1
          && month <= 12
          && day >= 1
          && day <= lengthOfMonth(year, month)
          && hour >= 0
          && hour <= 23
          && minute >= 0
          && minute <= 59
          && second >= 0
          && second <= 59
          && nano >= 0) {
        long days = epochDay(year, month, day);
        return Instant.ofEpochSecond(
            days * SECONDS_PER_DAY + hour * 3600 + minute * 60 + second, nano);
      }
    }
    try {
      return Instant.from(TIMESTAMP.parse(text));
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException("not a key timestamp: " + text, e);
    }
  }

  /** Writes {@code value} as {@code width} ASCII digits, zero-padded, from {@code at}. */
  private static void digits(byte[] text, int at, int value, int width) {
    for (int i = at + width - 1; i >= at; i--) {
      text[i] = (byte) ('0' + value % 10);
      value /= 10;
    }
  }

  /** The ASCII digits {@code text[at, at + width)} as a number; -1 if any is not a digit. */
  static int number(String text, int at, int width) {
    int value = 0;
    for (int i = at; i < at + width; i++) {
      char c = text.charAt(i);
      if (c < '0' || c > '9') {
        return -1;
      }
      value = value * 10 + (c - '0');
    }
    return value;
  }

  private static int lengthOfMonth(int year, int month) {
    return switch (month) {
      case 2 -> Year.isLeap(year) ? 29 : 28;
      case 4, 6, 9, 11 -> 30;
      default -> 31;
    };
  }

  /** Days since 1970-01-01 of a valid proleptic Gregorian date (the inverse of the above). */
  private static long epochDay(int year, int month, int day) {
    long y = month <= 2 ? year - 1 : year;
    long era = Math.floorDiv(y, 400);
    int yearOfEra = (int) (y - era * 400);
    int dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1;
    int dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear;
    return era * 146_097 + dayOfEra - 719_468;
  }
}
