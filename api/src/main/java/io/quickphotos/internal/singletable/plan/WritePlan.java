package io.quickphotos.internal.singletable.plan;

import io.quickphotos.QuickPhotosException;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.WriteAction;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * The writes of one access pattern as plain data: the actions, whether they go as one
 * TransactWriteItems or as a single write, and for each action its name and what a failed
 * condition on it means to the caller. A caller asks a cancelled transaction about a step by its
 * {@link StepName}, never by its position, so a plan may order its actions as it likes.
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
   * @throws IllegalArgumentException if a single write has more than one step, or two steps
   *     share a name
   */
  public WritePlan {
    steps = List.copyOf(steps);
    if (!transactional && steps.size() != 1) {
      throw new IllegalArgumentException("a non-transactional plan has exactly one step");
    }
    // Pairwise, without a set: most plans have two to four steps, and every write builds one.
    for (int i = 1; i < steps.size(); i++) {
      StepName name = steps.get(i).name();
      for (int j = 0; j < i; j++) {
        if (steps.get(j).name().equals(name)) {
          throw new IllegalArgumentException("two steps named " + name);
        }
      }
    }
  }

  /** The name of a single write's one step. */
  public static final StepName SINGLE = StepName.of("write");

  /**
   * The position of a named step in request order.
   *
   * @param name the step's name
   * @return its position
   * @throws IllegalArgumentException if the plan has no such step
   */
  public int indexOf(StepName name) {
    for (int i = 0; i < steps.size(); i++) {
      if (steps.get(i).name().equals(name)) {
        return i;
      }
    }
    throw new IllegalArgumentException("no step named " + name + " in " + steps);
  }

  /**
   * The step of this name.
   *
   * @param name the step's name
   * @return the step
   * @throws IllegalArgumentException if the plan has no such step
   */
  public Step step(StepName name) {
    return steps.get(indexOf(name));
  }

  /**
   * This plan with the named step changed, in its place.
   *
   * @param name the step's name
   * @param change what becomes of it
   * @return the plan
   * @throws IllegalArgumentException if the plan has no such step
   */
  public WritePlan with(StepName name, java.util.function.UnaryOperator<Step> change) {
    List<Step> changed = new java.util.ArrayList<>(steps);
    int at = indexOf(name);
    changed.set(at, change.apply(steps.get(at)));
    return new WritePlan(changed, transactional);
  }

  /**
   * This plan as one transaction with one more step after the others.
   *
   * @param step the step
   * @return the plan
   */
  public WritePlan plus(Step step) {
    List<Step> more = new java.util.ArrayList<>(steps);
    more.add(step);
    return new WritePlan(more, true);
  }

  /**
   * Whether the plan has a step of this name.
   *
   * @param name the step's name
   * @return whether it has
   */
  public boolean has(StepName name) {
    for (Step step : steps) {
      if (step.name().equals(name)) {
        return true;
      }
    }
    return false;
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
    return new WritePlan(List.of(new Step(SINGLE, action, onConditionFailed)), false);
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
   * A plan of one transaction.
   *
   * @param steps the actions in request order
   * @return the plan
   */
  public static WritePlan transaction(List<Step> steps) {
    return new WritePlan(steps, true);
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
   * One action, its name and the meaning of its failed condition.
   *
   * @param name what a caller asks a cancellation about
   * @param action the write
   * @param judge given the item as it was when the condition failed (empty if there was none),
   *     what the failure means; called only on a failure
   */
  public record Step(
      StepName name, WriteAction action, Function<Optional<Item>, StepOutcome> judge) {

    /** Checks every part is there. */
    public Step {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(action, "action");
      Objects.requireNonNull(judge, "judge");
    }

    /**
     * A step whose failed condition is always the error.
     *
     * @param name what a caller asks a cancellation about
     * @param action the write
     * @param onConditionFailed the error a failed condition means
     */
    public Step(
        StepName name,
        WriteAction action,
        Supplier<? extends QuickPhotosException> onConditionFailed) {
      this(name, action, found -> StepOutcome.failed(onConditionFailed));
    }

    /**
     * A step whose failure, on some items, is handed back to the caller: the write belongs
     * elsewhere (a hot key whose counters moved to shards, or reached the point where they
     * should; a follow that must take the guarded path).
     *
     * @param name what a caller asks a cancellation about
     * @param action the write
     * @param onConditionFailed the error a failed condition means otherwise, and for a caller
     *     with nowhere else to go
     * @param handsBack given the item as it was when the condition failed, whether the failure
     *     is handed back
     */
    public Step(
        StepName name,
        WriteAction action,
        Supplier<? extends QuickPhotosException> onConditionFailed,
        Predicate<Optional<Item>> handsBack) {
      this(
          name,
          action,
          found ->
              handsBack.test(found)
                  ? new StepOutcome.HandedBack(onConditionFailed)
                  : StepOutcome.failed(onConditionFailed));
    }

    /**
     * A step of a transaction whose caller reads every failure from the cancellation (a
     * cascade's): its failed condition is no error of its own.
     *
     * @param name what the caller asks the cancellation about
     * @param action the write
     */
    public Step(StepName name, WriteAction action) {
      this(name, action, found -> HANDED_BACK);
    }

    /**
     * The same step with another action: its name and what its failure means kept.
     *
     * @param other the action
     * @return the step
     */
    public Step withAction(WriteAction other) {
      return new Step(name, other, judge);
    }

    /**
     * What the step's failed condition means on the item it failed on.
     *
     * @param found the item as it was, empty if there was none
     * @return the outcome
     */
    public StepOutcome judge(Optional<Item> found) {
      return judge.apply(found);
    }

    /** The outcome of a step that has no error of its own: its caller reads the cancellation. */
    private static final StepOutcome HANDED_BACK =
        new StepOutcome.HandedBack(
            () ->
                new QuickPhotosException("a transaction step without an error of its own failed"));
  }
}
