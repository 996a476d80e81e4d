package io.quickphotos.engine;

import java.math.BigDecimal;
import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * An item: named attribute values, always including the string keys {@code PK} and {@code SK}
 * when stored. Immutable and thread-safe; equal items have equal attributes.
 *
 * <p>The in-memory engine holds millions of items, so an item is kept compact: its attribute
 * names in one array shared by every item with the same names (all photos have the same ones),
 * sorted, and its values unwrapped in a parallel array — a {@link String} for a string, the
 * canonical {@link BigDecimal} for a number, a {@link Boolean} for a boolean, the {@link Value}
 * itself for null, map and list. {@link Value} objects are made only when asked for
 * ({@link #get}, {@link #attributes()}); {@link #string} and {@link #number} return the stored
 * object without allocating.
 */
public final class Item {

  /** The table's partition key attribute; the inverted index's sort key. */
  public static final String PK = "PK";

  /** The table's sort key attribute; the inverted index's partition key. */
  public static final String SK = "SK";

  /**
   * The canonical name arrays, one per set of names. Bounded, so items with arbitrary names
   * (the engine accepts any) cannot grow it without end; past the bound an item keeps its own.
   */
  private static final int MAX_SHAPES = 4096;

  private static final Map<Shape, Shape> SHAPES = new ConcurrentHashMap<>();

  /** The attributes' names, sorted, shared by every item with the same names. */
  private final Shape shape;

  private final Object[] values;

  /**
   * {@link #size()}, once computed; 0 before. The write path asks twice for a put item's size (the
   * 400 KB check, then the stored size that bills reads), so it is kept. Set without
   * synchronization, like {@link String}'s hash: every thread computes the same value from the
   * immutable arrays, and the field sits in the object's alignment padding, costing no heap.
   */
  private int size;

  /**
   * Creates an item; the map is copied.
   *
   * @param attributes the attributes by name, without null keys or values
   * @throws NullPointerException if a name or a value is null
   */
  public Item(Map<String, Value> attributes) {
    int n = attributes.size();
    String[] names = new String[n];
    Object[] values = new Object[n];
    int i = 0;
    for (Map.Entry<String, Value> e : attributes.entrySet()) {
      names[i] = Objects.requireNonNull(e.getKey(), "name");
      values[i] = raw(Objects.requireNonNull(e.getValue(), "value"));
      i++;
    }
    sort(names, values, n);
    this.shape = canonical(names);
    this.values = values;
  }

  private Item(Shape shape, Object[] values, int size) {
    this.shape = shape;
    this.values = values;
    this.size = size;
  }

  /**
   * Starts an item with the given key.
   *
   * @param key the primary key
   * @return a builder holding {@code PK} and {@code SK}
   */
  public static Builder builder(Key key) {
    return new Builder().put(PK, key.pk()).put(SK, key.sk());
  }

  /**
   * A builder holding this item's attributes, to change some and build a new item (an update).
   *
   * @return a new builder
   */
  public Builder toBuilder() {
    return new Builder(this);
  }

  /**
   * The attributes, as an immutable map (a view: its values are made on each read).
   *
   * @return the attributes by name
   */
  public Map<String, Value> attributes() {
    return new Attributes();
  }

  /**
   * Visits every attribute's name, with its value where a rule beyond size may concern it (a
   * number, a map, a list) and null for a string, a boolean or a null, without making a
   * {@link Value} for those: an engine checks DynamoDB's rules on names, numbers and nesting on
   * every item it is asked to store.
   *
   * @param visitor given each name and its value, or null
   */
  public void forEachNameAndStructuredValue(java.util.function.BiConsumer<String, Value> visitor) {
    String[] names = shape.names;
    for (int i = 0; i < names.length; i++) {
      Object raw = values[i];
      visitor.accept(
          names[i],
          raw instanceof String || raw instanceof Boolean
              ? null
              : raw instanceof BigDecimal n ? Value.Num.ofCanonical(n) : (Value) raw);
    }
  }

  /**
   * The primary key, if the item has both key attributes as strings.
   *
   * @return the key
   * @throws UnreadableItemException if a key attribute is missing or not a string
   */
  public Key key() {
    return new Key(string(PK), string(SK));
  }

  /**
   * The same item with {@code PK} and {@code SK} holding the strings of {@code key}: for the
   * memory engine to put one instance of a partition key in all the items that share it.
   *
   * @param key the new key values
   * @return the item
   * @throws UnreadableItemException if the item lacks a key attribute
   */
  public Item withKey(Key key) {
    int pk = indexOf(PK);
    int sk = indexOf(SK);
    if (pk < 0 || sk < 0) {
      throw new UnreadableItemException("no key attributes in " + this);
    }
    // Equal strings (the engine's case) leave the size as it is, known or not.
    boolean same = key.pk().equals(values[pk]) && key.sk().equals(values[sk]);
    Object[] copy = values.clone();
    copy[pk] = key.pk();
    copy[sk] = key.sk();
    return new Item(shape, copy, same ? size : 0);
  }

  /**
   * One attribute.
   *
   * @param name the attribute name
   * @return its value, if present
   */
  public Optional<Value> get(String name) {
    return valueAt(indexOf(name));
  }

  /**
   * One attribute, found through a name that remembers where it was found: as {@link
   * #get(String)}.
   *
   * @param name the attribute name
   * @return its value, if present
   */
  public Optional<Value> get(Name name) {
    return valueAt(name.indexIn(shape));
  }

  private Optional<Value> valueAt(int i) {
    return i < 0 ? Optional.empty() : Optional.of(value(values[i]));
  }

  /**
   * Whether the item has an attribute. Does not allocate.
   *
   * @param name the attribute name
   * @return true if present, whatever its value
   */
  public boolean has(String name) {
    return indexOf(name) >= 0;
  }

  /**
   * Whether the item has an attribute, found through a name that remembers where it was found:
   * as {@link #has(String)}.
   *
   * @param name the attribute name
   * @return true if present, whatever its value
   */
  public boolean has(Name name) {
    return name.indexIn(shape) >= 0;
  }

  /**
   * A string attribute.
   *
   * @param name the attribute name
   * @return its text
   * @throws UnreadableItemException if missing or not a string
   */
  public String string(String name) {
    return stringAt(indexOf(name), name);
  }

  /**
   * A string attribute, found through a name that remembers where it was found: as
   * {@link #string(String)}, faster when item after item of one set of names is asked for it.
   *
   * @param name the attribute name
   * @return its text
   * @throws UnreadableItemException if missing or not a string
   */
  public String string(Name name) {
    return stringAt(name.indexIn(shape), name.text);
  }

  /** The string at index {@code i} (-1: absent), refused as {@link #string(String)} says. */
  private String stringAt(int i, String name) {
    if (i >= 0 && values[i] instanceof String s) {
      return s;
    }
    throw new UnreadableItemException("attribute " + name + " is not a string in " + this);
  }

  /**
   * A string attribute, or null if it is missing or not a string. Does not allocate.
   *
   * @param name the attribute name
   * @return its text, or null
   */
  public String stringOrNull(String name) {
    return stringOrNullAt(indexOf(name));
  }

  /**
   * A string attribute, or null, found through a name that remembers where it was found: as
   * {@link #stringOrNull(String)}.
   *
   * @param name the attribute name
   * @return its text, or null
   */
  public String stringOrNull(Name name) {
    return stringOrNullAt(name.indexIn(shape));
  }

  private String stringOrNullAt(int i) {
    return i >= 0 && values[i] instanceof String s ? s : null;
  }

  /**
   * A number attribute.
   *
   * @param name the attribute name
   * @return its value
   * @throws UnreadableItemException if missing or not a number
   */
  public BigDecimal number(String name) {
    return numberAt(indexOf(name), name);
  }

  /**
   * A number attribute, found through a name that remembers where it was found: as {@link
   * #number(String)}.
   *
   * @param name the attribute name
   * @return its value
   * @throws UnreadableItemException if missing or not a number
   */
  public BigDecimal number(Name name) {
    return numberAt(name.indexIn(shape), name.text);
  }

  /** The number at index {@code i} (-1: absent), refused as {@link #number(String)} says. */
  private BigDecimal numberAt(int i, String name) {
    if (i >= 0 && values[i] instanceof BigDecimal n) {
      return n;
    }
    throw new UnreadableItemException("attribute " + name + " is not a number in " + this);
  }

  /**
   * A number attribute, or null if it is missing or not a number. Does not allocate.
   *
   * @param name the attribute name
   * @return its value, or null
   */
  public BigDecimal numberOrNull(String name) {
    return numberOrNullAt(indexOf(name));
  }

  /**
   * A number attribute, or null, found through a name that remembers where it was found: as
   * {@link #numberOrNull(String)}.
   *
   * @param name the attribute name
   * @return its value, or null
   */
  public BigDecimal numberOrNull(Name name) {
    return numberOrNullAt(name.indexIn(shape));
  }

  private BigDecimal numberOrNullAt(int i) {
    return i >= 0 && values[i] instanceof BigDecimal n ? n : null;
  }

  /**
   * The item's size as DynamoDB computes it: for each attribute, the UTF-8 length of its name
   * plus the size of its value.
   *
   * @return size in bytes
   */
  public int size() {
    int known = size;
    if (known == 0) {
      String[] names = shape.names;
      for (int i = 0; i < names.length; i++) {
        known += Utf8.length(names[i]) + valueSize(values[i]);
      }
      size = known;
    }
    return known;
  }

  /**
   * Equal to another item with equal attributes.
   *
   * @param o the other object
   * @return whether equal
   */
  @Override
  public boolean equals(Object o) {
    if (o == this) {
      return true;
    }
    if (!(o instanceof Item other)) {
      return false;
    }
    // Names are sorted, so equal sets of names are equal arrays; numbers are canonical.
    return (shape == other.shape || Arrays.equals(shape.names, other.shape.names))
        && Arrays.equals(values, other.values);
  }

  /**
   * The hash code of {@link #attributes()}.
   *
   * @return the hash code
   */
  @Override
  public int hashCode() {
    int h = 0;
    String[] names = shape.names;
    for (int i = 0; i < names.length; i++) {
      h += names[i].hashCode() ^ value(values[i]).hashCode();
    }
    return h;
  }

  /**
   * The attributes, as the record this class once was printed them.
   *
   * @return {@code Item[attributes={name=value, ...}]}
   */
  @Override
  public String toString() {
    return "Item[attributes=" + attributes() + "]";
  }

  private int indexOf(String name) {
    return shape.indexOf(name);
  }

  private static Object raw(Value value) {
    if (value instanceof Value.Str s) {
      return s.value();
    }
    if (value instanceof Value.Num n) {
      return n.value();
    }
    if (value instanceof Value.Bool b) {
      return b.value() ? Boolean.TRUE : Boolean.FALSE;
    }
    return value;
  }

  private static Value value(Object raw) {
    if (raw instanceof String s) {
      return new Value.Str(s);
    }
    if (raw instanceof BigDecimal n) {
      return Value.Num.ofCanonical(n);
    }
    if (raw instanceof Boolean b) {
      return new Value.Bool(b);
    }
    return (Value) raw;
  }

  private static int valueSize(Object raw) {
    if (raw instanceof String s) {
      return Utf8.length(s);
    }
    if (raw instanceof BigDecimal n) {
      return Value.Num.size(n);
    }
    if (raw instanceof Boolean) {
      return 1;
    }
    return ((Value) raw).size();
  }

  /** Sorts both arrays by name (insertion sort: items have a handful of attributes). */
  private static void sort(String[] names, Object[] values, int n) {
    for (int i = 1; i < n; i++) {
      String name = names[i];
      Object value = values[i];
      int j = i - 1;
      while (j >= 0 && names[j].compareTo(name) > 0) {
        names[j + 1] = names[j];
        values[j + 1] = values[j];
        j--;
      }
      names[j + 1] = name;
      values[j + 1] = value;
    }
  }

  private static Shape canonical(String[] names) {
    Shape shape = new Shape(names);
    Shape shared = SHAPES.get(shape);
    if (shared != null) {
      return shared;
    }
    if (SHAPES.size() >= MAX_SHAPES) {
      return shape;
    }
    // A shape that many items will share gets its table of names once, here.
    Shape indexed = shape.indexed();
    shared = SHAPES.putIfAbsent(indexed, indexed);
    return shared == null ? indexed : shared;
  }

  /**
   * An attribute name for a reader that asks item after item for it (a page of friendships, every
   * photo read): each shared set of names (see {@link Shape}) remembers, in a slot of its own per
   * name, where the name was found in it, so the next item of that set costs one array read
   * instead of a probe of the set's table (the probe and the name's hash made a friendship page's
   * decoding 0.15 µs slower than a pass by identity over its seven names had). Items of many sets
   * of names, read in any order, each find their set's own answer: nothing is forgotten or
   * allocated when the set changes. The first {@value #REMEMBERED} names made get a slot; later
   * ones, and items whose set is not shared, are looked up as by {@link Item#string(String)}.
   *
   * <p>Thread-safe without locks: a slot is written once with the one answer every thread
   * computes (a {@code short} is never torn); a thread that still sees it empty looks the name up
   * itself.
   */
  public static final class Name {
    /** How many names get a slot in every shared set of names (2 bytes each per set). */
    static final int REMEMBERED = 64;

    private static final java.util.concurrent.atomic.AtomicInteger MADE =
        new java.util.concurrent.atomic.AtomicInteger();

    private final String text;

    /** This name's slot in each shared set's {@link Shape#found}; past {@link #REMEMBERED}: none. */
    private final int slot;

    /**
     * A name. Meant for constants: the first {@value #REMEMBERED} made are remembered.
     *
     * @param text the attribute name
     */
    public Name(String text) {
      this.text = Objects.requireNonNull(text, "text");
      // Counts no further than the slots: names made without end (one a call) never wrap.
      this.slot = MADE.getAndUpdate(made -> made < REMEMBERED ? made + 1 : made);
    }

    /**
     * The attribute name.
     *
     * @return its text
     */
    public String text() {
      return text;
    }

    int indexIn(Shape shape) {
      short[] found = shape.found;
      if (found == null || slot >= found.length) {
        return shape.indexOf(text);
      }
      // 0: not asked yet; otherwise the index plus 2 (1: absent).
      int known = found[slot];
      if (known != 0) {
        return known - 2;
      }
      int index = shape.indexOf(text);
      found[slot] = (short) (index + 2);
      return index;
    }

    @Override
    public String toString() {
      return text;
    }
  }

  /**
   * A sorted array of names, as a hash key and as the names of the items that share it. A shared
   * shape (one of {@link #SHAPES}) also has an open-addressed table from each name's hash code,
   * which {@link String} keeps, to the name and its index: a reader's lookup is one probe,
   * usually, whether the item has the name or not, and a reader asking with the very constant the
   * name was stored from is answered by comparing references. Without the table (a shape made only
   * to look one up, or one past {@link #MAX_SHAPES}) a filter of two bits of 64 per name rules out
   * most names the item lacks, a pass by identity finds most it has, and a binary search the rest.
   * Decoding a profile asks for 14 names; the pass and the search took a fifth of {@code
   * getUser}'s time.
   */
  private static final class Shape {
    /** Shapes with more names than this get no table (its indexes are shorts). */
    private static final int MAX_INDEXED = 8192;

    private final String[] names;
    private final int hash;
    private final long filter;

    /**
     * The table: the name whose hash lands in each slot (null for none), and that name's index in
     * {@link #names}. Null: no table. The name sits in the slot itself, so a probe compares it
     * without first loading an index and then the name.
     */
    private final String[] slotNames;

    private final short[] slotIndexes;

    /**
     * Where each {@link Name} was found in this set, by the name's slot (see {@link
     * Name#indexIn}); null for a set that is not shared, which no reader sees twice.
     */
    private final short[] found;

    Shape(String[] names) {
      this(names, null, null);
    }

    private Shape(String[] names, String[] slotNames, short[] slotIndexes) {
      this.names = names;
      this.hash = Arrays.hashCode(names);
      long bits = 0;
      for (String name : names) {
        bits |= bitsOf(name);
      }
      this.filter = bits;
      this.slotNames = slotNames;
      this.slotIndexes = slotIndexes;
      this.found = slotNames == null ? null : new short[Name.REMEMBERED];
    }

    /** The same shape with its table of names, if it is small enough for one. */
    Shape indexed() {
      if (names.length > MAX_INDEXED) {
        return this;
      }
      // At most half full, so a probe for a missing name mostly meets an empty slot at once.
      int size = Integer.highestOneBit(Math.max(4, names.length) * 2) << 1;
      String[] table = new String[size];
      short[] indexes = new short[size];
      for (int i = 0; i < names.length; i++) {
        int slot = spread(names[i].hashCode()) & (size - 1);
        while (table[slot] != null) {
          slot = (slot + 1) & (size - 1);
        }
        table[slot] = names[i];
        indexes[slot] = (short) i;
      }
      return new Shape(names, table, indexes);
    }

    /** The name's index in {@link #names}, or -1. */
    int indexOf(String name) {
      String[] table = slotNames;
      if (table != null) {
        int h = name.hashCode();
        int mask = table.length - 1;
        for (int slot = spread(h) & mask; ; slot = (slot + 1) & mask) {
          String candidate = table[slot];
          if (candidate == name) {
            return slotIndexes[slot];
          }
          if (candidate == null) {
            return -1;
          }
          if (candidate.hashCode() == h && candidate.equals(name)) {
            return slotIndexes[slot];
          }
        }
      }
      long bits = bitsOf(name);
      if ((filter & bits) != bits) {
        return -1;
      }
      // Readers mostly ask with the very constants the shared names were made from (the codec's
      // names are literals), so a pass by identity usually finds it without comparing text.
      for (int i = 0; i < names.length; i++) {
        if (names[i] == name) {
          return i;
        }
      }
      int found = Arrays.binarySearch(names, name);
      return found >= 0 ? found : -1;
    }

    private static int spread(int h) {
      return h ^ (h >>> 16);
    }

    private static long bitsOf(String name) {
      int h = name.hashCode();
      // A long shift takes the low six bits of its count: bits h and h >>> 6, modulo 64.
      return (1L << h) | (1L << (h >>> 6));
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Shape other && Arrays.equals(names, other.names);
    }

    @Override
    public int hashCode() {
      return hash;
    }
  }

  /** The immutable map view of the attributes. */
  private final class Attributes extends AbstractMap<String, Value> {
    @Override
    public int size() {
      return shape.names.length;
    }

    @Override
    public boolean containsKey(Object key) {
      return key instanceof String name && indexOf(name) >= 0;
    }

    @Override
    public Value get(Object key) {
      if (!(key instanceof String name)) {
        return null;
      }
      int i = indexOf(name);
      return i < 0 ? null : value(values[i]);
    }

    @Override
    public Set<Map.Entry<String, Value>> entrySet() {
      return new AbstractSet<>() {
        @Override
        public int size() {
          return shape.names.length;
        }

        @Override
        public Iterator<Map.Entry<String, Value>> iterator() {
          return new Iterator<>() {
            private int next;

            @Override
            public boolean hasNext() {
              return next < shape.names.length;
            }

            @Override
            public Map.Entry<String, Value> next() {
              if (next >= shape.names.length) {
                throw new NoSuchElementException();
              }
              int i = next++;
              return Map.entry(shape.names[i], value(values[i]));
            }
          };
        }
      };
    }

    @Override
    public int hashCode() {
      return Item.this.hashCode();
    }
  }

  /** Builds an item attribute by attribute. Not thread-safe. */
  public static final class Builder {
    private String[] names;
    private Object[] values;
    private int count;

    /** The shared names of the item this builder started from, while it still has just those. */
    private Shape shape;

    /**
     * The size of the item built so far, kept up to date from the size of the item this builder
     * started from (if that was known) by adding the difference each attribute makes; 0 when
     * unknown. An update that changes a counter of a stored item then costs the two numbers'
     * sizes, not a walk over every name and string of the item, which was a tenth of a
     * transaction's time in the memory engine.
     */
    private int size;

    /** Starts an empty item. */
    public Builder() {
      names = new String[12];
      values = new Object[12];
    }

    private Builder(Item item) {
      int n = item.shape.names.length;
      names = Arrays.copyOf(item.shape.names, n + 2);
      values = Arrays.copyOf(item.values, n + 2);
      count = n;
      shape = item.shape;
      size = item.size;
    }

    /**
     * One attribute as set so far.
     *
     * @param name the attribute name
     * @return its value, if set
     */
    public Optional<Value> get(String name) {
      for (int i = 0; i < count; i++) {
        if (names[i].equals(name)) {
          return Optional.of(value(values[i]));
        }
      }
      return Optional.empty();
    }

    /**
     * Sets an attribute.
     *
     * @param name the attribute name
     * @param value the value
     * @return this builder
     */
    public Builder put(String name, Value value) {
      return putRaw(name, raw(Objects.requireNonNull(value, "value")));
    }

    /**
     * Sets a string attribute.
     *
     * @param name the attribute name
     * @param value the text
     * @return this builder
     */
    public Builder put(String name, String value) {
      return putRaw(name, Objects.requireNonNull(value, "value"));
    }

    /**
     * Sets a number attribute.
     *
     * @param name the attribute name
     * @param value the number
     * @return this builder
     */
    public Builder put(String name, long value) {
      return putRaw(name, Value.Num.of(value).value());
    }

    private Builder putRaw(String name, Object value) {
      Objects.requireNonNull(name, "name");
      for (int i = 0; i < count; i++) {
        if (names[i].equals(name)) {
          if (size != 0) {
            size += valueSize(value) - valueSize(values[i]);
          }
          values[i] = value;
          return this;
        }
      }
      if (size != 0) {
        size += Utf8.length(name) + valueSize(value);
      }
      shape = null;
      if (count == names.length) {
        names = Arrays.copyOf(names, Math.max(4, count * 2));
        values = Arrays.copyOf(values, count * 2);
      }
      names[count] = name;
      values[count] = value;
      count++;
      return this;
    }

    /**
     * Builds the item. The builder may be used again; the item does not change with it.
     *
     * @return the item
     */
    public Item build() {
      Object[] v = Arrays.copyOf(values, count);
      if (shape != null) {
        // Only values replaced: still sorted as the shared names are.
        return new Item(shape, v, size);
      }
      String[] n = Arrays.copyOf(names, count);
      sort(n, v, count);
      return new Item(canonical(n), v, size);
    }
  }
}
