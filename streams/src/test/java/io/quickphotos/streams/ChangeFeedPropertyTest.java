package io.quickphotos.streams;

import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.PhotoEdit;
import io.quickphotos.PhotoId;
import io.quickphotos.ProfileUpdate;
import io.quickphotos.QuickPhotos;
import io.quickphotos.QuickPhotosException;
import io.quickphotos.ReactionType;
import io.quickphotos.Visibility;
import io.quickphotos.proptest.Gen;
import io.quickphotos.proptest.Property;
import java.time.Clock;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The change feed over random histories of the repository's calls on the memory engine, with
 * small pages and shards closing under the poller: it decodes every record without failing, and
 * what it reports adds up to the table. Per user, follows and approvals minus unfollows equal the
 * follower count the repository reads; per photo, reactions added minus removed equal its
 * reaction counts. A follow reported twice (its counters' MODIFY taken for an event), an
 * approval reported as a follow and an approval, or a lost unfollow would break the sums.
 */
class ChangeFeedPropertyTest {
  private static final List<String> USERS = List.of("ann", "bob", "cat", "dan");
  private static final List<Instant> TIMES =
      List.of(Instant.parse("2024-01-01T10:00:00Z"), Instant.parse("2024-01-01T11:00:00Z"));

  enum Op {
    FOLLOW,
    UNFOLLOW,
    APPROVE,
    DECLINE,
    UPLOAD,
    EDIT_PHOTO,
    REACT,
    UNREACT,
    DELETE_PHOTO,
    BLOCK,
    UNBLOCK,
    UPDATE_PROFILE,
    DELETE_USER,
    CREATE_USER
  }

  record Step(Op op, String a, String b, int t, ReactionType type) {}

  @Test
  void whatTheFeedReportsAddsUpToTheTable() {
    Gen<Step> step =
        Gen.of(Op.class)
            .flatMap(
                op ->
                    Gen.of(USERS)
                        .flatMap(
                            a ->
                                Gen.of(USERS)
                                    .flatMap(
                                        b ->
                                            Gen.integers(0, 1)
                                                .flatMap(
                                                    t ->
                                                        Gen.of(ReactionType.class)
                                                            .map(
                                                                type ->
                                                                    new Step(
                                                                        op, a, b, t, type))))));
    Property.named("ChangeFeedPropertyTest.whatTheFeedReportsAddsUpToTheTable")
        .cases(60)
        .check(step.steps(10, 60), ChangeFeedPropertyTest::addsUp);
  }

  private static void addsUp(List<Step> history) {
    Backends backend = Backends.memory(Clock.systemUTC());
    QuickPhotos photos = backend.photos();
    Map<String, Integer> followers = new HashMap<>();
    Map<String, Integer> reactions = new HashMap<>();
    StreamPoller poller =
        StreamPoller.builder(
                backend.streams(),
                backend.streamArn(),
                batch -> {
                  for (Delivery d : batch) {
                    count(d.event(), followers, reactions);
                  }
                })
            .batchSize(3)
            .build();
    for (String user : USERS) {
      photos.createUser(
          Story.user(user, user.equals("cat") ? Visibility.PRIVATE : Visibility.PUBLIC));
    }
    for (Step s : history) {
      apply(photos, s);
      if (s.t() == 0) {
        poller.pollOnce();
      } else if (s.type() == ReactionType.HEART) {
        backend.memory().closeShards();
      }
    }
    poller.drain();

    for (String user : USERS) {
      long expected = photos.getUser(user).map(u -> u.followers()).orElse(0L);
      assertThat(followers.getOrDefault(user, 0))
          .as("followers of %s", user)
          .isEqualTo((int) expected);
      for (Instant time : TIMES) {
        PhotoId id = new PhotoId(user, time);
        long count =
            photos
                .getPhoto(id)
                .map(p -> p.reactions().values().stream().mapToLong(Long::longValue).sum())
                .orElse(0L);
        assertThat(reactions.getOrDefault(id.toString(), 0))
            .as("reactions on %s", id)
            .isEqualTo((int) count);
      }
    }
  }

  private static void count(
      ChangeEvent event, Map<String, Integer> followers, Map<String, Integer> reactions) {
    if (event instanceof ChangeEvent.Followed f) {
      followers.merge(f.follow().followed(), 1, Integer::sum);
    } else if (event instanceof ChangeEvent.RequestApproved a) {
      followers.merge(a.follow().followed(), 1, Integer::sum);
    } else if (event instanceof ChangeEvent.Unfollowed u) {
      followers.merge(u.followed(), -1, Integer::sum);
    } else if (event instanceof ChangeEvent.ReactionAdded r) {
      reactions.merge(r.reaction().photo().toString(), 1, Integer::sum);
    } else if (event instanceof ChangeEvent.ReactionRemoved r) {
      reactions.merge(r.photo().toString(), -1, Integer::sum);
    }
  }

  private static void apply(QuickPhotos p, Step s) {
    PhotoId photo = new PhotoId(s.b(), TIMES.get(s.t()));
    try {
      switch (s.op()) {
        case FOLLOW -> p.follow(s.a(), s.b());
        case UNFOLLOW -> p.unfollow(s.a(), s.b());
        case APPROVE -> p.approveRequest(s.b(), s.a());
        case DECLINE -> p.declineRequest(s.b(), s.a());
        case UPLOAD ->
            p.uploadPhoto(s.b(), TIMES.get(s.t()), "https://example.com/" + s.a() + ".jpg");
        case EDIT_PHOTO -> p.editPhoto(photo, PhotoEdit.builder().caption("by " + s.a()).build());
        case REACT -> p.reactTo(s.a(), photo, s.type());
        case UNREACT -> p.removeReaction(s.a(), photo, s.type());
        case DELETE_PHOTO -> p.deletePhoto(photo);
        case BLOCK -> p.block(s.a(), s.b());
        case UNBLOCK -> p.unblock(s.a(), s.b());
        case UPDATE_PROFILE -> p.updateProfile(s.a(), ProfileUpdate.builder().name(s.b()).build());
        case DELETE_USER -> p.deleteUser(s.a());
        case CREATE_USER ->
            p.createUser(
                Story.user(s.a(), s.a().equals("cat") ? Visibility.PRIVATE : Visibility.PUBLIC));
      }
    } catch (QuickPhotosException e) {
      // Refused calls are part of the history: they must leave no event.
    }
  }
}
