package io.quickphotos.internal.singletable;

import io.quickphotos.QuickPhotosException;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.WriteAction;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * The writes of one access pattern as plain data: the actions, whether they go as one
 * TransactWriteItems or as a single write, and what a failed condition on each action means to
 * the caller.
 *
 * @param steps the actions in request order, each with the error its failed condition means
 * @param transactional true to send the actions as one TransactWriteItems request
 */
public record WritePlan(List<Step> steps, boolean transactional) {

  /**
   * Creates a plan; the steps are copied.
   *
   * @param steps the actions in request order
   * @param transactional whether they go as one transaction
   */
  public WritePlan {
    steps = List.copyOf(steps);
    if (!transactional && steps.size() != 1) {
      throw new IllegalArgumentException("a non-transactional plan has exactly one step");
    }
  }

  /**
   * A plan of one non-transactional write.
   *
   * @param action the write
   * @param onConditionFailed the error a failed condition means
   * @return the plan
   */
  public static WritePlan single(
      WriteAction action, Supplier<? extends QuickPhotosException> onConditionFailed) {
    return new WritePlan(List.of(new Step(action, onConditionFailed)), false);
  }

  /**
   * A plan of one transaction.
   *
   * @param steps the actions in request order
   * @return the plan
   */
  public static WritePlan transaction(Step... steps) {
    return new WritePlan(List.of(steps), true);
  }

  /**
   * The actions in request order.
   *
   * @return the actions
   */
  public List<WriteAction> actions() {
    WriteAction[] actions = new WriteAction[steps.size()];
    for (int i = 0; i < actions.length; i++) {
      actions[i] = steps.get(i).action();
    }
    return List.of(actions);
  }

  /**
   * The item of the plan's one PutItem: what a write that creates an item returns, whatever the
   * order of the plan's actions (the others only check or update).
   *
   * @return the item put
   * @throws IllegalStateException if the plan has no Put, or more than one
   */
  public Item put() {
    Item put = null;
    for (Step step : steps) {
      if (step.action() instanceof WriteAction.Put action) {
        if (put != null) {
          throw new IllegalStateException("the plan puts more than one item");
        }
        put = action.item();
      }
    }
    if (put == null) {
      throw new IllegalStateException("the plan puts nothing");
    }
    return put;
  }

  /**
   * One action and the meaning of its failed condition.
   *
   * @param action the write
   * @param onConditionFailed the error a failed condition means
   * @param redirects given the item as it was when the condition failed (empty if there was
   *     none), whether the failure is no error but a sign that the write belongs elsewhere (a hot
   *     key whose counters moved to shards, or reached the point where they should)
   * @param ownWrite for a single write, given the item as it was when the condition failed,
   *     whether that item is this call's own write, applied by an earlier attempt whose answer was
   *     lost (it carries the call's token): the failure then means success
   */
  public record Step(
      WriteAction action,
      Supplier<? extends QuickPhotosException> onConditionFailed,
      Predicate<Optional<Item>> redirects,
      Predicate<Optional<Item>> ownWrite) {

    /**
     * A step that never meets its own write.
     *
     * @param action the write
     * @param onConditionFailed the error a failed condition means
     * @param redirects whether a failure on the given item redirects the write
     */
    public Step(
        WriteAction action,
        Supplier<? extends QuickPhotosException> onConditionFailed,
        Predicate<Optional<Item>> redirects) {
      this(action, onConditionFailed, redirects, item -> false);
    }

    /**
     * A step whose failed condition is always the error.
     *
     * @param action the write
     * @param onConditionFailed the error a failed condition means
     */
    public Step(WriteAction action, Supplier<? extends QuickPhotosException> onConditionFailed) {
      this(action, onConditionFailed, item -> false);
    }
  }
}
