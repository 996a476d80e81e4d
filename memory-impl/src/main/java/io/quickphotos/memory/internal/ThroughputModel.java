package io.quickphotos.memory.internal;

import io.quickphotos.engine.Capacity;
import io.quickphotos.engine.Index;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.QueryPlan;
import io.quickphotos.engine.QueryResult;
import io.quickphotos.engine.SortKeyCondition;
import io.quickphotos.engine.Utf8;
import io.quickphotos.memory.PartitionLoad;
import io.quickphotos.memory.Throughput;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The partitions of one table and of its index {@code InvertedIndex} under {@link Throughput}
 * limits: their token buckets, their splits for heat, and what each has served and refused. The
 * engine's throughput decorator admits and charges every request here; a caller that wants to
 * watch the partitions — a simulation that reports per-second rates — creates the model, passes it
 * to {@link DynamoDbFailures#around(io.quickphotos.engine.Table, io.quickphotos.memory.Faults,
 * ThroughputModel, io.quickphotos.RetryPolicy)} and takes {@link #snapshot() snapshots} between
 * simulated seconds.
 *
 * <p>Each partition key value, of the table or of the index, starts as one partition covering all
 * its sort keys, with full buckets. A partition that refuses requests at least once a second for
 * the split delay splits at the sort key that best halves the load its admitted requests put on it
 * while it was hot, tracked for at most {@value #TRACKED_SORT_KEYS} sort keys (beyond that,
 * neighbouring keys are merged pairwise, so the split point gets coarser but stays a sort key the
 * partition served); a partition whose load all lies on one sort key never splits. Each half keeps
 * the partition's bucket balance and refills at the full limit. {@link Throughput} describes the
 * model in full.
 *
 * <p>Thread-safe: one lock guards every partition, held for the bookkeeping of one request and
 * never while the engine works.
 */
public final class ThroughputModel {
  /** The most sort keys whose load a hot partition tracks for its split point. */
  static final int TRACKED_SORT_KEYS = 128;

  /** A partition stays hot while no more than this passes between two of its refusals. */
  private static final Duration HOT_GAP = Duration.ofSeconds(1);

  private static final Comparator<String> SORT_ORDER = Utf8::compare;

  private final Throughput limits;
  private final Clock clock;
  private final double readLimit;
  private final double writeLimit;

  /** How long a partition stays hot before it splits; null if partitions never split. */
  private final Duration splitDelay;

  /** The partition key values of the table and of the index, each its own namespace. */
  private final Map<String, KeyValue> table = new HashMap<>();

  private final Map<String, KeyValue> index = new HashMap<>();

  private long throttledAttempts;

  private ThroughputModel(Throughput limits, Clock clock) {
    this.limits = limits;
    this.clock = clock;
    this.readLimit = limits.readUnitsPerSecond();
    this.writeLimit = limits.writeUnitsPerSecond();
    this.splitDelay = limits.splitForHeatAfter().orElse(null);
  }

  /**
   * A model of an empty table's partitions, every bucket full, nothing counted yet.
   *
   * @param limits the per-partition limits and the split behaviour
   * @param clock the clock that refills the buckets and times the splits: the repository's
   * @return the model
   * @throws NullPointerException if an argument is null
   */
  public static ThroughputModel create(Throughput limits, Clock clock) {
    return new ThroughputModel(
        Objects.requireNonNull(limits, "limits"), Objects.requireNonNull(clock, "clock"));
  }

  /**
   * The limits the model enforces.
   *
   * @return the limits
   */
  public Throughput limits() {
    return limits;
  }

  /**
   * How many request attempts the model has throttled in whole or in part since it was created:
   * each refused GetItem, Query or single write, each transaction cancelled for throughput, and
   * each BatchGetItem or BatchWriteItem that left anything unprocessed for throughput. An attempt
   * the SDK retries counts again.
   *
   * @return the count
   */
  public synchronized long throttledAttempts() {
    return throttledAttempts;
  }

  /**
   * What every partition has served and refused so far, taken at once under the model's lock. A
   * partition the model has never been asked about has no row; one that split keeps its row, with
   * its final totals.
   *
   * @return the snapshot, rows ordered by index (table first), partition key value and sort-key
   *     range, a split partition just before its halves
   */
  public synchronized Snapshot snapshot() {
    List<PartitionLoad> rows = new ArrayList<>();
    addRows(rows, Index.TABLE, table);
    addRows(rows, Index.INVERTED, index);
    rows.sort(
        Comparator.comparing(PartitionLoad::onIndex)
            .thenComparing(PartitionLoad::partitionValue, SORT_ORDER)
            .thenComparing(row -> row.fromSortKey().orElse(null), Comparator.nullsFirst(SORT_ORDER))
            // Of two ranges that start together the wider comes first: a split partition just
            // before its lower half.
            .thenComparing(
                row -> row.toSortKey().orElse(null), Comparator.nullsFirst(SORT_ORDER.reversed())));
    return new Snapshot(clock.instant(), rows, throttledAttempts);
  }

  private static void addRows(List<PartitionLoad> rows, Index index, Map<String, KeyValue> values) {
    for (Map.Entry<String, KeyValue> value : values.entrySet()) {
      for (Partition partition : value.getValue().active) {
        rows.add(partition.load(index, value.getKey()));
      }
      if (value.getValue().retired != null) {
        for (Partition partition : value.getValue().retired) {
          rows.add(partition.load(index, value.getKey()));
        }
      }
    }
  }

  /**
   * The partitions' loads at one instant of the model's clock, and the throttled attempts in all.
   * Immutable.
   *
   * @param at when the snapshot was taken, by the model's clock
   * @param partitions one row per partition ever asked about, split ones included
   * @param throttledAttempts {@link ThroughputModel#throttledAttempts()} at that instant
   */
  public record Snapshot(Instant at, List<PartitionLoad> partitions, long throttledAttempts) {
    /**
     * Creates a snapshot; the list is copied.
     *
     * @param at when it was taken
     * @param partitions the rows
     * @param throttledAttempts the throttled attempts
     * @throws NullPointerException if {@code at} or {@code partitions} is null
     */
    public Snapshot {
      Objects.requireNonNull(at, "at");
      partitions = List.copyOf(partitions);
    }
  }

  /**
   * One partition a request reads or writes, by the key it uses there: on the table an item's
   * {@code PK} and {@code SK}, on the index its {@code SK} and {@code PK}.
   */
  record Access(Index index, String partitionValue, String sortValue, boolean write) {
    static Access read(Index index, Key key) {
      return new Access(index, key.partitionOn(index), key.sortOn(index), false);
    }

    static Access write(Index index, Key key) {
      return new Access(index, key.partitionOn(index), key.sortOn(index), true);
    }
  }

  /**
   * Checks the partitions of a request's accesses for units left. If any has none, counts one
   * throttled attempt and a refusal on each exhausted access's partition, which may split it.
   *
   * @return the positions of the exhausted accesses; empty if the request may go ahead
   */
  synchronized BitSet exhausted(List<Access> accesses) {
    Instant now = clock.instant();
    BitSet exhausted = new BitSet();
    List<Partition> refusing = null;
    List<KeyValue> refusingValues = null;
    for (int i = 0; i < accesses.size(); i++) {
      Access access = accesses.get(i);
      KeyValue value = keyValue(access.index(), access.partitionValue(), now);
      Partition partition = value.find(access.sortValue());
      if (!partition.has(access.write(), now, readLimit, writeLimit)) {
        exhausted.set(i);
        if (refusing == null) {
          refusing = new ArrayList<>();
          refusingValues = new ArrayList<>();
        }
        partition.refused++;
        if (!containsSame(refusing, partition)) {
          refusing.add(partition);
          refusingValues.add(value);
        }
      }
    }
    if (refusing != null) {
      throttledAttempts++;
      for (int i = 0; i < refusing.size(); i++) {
        hot(refusingValues.get(i), refusing.get(i), now);
      }
    }
    return exhausted;
  }

  /**
   * Charges what a request consumed to the partitions of its accesses: the read units evenly over
   * its reads; half the write units evenly over its table writes, the other half, the index's
   * share, evenly over its index writes.
   */
  synchronized void charge(List<Access> accesses, Capacity consumed) {
    int reads = 0;
    int tableWrites = 0;
    int indexWrites = 0;
    for (Access access : accesses) {
      if (!access.write()) {
        reads++;
      } else if (access.index() == Index.TABLE) {
        tableWrites++;
      } else {
        indexWrites++;
      }
    }
    Instant now = clock.instant();
    for (Access access : accesses) {
      double units;
      if (!access.write()) {
        units = consumed.read() / reads;
      } else {
        units = consumed.write() / 2 / (access.index() == Index.TABLE ? tableWrites : indexWrites);
      }
      KeyValue value = keyValue(access.index(), access.partitionValue(), now);
      charge(value.find(access.sortValue()), access.sortValue(), units, access.write(), now);
    }
  }

  /**
   * Before a Query is sent: whether to refuse it at once, without running it, because its
   * partition key value is a single partition with no read units left. Counts the refusal.
   */
  synchronized boolean refusedBeforeQuery(Index queried, String partitionValue) {
    Instant now = clock.instant();
    KeyValue value = keyValue(queried, partitionValue, now);
    if (value.active.length > 1) {
      return false;
    }
    Partition partition = value.active[0];
    if (partition.has(false, now, readLimit, writeLimit)) {
      return false;
    }
    throttledAttempts++;
    partition.refused++;
    hot(value, partition, now);
    return true;
  }

  /**
   * After a Query ran: admits it if every partition of its partition key value that the read
   * crossed has read units left, and charges its units evenly over them; otherwise counts a
   * throttled attempt and a refusal on each exhausted partition, charges nothing, and returns
   * false. The read crossed the partitions from the first item's to the last item's, or, when it
   * found nothing, the partition where it began.
   */
  synchronized boolean admitQuery(QueryPlan plan, QueryResult result) {
    Instant now = clock.instant();
    Index queried = plan.index();
    KeyValue value = keyValue(queried, plan.partitionValue(), now);
    List<Item> items = result.items();
    int first;
    int last;
    if (value.active.length == 1) {
      first = 0;
      last = 0;
    } else if (!items.isEmpty()) {
      int a = value.indexOf(items.get(0).key().sortOn(queried));
      int b = value.indexOf(items.get(items.size() - 1).key().sortOn(queried));
      first = Math.min(a, b);
      last = Math.max(a, b);
    } else {
      String start = startOf(plan);
      first = start != null ? value.indexOf(start) : plan.forward() ? 0 : value.active.length - 1;
      last = first;
    }
    Partition[] crossed = new Partition[last - first + 1];
    System.arraycopy(value.active, first, crossed, 0, crossed.length);
    List<Partition> exhausted = new ArrayList<>();
    for (Partition partition : crossed) {
      if (!partition.has(false, now, readLimit, writeLimit)) {
        exhausted.add(partition);
      }
    }
    if (!exhausted.isEmpty()) {
      throttledAttempts++;
      for (Partition partition : exhausted) {
        partition.refused++;
        hot(value, partition, now);
      }
      return false;
    }
    double units = result.consumed().read();
    boolean tracking = false;
    for (Partition partition : crossed) {
      partition.readTokens -= units / crossed.length;
      partition.readUnits += units / crossed.length;
      tracking |= partition.heat != null;
    }
    if (tracking && !items.isEmpty()) {
      double load = units / items.size() / readLimit;
      for (Item item : items) {
        String sort = item.key().sortOn(queried);
        Partition partition = value.find(sort);
        if (partition.heat != null) {
          track(partition, sort, load);
        }
      }
    }
    return true;
  }

  /** The sort key where a Query's read begins, or null if it begins at an end of the value. */
  private static String startOf(QueryPlan plan) {
    if (plan.exclusiveStart().isPresent()) {
      return plan.exclusiveStart().get().sortOn(plan.index());
    }
    if (plan.sortCondition().isEmpty()) {
      return null;
    }
    SortKeyCondition condition = plan.sortCondition().get();
    return switch (condition.operator()) {
      case EQ, BEGINS_WITH -> condition.value();
      case GT, GE -> plan.forward() ? condition.value() : null;
      case LT, LE -> plan.forward() ? null : condition.value();
      case BETWEEN -> plan.forward() ? condition.value() : condition.upper();
    };
  }

  private KeyValue keyValue(Index in, String partitionValue, Instant now) {
    Map<String, KeyValue> values = in == Index.TABLE ? table : index;
    KeyValue value = values.get(partitionValue);
    if (value == null) {
      value = new KeyValue(new Partition(null, null, readLimit, writeLimit, now));
      values.put(partitionValue, value);
    }
    return value;
  }

  private void charge(Partition partition, String sort, double units, boolean write, Instant now) {
    partition.refill(now, readLimit, writeLimit);
    if (write) {
      partition.writeTokens -= units;
      partition.writeUnits += units;
    } else {
      partition.readTokens -= units;
      partition.readUnits += units;
    }
    if (partition.heat != null) {
      track(partition, sort, units / (write ? writeLimit : readLimit));
    }
  }

  /**
   * A partition refused a request: it is hot from this refusal on unless it already was, and
   * splits once it has been hot for the split delay.
   */
  private void hot(KeyValue value, Partition partition, Instant now) {
    if (partition.lastRefused == null
        || Duration.between(partition.lastRefused, now).compareTo(HOT_GAP) > 0) {
      partition.hotSince = now;
      // The split point is chosen from the load of this hot spell alone.
      partition.heat = splitDelay == null ? null : new TreeMap<>(SORT_ORDER);
    }
    partition.lastRefused = now;
    if (splitDelay != null
        && Duration.between(partition.hotSince, now).compareTo(splitDelay) >= 0) {
      split(value, partition);
    }
  }

  /** Adds load to a sort key of a hot partition, merging neighbours when too many are tracked. */
  private static void track(Partition partition, String sort, double load) {
    TreeMap<String, Double> heat = partition.heat;
    heat.merge(sort, load, Double::sum);
    if (heat.size() > TRACKED_SORT_KEYS) {
      // Each pair of neighbours becomes one entry under the lower key: a key then stands for the
      // sort keys from it up to the next entry, and a split can still fall on any entry.
      TreeMap<String, Double> merged = new TreeMap<>(SORT_ORDER);
      String lower = null;
      double sum = 0;
      for (Map.Entry<String, Double> entry : heat.entrySet()) {
        if (lower == null) {
          lower = entry.getKey();
          sum = entry.getValue();
        } else {
          merged.put(lower, sum + entry.getValue());
          lower = null;
        }
      }
      if (lower != null) {
        merged.put(lower, sum);
      }
      partition.heat = merged;
    }
  }

  /**
   * Splits a partition at the tracked sort key that best halves its load: the keys below it go to
   * the lower half. Nothing happens while the load lies on a single sort key.
   */
  private static void split(KeyValue value, Partition partition) {
    TreeMap<String, Double> heat = partition.heat;
    if (heat == null || heat.size() < 2) {
      return;
    }
    double total = 0;
    for (double load : heat.values()) {
      total += load;
    }
    // A split point is a tracked key other than the lowest, so that neither half is empty.
    String at = null;
    double best = Double.POSITIVE_INFINITY;
    double below = -1;
    for (Map.Entry<String, Double> entry : heat.entrySet()) {
      if (below < 0) {
        below = entry.getValue();
        continue;
      }
      double imbalance = Math.abs(below - total / 2);
      if (imbalance < best) {
        best = imbalance;
        at = entry.getKey();
      }
      below += entry.getValue();
    }
    value.replace(partition, partition.half(partition.from, at), partition.half(at, partition.to));
  }

  private static boolean containsSame(List<Partition> partitions, Partition partition) {
    for (Partition p : partitions) {
      if (p == partition) {
        return true;
      }
    }
    return false;
  }

  /** The partitions of one partition key value, ordered by sort key, and those that split. */
  private static final class KeyValue {
    /** Covering all sort keys in order: the first from the lowest, each up to the next. */
    Partition[] active;

    /** The partitions that have split, for the snapshots; null until one does. */
    List<Partition> retired;

    KeyValue(Partition whole) {
      this.active = new Partition[] {whole};
    }

    Partition find(String sort) {
      return active.length == 1 ? active[0] : active[indexOf(sort)];
    }

    /** The position of the partition covering a sort key: the last one starting at or below it. */
    int indexOf(String sort) {
      int lo = 0;
      int hi = active.length - 1;
      while (lo < hi) {
        int mid = (lo + hi + 1) >>> 1;
        if (Utf8.compare(active[mid].from, sort) <= 0) {
          lo = mid;
        } else {
          hi = mid - 1;
        }
      }
      return lo;
    }

    void replace(Partition split, Partition lower, Partition upper) {
      int at = 0;
      while (active[at] != split) {
        at++;
      }
      Partition[] next = new Partition[active.length + 1];
      System.arraycopy(active, 0, next, 0, at);
      next[at] = lower;
      next[at + 1] = upper;
      System.arraycopy(active, at + 1, next, at + 2, active.length - at - 1);
      active = next;
      split.split = true;
      split.heat = null;
      if (retired == null) {
        retired = new ArrayList<>(2);
      }
      retired.add(split);
    }
  }

  /** One partition: a sort-key range of one partition key value, with its buckets and totals. */
  private static final class Partition {
    /** The first sort key covered, or null from the lowest; the first not covered, or null. */
    final String from;

    final String to;

    double readTokens;
    double writeTokens;
    Instant refilled;

    double readUnits;
    double writeUnits;
    long refused;
    boolean split;

    /** When the current hot spell began and when the partition last refused; null if never. */
    Instant hotSince;

    Instant lastRefused;

    /** Load per sort key during the current hot spell, if splitting; null otherwise. */
    TreeMap<String, Double> heat;

    Partition(String from, String to, double readTokens, double writeTokens, Instant refilled) {
      this.from = from;
      this.to = to;
      this.readTokens = readTokens;
      this.writeTokens = writeTokens;
      this.refilled = refilled;
    }

    /** Whether read (or write) units are left now, after refilling. */
    boolean has(boolean write, Instant now, double readLimit, double writeLimit) {
      refill(now, readLimit, writeLimit);
      return (write ? writeTokens : readTokens) > 0;
    }

    void refill(Instant now, double readLimit, double writeLimit) {
      if (now.isAfter(refilled)) {
        double seconds = Duration.between(refilled, now).toNanos() / 1e9;
        readTokens = Math.min(readLimit, readTokens + seconds * readLimit);
        writeTokens = Math.min(writeLimit, writeTokens + seconds * writeLimit);
        refilled = now;
      }
    }

    /** One half of this partition: its balance, none of its totals, not hot. */
    Partition half(String from, String to) {
      return new Partition(from, to, readTokens, writeTokens, refilled);
    }

    PartitionLoad load(Index index, String partitionValue) {
      return new PartitionLoad(
          index == Index.INVERTED,
          partitionValue,
          Optional.ofNullable(from),
          Optional.ofNullable(to),
          readUnits,
          writeUnits,
          refused,
          split);
    }
  }
}
