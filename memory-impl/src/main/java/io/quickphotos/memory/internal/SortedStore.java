package io.quickphotos.memory.internal;

import io.quickphotos.engine.Item;
import io.quickphotos.engine.SortKeyCondition;
import io.quickphotos.engine.Utf8;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * One key schema's storage: partitions found by hash (DynamoDB only ever looks a partition up by
 * equality), each holding its items in DynamoDB's string order of their sort key,
 * {@link Utf8#compare} (unsigned UTF-8 bytes = code points, not {@link String#compareTo}). The
 * table keeps one of these keyed (PK, SK), the inverted index one keyed (SK, PK), holding the same
 * {@link Item} instances; the item's own key strings are the keys, so no key is held twice.
 *
 * <p><b>Layout.</b> A partition is held in the cheapest form its size allows, since most
 * partitions here are small (a user's profile, photos and followers; a photo and its reactions;
 * a profile alone in the index) and a million items live in some 470,000 of them:
 *
 * <ul>
 *   <li>one item: the {@link Item} itself is the hash map's value, nothing else;
 *   <li>2 to {@value #MAX_RUN} items: a {@link Run}, the sort keys and the items in two arrays of
 *       exactly the partition's size, searched by bisection (a write copies them: at most
 *       {@value #MAX_RUN} references, cheaper than a tree's node per item);
 *   <li>more: a {@link TreeMap} from sort key to item, so that a celebrity's partition of a
 *       million followers takes a write in logarithmic time. A tree goes back to a run when it
 *       shrinks to {@value #MIN_TREE} items.
 * </ul>
 *
 * <p>Per item, at 10⁶ items of the benchmarks' data set, this costs 4–8 bytes of array slots in
 * each store plus about 40 bytes of hash map node and run per partition, where one
 * {@code TreeMap} per partition cost 40 bytes of entry per item and 48 bytes of map per
 * partition (see {@link MemoryTable} for the whole item's footprint).
 *
 * <p>Not thread-safe; {@link MemoryTable} guards it with its lock. Partitions that become empty
 * are dropped so the map's size tracks live data.
 */
final class SortedStore {
  /** DynamoDB's order of string keys. */
  static final Comparator<String> ORDER = Utf8::compare;

  /** The largest partition held as a {@link Run}. */
  static final int MAX_RUN = 64;

  /** A tree that shrinks to this size becomes a run again; below MAX_RUN so it cannot flap. */
  static final int MIN_TREE = MAX_RUN / 2;

  /** Each value is an {@link Item}, a {@link Run} or a {@code TreeMap<String, Item>}. */
  private final Map<String, Object> partitions = new HashMap<>();

  private final String partitionAttribute;
  private final String sortAttribute;

  /**
   * An empty store.
   *
   * @param partitionAttribute the attribute holding an item's partition value here
   * @param sortAttribute the attribute holding an item's sort value here
   */
  SortedStore(String partitionAttribute, String sortAttribute) {
    this.partitionAttribute = partitionAttribute;
    this.sortAttribute = sortAttribute;
  }

  /**
   * The items of the partitions in one scan segment ({@code floorMod(hash(PK), total)}), by
   * partition in DynamoDB's order then by sort key, after the start key (exclusive), at most
   * {@code limit}.
   */
  List<Item> segment(int segment, int total, String startPartition, String startSort, int limit) {
    List<String> keys = new ArrayList<>();
    for (String partition : partitions.keySet()) {
      if (Math.floorMod(partition.hashCode(), total) == segment
          && (startPartition == null || ORDER.compare(partition, startPartition) >= 0)) {
        keys.add(partition);
      }
    }
    keys.sort(ORDER);
    List<Item> page = new ArrayList<>();
    for (String partition : keys) {
      Cursor items =
          partition.equals(startPartition)
              ? range(partition, null, true, startSort)
              : range(partition, null, true, null);
      for (Item item = items.next(); item != null; item = items.next()) {
        if (page.size() >= limit) {
          return page;
        }
        page.add(item);
      }
    }
    return page;
  }

  /**
   * The item with the given key, or null.
   *
   * @param partition the partition value
   * @param sort the sort value
   */
  Item get(String partition, String sort) {
    Object items = partitions.get(partition);
    if (items instanceof Item item) {
      return sort.equals(sortValue(item)) ? item : null;
    }
    if (items instanceof Run run) {
      int i = run.find(sort);
      return i >= 0 ? run.items[i] : null;
    }
    return items == null ? null : tree(items).get(sort);
  }

  /**
   * The string the partition's items hold as their partition value, for a new item of the same
   * partition to share; null if the partition is empty.
   *
   * @param partition the partition value
   */
  String sharedValue(String partition) {
    Object items = partitions.get(partition);
    Item first;
    if (items == null) {
      return null;
    } else if (items instanceof Item item) {
      first = item;
    } else if (items instanceof Run run) {
      first = run.items[0];
    } else {
      first = tree(items).firstEntry().getValue();
    }
    return first.stringOrNull(partitionAttribute);
  }

  /**
   * Adds the item, or replaces the one with the same key. Its partition and sort values are its
   * own strings, which the store then holds as keys.
   *
   * @param item an item with both of this store's key attributes as strings
   */
  void put(Item item) {
    String partition = item.stringOrNull(partitionAttribute);
    String sort = sortValue(item);
    Object items = partitions.get(partition);
    if (items == null) {
      partitions.put(partition, item);
    } else if (items instanceof Item single) {
      int order = ORDER.compare(sort, sortValue(single));
      if (order == 0) {
        partitions.put(partition, item);
      } else {
        partitions.put(
            partition,
            order < 0
                ? new Run(new String[] {sort, sortValue(single)}, new Item[] {item, single})
                : new Run(new String[] {sortValue(single), sort}, new Item[] {single, item}));
      }
    } else if (items instanceof Run run) {
      int i = run.find(sort);
      if (i >= 0) {
        run.keys[i] = sort;
        run.items[i] = item;
      } else if (run.size() < MAX_RUN) {
        partitions.put(partition, run.inserting(-i - 1, sort, item));
      } else {
        TreeMap<String, Item> tree = run.toTree();
        tree.put(sort, item);
        partitions.put(partition, tree);
      }
    } else {
      tree(items).put(sort, item);
    }
  }

  /**
   * Removes the item with the given key, if there is one.
   *
   * @param partition the partition value
   * @param sort the sort value
   */
  void remove(String partition, String sort) {
    Object items = partitions.get(partition);
    if (items instanceof Item single) {
      if (sort.equals(sortValue(single))) {
        partitions.remove(partition);
      }
    } else if (items instanceof Run run) {
      int i = run.find(sort);
      if (i >= 0) {
        partitions.put(partition, run.size() == 2 ? run.items[1 - i] : run.removing(i));
      }
    } else if (items != null) {
      TreeMap<String, Item> tree = tree(items);
      if (tree.remove(sort) != null && tree.size() <= MIN_TREE) {
        partitions.put(partition, Run.of(tree));
      }
    }
  }

  /**
   * The items of one partition that satisfy the sort-key condition, in read order, after the
   * exclusive start. A live view: read it under the lock, before any write.
   *
   * @param partition the partition value
   * @param condition the sort-key condition, already validated (BETWEEN bounds in order), or
   *     null for the whole partition
   * @param forward ascending if true
   * @param exclusiveStart the sort value to resume after, or null; it must satisfy the condition
   * @return the items, one by one
   */
  Cursor range(
      String partition, SortKeyCondition condition, boolean forward, String exclusiveStart) {
    Object items = partitions.get(partition);
    if (items == null) {
      return Cursor.EMPTY;
    }
    if (items instanceof Item item) {
      String sort = sortValue(item);
      if (condition != null && !condition.matches(sort)) {
        return Cursor.EMPTY;
      }
      if (exclusiveStart != null) {
        int order = ORDER.compare(sort, exclusiveStart);
        if (forward ? order <= 0 : order >= 0) {
          return Cursor.EMPTY;
        }
      }
      return new OneCursor(item);
    }
    if (items instanceof Run run) {
      return run.range(condition, forward, exclusiveStart);
    }
    return treeRange(tree(items), condition, forward, exclusiveStart);
  }

  /** An item's sort value in this store. */
  private String sortValue(Item item) {
    return item.stringOrNull(sortAttribute);
  }

  @SuppressWarnings("unchecked")
  private static TreeMap<String, Item> tree(Object items) {
    return (TreeMap<String, Item>) items;
  }

  private static Cursor treeRange(
      TreeMap<String, Item> items,
      SortKeyCondition condition,
      boolean forward,
      String exclusiveStart) {
    NavigableMap<String, Item> range = condition == null ? items : restrict(items, condition);
    NavigableMap<String, Item> ordered = forward ? range : range.descendingMap();
    // A descending view's tailMap continues downwards, so "after" means the same in both.
    if (exclusiveStart != null) {
      ordered = ordered.tailMap(exclusiveStart, false);
    }
    Iterator<Item> values = ordered.values().iterator();
    return () -> values.hasNext() ? values.next() : null;
  }

  private static NavigableMap<String, Item> restrict(
      NavigableMap<String, Item> items, SortKeyCondition condition) {
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

  /** Items one by one, in read order; a live view of the store, read under its lock. */
  interface Cursor {
    /** A cursor over nothing. */
    Cursor EMPTY = () -> null;

    /**
     * The next item.
     *
     * @return the item, or null when there are no more
     */
    Item next();
  }

  /** One item. */
  private static final class OneCursor implements Cursor {
    private Item item;

    OneCursor(Item item) {
      this.item = item;
    }

    @Override
    public Item next() {
      Item next = item;
      item = null;
      return next;
    }
  }

  /** The items {@code [from, to)} of an array, forwards, or backwards from {@code to - 1}. */
  private static final class ArrayCursor implements Cursor {
    private final Item[] items;
    private final int from;
    private final int to;
    private final boolean forward;
    private int taken;

    ArrayCursor(Item[] items, int from, int to, boolean forward) {
      this.items = items;
      this.from = from;
      this.to = to;
      this.forward = forward;
    }

    @Override
    public Item next() {
      int i = forward ? from + taken : to - 1 - taken;
      if (i < from || i >= to) {
        return null;
      }
      taken++;
      return items[i];
    }
  }

  /**
   * A partition of 2 to {@value #MAX_RUN} items: sort keys in {@link #ORDER} and the items in two
   * arrays of exactly that length. A write that adds or removes an item makes new arrays, so a
   * cursor over the old ones is not disturbed (it is read under the lock anyway); a replacement
   * sets the slot in place.
   */
  private static final class Run {
    private final String[] keys;
    private final Item[] items;

    Run(String[] keys, Item[] items) {
      this.keys = keys;
      this.items = items;
    }

    static Run of(TreeMap<String, Item> tree) {
      String[] keys = tree.keySet().toArray(new String[0]);
      Item[] items = tree.values().toArray(new Item[0]);
      return new Run(keys, items);
    }

    int size() {
      return keys.length;
    }

    /** The index of {@code sort}, or {@code -(insertion point) - 1}. */
    int find(String sort) {
      return Arrays.binarySearch(keys, sort, ORDER);
    }

    /** The first index whose key is at or above {@code sort} ({@code inclusive}) or above it. */
    private int lowest(String sort, boolean inclusive) {
      int i = find(sort);
      return i >= 0 ? (inclusive ? i : i + 1) : -i - 1;
    }

    Run inserting(int at, String sort, Item item) {
      int n = keys.length;
      String[] k = new String[n + 1];
      Item[] v = new Item[n + 1];
      System.arraycopy(keys, 0, k, 0, at);
      System.arraycopy(items, 0, v, 0, at);
      k[at] = sort;
      v[at] = item;
      System.arraycopy(keys, at, k, at + 1, n - at);
      System.arraycopy(items, at, v, at + 1, n - at);
      return new Run(k, v);
    }

    Run removing(int at) {
      int n = keys.length;
      String[] k = new String[n - 1];
      Item[] v = new Item[n - 1];
      System.arraycopy(keys, 0, k, 0, at);
      System.arraycopy(items, 0, v, 0, at);
      System.arraycopy(keys, at + 1, k, at, n - at - 1);
      System.arraycopy(items, at + 1, v, at, n - at - 1);
      return new Run(k, v);
    }

    TreeMap<String, Item> toTree() {
      TreeMap<String, Item> tree = new TreeMap<>(ORDER);
      for (int i = 0; i < keys.length; i++) {
        tree.put(keys[i], items[i]);
      }
      return tree;
    }

    Cursor range(SortKeyCondition condition, boolean forward, String exclusiveStart) {
      int from = 0;
      int to = keys.length;
      if (condition != null) {
        String v = condition.value();
        switch (condition.operator()) {
          case EQ -> {
            int i = find(v);
            if (i < 0) {
              return Cursor.EMPTY;
            }
            from = i;
            to = i + 1;
          }
          case LT -> to = lowest(v, true);
          case LE -> to = lowest(v, false);
          case GT -> from = lowest(v, false);
          case GE -> from = lowest(v, true);
          case BETWEEN -> {
            from = lowest(v, true);
            to = lowest(condition.upper(), false);
          }
          case BEGINS_WITH -> {
            from = lowest(v, true);
            String end = prefixEnd(v);
            if (end != null) {
              to = lowest(end, true);
            }
          }
        }
      }
      if (exclusiveStart != null) {
        if (forward) {
          from = Math.max(from, lowest(exclusiveStart, false));
        } else {
          to = Math.min(to, lowest(exclusiveStart, true));
        }
      }
      return from < to ? new ArrayCursor(items, from, to, forward) : Cursor.EMPTY;
    }
  }
}
