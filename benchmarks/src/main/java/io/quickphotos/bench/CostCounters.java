package io.quickphotos.bench;

import io.quickphotos.bench.guard.PerfGuard;
import io.quickphotos.bench.report.Report;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * What the measured operations cost, as JMH secondary results: JMH sums each public field over
 * the measurement iterations and writes it beside the time in its JSON, where {@link Report}
 * divides requests and capacity units by {@link #operations} to get them per operation.
 *
 * <p>Events, not rates: a request count means nothing per second.
 *
 * <p>{@link #cpuNanos} is the benchmark thread's CPU time over the iteration: on a machine shared
 * with other work, the time a thread waits for a core inflates JMH's wall-clock score but not
 * its CPU time, so {@link PerfGuard} compares CPU time per operation.
 */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.EVENTS)
public class CostCounters {
  /** Benchmark operations run in this iteration. */
  public long operations;

  /** DynamoDB requests those operations made (or the in-memory engine executed). */
  public long requests;

  /** Read capacity units they consumed. */
  public double readUnits;

  /** Write capacity units they consumed. */
  public double writeUnits;

  /**
   * Nanoseconds of CPU time the benchmark thread used in this iteration, from its setup to its
   * teardown (the operations and JMH's loop around them).
   */
  public long cpuNanos;

  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  /** The thread's CPU time when the iteration started. */
  private long cpuStart;

  /** Starts each iteration from zero; JMH does not reset auxiliary counters by itself. */
  @Setup(Level.Iteration)
  public void reset() {
    operations = 0;
    requests = 0;
    readUnits = 0;
    writeUnits = 0;
    cpuNanos = 0;
    cpuStart = THREADS.getCurrentThreadCpuTime();
  }

  /** Records the iteration's CPU time, before JMH reads the counters. */
  @TearDown(Level.Iteration)
  public void stopClock() {
    cpuNanos = THREADS.getCurrentThreadCpuTime() - cpuStart;
  }
}
