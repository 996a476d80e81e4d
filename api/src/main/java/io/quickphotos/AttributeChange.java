package io.quickphotos;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/**
 * A change of one of the application's attributes of a photo or profile, applied where it is
 * stored, without reading the others: set one attribute (or one key of a map attribute), remove
 * one, append values to a list attribute, or add to a number attribute. An edit
 * ({@link PhotoEdit}, {@link ProfileUpdate}) carries any number of them, on different
 * attributes, and the repository sends them as clauses of one {@code UpdateItem}, as DynamoDB
 * applies {@code SET}, {@code REMOVE}, {@code list_append} and {@code ADD}: two writers of
 * different attributes both land, and concurrent additions to one number are all counted.
 * Build them with the edit's builder; the records are values.
 *
 * <p>Each change names an attribute, {@link #name()}, and may name a key inside it,
 * {@link #key()}: one level into a map attribute, which must then exist and be a map (DynamoDB
 * writes no path through a missing map). The call judges names, keys and values as it judges
 * whole attributes ({@link AppValue}, {@link NewPhoto}), and refuses two changes of one
 * attribute in one edit, or changes beside a replacement of all attributes, with
 * {@link InvalidInputException} before any request. A change that does not fit what the
 * attribute holds (a key inside an attribute that is no map, an append to one that is no list,
 * an addition to one that is no number, a sum of more than 38 digits) is refused by the table,
 * also as {@link InvalidInputException}, and nothing of the edit is written.
 */
public sealed interface AttributeChange
    permits AttributeChange.Set,
        AttributeChange.Remove,
        AttributeChange.Append,
        AttributeChange.Add {

  /**
   * The attribute changed.
   *
   * @return the application's attribute name
   */
  String name();

  /**
   * The key inside the attribute, for a change one level into a map attribute.
   *
   * @return the key, or empty for the attribute itself
   */
  Optional<String> key();

  /**
   * Sets an attribute, or a key of a map attribute, to a value, replacing what it held.
   *
   * @param name the attribute
   * @param key the key inside it, or empty
   * @param value the new value
   */
  record Set(String name, Optional<String> key, AppValue value) implements AttributeChange {}

  /**
   * Removes an attribute, or a key of a map attribute; removing one that is not there is no
   * error (but the map a key is removed from must exist).
   *
   * @param name the attribute
   * @param key the key inside it, or empty
   */
  record Remove(String name, Optional<String> key) implements AttributeChange {}

  /**
   * Appends values at the end of a list attribute, which starts empty if it is missing.
   *
   * @param name the attribute
   * @param key the key inside it, or empty
   * @param values the values appended, in order, at least one (an unmodifiable copy)
   */
  record Append(String name, Optional<String> key, List<AppValue> values)
      implements AttributeChange {
    /**
     * Creates the change; the values are copied (nulls and all: the call judges them).
     *
     * @param name the attribute
     * @param key the key inside it, or empty
     * @param values the values appended
     */
    public Append {
      values = values == null ? null : Collections.unmodifiableList(new ArrayList<>(values));
    }
  }

  /**
   * Adds to a number attribute, which starts at zero if it is missing: an atomic counter (views,
   * shares), each addition counted once however many writers add at the same moment. A
   * negative amount subtracts.
   *
   * @param name the attribute
   * @param key the key inside it, or empty
   * @param amount what is added: at most 38 significant digits, in DynamoDB's range
   */
  record Add(String name, Optional<String> key, BigDecimal amount) implements AttributeChange {}
}
