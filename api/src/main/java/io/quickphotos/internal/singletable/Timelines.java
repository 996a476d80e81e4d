package io.quickphotos.internal.singletable;

import io.quickphotos.Follow;
import io.quickphotos.PhotoId;
import io.quickphotos.engine.AttributePath;
import io.quickphotos.engine.Index;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.ItemCondition;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.QueryPlan;
import io.quickphotos.engine.SortKeyCondition;
import io.quickphotos.engine.UpdateAction;
import io.quickphotos.engine.Value;
import io.quickphotos.engine.WriteAction;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The hybrid feed's items and requests ({@link io.quickphotos.FanOut#hybrid()}): audiences,
 * pending fan-outs and timelines.
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
 * sort key so that each entry has an inverted-index partition of its own: the fan-out of one
 * photo to a thousand timelines does not meet one index key a thousand times. A follow item of a
 * timeline follow carries {@code feed}: {@code filling#<token>} until the author's recent photos
 * are in the timeline, then {@code timeline}. Stateless and thread-safe.
 */
public final class Timelines {
  /** Prefix of a timeline's partition key and of its entries' sort keys. */
  public static final String FEED = "FEED#";

  /** Prefix of an audience member's sort key. */
  public static final String AUDIENCE = "#FANOUT#";

  /** Prefix of a pending fan-out's sort key: sorts right after every audience member. */
  public static final String PENDING = "#FANOUT$";

  /** The follow item's attribute saying how the follow is served. */
  static final String FEED_ATTRIBUTE = "feed";

  /** The value of {@link #FEED_ATTRIBUTE} once the timeline holds the author's photos. */
  static final String SERVED = "timeline";

  /** Prefix of {@link #FEED_ATTRIBUTE} while the follow's timeline is being filled. */
  static final String FILLING = "filling#";

  static final String AUTHOR = "author";
  static final String MEMBER = "member";
  static final String OWNER = "owner";
  static final String READER = "reader";
  static final String TOKEN = "token";

  /** The time-to-live attribute of timeline entries, in epoch seconds. */
  public static final String EXPIRES_AT = "expiresAt";

  /**
   * How much earlier than its window a writer fills timelines: clocks of different machines may
   * disagree by this much before a reader expects an entry a writer thought too old.
   */
  public static final Duration CLOCK_MARGIN = Duration.ofDays(1);

  private Timelines() {}

  /**
   * A reader's timeline partition.
   *
   * @param reader the reader's handle
   * @return {@code FEED#<reader>}
   */
  public static String partition(String reader) {
    return FEED + reader;
  }

  /**
   * The key of a photo's entry in a reader's timeline.
   *
   * @param reader the reader
   * @param photo the photo
   * @return the key
   */
  public static Key entryKey(String reader, PhotoId photo) {
    return new Key(
        partition(reader), FEED + inverted(photo.timestamp()) + "#" + photo.owner() + "#" + reader);
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
   * @param window how far back timelines serve photos
   * @return the item
   */
  public static Item entry(String reader, PhotoId photo, Duration window) {
    Instant expires = photo.timestamp().plus(window).plus(CLOCK_MARGIN);
    return Item.builder(entryKey(reader, photo))
        .put(ItemCodec.ENTITY, ItemCodec.Entity.TIMELINE_ENTRY.name())
        .put(OWNER, photo.owner())
        .put(ItemCodec.TIMESTAMP, KeyLayout.timestamp(photo.timestamp()))
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
        entry.string(OWNER), KeyLayout.parseTimestamp(entry.string(ItemCodec.TIMESTAMP)));
  }

  /**
   * The key of an author's audience member.
   *
   * @param author the followed user
   * @param member the follower
   * @return {@code USER#<author>}, {@code #FANOUT#<member>}
   */
  public static Key audienceKey(String author, String member) {
    return new Key(KeyLayout.userPartition(author), AUDIENCE + member);
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
   * A pending fan-out's key.
   *
   * @param photo the photo to fan out
   * @return {@code USER#<owner>}, {@code #FANOUT$<timestamp>}
   */
  public static Key pendingKey(PhotoId photo) {
    return new Key(
        KeyLayout.userPartition(photo.owner()), PENDING + KeyLayout.timestamp(photo.timestamp()));
  }

  /**
   * The photo a pending fan-out is for.
   *
   * @param item a pending fan-out
   * @return the photo's id
   */
  public static PhotoId pendingPhoto(Item item) {
    return new PhotoId(
        item.string(OWNER), KeyLayout.parseTimestamp(item.string(ItemCodec.TIMESTAMP)));
  }

  /**
   * The condition under which a pending fan-out is still the one read (a photo deleted and
   * uploaded again under the same id has a pending fan-out of its own, with another token).
   *
   * @param item the pending fan-out as read
   * @return {@code token = <its token>}
   */
  public static ItemCondition stillPending(Item item) {
    return new ItemCondition.AttributeEquals(
        AttributePath.of(TOKEN), new Value.Str(item.string(TOKEN)));
  }

  /**
   * Upload photo in the hybrid: the upload's transaction with a pending fan-out put beside the
   * photo, so a fan-out cut short is finished by the author's next upload.
   *
   * @param upload the upload's plan ({@link PhotoPlans#uploadPhoto})
   * @param photo the photo
   * @param token this upload's token, checked when the pending fan-out is deleted
   * @return the plan
   */
  public static WritePlan uploadPhoto(WritePlan upload, PhotoId photo, String token) {
    Item pending =
        Item.builder(pendingKey(photo))
            .put(ItemCodec.ENTITY, ItemCodec.Entity.FAN_OUT.name())
            .put(OWNER, photo.owner())
            .put(ItemCodec.TIMESTAMP, KeyLayout.timestamp(photo.timestamp()))
            .put(TOKEN, token)
            .build();
    return withStep(upload, new WriteAction.Put(pending, ItemCondition.NONE));
  }

  /**
   * Follow in the hybrid, as a timeline follow: the follow's transaction (whose followed user's
   * update requires fewer than K followers), its friendship marked {@code filling#<token>}, and
   * the follower put in the author's audience.
   *
   * @param follow the follow's plan ({@link FollowPlans#follow(Follow, Optional, long)} with the
   *     threshold at most K)
   * @param friendship the friendship
   * @param token the token the filling marker carries
   * @return the plan
   */
  public static WritePlan timelineFollow(WritePlan follow, Follow friendship, String token) {
    List<WritePlan.Step> steps = new ArrayList<>(follow.steps());
    int last = steps.size() - 1;
    WritePlan.Step put = steps.get(last);
    Item marked =
        ((WriteAction.Put) put.action())
            .item().toBuilder().put(FEED_ATTRIBUTE, FILLING + token).build();
    steps.set(
        last,
        new WritePlan.Step(
            new WriteAction.Put(marked, ItemCondition.ABSENT),
            put.onConditionFailed(),
            put.redirects()));
    steps.add(
        new WritePlan.Step(
            new WriteAction.Put(audienceItem(friendship), ItemCondition.NONE),
            () -> null,
            item -> false));
    return WritePlan.transaction(steps.toArray(WritePlan.Step[]::new));
  }

  /** The follower's item in the followed user's audience. */
  private static Item audienceItem(Follow friendship) {
    return Item.builder(audienceKey(friendship.followed(), friendship.follower()))
        .put(ItemCodec.ENTITY, ItemCodec.Entity.AUDIENCE.name())
        .put(AUTHOR, friendship.followed())
        .put(MEMBER, friendship.follower())
        .build();
  }

  /**
   * Makes an existing pull follow (one made before the hybrid was enabled, or when its author
   * had K or more followers) a timeline follow: one transaction that checks the author exists,
   * is not closing, is not sharded and has fewer than {@code threshold} followers, checks the
   * follower is not closing, marks the friendship {@code filling#<token>} if it still exists and
   * carries no {@code feed} mark, and puts the follower in the author's audience. Every step's
   * failure is returned to the caller (nothing written), which then leaves the follow as it is.
   *
   * <p>The step that checks the author comes first, so a cancellation's first reason tells a
   * follow whose author is at K or beyond.
   *
   * @param friendship the follow as listed
   * @param token the token the filling marker carries
   * @param threshold K, or the sharding threshold if lower
   * @return the plan
   */
  public static WritePlan convertFollow(Follow friendship, String token, long threshold) {
    AttributePath feed = AttributePath.of(FEED_ATTRIBUTE);
    ItemCondition authorBelowK =
        ItemCondition.and(
            Plans.ACTIVE_USER,
            Shards.notSharded(),
            ItemCondition.not(
                new ItemCondition.AtLeast(AttributePath.of(ItemCodec.FOLLOWERS), threshold)));
    return WritePlan.transaction(
        redirecting(new WriteAction.Check(KeyLayout.user(friendship.followed()), authorBelowK)),
        redirecting(
            new WriteAction.Check(KeyLayout.user(friendship.follower()), Plans.ACTIVE_USER)),
        redirecting(
            new WriteAction.Update(
                KeyLayout.friendship(friendship.followed(), friendship.follower()),
                List.of(new UpdateAction.Set(feed, new Value.Str(FILLING + token))),
                ItemCondition.and(
                    ItemCondition.EXISTS,
                    ItemCondition.not(new ItemCondition.AttributeExists(feed))))),
        redirecting(new WriteAction.Put(audienceItem(friendship), ItemCondition.NONE)));
  }

  /** A step whose failed condition is handed back to the caller, never thrown. */
  private static WritePlan.Step redirecting(WriteAction action) {
    return new WritePlan.Step(action, () -> null, item -> true);
  }

  /**
   * The token of a timeline follow whose filling has not been marked done: its follow call was
   * cut short, or is still running.
   *
   * @param friendship a friendship item
   * @return the token of its {@code filling#<token>} mark, if it has one
   */
  public static Optional<String> fillingToken(Item friendship) {
    String feed = friendship.stringOrNull(FEED_ATTRIBUTE);
    return feed != null && feed.startsWith(FILLING)
        ? Optional.of(feed.substring(FILLING.length()))
        : Optional.empty();
  }

  /**
   * Unfollow in the hybrid: the unfollow's transaction and the follower's audience item deleted
   * (there may be none: the follow was a pull follow).
   *
   * @param unfollow the unfollow's plan
   * @param follower the follower
   * @param followed the followed user
   * @return the plan
   */
  public static WritePlan unfollow(WritePlan unfollow, String follower, String followed) {
    return withStep(
        unfollow, new WriteAction.Delete(audienceKey(followed, follower), ItemCondition.NONE));
  }

  private static WritePlan withStep(WritePlan plan, WriteAction action) {
    List<WritePlan.Step> steps = new ArrayList<>(plan.steps());
    steps.add(new WritePlan.Step(action, () -> null, item -> false));
    return WritePlan.transaction(steps.toArray(WritePlan.Step[]::new));
  }

  /**
   * Whether a follow item (as the inverted index lists it) is served by the reader's timeline.
   *
   * @param friendship a friendship item
   * @return true once its timeline was filled
   */
  public static boolean servedByTimeline(Item friendship) {
    return SERVED.equals(friendship.stringOrNull(FEED_ATTRIBUTE));
  }

  /**
   * Marks a timeline follow as filled, if it is still the follow that was made.
   *
   * @param friendship the follow
   * @param token the token of its filling marker
   * @return an UpdateItem with {@code feed = filling#<token>}
   */
  public static WriteAction filled(Follow friendship, String token) {
    AttributePath feed = AttributePath.of(FEED_ATTRIBUTE);
    return new WriteAction.Update(
        KeyLayout.friendship(friendship.followed(), friendship.follower()),
        List.of(new UpdateAction.Set(feed, new Value.Str(SERVED))),
        new ItemCondition.AttributeEquals(feed, new Value.Str(FILLING + token)));
  }

  /**
   * An author's audience and pending fan-outs: Query {@code PK = USER#a AND SK BETWEEN #FANOUT#
   * AND #FANOUT%}, strongly consistent (an upload must see a follow that committed before it).
   *
   * @param author the author
   * @param limit the page's {@code Limit}: an upload asks for K + 25, so that an audience of K
   *     and the pending fan-outs an upload normally finds (its own) come in one request (an
   *     audience item is about 70 bytes: 1 MB holds more than 14,000)
   * @return the plan of the first page
   */
  public static QueryPlan audienceAndPending(String author, int limit) {
    return new QueryPlan(
        Index.TABLE,
        KeyLayout.userPartition(author),
        Optional.of(SortKeyCondition.between(AUDIENCE, "#FANOUT%")),
        true,
        limit,
        Optional.empty(),
        true);
  }

  /**
   * An author's audience memberships, from the inverted index {@code SK = #FANOUT#<member>}.
   *
   * @param member the follower
   * @param limit the page size
   * @return the plan
   */
  public static QueryPlan memberships(String member, int limit) {
    return new QueryPlan(
        Index.INVERTED, AUDIENCE + member, Optional.empty(), true, limit, Optional.empty(), false);
  }

  /**
   * An author's photos taken after {@code after}, oldest first, strongly consistent: what a new
   * timeline follow copies into the follower's timeline.
   *
   * @param author the author
   * @param after the oldest timestamp a timeline holds, exclusive
   * @return the plan of the first page
   */
  public static QueryPlan photosAfter(String author, Instant after) {
    String prefix = KeyLayout.PHOTO + author + "#";
    return new QueryPlan(
        Index.TABLE,
        KeyLayout.userPartition(author),
        Optional.of(
            SortKeyCondition.between(
                prefix + KeyLayout.timestamp(after.plusNanos(1)), KeyLayout.AFTER_ALL_PHOTOS)),
        true,
        1000,
        Optional.empty(),
        true);
  }

  /**
   * One page of a reader's timeline, in feed order, after a feed position and newer than the
   * horizon: Query {@code PK = FEED#r AND SK BETWEEN FEED# AND FEED#<inverted horizon>},
   * eventually consistent, forward, starting after the position's entry.
   *
   * @param reader the reader
   * @param after the feed position to continue after, or empty
   * @param horizon entries at or before it are not served
   * @param limit the page size
   * @return the plan
   */
  public static QueryPlan page(String reader, Optional<PhotoId> after, Instant horizon, int limit) {
    return new QueryPlan(
        Index.TABLE,
        partition(reader),
        Optional.of(SortKeyCondition.between(FEED, FEED + inverted(horizon))),
        true,
        limit,
        after.map(position -> entryKey(reader, position)),
        false);
  }
}
