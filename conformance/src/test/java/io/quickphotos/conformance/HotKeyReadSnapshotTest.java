package io.quickphotos.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.CostListener;
import io.quickphotos.NewUser;
import io.quickphotos.QuickPhotos;
import io.quickphotos.Sharding;
import io.quickphotos.User;
import io.quickphotos.UserStatus;
import io.quickphotos.contract.InterruptibleTable;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.Table;
import io.quickphotos.internal.repository.Repositories;
import io.quickphotos.internal.repository.RepositoryOptions;
import io.quickphotos.internal.singletable.hot.Shards;
import io.quickphotos.memory.internal.MemoryTable;
import java.time.Clock;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * A read of a hot key is one snapshot: getUser of a sharded user that the repository does not
 * know to be hot reads the profile (GetItem), finds it sharded, and then reads the profile again
 * with its shards in one TransactGetItems; an unfollow and a follow that both land between the
 * two requests must not both show. Here the star has 2 followers, then 1 (a unfollows), then 2
 * (c follows): the read must answer 1 or 2. Summing the profile as the GetItem read it with the
 * shards as they are after (the reads before TransactGetItems) answered 3, a count the star never
 * had. The same holds for every read that sums shards (getPhoto, userWithPhotos,
 * photoWithReactions, followedBy, homeFeed, updateProfile's answer).
 */
class HotKeyReadSnapshotTest {
  private static final AtomicLong RUNS = new AtomicLong();

  private static QuickPhotos repository(Table table) {
    return Repositories.create(
        table,
        RepositoryOptions.defaults()
            .withCostListener(CostListener.NONE)
            .withClock(Clock.systemUTC())
            .withSharding(Sharding.of(2, 1, 1)));
  }

  @Test
  void onMemory() throws Exception {
    readBetweenAnUnfollowAndAFollow(new MemoryTable());
  }

  @Test
  void onDynamoDbLocal() throws Exception {
    readBetweenAnUnfollowAndAFollow(SharedDynamoDbLocal.engine());
  }

  private static void readBetweenAnUnfollowAndAFollow(Table engine) throws Exception {
    String p = "r" + RUNS.incrementAndGet() + "-" + System.nanoTime() + "-";
    QuickPhotos writer = repository(engine);
    for (String name : List.of("star", "a", "b", "c")) {
      writer.createUser(
          new NewUser(
              p + name,
              name,
              name + "@example.com",
              LocalDate.of(1990, 1, 1),
              "",
              UserStatus.ACTIVE));
    }
    writer.follow(p + "a", p + "star");
    // The second follower switches the star: a counts on the profile, b on a shard.
    writer.follow(p + "b", p + "star");
    InterruptibleTable table = new InterruptibleTable(engine);
    QuickPhotos reader = repository(table);
    InterruptibleTable.Pause shardsRead =
        table.pauseBefore(
            request ->
                request instanceof List<?> keys
                    && keys.stream().anyMatch(k -> k instanceof Key key && Shards.isShard(key)));
    CompletableFuture<Optional<User>> read =
        CompletableFuture.supplyAsync(() -> reader.getUser(p + "star"));
    shardsRead.awaitReached();
    writer.unfollow(p + "a", p + "star");
    writer.follow(p + "c", p + "star");
    shardsRead.resume();
    assertThat(read.get().orElseThrow().followers())
        .as("followers went 2, 1, 2 while the read was in flight")
        .isIn(1L, 2L);
  }
}
