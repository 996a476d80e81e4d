package io.quickphotos.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quickphotos.AccessPattern;
import io.quickphotos.AlreadyReactedException;
import io.quickphotos.NewUser;
import io.quickphotos.OperationCost;
import io.quickphotos.PageRequest;
import io.quickphotos.Photo;
import io.quickphotos.QuickPhotos;
import io.quickphotos.ReactionType;
import io.quickphotos.SortOrder;
import io.quickphotos.User;
import io.quickphotos.UserStatus;
import io.quickphotos.internal.repository.Repositories;
import io.quickphotos.internal.repository.RepositoryOptions;
import io.quickphotos.internal.singletable.layout.KeyLayout;
import io.quickphotos.memory.internal.MemoryTable;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** The factory wires the shared repository to the engine; a short walk through the patterns. */
class MemoryQuickPhotosTest {
  private final List<OperationCost> costs = new CopyOnWriteArrayList<>();
  private final MemoryTable table = new MemoryTable();
  private final QuickPhotos photos =
      Repositories.create(
          table,
          RepositoryOptions.defaults()
              .withCostListener(costs::add)
              .withClock(Clock.fixed(Instant.parse("2024-05-01T12:00:00Z"), ZoneOffset.UTC)));

  private static NewUser user(String name) {
    return new NewUser(
        name,
        name.toUpperCase(java.util.Locale.ROOT),
        name + "@example.com",
        LocalDate.of(1990, 1, 1),
        "1 Main St",
        UserStatus.ACTIVE);
  }

  @Test
  void runsTheAccessPatternsOnTheSharedTable() {
    photos.createUser(user("ann"));
    photos.createUser(user("bob"));
    Photo photo =
        photos.uploadPhoto(
            "ann", Instant.parse("2024-04-01T00:00:00Z"), "https://example.com/a.jpg");
    photos.reactTo("bob", photo.id(), ReactionType.HEART);
    photos.follow("bob", "ann");

    assertThat(table.getItem(KeyLayout.user("ann")).item()).isPresent();
    assertThat(photos.getPhoto(photo.id()).orElseThrow().reactionCount(ReactionType.HEART))
        .isEqualTo(1);
    assertThat(
            photos
                .userWithPhotos("ann", SortOrder.NEWEST_FIRST, PageRequest.first())
                .photos()
                .items())
        .extracting(Photo::id)
        .containsExactly(photo.id());
    assertThat(photos.photoWithReactions(photo.id(), PageRequest.first()).reactions().items())
        .hasSize(1);
    assertThat(photos.followedBy("bob", PageRequest.first()).items())
        .extracting(User::username)
        .containsExactly("ann");
    assertThat(photos.getUser("ann").orElseThrow().followers()).isEqualTo(1);
    assertThatThrownBy(() -> photos.reactTo("bob", photo.id(), ReactionType.HEART))
        .isInstanceOf(AlreadyReactedException.class);
  }

  @Test
  void reportsEachCallsRequestsAndCapacity() {
    photos.createUser(user("ann"));
    photos.getUser("ann");
    photos.uploadPhoto("ann", Instant.parse("2024-04-01T00:00:00Z"), "https://example.com/a.jpg");

    assertThat(costs)
        .extracting(OperationCost::pattern)
        .containsExactly(
            AccessPattern.CREATE_USER, AccessPattern.GET_USER, AccessPattern.UPLOAD_PHOTO);
    assertThat(costs).allSatisfy(cost -> assertThat(cost.requests()).isEqualTo(1));
    assertThat(costs.get(0).writeCapacityUnits()).isEqualTo(2.0);
    assertThat(costs.get(1).readCapacityUnits()).isEqualTo(1.0);
    assertThat(costs.get(2).readCapacityUnits()).isEqualTo(2.0);
    assertThat(costs.get(2).writeCapacityUnits()).isEqualTo(4.0);
  }

  @Test
  void createGivesEachRepositoryItsOwnTable() {
    QuickPhotos one = MemoryQuickPhotos.create();
    QuickPhotos two = MemoryQuickPhotos.create();
    one.createUser(user("ann"));

    assertThat(two.getUser("ann")).isEmpty();
    assertThat(one.getUser("ann")).isPresent();
  }

  @Test
  void anItemQuickphotosCannotReadIsATypedError() {
    // Written by something else into the same table: a profile without its attributes.
    table.write(
        new io.quickphotos.engine.WriteAction.Put(
            io.quickphotos.engine.Item.builder(
                    io.quickphotos.internal.singletable.layout.KeyLayout.user("zed"))
                .put(io.quickphotos.internal.singletable.codec.ItemCodec.ENTITY, "USER")
                .build(),
            io.quickphotos.engine.ItemCondition.NONE));
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> photos.getUser("zed"))
        .isExactlyInstanceOf(io.quickphotos.QuickPhotosException.class)
        .hasMessageContaining("cannot read");
  }
}
