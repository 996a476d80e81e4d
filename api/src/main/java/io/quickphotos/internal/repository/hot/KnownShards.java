package io.quickphotos.internal.repository.hot;

import io.quickphotos.PhotoId;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which users and photos this repository learned are hot (sharded), and into how many shards:
 * what a write learned from a refusal, and a read from an item. Sharding is never undone while a
 * key exists, so what is remembered is wrong only for a key deleted and created again, which a
 * shard's existence check catches (the writer then forgets it). Thread-safe: concurrent maps,
 * bounded by clearing them (a lost entry costs one more failed transaction or read).
 */
final class KnownShards {
  /** Keys remembered before a map is cleared. */
  static final int REMEMBERED = 10_000;

  final Map<String, Integer> users = new ConcurrentHashMap<>();
  final Map<PhotoId, Integer> photos = new ConcurrentHashMap<>();

  /** Remembers a key's shards; 0 or less forgets it. */
  static <K> void remember(Map<K, Integer> known, K key, int shards) {
    if (shards <= 0) {
      known.remove(key);
      return;
    }
    if (known.size() >= REMEMBERED) {
      known.clear();
    }
    known.put(key, shards);
  }

  /** The shards remembered of a key, or null; no lookup while nothing is remembered. */
  static <K> Integer of(Map<K, Integer> known, K key) {
    return known.isEmpty() ? null : known.get(key);
  }
}
