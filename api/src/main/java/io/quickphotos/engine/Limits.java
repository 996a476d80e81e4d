package io.quickphotos.engine;

import java.util.Set;

/**
 * DynamoDB's limits and codes as quickphotos relies on them, written once: request and page
 * sizes, the reason codes of a cancelled transaction, and the default table and index names.
 * Every engine, the repository and the tooling read them from here. Values are DynamoDB's
 * documented service limits (see {@code DYNAMODB.md}).
 */
public final class Limits {
  /** The most keys one BatchGetItem may carry. */
  public static final int MAX_BATCH_GET_KEYS = 100;

  /** The most puts or deletes one BatchWriteItem may carry. */
  public static final int MAX_BATCH_WRITE_ITEMS = 25;

  /** The most actions one TransactWriteItems may carry. */
  public static final int MAX_TRANSACTION_ACTIONS = 100;

  /** The largest TransactWriteItems request, in bytes of its items (4 MB). */
  public static final int MAX_TRANSACTION_BYTES = 4 * 1024 * 1024;

  /** The largest item, attribute names and values together (400 KB). */
  public static final int MAX_ITEM_BYTES = 400 * 1024;

  /** A Query or Scan page stops once it has read this many bytes (1 MB). */
  public static final int MAX_PAGE_BYTES = 1024 * 1024;

  /** A BatchGetItem response stops once it holds this many bytes (16 MB). */
  public static final int MAX_BATCH_GET_RESPONSE_BYTES = 16 * 1024 * 1024;

  /** The longest partition key value, in UTF-8 bytes. */
  public static final int MAX_PARTITION_KEY_BYTES = 2048;

  /** The longest sort key value, in UTF-8 bytes. */
  public static final int MAX_SORT_KEY_BYTES = 1024;

  /** A transaction item that was not the cause of the cancellation. */
  public static final String NONE = "None";

  /** A transaction item whose condition did not hold. */
  public static final String CONDITIONAL_CHECK_FAILED = "ConditionalCheckFailed";

  /** A transaction item that met another transaction on the same item. */
  public static final String TRANSACTION_CONFLICT = "TransactionConflict";

  /** A transaction item DynamoDB refused as malformed. */
  public static final String VALIDATION_ERROR = "ValidationError";

  /** A transaction item throttled by the table's or a partition's throughput. */
  public static final String THROTTLING_ERROR = "ThrottlingError";

  /** A transaction item over the provisioned throughput. */
  public static final String PROVISIONED_THROUGHPUT_EXCEEDED = "ProvisionedThroughputExceeded";

  /** A transaction item over the account's request limit. */
  public static final String REQUEST_LIMIT_EXCEEDED = "RequestLimitExceeded";

  /** Cancellation reasons that go away by themselves: a retry with backoff may succeed. */
  public static final Set<String> TRANSIENT_REASONS =
      Set.of(
          TRANSACTION_CONFLICT,
          THROTTLING_ERROR,
          PROVISIONED_THROUGHPUT_EXCEEDED,
          REQUEST_LIMIT_EXCEEDED);

  /** The table name the command, the examples and the simulated errors use by default. */
  public static final String DEFAULT_TABLE_NAME = "quick-photos";

  /** The name of the table's one global secondary index, {@link Index#INVERTED}. */
  public static final String INVERTED_INDEX_NAME = "InvertedIndex";

  private Limits() {}
}
