package io.quickphotos.dynamo;

import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.AccessPattern;
import io.quickphotos.Follow;
import io.quickphotos.NewPhoto;
import io.quickphotos.NewUser;
import io.quickphotos.OperationCost;
import io.quickphotos.PageRequest;
import io.quickphotos.Photo;
import io.quickphotos.QuickPhotos;
import io.quickphotos.Snapshot;
import io.quickphotos.UserStatus;
import io.quickphotos.contract.RecordingCostListener;
import io.quickphotos.contract.TickingClock;
import io.quickphotos.dynamo.local.DynamoDbLocalExtension;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The cost of a home-feed page at 10 and 100 followed users on DynamoDB Local, on the data shape
 * of the feed benchmark ({@code FeedScenario}: every followed user has 30 photos, more than the
 * page of 25, with interleaved timestamps). The memory engine computes the same numbers for the
 * same data (the benchmark report, {@code benchmarks/results/feed.md}, and docs/home-feed.md quote
 * them); this pins them on DynamoDB Local.
 */
class HomeFeedCostTest {
  @RegisterExtension static final DynamoDbLocalExtension DYNAMO = new DynamoDbLocalExtension();

  private static final Instant T0 = Instant.parse("2020-01-01T00:00:00Z");

  private static Snapshot readerFollowing(int followees) {
    List<NewUser> users = new ArrayList<>();
    List<Follow> follows = new ArrayList<>();
    List<NewPhoto> photos = new ArrayList<>();
    users.add(user("reader"));
    for (int i = 0; i < followees; i++) {
      String followee = String.format(Locale.ROOT, "f%05d", i);
      users.add(user(followee));
      follows.add(new Follow("reader", followee, T0));
      for (int j = 0; j < 30; j++) {
        photos.add(
            new NewPhoto(
                followee,
                T0.plusSeconds((long) j * followees + i),
                "https://photos.example.com/" + followee + "/" + j + ".jpg"));
      }
    }
    return new Snapshot(users, photos, follows, List.of());
  }

  private static NewUser user(String handle) {
    return new NewUser(
        handle,
        "Name of " + handle,
        handle + "@example.com",
        LocalDate.of(1990, 1, 1),
        "1 Main Street",
        UserStatus.ACTIVE);
  }

  @ParameterizedTest
  @CsvSource({"10, 10.5", "100, 101.5"})
  void aPageCostsOneIndexQueryAndOneQueryPerFollowedUser(int followees, double readUnits) {
    RecordingCostListener costs = new RecordingCostListener();
    QuickPhotos local = DYNAMO.table().repository(costs, new TickingClock(T0));
    local.importSnapshot(readerFollowing(followees), written -> {});

    List<Photo> page = local.homeFeed("reader", PageRequest.first(25)).items();

    assertThat(page).hasSize(25);
    assertThat(page.get(0).timestamp()).isEqualTo(T0.plusSeconds(30L * followees - 1));
    OperationCost cost = costs.last();
    assertThat(cost.pattern()).isEqualTo(AccessPattern.HOME_FEED);
    // The index query: half a unit per started 4 KB of friendships (about 100 bytes each); then
    // per followed user 25 photos of about 230 bytes: two 4 KB blocks, eventually consistent,
    // one unit.
    assertThat(cost.requests()).isEqualTo(1 + followees);
    assertThat(cost.readCapacityUnits()).isEqualTo(readUnits);
    assertThat(cost.itemsRead()).isEqualTo(followees + 25 * followees);
  }
}
