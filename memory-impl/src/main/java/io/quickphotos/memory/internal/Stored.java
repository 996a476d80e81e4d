package io.quickphotos.memory.internal;

import io.quickphotos.engine.Item;
import io.quickphotos.engine.Key;

/**
 * A stored item with its DynamoDB size computed once, at write time, so reads that bill by size
 * and cut pages at 1 MB do not walk the attributes again. Immutable; the table and the index
 * share the same instance. The key is not kept beside the item (it is the item's {@code PK} and
 * {@code SK}): a million items would hold a million more objects for what a page needs only for
 * its last item.
 *
 * @param item the item
 * @param size {@link Item#size()}
 */
record Stored(Item item, int size) {

  static Stored of(Item item) {
    return new Stored(item, item.size());
  }

  /** The item's primary key, built from its key attributes. */
  Key key() {
    return item.key();
  }
}
