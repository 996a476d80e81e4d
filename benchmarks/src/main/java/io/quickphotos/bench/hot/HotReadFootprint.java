package io.quickphotos.bench.hot;

import io.quickphotos.NewUser;
import io.quickphotos.QuickPhotos;
import io.quickphotos.Sharding;
import io.quickphotos.UserStatus;
import io.quickphotos.bench.footprint.Footprint;
import io.quickphotos.dynamo.DynamoQuickPhotos;
import io.quickphotos.dynamo.local.DynamoDbLocal;
import io.quickphotos.memory.InMemoryTable;
import io.quickphotos.memory.MemoryQuickPhotos;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * The heap one repository's hot reads take at their limit: {@code keys} hot users (8 shards
 * each) read once through a repository that keeps their snapshots (a staleness of an hour, so
 * none expires during the measurement), against the same reads through one that keeps none
 * (which still remembers that each key is sharded). The difference is what the kept snapshots
 * cost; per key, one user item with its summed counters and the entry around it. On memory the
 * item's strings are the table's own (the engine hands out its stored values), so the figure is
 * the entry and the item's own structure; on DynamoDB Local, where every read decodes its item
 * anew, it is the whole item, as on DynamoDB. Heap from {@link java.lang.management.MemoryMXBean} after full collections
 * ({@link Footprint#usedHeapAfterGc()}).
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar io.quickphotos.bench.hot.HotReadFootprint [keys]
 * </pre>
 */
public final class HotReadFootprint {
  /** The repository's limit on kept keys (HotReads.LIMIT). */
  static final int LIMIT = 10_000;

  private HotReadFootprint() {}

  /**
   * Measures at the limit, or at the number of keys given.
   *
   * @param args the number of hot keys, {@value #LIMIT} unless given
   */
  public static void main(String[] args) {
    int keys = args.length > 0 ? Integer.parseInt(args[0]) : LIMIT;
    print("memory", measure(keys));
    try (DynamoDbLocal local = DynamoDbLocal.start()) {
      print(
          "DynamoDB Local",
          measure(
              keys,
              staleness ->
                  DynamoQuickPhotos.builder()
                      .client(local.client())
                      .createTableIfMissing(true)
                      .sharding(Sharding.of(8, 1, 1))
                      .hotReadStaleness(staleness)
                      .build()));
    }
  }

  private static void print(String backend, Result result) {
    System.out.printf(
        Locale.ROOT,
        "%s: %,d hot users kept: %,d bytes (%.1f MiB), %,.0f bytes a key%n",
        backend,
        result.keys(),
        result.bytes(),
        result.bytes() / 1048576.0,
        result.bytesPerKey());
  }

  /**
   * What the kept snapshots took.
   *
   * @param keys hot keys read
   * @param bytes heap the keeping repository held beyond the one that keeps nothing
   */
  record Result(int keys, long bytes) {
    double bytesPerKey() {
      return (double) bytes / keys;
    }
  }

  /**
   * Creates {@code keys} hot users on a new table, then reads each through two repositories.
   *
   * @param keys how many
   * @return the difference in heap
   */
  static Result measure(int keys) {
    InMemoryTable table = InMemoryTable.create();
    return measure(
        keys,
        staleness ->
            MemoryQuickPhotos.builder()
                .table(table)
                .sharding(Sharding.of(8, 1, 1))
                .hotReadStaleness(staleness)
                .build());
  }

  /**
   * As {@link #measure(int)}, on repositories of one table that {@code instance} builds.
   *
   * @param keys how many
   * @param instance a repository of the table, with the staleness given
   * @return the difference in heap
   */
  static Result measure(int keys, Function<Duration, QuickPhotos> instance) {
    QuickPhotos writer = instance.apply(Duration.ZERO);
    List<String> names = new ArrayList<>(keys);
    writer.createUser(user("fan-a"));
    writer.createUser(user("fan-b"));
    for (int i = 0; i < keys; i++) {
      String name = "star" + i;
      names.add(name);
      writer.createUser(user(name));
      // The second follower switches the star to 8 shards.
      writer.follow("fan-a", name);
      writer.follow("fan-b", name);
    }
    QuickPhotos keepsNone = instance.apply(Duration.ZERO);
    QuickPhotos keeps = instance.apply(Duration.ofHours(1));
    for (String name : names) {
      keepsNone.getUser(name);
    }
    long before = Footprint.usedHeapAfterGc();
    for (String name : names) {
      keeps.getUser(name);
    }
    long after = Footprint.usedHeapAfterGc();
    // Both stay reachable until measured.
    if (keeps.getUser(names.get(0)).isEmpty() || keepsNone.getUser(names.get(0)).isEmpty()) {
      throw new IllegalStateException("a hot user is gone");
    }
    return new Result(keys, after - before);
  }

  private static NewUser user(String name) {
    return new NewUser(
        name,
        "Name of " + name,
        name + "@example.com",
        LocalDate.of(1990, 1, 1),
        "1 Main Street, Springfield",
        UserStatus.ACTIVE);
  }
}
