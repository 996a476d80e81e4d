package io.quickphotos.memory.internal.streams;

import io.quickphotos.engine.Item;
import io.quickphotos.engine.Key;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A table's stream as DynamoDB Streams keeps it, without the AWS SDK: one {@link Change} per item
 * change, in commit order, in shards. The engine calls {@link #changed} under its write lock, so
 * the order of the changes of one item is the order of its writes; a write that left the item as
 * it was (or deleted nothing) records nothing, as DynamoDB Streams does.
 *
 * <p><b>Shards.</b> Keys are spread over {@code partitions} by the hash of the partition key, as
 * DynamoDB's partitions are; each partition has one open shard. A shard closes after {@code
 * shardLifetime} on the clock (DynamoDB rolls them over every few hours), or when {@link
 * #closeShards()} is called, and a child shard, naming it as its parent, opens for the same
 * partition. A reader that finishes a closed shard goes on with its child, so the changes of one
 * item are read in order across shards.
 *
 * <p><b>Retention.</b> Changes older than 24 hours on the clock are trimmed; a closed shard whose
 * changes are all trimmed and which closed more than 24 hours ago leaves the stream. Trimming is
 * done on every call, so time moves by the clock alone (a test's manual clock decides).
 *
 * <p><b>Thread-safety.</b> Every method is synchronized on the log. The engine calls {@link
 * #changed} while it holds its own write lock and the log never calls the engine, so there is
 * one lock order and no deadlock.
 */
public final class ChangeLog {
  /** How long DynamoDB Streams keeps a record. */
  public static final Duration RETENTION = Duration.ofHours(24);

  /** How often DynamoDB rolls a shard over, roughly: "every four hours" in its guides. */
  public static final Duration DEFAULT_SHARD_LIFETIME = Duration.ofHours(4);

  /** The kind of an item change, as the stream record's {@code eventName}. */
  public enum EventName {
    /** A new item was added. */
    INSERT,
    /** An existing item changed. */
    MODIFY,
    /** An item was deleted. */
    REMOVE
  }

  /**
   * One change of one item.
   *
   * @param sequence the change's sequence number, increasing through the whole table
   * @param at when the change was recorded, on the log's clock
   * @param eventName INSERT, MODIFY or REMOVE
   * @param key the item's key
   * @param oldImage the item before, null for an INSERT
   * @param newImage the item after, null for a REMOVE
   */
  public record Change(
      long sequence, Instant at, EventName eventName, Key key, Item oldImage, Item newImage) {}

  /** One shard: its changes in order, its parent, and whether it is closed. */
  public static final class Shard {
    private final String id;
    private final String parentId;
    private final int partition;
    private final long startingSequence;
    private final Instant opened;
    private final List<Change> changes = new ArrayList<>();
    private Instant closed;
    private long lastSequence = -1;
    // Every change with a sequence number at or below this one has been trimmed.
    private long trimmedThrough;

    private Shard(
        String id, String parentId, int partition, long startingSequence, Instant opened) {
      this.id = id;
      this.parentId = parentId;
      this.partition = partition;
      this.startingSequence = startingSequence;
      this.opened = opened;
      this.trimmedThrough = startingSequence - 1;
    }

    /**
     * The shard's id.
     *
     * @return e.g. {@code shardId-00000001700000000000-0000000a}
     */
    public String id() {
      return id;
    }

    /**
     * The shard this one continues, if any.
     *
     * @return the parent's id
     */
    public Optional<String> parentId() {
      return Optional.ofNullable(parentId);
    }

    /**
     * The first sequence number the shard can hold.
     *
     * @return the starting sequence number
     */
    public long startingSequence() {
      return startingSequence;
    }

    /**
     * The last sequence number of a closed shard; empty while it is open, or if it closed empty.
     *
     * @return the ending sequence number
     */
    public Optional<Long> endingSequence() {
      return closed == null || lastSequence < 0 ? Optional.empty() : Optional.of(lastSequence);
    }

    /**
     * Whether the shard is closed: it takes no more changes.
     *
     * @return true once closed
     */
    public boolean isClosed() {
      return closed != null;
    }
  }

  /** What a read of one shard returned. */
  public record Read(List<Change> changes, long lastPosition, boolean shardEnded) {}

  private final Clock clock;
  private final int partitions;
  private final Duration shardLifetime;
  private final Instant created;
  private final Map<String, Shard> shards = new LinkedHashMap<>();
  private final Shard[] open;
  private long nextSequence = 1;
  private long nextShardNumber = 1;

  /**
   * A log with no changes and one open shard per partition.
   *
   * @param clock the clock that stamps changes and trims them
   * @param partitions how many partitions, each with its own shard, at least 1
   * @param shardLifetime how long a shard stays open
   */
  public ChangeLog(Clock clock, int partitions, Duration shardLifetime) {
    this.clock = Objects.requireNonNull(clock, "clock");
    if (partitions < 1) {
      throw new IllegalArgumentException("partitions must be at least 1, was " + partitions);
    }
    if (shardLifetime.isNegative() || shardLifetime.isZero()) {
      throw new IllegalArgumentException("shardLifetime must be positive, was " + shardLifetime);
    }
    this.partitions = partitions;
    this.shardLifetime = shardLifetime;
    this.created = clock.instant();
    this.open = new Shard[partitions];
    for (int p = 0; p < partitions; p++) {
      open[p] = openShard(p, null, created);
    }
  }

  /**
   * When the stream was enabled, on the clock: its label.
   *
   * @return the instant
   */
  public Instant created() {
    return created;
  }

  /**
   * Records the change of one item, unless nothing changed. Called by the engine under its write
   * lock, once per item a write, batch or transaction changed.
   *
   * @param key the item's key
   * @param before the item before, null if there was none
   * @param after the item after, null if it was deleted
   */
  public synchronized void changed(Key key, Item before, Item after) {
    if (Objects.equals(before, after)) {
      return;
    }
    Instant now = clock.instant();
    maintain(now);
    EventName name =
        before == null ? EventName.INSERT : after == null ? EventName.REMOVE : EventName.MODIFY;
    Shard shard = open[Math.floorMod(key.pk().hashCode(), partitions)];
    long sequence = nextSequence++;
    shard.changes.add(new Change(sequence, now, name, key, before, after));
    shard.lastSequence = sequence;
  }

  /**
   * The stream's shards, parents before children, trimmed ones left out.
   *
   * @return a snapshot of the shards
   */
  public synchronized List<Shard> shards() {
    maintain(clock.instant());
    return List.copyOf(shards.values());
  }

  /**
   * Closes every open shard and opens a child for each partition, as DynamoDB does when it rolls
   * shards over or splits a partition. A reader in a closed shard reads its last changes and is
   * then told the shard ended.
   */
  public synchronized void closeShards() {
    Instant now = clock.instant();
    for (int p = 0; p < partitions; p++) {
      Shard parent = open[p];
      parent.closed = now;
      open[p] = openShard(p, parent.id, now);
    }
  }

  /**
   * The current time on the log's clock.
   *
   * @return now
   */
  public Instant now() {
    return clock.instant();
  }

  /**
   * The shard with this id, if the stream still has it.
   *
   * @param shardId the id
   * @return the shard
   */
  public synchronized Optional<Shard> shard(String shardId) {
    maintain(clock.instant());
    return Optional.ofNullable(shards.get(shardId));
  }

  /**
   * The position before the shard's oldest change still kept (TRIM_HORIZON).
   *
   * @param shard the shard
   * @return a position: changes after it are read
   */
  public synchronized long trimHorizon(Shard shard) {
    maintain(clock.instant());
    return shard.trimmedThrough;
  }

  /**
   * The position after the shard's newest change (LATEST).
   *
   * @param shard the shard
   * @return a position: changes after it are read
   */
  public synchronized long latest(Shard shard) {
    return shard.lastSequence < 0 ? shard.startingSequence - 1 : shard.lastSequence;
  }

  /**
   * Whether a change with this sequence number is in the shard's range and not trimmed yet.
   *
   * @param shard the shard
   * @param sequence the sequence number
   * @return 1 if kept, 0 if never in this shard, -1 if trimmed
   */
  public synchronized int locate(Shard shard, long sequence) {
    maintain(clock.instant());
    if (sequence < shard.startingSequence) {
      return 0;
    }
    if (sequence <= shard.trimmedThrough) {
      return -1;
    }
    for (Change c : shard.changes) {
      if (c.sequence() == sequence) {
        return 1;
      }
    }
    return 0;
  }

  /**
   * Reads the changes after {@code position}, at most {@code limit} and, past the first, no more
   * than {@code maxBytes} by {@code sizer}.
   *
   * @param shard the shard
   * @param position the position: changes with a greater sequence number are read
   * @param limit at most this many
   * @param maxBytes at most this many bytes, the first change always included
   * @param sizer a change's size as the reader counts it
   * @return the changes, the new position, and whether the shard is closed and read to its end
   * @throws IllegalStateException if changes after the position were trimmed (the caller maps it)
   */
  public synchronized Read read(
      Shard shard,
      long position,
      int limit,
      long maxBytes,
      java.util.function.ToLongFunction<Change> sizer) {
    maintain(clock.instant());
    if (position < shard.trimmedThrough) {
      throw new IllegalStateException("trimmed");
    }
    List<Change> out = new ArrayList<>();
    long bytes = 0;
    long last = position;
    int i = firstAfter(shard.changes, position);
    for (; i < shard.changes.size() && out.size() < limit; i++) {
      Change c = shard.changes.get(i);
      long size = sizer.applyAsLong(c);
      if (!out.isEmpty() && bytes + size > maxBytes) {
        break;
      }
      out.add(c);
      bytes += size;
      last = c.sequence();
    }
    boolean ended = shard.closed != null && i >= shard.changes.size();
    return new Read(out, last, ended);
  }

  private static int firstAfter(List<Change> changes, long position) {
    int lo = 0;
    int hi = changes.size();
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (changes.get(mid).sequence() <= position) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  private Shard openShard(int partition, String parentId, Instant now) {
    String id =
        String.format("shardId-%020d-%08x", now.toEpochMilli(), nextShardNumber++ & 0xffffffffL);
    Shard shard = new Shard(id, parentId, partition, nextSequence, now);
    shards.put(id, shard);
    return shard;
  }

  /** Rolls shards over that have lived their time and trims what is older than 24 hours. */
  private void maintain(Instant now) {
    for (int p = 0; p < partitions; p++) {
      // A test's clock may jump days: roll once, the child opening now.
      if (!open[p].opened.plus(shardLifetime).isAfter(now)) {
        Shard parent = open[p];
        parent.closed = now;
        open[p] = openShard(p, parent.id, now);
      }
    }
    Instant horizon = now.minus(RETENTION);
    var it = shards.values().iterator();
    while (it.hasNext()) {
      Shard shard = it.next();
      int n = 0;
      while (n < shard.changes.size() && shard.changes.get(n).at().isBefore(horizon)) {
        n++;
      }
      if (n > 0) {
        shard.trimmedThrough = shard.changes.get(n - 1).sequence();
        shard.changes.subList(0, n).clear();
      }
      if (shard.closed != null && shard.changes.isEmpty() && shard.closed.isBefore(horizon)) {
        it.remove();
      }
    }
  }
}
