package io.quickphotos.internal.repository.bulk;

import io.quickphotos.QuickPhotosException;
import io.quickphotos.RetryPolicy;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.Table;
import io.quickphotos.engine.UnreadableItemException;
import io.quickphotos.engine.Utf8;
import io.quickphotos.internal.singletable.codec.ItemCodec;
import io.quickphotos.internal.singletable.files.ItemJson;
import io.quickphotos.internal.singletable.files.ItemLoader;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * A repository's table seen as items, for tools ({@code io.quickphotos.TableItems}): loaded from
 * and exported to DynamoDB JSON lines, counted by kind, its users listed. Goes to the engine the
 * repository reads its settings from (on memory the bare table, below any fault script, throughput
 * model or simulated latency of the repository), around the repository's metering: nothing here is
 * reported to its cost listener. Thread-safe if the engine is; each method is one pass of its own.
 */
public final class RawItems {
  private static final Comparator<Item> BY_KEY =
      Comparator.comparing((Item item) -> item.key().pk(), Utf8::compare)
          .thenComparing(item -> item.key().sk(), Utf8::compare);

  private final Table table;
  private final RetryPolicy retryPolicy;

  /** Run after items are loaded: the repository then serves no hot key's snapshot it kept. */
  private final Runnable afterLoad;

  /**
   * The items of one repository's table.
   *
   * @param table the bare engine
   * @param retryPolicy how a load's unprocessed items are retried
   * @param afterLoad run after items are loaded
   */
  public RawItems(Table table, RetryPolicy retryPolicy, Runnable afterLoad) {
    this.table = Objects.requireNonNull(table, "table");
    this.retryPolicy = Objects.requireNonNull(retryPolicy, "retryPolicy");
    this.afterLoad = Objects.requireNonNull(afterLoad, "afterLoad");
  }

  /** What one pass counted of each kind: items and their DynamoDB size. */
  public interface Tallies {
    /**
     * Counts one item.
     *
     * @param kind its kind, {@link ItemCodec.Entity#OTHER} if this version does not know it
     * @param bytes its size as DynamoDB computes it
     */
    void add(ItemCodec.Entity kind, long bytes);
  }

  /**
   * Puts the items of DynamoDB JSON lines into the table as they are, with BatchWriteItem, 25 a
   * request, in the order of the lines; a key repeated ends with its last line's item. The
   * repository then reads every hot key from the table again.
   *
   * @param lines the text; read to its end, not closed
   * @return how many items were written
   * @throws io.quickphotos.InvalidInputException naming the line if a line is not an item, or if
   *     the table refuses one; the batches before it are written
   * @throws io.quickphotos.ServiceUnavailableException if items stay unprocessed after the
   *     repository's retry policy
   * @throws UncheckedIOException if the text cannot be read
   */
  public long load(Reader lines) {
    ItemLoader loader = new ItemLoader(table, retryPolicy);
    try {
      ItemJson.read(lines, loader::put);
      return loader.flush();
    } finally {
      afterLoad.run();
    }
  }

  /**
   * Writes every item of a kind this version knows as a line {@code {"Item": ...}}, sorted by
   * {@code PK} then {@code SK} in DynamoDB's byte order; the others are skipped, and counted.
   *
   * @param out where the lines go; flushed, not closed
   * @param tallies counts every item read, written or skipped
   * @throws UncheckedIOException if writing fails
   */
  public void export(Writer out, Tallies tallies) {
    List<Item> items = new ArrayList<>();
    table.forEachItem(
        item -> {
          ItemCodec.Entity kind = ItemCodec.kindOf(item);
          tallies.add(kind, item.size());
          if (kind != ItemCodec.Entity.OTHER) {
            items.add(item);
          }
        });
    items.sort(BY_KEY);
    try {
      for (Item item : items) {
        out.write(ItemJson.formatLine(item));
        out.write('\n');
      }
      out.flush();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Counts every item of the table by kind, with one Scan.
   *
   * @param tallies counts each item
   */
  public void census(Tallies tallies) {
    table.forEachItem(item -> tallies.add(ItemCodec.kindOf(item), item.size()));
  }

  /**
   * The handle of every user profile in the table, closing accounts included, with one Scan.
   *
   * @return the handles, sorted in natural order
   * @throws QuickPhotosException if a profile cannot be read
   */
  public List<String> usernames() {
    List<String> users = new ArrayList<>();
    table.forEachItem(
        item -> {
          if (ItemCodec.kindOf(item) == ItemCodec.Entity.USER) {
            try {
              users.add(ItemCodec.user(item).username());
            } catch (UnreadableItemException e) {
              throw new QuickPhotosException(
                  "the table holds an item quickphotos cannot read: " + e.getMessage(), e);
            }
          }
        });
    users.sort(Comparator.naturalOrder());
    return users;
  }
}
