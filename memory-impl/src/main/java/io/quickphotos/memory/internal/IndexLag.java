package io.quickphotos.memory.internal;

import io.quickphotos.engine.Item;
import java.util.ArrayDeque;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * How far the memory engine's {@code InvertedIndex} trails its table, as a DynamoDB global
 * secondary index does: it is updated asynchronously, and a Query of it may miss a write that
 * has already succeeded on the table, or still return an item already changed or deleted.
 *
 * <p>Lag is counted in requests to the table, not in time, so a test that sets it is as
 * reproducible as the requests it makes: an index change made by a write lands once {@code lag}
 * more requests (of any kind, by any repository over the table) have arrived. Changes land in
 * the order they were made, so the index always shows the table as it was some requests ago,
 * each item going through the states it went through, as DynamoDB's index does. A table lags by
 * its setting ({@link #set}); one write can lag longer than the setting when a fault script says
 * so ({@link #during}).
 *
 * <p>Thread-safety: the pending changes are guarded by the table's write lock (the caller's);
 * the request count, the setting and the per-thread override are safe from any thread.
 */
final class IndexLag {
  /** A change of the index made at {@code due - lag}: the item at its index place, or none. */
  record Pending(long due, String sk, String pk, Item indexed) {}

  private static final ThreadLocal<Integer> THIS_WRITE = new ThreadLocal<>();

  /** Whether a fault ever made one write lag, in this JVM: until then no write looks it up. */
  private static volatile boolean anyWriteLagged;

  private final AtomicLong requests = new AtomicLong();
  private final ArrayDeque<Pending> pending = new ArrayDeque<>();
  private volatile int lag;
  private volatile boolean everLagged;

  /** How many changes wait, written under the write lock, read without it to skip taking it. */
  private volatile int waiting;

  /**
   * Sets the lag of the index changes of the writes from now on; changes already waiting keep
   * their time.
   *
   * @param requests how many requests later a change lands, 0 for at once
   */
  void set(int requests) {
    if (requests < 0) {
      throw new IllegalArgumentException("an index lag is not negative: " + requests);
    }
    lag = requests;
    if (requests > 0) {
      everLagged = true;
    }
  }

  /**
   * Runs one request on this thread with the index changes of its writes lagging {@code
   * requests}, whatever the table's setting: for a fault script's {@code Fault.indexLag}.
   */
  static <T> T during(int requests, Supplier<T> request) {
    anyWriteLagged = true;
    THIS_WRITE.set(requests);
    try {
      return request.get();
    } finally {
      THIS_WRITE.remove();
    }
  }

  /**
   * Counts one request arriving, once the index has ever lagged: before that nothing waits, and
   * a table that never lags pays one volatile read a request, no shared counter.
   */
  void arrive() {
    if (everLagged) {
      requests.incrementAndGet();
    }
  }

  /** Whether the index has ever lagged or may lag: a Query of it may then miss writes. */
  boolean mayLag() {
    return everLagged || lag > 0;
  }

  /** Whether changes are waiting; read without the lock only to skip taking it. */
  boolean waiting() {
    return waiting > 0;
  }

  /**
   * Whether the index change of a write being stored must wait: it lags, or changes made before
   * it still wait (changes land in order). Under the write lock.
   */
  boolean holds() {
    if (!anyWriteLagged) {
      return lag > 0 || waiting > 0;
    }
    Integer forThisWrite = THIS_WRITE.get();
    if (forThisWrite != null && forThisWrite > 0) {
      everLagged = true;
    }
    return lag > 0 || (forThisWrite != null && forThisWrite > 0) || !pending.isEmpty();
  }

  /** Queues an index change of a write being stored now. Under the write lock. */
  void hold(String sk, String pk, Item indexed) {
    Integer forThisWrite = anyWriteLagged ? THIS_WRITE.get() : null;
    int wait = Math.max(lag, forThisWrite == null ? 0 : forThisWrite);
    long due = requests.get() + wait;
    Pending last = pending.peekLast();
    // Never before a change made earlier: the index shows the table as it was, in order.
    pending.addLast(new Pending(last == null ? due : Math.max(due, last.due()), sk, pk, indexed));
    waiting = pending.size();
  }

  /**
   * Hands the changes that are due to {@code land}, oldest first, and forgets them. Under the
   * write lock.
   */
  void landDue(Consumer<Pending> land) {
    long now = requests.get();
    while (!pending.isEmpty() && pending.peekFirst().due() <= now) {
      land.accept(pending.pollFirst());
    }
    waiting = pending.size();
  }

  /** Hands every waiting change to {@code land}, oldest first: the index caught up. */
  void landAll(Consumer<Pending> land) {
    while (!pending.isEmpty()) {
      land.accept(pending.pollFirst());
    }
    waiting = 0;
  }
}
