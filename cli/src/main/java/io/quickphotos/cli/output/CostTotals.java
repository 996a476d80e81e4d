package io.quickphotos.cli.output;

import io.quickphotos.CostModel;
import io.quickphotos.OperationCost;
import java.util.Locale;

/**
 * The sum of some calls' costs.
 *
 * @param calls how many repository calls
 * @param requests how many DynamoDB requests they made
 * @param readCapacityUnits read capacity consumed
 * @param writeCapacityUnits write capacity consumed
 * @param itemsRead items the reads returned
 * @param latencyNanos the calls' latencies added up, as the repository timed them
 * @param retries retries of the calls' requests, in the SDK and in the repository
 */
public record CostTotals(
    long calls,
    long requests,
    double readCapacityUnits,
    double writeCapacityUnits,
    long itemsRead,
    long latencyNanos,
    long retries) {

  /** Nothing spent yet. */
  public static final CostTotals ZERO = new CostTotals(0, 0, 0, 0, 0, 0, 0);

  /**
   * Adds one call's cost.
   *
   * @param cost the call's cost
   * @return the new totals
   */
  public CostTotals plus(OperationCost cost) {
    return new CostTotals(
        calls + 1,
        requests + cost.requests(),
        readCapacityUnits + cost.readCapacityUnits(),
        writeCapacityUnits + cost.writeCapacityUnits(),
        itemsRead + cost.itemsRead(),
        latencyNanos + cost.latencyNanos(),
        retries + cost.retryCount());
  }

  /**
   * Adds other totals.
   *
   * @param other the totals to add
   * @return the new totals
   */
  public CostTotals plus(CostTotals other) {
    return new CostTotals(
        calls + other.calls,
        requests + other.requests,
        readCapacityUnits + other.readCapacityUnits,
        writeCapacityUnits + other.writeCapacityUnits,
        itemsRead + other.itemsRead,
        latencyNanos + other.latencyNanos,
        retries + other.retries);
  }

  /**
   * The mean latency of a call.
   *
   * @return nanoseconds; 0 without calls
   */
  public long meanLatencyNanos() {
    return calls == 0 ? 0 : latencyNanos / calls;
  }

  /**
   * What a million calls like these cost, at the model's prices: the units of the mean call,
   * times a million.
   *
   * @param model the prices
   * @return dollars; 0 without calls
   */
  public double dollarsPerMillionCalls(CostModel model) {
    return calls == 0
        ? 0
        : model.dollars(readCapacityUnits, writeCapacityUnits) / calls * 1_000_000;
  }

  @Override
  public String toString() {
    return String.format(
        Locale.ROOT,
        "%,d request%s, %s RCU, %s WCU, %,d item%s read",
        requests,
        requests == 1 ? "" : "s",
        Format.units(readCapacityUnits),
        Format.units(writeCapacityUnits),
        itemsRead,
        itemsRead == 1 ? "" : "s");
  }
}
