package io.quickphotos.internal.repository.hot;

import io.quickphotos.engine.Item;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.WriteAction;
import io.quickphotos.internal.repository.request.WriteWatcher;
import io.quickphotos.internal.singletable.layout.KeyLayout;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Hot reads past the partition: the snapshots of hot (sharded) users and photos that this
 * repository read, kept so that it can serve them again for a bounded time without reading the
 * table. One repository refreshes a hot key at most once per bound (and after each of its own
 * writes to it), however many readers it serves, so a fleet of N instances reads a celebrity's
 * item and shards about N times per bound, not once per reader.
 *
 * <p><b>What a reader is promised.</b> Every item served was read by one TransactGetItems of the
 * key's item and shards (a count that existed), sent no more than {@code bound} before the
 * instant it is served, both measured on the repository's clock; a clock that reads earlier than
 * a snapshot's (a system clock set back) makes the snapshot unusable. A write of this repository
 * to a user's or photo's item or to one of its shards — whatever the call: a follow, a reaction,
 * an unfollow, a profile update, a delete's cascade — makes every read of that key that begins
 * after the write returns read the table again; a snapshot whose read began before the write
 * returned is never kept after it. So a writer sees its own writes on its next read through this
 * repository, and a snapshot never outlives a delete made through it. Writes of other
 * repositories (other instances of a fleet) are seen within the bound. Ordinary (unsharded)
 * users and photos are never kept: they are read as they always were.
 *
 * <p><b>How a write and a refresh are ordered.</b> A counter of ticks orders them: a refresh
 * takes the current tick before it sends its request, a write takes the next tick after its
 * response (or failure) arrives. A snapshot is kept only if no write to its key took a tick
 * after the refresh's: a write that ticked before it had landed before the request was sent, so
 * the snapshot holds it. Each write records its tick in one of {@value #STRIPES} stripes chosen
 * by its key's hash (so a write to a key with nothing kept still stops a refresh in flight from
 * bringing back a snapshot older than the write) and then drops what is kept of its key; a
 * refresh is kept only if its tick is not older than its key's stripe nor than what is kept. Two
 * keys that share a stripe cost at most one refresh more, never a stale read.
 *
 * <p><b>One refresh at a time.</b> Readers of one key that find no usable snapshot wait for the
 * one refresh in flight, if any, and use what it kept; only one of them reads the table.
 *
 * <p><b>Bounded by count.</b> At most {@value #LIMIT} keys are kept. A new key that finds the
 * limit reached first drops what is worthless (snapshots past the bound); if that frees less than
 * a quarter, everything is dropped. Either costs each key one more refresh at most.
 *
 * <p>Thread-safe. With a bound of zero nothing is kept and every method returns at once.
 */
final class HotReads implements WriteWatcher {
  /** Keys kept at most. */
  static final int LIMIT = 10_000;

  /** Stripes of the ticks of writes: a power of two. */
  static final int STRIPES = 1024;

  /** The longest bound a repository may set: a day. */
  static final Duration MAX_BOUND = Duration.ofDays(1);

  private final long boundNanos;
  private final Clock clock;
  private final ConcurrentHashMap<String, Entry> entries = new ConcurrentHashMap<>();
  private final ConcurrentHashMap<String, CompletableFuture<Void>> inFlight =
      new ConcurrentHashMap<>();

  /** Orders refreshes and writes (see the class comment). */
  private final AtomicLong ticks = new AtomicLong();

  /** Per stripe of keys, the tick of the latest write to one of them. */
  private final AtomicLongArray written = new AtomicLongArray(STRIPES);

  /**
   * What is kept for a key: a snapshot and when its read began.
   *
   * @param item the item with exact counters
   * @param asOfNanos the repository's clock when the snapshot's read began, in nanoseconds since
   *     the epoch
   * @param tick the tick the refresh took
   */
  private record Entry(Item item, long asOfNanos, long tick) {}

  /**
   * A refresh of one key that this caller does: when it began, and the claim that makes other
   * readers of the key wait for it. Completed by {@link #done}.
   *
   * @param cacheKey the key's sort key
   * @param tick the tick before its request
   * @param asOfNanos the clock before its request
   * @param claim completed when it is done; null if the caller did not claim the key
   */
  record Refresh(String cacheKey, long tick, long asOfNanos, CompletableFuture<Void> claim) {}

  /**
   * Creates the hot reads of one repository.
   *
   * @param bound how old a served snapshot may be; zero keeps nothing
   * @param clock the repository's clock, which measures it
   * @throws IllegalArgumentException if the bound is negative or longer than {@link #MAX_BOUND}
   */
  HotReads(Duration bound, Clock clock) {
    this.boundNanos = checkedBound(bound).toNanos();
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  /**
   * Checks a bound, as the builders do when it is set.
   *
   * @param bound the bound
   * @return it, if zero to {@link #MAX_BOUND}
   * @throws NullPointerException if null
   * @throws IllegalArgumentException otherwise
   */
  static Duration checkedBound(Duration bound) {
    Objects.requireNonNull(bound, "hotReadStaleness");
    if (bound.isNegative() || bound.compareTo(MAX_BOUND) > 0) {
      throw new IllegalArgumentException(
          "hotReadStaleness must be zero to " + MAX_BOUND + ", was " + bound);
    }
    return bound;
  }

  /** Whether anything is kept: false with a bound of zero. */
  boolean on() {
    return boundNanos > 0;
  }

  /** How many keys are kept now. */
  int size() {
    return entries.size();
  }

  /**
   * The snapshot kept for a hot item, if it may still be served.
   *
   * @param main the user's or photo's key
   * @return the item with exact counters, or null
   */
  Item fresh(Key main) {
    if (!on()) {
      return null;
    }
    Entry entry = entries.get(main.sk());
    if (entry == null) {
      return null;
    }
    long age = now() - entry.asOfNanos();
    return age >= 0 && age <= boundNanos ? entry.item() : null;
  }

  /**
   * Claims the refresh of a key: returns the caller's refresh, or, if another caller's refresh of
   * the key is in flight, waits for it to end and returns null (the caller then looks at what it
   * kept). Every refresh returned must be passed to {@link #done}.
   *
   * @param main the user's or photo's key
   * @return the refresh to do, or null after waiting for another
   */
  Refresh claim(Key main) {
    String cacheKey = main.sk();
    CompletableFuture<Void> mine = new CompletableFuture<>();
    CompletableFuture<Void> other = inFlight.putIfAbsent(cacheKey, mine);
    if (other != null) {
      other.join();
      return null;
    }
    return begin(cacheKey, mine);
  }

  /**
   * A refresh of a key that does not make others wait: for a caller that reads several keys in
   * one request, or that already waited once.
   *
   * @param main the user's or photo's key
   * @return the refresh, to be passed to {@link #done}
   */
  Refresh unclaimed(Key main) {
    return begin(main.sk(), null);
  }

  /**
   * What {@link #claimOrOther} got: this caller's refresh, or another caller's in flight.
   *
   * @param mine the refresh to do, or null
   * @param other completed when the other caller's refresh ends, or null
   */
  record Claim(Refresh mine, CompletableFuture<Void> other) {}

  /**
   * Claims the refresh of a key if no other caller's is in flight, without waiting.
   *
   * @param main the user's or photo's key
   * @return the refresh, or the other caller's claim to wait on
   */
  Claim claimOrOther(Key main) {
    String cacheKey = main.sk();
    CompletableFuture<Void> mine = new CompletableFuture<>();
    CompletableFuture<Void> other = inFlight.putIfAbsent(cacheKey, mine);
    return other != null ? new Claim(null, other) : new Claim(begin(cacheKey, mine), null);
  }

  private Refresh begin(String cacheKey, CompletableFuture<Void> claim) {
    // The tick first: a write that ticks after it may not be in the snapshot.
    long tick = ticks.get();
    return new Refresh(cacheKey, tick, now(), claim);
  }

  /**
   * Keeps what a refresh read, unless a write to the key (or to one sharing its stripe) ticked
   * after it began (what was kept before it is dropped then), or a newer refresh kept its own
   * already. So the snapshots one repository serves never go back in time.
   *
   * @param refresh the refresh
   * @param total the item with exact counters; null if the key is gone or no longer hot, which
   *     drops what was kept
   */
  void keep(Refresh refresh, Item total) {
    if (!on()) {
      return;
    }
    if (total == null) {
      entries.remove(refresh.cacheKey());
      return;
    }
    if (entries.size() >= LIMIT && !entries.containsKey(refresh.cacheKey())) {
      makeRoom();
    }
    int stripe = stripe(refresh.cacheKey());
    Entry kept = new Entry(total, refresh.asOfNanos(), refresh.tick());
    entries.compute(
        refresh.cacheKey(),
        (key, now) -> {
          if (now != null && refresh.tick() < now.tick()) {
            return now;
          }
          // Not kept (a write ticked since it began) yet newer than what is: that goes too, so
          // that no read after this one is served a snapshot older than it.
          return refresh.tick() >= written.get(stripe) ? kept : null;
        });
  }

  /**
   * Ends a refresh: readers waiting for it go on.
   *
   * @param refresh the refresh
   */
  void done(Refresh refresh) {
    if (refresh.claim() != null) {
      inFlight.remove(refresh.cacheKey(), refresh.claim());
      refresh.claim().complete(null);
    }
  }

  /**
   * After a single write request (answered or failed): what was kept of the key it wrote is not
   * served again.
   *
   * @param written the item's key
   */
  @Override
  public void written(Key written) {
    if (on()) {
      invalidate(cacheKeyOf(written), ticks.incrementAndGet());
    }
  }

  /**
   * After a transaction (committed, cancelled or failed): what was kept of the keys it wrote is
   * not served again. Condition checks write nothing.
   *
   * @param actions the transaction's actions
   */
  @Override
  public void written(List<WriteAction> actions) {
    if (!on()) {
      return;
    }
    long tick = ticks.incrementAndGet();
    for (WriteAction action : actions) {
      if (!(action instanceof WriteAction.Check)) {
        invalidate(cacheKeyOf(action.key()), tick);
      }
    }
  }

  /**
   * After a batch of puts: what was kept of the keys it wrote is not served again.
   *
   * @param items the items put
   */
  @Override
  public void writtenItems(List<Item> items) {
    if (!on()) {
      return;
    }
    long tick = ticks.incrementAndGet();
    for (Item item : items) {
      invalidate(cacheKeyOf(item.key()), tick);
    }
  }

  /** Drops everything kept: the table was written around this repository (a load of items). */
  void clear() {
    entries.clear();
  }

  private void invalidate(String cacheKey, long tick) {
    if (cacheKey == null) {
      return;
    }
    // The stripe first: a refresh that then keeps its snapshot sees the write's tick.
    written.accumulateAndGet(stripe(cacheKey), tick, Math::max);
    if (!entries.isEmpty()) {
      entries.computeIfPresent(cacheKey, (key, now) -> now.tick() >= tick ? now : null);
    }
  }

  private static int stripe(String cacheKey) {
    int h = cacheKey.hashCode();
    return (h ^ (h >>> 16)) & (STRIPES - 1);
  }

  /**
   * Drops the snapshots past the bound, and everything if that freed less than a quarter of the
   * limit. One caller at a time; others go on meanwhile.
   */
  private synchronized void makeRoom() {
    if (entries.size() < LIMIT) {
      return;
    }
    long now = now();
    entries
        .values()
        .removeIf(entry -> now - entry.asOfNanos() > boundNanos || now < entry.asOfNanos());
    if (entries.size() > LIMIT - LIMIT / 4) {
      entries.clear();
    }
  }

  /**
   * The sort key that identifies what a write touches among kept items: a user's or photo's own
   * sort key, or that of the item a shard belongs to; null for any other item (a friendship, a
   * reaction's own key is never written alone, ...).
   */
  static String cacheKeyOf(Key written) {
    String sk = written.sk();
    if (sk.startsWith(KeyLayout.SHARD)) {
      return sk.substring(KeyLayout.SHARD.length(), sk.lastIndexOf('#'));
    }
    return sk.startsWith(KeyLayout.METADATA) || sk.startsWith(KeyLayout.PHOTO) ? sk : null;
  }

  private long now() {
    Instant instant = clock.instant();
    return instant.getEpochSecond() * 1_000_000_000L + instant.getNano();
  }
}
