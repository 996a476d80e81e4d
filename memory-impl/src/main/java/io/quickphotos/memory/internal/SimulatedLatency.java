package io.quickphotos.memory.internal;

import io.quickphotos.engine.Capacity;
import io.quickphotos.engine.ClientToken;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.QueryPlan;
import io.quickphotos.engine.QueryResult;
import io.quickphotos.engine.Table;
import io.quickphotos.engine.WriteAction;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.locks.LockSupport;

/**
 * Makes every request of the access patterns wait a fixed time before the engine answers it, as
 * a network round trip to DynamoDB would: an application's test then sees what its calls cost in
 * latency (the number of round trips one after another, times the delay), which the bare memory
 * engine hides. Scans (tooling only) are not delayed. Thread-safe if the delegate is; requests
 * on different threads wait side by side.
 */
public final class SimulatedLatency extends ForwardingTable {
  private final long nanos;

  /**
   * Delays each request to {@code delegate} by {@code perRequest}.
   *
   * @param delegate the engine
   * @param perRequest the wait before each answer, not negative
   */
  public SimulatedLatency(Table delegate, Duration perRequest) {
    super(delegate);
    Objects.requireNonNull(perRequest, "perRequest");
    if (perRequest.isNegative()) {
      throw new IllegalArgumentException("latency must not be negative, was " + perRequest);
    }
    this.nanos = perRequest.toNanos();
  }

  /** Waits the whole delay; an interrupt ends the wait early and stays set. */
  private void roundTrip() {
    long end = System.nanoTime() + nanos;
    for (long left = nanos; left > 0 && !Thread.currentThread().isInterrupted(); ) {
      LockSupport.parkNanos(left);
      left = end - System.nanoTime();
    }
  }

  @Override
  public Read getItem(Key key) {
    roundTrip();
    return delegate.getItem(key);
  }

  @Override
  public TransactRead transactGetItems(List<Key> keys) {
    roundTrip();
    return delegate.transactGetItems(keys);
  }

  @Override
  public QueryResult query(QueryPlan plan) {
    roundTrip();
    return delegate.query(plan);
  }

  @Override
  <T, R> R batch(Batch<T, R> batch, List<T> requested) {
    roundTrip();
    return batch.send(delegate, requested);
  }

  @Override
  Write write(WriteAction action, boolean resendable) {
    roundTrip();
    return passOn(action, resendable);
  }

  @Override
  public Capacity transactWrite(List<WriteAction> actions, ClientToken token) {
    roundTrip();
    return delegate.transactWrite(actions, token);
  }
}
