package io.quickphotos.cli.sample;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quickphotos.NewUser;
import io.quickphotos.PageRequest;
import io.quickphotos.PhotoId;
import io.quickphotos.QuickPhotos;
import io.quickphotos.ReactionType;
import io.quickphotos.User;
import io.quickphotos.cli.sample.SampleData.FollowSpec;
import io.quickphotos.cli.sample.SampleData.PhotoSpec;
import io.quickphotos.memory.MemoryQuickPhotos;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SampleDataTest {

  @Test
  void theSameSeedGivesTheSameData() {
    assertThat(SampleData.generate(42, 100)).isEqualTo(SampleData.generate(42, 100));
    assertThat(SampleData.generate(-7, 13)).isEqualTo(SampleData.generate(-7, 13));
  }

  @Test
  void anotherSeedGivesOtherData() {
    SampleData a = SampleData.generate(1, 100);
    SampleData b = SampleData.generate(2, 100);

    assertThat(a).isNotEqualTo(b);
    assertThat(usernames(a.users())).isNotEqualTo(usernames(b.users()));
    assertThat(a.photos()).isNotEqualTo(b.photos());
    assertThat(a.clockStart()).isNotEqualTo(b.clockStart());
  }

  @Test
  void theDefaultSampleIsAboutAThousandItems() {
    SampleData sample = SampleData.generate(SampleData.DEFAULT_SEED, SampleData.DEFAULT_USERS);

    assertThat(sample.users()).hasSize(100);
    assertThat(sample.photos()).hasSize(400);
    assertThat(sample.follows()).hasSize(300);
    assertThat(sample.reactions()).hasSize(250);
    assertThat(sample.itemCount()).isEqualTo(1050);
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 2, 3, 10, 1000})
  void scalesWithTheNumberOfUsersAndStaysConsistent(int users) {
    SampleData sample = SampleData.generate(users, users);

    assertThat(sample.users()).hasSize(users);
    assertThat(sample.photos()).hasSize(4 * users);
    assertThat(sample.follows()).hasSize(Math.min(3 * users, users * (users - 1)));
    assertThat(sample.reactions()).hasSize(5 * users / 2);

    Set<String> names = usernames(sample.users());
    assertThat(names).hasSize(users).doesNotContain(sample.newcomer().username());
    for (NewUser user : sample.users()) {
      assertThat(user.username()).matches("[a-z0-9._-]{1,64}");
      assertThat(user.email()).startsWith(user.username() + "@");
      assertThat(user.name()).contains(" ");
      assertThat(user.address()).isNotBlank();
      assertThat(user.birthdate().getYear()).isBetween(1950, 2005);
    }
    Set<PhotoId> photoIds = new HashSet<>();
    for (PhotoSpec photo : sample.photos()) {
      assertThat(names).contains(photo.owner());
      assertThat(photoIds.add(photo.id())).as("unique photo %s", photo.id()).isTrue();
      assertThat(photo.location()).startsWith("https://");
      assertThat(photo.timestamp()).isBefore(sample.clockStart());
    }
    assertThat(sample.follows())
        .doesNotHaveDuplicates()
        .allSatisfy(f -> assertThat(f.follower()).isNotEqualTo(f.followed()));
    assertThat(sample.reactions())
        .doesNotHaveDuplicates()
        .allSatisfy(r -> assertThat(photoIds).contains(r.photo()));
  }

  @Test
  void doesNotDependOnTheWallClock() {
    SampleData sample = SampleData.generate(42, 100);

    assertThat(sample.clockStart())
        .isBetween(Instant.parse("2025-01-01T00:00:00Z"), Instant.parse("2025-01-02T00:00:00Z"));
    assertThat(sample.clock().instant()).isEqualTo(sample.clockStart());
  }

  @Test
  void loadsThroughTheRepositoryWithCountersThatMatch() {
    SampleData sample = SampleData.generate(9, 30);
    QuickPhotos repository = MemoryQuickPhotos.builder().clock(sample.clock()).build();

    SampleLoader.Result result = SampleLoader.load(repository, sample, SampleLoader.Progress.NONE);

    assertThat(result.written()).isEqualTo(sample.itemCount());
    assertThat(result.skipped()).isZero();
    Map<String, Long> followers =
        sample.follows().stream()
            .collect(Collectors.groupingBy(FollowSpec::followed, Collectors.counting()));
    for (NewUser user : sample.users()) {
      User stored = repository.getUser(user.username()).orElseThrow();
      assertThat(stored.followers()).isEqualTo(followers.getOrDefault(user.username(), 0L));
    }
    SampleData.ReactionSpec reaction = sample.reactions().get(0);
    long expected =
        sample.reactions().stream()
            .filter(r -> r.photo().equals(reaction.photo()) && r.type() == reaction.type())
            .count();
    assertThat(repository.getPhoto(reaction.photo()).orElseThrow().reactionCount(reaction.type()))
        .isEqualTo(expected);
  }

  @Test
  void loadingTwiceSkipsWhatIsAlreadyThere() {
    SampleData sample = SampleData.generate(4, 10);
    QuickPhotos repository = MemoryQuickPhotos.builder().clock(sample.clock()).build();
    SampleLoader.load(repository, sample, SampleLoader.Progress.NONE);

    SampleLoader.Result again = SampleLoader.load(repository, sample, SampleLoader.Progress.NONE);

    assertThat(again.written()).isZero();
    assertThat(again.skipped()).isEqualTo(sample.itemCount());
    assertThat(
            repository.followersOf(sample.follows().get(0).followed(), PageRequest.first()).items())
        .isNotEmpty();
  }

  @Test
  void refusesAnEmptySample() {
    assertThatThrownBy(() -> SampleData.generate(1, 0))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void usesEveryReactionType() {
    SampleData sample = SampleData.generate(42, 100);

    assertThat(sample.reactions().stream().map(SampleData.ReactionSpec::type))
        .containsAll(List.of(ReactionType.values()));
  }

  private static Set<String> usernames(List<NewUser> users) {
    return users.stream().map(NewUser::username).collect(Collectors.toSet());
  }

  @Test
  void theSnapshotHoldsExactlyWhatLoadingCallByCallWrites() {
    SampleData sample = SampleData.generate(7, 30);
    io.quickphotos.QuickPhotos byCalls =
        io.quickphotos.memory.MemoryQuickPhotos.builder().clock(sample.clock()).build();
    SampleLoader.load(byCalls, sample, SampleLoader.Progress.NONE);
    io.quickphotos.QuickPhotos imported = io.quickphotos.memory.MemoryQuickPhotos.create();
    assertThat(imported.importSnapshot(sample.snapshot(), n -> {})).isEqualTo(sample.itemCount());
    for (io.quickphotos.NewUser user : sample.users()) {
      String name = user.username();
      assertThat(imported.getUser(name)).isEqualTo(byCalls.getUser(name));
      io.quickphotos.PageRequest all =
          io.quickphotos.PageRequest.first(io.quickphotos.PageRequest.MAX_SIZE);
      assertThat(imported.followersOf(name, all)).isEqualTo(byCalls.followersOf(name, all));
      assertThat(imported.followedBy(name, io.quickphotos.PageRequest.first(100)))
          .isEqualTo(byCalls.followedBy(name, io.quickphotos.PageRequest.first(100)));
      assertThat(imported.userWithPhotos(name, io.quickphotos.SortOrder.NEWEST_FIRST, all))
          .isEqualTo(byCalls.userWithPhotos(name, io.quickphotos.SortOrder.NEWEST_FIRST, all));
    }
    for (SampleData.PhotoSpec photo : sample.photos()) {
      io.quickphotos.PhotoId id = new io.quickphotos.PhotoId(photo.owner(), photo.timestamp());
      assertThat(
              imported.photoWithReactions(
                  id, io.quickphotos.PageRequest.first(io.quickphotos.PageRequest.MAX_SIZE)))
          .isEqualTo(
              byCalls.photoWithReactions(
                  id, io.quickphotos.PageRequest.first(io.quickphotos.PageRequest.MAX_SIZE)));
    }
  }
}
