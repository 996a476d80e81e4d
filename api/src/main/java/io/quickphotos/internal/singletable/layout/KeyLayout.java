package io.quickphotos.internal.singletable.layout;

import io.quickphotos.PhotoId;
import io.quickphotos.ReactionType;
import io.quickphotos.engine.Key;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.Year;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;

/**
 * The single-table key layout: which {@code PK} and {@code SK} each entity gets.
 *
 * <pre>
 * Entity      PK                          SK
 * User        USER#&lt;username&gt;             #METADATA#&lt;username&gt;
 * Photo       USER#&lt;username&gt;             PHOTO#&lt;username&gt;#&lt;timestamp&gt;
 * Reaction    REACTION#&lt;reactor&gt;#&lt;type&gt;   PHOTO#&lt;owner&gt;#&lt;timestamp&gt;
 * Friendship  USER#&lt;followed&gt;             #FRIEND#&lt;follower&gt;
 * Request     USER#&lt;account&gt;              #ASK#&lt;requester&gt;
 *   its place USER#&lt;account&gt;              #ASKED#&lt;timestamp&gt;#&lt;requester&gt;
 * Block       USER#&lt;blocker&gt;              #BLOCK#&lt;blocked&gt;
 * Its marks   USER#&lt;requester&gt;            #ASKING#&lt;account&gt;    (a request, where its requester is)
 *             USER#&lt;blocked&gt;              #BLOCKEDBY#&lt;blocker&gt;  (a block, where its blocked user is)
 * </pre>
 *
 * <p>In a user's partition the sort keys order as friendships ({@code #F…}), then the profile
 * ({@code #M…}), then photos ({@code P…}) by timestamp, so one BETWEEN reads profile and photos
 * and one begins_with reads the followers. Timestamps are fixed-width UTC with nanoseconds
 * ({@code 2018-05-30T15:42:38.000000000Z}) so string order is chronological order. Usernames
 * never contain {@code #} (see the repository's validation), so no key part can spill into the
 * next. Stateless and thread-safe.
 */
public final class KeyLayout {
  /** Prefix of a user's partition key. */
  public static final String USER = "USER#";

  /** Prefix of a profile's sort key. */
  public static final String METADATA = "#METADATA#";

  /** Prefix of a photo's sort key. */
  public static final String PHOTO = "PHOTO#";

  /** Prefix of a reaction's partition key. */
  public static final String REACTION = "REACTION#";

  /** Prefix of a friendship's sort key. */
  public static final String FRIEND = "#FRIEND#";

  /** Prefix of a pending follow request's sort key, in the private account's partition. */
  public static final String ASK = "#ASK#";

  /** Prefix of the sort key of a request's place in its account's queue (time order). */
  public static final String ASKED = "#ASKED#";

  /** Prefix of a block's sort key, in the blocker's partition. */
  public static final String BLOCK = "#BLOCK#";

  /**
   * Prefix of a request's mark in its requester's partition: closing the requester's account
   * finds the requests it made there, strongly consistent, where the inverted index may lag.
   */
  public static final String ASKING = "#ASKING#";

  /**
   * Prefix of a block's mark in the blocked user's partition: closing that account finds the
   * blocks against it there, strongly consistent, where the inverted index may lag.
   */
  public static final String BLOCKED_BY = "#BLOCKEDBY#";

  /** Sorts after every photo sort key: {@code $} is the character after {@code #}. */
  public static final String AFTER_ALL_PHOTOS = "PHOTO$";

  private static final DateTimeFormatter TIMESTAMP =
      DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSSSSSSS'Z'").withZone(ZoneOffset.UTC);
  private static final int TIMESTAMP_LENGTH = 30;
  private static final long SECONDS_PER_DAY = 86_400;

  /** 0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z: the years written by hand. */
  private static final long MIN_FAST_SECOND = -62_135_596_800L;

  private static final long MAX_FAST_SECOND = 253_402_300_799L;

  private KeyLayout() {}

  /**
   * The key of a user's profile item.
   *
   * @param username the user's handle
   * @return {@code USER#<username>}, {@code #METADATA#<username>}
   */
  public static Key user(String username) {
    return new Key(userPartition(username), METADATA + username);
  }

  /**
   * The partition holding a user's profile, photos and followers.
   *
   * @param username the user's handle
   * @return {@code USER#<username>}
   */
  public static String userPartition(String username) {
    return USER + username;
  }

  /**
   * The key of a photo item.
   *
   * @param id the photo's owner and timestamp
   * @return {@code USER#<owner>}, {@code PHOTO#<owner>#<timestamp>}
   */
  public static Key photo(PhotoId id) {
    return new Key(userPartition(id.owner()), photoSortKey(id));
  }

  /**
   * A photo's sort key, which is also the inverted-index partition of the photo and its
   * reactions.
   *
   * @param id the photo's owner and timestamp
   * @return {@code PHOTO#<owner>#<timestamp>}
   */
  public static String photoSortKey(PhotoId id) {
    return PHOTO + id.owner() + "#" + timestamp(id.timestamp());
  }

  /**
   * The photo a photo item's key names.
   *
   * @param photo a photo's key, as {@link #photo(PhotoId)} makes it
   * @return the owner and timestamp
   * @throws IllegalArgumentException if the key is not a photo's
   */
  public static PhotoId photoIdOf(Key photo) {
    String owner = photo.pk().substring(USER.length());
    String prefix = PHOTO + owner + "#";
    if (!photo.pk().startsWith(USER) || !photo.sk().startsWith(prefix)) {
      throw new IllegalArgumentException("not a photo's key: " + photo);
    }
    return new PhotoId(owner, parseTimestamp(photo.sk().substring(prefix.length())));
  }

  /**
   * The key of a reaction item.
   *
   * @param reactor the reacting user's handle
   * @param type the reaction type
   * @param photo the photo reacted to
   * @return {@code REACTION#<reactor>#<type>}, {@code PHOTO#<owner>#<timestamp>}
   */
  public static Key reaction(String reactor, ReactionType type, PhotoId photo) {
    return new Key(REACTION + reactor + "#" + type.storedName(), photoSortKey(photo));
  }

  /**
   * The key of a friendship item, stored in the followed user's partition.
   *
   * @param followed the handle of the user followed
   * @param follower the handle of the user who follows
   * @return {@code USER#<followed>}, {@code #FRIEND#<follower>}
   */
  public static Key friendship(String followed, String follower) {
    return new Key(userPartition(followed), FRIEND + follower);
  }

  /**
   * The inverted-index partition listing the friendships a user made.
   *
   * @param follower the handle of the user who follows
   * @return {@code #FRIEND#<follower>}
   */
  public static String followingPartition(String follower) {
    return FRIEND + follower;
  }

  /**
   * The key of a pending request to follow a private account, in the account's partition.
   *
   * @param account the private account's handle
   * @param requester the requester's handle
   * @return {@code USER#<account>}, {@code #ASK#<requester>}
   */
  public static Key request(String account, String requester) {
    return new Key(userPartition(account), ASK + requester);
  }

  /**
   * The key of a request's place in its account's queue: the account lists its requests by it,
   * newest first.
   *
   * @param account the private account's handle
   * @param since when the request was made
   * @param requester the requester's handle
   * @return {@code USER#<account>}, {@code #ASKED#<timestamp>#<requester>}
   */
  public static Key requestPlace(String account, Instant since, String requester) {
    return new Key(userPartition(account), ASKED + timestamp(since) + "#" + requester);
  }

  /**
   * The inverted-index partition listing the requests a user made.
   *
   * @param requester the requester's handle
   * @return {@code #ASK#<requester>}
   */
  public static String requestsMadeBy(String requester) {
    return ASK + requester;
  }

  /**
   * The key of a request's mark in its requester's partition.
   *
   * @param requester the requester's handle
   * @param account the private account's handle
   * @return {@code USER#<requester>}, {@code #ASKING#<account>}
   */
  public static Key requestMark(String requester, String account) {
    return new Key(userPartition(requester), ASKING + account);
  }

  /**
   * The key of a block's mark in the blocked user's partition.
   *
   * @param blocked the handle of the user blocked
   * @param blocker the handle of the user who blocks
   * @return {@code USER#<blocked>}, {@code #BLOCKEDBY#<blocker>}
   */
  public static Key blockMark(String blocked, String blocker) {
    return new Key(userPartition(blocked), BLOCKED_BY + blocker);
  }

  /**
   * The key of a block, in the blocker's partition next to its profile.
   *
   * @param blocker the handle of the user who blocks
   * @param blocked the handle of the user blocked
   * @return {@code USER#<blocker>}, {@code #BLOCK#<blocked>}
   */
  public static Key block(String blocker, String blocked) {
    return new Key(userPartition(blocker), BLOCK + blocked);
  }

  /**
   * The inverted-index partition listing the blocks against a user.
   *
   * @param blocked the handle of the user blocked
   * @return {@code #BLOCK#<blocked>}
   */
  public static String blocksAgainst(String blocked) {
    return BLOCK + blocked;
  }

  /**
   * Formats an instant as a fixed-width, chronologically sortable key part. Years 1 to 9999 (the
   * only ones the repository's validation lets through) are written by hand, without a
   * {@link DateTimeFormatter}: this runs for every photo, reaction and friendship key. Any other
   * instant goes to the formatter, so the text is the formatter's for every instant.
   *
   * @param instant an instant in years 1 to 9999
   * @return e.g. {@code 2018-05-30T15:42:38.000000000Z}
   */
  public static String timestamp(Instant instant) {
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
   * Parses a key part written by {@link #timestamp(Instant)}. Text of exactly that shape, with a
   * valid date and time, is read by hand; anything else goes to the {@link DateTimeFormatter}
   * that used to read every timestamp, so what is accepted (the formatter resolves in its SMART
   * style: {@code 2019-02-29} reads as {@code 2019-02-28}, {@code 24:00:00} as the next midnight,
   * signed years of more than four digits are taken) and what is refused stays exactly as it was.
   *
   * @param text the key part
   * @return the instant
   * @throws IllegalArgumentException if {@code text} is not such a key part
   */
  public static Instant parseTimestamp(String text) {
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
  public static int number(String text, int at, int width) {
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
