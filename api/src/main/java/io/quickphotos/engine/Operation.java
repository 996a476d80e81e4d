package io.quickphotos.engine;

/**
 * The DynamoDB operations quickphotos makes, each with the name DynamoDB gives it on the wire (in
 * the {@code X-Amz-Target} header, IAM actions, CloudWatch and error messages). One {@link Table}
 * method answers each operation but {@link #CONDITION_CHECK}, which exists only as a transaction
 * item.
 */
public enum Operation {
  /** GetItem: one item by key, strongly consistent. */
  GET_ITEM("GetItem"),
  /** Query: one page of one partition of the table or the index. */
  QUERY("Query"),
  /** Scan: one page of one segment of the table. */
  SCAN("Scan"),
  /** BatchGetItem: up to {@link Limits#MAX_BATCH_GET_KEYS} items by key. */
  BATCH_GET_ITEM("BatchGetItem"),
  /** BatchWriteItem: up to {@link Limits#MAX_BATCH_WRITE_ITEMS} unconditional puts. */
  BATCH_WRITE_ITEM("BatchWriteItem"),
  /** PutItem: one item, optionally conditional. */
  PUT_ITEM("PutItem"),
  /** UpdateItem: one item's attributes, optionally conditional. */
  UPDATE_ITEM("UpdateItem"),
  /** DeleteItem: one item, optionally conditional. */
  DELETE_ITEM("DeleteItem"),
  /** TransactWriteItems: up to {@link Limits#MAX_TRANSACTION_ACTIONS} actions, all or none. */
  TRANSACT_WRITE_ITEMS("TransactWriteItems"),
  /** TransactGetItems: up to {@link Limits#MAX_TRANSACTION_ACTIONS} items read as one snapshot. */
  TRANSACT_GET_ITEMS("TransactGetItems"),
  /** ConditionCheck: a transaction item that only tests a condition; never sent alone. */
  CONDITION_CHECK("ConditionCheck");

  private final String wireName;

  Operation(String wireName) {
    this.wireName = wireName;
  }

  /**
   * The operation's name as DynamoDB spells it.
   *
   * @return e.g. {@code "TransactWriteItems"}
   */
  public String wireName() {
    return wireName;
  }

  /**
   * Whether the operation writes (consumes write capacity).
   *
   * @return true for BatchWriteItem, PutItem, UpdateItem, DeleteItem and TransactWriteItems
   */
  public boolean writes() {
    return switch (this) {
      case BATCH_WRITE_ITEM, PUT_ITEM, UPDATE_ITEM, DELETE_ITEM, TRANSACT_WRITE_ITEMS -> true;
      default -> false;
    };
  }

  /**
   * The operation that carries a write action: its single-item request, or its kind of
   * transaction item.
   *
   * @param action the action
   * @return PUT_ITEM, UPDATE_ITEM, DELETE_ITEM or CONDITION_CHECK
   */
  public static Operation of(WriteAction action) {
    if (action instanceof WriteAction.Put) {
      return PUT_ITEM;
    } else if (action instanceof WriteAction.Update) {
      return UPDATE_ITEM;
    } else if (action instanceof WriteAction.Delete) {
      return DELETE_ITEM;
    }
    return CONDITION_CHECK;
  }
}
