package io.quickphotos.engine;

import java.util.List;

/**
 * One write, on its own or as an action of a transaction. Every write names one item by its key
 * and carries an {@link ItemCondition} on that item.
 */
public sealed interface WriteAction {

  /**
   * The key of the item the action targets.
   *
   * @return the key
   */
  Key key();

  /**
   * The condition on the targeted item.
   *
   * @return the condition
   */
  ItemCondition condition();

  /**
   * PutItem: replace the whole item.
   *
   * @param item the new item, with its key attributes
   * @param condition the condition on the current item
   */
  record Put(Item item, ItemCondition condition) implements WriteAction {
    @Override
    public Key key() {
      return item.key();
    }
  }

  /**
   * UpdateItem: change some attributes, creating the item if it is missing and the condition
   * allows.
   *
   * @param key the item's key
   * @param actions the SET clauses, at least one, each on a different path
   * @param condition the condition on the current item
   */
  record Update(Key key, List<UpdateAction> actions, ItemCondition condition)
      implements WriteAction {
    /**
     * Creates an update; the action list is copied.
     *
     * @param key the item's key
     * @param actions the clauses
     * @param condition the condition
     */
    public Update {
      actions = List.copyOf(actions);
    }
  }

  /**
   * DeleteItem.
   *
   * @param key the item's key
   * @param condition the condition on the current item
   */
  record Delete(Key key, ItemCondition condition) implements WriteAction {}

  /**
   * ConditionCheck: test the condition without writing; valid only inside a transaction.
   *
   * @param key the item's key
   * @param condition the condition to test
   */
  record Check(Key key, ItemCondition condition) implements WriteAction {}
}
