package io.quickphotos;

/**
 * What one repository call cost on the backend, as DynamoDB bills it.
 *
 * <p>Capacity is what the backend reported for the requests that succeeded. DynamoDB does not
 * report the capacity a failed conditional write or cancelled transaction consumed, so a failed
 * call shows its requests with the capacity of its successful requests only, on every backend.
 *
 * @param pattern the access pattern the call served
 * @param requests how many DynamoDB requests were made, retries included
 * @param readCapacityUnits read capacity consumed, table and indexes together
 * @param writeCapacityUnits write capacity consumed, table and indexes together
 * @param itemsRead how many items the reads returned
 * @param succeeded whether the call returned normally
 */
public record OperationCost(AccessPattern pattern, int requests, double readCapacityUnits,
    double writeCapacityUnits, int itemsRead, boolean succeeded) {

  @Override
  public String toString() {
    return String.format(java.util.Locale.ROOT, "%s: %d request%s, %.1f RCU, %.1f WCU, %d item%s%s",
        pattern, requests, requests == 1 ? "" : "s", readCapacityUnits, writeCapacityUnits,
        itemsRead, itemsRead == 1 ? "" : "s", succeeded ? "" : " (failed)");
  }
}
