package io.quickphotos.bench.floors;

import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.InvalidInputException;
import io.quickphotos.NewUser;
import io.quickphotos.PhotoId;
import io.quickphotos.ReactionType;
import io.quickphotos.bench.DataSet;
import io.quickphotos.bench.patterns.BenchmarkBackend;
import io.quickphotos.bench.patterns.BenchmarkTarget;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * The collections floor is not weaker than the repository: it refuses the same bad input with the
 * same exception and message, before touching its maps, so a refused call leaves both backends
 * answering the same afterwards.
 */
class CollectionsFloorTest {

  /** Invalid calls, one per kind of check the repository makes. */
  private static List<Consumer<BenchmarkTarget>> invalidCalls(DataSet data) {
    String user = data.userRing[0];
    PhotoId photo = data.photoRing[0];
    NewUser fresh = data.newUserRing[0];
    return List.of(
        b -> b.getUser("no#hash"),
        b -> b.getUser(""),
        b -> b.userWithPhotos("with space"),
        b -> b.getPhoto(new PhotoId(user, Instant.parse("+10000-01-01T00:00:00Z"))),
        b -> b.getPhoto(null),
        b -> b.photoWithReactions(new PhotoId("a/b", photo.timestamp())),
        b -> b.followersOf(null),
        b -> b.followedBy("x".repeat(65)),
        b ->
            b.createAndDeleteUser(
                new NewUser(
                    fresh.username(),
                    fresh.name(),
                    "no-at-sign",
                    fresh.birthdate(),
                    fresh.address(),
                    fresh.status())),
        b -> b.uploadAndDeletePhoto(data.newPhotoRing[0], "ftp://example.com/p.jpg"),
        b -> b.reactAndUndo(data.reactor.username(), photo, null),
        b -> b.followAndUnfollow(user, user),
        b -> b.isFollowing(user, user),
        b -> b.reactionsLeftBy("bad\u0000name", photo),
        b -> b.reactAndRemove(data.reactor.username(), null, ReactionType.values()[0]),
        b -> b.uploadThenDeletePhoto(new PhotoId(user, null), data.newLocationRing[0]),
        b -> b.createThenDeleteUser(null));
  }

  private static List<String> refusals(BenchmarkTarget backend, DataSet data) {
    List<String> refusals = new ArrayList<>();
    for (Consumer<BenchmarkTarget> call : invalidCalls(data)) {
      try {
        call.accept(backend);
        refusals.add("accepted");
      } catch (InvalidInputException e) {
        refusals.add(e.getMessage());
      } catch (RuntimeException e) {
        refusals.add(e.getClass().getSimpleName() + ": " + e.getMessage());
      }
    }
    return refusals;
  }

  @Test
  void collectionsRefuseInvalidInputAsTheRepositoryDoes() {
    DataSet data = DataSet.of(1000);
    try (BenchmarkTarget memory = BenchmarkBackend.of("memory").open(data);
        BenchmarkTarget collections = BenchmarkBackend.of("collections").open(data)) {
      List<String> expected = refusals(memory, data);
      assertThat(expected)
          .doesNotContain("accepted")
          .allSatisfy(message -> assertThat(message).doesNotContain("Exception:"));
      assertThat(refusals(collections, data)).isEqualTo(expected);
      // Nothing was written by a refused call.
      assertThat(collections.getUser(data.newUserRing[0].username())).isEmpty();
      assertThat(collections.getPhoto(data.newPhotoRing[0])).isEmpty();
      assertThat(collections.reactionsLeftBy(data.reactor.username(), data.photoRing[0]))
          .isEqualTo(memory.reactionsLeftBy(data.reactor.username(), data.photoRing[0]));
    }
  }

  @Test
  void collectionsAnswerTheReadsAsTheRepositoryDoes() {
    DataSet data = DataSet.of(1000);
    try (BenchmarkTarget memory = BenchmarkBackend.of("memory").open(data);
        BenchmarkTarget collections = BenchmarkBackend.of("collections").open(data)) {
      for (int i = 0; i < 20; i++) {
        String user = data.userRing[i];
        PhotoId photo = data.photoRing[i];
        assertThat(collections.getUser(user)).isEqualTo(memory.getUser(user));
        assertThat(collections.userWithPhotos(user).user())
            .isEqualTo(memory.userWithPhotos(user).user());
        assertThat(collections.userWithPhotos(user).photos().items())
            .isEqualTo(memory.userWithPhotos(user).photos().items());
        assertThat(collections.userWithPhotos(user).photos().nextCursor().isPresent())
            .isEqualTo(memory.userWithPhotos(user).photos().nextCursor().isPresent());
        assertThat(collections.photoWithReactions(photo).photo())
            .isEqualTo(memory.photoWithReactions(photo).photo());
        assertThat(collections.photoWithReactions(photo).reactions().items())
            .isEqualTo(memory.photoWithReactions(photo).reactions().items());
        assertThat(collections.followersOf(user).items())
            .isEqualTo(memory.followersOf(user).items());
        assertThat(collections.followersOf(user).nextCursor().isPresent())
            .isEqualTo(memory.followersOf(user).nextCursor().isPresent());
        assertThat(collections.followedBy(data.follower.username()).items())
            .isEqualTo(memory.followedBy(data.follower.username()).items());
      }
    }
  }
}
