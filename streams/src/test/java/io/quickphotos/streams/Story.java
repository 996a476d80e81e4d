package io.quickphotos.streams;

import io.quickphotos.NewUser;
import io.quickphotos.Photo;
import io.quickphotos.PhotoEdit;
import io.quickphotos.ProfileUpdate;
import io.quickphotos.QuickPhotos;
import io.quickphotos.ReactionType;
import io.quickphotos.UserStatus;
import io.quickphotos.Visibility;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;

/** One of each call the change feed reports, and the events it must report, in order. */
final class Story {
  private Story() {}

  static NewUser user(String name, Visibility visibility) {
    return new NewUser(
        name,
        "Name " + name,
        name + "@example.com",
        LocalDate.of(1990, 1, 1),
        "Street 1",
        UserStatus.ACTIVE,
        Map.of(),
        visibility);
  }

  /** Runs the story; returns nothing, the stream has it. */
  static void play(QuickPhotos photos) {
    photos.createUser(user("ann", Visibility.PUBLIC));
    photos.createUser(user("bob", Visibility.PUBLIC));
    photos.createUser(user("cat", Visibility.PRIVATE));
    photos.follow("bob", "ann");
    photos.updateProfile("ann", ProfileUpdate.builder().name("Ann A.").build());
    Photo photo =
        photos.uploadPhoto(
            "ann", Instant.parse("2024-01-01T10:00:00Z"), "https://example.com/p/1.jpg");
    photos.editPhoto(photo.id(), PhotoEdit.builder().caption("sunset").build());
    photos.reactTo("bob", photo.id(), ReactionType.HEART);
    photos.removeReaction("bob", photo.id(), ReactionType.HEART);
    photos.follow("ann", "cat");
    photos.approveRequest("cat", "ann");
    photos.follow("bob", "cat");
    photos.declineRequest("cat", "bob");
    photos.unfollow("bob", "ann");
    photos.block("cat", "bob");
    photos.deletePhoto(photo.id());
  }

  /** What the story reports, event by event. */
  static final List<String> EXPECTED =
      List.of(
          "UserCreated ann",
          "UserCreated bob",
          "UserCreated cat",
          "Followed bob->ann",
          "ProfileChanged ann",
          "PhotoUploaded ann",
          "PhotoEdited ann",
          "ReactionAdded bob HEART",
          "ReactionRemoved bob HEART",
          "FollowRequested ann->cat",
          "RequestApproved ann->cat",
          "FollowRequested bob->cat",
          "RequestDeclined bob->cat",
          "Unfollowed bob->ann",
          "Blocked cat->bob",
          "PhotoDeleted ann");

  static String describe(ChangeEvent event) {
    if (event instanceof ChangeEvent.UserCreated e) {
      return "UserCreated " + e.user().username();
    }
    if (event instanceof ChangeEvent.ProfileChanged e) {
      return "ProfileChanged " + e.after().username();
    }
    if (event instanceof ChangeEvent.UserClosed e) {
      return "UserClosed " + e.username();
    }
    if (event instanceof ChangeEvent.PhotoUploaded e) {
      return "PhotoUploaded " + e.photo().id().owner();
    }
    if (event instanceof ChangeEvent.PhotoEdited e) {
      return "PhotoEdited " + e.after().id().owner();
    }
    if (event instanceof ChangeEvent.PhotoDeleted e) {
      return "PhotoDeleted " + e.photo().owner();
    }
    if (event instanceof ChangeEvent.Followed e) {
      return "Followed " + e.follow().follower() + "->" + e.follow().followed();
    }
    if (event instanceof ChangeEvent.Unfollowed e) {
      return "Unfollowed " + e.follower() + "->" + e.followed();
    }
    if (event instanceof ChangeEvent.FollowRequested e) {
      return "FollowRequested " + e.requester() + "->" + e.account();
    }
    if (event instanceof ChangeEvent.RequestApproved e) {
      return "RequestApproved " + e.follow().follower() + "->" + e.follow().followed();
    }
    if (event instanceof ChangeEvent.RequestDeclined e) {
      return "RequestDeclined " + e.requester() + "->" + e.account();
    }
    if (event instanceof ChangeEvent.Blocked e) {
      return "Blocked " + e.blocker() + "->" + e.blocked();
    }
    if (event instanceof ChangeEvent.Unblocked e) {
      return "Unblocked " + e.blocker() + "->" + e.blocked();
    }
    if (event instanceof ChangeEvent.ReactionAdded e) {
      return "ReactionAdded " + e.reaction().reactor() + " " + e.reaction().type();
    }
    ChangeEvent.ReactionRemoved e = (ChangeEvent.ReactionRemoved) event;
    return "ReactionRemoved " + e.reactor() + " " + e.type();
  }
}
