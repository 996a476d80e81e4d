package io.quickphotos.internal.repository.audit;

import io.quickphotos.engine.AttributePath;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.ItemCondition;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.UpdateAction;
import io.quickphotos.engine.Value;
import io.quickphotos.engine.WriteAction;
import io.quickphotos.internal.repository.request.Batches;
import io.quickphotos.internal.repository.request.Meter;
import io.quickphotos.internal.repository.request.Reads;
import io.quickphotos.internal.repository.request.Requests;
import io.quickphotos.internal.repository.request.Writes;
import io.quickphotos.internal.singletable.hot.Shards;
import io.quickphotos.internal.singletable.plan.Counters;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The audit's mend of a hot key's counters, spread over its own item and its shards: the parts
 * read as one snapshot (TransactGetItems) with their revisions, the items counted, and in one
 * transaction every part set so that none is below zero and they sum to the count, each part on
 * condition that its revision is still the one read (a part left as it is gets a ConditionCheck
 * of it): so a follow, unfollow, reaction or removal that lands on any part meanwhile fails the
 * mend, which the next run tries again. The same guard as an ordinary counter's mend
 * ({@link AuditCounters}), over every part.
 *
 * <p>How a count is spread: each part keeps what it holds, a part below zero is raised to zero,
 * and the difference to the count is added to the key's own item, or taken from the parts that
 * hold the most. Not thread-safe; one per audit.
 */
final class HotCounterMends {
  private final Reads reads;
  private final Writes writes;
  private final Batches batches;
  private final Meter meter;

  HotCounterMends(Requests requests, Meter meter) {
    this.reads = requests.reads();
    this.writes = requests.writes();
    this.batches = requests.batches();
    this.meter = meter;
  }

  /**
   * Mends the counters of one hot key.
   *
   * @param main the key's own item
   * @param counters the counters to mend, each spread over the parts
   * @param counted counts each counter's items now; empty when a count cannot be trusted yet (an
   *     index that may not list an item: the mend is left for the next run)
   * @return whether the parts hold the counts within bounds now
   */
  boolean mend(
      Key main,
      List<AttributePath> counters,
      Supplier<Optional<Map<AttributePath, Long>>> counted) {
    Optional<Item> item = reads.get(main, meter);
    if (item.isEmpty() || !Shards.isSharded(item.get())) {
      return false;
    }
    List<Key> keys = new ArrayList<>();
    keys.add(main);
    keys.addAll(Shards.keysOf(item.get()));
    List<Optional<Item>> parts = batches.snapshots(List.of(keys), meter).get(0);
    if (parts.stream().anyMatch(Optional::isEmpty)
        || Shards.count(parts.get(0).get()) != keys.size() - 1) {
      // The key was folded or made again meanwhile: its cascade owns its counters.
      return false;
    }
    Optional<Map<AttributePath, Long>> counts = counted.get();
    if (counts.isEmpty()) {
      return false;
    }
    long[][] values = new long[counters.size()][parts.size()];
    boolean changes = false;
    for (int c = 0; c < counters.size(); c++) {
      long[] now = new long[parts.size()];
      for (int p = 0; p < parts.size(); p++) {
        now[p] = value(parts.get(p).get(), counters.get(c));
      }
      values[c] = spread(now, counts.get().get(counters.get(c)));
      for (int p = 0; p < parts.size(); p++) {
        changes |= values[c][p] != now[p];
      }
    }
    if (!changes) {
      return true;
    }
    List<WriteAction> actions = new ArrayList<>(parts.size());
    for (int p = 0; p < parts.size(); p++) {
      Item part = parts.get(p).get();
      ItemCondition unchanged = Counters.revisionIs(Counters.revision(part));
      List<UpdateAction> deltas = new ArrayList<>();
      for (int c = 0; c < counters.size(); c++) {
        long delta = values[c][p] - value(part, counters.get(c));
        if (delta != 0) {
          deltas.add(new UpdateAction.Add(counters.get(c), delta));
        }
      }
      actions.add(
          deltas.isEmpty()
              ? new WriteAction.Check(part.key(), unchanged)
              : new WriteAction.Update(part.key(), Counters.change(deltas), unchanged));
    }
    return writes.transact(actions, meter);
  }

  /**
   * The parts' new values: each as it is, none below zero, summing to {@code total} (more added
   * to the key's own item, part 0; less taken from the largest parts first).
   */
  static long[] spread(long[] now, long total) {
    long[] next = new long[now.length];
    long sum = 0;
    for (int p = 0; p < now.length; p++) {
      next[p] = Math.max(0, now[p]);
      sum += next[p];
    }
    long excess = sum - Math.max(0, total);
    if (excess < 0) {
      next[0] -= excess;
    }
    while (excess > 0) {
      int largest = 0;
      for (int p = 1; p < next.length; p++) {
        if (next[p] > next[largest]) {
          largest = p;
        }
      }
      long taken = Math.min(excess, next[largest]);
      next[largest] -= taken;
      excess -= taken;
    }
    return next;
  }

  /** A counter's value on an item (a nested path: {@code reactions.<type>}); 0 if missing. */
  private static long value(Item item, AttributePath counter) {
    Value value = item.get(counter.names().get(0)).orElse(null);
    for (String name : counter.names().subList(1, counter.names().size())) {
      value = value instanceof Value.MapValue map ? map.value().get(name) : null;
    }
    return value instanceof Value.Num n ? n.value().longValueExact() : 0;
  }
}
