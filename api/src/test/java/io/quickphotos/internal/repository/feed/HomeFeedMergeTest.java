package io.quickphotos.internal.repository.feed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quickphotos.Follow;
import io.quickphotos.InvalidCursorException;
import io.quickphotos.Page;
import io.quickphotos.PageRequest;
import io.quickphotos.Photo;
import io.quickphotos.PhotoId;
import io.quickphotos.QuickPhotos;
import io.quickphotos.engine.Capacity;
import io.quickphotos.engine.Index;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.QueryPlan;
import io.quickphotos.engine.QueryResult;
import io.quickphotos.engine.Table;
import io.quickphotos.engine.Utf8;
import io.quickphotos.engine.WriteAction;
import io.quickphotos.internal.repository.Repositories;
import io.quickphotos.internal.repository.RepositoryOptions;
import io.quickphotos.internal.repository.request.Cursors;
import io.quickphotos.internal.singletable.codec.ItemCodec;
import io.quickphotos.internal.singletable.feed.FollowPlans;
import io.quickphotos.internal.singletable.layout.KeyLayout;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The home feed's merge where no real engine goes on demand: a followed user's Query that stops
 * before its {@code Limit} (DynamoDB's 1 MB cut, which a feed page of small photos never
 * reaches), against a scripted engine; and the feed cursor's format.
 */
class HomeFeedMergeTest {
  private static final Instant T0 = Instant.parse("2018-05-30T15:42:38Z");

  /**
   * Friendships of "reader" and photos, answering Query plans by their sort-key condition, with
   * each Query of {@code cutUser}'s photos stopping after {@code cutAfter} items.
   */
  private static final class CuttingTable implements Table {
    @Override
    public io.quickphotos.engine.QueryResult scan(io.quickphotos.engine.ScanPlan plan) {
      throw new UnsupportedOperationException("not scanned here");
    }

    final List<String> followees = new ArrayList<>();
    final Map<String, TreeMap<String, Item>> photos = new TreeMap<>();
    String cutUser = "";
    int cutAfter = Integer.MAX_VALUE;
    int queries;

    void photo(String owner, Instant timestamp) {
      PhotoId id = new PhotoId(owner, timestamp);
      photos
          .computeIfAbsent(KeyLayout.userPartition(owner), p -> new TreeMap<>(Utf8::compare))
          .put(KeyLayout.photoSortKey(id), ItemCodec.newPhoto(id, "https://x.example.com/p.jpg"));
    }

    @Override
    public QueryResult query(QueryPlan plan) {
      queries++;
      if (plan.index() == Index.INVERTED) {
        List<Item> items =
            followees.stream().map(f -> ItemCodec.friendship(new Follow("reader", f, T0))).toList();
        return new QueryResult(items, Optional.empty(), new Capacity(0.5, 0));
      }
      List<Item> matching = new ArrayList<>();
      TreeMap<String, Item> partition =
          photos.getOrDefault(plan.partitionValue(), new TreeMap<>(Utf8::compare));
      for (Map.Entry<String, Item> entry : partition.descendingMap().entrySet()) {
        if (plan.sortCondition().orElseThrow().matches(entry.getKey())) {
          matching.add(entry.getValue());
        }
      }
      int cut =
          plan.partitionValue().equals(KeyLayout.userPartition(cutUser))
              ? cutAfter
              : Integer.MAX_VALUE;
      int take = Math.min(Math.min(plan.limit(), cut), matching.size());
      boolean stopped = take < matching.size() || take == plan.limit();
      List<Item> page = matching.subList(0, take);
      return new QueryResult(
          page,
          stopped && take > 0 ? Optional.of(page.get(take - 1).key()) : Optional.empty(),
          new Capacity(0.5, 0));
    }

    @Override
    public Read getItem(Key key) {
      throw new UnsupportedOperationException();
    }

    @Override
    public TransactRead transactGetItems(List<Key> keys) {
      throw new UnsupportedOperationException();
    }

    @Override
    public BatchRead batchGetItem(List<Key> keys) {
      throw new UnsupportedOperationException();
    }

    @Override
    public BatchWrite batchWriteItem(List<Item> items) {
      throw new UnsupportedOperationException();
    }

    @Override
    public Write write(WriteAction action) {
      throw new UnsupportedOperationException();
    }

    @Override
    public Capacity transactWrite(List<WriteAction> actions) {
      throw new UnsupportedOperationException();
    }
  }

  private static List<PhotoId> walk(QuickPhotos repo, int pageSize) {
    List<PhotoId> seen = new ArrayList<>();
    PageRequest page = PageRequest.first(pageSize);
    for (int pages = 0; pages < 1000; pages++) {
      Page<Photo> read = repo.homeFeed("reader", page);
      read.items().forEach(photo -> seen.add(photo.id()));
      if (!read.hasNext()) {
        return seen;
      }
      page = read.next(pageSize);
    }
    throw new AssertionError("the walk does not end");
  }

  @Test
  void aQueryStoppedBeforeItsLimitHoldsThePageAtItsLastPhoto() {
    CuttingTable table = new CuttingTable();
    table.followees.addAll(List.of("bob", "carol"));
    List<PhotoId> expected = new ArrayList<>();
    for (int i = 0; i < 12; i++) {
      String owner = i % 3 == 0 ? "carol" : "bob";
      table.photo(owner, T0.plusSeconds(i));
      expected.add(new PhotoId(owner, T0.plusSeconds(i)));
    }
    expected.sort(Comparator.comparing(PhotoId::timestamp).reversed());
    // bob's reads stop after two photos, as if they had reached 1 MB.
    table.cutUser = "bob";
    table.cutAfter = 2;
    QuickPhotos repo = Repositories.create(table, RepositoryOptions.defaults());

    Page<Photo> first = repo.homeFeed("reader", PageRequest.first(5));

    // bob's two newest are 11 s and 10 s: carol's 9 s may not go before bob's unread 8 s.
    assertThat(first.items())
        .extracting(photo -> photo.id().timestamp())
        .containsExactly(T0.plusSeconds(11), T0.plusSeconds(10));
    assertThat(first.hasNext()).isTrue();
    assertThat(walk(repo, 5)).containsExactlyElementsOf(expected);
  }

  @Test
  void requestsPerPageFollowTheFormula() {
    assertThat(FollowPlans.homeFeedRequests(0)).isEqualTo(1);
    assertThat(FollowPlans.homeFeedRequests(10)).isEqualTo(11);
    assertThat(FollowPlans.homeFeedRequests(999)).isEqualTo(1000);
    assertThat(FollowPlans.homeFeedRequests(1000)).isEqualTo(1002);
    CuttingTable table = new CuttingTable();
    for (int i = 0; i < 10; i++) {
      table.followees.add("f" + i);
      table.photo("f" + i, T0.plusSeconds(i));
    }
    Repositories.create(table, RepositoryOptions.defaults())
        .homeFeed("reader", PageRequest.first(3));
    assertThat(table.queries).isEqualTo(FollowPlans.homeFeedRequests(10));
  }

  @Test
  void feedCursorRoundTripsItsPositionAndRefusesOtherListings() {
    PhotoId position = new PhotoId("\uD801\uDC00b", T0.plusNanos(7));
    String cursor = Cursors.encodePosition("homeFeed|USER#reader", position);
    assertThat(Cursors.decodePosition("homeFeed|USER#reader", cursor)).isEqualTo(position);
    assertThatThrownBy(() -> Cursors.decodePosition("homeFeed|USER#other", cursor))
        .isInstanceOf(InvalidCursorException.class)
        .hasMessageContaining("another listing");
    String keyCursor = Cursors.encode("homeFeed|USER#reader", KeyLayout.photo(position));
    assertThatThrownBy(() -> Cursors.decodePosition("homeFeed|USER#reader", keyCursor))
        .isInstanceOf(InvalidCursorException.class);
  }

  @Test
  void feedCursorWithAValidChecksumButNoValidPositionIsRefused() {
    for (PhotoId forged :
        List.of(
            new PhotoId("a#b", T0),
            new PhotoId("alice", Instant.parse("+10000-01-01T00:00:00Z")),
            new PhotoId("alice", Instant.parse("0000-12-31T23:59:59Z")))) {
      String cursor = Cursors.encodePosition("homeFeed|USER#reader", forged);
      assertThatThrownBy(() -> Cursors.decodePosition("homeFeed|USER#reader", cursor))
          .isInstanceOf(InvalidCursorException.class);
    }
  }
}
