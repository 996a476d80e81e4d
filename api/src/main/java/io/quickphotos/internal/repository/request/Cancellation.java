package io.quickphotos.internal.repository.request;

import io.quickphotos.engine.Item;
import io.quickphotos.engine.Limits;
import io.quickphotos.engine.TableTransactionCancelledException;
import io.quickphotos.internal.singletable.plan.StepName;
import io.quickphotos.internal.singletable.plan.WritePlan;
import java.util.List;
import java.util.Optional;

/**
 * A transaction that was cancelled because at least one step's condition failed (nothing was
 * written), asked about by step name: which step's condition failed, and the item it failed on
 * (returned with the cancellation, {@code ReturnValuesOnConditionCheckFailure=ALL_OLD}, at no
 * cost). Immutable.
 */
public final class Cancellation {
  private final WritePlan plan;
  private final TableTransactionCancelledException cause;

  Cancellation(WritePlan plan, TableTransactionCancelledException cause) {
    this.plan = plan;
    this.cause = cause;
  }

  /**
   * The cancellation an exception of a plan's step was thrown for, if it was: for a caller that
   * catches the step's error and still needs to know which other steps failed.
   *
   * @param plan the plan the exception was thrown running
   * @param thrown the exception
   * @return the cancellation, empty if the exception was not caused by one
   */
  public static Optional<Cancellation> causing(WritePlan plan, Throwable thrown) {
    return thrown.getCause() instanceof TableTransactionCancelledException cancelled
        ? Optional.of(new Cancellation(plan, cancelled))
        : Optional.empty();
  }

  /**
   * Whether the named step's condition failed.
   *
   * @param step the step's name; a name the plan does not have failed nothing
   * @return whether it failed
   */
  public boolean failed(StepName step) {
    if (!plan.has(step)) {
      return false;
    }
    int at = plan.indexOf(step);
    List<String> reasons = cause.reasons();
    return at < reasons.size() && Limits.CONDITIONAL_CHECK_FAILED.equals(reasons.get(at));
  }

  /**
   * The item the named step's condition failed on, as it was then.
   *
   * @param step the step's name
   * @return the item; empty if there was none, or the step did not fail
   * @throws IllegalArgumentException if the plan has no such step
   */
  public Optional<Item> image(StepName step) {
    return failed(step) ? cause.item(plan.indexOf(step)) : Optional.empty();
  }

  /**
   * The engine's exception, to keep as the cause of an error this cancellation leads to.
   *
   * @return the exception
   */
  public TableTransactionCancelledException cause() {
    return cause;
  }

  @Override
  public String toString() {
    return "cancelled " + cause.reasons() + " of " + plan.steps().size() + " steps";
  }
}
