package io.quickphotos.internal.repository;

import io.quickphotos.Page;
import io.quickphotos.PageRequest;
import io.quickphotos.Photo;
import io.quickphotos.PhotoId;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.QueryPlan;
import io.quickphotos.engine.QueryResult;
import io.quickphotos.engine.Utf8;
import io.quickphotos.internal.singletable.ItemCodec;
import io.quickphotos.internal.singletable.KeyLayout;
import io.quickphotos.internal.singletable.Plans;
import io.quickphotos.internal.singletable.Shards;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The home feed, fanned out on read: the users a reader follows, read from the inverted index,
 * then one Query per followed user for photos after the cursor (sent side by side, at most the
 * repository's parallelism at once), merged in memory into one page
 * in the feed's total order. A followed user whose read stopped early (DynamoDB's 1 MB page)
 * bounds the page, so no photo is skipped. Stateless; thread-safe if the engine is.
 */
final class HomeFeed {
  /** The largest home-feed page: every page queries each followed user for up to this many. */
  static final int MAX_PAGE = 100;

  /**
   * The feed's order: newest first, equal timestamps in ascending code-point order of the owner.
   */
  private static final Comparator<PhotoId> ORDER =
      Comparator.comparing(PhotoId::timestamp, Comparator.reverseOrder())
          .thenComparing(PhotoId::owner, Utf8::compare);

  private final Execution execution;
  private final HotKeys hotKeys;

  HomeFeed(Execution execution, HotKeys hotKeys) {
    this.execution = execution;
    this.hotKeys = hotKeys;
  }

  /** Replaces the page's sharded photos by their totals (one BatchGetItem per 100 shards). */
  private void withTotals(List<Photo> photos, Map<PhotoId, Item> sharded, Meter meter) {
    List<Integer> positions = new ArrayList<>();
    List<Item> items = new ArrayList<>();
    for (int i = 0; i < photos.size(); i++) {
      Item item = sharded.get(photos.get(i).id());
      if (item != null) {
        positions.add(i);
        items.add(item);
      }
    }
    List<Item> totals = hotKeys.withTotals(items, meter);
    for (int i = 0; i < positions.size(); i++) {
      photos.set(positions.get(i), ItemCodec.photo(totals.get(i)));
    }
  }

  /** One page of {@code username}'s feed; the arguments are already validated. */
  Page<Photo> page(String username, PageRequest page, Meter meter) {
    String listing = "homeFeed|" + KeyLayout.userPartition(username);
    Optional<PhotoId> after = page.cursor().map(c -> Cursors.decodePosition(listing, c));
    List<String> followees = followees(username, meter);
    List<Photo> candidates = new ArrayList<>();
    // The items of sharded photos, whose counters are summed once the page is chosen.
    Map<PhotoId, Item> sharded = new HashMap<>();
    // A followee whose read stopped early may have photos between its last one read and the
    // other followees' photos; nothing past the earliest such stop may go on this page.
    Optional<PhotoId> boundary = Optional.empty();
    List<QueryPlan> reads = new ArrayList<>(followees.size());
    for (String followee : followees) {
      reads.add(Plans.homeFeedPhotos(followee, after, page.size()));
    }
    // The per-author queries are independent: sent side by side, metered in this order.
    for (QueryResult result : execution.readAll(reads, meter)) {
      for (Item item : result.items()) {
        Photo photo = ItemCodec.photo(item);
        candidates.add(photo);
        if (Shards.isSharded(item)) {
          sharded.put(photo.id(), item);
        }
      }
      if (result.lastEvaluatedKey().isPresent() && !result.items().isEmpty()) {
        PhotoId last = candidates.get(candidates.size() - 1).id();
        if (boundary.isEmpty() || ORDER.compare(last, boundary.get()) < 0) {
          boundary = Optional.of(last);
        }
      }
    }
    candidates.sort(Comparator.comparing(Photo::id, ORDER));
    List<Photo> photos = new ArrayList<>(page.size());
    boolean more = boundary.isPresent();
    for (Photo photo : candidates) {
      if (photos.size() == page.size()
          || boundary.map(b -> ORDER.compare(photo.id(), b) > 0).orElse(false)) {
        more = true;
        break;
      }
      photos.add(photo);
    }
    if (!sharded.isEmpty()) {
      withTotals(photos, sharded, meter);
    }
    Optional<String> next =
        more && !photos.isEmpty()
            ? Optional.of(Cursors.encodePosition(listing, photos.get(photos.size() - 1).id()))
            : Optional.empty();
    return new Page<>(photos, next);
  }

  /** Every user {@code follower} follows, read from the inverted index to the end of the list. */
  private List<String> followees(String follower, Meter meter) {
    List<String> followees = new ArrayList<>();
    QueryPlan plan = Plans.homeFeedFollowees(follower);
    while (true) {
      QueryResult result = execution.read(plan, meter);
      for (Item item : result.items()) {
        followees.add(ItemCodec.followedUser(item));
      }
      if (result.lastEvaluatedKey().isEmpty()) {
        return followees;
      }
      plan = plan.startingAfter(result.lastEvaluatedKey().get());
    }
  }
}
