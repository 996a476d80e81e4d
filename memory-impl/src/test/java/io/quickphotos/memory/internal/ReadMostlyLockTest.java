package io.quickphotos.memory.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link ReadMostlyLock}: writers exclude each other and every reader, readers never see a
 * writer's work half done, a stream of readers does not starve a writer, and misuse fails loudly
 * instead of deadlocking.
 */
class ReadMostlyLockTest {
  /** Values a writer writes one after the other; a reader that sees them differ saw a tear. */
  private static final int WIDTH = 16;

  /** One side of a lock, as the stress scenario takes and releases it. */
  private interface Side {
    void lock();

    void unlock();
  }

  /** Written only under the write lock, in plain (non-volatile) stores. */
  private final long[] values = new long[WIDTH];

  @Test
  @Timeout(value = 60, unit = TimeUnit.SECONDS)
  void writersExcludeEachOther() throws Exception {
    ReadMostlyLock lock = new ReadMostlyLock();
    int threads = 4;
    int rounds = 50_000;
    AtomicInteger inside = new AtomicInteger();
    AtomicInteger overlaps = new AtomicInteger();
    long[] counter = new long[1];
    runAll(
        threads,
        t -> {
          for (int i = 0; i < rounds; i++) {
            lock.writeLock().lock();
            try {
              if (inside.incrementAndGet() != 1) {
                overlaps.incrementAndGet();
              }
              counter[0]++; // a plain read-modify-write: lost updates if two writers overlap
              inside.decrementAndGet();
            } finally {
              lock.writeLock().unlock();
            }
          }
        });
    assertThat(overlaps.get()).isZero();
    assertThat(counter[0]).isEqualTo((long) threads * rounds);
  }

  @Test
  @Timeout(value = 60, unit = TimeUnit.SECONDS)
  void readersNeverSeeAWriteHalfDone() throws Exception {
    ReadMostlyLock lock = new ReadMostlyLock();
    long torn = tornReads(side(lock.readLock()), side(lock.writeLock()));
    assertThat(torn).isZero();
  }

  /**
   * The stress scenario of {@link #readersNeverSeeAWriteHalfDone} does catch readers that are
   * not shut out: with a read side that takes no lock it finds torn reads, so its zero above
   * means something.
   */
  @Test
  @Timeout(value = 60, unit = TimeUnit.SECONDS)
  void theTornReadDetectorCatchesUnguardedReaders() throws Exception {
    ReadMostlyLock lock = new ReadMostlyLock();
    Side none =
        new Side() {
          @Override
          public void lock() {}

          @Override
          public void unlock() {}
        };
    // Whether unguarded readers overlap a write at all is up to the scheduler: on two cores the
    // writers can finish a whole run between two reads. So the scenario runs until it catches a
    // torn read, at most 20 times; a detector that cannot catch one still fails.
    long torn = 0;
    for (int attempt = 0; attempt < 20 && torn == 0; attempt++) {
      torn = tornReads(none, side(lock.writeLock()));
    }
    assertThat(torn).isPositive();
  }

  @Test
  @Timeout(value = 60, unit = TimeUnit.SECONDS)
  void aStreamOfReadersDoesNotStarveAWriter() throws Exception {
    ReadMostlyLock lock = new ReadMostlyLock();
    int readers = 3;
    AtomicBoolean reading = new AtomicBoolean(true);
    AtomicLong reads = new AtomicLong();
    CountDownLatch started = new CountDownLatch(readers);
    ExecutorService pool = Executors.newFixedThreadPool(readers);
    try {
      List<Future<?>> running = new ArrayList<>();
      for (int r = 0; r < readers; r++) {
        running.add(
            pool.submit(
                () -> {
                  started.countDown();
                  while (reading.get()) {
                    lock.readLock().lock();
                    try {
                      // Hold the read lock a while, so that the readers' holds overlap and there is
                      // almost never a moment without a reader: a reader-preferring lock starves
                      // here.
                      long until = System.nanoTime() + 20_000;
                      while (System.nanoTime() < until) {
                        Thread.onSpinWait();
                      }
                      reads.incrementAndGet();
                    } finally {
                      lock.readLock().unlock();
                    }
                  }
                  return null;
                }));
      }
      started.await();
      while (reads.get() < 100) {
        Thread.sleep(1);
      }
      long start = System.nanoTime();
      for (int i = 0; i < 200; i++) {
        lock.writeLock().lock();
        lock.writeLock().unlock();
      }
      long elapsedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
      reading.set(false);
      for (Future<?> reader : running) {
        reader.get(10, TimeUnit.SECONDS);
      }
      // Each write waits for at most the reads already running (20 µs each, plus scheduling on
      // a busy machine); 200 of them in 10 s leaves a wide margin.
      assertThat(elapsedMillis).isLessThan(10_000);
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void aWriterThatAsksAgainIsRefused() {
    ReadMostlyLock lock = new ReadMostlyLock();
    lock.writeLock().lock();
    try {
      assertThatThrownBy(() -> lock.writeLock().lock())
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("not reentrant");
      assertThatThrownBy(() -> lock.readLock().lock())
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("not reentrant");
    } finally {
      lock.writeLock().unlock();
    }
    // Neither refusal left anything behind: both sides can be taken again.
    lock.readLock().lock();
    lock.readLock().unlock();
    lock.writeLock().lock();
    lock.writeLock().unlock();
  }

  @Test
  void unlockingWhatIsNotHeldIsRefused() throws Exception {
    ReadMostlyLock lock = new ReadMostlyLock();
    assertThatThrownBy(() -> lock.readLock().unlock())
        .isInstanceOf(IllegalMonitorStateException.class);
    assertThatThrownBy(() -> lock.writeLock().unlock())
        .isInstanceOf(IllegalMonitorStateException.class);
    lock.writeLock().lock();
    try {
      Thread other =
          new Thread(
              () ->
                  assertThatThrownBy(() -> lock.writeLock().unlock())
                      .isInstanceOf(IllegalMonitorStateException.class));
      AtomicBoolean failed = new AtomicBoolean();
      other.setUncaughtExceptionHandler((t, e) -> failed.set(true));
      other.start();
      other.join();
      assertThat(failed.get()).isFalse();
    } finally {
      lock.writeLock().unlock();
    }
    // The refused read unlock did not leave the slot negative: a writer still gets in.
    lock.writeLock().lock();
    lock.writeLock().unlock();
  }

  @Test
  @Timeout(value = 10, unit = TimeUnit.SECONDS)
  void readersShareTheLock() throws Exception {
    ReadMostlyLock lock = new ReadMostlyLock();
    lock.readLock().lock();
    try {
      AtomicBoolean got = new AtomicBoolean();
      Thread other =
          new Thread(
              () -> {
                lock.readLock().lock();
                got.set(true);
                lock.readLock().unlock();
              });
      other.start();
      other.join();
      assertThat(got.get()).isTrue();
    } finally {
      lock.readLock().unlock();
    }
  }

  @Test
  @Timeout(value = 10, unit = TimeUnit.SECONDS)
  void aWriterWaitsForTheReaderInside() throws Exception {
    ReadMostlyLock lock = new ReadMostlyLock();
    AtomicBoolean written = new AtomicBoolean();
    lock.readLock().lock();
    Thread writer =
        new Thread(
            () -> {
              lock.writeLock().lock();
              written.set(true);
              lock.writeLock().unlock();
            });
    try {
      writer.start();
      Thread.sleep(100);
      assertThat(written.get()).isFalse();
    } finally {
      lock.readLock().unlock();
    }
    writer.join();
    assertThat(written.get()).isTrue();
  }

  /**
   * Two writers write rounds of {@link #WIDTH} equal values, one value at a time, under the
   * write side, while two readers read all of them under the read side.
   *
   * @return how many reads saw values of two different rounds
   */
  private long tornReads(Side read, Side write) throws Exception {
    int writers = 2;
    int readers = 2;
    int rounds = 100_000;
    AtomicBoolean writing = new AtomicBoolean(true);
    AtomicLong torn = new AtomicLong();
    AtomicLong reads = new AtomicLong();
    ExecutorService pool = Executors.newFixedThreadPool(writers + readers);
    CountDownLatch start = new CountDownLatch(1);
    try {
      List<Future<?>> writerTasks = new ArrayList<>();
      for (int w = 0; w < writers; w++) {
        long base = (w + 1L) << 32;
        writerTasks.add(
            pool.submit(
                () -> {
                  start.await();
                  for (long round = 1; round <= rounds; round++) {
                    write.lock();
                    try {
                      for (int i = 0; i < WIDTH; i++) {
                        values[i] = base + round;
                      }
                    } finally {
                      write.unlock();
                    }
                  }
                  return null;
                }));
      }
      List<Future<?>> reading = new ArrayList<>();
      for (int r = 0; r < readers; r++) {
        reading.add(
            pool.submit(
                () -> {
                  start.await();
                  long[] seen = new long[WIDTH];
                  while (writing.get() || reads.get() < 1_000) {
                    read.lock();
                    try {
                      for (int i = 0; i < WIDTH; i++) {
                        seen[i] = values[i];
                      }
                    } finally {
                      read.unlock();
                    }
                    reads.incrementAndGet();
                    for (int i = 1; i < WIDTH; i++) {
                      if (seen[i] != seen[0]) {
                        torn.incrementAndGet();
                        break;
                      }
                    }
                  }
                  return null;
                }));
      }
      start.countDown();
      for (Future<?> writer : writerTasks) {
        writer.get(50, TimeUnit.SECONDS);
      }
      writing.set(false);
      for (Future<?> reader : reading) {
        reader.get(50, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }
    return torn.get();
  }

  private static Side side(ReadMostlyLock.ReadLock lock) {
    return new Side() {
      @Override
      public void lock() {
        lock.lock();
      }

      @Override
      public void unlock() {
        lock.unlock();
      }
    };
  }

  private static Side side(ReadMostlyLock.WriteLock lock) {
    return new Side() {
      @Override
      public void lock() {
        lock.lock();
      }

      @Override
      public void unlock() {
        lock.unlock();
      }
    };
  }

  /** Runs a task on {@code threads} threads started together and waits for all of them. */
  private static void runAll(int threads, ThrowingIntConsumer task) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    CountDownLatch start = new CountDownLatch(1);
    try {
      List<Future<?>> running = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        int thread = t;
        running.add(
            pool.submit(
                () -> {
                  start.await();
                  task.accept(thread);
                  return null;
                }));
      }
      start.countDown();
      for (Future<?> future : running) {
        future.get(50, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }
  }

  /** A task for one of {@link #runAll}'s threads. */
  private interface ThrowingIntConsumer {
    void accept(int thread) throws Exception;
  }
}
