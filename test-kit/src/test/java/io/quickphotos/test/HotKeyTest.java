package io.quickphotos.test;

import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.NewUser;
import io.quickphotos.QuickPhotos;
import io.quickphotos.RetryPolicy;
import io.quickphotos.ServiceUnavailableException;
import io.quickphotos.Sharding;
import io.quickphotos.Snapshot;
import io.quickphotos.UserStatus;
import io.quickphotos.memory.InMemoryTable;
import io.quickphotos.memory.MemoryQuickPhotos;
import io.quickphotos.memory.Throughput;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A celebrity gaining thousands of followers a second: on DynamoDB the celebrity's partition
 * takes at most 1,000 write units a second, and the memory backend's throughput mode says so
 * before production does.
 */
class HotKeyTest {
  private final ManualClock clock = ManualClock.create();
  private final QuickPhotos photos =
      MemoryQuickPhotos.builder()
          .throughput(Throughput.onDemand())
          .retryPolicy(RetryPolicy.noDelay())
          .clock(clock)
          .build();

  private static NewUser user(String name) {
    return new NewUser(
        name, name, name + "@example.com", LocalDate.of(1990, 1, 1), "", UserStatus.ACTIVE);
  }

  @Test
  void aThousandFollowersInOneSecondAreThrottledAtTheCelebritysPartition() {
    List<NewUser> users = new ArrayList<>();
    users.add(user("celebrity"));
    for (int i = 0; i < 3_000; i++) {
      users.add(user("fan" + i));
    }
    // 3,001 users in 121 BatchWriteItem requests, each user its own partition: no throttling.
    photos.importSnapshot(new Snapshot(users, List.of(), List.of(), List.of()), n -> {});

    int accepted = 0;
    int throttled = 0;
    for (int second = 0; second < 3; second++) {
      // 1,000 follow requests within one second of the clock, then the clock moves on.
      for (int i = 0; i < 1_000; i++) {
        try {
          photos.follow("fan" + (second * 1_000 + i), "celebrity");
          accepted++;
        } catch (ServiceUnavailableException e) {
          throttled++;
        }
      }
      clock.advance(Duration.ofSeconds(1));
    }

    // Each follow costs the celebrity's partition 4 write units (friendship + counter, both
    // transactional): 250 a second get through, the rest are throttled.
    assertThat(accepted).isEqualTo(750);
    assertThat(throttled).isEqualTo(2_250);
    assertThat(photos.getUser("celebrity").orElseThrow().followers()).isEqualTo(750);
  }

  /**
   * A hot profile's count is read with its shards as one snapshot (TransactGetItems), a
   * transactional read of 2 units on each item: the profile's partition serves 1,500 such reads a
   * second where it served 3,000 GetItems of 1 unit; a repository that has not met the key yet
   * reads it once with a GetItem of 1 unit first, which finds it hot.
   */
  @Test
  void aHotProfileIsReadAsOneSnapshotAtMostFifteenHundredTimesASecond() {
    InMemoryTable table = InMemoryTable.create();
    QuickPhotos sharded =
        MemoryQuickPhotos.builder()
            .table(table)
            .throughput(Throughput.onDemand())
            .retryPolicy(RetryPolicy.noDelay())
            .sharding(Sharding.of(8, 1, 1))
            .clock(clock)
            .build();
    sharded.createUser(user("celebrity"));
    sharded.createUser(user("fan"));
    sharded.createUser(user("fan2"));
    // The second follow finds one follower, the threshold: the celebrity is switched to 8 shards.
    sharded.follow("fan", "celebrity");
    sharded.follow("fan2", "celebrity");
    clock.advance(Duration.ofSeconds(1));
    assertThat(readsInOneSecond(sharded)).isEqualTo(1_500);
    QuickPhotos other =
        MemoryQuickPhotos.builder()
            .table(table)
            .throughput(Throughput.onDemand())
            .retryPolicy(RetryPolicy.noDelay())
            .sharding(Sharding.of(8, 1, 1))
            .clock(clock)
            .build();
    clock.advance(Duration.ofSeconds(1));
    assertThat(readsInOneSecond(other)).isEqualTo(1_500);
    clock.advance(Duration.ofSeconds(1));
    assertThat(other.getUser("celebrity").orElseThrow().followers()).isEqualTo(2);
  }

  private static int readsInOneSecond(QuickPhotos photos) {
    int read = 0;
    for (int i = 0; i < 4_000; i++) {
      try {
        photos.getUser("celebrity");
        read++;
      } catch (ServiceUnavailableException e) {
        // The profile item's 3,000 read units are spent.
      }
    }
    return read;
  }
}
