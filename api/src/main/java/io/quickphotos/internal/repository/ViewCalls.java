package io.quickphotos.internal.repository;

import io.quickphotos.AccessPattern;
import io.quickphotos.PhotoId;
import io.quickphotos.PhotoView;
import io.quickphotos.QuickPhotos;
import io.quickphotos.internal.repository.hot.HotKeys;
import io.quickphotos.internal.repository.listing.Listings;
import io.quickphotos.internal.repository.request.Calls;
import io.quickphotos.internal.repository.validation.Validation;
import java.time.Clock;
import java.time.Instant;

/**
 * The facade's calls of views ({@link QuickPhotos#viewPhoto}, {@link QuickPhotos#hasSeen}), as
 * {@link PrivacyCalls} holds those of privacy: each checks its arguments and hands its access
 * pattern to the room that serves it, {@link HotKeys} for the view (who may view is decided
 * with who may react, and a hot photo's owner checked on its shards), {@link Listings} for the
 * read. A base of {@link SingleTableQuickPhotos}, which keeps under its line bound so; it hands
 * its rooms over once, in its constructor, before the repository is published.
 *
 * <p>Thread-safe if the engine is; holds no per-call state.
 */
abstract class ViewCalls extends ActivityCalls implements QuickPhotos {
  private volatile Calls calls;
  private volatile HotKeys hotKeys;
  private volatile Listings listings;
  private volatile Clock clock;

  /** Called once, by the facade's constructor, with the rooms it built. */
  final void serveViews(Calls calls, HotKeys hotKeys, Listings listings, Clock clock) {
    this.calls = calls;
    this.hotKeys = hotKeys;
    this.listings = listings;
    this.clock = clock;
  }

  @Override
  public PhotoView viewPhoto(String viewer, PhotoId photo) {
    Validation.username("viewer", viewer);
    Validation.photoId(photo);
    Instant at = clock.instant();
    HotKeys hot = hotKeys;
    return calls.call(
        AccessPattern.VIEW_PHOTO,
        meter -> new PhotoView(viewer, photo, at, hot.view(viewer, photo, at, meter)));
  }

  @Override
  public boolean hasSeen(String user, PhotoId photo) {
    Validation.username("user", user);
    Validation.photoId(photo);
    Listings reads = listings;
    return calls.call(AccessPattern.HAS_SEEN, meter -> reads.hasSeen(user, photo, meter));
  }
}
