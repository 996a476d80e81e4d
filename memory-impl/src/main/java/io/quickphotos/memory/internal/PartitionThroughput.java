package io.quickphotos.memory.internal;

import io.quickphotos.engine.Capacity;
import io.quickphotos.engine.ClientToken;
import io.quickphotos.engine.Index;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.Limits;
import io.quickphotos.engine.QueryPlan;
import io.quickphotos.engine.QueryResult;
import io.quickphotos.engine.Table;
import io.quickphotos.engine.TableTransactionCancelledException;
import io.quickphotos.engine.WriteAction;
import io.quickphotos.memory.Throughput;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Enforces per-partition throughput limits as an on-demand DynamoDB table does (see
 * {@link Throughput} for what is modelled): two token buckets per partition key value, refilled by
 * the repository's clock. A request is admitted while the partitions it touches have units left
 * and then charged what it consumed. When a partition is exhausted, a single-item request or a
 * Query of the table is refused ({@link RefusedAttempt}, retried by {@link SimulatedSdkRetries}
 * above); a batch returns the keys or items of exhausted partitions unprocessed, and is refused
 * only when nothing of it could be done; a transaction is cancelled with {@code ThrottlingError}
 * on the actions whose partition is exhausted.
 *
 * <p>Thread-safe if the delegate is: the buckets have their own lock.
 */
final class PartitionThroughput extends ForwardingTable {
  private final Buckets buckets;

  PartitionThroughput(Table delegate, Throughput limits, Clock clock) {
    super(delegate);
    this.buckets =
        new Buckets(
            Objects.requireNonNull(limits, "limits"), Objects.requireNonNull(clock, "clock"));
  }

  @Override
  public Read getItem(Key key) {
    admit(key.pk(), false);
    Read read = delegate.getItem(key);
    charge(List.of(key.pk()), read.consumed());
    return read;
  }

  @Override
  public QueryResult query(QueryPlan plan) {
    if (plan.index() != Index.TABLE) {
      // Partitions of InvertedIndex are not modelled: only table queries are limited.
      return delegate.query(plan);
    }
    admit(plan.partitionValue(), false);
    QueryResult result = delegate.query(plan);
    charge(List.of(plan.partitionValue()), result.consumed());
    return result;
  }

  @Override
  public Write write(WriteAction action) {
    if (action instanceof WriteAction.Check) {
      // No such request: the engine refuses it before anything is sent, as DynamoTable does.
      return delegate.write(action);
    }
    admit(action.key().pk(), true);
    Write write = delegate.write(action);
    charge(List.of(action.key().pk()), write.consumed());
    return write;
  }

  @Override
  public Capacity transactWrite(List<WriteAction> actions, ClientToken token) {
    List<String> reasons = new ArrayList<>(actions.size());
    boolean throttled = false;
    for (WriteAction action : actions) {
      boolean has = buckets.has(action.key().pk(), !(action instanceof WriteAction.Check));
      reasons.add(has ? Limits.NONE : Limits.THROTTLING_ERROR);
      throttled |= !has;
    }
    if (throttled) {
      throw new TableTransactionCancelledException(reasons, null);
    }
    Capacity consumed = delegate.transactWrite(actions, token);
    List<String> written = new ArrayList<>();
    List<String> checked = new ArrayList<>();
    for (WriteAction action : actions) {
      (action instanceof WriteAction.Check ? checked : written).add(action.key().pk());
    }
    buckets.charge(checked, consumed.read(), false);
    buckets.charge(written, tableShare(consumed.write()), true);
    return consumed;
  }

  /** Sends on the keys or items of partitions with units left; returns the rest unprocessed. */
  @Override
  <T, R> R batch(Batch<T, R> batch, List<T> requested) {
    List<T> admitted = new ArrayList<>(requested.size());
    List<T> exhausted = new ArrayList<>();
    for (T element : requested) {
      (buckets.has(batch.partition(element), batch.writes()) ? admitted : exhausted).add(element);
    }
    if (admitted.isEmpty() && !exhausted.isEmpty()) {
      // DynamoDB refuses a batch it can do nothing of, rather than return it all unprocessed.
      throw RefusedAttempt.throttled();
    }
    R result = batch.send(delegate, admitted);
    charge(batch.partitions(admitted), batch.consumed(result));
    return batch.leaving(result, exhausted);
  }

  private void admit(String partition, boolean write) {
    if (!buckets.has(partition, write)) {
      throw RefusedAttempt.throttled();
    }
  }

  private void charge(List<String> touched, Capacity consumed) {
    buckets.charge(touched, consumed.read(), false);
    buckets.charge(touched, tableShare(consumed.write()), true);
  }

  /** The base table's part of billed write units: the index, written alike, bills the rest. */
  private static double tableShare(double writeUnits) {
    return writeUnits / 2;
  }

  /** Two token buckets per partition key value, refilled by the repository's clock. */
  private static final class Buckets {
    private final Throughput limits;
    private final Clock clock;
    private final Map<String, double[]> buckets = new HashMap<>();
    private final Map<String, Instant> refilled = new HashMap<>();

    Buckets(Throughput limits, Clock clock) {
      this.limits = limits;
      this.clock = clock;
    }

    /** Whether a partition has read (or write) units left now. */
    synchronized boolean has(String partition, boolean write) {
      return bucket(partition)[write ? 1 : 0] > 0;
    }

    /** Charges units split evenly among the touched partitions; may overdraw. */
    synchronized void charge(List<String> touched, double units, boolean write) {
      if (touched.isEmpty() || units == 0) {
        return;
      }
      double share = units / touched.size();
      for (String partition : touched) {
        bucket(partition)[write ? 1 : 0] -= share;
      }
    }

    private double[] bucket(String partition) {
      Instant now = clock.instant();
      double[] bucket = buckets.get(partition);
      if (bucket == null) {
        bucket = new double[] {limits.readUnitsPerSecond(), limits.writeUnitsPerSecond()};
        buckets.put(partition, bucket);
        refilled.put(partition, now);
        return bucket;
      }
      Instant last = refilled.get(partition);
      if (now.isAfter(last)) {
        double seconds = Duration.between(last, now).toNanos() / 1e9;
        bucket[0] =
            Math.min(
                limits.readUnitsPerSecond(), bucket[0] + seconds * limits.readUnitsPerSecond());
        bucket[1] =
            Math.min(
                limits.writeUnitsPerSecond(), bucket[1] + seconds * limits.writeUnitsPerSecond());
        refilled.put(partition, now);
      }
      return bucket;
    }
  }
}
