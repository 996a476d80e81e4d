package io.quickphotos.internal.repository.request;

import io.quickphotos.DynamoRequest;
import io.quickphotos.ServiceUnavailableException;
import io.quickphotos.engine.Capacity;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.Limits;
import io.quickphotos.engine.Operation;
import io.quickphotos.engine.Table;
import io.quickphotos.engine.TableTransactionCancelledException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * The requests of one call that read or write many items: BatchGetItem and BatchWriteItem of any
 * size (in chunks of 100 keys or 25 puts, sent side by side through the repository's
 * {@link RequestPool}, the unprocessed part of each sent again within the retry budget), and
 * snapshot reads (TransactGetItems). Each is metered in request order, as if sent one after
 * another. Thread-safe if the engine is.
 */
public final class Batches {
  private final Table table;
  private final Retrier retrier;
  private final RequestPool pool;
  private final WriteWatcher watcher;

  Batches(Table table, Retrier retrier, RequestPool pool, WriteWatcher watcher) {
    this.table = table;
    this.retrier = retrier;
    this.pool = pool;
    this.watcher = watcher;
  }

  /**
   * BatchGetItem of up to {@link Limits#MAX_BATCH_GET_KEYS} keys, the unprocessed ones asked
   * again within the retry budget.
   *
   * @return the items found, by key
   * @throws ServiceUnavailableException if keys are still unprocessed when the budget is spent
   */
  public Map<Key, Item> batchGet(List<Key> keys, Meter meter) {
    Map<Key, Item> found = new HashMap<>(2 * keys.size());
    untilProcessed(
        meter,
        keys,
        Operation.BATCH_GET_ITEM,
        "keys",
        pending -> {
          meter.madeOf(RequestDescriptions::batchGetItem, pending);
          Table.BatchRead read = table.batchGetItem(pending);
          meter.request(read.consumed(), read.items().size());
          read.items().forEach(item -> found.put(item.key(), item));
          return read.unprocessedKeys();
        });
    return found;
  }

  /**
   * Groups of keys, each read with one TransactGetItems (at most 100 keys) as one snapshot,
   * several groups sent side by side through the repository's {@link RequestPool}, then metered
   * in the order of the groups. A read cancelled by a conflicting write (DynamoDB's
   * {@code TransactionConflict}) is sent again within the retry budget.
   *
   * @return per group, the items in the order of its keys (empty where there is none)
   * @throws ServiceUnavailableException if a read stays cancelled beyond the budget
   */
  public List<List<Optional<Item>>> snapshots(List<List<Key>> groups, Meter meter) {
    List<SnapshotAttempts> outcomes = pool.sendAll(groups, this::snapshotOrFailure);
    List<List<Optional<Item>>> read = new ArrayList<>(groups.size());
    RuntimeException failed = null;
    for (int i = 0; i < groups.size(); i++) {
      SnapshotAttempts attempts = outcomes.get(i);
      for (int attempt = 0; attempt < attempts.made(); attempt++) {
        if (attempt > 0) {
          meter.resent(Operation.TRANSACT_GET_ITEMS);
        }
        meter.madeOf(RequestDescriptions::transactGetItems, groups.get(i));
      }
      meter.request(attempts.consumed(), attempts.found());
      if (attempts.failure() != null && failed == null) {
        failed = attempts.failure();
      }
      read.add(attempts.items());
    }
    if (failed != null) {
      throw failed;
    }
    return read;
  }

  /**
   * The attempts of one snapshot read: how many were made, what the last consumed and returned,
   * or the failure that ended them.
   */
  private record SnapshotAttempts(
      int made,
      Capacity consumed,
      List<Optional<Item>> items,
      int found,
      RuntimeException failure) {}

  /** Sends one snapshot read, again while conflicts cancel it; never throws, returns the outcome. */
  private SnapshotAttempts snapshotOrFailure(List<Key> keys) {
    Capacity consumed = Capacity.ZERO;
    for (int attempt = 0; ; attempt++) {
      retrier.pauseBefore(attempt);
      try {
        Table.TransactRead read = table.transactGetItems(keys);
        int found = 0;
        for (Optional<Item> item : read.items()) {
          found += item.isPresent() ? 1 : 0;
        }
        return new SnapshotAttempts(
            attempt + 1, consumed.plus(read.consumed()), read.items(), found, null);
      } catch (TableTransactionCancelledException e) {
        if (!retrier.allows(attempt + 1)) {
          return new SnapshotAttempts(
              attempt + 1,
              consumed,
              List.of(),
              0,
              new ServiceUnavailableException(
                  "snapshot read still cancelled "
                      + e.reasons()
                      + " after "
                      + (attempt + 1)
                      + " attempts",
                  Retrier.exhaustedFor(e.reasons()),
                  ServiceUnavailableException.Written.NOTHING,
                  e));
        }
      } catch (RuntimeException e) {
        return new SnapshotAttempts(attempt + 1, consumed, List.of(), 0, e);
      }
    }
  }

  /**
   * Any number of keys, read with one BatchGetItem per {@link Limits#MAX_BATCH_GET_KEYS}: one
   * chunk as {@link #batchGet}; several sent side by side through the repository's
   * {@link RequestPool}, each with its own retries of unprocessed keys, then metered in chunk
   * order (a request that failed counted too) as if sent one after another.
   *
   * @return the items found, by key
   * @throws ServiceUnavailableException if keys are still unprocessed when the budget is spent
   */
  public Map<Key, Item> batchGetAll(List<Key> keys, Meter meter) {
    if (keys.size() <= Limits.MAX_BATCH_GET_KEYS) {
      return batchGet(keys, meter);
    }
    Map<Key, Item> found = new HashMap<>(2 * keys.size());
    sideBySide(
        keys,
        Limits.MAX_BATCH_GET_KEYS,
        Operation.BATCH_GET_ITEM,
        "keys",
        table::batchGetItem,
        Table.BatchRead::unprocessedKeys,
        RequestDescriptions::batchGetItem,
        (read, m) -> {
          m.request(read.consumed(), read.items().size());
          read.items().forEach(item -> found.put(item.key(), item));
        },
        meter);
    return found;
  }

  /**
   * The requests one chunk of a batch made, not yet metered.
   *
   * @param asked what each request asked for, retries included
   * @param answers the answers, one per request that was answered
   * @param failure what ended the chunk early, or null
   */
  private record Chunk<T, A>(List<List<T>> asked, List<A> answers, RuntimeException failure) {}

  /**
   * Any number of keys or items in chunks of {@code chunkSize}, one batch request per chunk (the
   * unprocessed part sent again within the retry budget), the chunks sent side by side through
   * the repository's {@link RequestPool}, then metered in chunk order (a request that failed
   * counted too) as if sent one after another; the first failure in chunk order is thrown once
   * every chunk has ended.
   *
   * @param send one request
   * @param unprocessed what an answer left unprocessed
   * @param describer describes one request's list
   * @param answered meters an answer (and takes what it needs from it), on the calling thread
   */
  private <T, A> void sideBySide(
      List<T> all,
      int chunkSize,
      Operation request,
      String what,
      Function<List<T>, A> send,
      Function<A, List<T>> unprocessed,
      Function<List<T>, DynamoRequest> describer,
      BiConsumer<A, Meter> answered,
      Meter meter) {
    List<List<T>> chunks = new ArrayList<>();
    for (int from = 0; from < all.size(); from += chunkSize) {
      chunks.add(all.subList(from, Math.min(all.size(), from + chunkSize)));
    }
    RuntimeException failure = null;
    List<Chunk<T, A>> sent =
        pool.sendAll(chunks, chunk -> sendChunk(chunk, request, what, send, unprocessed));
    for (Chunk<T, A> chunk : sent) {
      for (int i = 0; i < chunk.asked().size(); i++) {
        if (i > 0) {
          meter.resent(request);
        }
        meter.madeOf(describer, chunk.asked().get(i));
        if (i < chunk.answers().size()) {
          A answer = chunk.answers().get(i);
          answered.accept(answer, meter);
          if (request.writes() && unprocessed.apply(answer).size() < chunk.asked().get(i).size()) {
            meter.applied();
          }
        }
      }
      if (failure == null && chunk.failure() != null) {
        failure = chunk.failure();
      }
    }
    if (failure != null) {
      throw failure;
    }
  }

  /** Sends one chunk, retrying its unprocessed part; never throws, the failure is returned. */
  private <T, A> Chunk<T, A> sendChunk(
      List<T> chunk,
      Operation request,
      String what,
      Function<List<T>, A> send,
      Function<A, List<T>> unprocessed) {
    List<List<T>> asked = new ArrayList<>(1);
    List<A> answers = new ArrayList<>(1);
    try {
      untilProcessed(
          // Not metered here (a helper thread's): sideBySide counts the resends in order.
          null,
          chunk,
          request,
          what,
          pending -> {
            asked.add(List.copyOf(pending));
            A answer = send.apply(pending);
            answers.add(answer);
            return unprocessed.apply(answer);
          });
      return new Chunk<>(asked, answers, null);
    } catch (RuntimeException e) {
      return new Chunk<>(asked, answers, e);
    }
  }

  /**
   * BatchWriteItem of up to {@link Limits#MAX_BATCH_WRITE_ITEMS} puts, the unprocessed ones sent
   * again within the retry budget.
   *
   * @throws ServiceUnavailableException if items are still unprocessed when the budget is spent
   */
  public void batchWrite(List<Item> batch, Meter meter) {
    untilProcessed(
        meter,
        batch,
        Operation.BATCH_WRITE_ITEM,
        "items",
        pending -> {
          meter.madeOf(RequestDescriptions::batchWriteItem, pending);
          Table.BatchWrite write = batchWriteItem(pending);
          meter.request(write.consumed(), 0);
          if (write.unprocessedItems().size() < pending.size()) {
            meter.applied();
          }
          return write.unprocessedItems();
        });
  }

  /**
   * Any number of puts, written with one BatchWriteItem per {@link Limits#MAX_BATCH_WRITE_ITEMS}:
   * one chunk as {@link #batchWrite}; several sent side by side through the repository's
   * {@link RequestPool}, each with its own retries of unprocessed items, then metered in chunk
   * order (a request that failed counted too) as if sent one after another. The chunks are
   * independent puts of distinct keys, so their order on the wire does not matter; a hybrid
   * fan-out of 1,000 entries takes two round trips at a parallelism of 50 instead of 40.
   *
   * @throws ServiceUnavailableException if items are still unprocessed when the budget is spent
   *     (the other chunks may have been written: every caller writes idempotent puts)
   */
  public void batchWriteAll(List<Item> items, Meter meter) {
    if (items.size() <= Limits.MAX_BATCH_WRITE_ITEMS) {
      if (!items.isEmpty()) {
        batchWrite(items, meter);
      }
      return;
    }
    sideBySide(
        items,
        Limits.MAX_BATCH_WRITE_ITEMS,
        Operation.BATCH_WRITE_ITEM,
        "items",
        this::batchWriteItem,
        Table.BatchWrite::unprocessedItems,
        RequestDescriptions::batchWriteItem,
        (write, m) -> m.request(write.consumed(), 0),
        meter);
  }

  /** One BatchWriteItem request; then, whatever its outcome, the watcher is told. */
  private Table.BatchWrite batchWriteItem(List<Item> items) {
    try {
      return table.batchWriteItem(items);
    } finally {
      watcher.writtenItems(items);
    }
  }

  /**
   * Sends a batch, then what the engine left unprocessed, until nothing is left or the retry
   * budget is spent.
   *
   * @param meter counts the resends; null where the caller counts them when it meters
   * @param send makes one request and returns what it left unprocessed
   * @throws ServiceUnavailableException naming the request and what is left
   */
  private <T> void untilProcessed(
      Meter meter, List<T> batch, Operation request, String what, UnaryOperator<List<T>> send) {
    List<T> pending = batch;
    for (int attempt = 0; !pending.isEmpty(); attempt++) {
      if (!retrier.allows(attempt)) {
        throw new ServiceUnavailableException(
            request.wireName()
                + " left "
                + pending.size()
                + " "
                + what
                + " unprocessed after "
                + attempt
                + " attempts",
            ServiceUnavailableException.Reason.THROTTLED,
            ServiceUnavailableException.Written.NOTHING,
            null);
      }
      retrier.pauseBefore(attempt);
      if (attempt > 0 && meter != null) {
        meter.resent(request);
      }
      pending = send.apply(pending);
    }
  }
}
