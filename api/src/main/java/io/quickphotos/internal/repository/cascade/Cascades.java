package io.quickphotos.internal.repository.cascade;

import io.quickphotos.PhotoId;
import io.quickphotos.ReactionType;
import io.quickphotos.internal.repository.request.Meter;
import io.quickphotos.internal.repository.request.Requests;
import io.quickphotos.internal.singletable.layout.KeyLayout;

/**
 * The calls that delete what other items count, the one entry point of this package: removing a
 * reaction, deleting a photo with its reactions ({@link PhotoCascade}), closing an account with
 * everything it owns and every link to it ({@link AccountCascade}); each fenced to the
 * incarnation it marked first and resumable by calling again. Every other feature reaches the
 * cascades only through here. Thread-safe if the engine is.
 */
public final class Cascades {
  private final PhotoCascade photos;
  private final AccountCascade accounts;

  /**
   * The cascades of one repository.
   *
   * @param requests the request layer
   */
  public Cascades(Requests requests) {
    CascadeSteps steps = new CascadeSteps(requests);
    ViewCascade views = new ViewCascade(requests);
    this.photos = new PhotoCascade(requests, steps, views);
    this.accounts = new AccountCascade(requests, steps, photos, views);
  }

  /**
   * Removes one reaction and takes one off its photo's counter, in one transaction.
   *
   * @param reactor who reacted, already validated
   * @param photo the photo, already validated
   * @param type the reaction's type
   * @return whether this call deleted it (false: there was none)
   */
  public boolean removeReaction(String reactor, PhotoId photo, ReactionType type, Meter meter) {
    return photos.removeReaction(
        KeyLayout.reaction(reactor, type, photo), reactor, photo, type, meter);
  }

  /**
   * deletePhoto's cascade (see {@link PhotoCascade#deletePhoto}).
   *
   * @param id the photo, already validated
   */
  public void deletePhoto(PhotoId id, Meter meter) {
    photos.deletePhoto(id, meter);
  }

  /**
   * deleteUser's cascade (see {@link AccountCascade#closeAccount}).
   *
   * @param username the account, already validated
   */
  public void closeAccount(String username, Meter meter) {
    accounts.closeAccount(username, meter);
  }
}
