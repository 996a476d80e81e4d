package io.quickphotos.internal.singletable.activity;

import io.quickphotos.ActivityKind;
import io.quickphotos.ActivityNotice;
import io.quickphotos.PhotoId;
import io.quickphotos.ReactionType;
import io.quickphotos.engine.Index;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.QueryPlan;
import io.quickphotos.engine.SortKeyCondition;
import io.quickphotos.internal.singletable.codec.ItemCodec;
import io.quickphotos.internal.singletable.layout.Attributes;
import io.quickphotos.internal.singletable.layout.InboxKeys;
import io.quickphotos.internal.singletable.layout.KeyLayout;
import java.time.Instant;
import java.util.Optional;

/**
 * The items and queries of the activity inbox ({@link InboxKeys}): entries, the read mark, pull
 * marks, an author's pulled mark, and a pulled author's photos read as entries. Every item is of
 * entity {@code ACTIVITY}, derived from the rest of the table and never counted by the audit.
 * Stateless and thread-safe.
 */
public final class InboxItems {
  /** The most entries one page of an inbox reads. */
  public static final int ENTRIES_PER_READ = 100;

  private InboxItems() {}

  /**
   * One event of an inbox, as stored or as pulled from an author's photos.
   *
   * @param recipient whose inbox
   * @param sortKey its sort key in the inbox, which orders the inbox and names the event
   * @param kind what happened
   * @param actor who did it
   * @param photo the photo, for a reaction or a new photo
   * @param reaction the type, for a reaction
   * @param at when
   */
  public record Entry(
      String recipient,
      String sortKey,
      ActivityKind kind,
      String actor,
      Optional<PhotoId> photo,
      Optional<ReactionType> reaction,
      Instant at) {}

  /**
   * The entry item of a notice in a recipient's inbox.
   *
   * @param recipient whose inbox (a new photo's follower; otherwise the notice's recipient)
   * @param notice the event
   * @param expires when DynamoDB's TTL may delete it
   * @return the item
   */
  public static Item entry(String recipient, ActivityNotice notice, Instant expires) {
    String type = notice.reaction().map(ReactionType::storedName).orElse(null);
    String sortKey =
        InboxKeys.entry(
            notice.kind(),
            notice.actor(),
            notice.at(),
            type,
            type == null ? null : notice.photo().orElseThrow().timestamp());
    Item.Builder item =
        Item.builder(new Key(InboxKeys.inbox(recipient), sortKey))
            .put(Attributes.ENTITY, ItemCodec.Entity.ACTIVITY.name())
            .put(Attributes.ACTIVITY_KIND, notice.kind().name())
            .put(Attributes.ACTOR, notice.actor())
            .put(Attributes.TIMESTAMP, KeyLayout.timestamp(notice.at()))
            .put(Attributes.EXPIRES_AT, Math.max(0, expires.getEpochSecond()));
    notice
        .photo()
        .ifPresent(
            p ->
                item.put(Attributes.PHOTO_OWNER, p.owner())
                    .put(Attributes.PHOTO_TIMESTAMP, KeyLayout.timestamp(p.timestamp())));
    if (type != null) {
      item.put(Attributes.REACTION_TYPE, type);
    }
    return item.build();
  }

  /**
   * Reads an entry item.
   *
   * @param item an item whose sort key begins with {@link InboxKeys#ENTRY}
   * @return the entry
   */
  public static Entry entry(Item item) {
    String owner = item.stringOrNull(Attributes.PHOTO_OWNER);
    Optional<PhotoId> photo =
        owner == null
            ? Optional.empty()
            : Optional.of(
                new PhotoId(
                    owner, KeyLayout.parseTimestamp(item.string(Attributes.PHOTO_TIMESTAMP))));
    String type = item.stringOrNull(Attributes.REACTION_TYPE);
    return new Entry(
        item.key().pk().substring(InboxKeys.INBOX.length()),
        item.key().sk(),
        ActivityKind.valueOf(item.string(Attributes.ACTIVITY_KIND)),
        item.string(Attributes.ACTOR),
        photo,
        type == null ? Optional.empty() : Optional.of(ReactionType.parse(type)),
        KeyLayout.parseTimestamp(item.string(Attributes.TIMESTAMP)));
  }

  /**
   * A pulled author's photo as an entry of a follower's inbox: the entry a push would have
   * written, so that one pushed before the author was pulled and the same photo pulled are one.
   *
   * @param follower whose inbox
   * @param photo the author's photo
   * @return the entry
   */
  public static Entry pulledEntry(String follower, PhotoId photo) {
    return new Entry(
        follower,
        InboxKeys.entry(ActivityKind.NEW_PHOTO, photo.owner(), photo.timestamp(), null, null),
        ActivityKind.NEW_PHOTO,
        photo.owner(),
        Optional.of(photo),
        Optional.empty(),
        photo.timestamp());
  }

  /**
   * The entries of an inbox below a sort key, newest first: a strongly consistent Query, at most
   * {@link #ENTRIES_PER_READ}.
   *
   * @param user the inbox's owner
   * @param below the sort key to read below ({@link InboxKeys#AFTER_ENTRIES} for the newest)
   * @param from the oldest time to read (retention, or the read mark for an unread count)
   * @return the plan
   */
  public static QueryPlan entries(String user, String below, Instant from) {
    return new QueryPlan(
        Index.TABLE,
        InboxKeys.inbox(user),
        Optional.of(SortKeyCondition.between(InboxKeys.entriesFrom(from), below)),
        false,
        ENTRIES_PER_READ,
        Optional.empty(),
        true);
  }

  /**
   * The marks of an inbox (read mark, pull marks, pulled mark): a strongly consistent Query of
   * what sorts above the entries.
   *
   * @param user the inbox's owner
   * @return the plan
   */
  public static QueryPlan marks(String user) {
    return new QueryPlan(
        Index.TABLE,
        InboxKeys.inbox(user),
        Optional.of(
            SortKeyCondition.compare(SortKeyCondition.Operator.GT, InboxKeys.AFTER_ENTRIES)),
        true,
        ENTRIES_PER_READ,
        Optional.empty(),
        true);
  }

  /**
   * The blocks a user made and the marks of the blocks against it, both in its own partition
   * ({@code #BLOCK#<blocked>}, {@code #BLOCKEDBY#<blocker>}, each written in the transaction of
   * its block): a strongly consistent Query, read to its end.
   *
   * @param user the user
   * @return the plan
   */
  public static QueryPlan blocksEitherWay(String user) {
    return new QueryPlan(
        Index.TABLE,
        KeyLayout.userPartition(user),
        // Up to "#BLOCKEDBY$": above every "#BLOCKEDBY#<handle>", whatever letters it holds.
        Optional.of(SortKeyCondition.between(KeyLayout.BLOCK, "#BLOCKEDBY$")),
        true,
        1_000,
        Optional.empty(),
        true);
  }

  /**
   * The other user of a block or block mark read by {@link #blocksEitherWay}.
   *
   * @param item the block or mark
   * @return the user blocked, or the user who blocked
   */
  public static String otherOfBlock(Item item) {
    String sk = item.key().sk();
    return sk.startsWith(KeyLayout.BLOCKED_BY)
        ? sk.substring(KeyLayout.BLOCKED_BY.length())
        : sk.substring(KeyLayout.BLOCK.length());
  }

  /**
   * A pulled author's photos of a time range, newest first: an eventually consistent Query of
   * the author's partition.
   *
   * @param author the author
   * @param from the oldest photo time
   * @param to the newest photo time
   * @return the plan
   */
  public static QueryPlan photos(String author, Instant from, Instant to) {
    return new QueryPlan(
        Index.TABLE,
        KeyLayout.userPartition(author),
        Optional.of(
            SortKeyCondition.between(
                KeyLayout.photoSortKey(new PhotoId(author, from)),
                KeyLayout.photoSortKey(new PhotoId(author, to)))),
        false,
        ENTRIES_PER_READ,
        Optional.empty(),
        false);
  }

  /**
   * An inbox's read mark.
   *
   * @param user the inbox's owner
   * @param upTo the time read up to
   * @return the item
   */
  public static Item readMark(String user, Instant upTo) {
    return Item.builder(InboxKeys.readMark(user))
        .put(Attributes.ENTITY, ItemCodec.Entity.ACTIVITY.name())
        .put(Attributes.READ_UP_TO, epochNanos(upTo))
        .build();
  }

  /**
   * An instant as the read mark keeps it: nanoseconds since the epoch, the precision of the
   * events it is compared with (a mark kept in milliseconds would leave an event of its own
   * millisecond unread).
   *
   * @param instant an instant between 1970 and 2262
   * @return its nanoseconds since the epoch
   * @throws ArithmeticException outside that range
   */
  public static long epochNanos(Instant instant) {
    return Math.addExact(
        Math.multiplyExact(instant.getEpochSecond(), 1_000_000_000L), instant.getNano());
  }

  /**
   * The time a read mark names.
   *
   * @param mark the read mark, if any
   * @return its time, or the epoch
   */
  public static Instant readUpTo(Optional<Item> mark) {
    return mark.map(m -> Instant.EPOCH.plusNanos(m.number(Attributes.READ_UP_TO).longValueExact()))
        .orElse(Instant.EPOCH);
  }

  /**
   * A mark item without attributes beyond its entity: a pull mark or a pulled mark.
   *
   * @param key its key
   * @return the item
   */
  public static Item mark(Key key) {
    return Item.builder(key).put(Attributes.ENTITY, ItemCodec.Entity.ACTIVITY.name()).build();
  }
}
