package io.quickphotos.bench;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * What the measured operations cost, as JMH secondary results: JMH sums each public field over
 * the measurement iterations and writes it beside the time in its JSON, where {@link Report}
 * divides requests and capacity units by {@link #operations} to get them per operation.
 *
 * <p>Events, not rates: a request count means nothing per second.
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

  /** Starts each iteration from zero; JMH does not reset auxiliary counters by itself. */
  @Setup(Level.Iteration)
  public void reset() {
    operations = 0;
    requests = 0;
    readUnits = 0;
    writeUnits = 0;
  }

  /**
   * Counts one operation and moves what it cost out of the tally.
   *
   * @param tally the tally the operation reported to
   * @param result what the operation returned
   * @param <T> its type
   * @return {@code result}, for the benchmark to return
   */
  <T> T collect(CostTally tally, T result) {
    operations++;
    requests += tally.requests;
    readUnits += tally.readUnits;
    writeUnits += tally.writeUnits;
    tally.clear();
    return result;
  }
}
