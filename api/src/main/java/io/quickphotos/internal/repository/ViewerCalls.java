package io.quickphotos.internal.repository;

import io.quickphotos.AccessPattern;
import io.quickphotos.Follow;
import io.quickphotos.Page;
import io.quickphotos.PageRequest;
import io.quickphotos.Photo;
import io.quickphotos.PhotoId;
import io.quickphotos.PhotoReactions;
import io.quickphotos.ReactionType;
import io.quickphotos.SortOrder;
import io.quickphotos.User;
import io.quickphotos.UserPhotos;
import io.quickphotos.ViewerReads;
import io.quickphotos.internal.repository.feed.Feeds;
import io.quickphotos.internal.repository.privacy.Privacy;
import io.quickphotos.internal.repository.request.Calls;
import io.quickphotos.internal.repository.validation.ReadChecks;
import io.quickphotos.internal.repository.validation.Validation;
import java.util.Optional;
import java.util.Set;

/**
 * The reads of one viewer ({@code QuickPhotos.as}): each checks its arguments with the trusted
 * read's own checks ({@link ReadChecks}) and hands off to {@link Privacy} inside one {@link
 * Calls#call}, reported under the read's {@code VIEWER_} pattern. Immutable and thread-safe.
 */
final class ViewerCalls implements ViewerReads {
  private final String viewer;
  private final Calls calls;
  private final Privacy privacy;

  ViewerCalls(String viewer, Calls calls, Privacy privacy) {
    this.viewer = Validation.username("viewer", viewer);
    this.calls = calls;
    this.privacy = privacy;
  }

  @Override
  public String viewer() {
    return viewer;
  }

  @Override
  public Optional<User> getUser(String username) {
    ReadChecks.getUser(username);
    return calls.call(
        AccessPattern.VIEWER_GET_USER, meter -> privacy.getUser(viewer, username, meter));
  }

  @Override
  public Optional<Photo> getPhoto(PhotoId id) {
    ReadChecks.getPhoto(id);
    return calls.call(AccessPattern.VIEWER_GET_PHOTO, meter -> privacy.getPhoto(viewer, id, meter));
  }

  @Override
  public UserPhotos userWithPhotos(String username, SortOrder order, PageRequest page) {
    ReadChecks.userWithPhotos(username, order, page);
    return calls.call(
        AccessPattern.VIEWER_USER_WITH_PHOTOS,
        meter -> privacy.userWithPhotos(viewer, username, order, page, meter));
  }

  @Override
  public PhotoReactions photoWithReactions(PhotoId photo, PageRequest page) {
    ReadChecks.photoWithReactions(photo, page);
    return calls.call(
        AccessPattern.VIEWER_PHOTO_WITH_REACTIONS,
        meter -> privacy.photoWithReactions(viewer, photo, page, meter));
  }

  @Override
  public Page<Follow> followersOf(String username, PageRequest page) {
    ReadChecks.followersOf(username, page);
    return calls.call(
        AccessPattern.VIEWER_FOLLOWERS_OF,
        meter -> privacy.followersOf(viewer, username, page, meter));
  }

  @Override
  public Page<User> followedBy(String username, PageRequest page) {
    ReadChecks.followedBy(username, page);
    return calls.call(
        AccessPattern.VIEWER_FOLLOWED_BY,
        meter -> privacy.followedBy(viewer, username, page, meter));
  }

  @Override
  public boolean isFollowing(String follower, String followed) {
    ReadChecks.isFollowing(follower, followed);
    return calls.call(
        AccessPattern.VIEWER_IS_FOLLOWING,
        meter -> privacy.isFollowing(viewer, follower, followed, meter));
  }

  @Override
  public Set<ReactionType> reactionsLeftBy(String reactor, PhotoId photo) {
    ReadChecks.reactionsLeftBy(reactor, photo);
    return calls.call(
        AccessPattern.VIEWER_REACTIONS_LEFT_BY,
        meter -> privacy.reactionsLeftBy(viewer, reactor, photo, meter));
  }

  @Override
  public Page<Photo> homeFeed(PageRequest page) {
    ReadChecks.homeFeed(page, Feeds.MAX_PAGE);
    return calls.call(
        AccessPattern.VIEWER_HOME_FEED, meter -> privacy.homeFeed(viewer, page, meter));
  }

  @Override
  public String toString() {
    return "ViewerReads<" + viewer + ">";
  }
}
