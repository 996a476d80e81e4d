package io.quickphotos.bench;

import io.quickphotos.CostListener;
import io.quickphotos.OperationCost;

/**
 * Tallies the requests and capacity units of the operations a benchmark runs, until
 * {@link #moveTo} moves them into the JMH counters. Fed by the repository through {@link CostListener},
 * or by the hand-written baselines, query shapes and feed models, which report each request
 * themselves.
 *
 * <p>Not thread-safe: the benchmarks run on one thread, and a lock here would be measured as part
 * of every operation.
 */
public final class CostTally implements CostListener {
  public long requests;
  public double readUnits;
  public double writeUnits;

  @Override
  public void onCost(OperationCost cost) {
    requests += cost.requests();
    readUnits += cost.readCapacityUnits();
    writeUnits += cost.writeCapacityUnits();
  }

  /**
   * No: the benchmarks time the calls themselves, and the repository's two clock reads a call
   * would add about 70 ns to every memory call measured (getUser 0.25 → 0.32 µs at 10³).
   *
   * @return false
   */
  @Override
  public boolean timesCalls() {
    return false;
  }

  /**
   * No: the SDK's metric collection (3 to 13 µs a request) would be measured as the
   * repository's overhead over hand-written SDK calls, which collect none.
   *
   * @return false
   */
  @Override
  public boolean countsSdkAttempts() {
    return false;
  }

  /**
   * Counts one request and the capacity it consumed.
   *
   * @param read read capacity units
   * @param write write capacity units
   */
  public void request(double read, double write) {
    requests++;
    readUnits += read;
    writeUnits += write;
  }

  /** Forgets everything tallied so far, such as the cost of loading the data. */
  public void clear() {
    requests = 0;
    readUnits = 0;
    writeUnits = 0;
  }

  /**
   * Counts one operation in the JMH counters and moves what it cost there, leaving this tally
   * empty. Here rather than on {@link CostCounters}, whose public methods JMH would take for
   * counters.
   *
   * @param counters the iteration's counters
   * @param result what the operation returned
   * @param <T> its type
   * @return {@code result}, for the benchmark to return
   */
  public <T> T moveTo(CostCounters counters, T result) {
    counters.operations++;
    counters.requests += requests;
    counters.readUnits += readUnits;
    counters.writeUnits += writeUnits;
    clear();
    return result;
  }
}
