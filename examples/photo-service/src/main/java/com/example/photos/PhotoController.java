package com.example.photos;

import io.quickphotos.AlreadyFollowingException;
import io.quickphotos.AlreadyReactedException;
import io.quickphotos.NewUser;
import io.quickphotos.NotFollowingException;
import io.quickphotos.Page;
import io.quickphotos.PageRequest;
import io.quickphotos.Photo;
import io.quickphotos.PhotoId;
import io.quickphotos.ProfileUpdate;
import io.quickphotos.QuickPhotos;
import io.quickphotos.ReactionNotFoundException;
import io.quickphotos.ReactionType;
import io.quickphotos.User;
import io.quickphotos.UserNotFoundException;
import io.quickphotos.UserStatus;
import io.quickphotos.VersionConflictException;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/**
 * The service's REST API, one endpoint per access pattern it offers, each one repository call
 * (the requests each makes are on {@link QuickPhotos}). A {@code PUT} or {@code DELETE} of a
 * follow or a reaction is idempotent: sent again, by the client or by a proxy's retry, it answers
 * as the first did, 204, because the state is the one asked for. Errors are the starter's to answer
 * (problem details by kind). Thread-safe: it holds only the shared repository and clock.
 */
@RestController
public class PhotoController {
  private final QuickPhotos photos;
  private final Clock clock;

  /**
   * The controller over a repository.
   *
   * @param photos the repository
   * @param clock stamps uploads sent without a time
   */
  public PhotoController(QuickPhotos photos, Clock clock) {
    this.photos = photos;
    this.clock = clock;
  }

  /**
   * A sign-up: the body of {@code POST /users}.
   *
   * @param username the handle, unique
   * @param name the display name
   * @param email the e-mail address
   * @param birthdate the date of birth
   * @param address a postal address, may be empty
   */
  public record SignUp(
      String username, String name, String email, LocalDate birthdate, String address) {}

  /**
   * An upload: the body of {@code POST /users/{username}/photos}.
   *
   * @param location where the image is served from
   * @param takenAt when it was taken; now when absent
   */
  public record Upload(String location, Instant takenAt) {}

  /**
   * A profile as any client may see it: the handle, name, status and counts, not the e-mail
   * address, birth date, postal address or pending requests, which are the account holder's.
   *
   * @param username the handle
   * @param name the display name
   * @param status the account's status
   * @param followers how many follow the user
   * @param following how many the user follows
   */
  public record Profile(
      String username, String name, UserStatus status, long followers, long following) {
    static Profile of(User user) {
      return new Profile(
          user.username(), user.name(), user.status(), user.followers(), user.following());
    }
  }

  /**
   * A new display name: the body of {@code PATCH /users/{username}}.
   *
   * @param name the display name
   */
  public record Rename(String name) {}

  /**
   * A page of the home feed.
   *
   * @param photos newest first
   * @param nextCursor the {@code cursor} of the next page, null on the last
   */
  public record FeedPage(List<Photo> photos, String nextCursor) {}

  /**
   * Creates a profile (one conditional PutItem).
   *
   * @param signUp the profile
   * @return the profile, with no followers yet
   */
  @PostMapping("/users")
  public ResponseEntity<Profile> signUp(@RequestBody SignUp signUp) {
    User user =
        photos.createUser(
            new NewUser(
                signUp.username(),
                signUp.name(),
                signUp.email(),
                signUp.birthdate(),
                signUp.address() == null ? "" : signUp.address(),
                UserStatus.ACTIVE));
    return ResponseEntity.status(HttpStatus.CREATED).eTag(etag(user)).body(Profile.of(user));
  }

  /**
   * A profile with its counters (one GetItem), its version as the {@code ETag}.
   *
   * @param username the handle
   * @return the profile
   */
  @GetMapping("/users/{username}")
  public ResponseEntity<Profile> profile(@PathVariable String username) {
    User user = photos.getUser(username).orElseThrow(() -> UserNotFoundException.of(username));
    return ResponseEntity.ok().eTag(etag(user)).body(Profile.of(user));
  }

  /**
   * Renames a user, if the profile is still the one the client read: {@code If-Match} names the
   * {@code ETag} it got, and the update carries that version in its condition (one UpdateItem).
   * A profile changed since is a 412; a request without {@code If-Match} a 428.
   *
   * @param username the handle
   * @param ifMatch the {@code ETag} the client read
   * @param rename the new name
   * @return the profile as changed, with its new {@code ETag}
   */
  @PatchMapping("/users/{username}")
  public ResponseEntity<Profile> rename(
      @PathVariable String username,
      @RequestHeader(name = HttpHeaders.IF_MATCH, required = false) String ifMatch,
      @RequestBody Rename rename) {
    if (ifMatch == null) {
      return ResponseEntity.status(HttpStatus.PRECONDITION_REQUIRED).build();
    }
    User user;
    try {
      ProfileUpdate update =
          ProfileUpdate.builder().name(rename.name()).expectedVersion(version(ifMatch)).build();
      user = photos.updateProfile(username, update);
    } catch (VersionConflictException stale) {
      return ResponseEntity.status(HttpStatus.PRECONDITION_FAILED).build();
    }
    return ResponseEntity.ok().eTag(etag(user)).body(Profile.of(user));
  }

  /** A profile's version as a strong entity tag. */
  private static String etag(User user) {
    return "\"" + user.version() + "\"";
  }

  /** The version an {@code If-Match} names; a tag that is not one matches no profile. */
  private static long version(String ifMatch) {
    String tag = ifMatch.trim();
    if (tag.startsWith("W/")) {
      tag = tag.substring(2);
    }
    try {
      return Long.parseLong(tag.replace("\"", ""));
    } catch (NumberFormatException e) {
      return Long.MAX_VALUE; // no profile reaches it: a 412
    }
  }

  /**
   * {@code follower} follows {@code followed} (one transaction; with the hybrid feed, also the
   * followed user's recent photos copied into the follower's timeline). Idempotent: a follow
   * that is already there is what was asked for.
   *
   * @param follower who follows
   * @param followed whom
   */
  @PutMapping("/users/{follower}/following/{followed}")
  @ResponseStatus(HttpStatus.NO_CONTENT)
  public void follow(@PathVariable String follower, @PathVariable String followed) {
    try {
      photos.follow(follower, followed);
    } catch (AlreadyFollowingException alreadyThere) {
      // The state the client asked for.
    }
  }

  /**
   * Undoes a follow. Idempotent: a follow that is not there is what was asked for.
   *
   * @param follower who follows
   * @param followed whom
   */
  @DeleteMapping("/users/{follower}/following/{followed}")
  @ResponseStatus(HttpStatus.NO_CONTENT)
  public void unfollow(@PathVariable String follower, @PathVariable String followed) {
    try {
      photos.unfollow(follower, followed);
    } catch (NotFollowingException alreadyGone) {
      // The state the client asked for.
    }
  }

  /**
   * Uploads a photo (one transaction; with the hybrid feed, then one entry in each ordinary
   * follower's timeline).
   *
   * @param username the owner
   * @param upload where the image is, and when it was taken
   * @return the photo
   */
  @PostMapping("/users/{username}/photos")
  @ResponseStatus(HttpStatus.CREATED)
  public Photo upload(@PathVariable String username, @RequestBody Upload upload) {
    Instant takenAt = upload.takenAt() == null ? clock.instant() : upload.takenAt();
    return photos.uploadPhoto(username, takenAt, upload.location());
  }

  /**
   * {@code reactor} reacts to a photo, once per type (one transaction: the reaction and the
   * photo's counter). Idempotent: a reaction already there is what was asked for.
   *
   * @param owner the photo's owner
   * @param takenAt the photo's timestamp, ISO-8601
   * @param reactor who reacts
   * @param type heart, smiley, thumbsup or sunglasses
   */
  @PutMapping("/users/{owner}/photos/{takenAt}/reactions/{reactor}/{type}")
  @ResponseStatus(HttpStatus.NO_CONTENT)
  public void react(
      @PathVariable String owner,
      @PathVariable Instant takenAt,
      @PathVariable String reactor,
      @PathVariable String type) {
    try {
      photos.reactTo(reactor, new PhotoId(owner, takenAt), reactionType(type));
    } catch (AlreadyReactedException alreadyThere) {
      // The state the client asked for.
    }
  }

  /**
   * Takes a reaction back (one transaction). Idempotent: a reaction that is not there is what
   * was asked for.
   *
   * @param owner the photo's owner
   * @param takenAt the photo's timestamp, ISO-8601
   * @param reactor who reacted
   * @param type heart, smiley, thumbsup or sunglasses
   */
  @DeleteMapping("/users/{owner}/photos/{takenAt}/reactions/{reactor}/{type}")
  @ResponseStatus(HttpStatus.NO_CONTENT)
  public void unreact(
      @PathVariable String owner,
      @PathVariable Instant takenAt,
      @PathVariable String reactor,
      @PathVariable String type) {
    try {
      photos.removeReaction(reactor, new PhotoId(owner, takenAt), reactionType(type));
    } catch (ReactionNotFoundException alreadyGone) {
      // The state the client asked for.
    }
  }

  /**
   * The newest photos of the accounts a user follows, a page at a time.
   *
   * @param username the reader
   * @param page {@code cursor} (the previous page's {@code nextCursor}, absent for the first
   *     page) and {@code size} (1 to 100, 25 if absent), read by the starter's resolver
   * @return the page
   */
  @GetMapping("/users/{username}/feed")
  public FeedPage homeFeed(@PathVariable String username, PageRequest page) {
    Page<Photo> photosPage = photos.homeFeed(username, page);
    return new FeedPage(photosPage.items(), photosPage.nextCursor().orElse(null));
  }

  private static ReactionType reactionType(String type) {
    return ReactionType.parse(type); // InvalidInputException, a 400, for an unknown type
  }
}
