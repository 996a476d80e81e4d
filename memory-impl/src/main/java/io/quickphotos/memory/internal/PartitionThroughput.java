package io.quickphotos.memory.internal;

import io.quickphotos.engine.Capacity;
import io.quickphotos.engine.ClientToken;
import io.quickphotos.engine.Index;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.Limits;
import io.quickphotos.engine.QueryPlan;
import io.quickphotos.engine.QueryResult;
import io.quickphotos.engine.Table;
import io.quickphotos.engine.TableTransactionCancelledException;
import io.quickphotos.engine.WriteAction;
import io.quickphotos.memory.Throughput;
import io.quickphotos.memory.internal.ThroughputModel.Access;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Enforces per-partition throughput limits as an on-demand DynamoDB table does (see
 * {@link Throughput} for what is modelled), on the partitions of a {@link ThroughputModel}: a
 * request is admitted while the table and index partitions it touches have units left and then
 * charged what it consumed. A write touches its item's table partition and, since every item is
 * in {@code InvertedIndex}, the index partition of its {@code SK}; a read touches the table, or
 * the index for a Query of the index.
 *
 * <p>When a partition is exhausted, a single-item request or a Query is refused
 * ({@link RefusedAttempt}, retried by {@link SimulatedSdkRetries} above) with the service's
 * throttling message and reasons; a batch returns the keys or items of exhausted partitions
 * unprocessed, and is refused only when nothing of it could be done; a transaction is cancelled
 * with {@code ThrottlingError} on the actions whose table or index partition is exhausted.
 *
 * <p>Thread-safe if the delegate is: the model has its own lock.
 */
final class PartitionThroughput extends ForwardingTable {
  /** The on-demand service's message for a throttled table (or index) partition. */
  private static final String TABLE_THROTTLED =
      "Throughput exceeds the current capacity of your table or index. DynamoDB is automatically"
          + " scaling your table or index so please try again shortly. If exceptions persist,"
          + " check if you have a hot key:"
          + " https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/bp-partition-key-design.html";

  /** Its message when a global secondary index holds a table write back. */
  private static final String INDEX_THROTTLED =
      "Throughput exceeds the current capacity for one or more global secondary indexes."
          + " DynamoDB is automatically scaling your index so please try again shortly.";

  private final ThroughputModel model;

  PartitionThroughput(Table delegate, ThroughputModel model) {
    super(delegate);
    this.model = Objects.requireNonNull(model, "model");
  }

  @Override
  public Read getItem(Key key) {
    List<Access> accesses = List.of(Access.read(Index.TABLE, key));
    admit(accesses);
    Read read = delegate.getItem(key);
    model.charge(accesses, read.consumed());
    return read;
  }

  @Override
  public TransactRead transactGetItems(List<Key> keys) {
    List<Access> accesses = new ArrayList<>(keys.size());
    for (Key key : keys) {
      accesses.add(Access.read(Index.TABLE, key));
    }
    admit(accesses);
    TransactRead read = delegate.transactGetItems(keys);
    model.charge(accesses, read.consumed());
    return read;
  }

  /**
   * Refuses at once a Query of an exhausted single partition; otherwise runs it — a read changes
   * nothing — and then admits or refuses it by the partitions its items lie in.
   */
  @Override
  public QueryResult query(QueryPlan plan) {
    if (model.refusedBeforeQuery(plan.index(), plan.partitionValue())) {
      throw throttled(plan.index(), false);
    }
    QueryResult result = delegate.query(plan);
    if (!model.admitQuery(plan, result)) {
      throw throttled(plan.index(), false);
    }
    return result;
  }

  @Override
  Write write(WriteAction action, boolean resendable) {
    if (action instanceof WriteAction.Check) {
      // No such request: the engine refuses it before anything is sent, as DynamoTable does.
      return passOn(action, resendable);
    }
    List<Access> accesses = new ArrayList<>(2);
    addAccesses(action, accesses);
    admit(accesses);
    Write write = passOn(action, resendable);
    model.charge(accesses, write.consumed());
    return write;
  }

  @Override
  public Capacity transactWrite(List<WriteAction> actions, ClientToken token) {
    List<Access> accesses = new ArrayList<>(actions.size() * 2);
    int[] firstAccess = new int[actions.size() + 1];
    for (int i = 0; i < actions.size(); i++) {
      firstAccess[i] = accesses.size();
      addAccesses(actions.get(i), accesses);
    }
    firstAccess[actions.size()] = accesses.size();
    BitSet exhausted = model.exhausted(accesses);
    if (!exhausted.isEmpty()) {
      List<String> reasons = new ArrayList<>(actions.size());
      for (int i = 0; i < actions.size(); i++) {
        int next = exhausted.nextSetBit(firstAccess[i]);
        boolean throttled = next >= 0 && next < firstAccess[i + 1];
        reasons.add(throttled ? Limits.THROTTLING_ERROR : Limits.NONE);
      }
      throw new TableTransactionCancelledException(reasons, null);
    }
    Capacity consumed = delegate.transactWrite(actions, token);
    model.charge(accesses, consumed);
    return consumed;
  }

  /** Sends on the keys or items of partitions with units left; returns the rest unprocessed. */
  @Override
  <T, R> R batch(Batch<T, R> batch, List<T> requested) {
    int each = batch.writes() ? 2 : 1;
    List<Access> accesses = new ArrayList<>(requested.size() * each);
    for (T element : requested) {
      if (element instanceof Item item) {
        addAccesses(item.key(), accesses);
      } else {
        accesses.add(Access.read(Index.TABLE, (Key) element));
      }
    }
    BitSet exhausted = model.exhausted(accesses);
    if (exhausted.isEmpty()) {
      R result = batch.send(delegate, requested);
      model.charge(accesses, batch.consumed(result));
      return result;
    }
    List<T> admitted = new ArrayList<>(requested.size());
    List<T> left = new ArrayList<>();
    List<Access> admittedAccesses = new ArrayList<>(accesses.size());
    for (int i = 0; i < requested.size(); i++) {
      int next = exhausted.nextSetBit(i * each);
      if (next >= 0 && next < (i + 1) * each) {
        left.add(requested.get(i));
      } else {
        admitted.add(requested.get(i));
        admittedAccesses.addAll(accesses.subList(i * each, (i + 1) * each));
      }
    }
    if (admitted.isEmpty()) {
      // DynamoDB refuses a batch it can do nothing of, rather than return it all unprocessed.
      throw throttled(accesses, exhausted);
    }
    R result = batch.send(delegate, admitted);
    model.charge(admittedAccesses, batch.consumed(result));
    return batch.leaving(result, left);
  }

  /** A write's accesses: its item's table partition, then its index partition; a check reads. */
  private static void addAccesses(WriteAction action, List<Access> accesses) {
    if (action instanceof WriteAction.Check) {
      accesses.add(Access.read(Index.TABLE, action.key()));
    } else {
      addAccesses(action.key(), accesses);
    }
  }

  private static void addAccesses(Key written, List<Access> accesses) {
    accesses.add(Access.write(Index.TABLE, written));
    accesses.add(Access.write(Index.INVERTED, written));
  }

  private void admit(List<Access> accesses) {
    BitSet exhausted = model.exhausted(accesses);
    if (!exhausted.isEmpty()) {
      throw throttled(accesses, exhausted);
    }
  }

  /** The refusal naming every exhausted access's reason, the table's message first if any. */
  private static RefusedAttempt throttled(List<Access> accesses, BitSet exhausted) {
    Set<String> reasons = new LinkedHashSet<>();
    boolean table = false;
    for (int i = exhausted.nextSetBit(0); i >= 0; i = exhausted.nextSetBit(i + 1)) {
      Access access = accesses.get(i);
      reasons.add(reason(access.index(), access.write()));
      table |= access.index() == Index.TABLE;
    }
    return RefusedAttempt.throttled(
        (table ? TABLE_THROTTLED : INDEX_THROTTLED) + " ThrottlingReasons: " + reasons);
  }

  private static RefusedAttempt throttled(Index index, boolean write) {
    return RefusedAttempt.throttled(
        (index == Index.TABLE ? TABLE_THROTTLED : INDEX_THROTTLED)
            + " ThrottlingReasons: ["
            + reason(index, write)
            + "]");
  }

  /**
   * A throttling reason as the service gives it: resource type, operation type, limit type, and
   * the throttled resource (the table's, or the index's, part of its ARN).
   */
  private static String reason(Index index, boolean write) {
    return (index == Index.TABLE ? "Table" : "Index")
        + (write ? "Write" : "Read")
        + "KeyRangeThroughputExceeded on table/"
        + Limits.DEFAULT_TABLE_NAME
        + (index == Index.TABLE ? "" : "/index/" + Limits.INVERTED_INDEX_NAME);
  }
}
