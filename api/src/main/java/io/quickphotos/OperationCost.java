package io.quickphotos;

import java.time.Duration;
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
 * @param latencyNanos the call's wall-clock time in nanoseconds, from the end of the argument
 *     checks (a call they reject makes no request and reports no cost) to the end of its last
 *     request, retries and their backoff included; 0 when unknown (a cost built without it, or a
 *     listener that {@linkplain CostListener#timesCalls() declines} timing)
 * @param exception the simple name of the class of the exception the call threw, e.g.
 *     {@code UserNotFoundException}; null when it succeeded, or when the cost was built without it
 * @param retries per DynamoDB operation, the retries, throttles and unknown outcomes the call's
 *     requests met, SDK retries included; only operations that met any, so usually empty
 * @param itemsSkipped how many of the items read are of a kind this version does not know (a
 *     later version's, sharing the table): left out of the result; usually 0
 */
public record OperationCost(
    AccessPattern pattern,
    int requests,
    double readCapacityUnits,
    double writeCapacityUnits,
    int itemsRead,
    boolean succeeded,
    List<DynamoRequest> requestsMade,
    long latencyNanos,
    String exception,
    List<RequestRetries> retries,
    int itemsSkipped) {

  /**
   * Checks the components and copies the lists (a repository's own list of requests, which is
   * immutable and describes the requests only when read, is kept as it is).
   *
   * @param pattern the access pattern the call served
   * @param requests how many DynamoDB requests were made
   * @param readCapacityUnits read capacity consumed
   * @param writeCapacityUnits write capacity consumed
   * @param itemsRead how many items the reads returned
   * @param succeeded whether the call returned normally
   * @param requestsMade the requests in the order they were made
   * @param latencyNanos the call's wall-clock time in nanoseconds, 0 if unknown
   * @param exception the simple class name of what the call threw, null if it succeeded
   * @param retries per operation, the retries, throttles and unknown outcomes met
   * @param itemsSkipped items read of a kind this version does not know
   * @throws NullPointerException if the pattern or a list is null
   * @throws IllegalArgumentException if the latency is negative, or a succeeded call names an
   *     exception
   */
  public OperationCost {
    Objects.requireNonNull(pattern, "pattern");
    requestsMade = requestsMade instanceof RequestLog ? requestsMade : List.copyOf(requestsMade);
    retries = List.copyOf(retries);
    if (latencyNanos < 0) {
      throw new IllegalArgumentException("negative latency: " + latencyNanos);
    }
    if (succeeded && exception != null) {
      throw new IllegalArgumentException("a call that succeeded threw nothing: " + exception);
    }
  }

  /**
   * A cost without latency, exception or retries, as costs were built before they were reported.
   *
   * @param pattern the access pattern the call served
   * @param requests how many DynamoDB requests were made, retries included
   * @param readCapacityUnits read capacity consumed, table and indexes together
   * @param writeCapacityUnits write capacity consumed, table and indexes together
   * @param itemsRead how many items the reads returned
   * @param succeeded whether the call returned normally
   * @param requestsMade the requests in the order they were made; copied
   * @throws NullPointerException if the pattern or the list is null
   */
  public OperationCost(
      AccessPattern pattern,
      int requests,
      double readCapacityUnits,
      double writeCapacityUnits,
      int itemsRead,
      boolean succeeded,
      List<DynamoRequest> requestsMade) {
    this(
        pattern,
        requests,
        readCapacityUnits,
        writeCapacityUnits,
        itemsRead,
        succeeded,
        requestsMade,
        0,
        null,
        List.of());
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
    return describedLazily(
        pattern,
        requests,
        readCapacityUnits,
        writeCapacityUnits,
        itemsRead,
        succeeded,
        describers,
        0,
        null,
        List.of());
  }

  /**
   * {@link #describedLazily(AccessPattern, int, double, double, int, boolean, List)} with the
   * call's latency, exception and retries, as a repository reports its calls.
   *
   * @param pattern the access pattern the call served
   * @param requests how many DynamoDB requests were made, retries included
   * @param readCapacityUnits read capacity consumed, table and indexes together
   * @param writeCapacityUnits write capacity consumed, table and indexes together
   * @param itemsRead how many items the reads returned
   * @param succeeded whether the call returned normally
   * @param describers one per request, in the order the requests were made; copied
   * @param latencyNanos the call's wall-clock time in nanoseconds, 0 if unknown
   * @param exception the simple class name of what the call threw, null if it succeeded
   * @param retries per operation, the retries, throttles and unknown outcomes met; copied
   * @return the cost
   * @throws NullPointerException if the pattern, a list or a describer is null
   * @throws IllegalArgumentException as the canonical constructor
   */
  public static OperationCost describedLazily(
      AccessPattern pattern,
      int requests,
      double readCapacityUnits,
      double writeCapacityUnits,
      int itemsRead,
      boolean succeeded,
      List<Supplier<DynamoRequest>> describers,
      long latencyNanos,
      String exception,
      List<RequestRetries> retries) {
    return describedLazily(
        pattern,
        requests,
        readCapacityUnits,
        writeCapacityUnits,
        itemsRead,
        succeeded,
        describers,
        latencyNanos,
        exception,
        retries,
        0);
  }

  /**
   * {@link #describedLazily(AccessPattern, int, double, double, int, boolean, List, long, String,
   * List)} with the items the call skipped, as a repository reports its calls.
   *
   * @param pattern the access pattern the call served
   * @param requests how many DynamoDB requests were made, retries included
   * @param readCapacityUnits read capacity consumed, table and indexes together
   * @param writeCapacityUnits write capacity consumed, table and indexes together
   * @param itemsRead how many items the reads returned
   * @param succeeded whether the call returned normally
   * @param describers one per request, in the order the requests were made; copied
   * @param latencyNanos the call's wall-clock time in nanoseconds, 0 if unknown
   * @param exception the simple class name of what the call threw, null if it succeeded
   * @param retries per operation, the retries, throttles and unknown outcomes met; copied
   * @param itemsSkipped items read of a kind this version does not know
   * @return the cost
   */
  public static OperationCost describedLazily(
      AccessPattern pattern,
      int requests,
      double readCapacityUnits,
      double writeCapacityUnits,
      int itemsRead,
      boolean succeeded,
      List<Supplier<DynamoRequest>> describers,
      long latencyNanos,
      String exception,
      List<RequestRetries> retries,
      int itemsSkipped) {
    return new OperationCost(
        pattern,
        requests,
        readCapacityUnits,
        writeCapacityUnits,
        itemsRead,
        succeeded,
        new RequestLog(List.copyOf(describers)),
        latencyNanos,
        exception,
        retries,
        itemsSkipped);
  }

  /**
   * A cost of a call that read no item of a kind this version does not know.
   *
   * @param pattern the access pattern the call served
   * @param requests how many DynamoDB requests were made
   * @param readCapacityUnits read capacity consumed
   * @param writeCapacityUnits write capacity consumed
   * @param itemsRead how many items the reads returned
   * @param succeeded whether the call returned normally
   * @param requestsMade the requests in the order they were made
   * @param latencyNanos the call's wall-clock time in nanoseconds, 0 if unknown
   * @param exception the simple class name of what the call threw, null if it succeeded
   * @param retries per operation, the retries, throttles and unknown outcomes met
   */
  public OperationCost(
      AccessPattern pattern,
      int requests,
      double readCapacityUnits,
      double writeCapacityUnits,
      int itemsRead,
      boolean succeeded,
      List<DynamoRequest> requestsMade,
      long latencyNanos,
      String exception,
      List<RequestRetries> retries) {
    this(
        pattern,
        requests,
        readCapacityUnits,
        writeCapacityUnits,
        itemsRead,
        succeeded,
        requestsMade,
        latencyNanos,
        exception,
        retries,
        0);
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
   * The call's wall-clock time.
   *
   * @return {@link #latencyNanos()} as a duration; zero when unknown
   */
  public Duration latency() {
    return Duration.ofNanos(latencyNanos);
  }

  /**
   * The attempts the call's requests took: each request once, and each attempt the SDK made again
   * inside one.
   *
   * @return {@link #requests()} plus every {@link RequestRetries#sdkRetries()}
   */
  public int attempts() {
    int attempts = requests;
    for (RequestRetries r : retries) {
      attempts += r.sdkRetries();
    }
    return attempts;
  }

  /**
   * Every retry of the call, in the SDK and in the repository.
   *
   * @return the sum of {@link RequestRetries#retries()}
   */
  public int retryCount() {
    int count = 0;
    for (RequestRetries r : retries) {
      count += r.retries();
    }
    return count;
  }

  /**
   * Every attempt of the call refused or cancelled because of throughput.
   *
   * @return the sum of {@link RequestRetries#throttles()}
   */
  public int throttleCount() {
    int count = 0;
    for (RequestRetries r : retries) {
      count += r.throttles();
    }
    return count;
  }

  /**
   * Every attempt of the call whose outcome is unknown.
   *
   * @return the sum of {@link RequestRetries#unknownOutcomes()}
   */
  public int unknownOutcomeCount() {
    int count = 0;
    for (RequestRetries r : retries) {
      count += r.unknownOutcomes();
    }
    return count;
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
