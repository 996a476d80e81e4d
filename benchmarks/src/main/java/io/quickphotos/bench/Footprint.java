package io.quickphotos.bench;

import io.quickphotos.CostListener;
import io.quickphotos.Follow;
import io.quickphotos.NewUser;
import io.quickphotos.PhotoId;
import io.quickphotos.QuickPhotos;
import io.quickphotos.Reaction;
import io.quickphotos.engine.Key;
import io.quickphotos.internal.singletable.KeyLayout;
import io.quickphotos.memory.internal.MemoryTable;
import java.lang.management.ManagementFactory;
import java.lang.ref.Reference;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The in-memory backend's footprint: how many bytes of heap each stored item holds, beside the
 * item's size by DynamoDB's formula. For each size, the {@link DataSet} is generated first (and
 * kept), the heap measured after full collections, the data set imported into a fresh
 * {@link MemoryTable} through the repository, and the heap measured again; the difference,
 * divided by the number of items, is what the table and its index cost per item, keys and both
 * sorted structures included. The DynamoDB size is the sum of {@code Item.size()} over every item
 * read back by key.
 *
 * <p>Heap figures come from {@link java.lang.management.MemoryMXBean} after {@link System#gc()}
 * repeated until the used heap stops shrinking; with the parallel collector each is a full,
 * compacting collection, so only live objects remain. Run with a fixed heap and the parallel
 * collector, from the repository root, after {@code ./mvnw -pl benchmarks -am verify}:
 * <pre>
 * java -Xms3g -Xmx3g -XX:+UseParallelGC -cp benchmarks/target/benchmarks.jar \
 *     io.quickphotos.bench.Footprint 10000 100000 1000000
 * </pre>
 */
public final class Footprint {
  private Footprint() {}

  /**
   * One size's footprint.
   *
   * @param requestedItems the data set size asked for
   * @param items the items stored
   * @param heapBytes heap retained by the loaded repository
   * @param dynamoDbBytes the items' total size by DynamoDB's formula
   */
  record Result(int requestedItems, long items, long heapBytes, long dynamoDbBytes) {

    double heapPerItem() {
      return (double) heapBytes / items;
    }

    double dynamoDbPerItem() {
      return (double) dynamoDbBytes / items;
    }

    double ratio() {
      return (double) heapBytes / dynamoDbBytes;
    }
  }

  /**
   * Measures each size given (default 10⁴, 10⁵, 10⁶ items) and prints a markdown table.
   *
   * @param args item counts
   */
  public static void main(String[] args) {
    List<Integer> sizes = new ArrayList<>();
    for (String arg : args) {
      sizes.add(Integer.parseInt(arg));
    }
    if (sizes.isEmpty()) {
      sizes = List.of(10_000, 100_000, 1_000_000);
    }
    List<Result> results = new ArrayList<>();
    for (int size : sizes) {
      results.add(measure(size));
    }
    System.out.print(markdown(results));
  }

  /**
   * Loads a data set of about {@code size} items into a fresh in-memory backend and measures it.
   *
   * @param size the data set size
   * @return the footprint
   */
  static Result measure(int size) {
    DataSet data = DataSet.of(size);
    long before = usedHeapAfterGc();
    MemoryTable table = new MemoryTable();
    QuickPhotos photos = DataSet.repository(table, CostListener.NONE);
    data.importInto(photos, "memory");
    long after = usedHeapAfterGc();
    long dynamoDbBytes = dynamoDbBytes(table, data);
    Reference.reachabilityFence(photos);
    Reference.reachabilityFence(data);
    return new Result(size, data.itemCount(), after - before, dynamoDbBytes);
  }

  /** Reads every item of the data set back by key and sums DynamoDB's sizes. */
  private static long dynamoDbBytes(MemoryTable table, DataSet data) {
    List<Key> keys = new ArrayList<>(data.itemCount());
    List<NewUser> users = new ArrayList<>(data.users);
    users.add(data.follower);
    users.add(data.reactor);
    for (NewUser user : users) {
      keys.add(KeyLayout.user(user.username()));
    }
    for (PhotoId photo : data.photos) {
      keys.add(KeyLayout.photo(photo));
    }
    for (Follow follow : data.follows) {
      keys.add(KeyLayout.friendship(follow.followed(), follow.follower()));
    }
    for (Reaction reaction : data.reactions) {
      keys.add(KeyLayout.reaction(reaction.reactor(), reaction.type(), reaction.photo()));
    }
    long bytes = 0;
    for (Key key : keys) {
      bytes +=
          table
              .getItem(key)
              .item()
              .orElseThrow(() -> new IllegalStateException("not loaded: " + key))
              .size();
    }
    return bytes;
  }

  /** The used heap after full collections, repeated until it stops shrinking. */
  static long usedHeapAfterGc() {
    long used = Long.MAX_VALUE;
    for (int i = 0; i < 10; i++) {
      System.gc();
      long now = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
      if (now >= used && i >= 2) {
        return Math.min(now, used);
      }
      used = Math.min(used, now);
    }
    return used;
  }

  /**
   * The results as a markdown table.
   *
   * @param results one per size
   * @return the table
   */
  static String markdown(List<Result> results) {
    StringBuilder md = new StringBuilder();
    md.append("| Items | Heap B/item | DynamoDB B/item | Heap ÷ DynamoDB size | Heap total |\n");
    md.append("|---:|---:|---:|---:|---:|\n");
    for (Result r : results) {
      md.append(
          String.format(
              Locale.ROOT,
              "| %,d | %,.0f | %,.1f | %.2f× | %,.1f MB |%n",
              r.items(),
              r.heapPerItem(),
              r.dynamoDbPerItem(),
              r.ratio(),
              r.heapBytes() / 1e6));
    }
    return md.toString();
  }
}
