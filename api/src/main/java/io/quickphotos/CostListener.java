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
}
