package io.quickphotos;

/**
 * Receives the cost of every repository call, on the calling thread, after the call's last
 * request and before the call returns or throws. Implementations must be thread-safe when the
 * repository is shared between threads, and should be fast: they run inside every call.
 * An exception thrown by the listener is logged (through {@link System.Logger}) and ignored, so
 * that it can never mask the call's own outcome.
 */
@FunctionalInterface
public interface CostListener {

  /** A listener that ignores every cost. */
  CostListener NONE = cost -> {};

  /**
   * Called once per repository call.
   *
   * @param cost what the call cost
   */
  void onCost(OperationCost cost);

  /**
   * Whether the repository should time each call for this listener
   * ({@link OperationCost#latencyNanos()}). Timing reads the clock twice a call
   * ({@code System.nanoTime()}): nothing next to a DynamoDB request, but about 70 ns a call on
   * a 2-core Xeon VM, measurable on the memory backend (its {@code getUser} at 10³ items took
   * 0.25 µs untimed and 0.32 µs timed). A listener that never reads the latency may return
   * false; its costs then carry a latency of 0. Called once, when the repository is built.
   *
   * @return true (the default) to receive every call's latency
   */
  default boolean timesCalls() {
    return true;
  }

  /**
   * Whether the DynamoDB backend should count the AWS SDK's own attempts inside each request for
   * this listener (the {@code sdk} retries, throttles and unknown outcomes of
   * {@link OperationCost#retries()}). Counting turns the SDK's per-request metric collection on,
   * which costs CPU and memory in the SDK: 3 to 13 µs and about 10 KB a request on a stubbed
   * client (the README's stubbed-SDK comparison), nothing beside a network round trip but a
   * fifth of the SDK's own work for a single-item request. A listener that never reads the SDK's
   * attempts may return false; the repository's own resends are counted either way, and the
   * memory backend counts its simulated SDK attempts at no measurable cost. Called once, when the
   * repository is built.
   *
   * @return true (the default) to receive the SDK's attempts
   */
  default boolean countsSdkAttempts() {
    return true;
  }
}
