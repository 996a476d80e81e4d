package io.quickphotos.memory.internal;

import io.quickphotos.engine.Backoff;
import io.quickphotos.engine.Limits;
import io.quickphotos.engine.Capacity;
import io.quickphotos.engine.ClientToken;
import io.quickphotos.engine.Index;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.QueryPlan;
import io.quickphotos.engine.QueryResult;
import io.quickphotos.engine.ScanPlan;
import io.quickphotos.engine.Table;
import io.quickphotos.engine.TableTransactionCancelledException;
import io.quickphotos.engine.WriteAction;

import io.quickphotos.RetryPolicy;
import io.quickphotos.ServiceUnavailableException;
import io.quickphotos.memory.Fault;
import io.quickphotos.memory.Faults;
import io.quickphotos.memory.Request;
import io.quickphotos.memory.Throughput;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * A {@link Table} decorator that makes an engine fail the way DynamoDB fails: faults scripted by
 * {@link Faults}, and per-partition throughput limits ({@link Throughput}). It stands where the
 * AWS SDK client stands on DynamoDB, so everything above it — the repository's retries of
 * unprocessed keys and cancelled transactions, its translation of engine errors — runs exactly
 * as it does there:
 *
 * <ul>
 *   <li>a throttled request or an internal server error is retried here, as the SDK retries it
 *       inside one call, under the repository's {@link RetryPolicy}; when every attempt fails the
 *       call throws {@link ServiceUnavailableException}, as {@code SdkErrors} reports the SDK's
 *       last exception;
 *   <li>unprocessed keys and items are returned, never thrown;
 *   <li>a cancelled transaction is thrown as {@link TableTransactionCancelledException} with one
 *       reason per action, for the repository to retry;
 *   <li>an unknown outcome carries the request out and then throws
 *       {@link ServiceUnavailableException} as a timed-out SDK call does.
 * </ul>
 *
 * <p>Installed only when faults or limits are configured, so an engine without them pays
 * nothing. Thread-safe if the engine is: the script and the buckets have their own locks.
 */
public final class FaultInjectingTable implements Table {
  private static final String TABLE_NAME = "quick-photos";
  private static final String THROTTLED = "ProvisionedThroughputExceededException";
  private static final String THROTTLED_MESSAGE = "The level of configured provisioned"
      + " throughput for the table was exceeded. Consider increasing your provisioning level"
      + " with the UpdateTable API.";
  private static final String THROTTLING_ERROR = "ThrottlingError";

  private final Table delegate;
  private final Faults faults;
  private final Partitions partitions;
  private final RetryPolicy retryPolicy;

  /**
   * Wraps an engine.
   *
   * @param delegate the engine that carries the requests out
   * @param faults the script of faults, or null for none
   * @param throughput per-partition limits, or null for none
   * @param clock the repository's clock, which refills the limits
   * @param retryPolicy how a throttled or failed request is retried, as the SDK would
   */
  public FaultInjectingTable(Table delegate, Faults faults, Throughput throughput, Clock clock,
      RetryPolicy retryPolicy) {
    this.delegate = Objects.requireNonNull(delegate, "delegate");
    this.faults = faults;
    this.partitions = throughput == null ? null
        : new Partitions(throughput, Objects.requireNonNull(clock, "clock"));
    this.retryPolicy = Objects.requireNonNull(retryPolicy, "retryPolicy");
  }

  @Override
  public Read getItem(Key key) {
    return send(Request.GET_ITEM, fault -> {
      admit(key.pk(), false);
      Read read = delegate.getItem(key);
      charge(List.of(key.pk()), read.consumed());
      return read;
    });
  }

  @Override
  public QueryResult query(QueryPlan plan) {
    // Partitions of InvertedIndex are not modelled: only table queries are limited.
    String partition = plan.index() == Index.TABLE ? plan.partitionValue() : null;
    return send(Request.QUERY, fault -> {
      if (partition != null) {
        admit(partition, false);
      }
      QueryResult result = delegate.query(plan);
      if (partition != null) {
        charge(List.of(partition), result.consumed());
      }
      return result;
    });
  }

  @Override
  public BatchRead batchGetItem(List<Key> keys) {
    return send(Request.BATCH_GET_ITEM, fault -> {
      List<Key> processed = new ArrayList<>(keys);
      List<Key> unprocessed = new ArrayList<>(unprocessedTail(processed, fault));
      if (partitions != null) {
        List<Key> exhausted = new ArrayList<>();
        for (Key key : processed) {
          if (!partitions.has(key.pk(), false)) {
            exhausted.add(key);
          }
        }
        if (!exhausted.isEmpty() && exhausted.size() == keys.size()) {
          // DynamoDB refuses a batch it can do nothing of, rather than return it all unprocessed.
          throw new Refused(THROTTLED, THROTTLED_MESSAGE);
        }
        processed.removeAll(exhausted);
        unprocessed.addAll(0, exhausted);
      }
      if (processed.isEmpty()) {
        return new BatchRead(List.of(), unprocessed, Capacity.ZERO);
      }
      BatchRead read = delegate.batchGetItem(processed);
      charge(partitionsOf(processed), read.consumed());
      List<Key> left = new ArrayList<>(read.unprocessedKeys());
      left.addAll(unprocessed);
      return new BatchRead(read.items(), left, read.consumed());
    });
  }

  @Override
  public BatchWrite batchWriteItem(List<Item> items) {
    return send(Request.BATCH_WRITE_ITEM, fault -> {
      List<Item> processed = new ArrayList<>(items);
      List<Item> unprocessed = new ArrayList<>(unprocessedTail(processed, fault));
      if (partitions != null) {
        List<Item> exhausted = new ArrayList<>();
        for (Item item : processed) {
          if (!partitions.has(item.key().pk(), true)) {
            exhausted.add(item);
          }
        }
        if (!exhausted.isEmpty() && exhausted.size() == items.size()) {
          throw new Refused(THROTTLED, THROTTLED_MESSAGE);
        }
        processed.removeAll(exhausted);
        unprocessed.addAll(0, exhausted);
      }
      if (processed.isEmpty()) {
        return new BatchWrite(unprocessed, Capacity.ZERO);
      }
      BatchWrite write = delegate.batchWriteItem(processed);
      List<String> written = new ArrayList<>();
      for (Item item : processed) {
        written.add(item.key().pk());
      }
      charge(written, write.consumed());
      List<Item> left = new ArrayList<>(write.unprocessedItems());
      left.addAll(unprocessed);
      return new BatchWrite(left, write.consumed());
    });
  }

  @Override
  public Write write(WriteAction action) {
    Request request = action instanceof WriteAction.Put ? Request.PUT_ITEM
        : action instanceof WriteAction.Update ? Request.UPDATE_ITEM : Request.DELETE_ITEM;
    return send(request, fault -> {
      admit(action.key().pk(), true);
      Write write = delegate.write(action);
      charge(List.of(action.key().pk()), write.consumed());
      return write;
    });
  }

  @Override
  public Capacity transactWrite(List<WriteAction> actions) {
    return transactWrite(actions, new ClientToken());
  }

  /** Passed on without faults or throughput limits: no access pattern scans. */
  @Override
  public QueryResult scan(ScanPlan plan) {
    return delegate.scan(plan);
  }

  @Override
  public boolean indexMayLag() {
    return delegate.indexMayLag();
  }

  @Override
  public Capacity transactWrite(List<WriteAction> actions, ClientToken token) {
    return send(Request.TRANSACT_WRITE_ITEMS, fault -> {
      int n = actions.size();
      if (fault != null && fault.kind() == Fault.Kind.TRANSACTION_CANCELLED) {
        List<String> reasons = new ArrayList<>(Collections.nCopies(n,
            Limits.NONE));
        reasons.set(0, fault.reason());
        throw new TableTransactionCancelledException(reasons, null);
      }
      if (partitions != null) {
        List<String> reasons = new ArrayList<>(n);
        boolean throttled = false;
        for (WriteAction action : actions) {
          boolean has = partitions.has(action.key().pk(), !(action instanceof WriteAction.Check));
          reasons.add(has ? Limits.NONE : THROTTLING_ERROR);
          throttled |= !has;
        }
        if (throttled) {
          throw new TableTransactionCancelledException(reasons, null);
        }
      }
      Capacity consumed = delegate.transactWrite(actions, token);
      if (partitions != null) {
        List<String> written = new ArrayList<>();
        List<String> checked = new ArrayList<>();
        for (WriteAction action : actions) {
          (action instanceof WriteAction.Check ? checked : written).add(action.key().pk());
        }
        partitions.charge(checked, consumed.read(), false);
        partitions.charge(written, tableShare(consumed.write()), true);
      }
      return consumed;
    });
  }

  // --- the SDK's part ---------------------------------------------------------------------------

  /**
   * Sends one request as the SDK does: each attempt asks the script for its fault; a throttled
   * or failed attempt is retried with backoff, and the last failure becomes
   * {@link ServiceUnavailableException}; an unknown outcome is thrown after the attempt ran.
   */
  private <T> T send(Request request, Function<Fault, T> attempt) {
    for (int attempts = 1; ; attempts++) {
      Fault fault = faults == null ? null : faults.decide(request);
      try {
        if (fault != null && fault.kind() == Fault.Kind.THROTTLING) {
          throw new Refused(THROTTLED, THROTTLED_MESSAGE);
        }
        if (fault != null && fault.kind() == Fault.Kind.INTERNAL_SERVER_ERROR) {
          throw new Refused("InternalServerError", "Internal server error");
        }
        T result = attempt.apply(fault);
        if (fault != null && fault.kind() == Fault.Kind.UNKNOWN_OUTCOME) {
          throw new ServiceUnavailableException("could not complete " + operation(request)
              + " on DynamoDB table " + TABLE_NAME + ": the call timed out after the request"
              + " was sent (injected fault): it may or may not have been applied",
              new java.net.SocketTimeoutException("Read timed out"));
        }
        return result;
      } catch (Refused refused) {
        if (attempts >= retryPolicy.maxAttempts()) {
          throw new ServiceUnavailableException("DynamoDB could not serve " + operation(request)
              + " on table " + TABLE_NAME + " (" + refused.code + ") after " + attempts
              + " attempts: " + refused.getMessage(), refused);
        }
        Backoff.of(retryPolicy).pause(attempts);
      }
    }
  }

  /** Removes the tail a scripted {@link Fault#unprocessed} leaves out, and returns it. */
  private static <T> List<T> unprocessedTail(List<T> requested, Fault fault) {
    if (fault == null || fault.kind() != Fault.Kind.UNPROCESSED) {
      return List.of();
    }
    int count = (int) Math.ceil(fault.fraction() * requested.size());
    List<T> tail = new ArrayList<>(requested.subList(requested.size() - count, requested.size()));
    requested.subList(requested.size() - count, requested.size()).clear();
    return tail;
  }

  private static String operation(Request request) {
    return switch (request) {
      case GET_ITEM -> "GetItem";
      case QUERY -> "Query";
      case BATCH_GET_ITEM -> "BatchGetItem";
      case BATCH_WRITE_ITEM -> "BatchWriteItem";
      case PUT_ITEM -> "PutItem";
      case UPDATE_ITEM -> "UpdateItem";
      case DELETE_ITEM -> "DeleteItem";
      case TRANSACT_WRITE_ITEMS -> "TransactWriteItems";
    };
  }

  // --- throughput -------------------------------------------------------------------------------

  private void admit(String partition, boolean write) {
    if (partitions != null && !partitions.has(partition, write)) {
      throw new Refused(THROTTLED, THROTTLED_MESSAGE);
    }
  }

  private void charge(List<String> touched, Capacity consumed) {
    if (partitions != null) {
      partitions.charge(touched, consumed.read(), false);
      partitions.charge(touched, tableShare(consumed.write()), true);
    }
  }

  /** The base table's part of billed write units: the index, written alike, bills the rest. */
  private static double tableShare(double writeUnits) {
    return writeUnits / 2;
  }

  private static List<String> partitionsOf(List<Key> keys) {
    List<String> partitions = new ArrayList<>(keys.size());
    for (Key key : keys) {
      partitions.add(key.pk());
    }
    return partitions;
  }

  /** A refused attempt: nothing was done; the SDK would retry it. */
  static final class Refused extends RuntimeException {
    private static final long serialVersionUID = 1L;
    final String code;

    Refused(String code, String message) {
      super(code + ": " + message, null, false, false);
      this.code = code;
    }
  }

  /** Two token buckets per partition key value, refilled by the repository's clock. */
  private static final class Partitions {
    private final Throughput limits;
    private final Clock clock;
    private final Map<String, double[]> buckets = new HashMap<>();
    private final Map<String, Instant> refilled = new HashMap<>();

    Partitions(Throughput limits, Clock clock) {
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
        bucket[0] = Math.min(limits.readUnitsPerSecond(),
            bucket[0] + seconds * limits.readUnitsPerSecond());
        bucket[1] = Math.min(limits.writeUnitsPerSecond(),
            bucket[1] + seconds * limits.writeUnitsPerSecond());
        refilled.put(partition, now);
      }
      return bucket;
    }
  }
}
