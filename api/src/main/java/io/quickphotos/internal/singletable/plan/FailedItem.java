package io.quickphotos.internal.singletable.plan;

import io.quickphotos.engine.Item;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * The item a write's condition failed on, kept for the error the failure means where that
 * depends on the item (a version that moved on is a conflict, a missing item is not found). A
 * step passes it as the test the repository asks with the failed item before it asks the step
 * for its error — a single write's {@link WritePlan.Step#ownWrite()}, a transaction step's
 * {@link WritePlan.Step#redirects()} — which records the item and answers false; the step's error
 * then reads it. The item comes with the failure at no cost
 * ({@code ReturnValuesOnConditionCheckFailure=ALL_OLD}). One per plan, and a plan is one call's:
 * not thread-safe.
 */
public final class FailedItem implements Predicate<Optional<Item>> {
  private final Predicate<Optional<Item>> answer;
  private Optional<Item> item = Optional.empty();

  /** Keeps the item and answers false: the failure is an error. */
  public FailedItem() {
    this(found -> false);
  }

  /**
   * Keeps the item and answers what {@code answer} says of it (a single write's own-write test).
   *
   * @param answer the test the step would pass without keeping the item
   */
  public FailedItem(Predicate<Optional<Item>> answer) {
    this.answer = answer;
  }

  @Override
  public boolean test(Optional<Item> found) {
    item = found;
    return answer.test(found);
  }

  /**
   * The item the condition failed on.
   *
   * @return the item, empty if there was none (or no failure was seen)
   */
  public Optional<Item> item() {
    return item;
  }
}
