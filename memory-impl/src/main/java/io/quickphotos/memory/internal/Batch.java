package io.quickphotos.memory.internal;

import io.quickphotos.engine.Capacity;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.Operation;
import io.quickphotos.engine.Table;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * BatchGetItem and BatchWriteItem as one kind of request: a list of keys or items sent to one
 * table, part of which may come back unprocessed. The decorators write their batch handling once,
 * against this, instead of once per request. Immutable.
 *
 * @param <T> what the batch carries: keys or items
 * @param <R> what it returns
 */
final class Batch<T, R> {
  /** BatchGetItem: keys in, items and unprocessed keys out. */
  static final Batch<Key, Table.BatchRead> GET =
      new Batch<>(
          Operation.BATCH_GET_ITEM,
          Key::pk,
          Table::batchGetItem,
          Table.BatchRead::unprocessedKeys,
          Table.BatchRead::consumed,
          (read, unprocessed) -> new Table.BatchRead(read.items(), unprocessed, read.consumed()),
          new Table.BatchRead(List.of(), List.of(), Capacity.ZERO));

  /** BatchWriteItem: items in, unprocessed items out. */
  static final Batch<Item, Table.BatchWrite> WRITE =
      new Batch<>(
          Operation.BATCH_WRITE_ITEM,
          item -> item.key().pk(),
          Table::batchWriteItem,
          Table.BatchWrite::unprocessedItems,
          Table.BatchWrite::consumed,
          (write, unprocessed) -> new Table.BatchWrite(unprocessed, write.consumed()),
          new Table.BatchWrite(List.of(), Capacity.ZERO));

  private final Operation operation;
  private final Function<T, String> partition;
  private final BiFunction<Table, List<T>, R> send;
  private final Function<R, List<T>> unprocessed;
  private final Function<R, Capacity> consumed;
  private final BiFunction<R, List<T>, R> withUnprocessed;
  private final R nothing;

  private Batch(
      Operation operation,
      Function<T, String> partition,
      BiFunction<Table, List<T>, R> send,
      Function<R, List<T>> unprocessed,
      Function<R, Capacity> consumed,
      BiFunction<R, List<T>, R> withUnprocessed,
      R nothing) {
    this.operation = operation;
    this.partition = partition;
    this.send = send;
    this.unprocessed = unprocessed;
    this.consumed = consumed;
    this.withUnprocessed = withUnprocessed;
    this.nothing = nothing;
  }

  /** The request's operation. */
  Operation operation() {
    return operation;
  }

  /** Whether the request writes. */
  boolean writes() {
    return operation.writes();
  }

  /** The partition key value a key or item lies in. */
  String partition(T element) {
    return partition.apply(element);
  }

  /** The partition key values of keys or items, in order. */
  List<String> partitions(List<T> elements) {
    List<String> partitions = new ArrayList<>(elements.size());
    for (T element : elements) {
      partitions.add(partition(element));
    }
    return partitions;
  }

  /** Sends the batch to a table: one request. */
  R send(Table table, List<T> elements) {
    return send.apply(table, elements);
  }

  /** The capacity a result reports. */
  Capacity consumed(R result) {
    return consumed.apply(result);
  }

  /** A result with {@code more} left unprocessed after what it already left. */
  R leaving(R result, List<T> more) {
    if (more.isEmpty()) {
      return result;
    }
    List<T> left = new ArrayList<>(unprocessed.apply(result));
    left.addAll(more);
    return withUnprocessed.apply(result, left);
  }

  /** The result of a batch of which nothing was processed: all of it comes back. */
  R nothingProcessed(List<T> elements) {
    return leaving(nothing, elements);
  }
}
