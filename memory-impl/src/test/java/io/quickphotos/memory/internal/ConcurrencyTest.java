package io.quickphotos.memory.internal;

import static io.quickphotos.memory.internal.Fixtures.key;
import static io.quickphotos.memory.internal.Fixtures.plan;
import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.engine.AttributePath;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.ItemCondition;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.QueryResult;
import io.quickphotos.engine.TableTransactionCancelledException;
import io.quickphotos.engine.UpdateAction;
import io.quickphotos.engine.WriteAction;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Transactions are atomic and isolated under contention: counters moved by many threads end
 * exact, and concurrent readers never see a half-applied transaction.
 */
class ConcurrencyTest {
  private static final int WRITERS = 4;
  private static final int TRANSACTIONS_PER_WRITER = 2_000;

  private final MemoryTable table = new MemoryTable();
  private final Key credit = key("COUNTERS", "credit");
  private final Key debit = key("COUNTERS", "debit");

  @Test
  @Timeout(value = 60, unit = TimeUnit.SECONDS)
  void countersMovedByConcurrentTransactionsEndExact() throws Exception {
    Fixtures.put(table, Item.builder(credit).put("n", 0).build());
    Fixtures.put(table, Item.builder(debit).put("n", 0).build());
    AtomicBoolean writing = new AtomicBoolean(true);
    AtomicInteger tornReads = new AtomicInteger();
    AtomicInteger duplicateMarkers = new AtomicInteger();
    CountDownLatch start = new CountDownLatch(1);
    ExecutorService pool = Executors.newFixedThreadPool(WRITERS + 2);
    try {
      List<Future<?>> writers = new ArrayList<>();
      for (int w = 0; w < WRITERS; w++) {
        int writer = w;
        writers.add(
            pool.submit(
                () -> {
                  start.await();
                  for (int i = 0; i < TRANSACTIONS_PER_WRITER; i++) {
                    table.transactWrite(
                        List.of(
                            counter(credit, 1),
                            counter(debit, -1),
                            new WriteAction.Put(
                                Fixtures.item("MARKERS", "m#" + writer + "#" + i),
                                ItemCondition.ABSENT)));
                    // Every writer also races for one shared marker per round: exactly one may win.
                    try {
                      table.transactWrite(
                          List.of(
                              new WriteAction.Put(
                                  Fixtures.item("ROUNDS", "r#" + i), ItemCondition.ABSENT)));
                    } catch (TableTransactionCancelledException lost) {
                      duplicateMarkers.incrementAndGet();
                    }
                  }
                  return null;
                }));
      }
      List<Future<?>> readers = new ArrayList<>();
      for (int r = 0; r < 2; r++) {
        readers.add(
            pool.submit(
                () -> {
                  start.await();
                  while (writing.get()) {
                    QueryResult counters = table.query(plan("COUNTERS", true, 10));
                    BigDecimal sum =
                        counters.items().stream()
                            .map(item -> item.number("n"))
                            .reduce(BigDecimal.ZERO, BigDecimal::add);
                    if (sum.signum() != 0) {
                      tornReads.incrementAndGet();
                    }
                  }
                  return null;
                }));
      }
      start.countDown();
      for (Future<?> writer : writers) {
        writer.get(60, TimeUnit.SECONDS);
      }
      writing.set(false);
      for (Future<?> reader : readers) {
        reader.get(60, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }

    int total = WRITERS * TRANSACTIONS_PER_WRITER;
    assertThat(table.getItem(credit).item().orElseThrow().number("n"))
        .isEqualByComparingTo(BigDecimal.valueOf(total));
    assertThat(table.getItem(debit).item().orElseThrow().number("n"))
        .isEqualByComparingTo(BigDecimal.valueOf(-total));
    assertThat(Fixtures.readAllPages(table, plan("MARKERS", true, 1000))).hasSize(total);
    assertThat(Fixtures.readAllPages(table, plan("ROUNDS", true, 1000)))
        .hasSize(TRANSACTIONS_PER_WRITER);
    assertThat(duplicateMarkers.get()).isEqualTo((WRITERS - 1) * TRANSACTIONS_PER_WRITER);
    assertThat(tornReads.get()).isZero();
  }

  private static WriteAction counter(Key key, long delta) {
    return new WriteAction.Update(
        key, List.of(new UpdateAction.Add(AttributePath.of("n"), delta)), ItemCondition.EXISTS);
  }
}
