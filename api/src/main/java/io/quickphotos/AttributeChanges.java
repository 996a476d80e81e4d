package io.quickphotos;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/**
 * The single-attribute changes an edit's builder collects ({@link PhotoEdit.Builder},
 * {@link ProfileUpdate.Builder}), in the order given. Not thread-safe.
 */
final class AttributeChanges {
  private final List<AttributeChange> changes = new ArrayList<>();

  void set(String name, Optional<String> key, AppValue value) {
    changes.add(new AttributeChange.Set(name, key, value));
  }

  void remove(String name, Optional<String> key) {
    changes.add(new AttributeChange.Remove(name, key));
  }

  void append(String name, List<AppValue> values) {
    changes.add(new AttributeChange.Append(name, Optional.empty(), values));
  }

  void add(String name, BigDecimal amount) {
    changes.add(new AttributeChange.Add(name, Optional.empty(), amount));
  }

  List<AttributeChange> list() {
    return List.copyOf(changes);
  }

  /** An unmodifiable copy that keeps nulls (for the call to name), or null for null. */
  static List<AttributeChange> copy(List<AttributeChange> changes) {
    return changes == null ? null : Collections.unmodifiableList(new ArrayList<>(changes));
  }
}
