package io.quickphotos.contract;

import io.quickphotos.AccessPattern;
import io.quickphotos.CostListener;
import io.quickphotos.OperationCost;
import java.util.ArrayList;
import java.util.List;

/** Keeps every reported cost, for assertions. Thread-safe. */
public final class RecordingCostListener implements CostListener {
  private final List<OperationCost> costs = new ArrayList<>();

  @Override
  public synchronized void onCost(OperationCost cost) {
    costs.add(cost);
  }

  /**
   * The costs reported so far, oldest first.
   *
   * @return a copy of the list
   */
  public synchronized List<OperationCost> costs() {
    return List.copyOf(costs);
  }

  /**
   * The most recent cost.
   *
   * @return the last cost reported
   * @throws IllegalStateException if none was reported
   */
  public synchronized OperationCost last() {
    if (costs.isEmpty()) {
      throw new IllegalStateException("no cost reported");
    }
    return costs.get(costs.size() - 1);
  }

  /**
   * The costs reported for one access pattern.
   *
   * @param pattern the pattern
   * @return its costs, oldest first
   */
  public synchronized List<OperationCost> of(AccessPattern pattern) {
    return costs.stream().filter(c -> c.pattern() == pattern).toList();
  }

  /** Forgets every cost reported so far. */
  public synchronized void clear() {
    costs.clear();
  }
}
