package io.quickphotos.cli.output;

import io.quickphotos.CostListener;
import io.quickphotos.OperationCost;
import java.util.ArrayList;
import java.util.List;

/**
 * Keeps every cost the repository reports, so a command can show what each call cost and add
 * them up afterwards. Thread-safe.
 */
public final class CostRecorder implements CostListener {
  private final List<OperationCost> costs = new ArrayList<>();

  @Override
  public synchronized void onCost(OperationCost cost) {
    costs.add(cost);
  }

  /**
   * A position to read later costs from.
   *
   * @return the number of costs recorded so far
   */
  public synchronized int mark() {
    return costs.size();
  }

  /**
   * The costs recorded after a mark.
   *
   * @param mark a value of {@link #mark()}
   * @return the later costs, in call order
   */
  public synchronized List<OperationCost> since(int mark) {
    return List.copyOf(costs.subList(mark, costs.size()));
  }

  /**
   * The sum of the costs recorded after a mark.
   *
   * @param mark a value of {@link #mark()}
   * @return the totals
   */
  public synchronized CostTotals totalSince(int mark) {
    CostTotals totals = CostTotals.ZERO;
    for (OperationCost cost : costs.subList(mark, costs.size())) {
      totals = totals.plus(cost);
    }
    return totals;
  }
}
