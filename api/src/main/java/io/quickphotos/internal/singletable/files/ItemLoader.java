package io.quickphotos.internal.singletable.files;

import io.quickphotos.RetryPolicy;
import io.quickphotos.ServiceUnavailableException;
import io.quickphotos.engine.Backoff;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.Limits;
import io.quickphotos.engine.Table;
import io.quickphotos.engine.TableRequestRefusedException;
import io.quickphotos.engine.Unavailability;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Puts raw items into an engine with BatchWriteItem, 25 a request, retrying unprocessed items
 * under a {@link RetryPolicy}: for fixtures and the command's {@code load --file}, which write
 * items as a file holds them rather than through the repository's access patterns. Items replace
 * any item with the same key; a key repeated in the input ends with its last item, as
 * successive PutItems would leave it. Not atomic. Not thread-safe (one load at a time).
 */
public final class ItemLoader {
  private final Table table;
  private final RetryPolicy retryPolicy;
  private final List<Item> batch = new ArrayList<>(Limits.MAX_BATCH_WRITE_ITEMS);
  private final Set<Key> keys = new HashSet<>();
  private long written;

  /**
   * A loader into an engine.
   *
   * @param table the engine
   * @param retryPolicy how unprocessed items are retried
   */
  public ItemLoader(Table table, RetryPolicy retryPolicy) {
    this.table = Objects.requireNonNull(table, "table");
    this.retryPolicy = Objects.requireNonNull(retryPolicy, "retryPolicy");
  }

  /**
   * Adds an item, writing a batch when 25 are waiting or the item's key is already waiting.
   *
   * @param item the item
   * @throws io.quickphotos.InvalidInputException if the engine refuses an item of the batch
   * @throws ServiceUnavailableException if items stay unprocessed after the retries
   */
  public void put(Item item) {
    if (keys.contains(item.key())) {
      flush();
    }
    batch.add(item);
    keys.add(item.key());
    if (batch.size() == Limits.MAX_BATCH_WRITE_ITEMS) {
      flush();
    }
  }

  /**
   * Writes the items still waiting.
   *
   * @return the number of items written so far
   * @throws io.quickphotos.InvalidInputException if the engine refuses an item of the batch
   * @throws ServiceUnavailableException if items stay unprocessed after the retries, or the
   *     engine is unavailable; written {@code PARTLY} once any item was written
   */
  public long flush() {
    try {
      return flushOrFail();
    } catch (ServiceUnavailableException e) {
      throw written > 0 ? Unavailability.afterWrites(e) : e;
    }
  }

  private long flushOrFail() {
    List<Item> pending = List.copyOf(batch);
    batch.clear();
    keys.clear();
    for (int attempt = 1; !pending.isEmpty(); attempt++) {
      if (attempt > 1) {
        if (attempt > retryPolicy.maxAttempts()) {
          throw new ServiceUnavailableException(
              "BatchWriteItem left "
                  + pending.size()
                  + " items unprocessed after "
                  + retryPolicy.maxAttempts()
                  + " attempts",
              ServiceUnavailableException.Reason.THROTTLED,
              ServiceUnavailableException.Written.NOTHING,
              null);
        }
        Backoff.of(retryPolicy).pause(attempt - 1);
      }
      int before = pending.size();
      try {
        pending = table.batchWriteItem(pending).unprocessedItems();
      } catch (TableRequestRefusedException e) {
        throw new io.quickphotos.InvalidInputException(
            "refused by the table: " + e.getMessage(), e);
      }
      written += before - pending.size();
    }
    return written;
  }
}
