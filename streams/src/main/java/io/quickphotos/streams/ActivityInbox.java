package io.quickphotos.streams;

import io.quickphotos.ActivityNotice;
import io.quickphotos.FollowRequest;
import io.quickphotos.QuickPhotos;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The change feed's handler that fills the activity inbox ({@link QuickPhotos#activity}): each
 * batch's follows, requests, approvals, reactions and uploads become {@link ActivityNotice}s,
 * handed to {@link QuickPhotos#deliverActivity} in one call. Undoing events (an unfollow, a
 * removed reaction, a withdrawn request, a block, a closed account) need no handling: the inbox
 * checks every entry against the table when it is read.
 *
 * <p><b>Exactly once in effect.</b> An entry's key is made of its event, so a batch delivered
 * again (a poller restarted from its checkpoint, Lambda retrying) writes the same entries again
 * and changes nothing; no {@link AppliedMarks} are needed. A failed delivery throws, and the
 * batch comes again.
 *
 * <p>Run it with a {@link StreamPoller} in process, or in AWS Lambda through
 * quickphotos-streams-lambda's {@code ChangeFeedHandler}:
 *
 * <pre>{@code
 * StreamPoller poller =
 *     StreamPoller.builder(streams, streamArn, ActivityInbox.of(photos)).build();
 * poller.start(Duration.ofMillis(100));
 * }</pre>
 *
 * Thread-safe: it holds only the repository.
 */
public final class ActivityInbox implements ChangeHandler {
  private final QuickPhotos photos;

  private ActivityInbox(QuickPhotos photos) {
    this.photos = photos;
  }

  /**
   * The handler that fills a repository's inboxes. The repository must be over the table whose
   * stream the handler reads.
   *
   * @param photos the repository
   * @return the handler
   * @throws NullPointerException if {@code photos} is null
   */
  public static ActivityInbox of(QuickPhotos photos) {
    return new ActivityInbox(Objects.requireNonNull(photos, "photos"));
  }

  /**
   * Delivers one batch's events into the inboxes: one {@link QuickPhotos#deliverActivity} call
   * (nothing if the batch tells nobody anything).
   *
   * @param batch the deliveries
   * @throws io.quickphotos.QuickPhotosException if the delivery failed; the batch is then
   *     delivered again
   */
  @Override
  public void handle(List<Delivery> batch) {
    List<ActivityNotice> notices = new ArrayList<>();
    for (Delivery delivery : batch) {
      notice(delivery.event()).ifPresent(notices::add);
    }
    if (!notices.isEmpty()) {
      photos.deliverActivity(notices);
    }
  }

  /**
   * The notice an event gives, if any.
   *
   * @param event a change
   * @return its notice: follows, requests, approvals, reactions and uploads have one
   */
  public static Optional<ActivityNotice> notice(ChangeEvent event) {
    if (event instanceof ChangeEvent.Followed followed) {
      return Optional.of(ActivityNotice.followed(followed.follow()));
    } else if (event instanceof ChangeEvent.RequestApproved approved) {
      return Optional.of(ActivityNotice.approved(approved.follow()));
    } else if (event instanceof ChangeEvent.FollowRequested requested) {
      return Optional.of(
          ActivityNotice.requested(
              new FollowRequest(requested.requester(), requested.account(), requested.since())));
    } else if (event instanceof ChangeEvent.ReactionAdded added) {
      return Optional.of(ActivityNotice.reacted(added.reaction()));
    } else if (event instanceof ChangeEvent.PhotoUploaded uploaded) {
      return Optional.of(ActivityNotice.newPhoto(uploaded.photo().id()));
    }
    return Optional.empty();
  }
}
