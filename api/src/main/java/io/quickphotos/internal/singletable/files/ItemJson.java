package io.quickphotos.internal.singletable.files;

import io.quickphotos.InvalidInputException;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.Value;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * Items as lines of DynamoDB JSON, one item a line: the format of DynamoDB's export to S3
 * ({@code {"Item": {"PK": {"S": "USER#ann"}, ...}}}) and, without the {@code Item} wrapper, of
 * the AWS tutorial's {@code items.json} and the CLI's {@code --item} arguments. Reading accepts
 * both shapes and skips blank lines; writing produces the export's shape, {@code PK} and
 * {@code SK} first and the other attributes in name order, so equal tables export equal text.
 *
 * <p>Types: {@code S}, {@code N}, {@code BOOL}, {@code NULL}, {@code M} and {@code L} — every type
 * quickphotos stores. Binary and set types ({@code B}, {@code SS}, {@code NS}, {@code BS}) are
 * refused. Stateless, thread-safe.
 */
public final class ItemJson {
  private ItemJson() {}

  /**
   * Reads every item of a file, one item a line.
   *
   * @param source the text; read to its end, not closed
   * @param sink receives each item in file order
   * @return the number of items read
   * @throws InvalidInputException naming the line if a line is not a DynamoDB JSON item with
   *     string attributes {@code PK} and {@code SK}
   * @throws UncheckedIOException if the source cannot be read
   */
  public static long read(Reader source, Consumer<Item> sink) {
    BufferedReader lines = source instanceof BufferedReader b ? b : new BufferedReader(source);
    long count = 0;
    int number = 0;
    try {
      for (String line = lines.readLine(); line != null; line = lines.readLine()) {
        number++;
        if (line.isBlank()) {
          continue;
        }
        Item item;
        try {
          item = parseLine(line);
        } catch (IllegalArgumentException e) {
          throw new InvalidInputException("line " + number + ": " + e.getMessage(), e);
        }
        sink.accept(item);
        count++;
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return count;
  }

  /**
   * Parses one line.
   *
   * @param line an item, bare or wrapped in {@code {"Item": ...}}
   * @return the item
   * @throws IllegalArgumentException if the line is not such an item
   */
  public static Item parseLine(String line) {
    Object json = new JsonParser(line).document();
    if (!(json instanceof Map<?, ?> object)) {
      throw new IllegalArgumentException("expected a JSON object");
    }
    Object attributes = object;
    if (object.size() == 1 && object.containsKey("Item")) {
      attributes = object.get("Item");
    }
    if (!(attributes instanceof Map<?, ?> map) || map.isEmpty()) {
      throw new IllegalArgumentException("expected an item: an object of typed attributes");
    }
    Map<String, Value> values = new LinkedHashMap<>();
    for (Map.Entry<?, ?> e : map.entrySet()) {
      values.put((String) e.getKey(), value((String) e.getKey(), e.getValue()));
    }
    if (!(values.get(Item.PK) instanceof Value.Str)
        || !(values.get(Item.SK) instanceof Value.Str)) {
      throw new IllegalArgumentException("an item needs string attributes PK and SK");
    }
    return new Item(values);
  }

  /**
   * Formats one item as a line of DynamoDB's export to S3, without the line break.
   *
   * @param item the item
   * @return {@code {"Item":{...}}}
   */
  public static String formatLine(Item item) {
    StringBuilder out = new StringBuilder(256).append("{\"Item\":{");
    Map<String, Value> rest = new TreeMap<>(item.attributes());
    boolean first = true;
    for (String name : new String[] {Item.PK, Item.SK}) {
      Value value = rest.remove(name);
      if (value != null) {
        first = attribute(out, name, value, first);
      }
    }
    for (Map.Entry<String, Value> e : rest.entrySet()) {
      first = attribute(out, e.getKey(), e.getValue(), first);
    }
    return out.append("}}").toString();
  }

  private static boolean attribute(StringBuilder out, String name, Value value, boolean first) {
    if (!first) {
      out.append(',');
    }
    string(out, name);
    out.append(':');
    typed(out, value);
    return false;
  }

  private static void typed(StringBuilder out, Value value) {
    if (value instanceof Value.Str s) {
      out.append("{\"S\":");
      string(out, s.value());
    } else if (value instanceof Value.Num n) {
      out.append("{\"N\":\"").append(n.value().toPlainString()).append('"');
    } else if (value instanceof Value.Bool b) {
      out.append("{\"BOOL\":").append(b.value());
    } else if (value instanceof Value.Null) {
      out.append("{\"NULL\":true");
    } else if (value instanceof Value.MapValue m) {
      out.append("{\"M\":{");
      boolean first = true;
      for (Map.Entry<String, Value> e : new TreeMap<>(m.value()).entrySet()) {
        first = attribute(out, e.getKey(), e.getValue(), first);
      }
      out.append('}');
    } else {
      out.append("{\"L\":[");
      boolean first = true;
      for (Value element : ((Value.ListValue) value).value()) {
        if (!first) {
          out.append(',');
        }
        typed(out, element);
        first = false;
      }
      out.append(']');
    }
    out.append('}');
  }

  private static void string(StringBuilder out, String s) {
    out.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        default -> {
          if (c < 0x20) {
            out.append(String.format("\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    out.append('"');
  }

  /** A typed DynamoDB JSON value: an object with one type key. */
  private static Value value(String name, Object json) {
    if (!(json instanceof Map<?, ?> typed) || typed.size() != 1) {
      throw new IllegalArgumentException("attribute " + name + ": expected {\"<type>\": value}");
    }
    Map.Entry<?, ?> only = typed.entrySet().iterator().next();
    String type = (String) only.getKey();
    Object v = only.getValue();
    switch (type) {
      case "S":
        if (v instanceof String s) {
          return new Value.Str(s);
        }
        break;
      case "N":
        if (v instanceof String s) {
          try {
            return new Value.Num(new BigDecimal(s.strip()));
          } catch (NumberFormatException e) {
            throw new IllegalArgumentException("attribute " + name + ": not a number: " + s, e);
          }
        }
        break;
      case "BOOL":
        if (v instanceof Boolean b) {
          return new Value.Bool(b);
        }
        break;
      case "NULL":
        if (Boolean.TRUE.equals(v)) {
          return new Value.Null();
        }
        break;
      case "M":
        if (v instanceof Map<?, ?> m) {
          Map<String, Value> entries = new LinkedHashMap<>();
          for (Map.Entry<?, ?> e : m.entrySet()) {
            entries.put((String) e.getKey(), value(name + "." + e.getKey(), e.getValue()));
          }
          return new Value.MapValue(entries);
        }
        break;
      case "L":
        if (v instanceof List<?> l) {
          List<Value> elements = new ArrayList<>(l.size());
          for (int i = 0; i < l.size(); i++) {
            elements.add(value(name + "[" + i + "]", l.get(i)));
          }
          return new Value.ListValue(elements);
        }
        break;
      case "B", "SS", "NS", "BS":
        throw new IllegalArgumentException(
            "attribute "
                + name
                + ": type "
                + type
                + " is not supported (quickphotos stores S, N, BOOL, NULL, M and L)");
      default:
        throw new IllegalArgumentException("attribute " + name + ": unknown type " + type);
    }
    throw new IllegalArgumentException("attribute " + name + ": bad value for type " + type);
  }
}
