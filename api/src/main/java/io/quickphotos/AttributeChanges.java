package io.quickphotos;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** Copies of the single-attribute changes a photo edit or profile update holds. */
final class AttributeChanges {
  private AttributeChanges() {}

  /** An unmodifiable copy that keeps nulls (for the call to name), or null for null. */
  static List<AttributeChange> copy(List<AttributeChange> changes) {
    return changes == null ? null : Collections.unmodifiableList(new ArrayList<>(changes));
  }
}
