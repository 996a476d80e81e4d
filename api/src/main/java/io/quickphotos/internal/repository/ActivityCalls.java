package io.quickphotos.internal.repository;

import io.quickphotos.AccessPattern;
import io.quickphotos.Activity;
import io.quickphotos.ActivityNotice;
import io.quickphotos.Page;
import io.quickphotos.PageRequest;
import io.quickphotos.QuickPhotos;
import io.quickphotos.internal.repository.activity.Inbox;
import io.quickphotos.internal.repository.request.Calls;
import io.quickphotos.internal.repository.validation.Validation;
import java.util.List;

/**
 * The facade's calls of the activity inbox ({@link QuickPhotos#activity},
 * {@link QuickPhotos#unreadActivity}, {@link QuickPhotos#markActivityRead},
 * {@link QuickPhotos#deliverActivity}): each checks its arguments and hands its access pattern to
 * the {@link Inbox}. A base of {@link SingleTableQuickPhotos} (through {@link ViewCalls}), which
 * keeps under its line bound so; it hands the room over once, in its constructor, before the
 * repository is published.
 *
 * <p>Thread-safe if the engine is; holds no per-call state.
 */
abstract class ActivityCalls implements QuickPhotos {
  private volatile Calls calls;
  private volatile Inbox inbox;

  /** Called once, by the facade's constructor, with the room it built. */
  final void serveActivity(Calls calls, Inbox inbox) {
    this.calls = calls;
    this.inbox = inbox;
  }

  @Override
  public Page<Activity> activity(String user, PageRequest page) {
    Validation.username("user", user);
    Validation.page(page, PageRequest.MAX_SIZE);
    Inbox room = inbox;
    return calls.call(AccessPattern.ACTIVITY, meter -> room.page(user, page, meter));
  }

  @Override
  public int unreadActivity(String user) {
    Validation.username("user", user);
    Inbox room = inbox;
    return calls.call(AccessPattern.UNREAD_ACTIVITY, meter -> room.unread(user, meter));
  }

  @Override
  public void markActivityRead(String user) {
    Validation.username("user", user);
    Inbox room = inbox;
    calls.call(
        AccessPattern.MARK_ACTIVITY_READ,
        meter -> {
          room.markRead(user, meter);
          return null;
        });
  }

  @Override
  public int deliverActivity(List<ActivityNotice> notices) {
    Validation.notNull("notices", notices);
    for (ActivityNotice notice : notices) {
      Validation.notNull("notice", notice);
      Validation.username("recipient", notice.recipient());
      Validation.username("actor", notice.actor());
      notice.photo().ifPresent(Validation::photoId);
      Validation.timestamp("at", notice.at());
    }
    List<ActivityNotice> copy = List.copyOf(notices);
    Inbox room = inbox;
    return calls.call(AccessPattern.DELIVER_ACTIVITY, meter -> room.deliver(copy, meter));
  }
}
