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

  /** On a timeline follow and its audience item: the window in seconds. */
  static final String WINDOW = "window";

  /** On a user: how many audience items it has as author. */
  static final String AUDIENCE_COUNT = "audience";

  /** On a user: how many audience items name it as member. */
  static final String MEMBERSHIPS_COUNT = "memberships";

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

  private static final AttributePath FEED_PATH = AttributePath.of(FEED_ATTRIBUTE);
  private static final AttributePath WINDOW_PATH = AttributePath.of(WINDOW);
  private static final AttributePath AUDIENCE_PATH = AttributePath.of(AUDIENCE_COUNT);
  private static final AttributePath MEMBERSHIPS_PATH = AttributePath.of(MEMBERSHIPS_COUNT);

  private Timelines() {}

  // --- keys and items ---------------------------------------------------------------------------

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
   * @param window the window of the reader's follow of the photo's owner
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

  /** The follower's item in the followed user's audience. */
  private static Item audienceItem(Follow friendship, Duration window) {
    return Item.builder(audienceKey(friendship.followed(), friendship.follower()))
        .put(ItemCodec.ENTITY, ItemCodec.Entity.AUDIENCE.name())
        .put(AUTHOR, friendship.followed())
        .put(MEMBER, friendship.follower())
        .put(WINDOW, window.toSeconds())
        .build();
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
    return ItemCondition.not(new ItemCondition.AtLeast(AUDIENCE_PATH, 1));
  }

  // --- uploads ----------------------------------------------------------------------------------

  /**
   * Upload photo of an author with an audience: the upload's transaction with a pending fan-out
   * put beside the photo, so a fan-out cut short is finished by the author's next upload (or the
   * retry of this one, or the audit).
   *
   * @param upload the upload's plan ({@link PhotoPlans#uploadPhoto} with fan-out)
   * @param photo the photo
   * @param token this upload's token, checked when the pending fan-out is deleted
   * @return the plan
   */
  public static WritePlan uploadWithFanOut(WritePlan upload, PhotoId photo, String token) {
    Item pending =
        Item.builder(pendingKey(photo))
            .put(ItemCodec.ENTITY, ItemCodec.Entity.FAN_OUT.name())
            .put(OWNER, photo.owner())
            .put(ItemCodec.TIMESTAMP, KeyLayout.timestamp(photo.timestamp()))
            .put(TOKEN, token)
            .build();
    return withStep(upload, new WriteAction.Put(pending, ItemCondition.NONE));
  }

  // --- follows ----------------------------------------------------------------------------------

  /**
   * Follow as a timeline follow: the follow's transaction, its followed user's update (which
   * requires fewer than K followers) also adding one to {@code audience}, the follower's adding
   * one to {@code memberships}, its friendship marked {@code filling#<token>} with the window,
   * and the follower put in the author's audience with the window.
   *
   * @param follow the follow's plan ({@link FollowPlans#follow(Follow, Optional, long)} with the
   *     threshold at most K and no shard)
   * @param friendship the friendship
   * @param token the token the filling marker carries
   * @param window the window the timeline will hold
   * @return the plan
   */
  public static WritePlan timelineFollow(
      WritePlan follow, Follow friendship, String token, Duration window) {
    List<WritePlan.Step> steps = new ArrayList<>(follow.steps());
    steps.set(0, withCount(steps.get(0), AUDIENCE_PATH));
    steps.set(1, withCount(steps.get(1), MEMBERSHIPS_PATH));
    WritePlan.Step put = steps.get(2);
    Item marked =
        ((WriteAction.Put) put.action())
            .item().toBuilder()
                .put(FEED_ATTRIBUTE, FILLING + token)
                .put(WINDOW, window.toSeconds())
                .build();
    steps.set(
        2,
        new WritePlan.Step(
            new WriteAction.Put(marked, ItemCondition.ABSENT),
            put.onConditionFailed(),
            put.redirects()));
    // Unconditional: an audience item the version before windows left (counted by nothing) is
    // taken over and counted from now on.
    steps.add(
        new WritePlan.Step(
            new WriteAction.Put(audienceItem(friendship, window), ItemCondition.NONE),
            () -> null,
            item -> false));
    return WritePlan.transaction(steps.toArray(WritePlan.Step[]::new));
  }

  /** A step updating a user with one more added to {@code counter}, in the same UpdateItem. */
  private static WritePlan.Step withCount(WritePlan.Step step, AttributePath counter) {
    WriteAction.Update update = (WriteAction.Update) step.action();
    List<UpdateAction> actions = new ArrayList<>(update.actions());
    actions.add(new UpdateAction.Add(counter, 1));
    return new WritePlan.Step(
        new WriteAction.Update(update.key(), actions, update.condition()),
        step.onConditionFailed(),
        step.redirects());
  }

  /**
   * Makes an existing follow that is not a timeline follow (a pull follow, or one of the version
   * before windows were recorded) a timeline follow: one transaction that adds one to the
   * author's {@code audience} if it exists, is not closing, is not sharded and has fewer than
   * {@code threshold} followers, adds one to the follower's {@code memberships} if it is not
   * closing, marks the friendship {@code filling#<token>} with the window if it still exists and
   * records no window, and puts the follower in the author's audience. Every step's failure is
   * returned to the caller (nothing written), which then leaves the follow as it is.
   *
   * <p>The author's step comes first, so a cancellation's first reason tells a follow whose
   * author is at K or beyond.
   *
   * @param friendship the follow as listed
   * @param token the token the filling marker carries
   * @param threshold K, or the sharding threshold if lower
   * @param window the window the timeline will hold
   * @return the plan
   */
  public static WritePlan convertFollow(
      Follow friendship, String token, long threshold, Duration window) {
    ItemCondition authorBelowK =
        ItemCondition.and(
            Plans.ACTIVE_USER,
            Shards.notSharded(),
            ItemCondition.not(
                new ItemCondition.AtLeast(AttributePath.of(ItemCodec.FOLLOWERS), threshold)));
    return WritePlan.transaction(
        redirecting(
            new WriteAction.Update(
                KeyLayout.user(friendship.followed()),
                Counters.add(AUDIENCE_PATH, 1),
                authorBelowK)),
        redirecting(
            new WriteAction.Update(
                KeyLayout.user(friendship.follower()),
                Counters.add(MEMBERSHIPS_PATH, 1),
                Plans.ACTIVE_USER)),
        redirecting(
            new WriteAction.Update(
                KeyLayout.friendship(friendship.followed(), friendship.follower()),
                List.of(
                    new UpdateAction.Set(FEED_PATH, new Value.Str(FILLING + token)),
                    new UpdateAction.Set(WINDOW_PATH, Value.Num.of(window.toSeconds()))),
                ItemCondition.and(
                    ItemCondition.EXISTS,
                    ItemCondition.not(new ItemCondition.AttributeExists(WINDOW_PATH))))),
        redirecting(new WriteAction.Put(audienceItem(friendship, window), ItemCondition.NONE)));
  }

  /**
   * Makes a timeline follow a pull follow again (a backfill under {@code FanOut.off()}): one
   * transaction that removes {@code feed} and {@code window} from the friendship if they are
   * still what was read, deletes the audience item if it exists, and takes one off the author's
   * {@code audience} and the follower's {@code memberships}. A follow of the version before
   * windows were recorded has its mark removed and its audience item (counted by nothing)
   * deleted. Every failure is returned to the caller.
   *
   * @param friendship the friendship as read
   * @param withAudienceItem false when the audience item is known to be gone (deleted with its
   *     counts by a closing account's cascade or the audit): then its absence is checked instead
   * @return the plan
   */
  public static WritePlan pullAgain(Item friendship, boolean withAudienceItem) {
    Follow follow = ItemCodec.friendship(friendship);
    Key audience = audienceKey(follow.followed(), follow.follower());
    ItemCondition asRead =
        ItemCondition.and(
            new ItemCondition.AttributeEquals(FEED_PATH, friendship.get(FEED_ATTRIBUTE).get()),
            windowOf(friendship)
                .<ItemCondition>map(
                    w ->
                        new ItemCondition.AttributeEquals(WINDOW_PATH, Value.Num.of(w.toSeconds())))
                .orElse(ItemCondition.not(new ItemCondition.AttributeExists(WINDOW_PATH))));
    List<WritePlan.Step> steps = new ArrayList<>();
    steps.add(
        redirecting(
            new WriteAction.Update(
                friendship.key(),
                List.of(new UpdateAction.Remove(FEED_PATH), new UpdateAction.Remove(WINDOW_PATH)),
                asRead)));
    if (windowOf(friendship).isEmpty()) {
      steps.add(redirecting(new WriteAction.Delete(audience, ItemCondition.NONE)));
    } else if (withAudienceItem) {
      steps.add(redirecting(new WriteAction.Delete(audience, ItemCondition.EXISTS)));
      steps.add(
          redirecting(
              new WriteAction.Update(
                  KeyLayout.user(follow.followed()),
                  Counters.add(AUDIENCE_PATH, -1),
                  ItemCondition.EXISTS)));
      steps.add(
          redirecting(
              new WriteAction.Update(
                  KeyLayout.user(follow.follower()),
                  Counters.add(MEMBERSHIPS_PATH, -1),
                  ItemCondition.EXISTS)));
    } else {
      steps.add(redirecting(new WriteAction.Check(audience, ItemCondition.ABSENT)));
    }
    return WritePlan.transaction(steps.toArray(WritePlan.Step[]::new));
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
   * @return the token of its {@code filling#<token>} mark, if it has one and records a window
   */
  public static Optional<String> fillingToken(Item friendship) {
    String feed = friendship.stringOrNull(FEED_ATTRIBUTE);
    return feed != null && feed.startsWith(FILLING) && windowOf(friendship).isPresent()
        ? Optional.of(feed.substring(FILLING.length()))
        : Optional.empty();
  }

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
   * A friendship that is no timeline follow (or no friendship at all): {@code NOT
   * attribute_exists(window)}.
   *
   * @return the condition
   */
  public static ItemCondition notTimelineFollow() {
    return ItemCondition.not(new ItemCondition.AttributeExists(WINDOW_PATH));
  }

  /**
   * A friendship that is no timeline follow of the version before windows were recorded (or no
   * friendship at all): {@code NOT (attribute_exists(feed) AND NOT attribute_exists(window))}.
   *
   * @return the condition
   */
  public static ItemCondition notEarlierTimelineFollow() {
    return ItemCondition.not(
        ItemCondition.and(new ItemCondition.AttributeExists(FEED_PATH), notTimelineFollow()));
  }

  /**
   * Whether a friendship carries the mark of a timeline follow of the version before windows
   * were recorded: served by fan-out on read now, its audience item counted by nothing.
   *
   * @param friendship a friendship item
   * @return true for such a follow
   */
  public static boolean isEarlierTimelineFollow(Item friendship) {
    return friendship.get(FEED_ATTRIBUTE).isPresent() && windowOf(friendship).isEmpty();
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

  /**
   * Marks a timeline follow as filled, if it is still the follow that was made.
   *
   * @param friendship the follow
   * @param token the token of its filling marker
   * @return an UpdateItem with {@code feed = filling#<token>}
   */
  public static WriteAction filled(Follow friendship, String token) {
    return new WriteAction.Update(
        KeyLayout.friendship(friendship.followed(), friendship.follower()),
        List.of(new UpdateAction.Set(FEED_PATH, new Value.Str(SERVED))),
        new ItemCondition.AttributeEquals(FEED_PATH, new Value.Str(FILLING + token)));
  }

  // --- unfollows --------------------------------------------------------------------------------

  /** What a friendship is, as far as an unfollow must know: which items go with it. */
  public enum FollowKind {
    /** Fan-out on read: no audience item. */
    PULL,
    /** A timeline follow: its audience item and counts go with it. */
    TIMELINE,
    /** A timeline follow whose audience item is already gone (with its counts). */
    TIMELINE_WITHOUT_AUDIENCE,
    /** A timeline follow of the version before windows: its audience item, counted by nothing. */
    EARLIER_TIMELINE;

    /**
     * The kind a friendship item shows.
     *
     * @param friendship the item
     * @return its kind (a timeline follow assumed to still have its audience item)
     */
    public static FollowKind of(Item friendship) {
      if (isTimelineFollow(friendship)) {
        return TIMELINE;
      }
      return friendship.get(FEED_ATTRIBUTE).isPresent() ? EARLIER_TIMELINE : PULL;
    }
  }

  /**
   * The condition an unfollow puts on the friendship it deletes: it exists and is of the kind
   * the rest of the transaction takes it for.
   *
   * @param kind the kind
   * @return {@code attribute_exists(PK)} and the kind's mark
   */
  public static ItemCondition friendshipOfKind(FollowKind kind) {
    ItemCondition hasFeed = new ItemCondition.AttributeExists(FEED_PATH);
    ItemCondition hasWindow = new ItemCondition.AttributeExists(WINDOW_PATH);
    return switch (kind) {
      case PULL -> ItemCondition.and(ItemCondition.EXISTS, ItemCondition.not(hasFeed));
      case TIMELINE, TIMELINE_WITHOUT_AUDIENCE ->
          ItemCondition.and(ItemCondition.EXISTS, hasWindow);
      case EARLIER_TIMELINE ->
          ItemCondition.and(ItemCondition.EXISTS, hasFeed, ItemCondition.not(hasWindow));
    };
  }

  /**
   * Unfollow of a follow of the given kind: the unfollow's transaction ({@link
   * FollowPlans#unfollow}), and for a timeline follow one off the author's {@code audience} and
   * the follower's {@code memberships} (in the updates of their counters) and the audience item
   * deleted if it exists (a failure that redirects: it is gone, and its counts with it); for a
   * follow of the version before windows, its audience item deleted.
   *
   * @param unfollow the unfollow's plan, its friendship step conditioned on the kind
   * @param follower the follower
   * @param followed the followed user
   * @param kind what the friendship is
   * @return the plan
   */
  public static WritePlan unfollow(
      WritePlan unfollow, String follower, String followed, FollowKind kind) {
    Key audience = audienceKey(followed, follower);
    return switch (kind) {
      case PULL -> unfollow;
      case EARLIER_TIMELINE ->
          withStep(unfollow, new WriteAction.Delete(audience, ItemCondition.NONE));
      case TIMELINE_WITHOUT_AUDIENCE ->
          withStep(unfollow, new WriteAction.Check(audience, ItemCondition.ABSENT));
      case TIMELINE -> {
        List<WritePlan.Step> steps = new ArrayList<>(unfollow.steps());
        for (int i = 0; i < steps.size(); i++) {
          if (steps.get(i).action() instanceof WriteAction.Update update
              && update.key().equals(KeyLayout.user(followed))) {
            steps.set(i, withDecrement(steps.get(i), AUDIENCE_PATH));
          } else if (steps.get(i).action() instanceof WriteAction.Update update
              && update.key().equals(KeyLayout.user(follower))) {
            steps.set(i, withDecrement(steps.get(i), MEMBERSHIPS_PATH));
          }
        }
        boolean profileUpdated =
            steps.stream()
                .anyMatch(
                    s ->
                        s.action() instanceof WriteAction.Update u
                            && u.key().equals(KeyLayout.user(followed)));
        if (!profileUpdated) {
          // A hot author's follower count is taken on a shard: its audience count on its profile.
          steps.add(
              new WritePlan.Step(
                  new WriteAction.Update(
                      KeyLayout.user(followed),
                      Counters.add(AUDIENCE_PATH, -1),
                      ItemCondition.EXISTS),
                  () -> null,
                  item -> false));
        }
        steps.add(
            new WritePlan.Step(
                new WriteAction.Delete(audience, ItemCondition.EXISTS), () -> null, item -> true));
        yield WritePlan.transaction(steps.toArray(WritePlan.Step[]::new));
      }
    };
  }

  /** A step updating a user with one taken off {@code counter}, in the same UpdateItem. */
  private static WritePlan.Step withDecrement(WritePlan.Step step, AttributePath counter) {
    WriteAction.Update update = (WriteAction.Update) step.action();
    List<UpdateAction> actions = new ArrayList<>(update.actions());
    actions.add(new UpdateAction.Add(counter, -1));
    return new WritePlan.Step(
        new WriteAction.Update(update.key(), actions, update.condition()),
        step.onConditionFailed(),
        step.redirects());
  }

  private static WritePlan withStep(WritePlan plan, WriteAction action) {
    List<WritePlan.Step> steps = new ArrayList<>(plan.steps());
    steps.add(new WritePlan.Step(action, () -> null, item -> false));
    return WritePlan.transaction(steps.toArray(WritePlan.Step[]::new));
  }

  // --- retuning a timeline follow's window ------------------------------------------------------

  /**
   * The first step of widening a timeline follow's window: the audience item's window set to
   * the new one if it still holds the old, so that every upload from now on fills the wider
   * window. The photos between the windows are copied next, then {@link #widened} marks the
   * follow.
   *
   * @param friendship the follow
   * @param from the window the follow records
   * @param to the wider window
   * @return an UpdateItem of the audience item
   */
  public static WriteAction widenAudience(Follow friendship, Duration from, Duration to) {
    return new WriteAction.Update(
        audienceKey(friendship.followed(), friendship.follower()),
        List.of(new UpdateAction.Set(WINDOW_PATH, Value.Num.of(to.toSeconds()))),
        ItemCondition.and(
            ItemCondition.EXISTS,
            new ItemCondition.AttributeEquals(WINDOW_PATH, Value.Num.of(from.toSeconds()))));
  }

  /**
   * The last step of widening a window, once the photos between the windows are in the
   * timeline: the friendship's window set to the new one if it still holds the old and is
   * served, on condition that its audience item holds the new one.
   *
   * @param friendship the follow
   * @param from the window the follow records
   * @param to the wider window
   * @return the actions of one transaction
   */
  public static List<WriteAction> widened(Follow friendship, Duration from, Duration to) {
    return List.of(
        retuneFriendship(friendship, from, to),
        new WriteAction.Check(
            audienceKey(friendship.followed(), friendship.follower()),
            new ItemCondition.AttributeEquals(WINDOW_PATH, Value.Num.of(to.toSeconds()))));
  }

  /**
   * Narrowing a timeline follow's window: one transaction setting the new window on the
   * friendship (so readers trust less) and on its audience item, if both hold the old.
   *
   * @param friendship the follow
   * @param from the window the follow records
   * @param to the narrower window
   * @return the actions of one transaction
   */
  public static List<WriteAction> narrowed(Follow friendship, Duration from, Duration to) {
    return List.of(
        retuneFriendship(friendship, from, to),
        new WriteAction.Update(
            audienceKey(friendship.followed(), friendship.follower()),
            List.of(new UpdateAction.Set(WINDOW_PATH, Value.Num.of(to.toSeconds()))),
            new ItemCondition.AttributeEquals(WINDOW_PATH, Value.Num.of(from.toSeconds()))));
  }

  private static WriteAction retuneFriendship(Follow friendship, Duration from, Duration to) {
    return new WriteAction.Update(
        KeyLayout.friendship(friendship.followed(), friendship.follower()),
        List.of(new UpdateAction.Set(WINDOW_PATH, Value.Num.of(to.toSeconds()))),
        ItemCondition.and(
            new ItemCondition.AttributeEquals(FEED_PATH, new Value.Str(SERVED)),
            new ItemCondition.AttributeEquals(WINDOW_PATH, Value.Num.of(from.toSeconds()))));
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
        Optional.of(SortKeyCondition.between(AUDIENCE, "#FANOUT%")),
        true,
        limit,
        Optional.empty(),
        true);
  }

  /**
   * An author's audience alone: Query {@code PK = USER#a AND begins_with(SK, #FANOUT#)},
   * strongly consistent: what the audit counts.
   *
   * @param author the author
   * @param limit the page size
   * @return the plan of the first page
   */
  public static QueryPlan audienceOf(String author, int limit) {
    return new QueryPlan(
        Index.TABLE,
        KeyLayout.userPartition(author),
        Optional.of(SortKeyCondition.beginsWith(AUDIENCE)),
        true,
        limit,
        Optional.empty(),
        true);
  }

  /**
   * A user's places in others' audiences, from the inverted index {@code SK = #FANOUT#<member>}.
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

  /**
   * A reader's whole timeline partition, strongly consistent, 99 entries a page (what one
   * transaction deletes beside a fence).
   *
   * @param reader the reader
   * @return the plan of the first page
   */
  public static QueryPlan wholeTimeline(String reader) {
    return new QueryPlan(
        Index.TABLE, partition(reader), Optional.empty(), true, 99, Optional.empty(), true);
  }
}
