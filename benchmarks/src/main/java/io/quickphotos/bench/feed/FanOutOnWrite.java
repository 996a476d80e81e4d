package io.quickphotos.bench.feed;

// Internal on purpose (README.md, "What the benchmarks use"): fan-out on write is a design the
// product does not have, written against the engine's Table SPI with the design's key layout
// and codecs, so that it costs what the product's own requests would.
import io.quickphotos.Photo;
import io.quickphotos.PhotoId;
import io.quickphotos.QuickPhotos;
import io.quickphotos.bench.CostTally;
import io.quickphotos.bench.CountedTable;
import io.quickphotos.engine.Index;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.QueryPlan;
import io.quickphotos.engine.QueryResult;
import io.quickphotos.engine.SortKeyCondition;
import io.quickphotos.engine.Table;
import io.quickphotos.engine.Value;
import io.quickphotos.internal.singletable.codec.ItemCodec;
import io.quickphotos.internal.singletable.layout.KeyLayout;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The home feed by fan-out on write, modelled for the benchmarks only (the product serves the
 * feed by fan-out on read, {@link QuickPhotos#homeFeed}): every user has a materialized timeline
 * partition, {@code PK = TIMELINE#<reader>}, {@code SK = <timestamp>#<owner>}, and an upload
 * writes one timeline entry for every follower of the uploader. Runs on any {@link Table} engine
 * with the design's keys and capacity formulas; each request's cost goes to the tally, and
 * the photo itself is written by the repository, exactly as the product writes it.
 *
 * <p>Two kinds of entry, two variants of the design:
 * <ul>
 *   <li>{@link Entries#COPIES}: each entry is a copy of the photo item, so a feed page is one
 *       Query; its reaction counters are those at upload time (keeping them current would fan
 *       out every reaction too);
 *   <li>{@link Entries#REFERENCES}: each entry holds only the keys, and a feed page is a Query of
 *       the timeline and a BatchGetItem of the photos, which shows current counters like the
 *       product's feed.
 * </ul>
 *
 * <p>What the model leaves out, and a real implementation would pay: a follow must copy the new
 * followee's recent photos into the follower's timeline and an unfollow must remove them (or
 * the feed must filter on read); a deleted photo must be deleted from every timeline; the
 * timelines store each photo once per follower. Equal timestamps list in descending owner order
 * (the product's feed lists them ascending); the data sets here have none.
 *
 * <p>Not thread-safe (the tally is not); the benchmarks run one thread.
 */
public final class FanOutOnWrite {
  /** How many followers one Query of the uploader's partition reads. */
  static final int FOLLOWERS_PER_QUERY = 1000;

  /** What a timeline entry holds. */
  enum Entries {
    /** A copy of the photo item. */
    COPIES("TIMELINE#"),
    /** Only the photo's key, in the sort key; the page reads the photos with BatchGetItem. */
    REFERENCES("TIMELINE_REF#");

    private final String partitionPrefix;

    Entries(String partitionPrefix) {
      this.partitionPrefix = partitionPrefix;
    }

    /** Where its timelines are: {@code PK} starts with this. */
    String partitionPrefix() {
      return partitionPrefix;
    }
  }

  private final CountedTable engine;
  private final QuickPhotos repository;
  private final Entries entries;

  /**
   * Creates the model.
   *
   * @param table the engine the repository runs on
   * @param repository the repository over {@code table}, reporting to {@code costs}
   * @param costs where every request's cost goes
   * @param entries what a timeline entry holds
   */
  FanOutOnWrite(Table table, QuickPhotos repository, CostTally costs, Entries entries) {
    this.engine = new CountedTable(table, costs);
    this.repository = repository;
    this.entries = entries;
  }

  /**
   * Uploads a photo and writes it into every follower's timeline: the repository's upload
   * transaction, then eventually consistent Queries of the uploader's followers
   * ({@code ⌊N / 1000⌋ + 1}), then BatchWriteItem requests of 25 timeline entries
   * ({@code ⌈N / 25⌉}).
   *
   * @param owner the uploader
   * @param timestamp the photo's timestamp
   * @param location the photo's URL
   * @return the photo
   */
  Photo upload(String owner, Instant timestamp, String location) {
    Photo photo = repository.uploadPhoto(owner, timestamp, location);
    fanOut(ItemCodec.newPhoto(photo.id(), location), followersOf(owner));
    return photo;
  }

  /**
   * Writes a photo's timeline entries for the given readers, in BatchWriteItem requests of 25.
   *
   * @param photoItem the photo item as stored
   * @param readers whose timelines get the entry
   */
  void fanOut(Item photoItem, List<String> readers) {
    List<Item> timeline = new ArrayList<>(readers.size());
    for (String reader : readers) {
      timeline.add(entry(reader, photoItem));
    }
    engine.putAll(timeline);
  }

  /**
   * Reads the newest page of a reader's timeline: one eventually consistent Query, backwards,
   * {@code Limit} = the page size; with references, then one strongly consistent BatchGetItem
   * of the photos (retrying unprocessed keys).
   *
   * @param reader the reader
   * @param size the page size, at most 100
   * @return the page's photos, newest first
   */
  List<Photo> feedPage(String reader, int size) {
    QueryResult page =
        engine.query(
            new QueryPlan(
                Index.TABLE,
                entries.partitionPrefix + reader,
                Optional.empty(),
                false,
                size,
                Optional.empty(),
                false));
    List<Photo> photos = new ArrayList<>(page.items().size());
    if (entries == Entries.COPIES) {
      for (Item item : page.items()) {
        photos.add(ItemCodec.photo(item));
      }
      return photos;
    }
    List<Key> keys = new ArrayList<>(page.items().size());
    for (Item item : page.items()) {
      keys.add(KeyLayout.photo(referenced(item)));
    }
    for (Item item : engine.batchGet(keys)) {
      photos.add(ItemCodec.photo(item));
    }
    return photos;
  }

  /**
   * The users who follow {@code owner}: eventually consistent Queries of
   * {@code PK = USER#owner AND begins_with(SK, #FRIEND#)}, {@value #FOLLOWERS_PER_QUERY} a
   * request, to the end of the list.
   */
  private List<String> followersOf(String owner) {
    List<String> followers = new ArrayList<>();
    QueryPlan plan =
        new QueryPlan(
            Index.TABLE,
            KeyLayout.userPartition(owner),
            Optional.of(SortKeyCondition.beginsWith(KeyLayout.FRIEND)),
            true,
            FOLLOWERS_PER_QUERY,
            Optional.empty(),
            false);
    while (true) {
      QueryResult result = engine.query(plan);
      for (Item item : result.items()) {
        followers.add(ItemCodec.friendship(item).follower());
      }
      if (result.lastEvaluatedKey().isEmpty()) {
        return followers;
      }
      plan = plan.startingAfter(result.lastEvaluatedKey().get());
    }
  }

  private Item entry(String reader, Item photoItem) {
    PhotoId id = ItemCodec.photo(photoItem).id();
    String sortKey = KeyLayout.timestamp(id.timestamp()) + "#" + id.owner();
    if (entries == Entries.REFERENCES) {
      return Item.builder(new Key(entries.partitionPrefix + reader, sortKey)).build();
    }
    Map<String, Value> copy = new HashMap<>(photoItem.attributes());
    copy.put(Item.PK, new Value.Str(entries.partitionPrefix + reader));
    copy.put(Item.SK, new Value.Str(sortKey));
    return new Item(copy);
  }

  private static PhotoId referenced(Item entry) {
    String sortKey = entry.key().sk();
    int hash = sortKey.indexOf('#');
    return new PhotoId(
        sortKey.substring(hash + 1), KeyLayout.parseTimestamp(sortKey.substring(0, hash)));
  }
}
