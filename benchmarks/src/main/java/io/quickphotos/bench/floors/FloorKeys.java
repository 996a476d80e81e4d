package io.quickphotos.bench.floors;

import io.quickphotos.PhotoId;
import io.quickphotos.ReactionType;
import io.quickphotos.dynamo.QuickPhotosTable;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Objects;

/**
 * The design's key layout ({@code docs/data-model.md}), written out again for the two floors the
 * repository is measured against: the collections floor ({@link CollectionsBackend}) and the
 * hand-written SDK calls ({@link RawSdk}). A floor builds the same keys the repository does, as
 * a hand-written client would keep its own copy of the layout, and owes the repository's
 * internals nothing; {@code FloorKeysTest} holds this copy to the repository's own.
 *
 * <p>The key timestamps are written by hand as the repository writes them (a formatter takes
 * several times as long), so that the floors pay what the repository pays for a key.
 * Stateless, thread-safe.
 */
public final class FloorKeys {
  /** The table's partition key attribute. */
  static final String PK = "PK";

  /** The table's sort key attribute. */
  static final String SK = "SK";

  /** The inverted index: {@code SK} its partition key, {@code PK} its sort key. */
  static final String INVERTED_INDEX = QuickPhotosTable.INVERTED_INDEX;

  /** The most keys one BatchGetItem takes. */
  static final int MAX_BATCH_GET_KEYS = 100;

  static final String USER = "USER#";
  static final String METADATA = "#METADATA#";
  static final String PHOTO = "PHOTO#";
  static final String REACTION = "REACTION#";
  static final String FRIEND = "#FRIEND#";

  /** Sorts after every photo of a user's partition: {@code $} follows {@code #}. */
  static final String AFTER_ALL_PHOTOS = "PHOTO$";

  private static final DateTimeFormatter TIMESTAMP =
      DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSSSSSSS'Z'").withZone(ZoneOffset.UTC);
  private static final int TIMESTAMP_LENGTH = 30;
  private static final long SECONDS_PER_DAY = 86_400;

  /** 0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z: four-digit years, written by hand. */
  private static final long MIN_FAST_SECOND = -62_135_596_800L;

  private static final long MAX_FAST_SECOND = 253_402_300_799L;

  private FloorKeys() {}

  /**
   * An item's primary key.
   *
   * @param pk the partition key value
   * @param sk the sort key value
   */
  record Key(String pk, String sk) {
    Key {
      Objects.requireNonNull(pk, "pk");
      Objects.requireNonNull(sk, "sk");
    }
  }

  static Key user(String username) {
    return new Key(userPartition(username), METADATA + username);
  }

  static String userPartition(String username) {
    return USER + username;
  }

  static Key photo(PhotoId id) {
    return new Key(userPartition(id.owner()), photoSortKey(id));
  }

  static String photoSortKey(PhotoId id) {
    return PHOTO + id.owner() + "#" + timestamp(id.timestamp());
  }

  static Key reaction(String reactor, ReactionType type, PhotoId photo) {
    return new Key(REACTION + reactor + "#" + type.storedName(), photoSortKey(photo));
  }

  static Key friendship(String followed, String follower) {
    return new Key(userPartition(followed), FRIEND + follower);
  }

  static String followingPartition(String follower) {
    return FRIEND + follower;
  }

  /**
   * A key's timestamp: {@code uuuu-MM-ddTHH:mm:ss.nnnnnnnnnZ} in UTC, nine fraction digits, so
   * that text order is time order.
   *
   * @param instant the time
   * @return its 30 characters (more for years beyond four digits)
   */
  static String timestamp(Instant instant) {
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

  private static void digits(byte[] text, int at, int value, int width) {
    for (int i = at + width - 1; i >= at; i--) {
      text[i] = (byte) ('0' + value % 10);
      value /= 10;
    }
  }

  /**
   * Compares two strings in the order DynamoDB sorts string keys: unsigned UTF-8 bytes, which is
   * Unicode code-point order, where a supplementary character sorts after every character of the
   * Basic Multilingual Plane (unlike {@link String#compareTo}).
   *
   * @param a one string
   * @param b another string
   * @return negative, zero or positive as {@code a} sorts before, with or after {@code b}
   */
  static int compare(String a, String b) {
    int n = Math.min(a.length(), b.length());
    for (int i = 0; i < n; i++) {
      char ca = a.charAt(i);
      char cb = b.charAt(i);
      if (ca != cb) {
        // At the first differing UTF-16 unit, code-point order differs from unit order only
        // when one side is a surrogate and the other a unit at or above U+E000.
        boolean sa = Character.isSurrogate(ca);
        boolean sb = Character.isSurrogate(cb);
        if (sa != sb) {
          return sa ? 1 : -1;
        }
        return ca - cb;
      }
    }
    return a.length() - b.length();
  }
}
