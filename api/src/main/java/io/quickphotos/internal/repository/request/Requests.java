package io.quickphotos.internal.repository.request;

import io.quickphotos.CostListener;
import io.quickphotos.engine.Table;
import java.util.Objects;

/**
 * The request layer of one repository, the only way its features reach the engine: the calls'
 * wrapper and metering ({@link Calls}), reads, writes, batches, the one retry budget and the
 * pool that sends a call's independent requests side by side. Built once per repository;
 * thread-safe if the engine is.
 *
 * @param calls wraps each call, meters it and maps its failures
 * @param reads GetItem, Query and Scan
 * @param writes single writes and transactions
 * @param batches BatchGetItem, BatchWriteItem and snapshot reads of any size
 * @param retrier the retry budget every loop shares
 */
public record Requests(Calls calls, Reads reads, Writes writes, Batches batches, Retrier retrier) {

  /**
   * The request layer over an engine.
   *
   * @param table the engine
   * @param costListener receives each call's cost
   * @param retrier the retry budget
   * @param pool sends a call's independent requests side by side
   * @param watcher told of every write request
   * @return the layer
   */
  public static Requests over(
      Table table,
      CostListener costListener,
      Retrier retrier,
      RequestPool pool,
      WriteWatcher watcher) {
    Objects.requireNonNull(table, "table");
    Objects.requireNonNull(retrier, "retrier");
    Objects.requireNonNull(pool, "pool");
    Objects.requireNonNull(watcher, "watcher");
    return new Requests(
        new Calls(costListener),
        new Reads(table, pool),
        new Writes(table, retrier, watcher),
        new Batches(table, retrier, pool, watcher),
        retrier);
  }
}
