package io.quickphotos.bench.footprint;

import io.quickphotos.CostListener;
import io.quickphotos.QuickPhotos;
import io.quickphotos.TableItems;
import io.quickphotos.bench.DataSet;
import io.quickphotos.memory.InMemoryTable;
import java.lang.management.ManagementFactory;
import java.lang.ref.Reference;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The in-memory backend's footprint: how many bytes of heap each stored item holds, beside the
 * item's size by DynamoDB's formula. For each size, the {@link DataSet} is generated first (and
 * kept), the heap measured after full collections, the data set imported into a fresh
 * {@link InMemoryTable} through the repository, and the heap measured again; the difference,
 * divided by the number of items, is what the table and its index cost per item, keys and both
 * sorted structures included. The DynamoDB size is the table's, counted by
 * {@link TableItems#census} after the heap was measured: the data set's items, and nothing else.
 *
 * <p>Heap figures come from {@link java.lang.management.MemoryMXBean} after {@link System#gc()}
 * repeated until the used heap stops shrinking; with the parallel collector each is a full,
 * compacting collection, so only live objects remain. Run with a fixed heap and the parallel
 * collector, from the repository root, after {@code ./mvnw -pl benchmarks -am verify}:
 * <pre>
 * java -Xms3g -Xmx3g -XX:+UseParallelGC -cp benchmarks/target/benchmarks.jar \
 *     io.quickphotos.bench.footprint.Footprint 10000 100000 1000000
 * </pre>
 * {@code --caption 200} gives every photo a caption of 200 characters (the data set's photos are
 * 15% of its items), for the footprint of captioned photos beside the same without.
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
    int captionBytes = 0;
    for (int i = 0; i < args.length; i++) {
      if (args[i].equals("--caption")) {
        captionBytes = Integer.parseInt(args[++i]);
      } else {
        sizes.add(Integer.parseInt(args[i]));
      }
    }
    if (sizes.isEmpty()) {
      sizes = List.of(10_000, 100_000, 1_000_000);
    }
    List<Result> results = new ArrayList<>();
    for (int size : sizes) {
      results.add(measure(size, captionBytes));
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
    return measure(size, 0);
  }

  /**
   * Loads a data set of about {@code size} items, every photo with a caption of
   * {@code captionBytes} characters, into a fresh in-memory backend and measures it.
   *
   * @param size the data set size
   * @param captionBytes every photo's caption length, 0 for none
   * @return the footprint
   */
  static Result measure(int size, int captionBytes) {
    DataSet data = DataSet.of(size);
    long before = usedHeapAfterGc();
    QuickPhotos photos = DataSet.memory(InMemoryTable.create(), CostListener.NONE);
    // The snapshot is made after the first measure, as the captions are: what the items keep of
    // it is counted, the rest is garbage by the second.
    photos.importSnapshot(data.snapshot(captionBytes), written -> {});
    long after = usedHeapAfterGc();
    long dynamoDbBytes =
        TableItems.census(photos).values().stream().mapToLong(TableItems.Tally::bytes).sum();
    Reference.reachabilityFence(photos);
    Reference.reachabilityFence(data);
    return new Result(size, data.itemCount(), after - before, dynamoDbBytes);
  }

  /** The used heap after full collections, repeated until it stops shrinking. */
  public static long usedHeapAfterGc() {
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
