package io.quickphotos;

import java.util.Locale;

/**
 * What DynamoDB's capacity units cost in dollars: a price per million read units and per million
 * write units, applied to the units an {@link OperationCost} reports. The units already carry
 * DynamoDB's billing rules (transactions and index writes included), so a price per unit is all a
 * model needs. The default, {@link #ON_DEMAND_US_EAST_1}, is on-demand capacity in us-east-1;
 * build another for another region, a discount, or provisioned capacity's effective price.
 *
 * <p>Immutable and thread-safe.
 *
 * @param dollarsPerMillionReadUnits the price of a million read request units, in dollars
 * @param dollarsPerMillionWriteUnits the price of a million write request units, in dollars
 */
public record CostModel(double dollarsPerMillionReadUnits, double dollarsPerMillionWriteUnits) {

  /**
   * On-demand capacity in us-east-1: $0.125 per million read request units and $0.625 per million
   * write request units.
   */
  public static final CostModel ON_DEMAND_US_EAST_1 = new CostModel(0.125, 0.625);

  /**
   * Checks the prices.
   *
   * @param dollarsPerMillionReadUnits the price of a million read units, in dollars
   * @param dollarsPerMillionWriteUnits the price of a million write units, in dollars
   * @throws IllegalArgumentException if a price is negative, infinite or not a number
   */
  public CostModel {
    if (!(dollarsPerMillionReadUnits >= 0) || Double.isInfinite(dollarsPerMillionReadUnits)) {
      throw new IllegalArgumentException("read price: " + dollarsPerMillionReadUnits);
    }
    if (!(dollarsPerMillionWriteUnits >= 0) || Double.isInfinite(dollarsPerMillionWriteUnits)) {
      throw new IllegalArgumentException("write price: " + dollarsPerMillionWriteUnits);
    }
  }

  /**
   * What the given units cost.
   *
   * @param readUnits read capacity units
   * @param writeUnits write capacity units
   * @return dollars
   */
  public double dollars(double readUnits, double writeUnits) {
    return (readUnits * dollarsPerMillionReadUnits + writeUnits * dollarsPerMillionWriteUnits)
        / 1_000_000;
  }

  /**
   * What one call cost.
   *
   * @param cost the call's cost
   * @return dollars
   * @throws NullPointerException if the cost is null
   */
  public double dollars(OperationCost cost) {
    return dollars(cost.readCapacityUnits(), cost.writeCapacityUnits());
  }

  /**
   * The prices in one line.
   *
   * @return e.g. {@code $0.125 per million RRU, $0.625 per million WRU}
   */
  @Override
  public String toString() {
    return String.format(
        Locale.ROOT,
        "$%s per million RRU, $%s per million WRU",
        dollarsPerMillionReadUnits,
        dollarsPerMillionWriteUnits);
  }
}
