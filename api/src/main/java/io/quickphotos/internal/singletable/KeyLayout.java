package io.quickphotos.internal.singletable;

import io.quickphotos.PhotoId;
import io.quickphotos.ReactionType;
import java.time.Instant;
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
  /** Sorts after every photo sort key: {@code $} is the character after {@code #}. */
  public static final String AFTER_ALL_PHOTOS = "PHOTO$";

  private static final DateTimeFormatter TIMESTAMP =
      DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSSSSSSS'Z'").withZone(ZoneOffset.UTC);

  private KeyLayout() {
  }

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
   * Formats an instant as a fixed-width, chronologically sortable key part.
   *
   * @param instant an instant in years 1 to 9999
   * @return e.g. {@code 2018-05-30T15:42:38.000000000Z}
   */
  public static String timestamp(Instant instant) {
    return TIMESTAMP.format(instant);
  }

  /**
   * Parses a key part written by {@link #timestamp(Instant)}.
   *
   * @param text the key part
   * @return the instant
   * @throws IllegalArgumentException if {@code text} is not such a key part
   */
  public static Instant parseTimestamp(String text) {
    try {
      return Instant.from(TIMESTAMP.parse(text));
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException("not a key timestamp: " + text, e);
    }
  }
}
