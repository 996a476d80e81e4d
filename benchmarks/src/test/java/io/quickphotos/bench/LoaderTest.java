package io.quickphotos.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.Follow;
import io.quickphotos.NewUser;
import io.quickphotos.PhotoId;
import io.quickphotos.QuickPhotos;
import io.quickphotos.Reaction;
import io.quickphotos.memory.MemoryQuickPhotos;
import io.quickphotos.memory.MemoryTable;
import io.quickphotos.singletable.Index;
import io.quickphotos.singletable.Item;
import io.quickphotos.singletable.QueryPlan;
import io.quickphotos.singletable.QueryResult;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The bulk loader writes exactly the items the repository writes for the same data set. */
class LoaderTest {

  @Test
  void itemsAreWhatTheRepositoryWrites() {
    DataSet data = DataSet.of(400);
    MemoryTable viaRepository = new MemoryTable();
    QuickPhotos photos = MemoryQuickPhotos.builder().table(viaRepository).clock(DataSet.CLOCK)
        .build();
    for (NewUser user : data.users) {
      photos.createUser(user);
    }
    photos.createUser(data.follower);
    photos.createUser(data.reactor);
    for (int i = 0; i < data.photos.size(); i++) {
      PhotoId id = data.photos.get(i);
      photos.uploadPhoto(id.owner(), id.timestamp(), data.locations.get(i));
    }
    for (Follow follow : data.follows) {
      photos.follow(follow.follower(), follow.followed());
    }
    for (Reaction reaction : data.reactions) {
      photos.reactTo(reaction.reactor(), reaction.photo(), reaction.type());
    }

    List<Item> bulk = Loader.items(data);
    assertThat(bulk).hasSize(data.itemCount());
    assertThat(everyItem(viaRepository, bulk)).containsExactlyInAnyOrderElementsOf(bulk);

    MemoryTable viaLoader = new MemoryTable();
    Loader.put(viaLoader, bulk);
    assertThat(everyItem(viaLoader, bulk)).containsExactlyInAnyOrderElementsOf(bulk);
  }

  @Test
  void sameSizeSameData() {
    assertThat(Loader.items(DataSet.of(300))).isEqualTo(Loader.items(DataSet.of(300)));
    assertThat(DataSet.of(1000).itemCount()).isBetween(950, 1050);
  }

  @Test
  void profileCopiesSortOutsideEveryListingOfTheUsersPartition() {
    DataSet data = DataSet.of(200);
    List<Item> items = Loader.items(data);
    List<Item> copies = Loader.profileCopies(data, items);
    assertThat(copies).hasSize(data.follows.size());
    for (Item copy : copies) {
      String sk = copy.key().sk();
      assertThat(sk).startsWith(RawSdk.FOLLOWS_COPY).doesNotStartWith("#FRIEND#");
      assertThat(sk.compareTo("#METADATA#")).isNegative();
    }
  }

  /** Every item in the partitions the expected items live in, read back by Query. */
  private static List<Item> everyItem(MemoryTable table, List<Item> expected) {
    Set<String> partitions = new LinkedHashSet<>();
    expected.forEach(item -> partitions.add(item.key().pk()));
    List<Item> found = new ArrayList<>();
    for (String partition : partitions) {
      QueryResult page = table.query(new QueryPlan(Index.TABLE, partition, Optional.empty(), true,
          1000, Optional.empty(), true));
      assertThat(page.lastEvaluatedKey()).isEmpty();
      found.addAll(page.items());
    }
    return found;
  }
}
