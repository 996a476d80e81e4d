package io.quickphotos.memory.internal;

import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A reader-writer lock for data that is read far more often than it is written, whose readers
 * do not write to any memory they share with each other. {@link MemoryTable} guards its table
 * and index with one: a read there takes well under a microsecond, and with
 * {@link java.util.concurrent.locks.ReentrantReadWriteLock} every read did two atomic updates of
 * one shared word, which bounced that word's cache line between the cores and kept two reader
 * threads far below twice the throughput of one.
 *
 * <p><b>How it works.</b> Readers announce themselves in a striped counter: an
 * {@link AtomicLongArray} in which each slot sits alone on its own {@value #STRIDE} longs (128
 * bytes: two cache lines, since x86 prefetches lines in adjacent pairs), and a thread always uses
 * the slot its thread id picks. Threads created one after the other get different slots, so two
 * readers on two cores each write only their own line. Slots may still be shared by several
 * threads; they are counters, not flags.
 *
 * <ul>
 *   <li><b>Reader.</b> Increments its slot, then reads the volatile {@code writing} flag. If the
 *       flag is down, it holds the read lock. If it is up, it decrements its slot again (backs
 *       out, so the writer is not kept waiting for it), waits until the flag is down and tries
 *       again. Unlocking decrements the slot.
 *   <li><b>Writer.</b> Takes the writers' mutex (so one writer at a time), raises the flag, then
 *       waits until every slot is zero. Unlocking lowers the flag and releases the mutex.
 * </ul>
 *
 * <p><b>Why a reader and a writer never both proceed.</b> This is Dekker's pattern: each side
 * first writes its own variable (the reader its slot, the writer the flag) and then reads the
 * other's. All four accesses are sequentially consistent (the slot update is a volatile
 * read-modify-write, the flag a volatile field, the writer's read of the slots volatile), so they
 * occur in one total order that every thread agrees on. If the reader's increment comes before
 * the writer's read of that slot, the writer sees it and waits; otherwise the writer's raising
 * of the flag came before the reader's increment, hence before the reader's read of the flag,
 * and the reader sees the flag and backs out. A weaker ordering (a plain or release-only store
 * followed by a load) would let each side read the other's old value and both proceed.
 *
 * <p><b>Visibility.</b> A reader's reads happen before its decrement, which the writer reads
 * before writing; a writer's writes happen before it lowers the flag, which a later reader reads
 * before reading. So a reader sees every write of every writer that finished before it started,
 * and nothing of a writer that is still running: never half a transaction, never the table and
 * its index disagreeing.
 *
 * <p><b>Fairness.</b> Writers are preferred: once a writer has raised the flag, no new reader
 * gets in, so a stream of readers cannot starve a writer; the writer waits only for the reads
 * already running. Readers can be kept waiting for as long as writers follow each other without
 * a pause. Waiting spins briefly ({@link Thread#onSpinWait}), then yields, then parks for growing
 * intervals of at most {@value #MAX_PARK_NANOS} ns, so a waiting thread does not burn the core a
 * running one needs.
 *
 * <p><b>Not reentrant.</b> Nothing in {@link MemoryTable} nests: every read and every write takes
 * its lock once, around code that calls no other locked method, and the decorators of
 * {@link DynamoDbFailures}, which wrap the engine, call it from outside any lock. Reentrancy
 * would cost every reader a thread-local lookup, so none is offered. A thread that holds the
 * write lock and asks for it again, or for the read lock, gets an
 * {@link IllegalStateException} instead of a deadlock. A thread that holds the read lock must not
 * ask for either lock again: a read lock taken twice deadlocks if a writer arrives in between, and
 * that is not detected. Unlocking a lock that is not held throws
 * {@link IllegalMonitorStateException} where it can be told (a reader slot already at zero, a
 * write lock held by another thread).
 *
 * <p>Thread-safe. Not serializable, not interruptible, and without conditions or timeouts, which
 * the engine does not use.
 */
final class ReadMostlyLock {
  /** Longs per reader slot: 128 bytes, two cache lines. */
  static final int STRIDE = 16;

  /** The longest a waiting thread parks before it looks again. */
  static final long MAX_PARK_NANOS = 100_000;

  private static final int SPINS = 100;
  private static final int YIELDS = 10;

  private final int mask;

  /**
   * Reader counts at indexes {@code (slot + 1) * STRIDE}: the first and last {@value #STRIDE}
   * longs are left empty so that no slot shares a line with the array's header or whatever lies
   * after the array.
   */
  private final AtomicLongArray readers;

  private final ReentrantLock writers = new ReentrantLock();
  private volatile boolean writing;
  private final ReadLock readLock = new ReadLock();
  private final WriteLock writeLock = new WriteLock();

  /** A lock with enough reader slots for four threads per available processor, at least 8. */
  ReadMostlyLock() {
    this(Runtime.getRuntime().availableProcessors() * 4);
  }

  /**
   * A lock with a given number of reader slots.
   *
   * @param slots at least this many slots (rounded up to a power of two, at least 8)
   */
  ReadMostlyLock(int slots) {
    int n = Integer.highestOneBit(Math.max(8, slots) - 1) << 1;
    this.mask = n - 1;
    this.readers = new AtomicLongArray((n + 2) * STRIDE);
  }

  /**
   * The shared side: any number of threads may hold it while no thread holds the write lock.
   *
   * @return the read lock
   */
  ReadLock readLock() {
    return readLock;
  }

  /**
   * The exclusive side: one thread holds it, and no reader.
   *
   * @return the write lock
   */
  WriteLock writeLock() {
    return writeLock;
  }

  /** The index of the calling thread's reader counter. */
  private int slot() {
    // Thread ids are handed out in sequence, so threads started together get different slots;
    // a hash would let two of them collide on one line now and then.
    return ((int) Thread.currentThread().getId() & mask) * STRIDE + STRIDE;
  }

  /**
   * Waits a little longer the more often it is called for one wait.
   *
   * @param round how many times this wait has backed off before
   */
  private static void backOff(int round) {
    if (round < SPINS) {
      Thread.onSpinWait();
    } else if (round < SPINS + YIELDS) {
      Thread.yield();
    } else {
      LockSupport.parkNanos(
          Math.min(MAX_PARK_NANOS, 1_000L << Math.min(17, round - SPINS - YIELDS)));
    }
  }

  /** The shared side of a {@link ReadMostlyLock}. */
  final class ReadLock {
    private ReadLock() {}

    /**
     * Takes the read lock, waiting while a writer holds or is waiting for the write lock.
     *
     * @throws IllegalStateException if the calling thread holds the write lock
     */
    void lock() {
      int slot = slot();
      readers.getAndIncrement(slot);
      if (writing) {
        lockSlowly(slot);
      }
    }

    private void lockSlowly(int slot) {
      do {
        readers.getAndDecrement(slot);
        if (writers.isHeldByCurrentThread()) {
          throw new IllegalStateException(
              "read lock requested by the thread that holds the"
                  + " write lock; the lock is not reentrant");
        }
        for (int round = 0; writing; round++) {
          backOff(round);
        }
        readers.getAndIncrement(slot);
      } while (writing);
    }

    /**
     * Releases the read lock.
     *
     * @throws IllegalMonitorStateException if the calling thread's reader slot shows no holder
     */
    void unlock() {
      int slot = slot();
      if (readers.getAndDecrement(slot) <= 0) {
        readers.getAndIncrement(slot);
        throw new IllegalMonitorStateException("read lock not held");
      }
    }
  }

  /** The exclusive side of a {@link ReadMostlyLock}. */
  final class WriteLock {
    private WriteLock() {}

    /**
     * Takes the write lock: waits for other writers, shuts out new readers, and waits until the
     * readers already in have left.
     *
     * @throws IllegalStateException if the calling thread already holds the write lock
     */
    void lock() {
      if (writers.isHeldByCurrentThread()) {
        throw new IllegalStateException(
            "write lock requested twice by one thread; the lock is" + " not reentrant");
      }
      writers.lock();
      writing = true;
      for (int slot = STRIDE; slot < readers.length() - STRIDE; slot += STRIDE) {
        for (int round = 0; readers.get(slot) != 0; round++) {
          backOff(round);
        }
      }
    }

    /**
     * Releases the write lock; waiting readers and writers go ahead.
     *
     * @throws IllegalMonitorStateException if the calling thread does not hold the write lock
     */
    void unlock() {
      if (!writers.isHeldByCurrentThread()) {
        throw new IllegalMonitorStateException("write lock not held");
      }
      writing = false;
      writers.unlock();
    }
  }
}
