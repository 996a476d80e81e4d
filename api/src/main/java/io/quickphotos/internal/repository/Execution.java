package io.quickphotos.internal.repository;

import io.quickphotos.AccessPattern;
import io.quickphotos.CostListener;
import io.quickphotos.InvalidInputException;
import io.quickphotos.OperationCost;
import io.quickphotos.PageRequest;
import io.quickphotos.QuickPhotosException;
import io.quickphotos.ServiceUnavailableException;
import io.quickphotos.engine.Capacity;
import io.quickphotos.engine.ClientToken;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.Limits;
import io.quickphotos.engine.Operation;
import io.quickphotos.engine.QueryPlan;
import io.quickphotos.engine.QueryResult;
import io.quickphotos.engine.Retries;
import io.quickphotos.engine.ScanPlan;
import io.quickphotos.engine.Table;
import io.quickphotos.engine.TableConditionFailedException;
import io.quickphotos.engine.TableRequestRefusedException;
import io.quickphotos.engine.TableTransactionCancelledException;
import io.quickphotos.engine.TableTransactionInProgressException;
import io.quickphotos.engine.Unavailability;
import io.quickphotos.engine.UnreadableItemException;
import io.quickphotos.engine.WriteAction;
import io.quickphotos.internal.singletable.ItemCodec;
import io.quickphotos.internal.singletable.WritePlan;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Runs requests against the engine for one repository: each request metered (counted before it
 * is sent, its capacity and items after), every retry through the one {@link Retrier}, and each
 * call wrapped so its cost reaches the listener and engine failures become the API's exceptions.
 * The facade, the cascades, the home feed and the audit make their requests only through here.
 *
 * <p>Thread-safe if the engine is; per-call state lives in the call's {@link Meter}.
 */
final class Execution {
  private static final System.Logger LOG = System.getLogger(Execution.class.getName());

  private final Table table;
  private final CostListener costListener;
  private final Retrier retrier;
  private final RequestPool pool;

  /** Whether there is a listener to build costs for; without one nothing is measured. */
  private final boolean listening;

  /** Whether the listener wants each call timed (two clock reads a call). */
  private final boolean timed;

  private final Batches batches;

  /** Told of every write request, so that it stops serving what the write may have changed. */
  private final HotReads hotReads;

  Execution(
      Table table,
      CostListener costListener,
      Retrier retrier,
      RequestPool pool,
      HotReads hotReads) {
    this.table = Objects.requireNonNull(table, "table");
    this.costListener = Objects.requireNonNull(costListener, "costListener");
    this.retrier = Objects.requireNonNull(retrier, "retrier");
    this.pool = Objects.requireNonNull(pool, "pool");
    this.hotReads = Objects.requireNonNull(hotReads, "hotReads");
    this.batches = new Batches(table, retrier, pool, hotReads);
    this.listening = costListener != CostListener.NONE;
    this.timed = listening && costListener.timesCalls();
  }

  /** The retry budget every loop of this repository shares. */
  Retrier retrier() {
    return retrier;
  }

  /** Whether the engine's index may lag its table (DynamoDB's GSI does; the memory engine not). */
  boolean indexMayLag() {
    return table.indexMayLag();
  }

  /**
   * Runs one repository call: a fresh meter, the body, and the cost handed to the listener
   * however the body ends. A request the engine refused is invalid input; an item the codecs
   * cannot read is reported as such; an unavailable error says what the whole call may have
   * written ({@link Unavailability#afterWrites}). Any other exception propagates unchanged: it is either the API's
   * own or a bug.
   */
  <T> T call(AccessPattern pattern, Function<Meter, T> body) {
    Meter meter = new Meter(listening);
    long start = timed ? System.nanoTime() : 0;
    if (listening) {
      // Whatever the engine counted on this thread outside a call is not this call's.
      Retries.take();
    }
    Throwable thrown = null;
    try {
      return body.apply(meter);
    } catch (TableRequestRefusedException e) {
      InvalidInputException invalid =
          new InvalidInputException("refused by the table: " + e.getMessage(), e);
      thrown = invalid;
      throw invalid;
    } catch (ServiceUnavailableException e) {
      // What the request that failed may have written, as the whole call's.
      ServiceUnavailableException ofTheCall = meter.wrote() ? Unavailability.afterWrites(e) : e;
      thrown = ofTheCall;
      throw ofTheCall;
    } catch (UnreadableItemException e) {
      // Written by something else, or corrupted.
      QuickPhotosException unreadable =
          new QuickPhotosException(
              "the table holds an item quickphotos cannot read: " + e.getMessage(), e);
      thrown = unreadable;
      throw unreadable;
    } catch (RuntimeException | Error e) {
      thrown = e;
      throw e;
    } finally {
      if (listening) {
        long latency = timed ? System.nanoTime() - start : 0;
        meter.absorb(Retries.take());
        report(meter.cost(pattern, thrown, latency));
      }
    }
  }

  /**
   * Why a transaction (or a snapshot read) stayed cancelled with transient reasons alone:
   * throughput if any action was throttled, else other transactions on its items.
   */
  static ServiceUnavailableException.Reason cancelledFor(List<String> reasons) {
    return reasons.contains(Limits.THROTTLING_ERROR)
        ? ServiceUnavailableException.Reason.THROTTLED
        : ServiceUnavailableException.Reason.CONTENTION;
  }

  /**
   * Hands a cost to the listener. A listener that throws is logged and ignored: the call's own
   * outcome (a committed write, or its domain exception) must reach the caller unchanged.
   */
  private void report(OperationCost cost) {
    try {
      costListener.onCost(cost);
    } catch (RuntimeException e) {
      LOG.log(System.Logger.Level.WARNING, "cost listener failed on " + cost, e);
    }
  }

  /** One strongly consistent GetItem. */
  Optional<Item> get(Key key, Meter meter) {
    meter.made(RequestDescriptions::getItem, key);
    Table.Read read = table.getItem(key);
    meter.request(read.consumed(), read.item().isPresent() ? 1 : 0);
    return read.item();
  }

  /**
   * One Query page, strongly or eventually consistent as the plan says, without the items of a
   * kind this version does not know (counted as skipped).
   */
  QueryResult read(QueryPlan plan, Meter meter) {
    meter.made(RequestDescriptions::query, plan);
    QueryResult result = table.query(plan);
    meter.request(result.consumed(), result.items().size());
    return known(result, meter);
  }

  /**
   * A page without the items of a kind this version does not know (a later version's, sharing
   * the table): every listing skips them and counts them, so versions can share a table. The
   * page keeps its last evaluated key, so paging goes on past them.
   */
  private static QueryResult known(QueryResult page, Meter meter) {
    List<Item> items = page.items();
    int unknown = 0;
    for (int i = 0; i < items.size(); i++) {
      if (ItemCodec.kindOf(items.get(i)) == ItemCodec.Entity.OTHER) {
        unknown++;
      }
    }
    if (unknown == 0) {
      return page;
    }
    meter.skipped(unknown);
    List<Item> kept = new ArrayList<>(items.size() - unknown);
    for (Item item : items) {
      if (ItemCodec.kindOf(item) != ItemCodec.Entity.OTHER) {
        kept.add(item);
      }
    }
    return new QueryResult(kept, page.lastEvaluatedKey(), page.consumed());
  }

  /**
   * Every page of a Query, one request after another (each page starts where the last stopped).
   *
   * @return the items of every page, in order
   */
  List<Item> readToEnd(QueryPlan plan, Meter meter) {
    List<Item> items = new ArrayList<>();
    while (true) {
      QueryResult page = read(plan, meter);
      items.addAll(page.items());
      if (page.lastEvaluatedKey().isEmpty()) {
        return items;
      }
      plan = plan.startingAfter(page.lastEvaluatedKey().get());
    }
  }

  /**
   * Independent Query pages, sent side by side through the repository's {@link RequestPool}, then
   * metered in the order of the plans, as if sent one after another.
   *
   * @return one result per plan, in order
   */
  List<QueryResult> readAll(List<QueryPlan> plans, Meter meter) {
    List<QueryResult> results = pool.sendAll(plans, table::query);
    List<QueryResult> known = new ArrayList<>(results.size());
    for (int i = 0; i < plans.size(); i++) {
      meter.made(RequestDescriptions::query, plans.get(i));
      meter.request(results.get(i).consumed(), results.get(i).items().size());
      known.add(known(results.get(i), meter));
    }
    return known;
  }

  /**
   * One page of a listing: the page's cursor (bound to {@code listing}) decoded into a start key,
   * one Query, and the cursor of the next page.
   */
  Listing page(String listing, QueryPlan firstPage, PageRequest page, Meter meter) {
    QueryPlan plan =
        page.cursor()
            .map(cursor -> firstPage.startingAfter(Cursors.decode(listing, cursor, firstPage)))
            .orElse(firstPage);
    QueryResult result = read(plan, meter);
    return new Listing(result, result.lastEvaluatedKey().map(key -> Cursors.encode(listing, key)));
  }

  /**
   * What one page of a listing read, and the cursor of the next page.
   *
   * @param result the Query's page
   * @param nextCursor the cursor after it, if the Query stopped before the end
   */
  record Listing(QueryResult result, Optional<String> nextCursor) {
    List<Item> items() {
      return result.items();
    }
  }

  /**
   * One Scan page of one segment, not yet metered: the audit's threads scan in parallel and meter
   * their pages afterwards with {@link #metered}, segment by segment, so the call's request log
   * has one order.
   */
  QueryResult scan(ScanPlan plan) {
    return table.scan(plan);
  }

  /** Meters a Scan page {@link #scan} read. */
  static void metered(ScanPlan plan, QueryResult page, Meter meter) {
    meter.made(RequestDescriptions::scan, plan);
    meter.request(page.consumed(), page.items().size());
  }

  /**
   * BatchGetItem of up to 100 keys, the unprocessed ones asked again ({@link Batches#batchGet}).
   *
   * @return the items found, by key
   */
  Map<Key, Item> batchGet(List<Key> keys, Meter meter) {
    return batches.batchGet(keys, meter);
  }

  /**
   * Any number of keys, 100 a BatchGetItem, side by side ({@link Batches#batchGetAll}).
   *
   * @return the items found, by key
   */
  Map<Key, Item> batchGetAll(List<Key> keys, Meter meter) {
    return batches.batchGetAll(keys, meter);
  }

  /**
   * Groups of keys, each read as one snapshot (TransactGetItems), side by side
   * ({@link Batches#snapshots}).
   *
   * @return per group, the items in the order of its keys
   */
  List<List<Optional<Item>>> snapshots(List<List<Key>> groups, Meter meter) {
    return batches.snapshots(groups, meter);
  }

  /** BatchWriteItem of up to 25 puts, the unprocessed ones sent again ({@link Batches}). */
  void batchWrite(List<Item> batch, Meter meter) {
    batches.batchWrite(batch, meter);
  }

  /** Any number of puts, 25 a BatchWriteItem, side by side ({@link Batches#batchWriteAll}). */
  void batchWriteAll(List<Item> items, Meter meter) {
    batches.batchWriteAll(items, meter);
  }

  /**
   * Runs a write plan: one single-item write, or one transaction (cancellations by conflicts or
   * throttling alone retried, and a transaction still in progress under its token waited for).
   * A failed condition throws the exception its step names, unless a single write's step
   * recognises the item it failed on as its own (an earlier attempt of the same request, resent
   * after its answer was lost, was applied): that is the write's success.
   *
   * @return the item a single write returned, if it returns one: the image right after this
   *     call's own write (for a Put recognised as its own write, the item it put; for an update
   *     or delete recognised so, empty, as the image its lost answer held is not known); empty
   *     for a transaction
   */
  Optional<Item> write(WritePlan plan, Meter meter) {
    if (!plan.transactional()) {
      WritePlan.Step step = plan.steps().get(0);
      try {
        meter.made(RequestDescriptions::write, step.action());
        Table.Write write = written(step.action());
        meter.request(write.consumed(), 0);
        meter.applied();
        return write.item();
      } catch (TableConditionFailedException e) {
        if (step.ownWrite().test(e.item())) {
          meter.applied();
          // What the attempt that was applied returned, never the item as it is now: another
          // call may have changed it since. Only a Put knows that image without its answer.
          return step.action() instanceof WriteAction.Put put
              ? Optional.of(put.item())
              : Optional.empty();
        }
        throw withCause(step.onConditionFailed().get(), e);
      }
    }
    Optional<TableTransactionCancelledException> cancelled = writeOrRedirect(plan, meter);
    if (cancelled.isPresent()) {
      // Every failed step redirects, but this caller has nowhere else to go.
      throw firstFailure(plan, cancelled.get());
    }
    return Optional.empty();
  }

  /**
   * Runs a transactional write plan whose steps may redirect: a failed condition throws the
   * exception of the first failed step that does not redirect (given the item it failed on);
   * a cancellation whose failed steps all redirect is returned for the caller to act on.
   *
   * @return empty if committed, else the cancellation, with the items that failed
   */
  Optional<TableTransactionCancelledException> writeOrRedirect(WritePlan plan, Meter meter) {
    Optional<TableTransactionCancelledException> cancelled = commit(plan.actions(), meter);
    if (cancelled.isPresent()) {
      TableTransactionCancelledException e = cancelled.get();
      List<String> reasons = e.reasons();
      for (int i = 0; i < reasons.size() && i < plan.steps().size(); i++) {
        if (conditionFailed(reasons, i) && !plan.steps().get(i).redirects().test(e.item(i))) {
          throw withCause(plan.steps().get(i).onConditionFailed().get(), e);
        }
      }
    }
    return cancelled;
  }

  /** The error of the first step whose condition failed. */
  private static QuickPhotosException firstFailure(
      WritePlan plan, TableTransactionCancelledException cancelled) {
    List<String> reasons = cancelled.reasons();
    for (int i = 0; i < reasons.size() && i < plan.steps().size(); i++) {
      if (conditionFailed(reasons, i)) {
        return withCause(plan.steps().get(i).onConditionFailed().get(), cancelled);
      }
    }
    return new QuickPhotosException("transaction cancelled: " + reasons, cancelled);
  }

  /** One write; false if its condition failed (nothing written). */
  boolean tryWrite(WriteAction action, Meter meter) {
    return tryWrite(action, failedOn -> false, meter);
  }

  /**
   * One write; false if its condition failed (nothing written), unless {@code done}, given the
   * item the condition failed on (returned with the failure at no cost; empty if there was
   * none), finds the write's effect already there: a resend whose first attempt was applied
   * before its answer was lost. Then true.
   */
  boolean tryWrite(WriteAction action, Predicate<Optional<Item>> done, Meter meter) {
    try {
      meter.made(RequestDescriptions::write, action);
      meter.request(written(action).consumed(), 0);
      meter.applied();
      return true;
    } catch (TableConditionFailedException e) {
      if (done.test(e.item())) {
        meter.applied();
        return true;
      }
      return false;
    }
  }

  /**
   * One TransactWriteItems; cancellations by conflicts or throttling alone are retried with
   * backoff.
   *
   * @return empty if committed, else the cancellation reasons, one per action, at least one of
   *     them {@code ConditionalCheckFailed}
   */
  List<String> transact(List<WriteAction> actions, Meter meter) {
    return commit(actions, meter)
        .map(TableTransactionCancelledException::reasons)
        .orElse(List.of());
  }

  /**
   * One TransactWriteItems, as {@link #transact}, returning the whole cancellation: its reasons
   * and the items that failed their conditions.
   *
   * @return empty if committed, else the cancellation, at least one condition failed
   */
  Optional<TableTransactionCancelledException> transactOrCancelled(
      List<WriteAction> actions, Meter meter) {
    return commit(actions, meter);
  }

  /**
   * Commits one transaction: one {@code ClientRequestToken} for every attempt (a resend of an
   * applied transaction must not apply it again), and cancellations by conflicts or throttling
   * alone retried within the retry budget, then {@link ServiceUnavailableException}. A
   * validation error is invalid input; any other cancellation without a failed condition is a
   * {@link QuickPhotosException}.
   *
   * <p>An attempt that meets an earlier one still in progress under the token (DynamoDB's
   * {@code TransactionInProgressException}, which the AWS SDK has already retried as a
   * throttling error) is retried under the same token, with the same backoff and out of the same
   * budget: DynamoDB advises a retry after a few seconds, and once the first attempt is done the
   * retry gets its outcome without applying it twice. With the default policy that is up to 7
   * more attempts, waiting at most 40 ms, 80 ms, … 2 s before them (4.5 s in all), far inside
   * the token's 10 minutes; if the first attempt is still in progress after that, the call
   * throws {@link ServiceUnavailableException}: the outcome is unknown.
   *
   * @return empty if committed, else the cancellation, in which at least one action's condition
   *     failed (nothing was written)
   */
  private Optional<TableTransactionCancelledException> commit(
      List<WriteAction> actions, Meter meter) {
    ClientToken token = new ClientToken();
    // Whether an earlier attempt under the token may still be applied: then an interrupted wait
    // leaves the outcome unknown, not nothing.
    boolean inProgress = false;
    for (int attempt = 0; ; attempt++) {
      try {
        retrier.pauseBefore(attempt);
      } catch (ServiceUnavailableException interrupted) {
        throw inProgress ? unknown(interrupted) : interrupted;
      }
      if (attempt > 0) {
        meter.resent(Operation.TRANSACT_WRITE_ITEMS);
      }
      try {
        meter.madeOf(RequestDescriptions::transactWriteItems, actions);
        Capacity consumed;
        try {
          consumed = table.transactWrite(actions, token);
        } finally {
          // Answered, cancelled or lost: what this repository kept of those keys is not served.
          hotReads.written(actions);
        }
        meter.request(consumed, 0);
        meter.applied();
        return Optional.empty();
      } catch (ServiceUnavailableException e) {
        throw inProgress ? unknown(e) : e;
      } catch (TableTransactionInProgressException e) {
        inProgress = true;
        if (!retrier.allows(attempt + 1)) {
          throw new ServiceUnavailableException(
              "transaction still in progress under its token after "
                  + (attempt + 1)
                  + " attempts; it may yet be applied",
              ServiceUnavailableException.Reason.IN_PROGRESS,
              ServiceUnavailableException.Written.UNKNOWN,
              e);
        }
      } catch (TableTransactionCancelledException e) {
        // The token's earlier attempt, if any, has ended: a cancellation under it means none was
        // applied (DynamoDB would have answered an applied one with its success).
        inProgress = false;
        List<String> reasons = e.reasons();
        if (reasons.contains(Limits.CONDITIONAL_CHECK_FAILED)) {
          return Optional.of(e);
        }
        if (reasons.contains(Limits.VALIDATION_ERROR)) {
          throw new InvalidInputException("transaction refused: " + reasons, e);
        }
        // Conflicts and throttling cancel a transaction without retry inside the SDK: retry them
        // here. Anything else (or no reason at all) is not the caller's input and not transient.
        boolean transientOnly =
            reasons.stream().anyMatch(Limits.TRANSIENT_REASONS::contains)
                && reasons.stream()
                    .allMatch(r -> Limits.NONE.equals(r) || Limits.TRANSIENT_REASONS.contains(r));
        if (!transientOnly) {
          throw new QuickPhotosException("transaction cancelled: " + reasons, e);
        }
        if (reasons.contains(Limits.THROTTLING_ERROR)) {
          meter.throttled(Operation.TRANSACT_WRITE_ITEMS);
        }
        if (!retrier.allows(attempt + 1)) {
          throw new ServiceUnavailableException(
              "transaction still cancelled " + reasons + " after " + (attempt + 1) + " attempts",
              cancelledFor(reasons),
              ServiceUnavailableException.Written.NOTHING,
              e);
        }
      }
    }
  }

  /** One single-item write request; then, whatever its outcome, {@link HotReads#written}. */
  private Table.Write written(WriteAction action) {
    try {
      return table.write(action);
    } finally {
      hotReads.written(action.key());
    }
  }

  /** The same failure, with an unknown outcome: an earlier attempt may yet be applied. */
  private static ServiceUnavailableException unknown(ServiceUnavailableException e) {
    return Unavailability.unknown(
        e, "an earlier attempt was still in progress and may yet be applied");
  }

  /** Whether the action at {@code action} failed its condition. */
  static boolean conditionFailed(List<String> reasons, int action) {
    return action < reasons.size() && Limits.CONDITIONAL_CHECK_FAILED.equals(reasons.get(action));
  }

  private static QuickPhotosException withCause(QuickPhotosException error, Throwable cause) {
    error.initCause(cause);
    return error;
  }
}
