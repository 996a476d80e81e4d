package io.quickphotos.memory.internal;

import io.quickphotos.engine.SortKeyCondition;
import io.quickphotos.engine.Utf8;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.TreeMap;

/**
 * One key schema's storage: partitions found by hash (DynamoDB only ever looks a partition up by
 * equality), each a sorted map in DynamoDB's string order, {@link Utf8#compare} (unsigned UTF-8
 * bytes = code points, not {@link String#compareTo}). The table keeps one of these keyed
 * (PK, SK), the inverted index one keyed (SK, PK), holding the same {@link Stored} instances.
 *
 * <p>Not thread-safe; {@link MemoryTable} guards it with its lock. Partitions that become empty
 * are dropped so the map's size tracks live data.
 */
final class SortedStore {
  /** DynamoDB's order of string keys. */
  static final Comparator<String> ORDER = Utf8::compare;

  private final Map<String, NavigableMap<String, Stored>> partitions = new HashMap<>();

  /** Every stored item, partitions in no particular order, each partition in key order. */
  java.util.List<Stored> all() {
    java.util.List<Stored> all = new java.util.ArrayList<>();
    for (NavigableMap<String, Stored> items : partitions.values()) {
      all.addAll(items.values());
    }
    return all;
  }

  /**
   * The items of the partitions in one scan segment ({@code floorMod(hash(PK), total)}), by
   * partition in DynamoDB's order then by sort key, after the start key (exclusive), at most
   * {@code limit}.
   */
  java.util.List<Stored> segment(
      int segment, int total, String startPartition, String startSort, int limit) {
    java.util.List<String> keys = new java.util.ArrayList<>();
    for (String partition : partitions.keySet()) {
      if (Math.floorMod(partition.hashCode(), total) == segment
          && (startPartition == null || ORDER.compare(partition, startPartition) >= 0)) {
        keys.add(partition);
      }
    }
    keys.sort(ORDER);
    java.util.List<Stored> page = new java.util.ArrayList<>();
    for (String partition : keys) {
      NavigableMap<String, Stored> items = partitions.get(partition);
      java.util.Collection<Stored> from =
          partition.equals(startPartition)
              ? items.tailMap(startSort, false).values()
              : items.values();
      for (Stored stored : from) {
        if (page.size() >= limit) {
          return page;
        }
        page.add(stored);
      }
    }
    return page;
  }

  Stored get(String partition, String sort) {
    NavigableMap<String, Stored> items = partitions.get(partition);
    return items == null ? null : items.get(sort);
  }

  /**
   * The string {@code attribute} holds in some item of a partition, for a new item of the same
   * partition to share; null if the partition is empty.
   *
   * @param partition the partition value
   * @param attribute the attribute that holds it in every item of the partition
   */
  String sharedValue(String partition, String attribute) {
    NavigableMap<String, Stored> items = partitions.get(partition);
    if (items == null || items.isEmpty()) {
      return null;
    }
    return items.firstEntry().getValue().item().stringOrNull(attribute);
  }

  void put(String partition, String sort, Stored stored) {
    partitions.computeIfAbsent(partition, p -> new TreeMap<>(ORDER)).put(sort, stored);
  }

  void remove(String partition, String sort) {
    NavigableMap<String, Stored> items = partitions.get(partition);
    if (items != null) {
      items.remove(sort);
      if (items.isEmpty()) {
        partitions.remove(partition);
      }
    }
  }

  /**
   * The items of one partition that satisfy the sort-key condition, in read order, after the
   * exclusive start. A live view: read it under the lock.
   *
   * @param partition the partition value
   * @param condition the sort-key condition, already validated (BETWEEN bounds in order)
   * @param forward ascending if true
   * @param exclusiveStart the sort value to resume after; it must satisfy the condition
   */
  NavigableMap<String, Stored> range(
      String partition,
      Optional<SortKeyCondition> condition,
      boolean forward,
      Optional<String> exclusiveStart) {
    NavigableMap<String, Stored> items = partitions.get(partition);
    if (items == null) {
      return Collections.emptyNavigableMap();
    }
    NavigableMap<String, Stored> range = condition.map(c -> restrict(items, c)).orElse(items);
    NavigableMap<String, Stored> ordered = forward ? range : range.descendingMap();
    // A descending view's tailMap continues downwards, so "after" means the same in both.
    return exclusiveStart.map(start -> ordered.tailMap(start, false)).orElse(ordered);
  }

  private static NavigableMap<String, Stored> restrict(
      NavigableMap<String, Stored> items, SortKeyCondition condition) {
    String v = condition.value();
    return switch (condition.operator()) {
      case EQ -> items.subMap(v, true, v, true);
      case LT -> items.headMap(v, false);
      case LE -> items.headMap(v, true);
      case GT -> items.tailMap(v, false);
      case GE -> items.tailMap(v, true);
      case BETWEEN -> items.subMap(v, true, condition.upper(), true);
      case BEGINS_WITH -> {
        String end = prefixEnd(v);
        yield end == null ? items.tailMap(v, true) : items.subMap(v, true, end, false);
      }
    };
  }

  /**
   * The smallest string, in {@link #ORDER}, above every string that starts with {@code prefix}
   * (in {@link String#startsWith}'s sense, the sense of {@link SortKeyCondition#matches}), or
   * null if there is none. Strings with a common prefix form one contiguous range in any
   * lexicographic order, so {@code [prefix, prefixEnd(prefix))} is exactly the begins_with range
   * and a backward read can start at its top without scanning the rest of the partition.
   */
  static String prefixEnd(String prefix) {
    int end = prefix.length();
    while (end > 0) {
      char next = nextUnit(prefix.charAt(end - 1));
      if (next != 0) {
        return prefix.substring(0, end - 1) + next;
      }
      end--;
    }
    return null;
  }

  /**
   * The UTF-16 unit right after {@code c} in {@link Utf8#compare}'s unit order, which is
   * U+0000–U+D7FF, U+E000–U+FFFF, then the surrogates U+D800–U+DFFF; 0 if {@code c} is the last.
   */
  private static char nextUnit(char c) {
    return switch (c) {
      case '\uD7FF' -> '\uE000';
      case '\uFFFF' -> '\uD800';
      case '\uDFFF' -> 0;
      default -> (char) (c + 1);
    };
  }
}
