package io.quickphotos.memory;

import io.quickphotos.engine.Operation;
import java.util.EnumMap;
import java.util.Map;

/**
 * The DynamoDB requests a repository makes, as {@link Faults} names them: a fault is scripted for
 * one or more kinds of request, and each request the engine receives is one attempt (a request
 * the repository or the simulated SDK retries counts again).
 */
public enum Request {
  /** GetItem: {@code getUser}, {@code getPhoto}. */
  GET_ITEM(Operation.GET_ITEM),
  /** Query: every listing. */
  QUERY(Operation.QUERY),
  /** BatchGetItem: the profiles of {@code followedBy}. */
  BATCH_GET_ITEM(Operation.BATCH_GET_ITEM),
  /** BatchWriteItem: {@code importSnapshot}. */
  BATCH_WRITE_ITEM(Operation.BATCH_WRITE_ITEM),
  /** PutItem: {@code createUser}. */
  PUT_ITEM(Operation.PUT_ITEM),
  /** UpdateItem: {@code updateProfile}. */
  UPDATE_ITEM(Operation.UPDATE_ITEM),
  /** DeleteItem. */
  DELETE_ITEM(Operation.DELETE_ITEM),
  /** TransactWriteItems: uploads, reactions, follows and unfollows. */
  TRANSACT_WRITE_ITEMS(Operation.TRANSACT_WRITE_ITEMS),
  /** TransactGetItems: the counters of a hot user or photo, its item and shards at once. */
  TRANSACT_GET_ITEMS(Operation.TRANSACT_GET_ITEMS);

  private static final Map<Operation, Request> BY_OPERATION = new EnumMap<>(Operation.class);

  static {
    for (Request request : values()) {
      BY_OPERATION.put(request.operation, request);
    }
  }

  private final Operation operation;

  Request(Operation operation) {
    this.operation = operation;
  }

  /** The request an engine operation is; engine-facing, so not public. */
  static Request of(Operation operation) {
    Request request = BY_OPERATION.get(operation);
    if (request == null) {
      throw new IllegalArgumentException("faults are not scripted for " + operation.wireName());
    }
    return request;
  }

  /**
   * Whether the request writes.
   *
   * @return true for BatchWriteItem, PutItem, UpdateItem, DeleteItem and TransactWriteItems
   */
  public boolean writes() {
    return operation.writes();
  }
}
