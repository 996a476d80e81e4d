package io.quickphotos.streams;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.IntConsumer;

/**
 * The lag from a write's return to its arrival where a handler puts it: the measurements'
 * shared loop (20 writes to warm the JIT and the connections, then the measured ones) and its
 * median and 99th percentile.
 */
final class Lags {
  private static final int WARM_UP = 20;

  private Lags() {}

  /**
   * Makes the writes one at a time, each waiting for its arrival, and prints the lags.
   *
   * @param label what is measured, for the {@code MEASURED} line
   * @param writes how many measured writes
   * @param write makes write number {@code i}
   * @param arrivals where the handler puts the {@link System#nanoTime} of each arrival
   */
  static void measure(String label, int writes, IntConsumer write, BlockingQueue<Long> arrivals)
      throws InterruptedException {
    List<Long> lags = new ArrayList<>();
    for (int i = 0; i < writes + WARM_UP; i++) {
      write.accept(i);
      long written = System.nanoTime();
      Long arrived = arrivals.poll(30, TimeUnit.SECONDS);
      if (arrived == null) {
        throw new AssertionError("nothing arrived in 30 s");
      }
      if (i >= WARM_UP) {
        lags.add(Math.max(0, arrived - written));
      }
    }
    Collections.sort(lags);
    System.out.printf(
        "MEASURED %s over %d writes: median %.2f ms, p99 %.2f ms%n",
        label,
        lags.size(),
        lags.get(lags.size() / 2) / 1e6,
        lags.get((int) Math.ceil(lags.size() * 0.99) - 1) / 1e6);
  }
}
