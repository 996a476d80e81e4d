package io.quickphotos.bench;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What every benchmark class here shares: JMH's settings, the {@code backend} and {@code size}
 * parameters its concrete subclasses declare, and a counter that walks the data set's rings of
 * keys so that consecutive calls read different items. Not thread-safe; JMH runs one thread.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
// A fixed heap: 10⁶ items take about 1 GB, and a heap that does not resize keeps that out of the
// numbers. The parallel collector: on two cores, G1's concurrent threads take the second core
// from under the benchmark once a million items are live, and the 10⁶ results measured that.
// DynamoDB Local leaves a non-daemon job thread running after it stops, which would make JMH wait
// 30 s for every forked VM to exit; there is nothing left to wait for after tearDown.
@Fork(value = 1, jvmArgsAppend = {"-Xms4g", "-Xmx4g", "-XX:+UseParallelGC",
    "-Djmh.shutdownTimeout=0", "-Djmh.shutdownTimeout.step=1"})
abstract class RingBenchmark {
  private int next;

  /**
   * The {@code backend} parameter of the concrete benchmark.
   *
   * @return e.g. {@code memory}
   */
  protected abstract String backendParameter();

  /**
   * The {@code size} parameter of the concrete benchmark.
   *
   * @return about how many items to load
   */
  protected abstract int sizeParameter();

  /**
   * The next position in the data set's rings.
   *
   * @return an index below {@link DataSet#RING}
   */
  protected int nextSlot() {
    next = (next + 1) & (DataSet.RING - 1);
    return next;
  }
}
