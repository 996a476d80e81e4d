package io.quickphotos.internal.singletable;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * An item: named attribute values, always including the string keys {@code PK} and {@code SK}
 * when stored. Immutable and thread-safe.
 *
 * @param attributes the attributes by name
 */
public record Item(Map<String, Value> attributes) {

  /** The table's partition key attribute; the inverted index's sort key. */
  public static final String PK = "PK";
  /** The table's sort key attribute; the inverted index's partition key. */
  public static final String SK = "SK";

  /**
   * Creates an item; the map is copied.
   *
   * @param attributes the attributes by name, without null keys or values
   */
  public Item {
    attributes = Map.copyOf(attributes);
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
   * The primary key, if the item has both key attributes as strings.
   *
   * @return the key
   * @throws IllegalStateException if a key attribute is missing or not a string
   */
  public Key key() {
    return new Key(string(PK), string(SK));
  }

  /**
   * One attribute.
   *
   * @param name the attribute name
   * @return its value, if present
   */
  public Optional<Value> get(String name) {
    return Optional.ofNullable(attributes.get(name));
  }

  /**
   * A string attribute.
   *
   * @param name the attribute name
   * @return its text
   * @throws IllegalStateException if missing or not a string
   */
  public String string(String name) {
    if (attributes.get(name) instanceof Value.Str s) {
      return s.value();
    }
    throw new IllegalStateException("attribute " + name + " is not a string in " + this);
  }

  /**
   * A number attribute.
   *
   * @param name the attribute name
   * @return its value
   * @throws IllegalStateException if missing or not a number
   */
  public BigDecimal number(String name) {
    if (attributes.get(name) instanceof Value.Num n) {
      return n.value();
    }
    throw new IllegalStateException("attribute " + name + " is not a number in " + this);
  }

  /**
   * The item's size as DynamoDB computes it: for each attribute, the UTF-8 length of its name
   * plus the size of its value.
   *
   * @return size in bytes
   */
  public int size() {
    int size = 0;
    for (Map.Entry<String, Value> e : attributes.entrySet()) {
      size += Utf8.length(e.getKey()) + e.getValue().size();
    }
    return size;
  }

  /** Builds an item attribute by attribute. Not thread-safe. */
  public static final class Builder {
    private final Map<String, Value> attributes = new LinkedHashMap<>();

    /**
     * Sets an attribute.
     *
     * @param name the attribute name
     * @param value the value
     * @return this builder
     */
    public Builder put(String name, Value value) {
      attributes.put(name, value);
      return this;
    }

    /**
     * Sets a string attribute.
     *
     * @param name the attribute name
     * @param value the text
     * @return this builder
     */
    public Builder put(String name, String value) {
      return put(name, new Value.Str(value));
    }

    /**
     * Sets a number attribute.
     *
     * @param name the attribute name
     * @param value the number
     * @return this builder
     */
    public Builder put(String name, long value) {
      return put(name, Value.Num.of(value));
    }

    /**
     * Builds the item.
     *
     * @return the item
     */
    public Item build() {
      return new Item(attributes);
    }
  }
}
