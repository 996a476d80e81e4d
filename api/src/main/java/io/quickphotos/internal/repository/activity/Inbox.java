package io.quickphotos.internal.repository.activity;

import io.quickphotos.Activity;
import io.quickphotos.ActivityKind;
import io.quickphotos.ActivityNotice;
import io.quickphotos.InvalidCursorException;
import io.quickphotos.Page;
import io.quickphotos.PageRequest;
import io.quickphotos.QuickPhotos;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.ItemCondition;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.WriteAction;
import io.quickphotos.internal.repository.request.Batches;
import io.quickphotos.internal.repository.request.CursorScope;
import io.quickphotos.internal.repository.request.Cursors;
import io.quickphotos.internal.repository.request.Meter;
import io.quickphotos.internal.repository.request.Reads;
import io.quickphotos.internal.repository.request.Requests;
import io.quickphotos.internal.repository.request.Writes;
import io.quickphotos.internal.singletable.activity.InboxItems;
import io.quickphotos.internal.singletable.layout.InboxKeys;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The activity inbox, the one entry point of this package: pages of a user's inbox, the unread
 * count, the read mark ({@link InboxWindow} reads, {@link InboxChecks} decides what stands and
 * groups it), and the delivery of events into inboxes ({@link InboxDelivery}). The inbox is fed
 * by the change feed, never by the calls whose events it tells, so no call pays for another
 * user's inbox. Stateless but for its collaborators; thread-safe if the engine is.
 */
public final class Inbox {
  /** How long an event is kept and shown. */
  static final Duration RETENTION = Duration.ofDays(QuickPhotos.ACTIVITY_RETENTION_DAYS);

  /** The most unread events counted. */
  static final int MAX_UNREAD = 100;

  private final Reads reads;
  private final Batches batches;
  private final Writes writes;
  private final Clock clock;
  private final InboxDelivery delivery;

  /**
   * The inbox of one repository.
   *
   * @param requests the request layer
   * @param clock the repository's clock (retention, the read mark)
   */
  public Inbox(Requests requests, Clock clock) {
    this.reads = requests.reads();
    this.batches = requests.batches();
    this.writes = requests.writes();
    this.clock = clock;
    this.delivery = new InboxDelivery(requests);
  }

  /**
   * A page of a user's inbox (see {@link QuickPhotos#activity}).
   *
   * @param user the inbox's owner, already validated
   * @param page the page, already validated
   * @return the page
   * @throws InvalidCursorException if the cursor is not one of this inbox's
   */
  public Page<Activity> page(String user, PageRequest page, Meter meter) {
    String below =
        page.cursor().map(cursor -> decode(user, cursor)).orElse(InboxKeys.AFTER_ENTRIES);
    InboxWindow window = InboxWindow.read(reads, user, below, oldest(), meter);
    InboxChecks checks =
        InboxChecks.read(batches, user, window.entries(), window.blockedEitherWay(), meter);
    InboxChecks.Grouped grouped = checks.group(window.entries(), page.size(), window.readUpTo());
    boolean more = grouped.stoppedEarly() || !window.complete();
    Optional<String> next =
        more && grouped.lastConsumed() != null
            ? Optional.of(
                Cursors.encode(
                    scope(user).name(), new Key(InboxKeys.inbox(user), grouped.lastConsumed())))
            : Optional.empty();
    return new Page<>(grouped.activities(), next);
  }

  /**
   * How many events after the read mark stand, at most {@link #MAX_UNREAD} (see
   * {@link QuickPhotos#unreadActivity}): the newest window's reads, counted by event.
   *
   * @param user the inbox's owner, already validated
   * @return the count
   */
  public int unread(String user, Meter meter) {
    InboxWindow window = InboxWindow.read(reads, user, InboxKeys.AFTER_ENTRIES, oldest(), meter);
    List<InboxItems.Entry> newer =
        window.entries().stream().filter(e -> e.at().isAfter(window.readUpTo())).toList();
    InboxChecks checks = InboxChecks.read(batches, user, newer, window.blockedEitherWay(), meter);
    int count = 0;
    for (InboxItems.Entry entry : newer) {
      if (count < MAX_UNREAD && checks.stands(entry)) {
        count++;
      }
    }
    return count;
  }

  /**
   * Marks the inbox read up to now: one PutItem on condition that the mark is not later.
   *
   * @param user the inbox's owner, already validated
   */
  public void markRead(String user, Meter meter) {
    Instant now = clock.instant();
    Item mark = InboxItems.readMark(user, now);
    ItemCondition notLater =
        ItemCondition.not(
            new ItemCondition.AtLeast(
                io.quickphotos.engine.AttributePath.of(
                    io.quickphotos.internal.singletable.layout.Attributes.READ_UP_TO),
                InboxItems.epochNanos(now) + 1));
    // Refused only when a later mark already stands: then the inbox is read further than asked.
    writes.tryWrite(new WriteAction.Put(mark, notLater), meter);
  }

  /**
   * Writes events into the inboxes they are for (see {@link QuickPhotos#deliverActivity}).
   *
   * @param notices the events, already validated
   * @return the entries written
   */
  public int deliver(List<ActivityNotice> notices, Meter meter) {
    return delivery.deliver(notices, meter);
  }

  private Instant oldest() {
    return clock.instant().minus(RETENTION);
  }

  private static CursorScope scope(String user) {
    return CursorScope.activity(InboxKeys.inbox(user));
  }

  private static String decode(String user, String cursor) {
    Key key =
        Cursors.decode(
            scope(user).name(),
            cursor,
            InboxItems.entries(user, InboxKeys.AFTER_ENTRIES, Instant.EPOCH));
    if (!key.sk().startsWith(InboxKeys.ENTRY)) {
      throw new InvalidCursorException("cursor points outside its listing");
    }
    return key.sk();
  }

  /** Whether a notice writes anything: one's own reaction to one's own photo does not. */
  static boolean tells(ActivityNotice notice) {
    return notice.kind() == ActivityKind.NEW_PHOTO || !notice.actor().equals(notice.recipient());
  }
}
