package io.quickphotos;

import io.quickphotos.internal.repository.Repositories;
import io.quickphotos.internal.repository.bulk.RawItems;
import io.quickphotos.internal.singletable.codec.ItemCodec;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * A repository's table as the items it stores, for tools rather than an application's requests:
 * exported and loaded as DynamoDB JSON lines, counted by kind, its users listed. The same on both
 * backends, for a repository built by {@code MemoryQuickPhotos} or {@code DynamoQuickPhotos}.
 *
 * <p><b>The format</b> is one item a line, as DynamoDB's export to S3 writes them:
 * {@code {"Item": {"PK": {"S": "USER#ann"}, "SK": {"S": "#METADATA#ann"}, ...}}}. {@link #load}
 * also reads bare items without the {@code Item} wrapper (the AWS tutorial's {@code items.json})
 * and skips blank lines; {@link #export} writes {@code PK} and {@code SK} first and the other
 * attributes in name order, so equal tables export equal text on either backend. Types:
 * {@code S}, {@code N}, {@code BOOL}, {@code NULL}, {@code M} and {@code L}, every type
 * quickphotos stores; binary and set types are refused. The test kit's fixtures
 * ({@code QuickPhotosFixture.load} and {@code export}) and the command's {@code load --file} and
 * {@code export} read and write the same lines.
 *
 * <p><b>Around the repository.</b> Each method goes straight to the repository's table: items go
 * in as the lines hold them, neither validated against quickphotos' layout nor through an access
 * pattern, and nothing is reported to the repository's cost listener. On memory the table is the
 * one below the repository's {@code Faults}, throughput model and simulated latency, which meet
 * the application's calls alone. Load lines that {@link #export} wrote (or the repository's own
 * calls would write) to get items the repository can read. The Scan behind {@link #export},
 * {@link #census} and {@link #usernames} is strongly consistent, page after page of 1,000 items;
 * it is not a snapshot: items written while it runs may or may not be seen. On DynamoDB it costs
 * one read unit per 4 KB of table and needs {@code dynamodb:Scan}, and {@link #load} needs
 * {@code dynamodb:BatchWriteItem}.
 *
 * <p><b>Errors.</b> A bad argument — a null, a repository quickphotos did not build, a line that
 * is not an item, an item the table refuses (too large, an empty key) — is an
 * {@link InvalidInputException}, identically on both backends, naming the line where there is
 * one; {@link #load} has then written the batches before it. A failure to read or write the text
 * is an {@link UncheckedIOException}. On DynamoDB, throttling or an unreachable service after the
 * SDK's retries is a {@link ServiceUnavailableException} and a missing table or permission a
 * {@link TableConfigurationException}, as for the repository's own calls.
 *
 * <p>Stateless and thread-safe; each call is one pass over the table, not atomic.
 */
public final class TableItems {
  private TableItems() {}

  /**
   * The kinds of item the single-table design stores ({@code docs/data-model.md} has their keys).
   */
  public enum Kind {
    /** A user's profile, with its counters. */
    USER,
    /** A photo, with its reaction counters. */
    PHOTO,
    /** One user's reaction of one type to a photo. */
    REACTION,
    /** One follow, stored in the followed user's partition. */
    FRIENDSHIP,
    /** One shard of a hot user's or photo's counters. */
    SHARD,
    /** A follower whose follow the author's timeline fan-out serves (the hybrid feed). */
    AUDIENCE,
    /** A photo's fan-out to its author's audience that has not finished. */
    FAN_OUT,
    /** A photo's key in a reader's timeline (the hybrid feed). */
    TIMELINE_ENTRY,
    /** The settings the table is meant to run with ({@link QuickPhotos#recordSettings}). */
    SETTINGS,
    /** A pending request to follow a private account ({@link QuickPhotos#follow}). */
    FOLLOW_REQUEST,
    /** A pending request's place in its account's queue, in time order. */
    REQUEST_PLACE,
    /** One user's block of another ({@link QuickPhotos#block}). */
    BLOCK,
    /**
     * A pending request's mark in its requester's partition, which closing that account reads
     * where the inverted index may lag.
     */
    REQUEST_MARK,
    /**
     * A block's mark in the blocked user's partition, which closing that account reads where the
     * inverted index may lag.
     */
    BLOCK_MARK,
    /** That a user has viewed a photo, with its views of it ({@link QuickPhotos#viewPhoto}). */
    VIEW,
    /**
     * An item of a user's activity inbox: an event, the read mark, a pull mark
     * ({@link QuickPhotos#activity}).
     */
    ACTIVITY,
    /**
     * An item of a kind this version does not know (a later version's, sharing the table), or of
     * none: skipped by {@link TableItems#export}, as by every listing and the audit, and counted.
     */
    OTHER
  }

  /**
   * How many items of a kind were read, and their size.
   *
   * @param items how many
   * @param bytes their size in all as DynamoDB computes it (attribute names and values, in UTF-8),
   *     what its storage is billed by, before its 100 bytes of overhead an item
   */
  public record Tally(long items, long bytes) {
    /** None. */
    public static final Tally NONE = new Tally(0, 0);

    /**
     * Checks the components.
     *
     * @param items how many
     * @param bytes their size in all
     * @throws IllegalArgumentException if either is negative
     */
    public Tally {
      if (items < 0 || bytes < 0) {
        throw new IllegalArgumentException("a tally is not negative: " + items + ", " + bytes);
      }
    }

    /**
     * This tally and one item more.
     *
     * @param size the item's size in bytes
     * @return the sum
     */
    Tally plus(long size) {
      return new Tally(items + 1, bytes + size);
    }
  }

  /**
   * Writes the items of DynamoDB JSON lines into the repository's table as they are, with
   * BatchWriteItem requests of 25 items in the order of the lines, unprocessed items retried under
   * the repository's {@link RetryPolicy}. An item replaces any item with the same key; a key the
   * lines repeat ends with its last line's item, as successive PutItems would leave it. Not atomic:
   * a failure leaves the batches before it written (writing them again is harmless).
   *
   * @param repository a repository built by {@code MemoryQuickPhotos} or {@code DynamoQuickPhotos}
   * @param lines one item a line, read to the end and not closed
   * @return how many items were written
   * @throws InvalidInputException if an argument is null or the repository is not quickphotos',
   *     before anything is read; naming the line if a line is not an item or the table refuses it
   * @throws ServiceUnavailableException if items stay unprocessed after the retries, or DynamoDB
   *     cannot be reached
   * @throws UncheckedIOException if the lines cannot be read
   */
  public static long load(QuickPhotos repository, Reader lines) {
    RawItems items = itemsOf(repository);
    notNull("lines", lines);
    return items.load(lines);
  }

  /**
   * Writes every item of the repository's table, one {@code {"Item": ...}} line each, sorted by
   * {@code PK} then {@code SK} in DynamoDB's byte order (UTF-8), so equal tables export equal text
   * on either backend. Reads the table with a Scan and holds its items until they are written,
   * so the table must fit in memory. Items of a kind this version does not know are skipped.
   *
   * @param repository a repository built by {@code MemoryQuickPhotos} or {@code DynamoQuickPhotos}
   * @param out where the lines go; flushed, not closed
   * @return the items the Scan read, by kind, every kind present (zero where none): all but
   *     {@link Kind#OTHER} were written
   * @throws InvalidInputException if an argument is null or the repository is not quickphotos'
   * @throws UncheckedIOException if writing fails
   */
  public static Map<Kind, Tally> export(QuickPhotos repository, Writer out) {
    RawItems items = itemsOf(repository);
    notNull("out", out);
    Census census = new Census();
    items.export(out, census);
    return census.result();
  }

  /**
   * Counts the items of the repository's table by kind, and their size, with one Scan: what the
   * table stores, e.g. how much of it the hybrid feed's timelines take.
   *
   * @param repository a repository built by {@code MemoryQuickPhotos} or {@code DynamoQuickPhotos}
   * @return every kind (zero where none), in the order of {@link Kind}, unmodifiable
   * @throws InvalidInputException if the repository is null or not quickphotos'
   */
  public static Map<Kind, Tally> census(QuickPhotos repository) {
    RawItems items = itemsOf(repository);
    Census census = new Census();
    items.census(census);
    return census.result();
  }

  /**
   * The handle of every user in the repository's table, accounts being closed included, with one
   * Scan: for work over every user, such as filling each one's timeline
   * ({@link QuickPhotos#fillTimeline}).
   *
   * @param repository a repository built by {@code MemoryQuickPhotos} or {@code DynamoQuickPhotos}
   * @return the handles in natural order, unmodifiable
   * @throws InvalidInputException if the repository is null or not quickphotos'
   * @throws QuickPhotosException if a profile in the table cannot be read
   */
  public static List<String> usernames(QuickPhotos repository) {
    return List.copyOf(itemsOf(repository).usernames());
  }

  private static RawItems itemsOf(QuickPhotos repository) {
    notNull("repository", repository);
    try {
      return Repositories.rawItems(repository);
    } catch (IllegalArgumentException e) {
      throw new InvalidInputException(e.getMessage(), e);
    }
  }

  private static void notNull(String name, Object value) {
    if (value == null) {
      throw new InvalidInputException(name + " must not be null");
    }
  }

  /** Tallies by kind, as the engine's kinds map onto {@link Kind}. */
  private static final class Census implements RawItems.Tallies {
    /** The kind of each of the engine's kinds, by ordinal: the same names. */
    private static final Kind[] KINDS = kinds();

    private final Map<Kind, Tally> tallies = new EnumMap<>(Kind.class);

    Census() {
      for (Kind kind : Kind.values()) {
        tallies.put(kind, Tally.NONE);
      }
    }

    @Override
    public void add(ItemCodec.Entity kind, long bytes) {
      Kind of = KINDS[kind.ordinal()];
      tallies.put(of, tallies.get(of).plus(bytes));
    }

    private static Kind[] kinds() {
      ItemCodec.Entity[] entities = ItemCodec.Entity.values();
      Kind[] kinds = new Kind[entities.length];
      for (ItemCodec.Entity entity : entities) {
        kinds[entity.ordinal()] = Kind.valueOf(entity.name());
      }
      return kinds;
    }

    Map<Kind, Tally> result() {
      return Collections.unmodifiableMap(new EnumMap<>(tallies));
    }
  }
}
