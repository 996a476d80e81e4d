package io.quickphotos.test.example;

import io.quickphotos.AlreadyFollowingException;
import io.quickphotos.Photo;
import io.quickphotos.PhotoAlreadyExistsException;
import io.quickphotos.PhotoId;
import io.quickphotos.QuickPhotos;
import io.quickphotos.ServiceUnavailableException;
import java.time.Instant;

/**
 * A piece of an application, as the kit's tests exercise it: it retries what the repository
 * reports as unavailable, and after such a failure that may have written — whose outcome is
 * unknown — reads "already done" as its own earlier attempt having gone through.
 */
public final class SocialService {
  private final QuickPhotos photos;
  private final int attempts;

  /**
   * A service making up to 3 attempts a call.
   *
   * @param photos the repository
   */
  public SocialService(QuickPhotos photos) {
    this.photos = photos;
    this.attempts = 3;
  }

  /**
   * Makes {@code follower} follow {@code followed}.
   *
   * @param follower who follows
   * @param followed who is followed
   * @return true if this call made the follow, false if it was there before
   * @throws ServiceUnavailableException if every attempt failed
   */
  // tag::retry[]
  public boolean follow(String follower, String followed) {
    boolean outcomeUnknown = false;
    for (int attempt = 1; ; attempt++) {
      try {
        photos.follow(follower, followed);
        return true;
      } catch (AlreadyFollowingException e) {
        return outcomeUnknown; // after an unknown outcome: our own earlier attempt went through
      } catch (ServiceUnavailableException e) {
        if (attempt >= attempts) {
          throw e;
        }
        // Written NOTHING: as if never sent. Otherwise the follow may have been written.
        outcomeUnknown |= e.written() != ServiceUnavailableException.Written.NOTHING;
      }
    }
  }

  // end::retry[]

  /**
   * Uploads a photo, once.
   *
   * @param owner the owner
   * @param taken when it was taken
   * @param location its URL
   * @return the stored photo
   * @throws PhotoAlreadyExistsException if the owner had a photo at that time before this call
   * @throws ServiceUnavailableException if every attempt failed
   */
  public Photo upload(String owner, Instant taken, String location) {
    boolean outcomeUnknown = false;
    for (int attempt = 1; ; attempt++) {
      try {
        return photos.uploadPhoto(owner, taken, location);
      } catch (PhotoAlreadyExistsException e) {
        if (!outcomeUnknown) {
          throw e;
        }
        return photos.getPhoto(new PhotoId(owner, taken)).orElseThrow();
      } catch (ServiceUnavailableException e) {
        if (attempt >= attempts) {
          throw e;
        }
        outcomeUnknown |= e.written() != ServiceUnavailableException.Written.NOTHING;
      }
    }
  }
}
