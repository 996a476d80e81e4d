package io.quickphotos.internal.singletable.feed;

import static io.quickphotos.internal.singletable.layout.Attributes.AUDIENCE_COUNT;
import static io.quickphotos.internal.singletable.layout.Attributes.AUTHOR;
import static io.quickphotos.internal.singletable.layout.Attributes.EXPIRES_AT;
import static io.quickphotos.internal.singletable.layout.Attributes.FEED_ATTRIBUTE;
import static io.quickphotos.internal.singletable.layout.Attributes.MEMBER;
import static io.quickphotos.internal.singletable.layout.Attributes.MEMBERSHIPS_COUNT;
import static io.quickphotos.internal.singletable.layout.Attributes.OWNER;
import static io.quickphotos.internal.singletable.layout.Attributes.READER;
import static io.quickphotos.internal.singletable.layout.Attributes.WINDOW;

import io.quickphotos.PhotoId;
import io.quickphotos.engine.AttributePath;
import io.quickphotos.engine.Index;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.ItemCondition;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.QueryPlan;
import io.quickphotos.engine.SortKeyCondition;
import io.quickphotos.engine.Value;
import io.quickphotos.internal.singletable.codec.ItemCodec;
import io.quickphotos.internal.singletable.layout.Attributes;
import io.quickphotos.internal.singletable.layout.KeyLayout;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * The hybrid feed's items ({@link io.quickphotos.FanOut#hybrid()}): audiences, pending fan-outs
 * and timelines, and what each item records so that every repository of a table obeys the table,
 * whatever its own setting.
 *
 * <pre>
 * Entity          PK                 SK
 * Audience        USER#&lt;author&gt;      #FANOUT#&lt;member&gt;
 * Pending fan-out USER#&lt;author&gt;      #FANOUT$&lt;timestamp&gt;
 * Timeline entry  FEED#&lt;reader&gt;      FEED#&lt;inverted timestamp&gt;#&lt;owner&gt;#&lt;reader&gt;
 * </pre>
 *
 * <p>An author's audience (the followers whose follow is a timeline follow) and its pending
 * fan-outs sort before its friendships, so one Query reads both and no existing listing of the
 * partition meets them. A timeline entry is a photo's key in a reader's partition: the inverted
 * timestamp (each digit {@code d} written {@code 9 - d}) makes ascending sort-key order the
 * feed's order (newest first, then owner in code-point order, as {@code #} sorts before every
 * character a handle may hold), so a page is one forward Query. The reader's handle ends the
 * sort key so that each entry has an inverted-index partition of its own.
 *
 * <p><b>What the table records, and the rule every repository obeys.</b> A repository's
 * {@code FanOut} setting decides only new policy: whether a new follow (or a backfill) makes a
 * timeline follow, and with which window. Everything else follows what the items say:
 *
 * <ul>
 *   <li>A timeline follow's friendship carries {@code feed} ({@code filling#<token>} until the
 *       author's photos of the window are copied, then {@code timeline}) and {@code window}, in
 *       seconds: the timeline holds every photo of the author newer than that window before now.
 *       Its audience item carries the same {@code window}, and every upload writes the entry of a
 *       member whose window holds the photo. A reader trusts its timeline for a follow only once
 *       {@code feed = timeline}, and only as far back as the smallest window of its served
 *       follows; older pages are read by fan-out on read.
 *   <li>The author's profile counts its audience ({@code audience}), the member's its places in
 *       audiences ({@code memberships}), both changed in the transaction that puts or deletes the
 *       audience item. Every upload, through any repository, checks {@code audience} in the
 *       condition it already sends on the owner: an author with an audience fans out.
 *   <li>Unfollows, closing accounts and the audit read what the friendship or audience item
 *       says, not their own setting, to delete the audience item with its counts.
 * </ul>
 *
 * <p>Items written by the version before these records (follows with {@code feed} but no
 * {@code window}, audience items without {@code window}) are read as fan-out on read follows and
 * are cleaned up as they are met; a backfill converts them. Stateless and thread-safe.
 */
public final class Timelines {
  /** The value of {@link Attributes#FEED_ATTRIBUTE} once the timeline holds the author's photos. */
  static final String SERVED = "timeline";

  /** Prefix of {@link Attributes#FEED_ATTRIBUTE} while the follow's timeline is being filled. */
  static final String FILLING = "filling#";

  /**
   * How much earlier than its window a writer fills timelines: clocks of different machines may
   * disagree by this much before a reader expects an entry a writer thought too old.
   */
  public static final Duration CLOCK_MARGIN = Duration.ofDays(1);

  static final AttributePath FEED_PATH = AttributePath.of(FEED_ATTRIBUTE);
  static final AttributePath WINDOW_PATH = AttributePath.of(WINDOW);
  static final AttributePath AUDIENCE_PATH = AttributePath.of(AUDIENCE_COUNT);
  static final AttributePath MEMBERSHIPS_PATH = AttributePath.of(MEMBERSHIPS_COUNT);

  private Timelines() {}

  // --- keys and items ---------------------------------------------------------------------------

  /**
   * A reader's timeline partition.
   *
   * @param reader the reader's handle
   * @return {@code FEED#<reader>}
   */
  public static String partition(String reader) {
    return KeyLayout.FEED + reader;
  }

  /**
   * The key of a photo's entry in a reader's timeline.
   *
   * @param reader the reader
   * @param photo the photo
   * @return the key
   */
  public static Key entryKey(String reader, PhotoId photo) {
    return KeyLayout.timelineEntry(reader, inverted(photo.timestamp()), photo.owner());
  }

  /** The fixed-width timestamp with each digit {@code d} written {@code 9 - d}. */
  static String inverted(Instant timestamp) {
    char[] text = KeyLayout.timestamp(timestamp).toCharArray();
    for (int i = 0; i < text.length; i++) {
      if (text[i] >= '0' && text[i] <= '9') {
        text[i] = (char) ('9' - text[i] + '0');
      }
    }
    return new String(text);
  }

  /**
   * A photo's entry in a reader's timeline, expiring a day after it leaves the window.
   *
   * @param reader the reader
   * @param photo the photo
   * @param window the window of the reader's follow of the photo's owner
   * @return the item
   */
  public static Item entry(String reader, PhotoId photo, Duration window) {
    Instant expires = photo.timestamp().plus(window).plus(CLOCK_MARGIN);
    return Item.builder(entryKey(reader, photo))
        .put(ItemCodec.ENTITY, ItemCodec.Entity.TIMELINE_ENTRY.name())
        .put(OWNER, photo.owner())
        .put(Attributes.TIMESTAMP, KeyLayout.timestamp(photo.timestamp()))
        .put(READER, reader)
        .put(EXPIRES_AT, Math.max(0, expires.getEpochSecond()))
        .build();
  }

  /**
   * The photo an entry points to.
   *
   * @param entry a timeline entry
   * @return the photo's id
   */
  public static PhotoId photoOf(Item entry) {
    return new PhotoId(
        entry.string(OWNER), KeyLayout.parseTimestamp(entry.string(Attributes.TIMESTAMP)));
  }

  /**
   * The reader whose timeline an entry is in.
   *
   * @param entry a timeline entry
   * @return the reader's handle
   */
  public static String readerOf(Item entry) {
    return entry.string(READER);
  }

  /**
   * When DynamoDB's time to live may delete an entry.
   *
   * @param entry a timeline entry
   * @return its {@code expiresAt}
   */
  public static Instant expiresAt(Item entry) {
    return Instant.ofEpochSecond(entry.number(EXPIRES_AT).longValueExact());
  }

  /**
   * An entry whose expiry is still the one read.
   *
   * @param entry a timeline entry as read
   * @return {@code expiresAt = :read}
   */
  public static ItemCondition expiresAsRead(Item entry) {
    return new ItemCondition.AttributeEquals(
        AttributePath.of(EXPIRES_AT), entry.get(EXPIRES_AT).orElseThrow());
  }

  /**
   * The key of an author's audience member.
   *
   * @param author the followed user
   * @param member the follower
   * @return {@code USER#<author>}, {@code #FANOUT#<member>}
   */
  public static Key audienceKey(String author, String member) {
    return new Key(KeyLayout.userPartition(author), KeyLayout.AUDIENCE + member);
  }

  /**
   * The member an audience item names.
   *
   * @param item an audience item
   * @return the follower's handle
   */
  public static String memberOf(Item item) {
    return item.string(MEMBER);
  }

  /**
   * The author an audience item belongs to.
   *
   * @param item an audience item
   * @return the followed user's handle
   */
  public static String authorOf(Item item) {
    return item.string(AUTHOR);
  }

  /**
   * The window a timeline follow or its audience item records.
   *
   * @param item a friendship or audience item
   * @return the window; empty for a pull follow, and for the items of the version before
   *     windows were recorded (counted by nothing, trusted by no reader)
   */
  public static Optional<Duration> windowOf(Item item) {
    return item.get(WINDOW).map(v -> Duration.ofSeconds(((Value.Num) v).value().longValueExact()));
  }

  // --- what a user item records ------------------------------------------------------------------

  /**
   * How many members an author's audience has, as its profile counts them.
   *
   * @param user a user item
   * @return its {@code audience}, 0 if it has none
   */
  public static long audienceCount(Item user) {
    return count(user, AUDIENCE_COUNT);
  }

  /**
   * In how many audiences a user is a member, as its profile counts them.
   *
   * @param user a user item
   * @return its {@code memberships}, 0 if it has none
   */
  public static long membershipsCount(Item user) {
    return count(user, MEMBERSHIPS_COUNT);
  }

  /**
   * Whether a user ever had an audience: its {@code audience} counter exists (at any value), so
   * it may still have pending fan-outs or audience items to clean up.
   *
   * @param user a user item
   * @return true if the counter exists
   */
  public static boolean everHadAudience(Item user) {
    return user.get(AUDIENCE_COUNT).isPresent();
  }

  /**
   * Whether a user was ever a member of an audience: its {@code memberships} counter exists.
   *
   * @param user a user item
   * @return true if the counter exists
   */
  public static boolean everAMember(Item user) {
    return user.get(MEMBERSHIPS_COUNT).isPresent();
  }

  /**
   * The path of a user's audience counter.
   *
   * @return {@code audience}
   */
  public static AttributePath audienceCounter() {
    return AUDIENCE_PATH;
  }

  /**
   * The path of a user's memberships counter.
   *
   * @return {@code memberships}
   */
  public static AttributePath membershipsCounter() {
    return MEMBERSHIPS_PATH;
  }

  private static long count(Item item, String attribute) {
    return item.get(attribute).map(v -> ((Value.Num) v).value().longValueExact()).orElse(0L);
  }

  /**
   * The condition an ordinary upload puts on its owner: no audience ({@code NOT (audience >=
   * 1)}). An owner with one makes the upload redirect to the one with a pending fan-out.
   *
   * @return the condition
   */
  public static ItemCondition noAudience() {
    return NO_AUDIENCE;
  }

  private static final ItemCondition NO_AUDIENCE =
      ItemCondition.not(new ItemCondition.AtLeast(AUDIENCE_PATH, 1));

  // --- uploads ----------------------------------------------------------------------------------

  // --- what a friendship records ---------------------------------------------------------------

  /**
   * Whether a friendship is a timeline follow with its audience item and counts (filled or
   * not): it records a window.
   *
   * @param friendship a friendship item
   * @return true if it records a window
   */
  public static boolean isTimelineFollow(Item friendship) {
    return windowOf(friendship).isPresent();
  }

  /**
   * How far back the reader's timeline serves a follow.
   *
   * @param friendship a friendship item (as the inverted index lists it)
   * @return the window, once the timeline was filled; empty while it is not (or never will be)
   */
  public static Optional<Duration> servedWindow(Item friendship) {
    return SERVED.equals(friendship.stringOrNull(FEED_ATTRIBUTE))
        ? windowOf(friendship)
        : Optional.empty();
  }

  // --- reads ------------------------------------------------------------------------------------

  /**
   * An author's audience and pending fan-outs: Query {@code PK = USER#a AND SK BETWEEN #FANOUT#
   * AND #FANOUT%}, strongly consistent (an upload must see a follow that committed before it).
   *
   * @param author the author
   * @param limit the page's {@code Limit}: an upload asks for K + 25, so that an audience of K
   *     and the pending fan-outs an upload normally finds (its own) come in one request (an
   *     audience item is about 80 bytes: 1 MB holds more than 13,000)
   * @return the plan of the first page
   */
  public static QueryPlan audienceAndPending(String author, int limit) {
    return new QueryPlan(
        Index.TABLE,
        KeyLayout.userPartition(author),
        Optional.of(SortKeyCondition.between(KeyLayout.AUDIENCE, KeyLayout.AFTER_FAN_OUTS)),
        true,
        limit,
        Optional.empty(),
        true);
  }
}
