package io.quickphotos.internal.repository.bulk;

import io.quickphotos.Follow;
import io.quickphotos.NewPhoto;
import io.quickphotos.NewUser;
import io.quickphotos.PhotoId;
import io.quickphotos.Reaction;
import io.quickphotos.ReactionType;
import io.quickphotos.Snapshot;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.Limits;
import io.quickphotos.internal.repository.request.Batches;
import io.quickphotos.internal.repository.request.Meter;
import io.quickphotos.internal.singletable.codec.ItemCodec;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongConsumer;

/**
 * A bulk import: a validated snapshot turned into its items (users and photos with the counters
 * the snapshot implies, friendships, reactions) and written with BatchWriteItem, 25 a request.
 * Not atomic: a failure leaves the batches written so far. Stateless; thread-safe if the engine
 * is.
 */
public final class SnapshotItems {
  private final Batches batches;

  /**
   * The import of one repository.
   *
   * @param batches writes the batches
   */
  public SnapshotItems(Batches batches) {
    this.batches = batches;
  }

  /**
   * Writes the snapshot's items in batches, reporting the running total after each batch.
   *
   * @param snapshot the snapshot, already validated
   * @param progress told the running total
   * @return how many items were written
   */
  public long importAll(Snapshot snapshot, LongConsumer progress, Meter meter) {
    List<Item> items = items(snapshot);
    long written = 0;
    for (int from = 0; from < items.size(); from += Limits.MAX_BATCH_WRITE_ITEMS) {
      List<Item> batch =
          items.subList(from, Math.min(items.size(), from + Limits.MAX_BATCH_WRITE_ITEMS));
      batches.batchWrite(batch, meter);
      written += batch.size();
      progress.accept(written);
    }
    return written;
  }

  /** The snapshot's items, users and photos with the counters the snapshot implies. */
  static List<Item> items(Snapshot snapshot) {
    Map<String, long[]> counters = new HashMap<>();
    for (Follow follow : snapshot.follows()) {
      counters.computeIfAbsent(follow.followed(), u -> new long[2])[0]++;
      counters.computeIfAbsent(follow.follower(), u -> new long[2])[1]++;
    }
    Map<PhotoId, Map<ReactionType, Long>> reactionCounts = new HashMap<>();
    for (Reaction reaction : snapshot.reactions()) {
      reactionCounts
          .computeIfAbsent(reaction.photo(), p -> new EnumMap<>(ReactionType.class))
          .merge(reaction.type(), 1L, Long::sum);
    }
    List<Item> items = new ArrayList<>(snapshot.itemCount());
    for (NewUser user : snapshot.users()) {
      long[] c = counters.getOrDefault(user.username(), new long[2]);
      items.add(ItemCodec.user(user, c[0], c[1], null));
    }
    for (NewPhoto photo : snapshot.photos()) {
      items.add(ItemCodec.photo(photo, reactionCounts.getOrDefault(photo.id(), Map.of())));
    }
    snapshot.follows().forEach(follow -> items.add(ItemCodec.friendship(follow)));
    snapshot.reactions().forEach(reaction -> items.add(ItemCodec.reaction(reaction)));
    return items;
  }
}
