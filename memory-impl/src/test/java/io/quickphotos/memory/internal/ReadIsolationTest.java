package io.quickphotos.memory.internal;

import static io.quickphotos.memory.internal.Fixtures.indexPlan;
import static io.quickphotos.memory.internal.Fixtures.key;
import static io.quickphotos.memory.internal.Fixtures.plan;
import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.engine.AttributePath;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.ItemCondition;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.UpdateAction;
import io.quickphotos.engine.WriteAction;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Every read of the engine sees whole transactions, on the table and on the index alike, while
 * transactions run on other threads: writers move amounts between items, and readers that
 * BatchGetItem the items or Query them (table and index) must always find the sum unchanged.
 */
class ReadIsolationTest {
  private static final int WRITERS = 2;
  private static final int READERS = 3;
  private static final int TRANSACTIONS_PER_WRITER = 5_000;

  private final MemoryTable table = new MemoryTable();
  // Two items in one table partition, for a table Query...
  private final Key left = key("ACCOUNTS", "left");
  private final Key right = key("ACCOUNTS", "right");
  // ...and two in one index partition (sort key "balance"), for an index Query.
  private final Key first = key("ACCOUNT#1", "balance");
  private final Key second = key("ACCOUNT#2", "balance");

  @Test
  @Timeout(value = 120, unit = TimeUnit.SECONDS)
  void readersAlwaysSeeTheAmountsMovedWhole() throws Exception {
    for (Key k : List.of(left, right, first, second)) {
      Fixtures.put(table, Item.builder(k).put("n", 100).build());
    }
    List<Supplier<List<Item>>> reads =
        List.of(
            () -> table.batchGetItem(List.of(left, right, first, second)).items(),
            () -> table.query(plan("ACCOUNTS", true, 10)).items(),
            () -> table.query(indexPlan("balance", true, 10)).items());
    AtomicBoolean writing = new AtomicBoolean(true);
    Map<String, AtomicLong> wrongSums = new ConcurrentHashMap<>();
    AtomicLong checked = new AtomicLong();
    CountDownLatch start = new CountDownLatch(1);
    ExecutorService pool = Executors.newFixedThreadPool(WRITERS + READERS);
    try {
      List<Future<?>> writers = new ArrayList<>();
      for (int w = 0; w < WRITERS; w++) {
        writers.add(
            pool.submit(
                () -> {
                  start.await();
                  for (int i = 0; i < TRANSACTIONS_PER_WRITER; i++) {
                    long amount = amount(i);
                    // One transaction moves the amount on both pairs: the table pair and the index
                    // pair.
                    table.transactWrite(
                        List.of(
                            add(left, -amount),
                            add(right, amount),
                            add(first, -amount),
                            add(second, amount)));
                  }
                  return null;
                }));
      }
      List<Future<?>> readers = new ArrayList<>();
      for (int r = 0; r < READERS; r++) {
        int reader = r;
        readers.add(
            pool.submit(
                () -> {
                  start.await();
                  Supplier<List<Item>> read = reads.get(reader % reads.size());
                  String name =
                      List.of("batchGetItem", "query table", "query index")
                          .get(reader % reads.size());
                  while (writing.get() || checked.get() < 1_000) {
                    List<Item> items = read.get();
                    BigDecimal sum =
                        items.stream()
                            .map(item -> item.number("n"))
                            .reduce(BigDecimal.ZERO, BigDecimal::add);
                    BigDecimal expected = BigDecimal.valueOf(100L * items.size());
                    if (items.size() != (reader % reads.size() == 0 ? 4 : 2)
                        || sum.compareTo(expected) != 0) {
                      wrongSums.computeIfAbsent(name, n -> new AtomicLong()).incrementAndGet();
                    }
                    checked.incrementAndGet();
                  }
                  return null;
                }));
      }
      start.countDown();
      for (Future<?> writer : writers) {
        writer.get(100, TimeUnit.SECONDS);
      }
      writing.set(false);
      for (Future<?> reader : readers) {
        reader.get(100, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }

    assertThat(wrongSums).isEmpty();
    assertThat(checked.get()).isGreaterThanOrEqualTo(1_000);
    // Every transaction was applied, exactly once.
    long moved = 0;
    for (int i = 0; i < TRANSACTIONS_PER_WRITER; i++) {
      moved += WRITERS * amount(i);
    }
    for (Key from : List.of(left, first)) {
      assertThat(table.getItem(from).item().orElseThrow().number("n"))
          .isEqualByComparingTo(BigDecimal.valueOf(100 - moved));
    }
    for (Key to : List.of(right, second)) {
      assertThat(table.getItem(to).item().orElseThrow().number("n"))
          .isEqualByComparingTo(BigDecimal.valueOf(100 + moved));
    }
  }

  /** What the {@code i}-th transaction of each writer moves. */
  private static long amount(int i) {
    return i % 7 + 1;
  }

  private static WriteAction add(Key key, long delta) {
    return new WriteAction.Update(
        key, List.of(new UpdateAction.Add(AttributePath.of("n"), delta)), ItemCondition.EXISTS);
  }
}
