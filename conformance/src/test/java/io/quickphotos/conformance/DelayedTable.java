package io.quickphotos.conformance;

import io.quickphotos.engine.Capacity;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.QueryPlan;
import io.quickphotos.engine.QueryResult;
import io.quickphotos.engine.Table;
import io.quickphotos.engine.WriteAction;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;

/**
 * A table that waits a random few tens of microseconds before and after each request it passes
 * on, as a network would. The memory engine answers in microseconds, so without this the
 * threads of a concurrent history would seldom have calls in flight at once, and a call of
 * several requests (followedBy's Query and BatchGetItem) would seldom be overtaken between them.
 */
final class DelayedTable implements Table {
  private final Table delegate;

  DelayedTable(Table delegate) {
    this.delegate = delegate;
  }

  private static <T> T delayed(Supplier<T> request) {
    pause();
    try {
      return request.get();
    } finally {
      pause();
    }
  }

  private static void pause() {
    LockSupport.parkNanos(ThreadLocalRandom.current().nextLong(10_000, 60_000));
  }

  @Override
  public Read getItem(Key key) {
    return delayed(() -> delegate.getItem(key));
  }

  @Override
  public TransactRead transactGetItems(List<Key> keys) {
    return delayed(() -> delegate.transactGetItems(keys));
  }

  @Override
  public QueryResult query(QueryPlan plan) {
    return delayed(() -> delegate.query(plan));
  }

  @Override
  public QueryResult scan(io.quickphotos.engine.ScanPlan plan) {
    return delayed(() -> delegate.scan(plan));
  }

  @Override
  public BatchRead batchGetItem(List<Key> keys) {
    return delayed(() -> delegate.batchGetItem(keys));
  }

  @Override
  public BatchWrite batchWriteItem(List<Item> items) {
    return delayed(() -> delegate.batchWriteItem(items));
  }

  @Override
  public Write write(WriteAction action) {
    return delayed(() -> delegate.write(action));
  }

  @Override
  public Capacity transactWrite(List<WriteAction> actions) {
    return delayed(() -> delegate.transactWrite(actions));
  }
}
