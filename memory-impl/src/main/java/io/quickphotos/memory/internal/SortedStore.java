package io.quickphotos.memory.internal;

import io.quickphotos.engine.Item;
import io.quickphotos.engine.SortKeyCondition;
import io.quickphotos.engine.Utf8;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
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
 * <p>What this costs, at 10⁶ items of the benchmarks' data set (about 225,000 partitions in the
 * table, 250,000 in the index, most of one to three items): 8 bytes an item in each run, 56
 * bytes a run, and about 18 bytes a partition in the partition table, where one {@code TreeMap}
 * per partition cost 40 bytes of entry an item and 48 bytes of map a partition, and a
 * {@code HashMap} of partitions a 32-byte node each (see {@link MemoryTable} for the whole
 * item's footprint). Searches got faster too: a run is two arrays, a tree a node per key.
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

  /** The partition table's capacity when empty; a power of two. */
  private static final int INITIAL_SLOTS = 16;

  /**
   * The partitions, by open addressing with linear probing: slot {@code i} is the pair
   * {@code table[2i]}, the partition value, and {@code table[2i + 1]}, the partition's items (an
   * {@link Item}, a {@link Run} or a {@code TreeMap<String, Item>}); a null key is a free slot.
   * Two references a partition where a {@code HashMap} spent a 32-byte node, side by side so that
   * a lookup that finds the key has its items in the same cache line, and a slot that a write can
   * find once and then update in place. The key is the partition value string of the partition's
   * first item, which every later item shares ({@link MemoryTable}), so it costs nothing of its
   * own.
   */
  private Object[] table = new Object[2 * INITIAL_SLOTS];

  /** Partitions held; at most two thirds of the slots, so that probe sequences stay short. */
  private int count;

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
    List<String> chosen = new ArrayList<>();
    for (int i = 0; i < table.length; i += 2) {
      String partition = (String) table[i];
      if (partition != null
          && Math.floorMod(partition.hashCode(), total) == segment
          && (startPartition == null || ORDER.compare(partition, startPartition) >= 0)) {
        chosen.add(partition);
      }
    }
    chosen.sort(ORDER);
    List<Item> page = new ArrayList<>();
    for (String partition : chosen) {
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
    int slot = locate(partition);
    if (slot < 0) {
      return null;
    }
    Object items = table[2 * slot + 1];
    if (items instanceof Item item) {
      return sort.equals(sortValue(item)) ? item : null;
    }
    if (items instanceof Run run) {
      int i = run.find(sort);
      return i >= 0 ? run.items[i] : null;
    }
    return tree(items).get(sort);
  }

  /**
   * Where a partition is held, for {@link #partitionValue} and {@link #replace}: valid until the
   * next write to this store.
   *
   * @param partition the partition value
   * @return the slot, at least 0, or {@code -(free slot) - 1} if the partition is empty
   */
  int locate(String partition) {
    Object[] table = this.table;
    int mask = (table.length >> 1) - 1;
    int h = partition.hashCode();
    for (int i = spread(h) & mask; ; i = (i + 1) & mask) {
      String key = (String) table[2 * i];
      if (key == null) {
        return -i - 1;
      }
      if (key == partition || (key.hashCode() == h && key.equals(partition))) {
        return i;
      }
    }
  }

  /**
   * The string the partition's items hold as their partition value, for a new item of the same
   * partition to share.
   *
   * @param slot what {@link #locate} returned
   * @return the string, or null if the partition is empty
   */
  String partitionValue(int slot) {
    return slot < 0 ? null : (String) table[2 * slot];
  }

  /**
   * Replaces the item with {@code after}'s key ({@code partition}, {@code sort}) by
   * {@code after}, or removes it if {@code after} is null; adds {@code after} if there was none.
   * The item's own partition and sort value strings are what the store then holds as keys.
   *
   * @param slot what {@link #locate} returned for {@code partition}, with no write since
   * @param partition the partition value
   * @param sort the sort value
   * @param after the new item, or null to remove
   */
  void replace(int slot, String partition, String sort, Item after) {
    if (slot < 0) {
      if (after != null) {
        add(-slot - 1, after.stringOrNull(partitionAttribute), after);
      }
      return;
    }
    Object items = table[2 * slot + 1];
    Object next = after == null ? removing(items, sort) : putting(items, after);
    if (next == null) {
      removeAt(slot);
    } else {
      table[2 * slot + 1] = next;
    }
  }

  /**
   * Adds the item, or replaces the one with the same key.
   *
   * @param item an item with both of this store's key attributes as strings
   */
  void put(Item item) {
    String partition = item.stringOrNull(partitionAttribute);
    replace(locate(partition), partition, sortValue(item), item);
  }

  /**
   * Removes the item with the given key, if there is one.
   *
   * @param partition the partition value
   * @param sort the sort value
   */
  void remove(String partition, String sort) {
    replace(locate(partition), partition, sort, null);
  }

  /**
   * The partition's items with {@code item} put in at its sort value. The item's own string is
   * what the run or tree then holds as the key: the request's string, though equal, would be a
   * second copy of every key (1.2 million more strings, 68 bytes an item, at 10⁶ items).
   */
  private Object putting(Object items, Item item) {
    String sort = sortValue(item);
    if (items instanceof Item single) {
      String other = sortValue(single);
      int order = ORDER.compare(sort, other);
      if (order == 0) {
        return item;
      }
      return order < 0
          ? new Run(new String[] {sort, other}, new Item[] {item, single})
          : new Run(new String[] {other, sort}, new Item[] {single, item});
    }
    if (items instanceof Run run) {
      int i = run.find(sort);
      if (i >= 0) {
        run.keys[i] = sort;
        run.items[i] = item;
        return run;
      }
      if (run.size() < MAX_RUN) {
        return run.inserting(-i - 1, sort, item);
      }
      TreeMap<String, Item> tree = run.toTree();
      tree.put(sort, item);
      return tree;
    }
    TreeMap<String, Item> tree = tree(items);
    // A TreeMap keeps the key it has when a value is replaced: take that entry out first.
    tree.remove(sort);
    tree.put(sort, item);
    return tree;
  }

  /**
   * The key string this store holds for the item at ({@code partition}, {@code sort}), for tests
   * of key sharing; null if there is no such item.
   */
  String heldSortKey(String partition, String sort) {
    int slot = locate(partition);
    if (slot < 0) {
      return null;
    }
    Object items = table[2 * slot + 1];
    if (items instanceof Item single) {
      return sort.equals(sortValue(single)) ? sortValue(single) : null;
    }
    if (items instanceof Run run) {
      int i = run.find(sort);
      return i >= 0 ? run.keys[i] : null;
    }
    var entry = tree(items).ceilingEntry(sort);
    return entry != null && entry.getKey().equals(sort) ? entry.getKey() : null;
  }

  /** The partition's items without the one at {@code sort}; null if none is left. */
  private Object removing(Object items, String sort) {
    if (items instanceof Item single) {
      return sort.equals(sortValue(single)) ? null : single;
    }
    if (items instanceof Run run) {
      int i = run.find(sort);
      if (i < 0) {
        return run;
      }
      return run.size() == 2 ? run.items[1 - i] : run.removing(i);
    }
    TreeMap<String, Item> tree = tree(items);
    if (tree.remove(sort) != null && tree.size() <= MIN_TREE) {
      return Run.of(tree);
    }
    return tree;
  }

  // --- the partition table ---------------------------------------------------------------------

  /** Spreads a string hash over the slots (Fibonacci hashing: the high bits move the low ones). */
  private static int spread(int h) {
    int x = h * 0x9E3779B9;
    return x ^ (x >>> 16);
  }

  /** Adds a partition at a free slot {@link #locate} found. */
  private void add(int free, String partition, Object items) {
    table[2 * free] = partition;
    table[2 * free + 1] = items;
    count++;
    int slots = table.length >> 1;
    if (count * 3 > slots * 2) {
      resize(slots * 2);
    }
  }

  private void resize(int slots) {
    Object[] old = table;
    Object[] grown = new Object[2 * slots];
    int mask = slots - 1;
    for (int j = 0; j < old.length; j += 2) {
      String key = (String) old[j];
      if (key != null) {
        int i = spread(key.hashCode()) & mask;
        while (grown[2 * i] != null) {
          i = (i + 1) & mask;
        }
        grown[2 * i] = key;
        grown[2 * i + 1] = old[j + 1];
      }
    }
    table = grown;
  }

  /**
   * Frees a slot by shifting back the entries after it that probed past it (Knuth's algorithm R
   * for linear probing), so that no search ever stops early and no tombstone is left.
   */
  private void removeAt(int slot) {
    Object[] table = this.table;
    int mask = (table.length >> 1) - 1;
    int free = slot;
    for (int i = (free + 1) & mask; table[2 * i] != null; i = (i + 1) & mask) {
      int home = spread(table[2 * i].hashCode()) & mask;
      // The entry at i may move to the free slot if its home is not cyclically in (free, i].
      boolean stays = free <= i ? free < home && home <= i : free < home || home <= i;
      if (!stays) {
        table[2 * free] = table[2 * i];
        table[2 * free + 1] = table[2 * i + 1];
        free = i;
      }
    }
    table[2 * free] = null;
    table[2 * free + 1] = null;
    count--;
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
    int slot = locate(partition);
    if (slot < 0) {
      return Cursor.EMPTY;
    }
    Object items = table[2 * slot + 1];
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

    /**
     * No key holds a unit at or above U+D800, so {@link String#compareTo} (an intrinsic that
     * compares many bytes at a time) agrees with {@link #ORDER} for any probe: the two orders
     * differ only where one string has a surrogate and the other a unit at or above U+E000 at the
     * first difference. It stays false once a key with such a unit was added, even after that
     * key is removed: then only searches are slower. It costs no heap: the field fills the
     * object's alignment padding.
     */
    private final boolean plain;

    Run(String[] keys, Item[] items) {
      this(keys, items, plain(keys));
    }

    private Run(String[] keys, Item[] items, boolean plain) {
      this.keys = keys;
      this.items = items;
      this.plain = plain;
    }

    static Run of(TreeMap<String, Item> tree) {
      String[] keys = tree.keySet().toArray(new String[0]);
      Item[] items = tree.values().toArray(new Item[0]);
      return new Run(keys, items);
    }

    private static boolean plain(String[] keys) {
      for (String key : keys) {
        if (!plain(key)) {
          return false;
        }
      }
      return true;
    }

    private static boolean plain(String key) {
      for (int i = 0; i < key.length(); i++) {
        if (key.charAt(i) >= Character.MIN_SURROGATE) {
          return false;
        }
      }
      return true;
    }

    int size() {
      return keys.length;
    }

    /** The index of {@code sort}, or {@code -(insertion point) - 1}. */
    int find(String sort) {
      return plain ? Arrays.binarySearch(keys, sort) : Arrays.binarySearch(keys, sort, ORDER);
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
      return new Run(k, v, plain && plain(sort));
    }

    Run removing(int at) {
      int n = keys.length;
      String[] k = new String[n - 1];
      Item[] v = new Item[n - 1];
      System.arraycopy(keys, 0, k, 0, at);
      System.arraycopy(items, 0, v, 0, at);
      System.arraycopy(keys, at + 1, k, at, n - at - 1);
      System.arraycopy(items, at + 1, v, at, n - at - 1);
      return new Run(k, v, plain);
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
