package io.quickphotos.internal.singletable.hot;

import static io.quickphotos.internal.singletable.layout.Attributes.MAIN_PK;
import static io.quickphotos.internal.singletable.layout.Attributes.MAIN_SK;
import static io.quickphotos.internal.singletable.layout.Attributes.SEALED;
import static io.quickphotos.internal.singletable.layout.Attributes.SHARDS;

import io.quickphotos.ReactionType;
import io.quickphotos.engine.AttributePath;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.ItemCondition;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.Value;
import io.quickphotos.internal.singletable.codec.ItemCodec;
import io.quickphotos.internal.singletable.layout.Attributes;
import io.quickphotos.internal.singletable.layout.KeyLayout;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The layout of a hot key's counter shards. A user or photo whose counters are sharded carries
 * {@code shards = N} (N ≥ 1) on its own item, and N shard items hold the rest of its counts:
 *
 * <pre>
 * Shard of    PK = SK                                     counters
 * a user      SHARD##METADATA#&lt;username&gt;#&lt;k&gt;             followers
 * a photo     SHARD#PHOTO#&lt;owner&gt;#&lt;timestamp&gt;#&lt;k&gt;       reactions.&lt;type&gt;, views, uniqueViewers
 * </pre>
 *
 * <p>A photo's shard gets {@code views} and {@code uniqueViewers} with its first view (an ADD
 * makes the attribute): a shard without them counts none.
 *
 * <p>Each shard is its own partition key value in the table and in {@code InvertedIndex} (its
 * sort key is unique too), so each has a partition's full 1,000 write units a second. A count
 * is the main item's counter plus every shard's; a shard's share may be negative (a decrement
 * may land on the main item or on any shard). The items counted — friendships and reactions —
 * keep their keys: their partitions are item collections with sort keys that do not rise
 * steadily (follower names, reactor names), which DynamoDB splits for heat; only single items
 * cannot be split. Stateless and thread-safe.
 */
public final class Shards {
  private static final ItemCondition OPEN_SHARD =
      ItemCondition.and(
          ItemCondition.EXISTS,
          ItemCondition.not(new ItemCondition.AttributeExists(AttributePath.of(SEALED))));

  static final AttributePath SHARDS_PATH = AttributePath.of(SHARDS);

  /** {@code shards}, asked of every user and photo read: remembered per set of names. */
  private static final Item.Name SHARDS_NAME = new Item.Name(SHARDS);

  private Shards() {}

  /**
   * A main item whose counters are sharded: {@code shards >= 1}.
   *
   * @return the condition
   */
  public static ItemCondition sharded() {
    return new ItemCondition.AtLeast(SHARDS_PATH, 1);
  }

  /**
   * A main item whose counters are not sharded: {@code NOT (shards >= 1)}.
   *
   * @return the condition
   */
  public static ItemCondition notSharded() {
    return ItemCondition.not(sharded());
  }

  /**
   * A shard that exists and is not sealed: what a follow counted on a user's shard, and the check
   * of a reaction's owner on one, require.
   *
   * @return {@code attribute_exists(PK) AND NOT attribute_exists(sealed)}
   */
  public static ItemCondition open() {
    return OPEN_SHARD;
  }

  /**
   * Whether a write to a shard that failed {@link #open()} should go to the main item instead: the
   * shard is gone (its key deleted, or folded back) or sealed (the account went private).
   *
   * @param shard the shard as the failed write found it
   * @return true to ask the main item again
   */
  public static boolean closed(Optional<Item> shard) {
    return shard.isEmpty() || shard.get().get(SEALED).isPresent();
  }

  /**
   * Whether a shard is sealed.
   *
   * @param shard a shard item
   * @return true if its account's switch to private sealed it
   */
  public static boolean isSealed(Item shard) {
    return shard.get(SEALED).isPresent();
  }

  /**
   * How many shards an item's counters have.
   *
   * @param main a user or photo item
   * @return 0 if not sharded
   */
  public static int count(Item main) {
    // Asked of every item read: no Optional or value made for the common case, no shards.
    BigDecimal shards = main.numberOrNull(SHARDS_NAME);
    return shards == null ? 0 : shards.intValueExact();
  }

  /**
   * Whether an item's counters are sharded.
   *
   * @param main a user or photo item
   * @return true if it has shards
   */
  public static boolean isSharded(Item main) {
    return count(main) > 0;
  }

  /**
   * The shard a writer uses, from the writer's name: deterministic, so one writer's retries land
   * on one shard, and spread evenly over many writers.
   *
   * @param writer the follower's or reactor's handle
   * @param shards how many shards there are
   * @return 0 to {@code shards - 1}
   */
  public static int indexFor(String writer, int shards) {
    return Math.floorMod(writer.hashCode() * 0x9E3779B9, shards);
  }

  /**
   * The key of one shard of a user or photo.
   *
   * @param main the user's or photo's key
   * @param index the shard's index
   * @return {@code SHARD#<main SK>#<index>} as both keys
   */
  public static Key key(Key main, int index) {
    return KeyLayout.shard(main, index);
  }

  /**
   * The keys of every shard of a main item.
   *
   * @param main a user or photo item
   * @return its shards' keys, empty if it has none
   */
  public static List<Key> keysOf(Item main) {
    int n = count(main);
    List<Key> keys = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      keys.add(key(main.key(), i));
    }
    return keys;
  }

  /**
   * The key of the user or photo a shard belongs to.
   *
   * @param shard a shard item
   * @return the main item's key
   */
  public static Key mainOf(Item shard) {
    return new Key(shard.string(MAIN_PK), shard.string(MAIN_SK));
  }

  /**
   * Whether a counter is one that shards hold part of: a user's {@code followers}, a photo's
   * {@code reactions.<type>}, {@code views} and {@code uniqueViewers}. The others ({@code following}, {@code audience},
   * {@code memberships}) are always whole on their item.
   *
   * @param counter a counter's path
   * @return true if a sharded item's shards hold part of it
   */
  public static boolean isShardedCounter(AttributePath counter) {
    String top = counter.names().get(0);
    return top.equals(Attributes.FOLLOWERS)
        || top.equals(Attributes.REACTIONS)
        || top.equals(Attributes.VIEWS)
        || top.equals(Attributes.UNIQUE_VIEWERS);
  }

  /**
   * Whether a key is a shard's.
   *
   * @param key any key
   * @return true for a shard
   */
  public static boolean isShard(Key key) {
    return key.pk().startsWith(KeyLayout.SHARD);
  }

  /**
   * A main item with its shards' counts added to its own and {@code shards} left out, so it reads
   * as an unsharded item ({@code shards = 0}) with exact counters.
   *
   * @param main a user or photo item
   * @param shards its shard items (missing ones count nothing)
   * @return the item with summed counters
   */
  public static Item withTotals(Item main, List<Item> shards) {
    Item.Builder total = main.toBuilder();
    total.put(SHARDS, Value.Num.of(0));
    if (ItemCodec.entityOf(main) == ItemCodec.Entity.USER) {
      long followers = main.number(Attributes.FOLLOWERS).longValueExact();
      for (Item shard : shards) {
        followers += shard.number(Attributes.FOLLOWERS).longValueExact();
      }
      total.put(Attributes.FOLLOWERS, Value.Num.of(followers));
    } else {
      Map<ReactionType, Long> counts = reactions(main);
      for (Item shard : shards) {
        reactions(shard).forEach((type, n) -> counts.merge(type, n, Long::sum));
      }
      Map<String, Value> map = new java.util.LinkedHashMap<>();
      counts.forEach((type, n) -> map.put(type.storedName(), Value.Num.of(n)));
      total.put(Attributes.REACTIONS, new Value.MapValue(Map.copyOf(map)));
      long views = views(main);
      long viewers = uniqueViewers(main);
      for (Item shard : shards) {
        views += views(shard);
        viewers += uniqueViewers(shard);
      }
      total.put(Attributes.VIEWS, Value.Num.of(views));
      total.put(Attributes.UNIQUE_VIEWERS, Value.Num.of(viewers));
    }
    return total.build();
  }

  /**
   * The followers a user shard holds.
   *
   * @param shard a user's shard
   * @return its share, possibly negative
   */
  public static long followers(Item shard) {
    return shard.number(Attributes.FOLLOWERS).longValueExact();
  }

  /**
   * The reaction counts of a photo or a photo's shard, every type present.
   *
   * @param item a photo or photo shard item
   * @return counts by type (a shard's may be negative)
   */
  public static Map<ReactionType, Long> reactions(Item item) {
    Map<ReactionType, Long> counts = new EnumMap<>(ReactionType.class);
    Map<String, Value> stored =
        item.get(Attributes.REACTIONS).map(v -> ((Value.MapValue) v).value()).orElse(Map.of());
    for (ReactionType type : ReactionType.values()) {
      Value n = stored.get(type.storedName());
      counts.put(type, n instanceof Value.Num num ? num.value().longValueExact() : 0L);
    }
    return counts;
  }

  /**
   * The views a photo or a photo's shard counts.
   *
   * @param item a photo or photo shard item
   * @return its views (a part's share may be negative); 0 if it has none
   */
  public static long views(Item item) {
    BigDecimal views = item.numberOrNull(Attributes.VIEWS);
    return views == null ? 0 : views.longValueExact();
  }

  /**
   * The viewers a photo or a photo's shard counts.
   *
   * @param item a photo or photo shard item
   * @return its unique viewers (a part's share may be negative); 0 if it has none
   */
  public static long uniqueViewers(Item item) {
    BigDecimal viewers = item.numberOrNull(Attributes.UNIQUE_VIEWERS);
    return viewers == null ? 0 : viewers.longValueExact();
  }

  /**
   * A photo's shard whose view counts are still those read: {@code views = :v AND uniqueViewers
   * = :u}, or the attribute's absence where the shard had none (it has counted no view yet).
   *
   * @param shard a photo's shard as read
   * @return the condition
   */
  public static ItemCondition viewCountsAre(Item shard) {
    return ItemCondition.and(
        countIs(shard, Attributes.VIEWS), countIs(shard, Attributes.UNIQUE_VIEWERS));
  }

  private static ItemCondition countIs(Item item, String counter) {
    AttributePath path = AttributePath.of(counter);
    BigDecimal value = item.numberOrNull(counter);
    return value == null
        ? ItemCondition.not(new ItemCondition.AttributeExists(path))
        : new ItemCondition.AttributeEquals(path, Value.Num.of(value.longValueExact()));
  }

  /**
   * Whether a shard is a user's (else a photo's).
   *
   * @param shard a shard item
   * @return true for a user's shard
   */
  public static boolean ofUser(Item shard) {
    return ItemCodec.Entity.USER.name().equals(shard.string(Attributes.SHARD_OF));
  }

  /**
   * {@code condition AND NOT (shards >= 1) AND NOT (counter >= threshold)}, the last left out
   * when sharding is off.
   */
  public static ItemCondition unsharded(
      ItemCondition condition, AttributePath counter, long threshold) {
    // One flat AND: the request reads as the unsharded one with terms added.
    List<ItemCondition> all =
        new ArrayList<>(
            condition instanceof ItemCondition.And and ? and.conditions() : List.of(condition));
    all.add(notSharded());
    if (threshold != Long.MAX_VALUE) {
      all.add(ItemCondition.not(new ItemCondition.AtLeast(counter, threshold)));
    }
    return new ItemCondition.And(all);
  }
}
