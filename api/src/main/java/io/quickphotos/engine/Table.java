package io.quickphotos.engine;

import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The SPI every engine implements: the eight DynamoDB requests the single-table design needs, on
 * one table with string keys {@code PK} and {@code SK} and the global secondary index
 * {@code InvertedIndex} ({@code SK}, {@code PK}, projection ALL). Each method is exactly one
 * request; retries of unprocessed keys or conflicts are the caller's, so the caller can count
 * requests. Every method reports the capacity the request consumed, as DynamoDB computes it.
 *
 * <p>Implementations must be thread-safe: reads may run concurrently; each write and each
 * transaction is atomic and isolated.
 *
 * <p>Every method may throw {@link TableRequestRefusedException} for a request DynamoDB would refuse
 * and {@link io.quickphotos.ServiceUnavailableException} when the backend is throttled or
 * unreachable after its own retries.
 */
public interface Table {

  /**
   * GetItem, strongly consistent.
   *
   * @param key the item's key
   * @return the item, if present, and the capacity consumed
   */
  Read getItem(Key key);

  /**
   * Query.
   *
   * @param plan what to read
   * @return the items, the last evaluated key and the capacity consumed
   */
  QueryResult query(QueryPlan plan);

  /**
   * BatchGetItem, strongly consistent: at most 100 distinct keys.
   *
   * @param keys the keys to read
   * @return the items found (in no particular order), the keys left unprocessed, and the capacity
   */
  BatchRead batchGetItem(List<Key> keys);

  /**
   * TransactGetItems: up to 100 items, each by key, read as one snapshot, isolated from every
   * transaction and write (none lands between the reads of two of them). What a hot key's count
   * is read with: its item and its shards at one moment.
   *
   * <p>Capacity: each item as a transactional read, twice a strongly consistent one (its size
   * rounded up to 4 KB, a missing item as one unit).
   *
   * @param keys 1 to 100 distinct keys
   * @return the items, in the order of the keys (empty where there is none), and the capacity
   * @throws TableTransactionCancelledException if a write conflicted with the read (DynamoDB
   *     cancels it with {@code TransactionConflict}); nothing read
   */
  TransactRead transactGetItems(List<Key> keys);

  /**
   * BatchWriteItem of puts only: at most 25 items with distinct keys, each written whole and
   * unconditionally, as PutItem would. Not atomic: each item is written or returned unprocessed
   * on its own; the caller retries the unprocessed ones.
   *
   * @param items the items to put
   * @return the items left unprocessed this time, and the capacity consumed
   */
  BatchWrite batchWriteItem(List<Item> items);

  /**
   * One PutItem, UpdateItem or DeleteItem (not a {@link WriteAction.Check}).
   *
   * @param action the write
   * @return the item after the write (empty after a delete) and the capacity consumed
   * @throws TableConditionFailedException if the action's condition is false; nothing written
   */
  Write write(WriteAction action);

  /**
   * One PutItem, UpdateItem or DeleteItem that is never sent again after an attempt that may
   * have been applied: for a write whose resend, once another write reached the item in
   * between, cannot tell its own earlier attempt from that write's (a profile update, whose
   * token the next update replaces). Attempts refused before anything was done (throttling)
   * are retried as {@link #write} retries them; after one that timed out, lost its answer or
   * met a server error, this throws {@link io.quickphotos.ServiceUnavailableException} written
   * {@link io.quickphotos.ServiceUnavailableException.Written#UNKNOWN}, and the caller reads
   * the item to learn what happened. This default is {@link #write}, right for an engine that
   * never resends such an attempt (the memory engine); a decorator must pass this on as itself.
   *
   * @param action the write
   * @return the item after the write (empty after a delete) and the capacity consumed
   * @throws TableConditionFailedException if the action's condition is false; nothing written
   */
  default Write writeAtMostOnce(WriteAction action) {
    return write(action);
  }

  /**
   * TransactWriteItems: all actions or none, at most 100, no two on the same item.
   *
   * @param actions the actions, in request order
   * @return the capacity consumed
   * @throws TableTransactionCancelledException if any condition is false; nothing written
   */
  Capacity transactWrite(List<WriteAction> actions);

  /**
   * TransactWriteItems as one attempt of a call that may retry it: every attempt of the call
   * passes the same token, and an engine that can be retried after an unknown outcome (DynamoDB)
   * sends it as the {@code ClientRequestToken}, so the transaction is applied at most once.
   * Engines without that need ignore the token; this default does.
   *
   * @param actions the actions, in request order
   * @param token the call's idempotency token, the same on every attempt
   * @return the capacity consumed
   * @throws TableTransactionCancelledException if any condition is false; nothing written
   * @throws TableTransactionInProgressException if an earlier attempt under the token is still
   *     in progress; nothing written by this attempt
   */
  default Capacity transactWrite(List<WriteAction> actions, ClientToken token) {
    return transactWrite(actions);
  }

  /**
   * Scan, strongly consistent: one page of one segment of the table. Segments split the table
   * by partition key, so a parallel scan reads each item once; within a segment the order is the
   * engine's own, stable for paging. No access pattern scans: this is for tooling that reads the
   * whole table (the audit).
   *
   * @param plan the segment, the page size and where to continue
   * @return the items, the last evaluated key (absent after the segment's last page) and the
   *     capacity consumed (as a Query's: the bytes read rounded up to 4 KB once)
   */
  QueryResult scan(ScanPlan plan);

  /**
   * Every item of the table, read with {@link #scan} page after page of one segment: the one way
   * tooling (export, test fixtures) reads a whole table, on every engine. Not a snapshot: items
   * written during the scan may or may not be seen. The order is the engine's own.
   *
   * @param sink receives each item, on the calling thread
   * @return how many items were read
   */
  default long forEachItem(Consumer<Item> sink) {
    ScanPlan plan = new ScanPlan(0, 1, 1000, Optional.empty());
    long count = 0;
    while (true) {
      QueryResult page = scan(plan);
      page.items().forEach(sink);
      count += page.items().size();
      if (page.lastEvaluatedKey().isEmpty()) {
        return count;
      }
      plan = plan.startingAfter(page.lastEvaluatedKey().get());
    }
  }

  /**
   * Whether a Query on the inverted index may miss a write that has already returned: true on
   * DynamoDB, whose global secondary indexes are eventually consistent; false for an engine that
   * updates its index with each write. Only the messages of the cascades that give up depend on
   * it, so they name the cause that can really be at work.
   *
   * @return true unless the engine's index never lags
   */
  default boolean indexMayLag() {
    return true;
  }

  /**
   * The result of a GetItem.
   *
   * @param item the item, if present
   * @param consumed the capacity consumed
   */
  record Read(Optional<Item> item, Capacity consumed) {}

  /**
   * The result of a BatchGetItem.
   *
   * @param items the items found
   * @param unprocessedKeys the keys the engine did not read this time
   * @param consumed the capacity consumed
   */
  record BatchRead(List<Item> items, List<Key> unprocessedKeys, Capacity consumed) {
    /**
     * Creates a result; the lists are copied.
     *
     * @param items the items found
     * @param unprocessedKeys the keys not read
     * @param consumed the capacity consumed
     */
    public BatchRead {
      items = List.copyOf(items);
      unprocessedKeys = List.copyOf(unprocessedKeys);
    }
  }

  /**
   * The result of a TransactGetItems.
   *
   * @param items one per key, in the order of the keys, empty where there is no item
   * @param consumed the capacity consumed
   */
  record TransactRead(List<Optional<Item>> items, Capacity consumed) {
    /**
     * Creates a result; the list is copied.
     *
     * @param items one per key
     * @param consumed the capacity consumed
     */
    public TransactRead {
      items = List.copyOf(items);
    }
  }

  /**
   * The result of a BatchWriteItem.
   *
   * @param unprocessedItems the items the engine did not write this time
   * @param consumed the capacity consumed
   */
  record BatchWrite(List<Item> unprocessedItems, Capacity consumed) {
    /**
     * Creates a result; the list is copied.
     *
     * @param unprocessedItems the items not written
     * @param consumed the capacity consumed
     */
    public BatchWrite {
      unprocessedItems = List.copyOf(unprocessedItems);
    }
  }

  /**
   * The result of a single write.
   *
   * @param item the item after the write; empty after a delete
   * @param consumed the capacity consumed
   */
  record Write(Optional<Item> item, Capacity consumed) {}
}
