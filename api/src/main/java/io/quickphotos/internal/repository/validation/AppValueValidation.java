package io.quickphotos.internal.repository.validation;

import static io.quickphotos.internal.repository.validation.Validation.freeText;
import static io.quickphotos.internal.repository.validation.Validation.invalid;
import static io.quickphotos.internal.repository.validation.Validation.notNull;
import static io.quickphotos.internal.repository.validation.Validation.shown;
import static io.quickphotos.internal.repository.validation.Validation.text;

import io.quickphotos.AppValue;
import io.quickphotos.AttributeChange;
import io.quickphotos.InvalidInputException;
import io.quickphotos.engine.Utf8;
import io.quickphotos.engine.Value;
import io.quickphotos.internal.singletable.codec.AppAttributes;
import io.quickphotos.internal.singletable.codec.ItemCodec;
import io.quickphotos.internal.singletable.edit.AttributeEdits;
import java.math.BigDecimal;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * The rules of an application's own attributes on photos and profiles (names, values, nesting,
 * numbers DynamoDB can store, the size of them all), apart from {@link Validation}'s other rules
 * because they are many. Stateless and thread-safe.
 */
final class AppValueValidation {
  private static final int MAX_ATTRIBUTE_NAME = 64;
  private static final int MAX_MAP_KEY = 255;

  /** DynamoDB keeps numbers of at most 38 significant digits. */
  private static final int MAX_DIGITS = 38;

  /** DynamoDB's number range: magnitudes 1E-130 to under 1E+126 (and zero). */
  private static final int MIN_EXPONENT = -130;

  private static final int MAX_EXPONENT = 125;

  private AppValueValidation() {}

  /**
   * An application's attributes of a photo or profile: valid names, valid values, and all of
   * them together within {@link AppValue#MAX_ATTRIBUTES_BYTES} as DynamoDB counts them in the
   * item (the map that holds them with its name).
   *
   * @param entity "photo" or "user", for the messages
   * @param attributes the attributes
   */
  static Map<String, AppValue> attributes(String entity, Map<String, AppValue> attributes) {
    notNull(entity + " attributes", attributes);
    if (attributes.isEmpty()) {
      return attributes;
    }
    String largest = null;
    int largestBytes = 0;
    for (Map.Entry<String, AppValue> e : attributes.entrySet()) {
      String name = attributeName(entity, e.getKey());
      String field = entity + " attribute '" + name + "'";
      appValue(field, e.getValue(), 1);
      // What the attribute adds to the map that holds it: its name, its value and one byte.
      int bytes = Utf8.length(name) + AppAttributes.value(e.getValue()).size() + 1;
      if (bytes > largestBytes) {
        largest = name;
        largestBytes = bytes;
      }
    }
    Value.MapValue stored = ItemCodec.appAttributes(attributes);
    int total = Utf8.length(ItemCodec.APP) + stored.size();
    if (total > AppValue.MAX_ATTRIBUTES_BYTES) {
      throw invalid(
          String.format(
              java.util.Locale.ROOT,
              "%s attributes take %,d bytes as DynamoDB counts them, over the %,d they may take"
                  + " together; the largest is '%s', %,d bytes",
              entity,
              total,
              AppValue.MAX_ATTRIBUTES_BYTES,
              largest,
              largestBytes));
    }
    return attributes;
  }

  /**
   * An edit's single-attribute changes and the version it names: each change's name, key and
   * values as whole attributes are judged ({@link #attributes}); no two changes of one attribute
   * (or of an attribute and a key inside it), as DynamoDB refuses overlapping paths; no changes
   * beside a replacement of all attributes; an append of at least one value; and all of them
   * together adding at most what the attributes may take (a larger edit could never fit). The
   * version, if named, is 0 or more.
   *
   * @param entity "photo" or "user", for the messages
   * @param changes the changes, possibly empty
   * @param replacement the edit's replacement of all attributes, if any
   * @param expectedVersion the version the edit names, if any
   */
  static void edits(
      String entity,
      List<AttributeChange> changes,
      Optional<Map<String, AppValue>> replacement,
      OptionalLong expectedVersion) {
    notNull(entity + " edit's version", expectedVersion);
    if (expectedVersion.isPresent() && expectedVersion.getAsLong() < 0) {
      throw invalid(
          entity + " edit's expected version must be 0 or more: " + expectedVersion.getAsLong());
    }
    notNull(entity + " attribute changes", changes);
    if (changes.isEmpty()) {
      return;
    }
    if (replacement.isPresent()) {
      throw invalid(
          "an edit replaces all "
              + entity
              + " attributes or changes single ones, not both: "
              + changes.size()
              + " change(s) beside a replacement");
    }
    Set<String> whole = new HashSet<>();
    Set<String> keyed = new HashSet<>();
    for (AttributeChange change : changes) {
      if (change == null) {
        throw invalid(entity + " attribute change may not be null");
      }
      String name = attributeName(entity, change.name());
      notNull(entity + " attribute '" + name + "' key", change.key());
      String field = entity + " attribute '" + name + "'";
      int depth = 1;
      if (change.key().isPresent()) {
        String key = change.key().get();
        text(field + " key", key, 1, MAX_MAP_KEY);
        field = entity + " attribute '" + name + "." + key + "'";
        depth = 2;
        if (whole.contains(name) || !keyed.add(name + "." + key)) {
          throw overlapping(entity, name);
        }
        keyed.add(name);
      } else if (keyed.contains(name) || !whole.add(name)) {
        throw overlapping(entity, name);
      }
      if (change instanceof AttributeChange.Set set) {
        appValue(field, set.value(), depth);
      } else if (change instanceof AttributeChange.Append append) {
        notNull(field + " values", append.values());
        if (append.values().isEmpty()) {
          throw invalid(field + ": an append needs at least one value");
        }
        for (int i = 0; i < append.values().size(); i++) {
          appValue(field + "[" + i + "]", append.values().get(i), depth + 1);
        }
      } else if (change instanceof AttributeChange.Add add) {
        number(field + " amount", add.amount());
      }
    }
    // The map and its name take 6 bytes: an edit adding more than the rest can never fit.
    long charge = AttributeEdits.charge(changes);
    long room = AppValue.MAX_ATTRIBUTES_BYTES - Utf8.length(ItemCodec.APP) - 3L;
    if (charge > room) {
      throw invalid(
          String.format(
              java.util.Locale.ROOT,
              "%s attribute changes may add up to %,d bytes as DynamoDB counts them, over the"
                  + " %,d all attributes may take together",
              entity,
              charge,
              AppValue.MAX_ATTRIBUTES_BYTES));
    }
  }

  private static InvalidInputException overlapping(String entity, String name) {
    return invalid(
        "an edit changes "
            + entity
            + " attribute '"
            + name
            + "' (or a key inside it) once: two changes of it overlap");
  }

  /** 1 to 64 ASCII letters, digits, '_' and '-', starting with a letter. */
  private static String attributeName(String entity, String name) {
    if (name == null) {
      throw invalid(entity + " attribute name may not be null");
    }
    boolean valid = !name.isEmpty() && name.length() <= MAX_ATTRIBUTE_NAME && isLetter(name, 0);
    for (int i = 1; valid && i < name.length(); i++) {
      char c = name.charAt(i);
      valid = isLetter(name, i) || (c >= '0' && c <= '9') || c == '_' || c == '-';
    }
    if (!valid) {
      throw invalid(
          entity
              + " attribute name must be 1 to "
              + MAX_ATTRIBUTE_NAME
              + " ASCII letters, digits, '_' or '-', starting with a letter: "
              + shown(name));
    }
    return name;
  }

  private static boolean isLetter(String name, int at) {
    char c = name.charAt(at);
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
  }

  /** One application value, {@code depth} lists and maps deep, named by {@code field}. */
  private static void appValue(String field, AppValue value, int depth) {
    if (value == null) {
      throw invalid(field + " may not be null");
    }
    if (value instanceof AppValue.Text text) {
      notNull(field, text.value());
      freeText(field, text.value());
    } else if (value instanceof AppValue.Num number) {
      number(field, number.value());
    } else if (value instanceof AppValue.ListOf list) {
      notNull(field, list.values());
      nesting(field, depth);
      List<AppValue> elements = list.values();
      for (int i = 0; i < elements.size(); i++) {
        appValue(field + "[" + i + "]", elements.get(i), depth + 1);
      }
    } else if (value instanceof AppValue.MapOf map) {
      notNull(field, map.values());
      nesting(field, depth);
      for (Map.Entry<String, AppValue> e : map.values().entrySet()) {
        String key = e.getKey();
        if (key == null) {
          throw invalid(field + " may not hold a null key");
        }
        text(field + " key", key, 1, MAX_MAP_KEY);
        appValue(field + "." + key, e.getValue(), depth + 1);
      }
    }
  }

  private static void nesting(String field, int depth) {
    if (depth > AppValue.MAX_DEPTH) {
      throw invalid(field + " nests lists and maps more than " + AppValue.MAX_DEPTH + " deep");
    }
  }

  /** A number DynamoDB can store: at most 38 significant digits, magnitude in its range. */
  private static void number(String field, BigDecimal value) {
    notNull(field, value);
    if (value.signum() == 0) {
      return;
    }
    if (value.precision() > MAX_DIGITS) {
      throw invalid(
          field
              + " has "
              + value.precision()
              + " significant digits; DynamoDB keeps at most "
              + MAX_DIGITS
              + ": "
              + value.toString());
    }
    // The power of ten of the leading digit: 1E+125 is 125, 0.001 is -3.
    long exponent = (long) value.precision() - value.scale() - 1;
    if (exponent < MIN_EXPONENT || exponent > MAX_EXPONENT) {
      throw invalid(
          field
              + " is out of DynamoDB's range (magnitudes 1E-130 to under 1E+126): "
              + value.toString());
    }
  }
}
