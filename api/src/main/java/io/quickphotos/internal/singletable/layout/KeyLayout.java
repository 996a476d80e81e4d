package io.quickphotos.internal.singletable.layout;

import io.quickphotos.PhotoId;
import io.quickphotos.ReactionType;
import io.quickphotos.engine.Key;
import java.time.Instant;

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

  /** Prefix of a hybrid-feed timeline's partition key and of its entries' sort keys. */
  public static final String FEED = "FEED#";

  /** Prefix of an author's audience member's sort key, in the author's partition. */
  public static final String AUDIENCE = "#FANOUT#";

  /** Prefix of a pending fan-out's sort key: sorts right after every audience member. */
  public static final String PENDING_FAN_OUT = "#FANOUT$";

  /** The first sort key after every audience member and pending fan-out. */
  public static final String AFTER_FAN_OUTS = "#FANOUT%";

  /** Prefix of a hot key's counter shard's partition key. */
  public static final String SHARD = "SHARD#";

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

  /** The key of the table's settings item, which every repository reads when it is built. */
  public static final Key SETTINGS = new Key("#SETTINGS", "#SETTINGS");

  /**
   * The sort-key prefix of a user's photos, in the user's partition and on the inverted index.
   *
   * @param owner the photos' owner
   * @return {@code PHOTO#<owner>#}
   */
  public static String photosOf(String owner) {
    return PHOTO + owner + "#";
  }

  /**
   * The partition-key prefix of a reactor's reactions (on the inverted index, the reactions'
   * sort key), of every type or of one.
   *
   * @param reactor the reacting user
   * @return {@code REACTION#<reactor>#}
   */
  public static String reactionsBy(String reactor) {
    return REACTION + reactor + "#";
  }

  /**
   * The sort key of a reactor's reactions of one type.
   *
   * @param reactor the reacting user
   * @param type the reaction type
   * @return {@code REACTION#<reactor>#<type>}
   */
  public static String reactionsBy(String reactor, ReactionType type) {
    return reactionsBy(reactor) + type.storedName();
  }

  /**
   * The key of a timeline entry: a reader's copy of an author's photo.
   *
   * @param reader the timeline's reader
   * @param invertedTimestamp the photo's timestamp written so that newer sorts first
   * @param owner the photo's owner
   * @return {@code FEED#<reader>}, {@code FEED#<inverted timestamp>#<owner>#<reader>}
   */
  public static Key timelineEntry(String reader, String invertedTimestamp, String owner) {
    return new Key(FEED + reader, FEED + invertedTimestamp + "#" + owner + "#" + reader);
  }

  /**
   * The key of one counter shard of a user or photo: the same value as both keys.
   *
   * @param main the user's or photo's key
   * @param index the shard's index
   * @return {@code SHARD#<main SK>#<index>} as both keys
   */
  public static Key shard(Key main, int index) {
    String value = SHARD + main.sk() + "#" + index;
    return new Key(value, value);
  }

  /**
   * A key's timestamp: ISO-8601 UTC with nanoseconds, fixed width, so that text order is time
   * order ({@link KeyTimestamps}).
   *
   * @param instant the time
   * @return its text in keys
   */
  public static String timestamp(Instant instant) {
    return KeyTimestamps.format(instant);
  }

  /**
   * The time a key's timestamp text names ({@link KeyTimestamps}).
   *
   * @param text a timestamp as {@link #timestamp} writes it
   * @return the time
   */
  public static Instant parseTimestamp(String text) {
    return KeyTimestamps.parse(text);
  }

  /**
   * The ASCII digits {@code text[at, at + width)} as a number; -1 if any is not a digit.
   *
   * @param text the text
   * @param at the first digit's index
   * @param width how many digits
   * @return the number, or -1
   */
  public static int number(String text, int at, int width) {
    return KeyTimestamps.number(text, at, width);
  }
}
