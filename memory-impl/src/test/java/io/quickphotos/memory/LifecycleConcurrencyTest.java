package io.quickphotos.memory;

import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.Follow;
import io.quickphotos.NewUser;
import io.quickphotos.NotFollowingException;
import io.quickphotos.PageRequest;
import io.quickphotos.Photo;
import io.quickphotos.PhotoId;
import io.quickphotos.PhotoNotFoundException;
import io.quickphotos.QuickPhotos;
import io.quickphotos.QuickPhotosException;
import io.quickphotos.ReactionNotFoundException;
import io.quickphotos.ReactionType;
import io.quickphotos.SortOrder;
import io.quickphotos.User;
import io.quickphotos.UserNotFoundException;
import io.quickphotos.UserStatus;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The removal patterns racing the writes they must shut out or tolerate, on the thread-safe
 * memory engine: whatever the interleaving, the cascades finish, nothing lands on what is being
 * deleted, and every counter equals its items afterwards.
 */
class LifecycleConcurrencyTest {
  private static final Instant T0 = Instant.parse("2020-01-01T00:00:00Z");
  private static final int ROUNDS = 25;
  private static final int FANS = 12;

  private final ExecutorService pool = Executors.newFixedThreadPool(4);

  @AfterEach
  void stop() throws InterruptedException {
    pool.shutdownNow();
    assertThat(pool.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
  }

  private static NewUser user(String username) {
    return new NewUser(
        username, "N", username + "@example.com", LocalDate.of(1990, 1, 1), "", UserStatus.ACTIVE);
  }

  /** Runs the tasks together, from one starting gun; expected domain errors are swallowed. */
  private void race(List<Runnable> tasks) throws Exception {
    CountDownLatch start = new CountDownLatch(1);
    List<Future<?>> running = new ArrayList<>();
    for (Runnable task : tasks) {
      running.add(
          pool.submit(
              () -> {
                start.await();
                try {
                  task.run();
                } catch (UserNotFoundException
                    | PhotoNotFoundException
                    | ReactionNotFoundException
                    | NotFollowingException lostTheRace) {
                  // The other side got there first: exactly what the patterns allow.
                }
                return null;
              }));
    }
    start.countDown();
    for (Future<?> future : running) {
      future.get(30, TimeUnit.SECONDS);
    }
  }

  private static void assertCountersEqualItems(QuickPhotos repo, List<String> usernames) {
    for (String username : usernames) {
      var profile = repo.getUser(username);
      if (profile.isEmpty()) {
        continue;
      }
      User user = profile.get();
      List<Follow> followers =
          repo.followersOf(username, PageRequest.first(PageRequest.MAX_SIZE)).items();
      List<User> followees = repo.followedBy(username, PageRequest.first(100)).items();
      assertThat(user.followers()).as("followers of %s", username).isEqualTo(followers.size());
      assertThat(user.following()).as("following of %s", username).isEqualTo(followees.size());
      for (Photo photo :
          repo.userWithPhotos(
                  username, SortOrder.OLDEST_FIRST, PageRequest.first(PageRequest.MAX_SIZE))
              .photos()
              .items()) {
        long listed =
            repo.photoWithReactions(photo.id(), PageRequest.first(PageRequest.MAX_SIZE))
                .reactions()
                .items()
                .size();
        long counted = photo.reactions().values().stream().mapToLong(Long::longValue).sum();
        assertThat(counted).as("counters of %s", photo.id()).isEqualTo(listed);
        assertThat(photo.reactions().values()).allSatisfy(c -> assertThat(c).isNotNegative());
      }
    }
  }

  @Test
  void reactionsRacingAPhotoDeletionNeverOutliveIt() throws Exception {
    for (int round = 0; round < ROUNDS; round++) {
      QuickPhotos repo = MemoryQuickPhotos.create();
      List<String> everyone = new ArrayList<>(List.of("owner"));
      repo.createUser(user("owner"));
      PhotoId photo = repo.uploadPhoto("owner", T0, "https://x.example/p.jpg").id();
      List<Runnable> tasks = new ArrayList<>();
      for (int i = 0; i < FANS; i++) {
        String fan = "fan" + i;
        everyone.add(fan);
        repo.createUser(user(fan));
        if (i % 2 == 0) {
          repo.reactTo(fan, photo, ReactionType.HEART);
          tasks.add(() -> repo.removeReaction(fan, photo, ReactionType.HEART));
        } else {
          tasks.add(() -> repo.reactTo(fan, photo, ReactionType.SMILEY));
        }
      }
      tasks.add(0, () -> repo.deletePhoto(photo));
      race(tasks);
      assertThat(repo.getPhoto(photo)).isEmpty();
      for (String fan : everyone) {
        assertThat(repo.reactionsLeftBy(fan, photo)).as("%s on the deleted photo", fan).isEmpty();
      }
    }
  }

  @Test
  void twoDeletionsOfOnePhotoFinishItOnce() throws Exception {
    for (int round = 0; round < ROUNDS; round++) {
      QuickPhotos repo = MemoryQuickPhotos.create();
      repo.createUser(user("owner"));
      PhotoId photo = repo.uploadPhoto("owner", T0, "https://x.example/p.jpg").id();
      for (int i = 0; i < FANS; i++) {
        repo.createUser(user("fan" + i));
        repo.reactTo("fan" + i, photo, ReactionType.values()[i % 4]);
      }
      race(List.of(() -> repo.deletePhoto(photo), () -> repo.deletePhoto(photo)));
      assertThat(repo.getPhoto(photo)).isEmpty();
      assertThat(repo.reactionsLeftBy("fan0", photo)).isEmpty();
    }
  }

  @Test
  void nothingSlipsIntoAnAccountBeingClosed() throws Exception {
    for (int round = 0; round < ROUNDS; round++) {
      QuickPhotos repo = MemoryQuickPhotos.create();
      List<String> everyone = new ArrayList<>(List.of("star"));
      repo.createUser(user("star"));
      PhotoId photo = repo.uploadPhoto("star", T0, "https://x.example/p.jpg").id();
      List<Runnable> tasks = new ArrayList<>();
      tasks.add(() -> repo.deleteUser("star"));
      for (int i = 0; i < FANS; i++) {
        String fan = "fan" + i;
        everyone.add(fan);
        repo.createUser(user(fan));
        PhotoId own = repo.uploadPhoto(fan, T0, "https://x.example/f.jpg").id();
        switch (i % 4) {
          case 0 -> tasks.add(() -> repo.follow(fan, "star"));
          case 1 -> {
            repo.follow(fan, "star");
            tasks.add(() -> repo.unfollow(fan, "star"));
          }
          case 2 -> tasks.add(() -> repo.reactTo(fan, photo, ReactionType.HEART));
          default -> {
            repo.follow("star", fan);
            repo.reactTo("star", own, ReactionType.HEART);
            tasks.add(() -> repo.follow(fan, "star"));
            tasks.add(() -> repo.removeReaction("star", own, ReactionType.HEART));
          }
        }
      }
      try {
        race(tasks);
      } catch (java.util.concurrent.ExecutionException e) {
        if (!(e.getCause() instanceof QuickPhotosException)) {
          throw e;
        }
        throw new AssertionError("a call failed unexpectedly", e.getCause());
      }
      assertThat(repo.getUser("star")).isEmpty();
      assertThat(repo.getPhoto(photo)).isEmpty();
      for (String fan : everyone) {
        assertThat(repo.isFollowing(fan.equals("star") ? "fan0" : fan, "star")).isFalse();
      }
      assertCountersEqualItems(repo, everyone);
    }
  }
}
