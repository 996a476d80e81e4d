package io.quickphotos.cli;

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
 */
record CostTotals(
    long calls,
    long requests,
    double readCapacityUnits,
    double writeCapacityUnits,
    long itemsRead) {

  /** Nothing spent yet. */
  static final CostTotals ZERO = new CostTotals(0, 0, 0, 0, 0);

  /**
   * Adds one call's cost.
   *
   * @param cost the call's cost
   * @return the new totals
   */
  CostTotals plus(OperationCost cost) {
    return new CostTotals(
        calls + 1,
        requests + cost.requests(),
        readCapacityUnits + cost.readCapacityUnits(),
        writeCapacityUnits + cost.writeCapacityUnits(),
        itemsRead + cost.itemsRead());
  }

  /**
   * Adds other totals.
   *
   * @param other the totals to add
   * @return the new totals
   */
  CostTotals plus(CostTotals other) {
    return new CostTotals(
        calls + other.calls,
        requests + other.requests,
        readCapacityUnits + other.readCapacityUnits,
        writeCapacityUnits + other.writeCapacityUnits,
        itemsRead + other.itemsRead);
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
