package io.quickphotos.memory.internal;

import io.quickphotos.internal.singletable.Item;
import io.quickphotos.internal.singletable.Key;

/**
 * A stored item with its key and its DynamoDB size computed once, at write time, so reads that
 * bill by size and cut pages at 1 MB do not walk the attributes again. Immutable; the table and
 * the index share the same instance.
 *
 * @param key the item's primary key
 * @param item the item
 * @param size {@link Item#size()}
 */
record Stored(Key key, Item item, int size) {

  static Stored of(Item item) {
    return new Stored(item.key(), item, item.size());
  }
}
