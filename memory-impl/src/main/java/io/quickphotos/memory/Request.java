package io.quickphotos.memory;

/**
 * The DynamoDB requests a repository makes, as {@link Faults} names them: a fault is scripted for
 * one or more kinds of request, and each request the engine receives is one attempt (a request
 * the repository or the simulated SDK retries counts again).
 */
public enum Request {
  /** GetItem: {@code getUser}, {@code getPhoto}. */
  GET_ITEM,
  /** Query: every listing. */
  QUERY,
  /** BatchGetItem: the profiles of {@code followedBy}. */
  BATCH_GET_ITEM,
  /** BatchWriteItem: {@code importSnapshot}. */
  BATCH_WRITE_ITEM,
  /** PutItem: {@code createUser}. */
  PUT_ITEM,
  /** UpdateItem: {@code updateProfile}. */
  UPDATE_ITEM,
  /** DeleteItem. */
  DELETE_ITEM,
  /** TransactWriteItems: uploads, reactions, follows and unfollows. */
  TRANSACT_WRITE_ITEMS;

  /**
   * Whether the request writes.
   *
   * @return true for BatchWriteItem, PutItem, UpdateItem, DeleteItem and TransactWriteItems
   */
  public boolean writes() {
    return this != GET_ITEM && this != QUERY && this != BATCH_GET_ITEM;
  }
}
