package io.quickphotos.contract;

import io.quickphotos.ServiceUnavailableException;
import io.quickphotos.engine.Capacity;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.Operation;
import io.quickphotos.engine.QueryPlan;
import io.quickphotos.engine.QueryResult;
import io.quickphotos.engine.ScanPlan;
import io.quickphotos.engine.Table;
import io.quickphotos.engine.Unavailability;
import io.quickphotos.engine.WriteAction;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * A {@link Table} decorator for tests of interrupted and interleaved cascades: it counts
 * requests, records the largest transaction, can make one request fail as a crash would, and can
 * hold one request until the test lets it go. The failing request is executed first (its effect
 * is in the table) and then reported as {@link ServiceUnavailableException}, the harder case for
 * a caller: it cannot tell whether the write happened. A held request has not reached the engine
 * yet, so whatever the test does meanwhile happens before it: that is how a test forces one
 * interleaving of two calls, deterministically, on any engine. Thread-safe.
 */
public final class InterruptibleTable implements Table {
  private final Table engine;
  private int requests;
  private int failAt = -1;
  private int largestTransaction;
  private Pause pause;
  private Operation failed;

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
  public synchronized void failAtRequest(int n) {
    failAt = requests + n;
  }

  /**
   * The operation of the last request made to fail.
   *
   * @return the operation, or null if none failed yet
   */
  public synchronized Operation failed() {
    return failed;
  }

  /** Lets every request succeed again. */
  public synchronized void heal() {
    failAt = -1;
  }

  /**
   * Requests made so far.
   *
   * @return the count
   */
  public synchronized int requests() {
    return requests;
  }

  /**
   * The most actions any transaction carried.
   *
   * @return the count
   */
  public synchronized int largestTransaction() {
    return largestTransaction;
  }

  /**
   * Holds the first request from now that {@code which} accepts, on whichever thread makes it,
   * before it reaches the engine, until {@link Pause#resume()}. Requests the predicate is given:
   * the {@link Key} of a GetItem, the {@link QueryPlan} of a Query, the {@link WriteAction} of a
   * single write, and the list of a BatchGetItem, BatchWriteItem or TransactWriteItems.
   *
   * @param which the request to hold
   * @return the pause, to wait for and to resume
   */
  public synchronized Pause pauseBefore(Predicate<Object> which) {
    pause = new Pause(which);
    return pause;
  }

  /** One held request: the test waits until it is reached, acts, then lets it go. */
  public static final class Pause {
    private final Predicate<Object> which;
    private final CountDownLatch reached = new CountDownLatch(1);
    private final CountDownLatch resumed = new CountDownLatch(1);

    private Pause(Predicate<Object> which) {
      this.which = which;
    }

    /**
     * Waits until a call makes the request (at most 30 s).
     *
     * @throws AssertionError if no call makes it
     */
    public void awaitReached() {
      await(reached, "no call made the request to pause");
    }

    /** Lets the held request go on to the engine. */
    public void resume() {
      resumed.countDown();
    }

    private void hold() {
      reached.countDown();
      await(resumed, "the held request was never resumed");
    }

    private static void await(CountDownLatch latch, String never) {
      try {
        if (!latch.await(30, TimeUnit.SECONDS)) {
          throw new AssertionError(never);
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError(e);
      }
    }
  }

  private <T> T request(Operation operation, Object request, Supplier<T> body) {
    Pause held;
    synchronized (this) {
      held = pause != null && pause.which.test(request) ? pause : null;
      if (held != null) {
        pause = null;
      }
    }
    if (held != null) {
      held.hold();
    }
    int number;
    synchronized (this) {
      number = ++requests;
    }
    T result = body.get();
    synchronized (this) {
      if (number == failAt) {
        failAt = -1;
        failed = operation;
        // As a request that timed out after DynamoDB applied it.
        throw Unavailability.of(
            "injected failure at request " + number,
            ServiceUnavailableException.Reason.UNREACHABLE,
            operation,
            true,
            null);
      }
    }
    return result;
  }

  @Override
  public QueryResult scan(ScanPlan plan) {
    return request(Operation.SCAN, plan, () -> engine.scan(plan));
  }

  @Override
  public boolean indexMayLag() {
    return engine.indexMayLag();
  }

  @Override
  public Read getItem(Key key) {
    return request(Operation.GET_ITEM, key, () -> engine.getItem(key));
  }

  @Override
  public TransactRead transactGetItems(List<Key> keys) {
    return request(Operation.TRANSACT_GET_ITEMS, keys, () -> engine.transactGetItems(keys));
  }

  @Override
  public QueryResult query(QueryPlan plan) {
    return request(Operation.QUERY, plan, () -> engine.query(plan));
  }

  @Override
  public BatchRead batchGetItem(List<Key> keys) {
    return request(Operation.BATCH_GET_ITEM, keys, () -> engine.batchGetItem(keys));
  }

  @Override
  public BatchWrite batchWriteItem(List<Item> items) {
    return request(Operation.BATCH_WRITE_ITEM, items, () -> engine.batchWriteItem(items));
  }

  @Override
  public Write write(WriteAction action) {
    return request(Operation.of(action), action, () -> engine.write(action));
  }

  @Override
  public Capacity transactWrite(List<WriteAction> actions) {
    synchronized (this) {
      largestTransaction = Math.max(largestTransaction, actions.size());
    }
    return request(Operation.TRANSACT_WRITE_ITEMS, actions, () -> engine.transactWrite(actions));
  }
}
