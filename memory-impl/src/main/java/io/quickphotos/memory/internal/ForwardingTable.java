package io.quickphotos.memory.internal;

import io.quickphotos.engine.Capacity;
import io.quickphotos.engine.ClientToken;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.QueryPlan;
import io.quickphotos.engine.QueryResult;
import io.quickphotos.engine.ScanPlan;
import io.quickphotos.engine.Table;
import io.quickphotos.engine.WriteAction;
import java.util.List;
import java.util.Objects;

/**
 * A {@link Table} that passes every request on to another: the base of the decorators that make
 * the memory engine fail as DynamoDB fails, each overriding only the requests it changes.
 * Thread-safe if the delegate is.
 */
abstract class ForwardingTable implements Table {
  final Table delegate;

  ForwardingTable(Table delegate) {
    this.delegate = Objects.requireNonNull(delegate, "delegate");
  }

  @Override
  public Read getItem(Key key) {
    return delegate.getItem(key);
  }

  @Override
  public TransactRead transactGetItems(List<Key> keys) {
    return delegate.transactGetItems(keys);
  }

  @Override
  public QueryResult query(QueryPlan plan) {
    return delegate.query(plan);
  }

  @Override
  public final BatchRead batchGetItem(List<Key> keys) {
    return batch(Batch.GET, keys);
  }

  @Override
  public final BatchWrite batchWriteItem(List<Item> items) {
    return batch(Batch.WRITE, items);
  }

  /**
   * BatchGetItem and BatchWriteItem, written once: a decorator that changes batches overrides
   * this alone. Passes the batch on by default.
   */
  <T, R> R batch(Batch<T, R> batch, List<T> requested) {
    return batch.send(delegate, requested);
  }

  @Override
  public final Write write(WriteAction action) {
    return write(action, true);
  }

  @Override
  public final Write writeAtMostOnce(WriteAction action) {
    return write(action, false);
  }

  /**
   * A single write, in either form, written once: a decorator that changes single writes
   * overrides this alone. Passes the write on by default.
   *
   * @param action the write
   * @param resendable false for {@link #writeAtMostOnce}: no attempt that may have been applied
   *     is sent again
   */
  Write write(WriteAction action, boolean resendable) {
    return passOn(action, resendable);
  }

  /** Passes a single write on to the delegate in the form it came in. */
  final Write passOn(WriteAction action, boolean resendable) {
    return resendable ? delegate.write(action) : delegate.writeAtMostOnce(action);
  }

  /** A call of its own, so a token of its own: decorators override only the token form. */
  @Override
  public final Capacity transactWrite(List<WriteAction> actions) {
    return transactWrite(actions, new ClientToken());
  }

  @Override
  public Capacity transactWrite(List<WriteAction> actions, ClientToken token) {
    return delegate.transactWrite(actions, token);
  }

  /** Passed on untouched by every decorator: no access pattern scans, so none is failed. */
  @Override
  public final QueryResult scan(ScanPlan plan) {
    return delegate.scan(plan);
  }

  @Override
  public final boolean indexMayLag() {
    return delegate.indexMayLag();
  }
}
