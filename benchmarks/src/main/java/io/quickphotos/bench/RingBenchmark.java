package io.quickphotos.bench;

import io.quickphotos.bench.patterns.AccessPatternBenchmark;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * What every benchmark class here shares: JMH's settings, the data set its concrete subclasses'
 * {@code size} parameter names, and a counter that walks the data set's rings of keys so that
 * consecutive calls read different items. Not thread-safe; JMH runs one thread.
 *
 * <p>The settings aim at an error (99.9% confidence) under 10% of every score on a quiet 2-core
 * machine, which the report requires of every figure behind a target: 5 warm-up iterations of
 * 1 s (the JIT settles within two or three, the rest lets the heap of a 10⁶-item load settle),
 * then 10 measured iterations of 1 s, whose t-based error is about 1.5 standard deviations of
 * the iteration means, so iterations may spread by up to about 6% — per-call work here is 0.01
 * to 40 µs, so every iteration averages 25,000 calls or more. One fork: the data set is the same
 * in every fork and loading 10⁶ items takes seconds, so a second fork would double the run for
 * little. Classes whose calls take milliseconds override these (see
 * {@link AccessPatternBenchmark.DynamoDbLocal}). Command-line options ({@code -wi}, {@code -i},
 * {@code -f}, ...) override both.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 10, time = 1)
// A fixed heap: 10⁶ items take about 1 GB, and a heap that does not resize keeps that out of the
// numbers. The parallel collector: on two cores, G1's concurrent threads take the second core
// from under the benchmark once a million items are live, and the 10⁶ results measured that.
// DynamoDB Local leaves a non-daemon job thread running after it stops, which would make JMH wait
// 30 s for every forked VM to exit; there is nothing left to wait for after tearDown. Its native
// library is loaded with a restricted method, which JDK 22 and later warn about unless enabled.
@Fork(
    value = 1,
    jvmArgsAppend = {
      "-Xms4g",
      "-Xmx4g",
      "-XX:+UseParallelGC",
      "-Djmh.shutdownTimeout=0",
      "-Djmh.shutdownTimeout.step=1",
      "--enable-native-access=ALL-UNNAMED"
    })
public abstract class RingBenchmark {
  private int next;

  /**
   * The data set of the trial's {@code size} parameter.
   *
   * @param params the trial's parameters
   * @return the data set
   */
  protected static DataSet dataSet(BenchmarkParams params) {
    return DataSet.of(Integer.parseInt(params.getParam("size")));
  }

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
