package io.quickphotos.contract;

import io.quickphotos.ServiceUnavailableException;
import io.quickphotos.internal.singletable.Capacity;
import io.quickphotos.internal.singletable.Item;
import io.quickphotos.internal.singletable.Key;
import io.quickphotos.internal.singletable.QueryPlan;
import io.quickphotos.internal.singletable.QueryResult;
import io.quickphotos.internal.singletable.Table;
import io.quickphotos.internal.singletable.WriteAction;
import java.util.List;
import java.util.function.Supplier;

/**
 * A {@link Table} decorator for tests of interrupted cascades: it counts requests, records the
 * largest transaction, and can make one request fail as a crash would. The failing request is
 * executed first (its effect is in the table) and then reported as
 * {@link ServiceUnavailableException}, the harder case for a caller: it cannot tell whether the
 * write happened. Thread-safe enough for the single-threaded tests that use it.
 */
public final class InterruptibleTable implements Table {
  private final Table engine;
  private int requests;
  private int failAt = -1;
  private int largestTransaction;

  /**
   * Wraps an engine; nothing fails until {@link #failAtRequest} says so.
   *
   * @param engine the real engine
   */
  public InterruptibleTable(Table engine) {
    this.engine = engine;
  }

  /**
   * Makes the n-th request from now fail after it was executed; later ones succeed.
   *
   * @param n 1 for the next request
   */
  public void failAtRequest(int n) {
    failAt = requests + n;
  }

  /** Lets every request succeed again. */
  public void heal() {
    failAt = -1;
  }

  /**
   * Requests made so far.
   *
   * @return the count
   */
  public int requests() {
    return requests;
  }

  /**
   * The most actions any transaction carried.
   *
   * @return the count
   */
  public int largestTransaction() {
    return largestTransaction;
  }

  private <T> T request(Supplier<T> body) {
    requests++;
    T result = body.get();
    if (requests == failAt) {
      failAt = -1;
      throw new ServiceUnavailableException("injected failure at request " + requests);
    }
    return result;
  }

  @Override
  public Read getItem(Key key) {
    return request(() -> engine.getItem(key));
  }

  @Override
  public QueryResult query(QueryPlan plan) {
    return request(() -> engine.query(plan));
  }

  @Override
  public BatchRead batchGetItem(List<Key> keys) {
    return request(() -> engine.batchGetItem(keys));
  }

  @Override
  public BatchWrite batchWriteItem(List<Item> items) {
    return request(() -> engine.batchWriteItem(items));
  }

  @Override
  public Write write(WriteAction action) {
    return request(() -> engine.write(action));
  }

  @Override
  public Capacity transactWrite(List<WriteAction> actions) {
    largestTransaction = Math.max(largestTransaction, actions.size());
    return request(() -> engine.transactWrite(actions));
  }
}
