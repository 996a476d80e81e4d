package io.quickphotos.internal.repository.feed;

import io.quickphotos.Page;
import io.quickphotos.PageRequest;
import io.quickphotos.Photo;
import io.quickphotos.PhotoId;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.QueryPlan;
import io.quickphotos.engine.QueryResult;
import io.quickphotos.engine.Utf8;
import io.quickphotos.internal.repository.hot.HotKeys;
import io.quickphotos.internal.repository.request.Batches;
import io.quickphotos.internal.repository.request.CursorScope;
import io.quickphotos.internal.repository.request.Cursors;
import io.quickphotos.internal.repository.request.Meter;
import io.quickphotos.internal.repository.request.Reads;
import io.quickphotos.internal.repository.request.Requests;
import io.quickphotos.internal.singletable.codec.ItemCodec;
import io.quickphotos.internal.singletable.feed.FollowPlans;
import io.quickphotos.internal.singletable.feed.TimelineQueries;
import io.quickphotos.internal.singletable.feed.Timelines;
import io.quickphotos.internal.singletable.hot.Shards;
import io.quickphotos.internal.singletable.layout.KeyLayout;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The home feed. Fanned out on read: the users a reader follows, read from the inverted index,
 * then one Query per followed user for photos after the cursor (sent side by side, at most the
 * repository's parallelism at once), merged in memory into one page in the feed's total order. A
 * followed user whose read stopped early (its {@code Limit}, or DynamoDB's 1 MB page) bounds the
 * page, so no photo is skipped.
 *
 * <p>Where the table marks follows of the reader as served by its timeline (the hybrid,
 * {@link io.quickphotos.FanOut#hybrid()}, through any repository), those follows are read from
 * it instead, whatever this repository's own setting: one Query of the timeline beside one per pull follow, then
 * one BatchGetItem of the page's timeline photos (fresh counters; an entry whose photo is gone is
 * skipped, and a page short of photos reads the timeline further). An entry of an author the
 * reader no longer follows by timeline is skipped. A page that reaches past the timeline's window
 * is served by fan-out on read, whole, so the order and the cursor are the same everywhere.
 * Stateless; thread-safe if the engine is.
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

  private final Reads reads;
  private final Batches batches;
  private final HotKeys hotKeys;
  private final Clock clock;

  HomeFeed(Requests requests, HotKeys hotKeys, Clock clock) {
    this.reads = requests.reads();
    this.batches = requests.batches();
    this.hotKeys = hotKeys;
    this.clock = clock;
  }

  /** One page of {@code username}'s feed; the arguments are already validated. */
  Page<Photo> page(String username, PageRequest page, Meter meter) {
    return page(username, page, null, meter);
  }

  /**
   * One page of {@code username}'s feed, for the reader as a viewer when {@code refused} is
   * given: the authors on a page chosen are asked about (each once a call), and a page that holds
   * a refused author is chosen again without that author's follows, so it stays full and its
   * cursor is the position of its last photo, as without a viewer.
   *
   * @param refused given authors not asked about yet, the ones the reader may not see; null for
   *     the trusted view
   */
  Page<Photo> page(
      String username, PageRequest page, Function<Set<String>, Set<String>> refused, Meter meter) {
    String listing = CursorScope.homeFeed(KeyLayout.userPartition(username)).name();
    Optional<PhotoId> after = page.cursor().map(c -> Cursors.decodePosition(listing, c));
    List<Item> follows = followees(username, meter);
    Set<String> decided = new HashSet<>();
    Optional<Chosen> chosen;
    while (true) {
      chosen = choose(username, follows, after, page.size(), meter);
      if (refused == null) {
        break;
      }
      Set<String> authors = new java.util.TreeSet<>();
      for (Item item : chosen.get().items()) {
        String owner = ItemCodec.photo(item).id().owner();
        if (decided.add(owner)) {
          authors.add(owner);
        }
      }
      Set<String> out = authors.isEmpty() ? Set.of() : refused.apply(authors);
      if (out.isEmpty()) {
        break;
      }
      // Chosen again without them: their follows (and so their timeline entries) left out.
      List<Item> visible = new ArrayList<>(follows.size());
      for (Item follow : follows) {
        if (!out.contains(ItemCodec.followedUser(follow))) {
          visible.add(follow);
        }
      }
      follows = visible;
    }
    List<Item> items = chosen.get().items();
    List<Photo> photos = new ArrayList<>(items.size());
    List<Item> sharded = new ArrayList<>();
    for (Item item : items) {
      if (Shards.isSharded(item)) {
        sharded.add(item);
      }
    }
    // Sharded photos' counters are summed once the page is chosen (one BatchGetItem per 100).
    Map<Key, Item> totals = new HashMap<>();
    if (!sharded.isEmpty()) {
      List<Item> summed = hotKeys.withTotals(sharded, meter);
      for (Item item : summed) {
        totals.put(item.key(), item);
      }
    }
    for (Item item : items) {
      photos.add(ItemCodec.photo(totals.getOrDefault(item.key(), item)));
    }
    Optional<String> next =
        chosen.get().more() && !photos.isEmpty()
            ? Optional.of(Cursors.encodePosition(listing, photos.get(photos.size() - 1).id()))
            : Optional.empty();
    return new Page<>(photos, next);
  }

  /** The page from the follows given: the timeline's where the table serves some, else pull. */
  private Optional<Chosen> choose(
      String username, List<Item> follows, Optional<PhotoId> after, int size, Meter meter) {
    // Whatever this repository's setting: the follows the table marks as served are read from
    // the timeline.
    Optional<Chosen> chosen = hybridPage(username, follows, after, size, meter);
    if (chosen.isEmpty()) {
      List<String> followees = new ArrayList<>(follows.size());
      for (Item follow : follows) {
        followees.add(ItemCodec.followedUser(follow));
      }
      chosen = Optional.of(pullPage(followees, after, size, meter));
    }
    return chosen;
  }

  /**
   * A page's photo items, in feed order, and whether there may be more after them.
   *
   * @param items the photos
   * @param more whether the page gets a cursor
   */
  private record Chosen(List<Item> items, boolean more) {}

  /**
   * The photos read from pull follows: each followee's newest after the position, and the
   * earliest point where one of them stopped before its end (nothing beyond it may be chosen).
   */
  private static final class Pulled {
    final Map<PhotoId, Item> items = new HashMap<>();
    Optional<PhotoId> boundary = Optional.empty();

    void add(QueryResult result) {
      PhotoId last = null;
      for (Item item : result.items()) {
        last = ItemCodec.photo(item).id();
        items.put(last, item);
      }
      if (result.lastEvaluatedKey().isPresent() && last != null) {
        if (boundary.isEmpty() || ORDER.compare(last, boundary.get()) < 0) {
          boundary = Optional.of(last);
        }
      }
    }

    boolean beyondBoundary(PhotoId id) {
      return boundary.map(b -> ORDER.compare(id, b) > 0).orElse(false);
    }
  }

  /** Fan-out on read: one Query per followed user, side by side, merged. */
  private Chosen pullPage(List<String> followees, Optional<PhotoId> after, int size, Meter meter) {
    List<QueryPlan> plans = new ArrayList<>(followees.size());
    for (String followee : followees) {
      plans.add(FollowPlans.homeFeedPhotos(followee, after, size));
    }
    Pulled pulled = new Pulled();
    // The per-author queries are independent: sent side by side, metered in this order.
    for (QueryResult result : reads.queryAll(plans, meter)) {
      pulled.add(result);
    }
    List<PhotoId> ids = new ArrayList<>(pulled.items.keySet());
    ids.sort(ORDER);
    List<Item> items = new ArrayList<>(size);
    boolean more = pulled.boundary.isPresent();
    for (PhotoId id : ids) {
      if (items.size() == size || pulled.beyondBoundary(id)) {
        more = true;
        break;
      }
      items.add(pulled.items.get(id));
    }
    return new Chosen(items, more);
  }

  /**
   * The page from the reader's timeline and the pull follows, or empty when fan-out on read
   * serves it: no follow is served by the timeline, the position is past the horizon, or the page
   * reaches past it (the one place the timeline cannot vouch for what it lacks). The horizon is
   * the smallest window of the served follows before now: every served follow's timeline holds
   * all of its author's photos newer than that.
   */
  private Optional<Chosen> hybridPage(
      String reader, List<Item> follows, Optional<PhotoId> after, int size, Meter meter) {
    Set<String> served = new HashSet<>();
    List<String> pulledFollowees = new ArrayList<>();
    Duration window = null;
    for (Item follow : follows) {
      String followee = ItemCodec.followedUser(follow);
      Optional<Duration> servedFor = Timelines.servedWindow(follow);
      if (servedFor.isPresent()) {
        served.add(followee);
        window = window == null || servedFor.get().compareTo(window) < 0 ? servedFor.get() : window;
      } else {
        pulledFollowees.add(followee);
      }
    }
    if (served.isEmpty()) {
      return Optional.empty();
    }
    Instant horizon = clock.instant().minus(window);
    if (after.isPresent() && !after.get().timestamp().isAfter(horizon)) {
      return Optional.empty();
    }
    // One round trip: the timeline's first page beside each pull follow's photos.
    QueryPlan timeline = TimelineQueries.page(reader, after, horizon, size);
    List<QueryPlan> plans = new ArrayList<>(pulledFollowees.size() + 1);
    plans.add(timeline);
    for (String followee : pulledFollowees) {
      plans.add(FollowPlans.homeFeedPhotos(followee, after, size));
    }
    List<QueryResult> results = reads.queryAll(plans, meter);
    Pulled pulled = new Pulled();
    results.subList(1, results.size()).forEach(pulled::add);
    List<PhotoId> entries = new ArrayList<>();
    Map<PhotoId, Item> fetched = new HashMap<>();
    Set<PhotoId> gone = new HashSet<>();
    QueryResult page = results.get(0);
    Optional<PhotoId> frontier = Optional.empty();
    boolean readMore = true;
    while (true) {
      if (readMore) {
        for (Item entry : page.items()) {
          PhotoId photo = Timelines.photoOf(entry);
          frontier = Optional.of(photo);
          if (served.contains(photo.owner())) {
            entries.add(photo);
          }
        }
      }
      boolean exhausted = page.lastEvaluatedKey().isEmpty();
      List<PhotoId> merged = new ArrayList<>(pulled.items.keySet());
      for (PhotoId entry : entries) {
        if (!gone.contains(entry)) {
          merged.add(entry);
        }
      }
      merged.sort(ORDER);
      // Nothing past the timeline's frontier may be chosen: unread entries may come first. Once
      // it is read to the end, its frontier is the window's edge.
      Optional<PhotoId> lastRead = frontier;
      Predicate<PhotoId> pastFrontier =
          exhausted
              ? id -> !id.timestamp().isAfter(horizon)
              : id -> ORDER.compare(id, lastRead.get()) > 0;
      List<PhotoId> chosen = new ArrayList<>(size);
      for (PhotoId id : merged) {
        if (chosen.size() == size || pulled.beyondBoundary(id) || pastFrontier.test(id)) {
          break;
        }
        chosen.add(id);
      }
      if (chosen.size() < size) {
        if (exhausted) {
          // The page reaches past the window: fan-out on read serves it whole.
          return Optional.empty();
        }
        page = reads.query(timeline.startingAfter(page.lastEvaluatedKey().get()), meter);
        readMore = true;
        continue;
      }
      // The page's timeline photos, read fresh: their counters, and whether they still exist.
      List<Key> keys = new ArrayList<>();
      for (PhotoId id : chosen) {
        if (!pulled.items.containsKey(id) && !fetched.containsKey(id)) {
          keys.add(KeyLayout.photo(id));
        }
      }
      Map<Key, Item> found = keys.isEmpty() ? Map.of() : batches.batchGetAll(keys, meter);
      boolean someGone = false;
      for (Key key : keys) {
        Item item = found.get(key);
        if (item == null) {
          gone.add(KeyLayout.photoIdOf(key));
          someGone = true;
        } else {
          fetched.put(KeyLayout.photoIdOf(key), item);
        }
      }
      if (someGone) {
        // Deleted photos leave their entries behind: choose again without them.
        readMore = false;
        continue;
      }
      List<Item> items = new ArrayList<>(size);
      for (PhotoId id : chosen) {
        Item item = pulled.items.get(id);
        items.add(item != null ? item : fetched.get(id));
      }
      // A full page always has a cursor: older photos than the window may exist.
      return Optional.of(new Chosen(items, true));
    }
  }

  /** Every friendship {@code follower} made, read from the inverted index to the end. */
  private List<Item> followees(String follower, Meter meter) {
    return reads.queryToEnd(FollowPlans.homeFeedFollowees(follower), meter);
  }
}
