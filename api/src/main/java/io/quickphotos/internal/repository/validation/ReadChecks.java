package io.quickphotos.internal.repository.validation;

import io.quickphotos.InvalidInputException;
import io.quickphotos.PageRequest;
import io.quickphotos.PhotoId;
import io.quickphotos.SortOrder;
import io.quickphotos.engine.Limits;

/**
 * The argument checks of the reads a repository serves both trusted and for a viewer, one method
 * per read, so that {@code QuickPhotos}' read and {@code ViewerReads}' read of the same name fail
 * alike on the same bad input, in the same order, before any request. The viewer is checked once,
 * when its reads are made; the trusted home feed checks its reader before calling {@link
 * #homeFeed}. Stateless and thread-safe.
 */
public final class ReadChecks {
  private ReadChecks() {}

  /**
   * Checks the arguments of {@code getUser}.
   *
   * @param username the user's handle
   * @throws InvalidInputException if it is not valid
   */
  public static void getUser(String username) {
    Validation.username("username", username);
  }

  /**
   * Checks the arguments of {@code getPhoto}.
   *
   * @param id the photo's id
   * @throws InvalidInputException if it is not valid
   */
  public static void getPhoto(PhotoId id) {
    Validation.photoId(id);
  }

  /**
   * Checks the arguments of {@code userWithPhotos}.
   *
   * @param username the user's handle
   * @param order the photos' order
   * @param page the page request, up to {@link PageRequest#MAX_SIZE}
   * @throws InvalidInputException if one is not valid, the first in this order
   */
  public static void userWithPhotos(String username, SortOrder order, PageRequest page) {
    Validation.username("username", username);
    Validation.notNull("order", order);
    Validation.page(page, PageRequest.MAX_SIZE);
  }

  /**
   * Checks the arguments of {@code photoWithReactions}.
   *
   * @param photo the photo's id
   * @param page the page request, up to {@link PageRequest#MAX_SIZE}
   * @throws InvalidInputException if one is not valid, the first in this order
   */
  public static void photoWithReactions(PhotoId photo, PageRequest page) {
    Validation.photoId(photo);
    Validation.page(page, PageRequest.MAX_SIZE);
  }

  /**
   * Checks the arguments of {@code followersOf}.
   *
   * @param username the followed user's handle
   * @param page the page request, up to {@link PageRequest#MAX_SIZE}
   * @throws InvalidInputException if one is not valid, the first in this order
   */
  public static void followersOf(String username, PageRequest page) {
    Validation.username("username", username);
    Validation.page(page, PageRequest.MAX_SIZE);
  }

  /**
   * Checks the arguments of {@code followedBy}, whose page is one BatchGetItem.
   *
   * @param username the follower's handle
   * @param page the page request, up to {@link Limits#MAX_BATCH_GET_KEYS}
   * @throws InvalidInputException if one is not valid, the first in this order
   */
  public static void followedBy(String username, PageRequest page) {
    Validation.username("username", username);
    Validation.page(page, Limits.MAX_BATCH_GET_KEYS);
  }

  /**
   * Checks the arguments of {@code isFollowing}.
   *
   * @param follower the follower's handle
   * @param followed the followed user's handle
   * @throws InvalidInputException if one is not valid or both are the same user
   */
  public static void isFollowing(String follower, String followed) {
    Validation.username("follower", follower);
    Validation.username("followed", followed);
    Validation.notSame(follower, followed);
  }

  /**
   * Checks the arguments of {@code reactionsLeftBy}.
   *
   * @param reactor the reactor's handle
   * @param photo the photo's id
   * @throws InvalidInputException if one is not valid, the first in this order
   */
  public static void reactionsLeftBy(String reactor, PhotoId photo) {
    Validation.username("reactor", reactor);
    Validation.photoId(photo);
  }

  /**
   * Checks the page of {@code homeFeed}; its reader is checked by the caller (the viewer's when
   * its reads were made).
   *
   * @param page the page request
   * @param maxSize the feed's largest page, which the feed itself sets
   * @throws InvalidInputException if it is not valid
   */
  public static void homeFeed(PageRequest page, int maxSize) {
    Validation.page(page, maxSize);
  }
}
