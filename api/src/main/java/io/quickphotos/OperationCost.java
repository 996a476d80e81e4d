package io.quickphotos;

import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * What one repository call cost on the backend, as DynamoDB bills it, and the DynamoDB requests
 * it made.
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
 * @param requestsMade the requests in the order they were made, retries included; empty when the
 *     repository has no cost listener to hand them to, or the cost was built without them
 */
public record OperationCost(
    AccessPattern pattern,
    int requests,
    double readCapacityUnits,
    double writeCapacityUnits,
    int itemsRead,
    boolean succeeded,
    List<DynamoRequest> requestsMade) {

  /**
   * Checks the components and copies the list (a repository's own list of requests, which is
   * immutable and describes the requests only when read, is kept as it is).
   *
   * @param pattern the access pattern the call served
   * @param requests how many DynamoDB requests were made
   * @param readCapacityUnits read capacity consumed
   * @param writeCapacityUnits write capacity consumed
   * @param itemsRead how many items the reads returned
   * @param succeeded whether the call returned normally
   * @param requestsMade the requests in the order they were made
   * @throws NullPointerException if the pattern or the list is null
   */
  public OperationCost {
    Objects.requireNonNull(pattern, "pattern");
    requestsMade = requestsMade instanceof RequestLog ? requestsMade : List.copyOf(requestsMade);
  }

  /**
   * A cost whose requests are described only when {@link #requestsMade()} is read: most
   * listeners only add up requests and capacity, and building the words of every request would
   * cost more than the call itself on the memory backend. Each describer must return the same
   * description every time (describe immutable requests).
   *
   * @param pattern the access pattern the call served
   * @param requests how many DynamoDB requests were made, retries included
   * @param readCapacityUnits read capacity consumed, table and indexes together
   * @param writeCapacityUnits write capacity consumed, table and indexes together
   * @param itemsRead how many items the reads returned
   * @param succeeded whether the call returned normally
   * @param describers one per request, in the order the requests were made; copied
   * @return the cost
   * @throws NullPointerException if the pattern, the list or a describer is null
   */
  public static OperationCost describedLazily(
      AccessPattern pattern,
      int requests,
      double readCapacityUnits,
      double writeCapacityUnits,
      int itemsRead,
      boolean succeeded,
      List<Supplier<DynamoRequest>> describers) {
    return new OperationCost(
        pattern,
        requests,
        readCapacityUnits,
        writeCapacityUnits,
        itemsRead,
        succeeded,
        new RequestLog(List.copyOf(describers)));
  }

  /**
   * A cost without the list of requests.
   *
   * @param pattern the access pattern the call served
   * @param requests how many DynamoDB requests were made, retries included
   * @param readCapacityUnits read capacity consumed, table and indexes together
   * @param writeCapacityUnits write capacity consumed, table and indexes together
   * @param itemsRead how many items the reads returned
   * @param succeeded whether the call returned normally
   */
  public OperationCost(
      AccessPattern pattern,
      int requests,
      double readCapacityUnits,
      double writeCapacityUnits,
      int itemsRead,
      boolean succeeded) {
    this(pattern, requests, readCapacityUnits, writeCapacityUnits, itemsRead, succeeded, List.of());
  }

  /**
   * The cost in one line, without the requests.
   *
   * @return e.g. {@code FOLLOW: 1 request, 0.0 RCU, 12.0 WCU, 0 items}
   */
  @Override
  public String toString() {
    return String.format(
        java.util.Locale.ROOT,
        "%s: %d request%s, %.1f RCU, %.1f WCU, %d item%s%s",
        pattern,
        requests,
        requests == 1 ? "" : "s",
        readCapacityUnits,
        writeCapacityUnits,
        itemsRead,
        itemsRead == 1 ? "" : "s",
        succeeded ? "" : " (failed)");
  }
}
