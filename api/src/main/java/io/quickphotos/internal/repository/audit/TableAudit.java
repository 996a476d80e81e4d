package io.quickphotos.internal.repository.audit;

import io.quickphotos.AuditFinding;
import io.quickphotos.AuditFinding.Kind;
import io.quickphotos.AuditReport;
import io.quickphotos.Follow;
import io.quickphotos.Photo;
import io.quickphotos.PhotoId;
import io.quickphotos.QuickPhotosException;
import io.quickphotos.Reaction;
import io.quickphotos.ServiceUnavailableException;
import io.quickphotos.User;
import io.quickphotos.UserStatus;
import io.quickphotos.engine.ItemCondition;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.Limits;
import io.quickphotos.engine.QueryResult;
import io.quickphotos.engine.ScanPlan;
import io.quickphotos.engine.WriteAction;
import io.quickphotos.internal.repository.cascade.Cascades;
import io.quickphotos.internal.repository.feed.Feeds;
import io.quickphotos.internal.repository.privacy.Privacy;
import io.quickphotos.internal.repository.request.Meter;
import io.quickphotos.internal.repository.request.Reads;
import io.quickphotos.internal.repository.request.Requests;
import io.quickphotos.internal.singletable.layout.KeyLayout;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongConsumer;

/**
 * {@code QuickPhotos.audit}: a parallel Scan that tallies every item ({@link AuditTally}), the
 * checks of the tally (references to users and photos here, the hybrid feed's items in
 * {@link AuditFanOuts}, counters against their items in {@link AuditCounters}, unfinished deletes
 * here), and the conditional writes that mend what it found. One instance per call; the scanning
 * threads are the call's own and end with it.
 *
 * <p>Fixes run in an order that lets one run converge: dangling items first (a delete fenced by
 * a ConditionCheck that what they refer to is still absent; counters are left to the counter
 * step), then the hybrid feed's items, then counters (read with the item's revision, count
 * again, set on condition the revision is unchanged), then unfinished deletes (their own fenced
 * cascades, which need the counters right). Items of a kind this version does not know are
 * skipped and counted in the report.
 */
public final class TableAudit {
  /** Segments of the parallel Scan, each read by its own thread. */
  static final int SEGMENTS = 4;

  /** Items per Scan page. */
  static final int PAGE = 1000;

  private final Requests requests;
  private final Cascades cascades;
  private final Feeds feeds;
  private final Privacy privacy;
  private final Clock clock;
  private final Meter meter;

  /** Counters whose items this run deleted as dangling: the Scan's count less these. */
  private final Map<String, Long> removed = new HashMap<>();

  /**
   * One audit.
   *
   * @param requests the request layer
   * @param cascades finish the deletes left unfinished
   * @param feeds finish the fan-outs and fillings left unfinished
   * @param privacy removes what a block cut short left, finishes switches of visibility
   * @param clock what now is, for the timelines' windows
   * @param meter the audit call's meter
   */
  public TableAudit(
      Requests requests,
      Cascades cascades,
      Feeds feeds,
      Privacy privacy,
      Clock clock,
      Meter meter) {
    this.requests = requests;
    this.cascades = cascades;
    this.feeds = feeds;
    this.privacy = privacy;
    this.clock = clock;
    this.meter = meter;
  }

  /**
   * Scans the table, checks what it holds, and mends what it found when asked to.
   *
   * @param fix whether to mend
   * @param progress told the running count of items scanned
   * @return the findings
   */
  public AuditReport run(boolean fix, LongConsumer progress) {
    AuditTally tally = scan(progress);
    List<AuditFinding> findings = new ArrayList<>();
    danglingItems(tally, fix, findings);
    new AuditFanOuts(requests, feeds, clock, meter).check(tally, removed, fix, findings);
    new AuditPrivacy(requests, privacy, meter).check(tally, fix, findings);
    new AuditCounters(requests, meter).check(tally, removed, fix, findings);
    new AuditViews(requests, meter).check(tally, fix, findings);
    unfinishedDeletes(tally, fix, findings);
    findings.sort(Comparator.comparing(AuditFinding::kind).thenComparing(AuditFinding::subject));
    return new AuditReport(tally.scanned, findings, tally.skipped);
  }

  // --- the scan ------------------------------------------------------------------------------

  private AuditTally scan(LongConsumer progress) {
    Instant now = clock.instant();
    AtomicLong scanned = new AtomicLong();
    ExecutorService threads =
        Executors.newFixedThreadPool(
            SEGMENTS,
            body -> {
              Thread thread = new Thread(body, "quickphotos-audit-scan");
              thread.setDaemon(true);
              return thread;
            });
    List<Segment> segments = new ArrayList<>();
    try {
      List<Future<?>> running = new ArrayList<>();
      for (int i = 0; i < SEGMENTS; i++) {
        Segment segment = new Segment(new ScanPlan(i, SEGMENTS, PAGE, Optional.empty()), now);
        segments.add(segment);
        running.add(threads.submit(() -> segment.scan(scanned, progress)));
      }
      for (Future<?> segment : running) {
        segment.get();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ServiceUnavailableException(
          "the audit was interrupted",
          ServiceUnavailableException.Reason.INTERRUPTED,
          ServiceUnavailableException.Written.NOTHING,
          e);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RuntimeException runtime) {
        throw runtime;
      }
      throw new QuickPhotosException("the audit's scan failed", e.getCause());
    } finally {
      threads.shutdownNow();
      // Metered segment by segment, whatever order the threads ran in.
      for (Segment segment : segments) {
        synchronized (segment) {
          for (int i = 0; i < segment.plans.size(); i++) {
            Reads.metered(segment.plans.get(i), segment.pages.get(i), meter);
          }
        }
      }
    }
    AuditTally all = new AuditTally(now);
    segments.forEach(segment -> all.addAll(segment.tally));
    return all;
  }

  /** One segment's pages and tally, filled by its thread. */
  private final class Segment {
    final List<ScanPlan> plans = new ArrayList<>();
    final List<QueryResult> pages = new ArrayList<>();
    final AuditTally tally;
    private final ScanPlan first;

    Segment(ScanPlan first, Instant now) {
      this.first = first;
      this.tally = new AuditTally(now);
    }

    void scan(AtomicLong scanned, LongConsumer progress) {
      ScanPlan plan = first;
      while (true) {
        QueryResult page = requests.reads().scan(plan);
        synchronized (this) {
          plans.add(plan);
          pages.add(page);
        }
        page.items().forEach(tally::add);
        long total = scanned.addAndGet(page.items().size());
        synchronized (progress) {
          progress.accept(total);
        }
        if (page.lastEvaluatedKey().isEmpty()) {
          return;
        }
        plan = plan.startingAfter(page.lastEvaluatedKey().get());
      }
    }
  }

  // --- dangling items ------------------------------------------------------------------------

  private void danglingItems(AuditTally tally, boolean fix, List<AuditFinding> findings) {
    for (Follow follow : tally.friendships) {
      List<String> missing = new ArrayList<>();
      for (String user : List.of(follow.followed(), follow.follower())) {
        if (!tally.users.containsKey(user)) {
          missing.add(user);
        }
      }
      if (missing.isEmpty()) {
        continue;
      }
      List<WriteAction> actions = new ArrayList<>();
      missing.forEach(user -> actions.add(absent(KeyLayout.user(user))));
      actions.add(
          new WriteAction.Delete(
              KeyLayout.friendship(follow.followed(), follow.follower()), ItemCondition.EXISTS));
      boolean fixed = fix && commit(actions);
      if (fixed) {
        removed.merge("followers " + follow.followed(), 1L, Long::sum);
        removed.merge("following " + follow.follower(), 1L, Long::sum);
      }
      findings.add(
          new AuditFinding(
              Kind.MISSING_USER,
              "friendship " + follow.follower() + " -> " + follow.followed(),
              "user " + String.join(" and ", missing) + " does not exist",
              fixed));
    }
    for (List<Reaction> onOnePhoto : tally.reactionItems.values()) {
      for (Reaction reaction : onOnePhoto) {
        danglingReaction(reaction, tally, fix, findings);
      }
    }
    for (Photo photo : tally.photos.values()) {
      String owner = photo.id().owner();
      if (tally.users.containsKey(owner)) {
        continue;
      }
      boolean fixed = fix && deleteOrphanPhoto(photo.id(), tally);
      findings.add(
          new AuditFinding(
              Kind.MISSING_USER,
              "photo " + photo.id(),
              "its owner " + owner + " does not exist",
              fixed));
    }
  }

  /** A reaction by a missing user or on a missing photo: deleted, the absence checked. */
  private void danglingReaction(
      Reaction reaction, AuditTally tally, boolean fix, List<AuditFinding> findings) {
    boolean reactorMissing = !tally.users.containsKey(reaction.reactor());
    boolean photoMissing = !tally.photos.containsKey(reaction.photo());
    if (!reactorMissing && !photoMissing) {
      return;
    }
    List<WriteAction> actions = new ArrayList<>();
    if (reactorMissing) {
      actions.add(absent(KeyLayout.user(reaction.reactor())));
    }
    if (photoMissing) {
      actions.add(absent(KeyLayout.photo(reaction.photo())));
    }
    actions.add(
        new WriteAction.Delete(
            KeyLayout.reaction(reaction.reactor(), reaction.type(), reaction.photo()),
            ItemCondition.EXISTS));
    boolean fixed = fix && commit(actions);
    if (fixed) {
      removed.merge("reactions " + reaction.photo() + " " + reaction.type(), 1L, Long::sum);
    }
    findings.add(
        new AuditFinding(
            photoMissing ? Kind.MISSING_PHOTO : Kind.MISSING_USER,
            "reaction "
                + reaction.reactor()
                + " "
                + reaction.type().storedName()
                + " on photo "
                + reaction.photo(),
            photoMissing
                ? "photo " + reaction.photo() + " does not exist"
                : "user " + reaction.reactor() + " does not exist",
            fixed));
  }

  /** Deletes a photo whose owner is gone, its reactions first, each transaction fenced. */
  private boolean deleteOrphanPhoto(PhotoId id, AuditTally tally) {
    WriteAction ownerAbsent = absent(KeyLayout.user(id.owner()));
    List<WriteAction> batch = new ArrayList<>();
    for (Reaction reaction : tally.reactionItems.getOrDefault(id, List.of())) {
      batch.add(
          new WriteAction.Delete(
              KeyLayout.reaction(reaction.reactor(), reaction.type(), id), ItemCondition.NONE));
      if (batch.size() == Limits.MAX_TRANSACTION_ACTIONS - 1) {
        batch.add(ownerAbsent);
        if (!commit(batch)) {
          return false;
        }
        batch = new ArrayList<>();
      }
    }
    batch.add(new WriteAction.Delete(KeyLayout.photo(id), ItemCondition.EXISTS));
    batch.add(ownerAbsent);
    return commit(batch);
  }

  private static WriteAction absent(Key key) {
    return new WriteAction.Check(key, ItemCondition.ABSENT);
  }

  private boolean commit(List<WriteAction> actions) {
    return requests.writes().transact(actions, meter);
  }

  // --- unfinished deletes --------------------------------------------------------------------

  private void unfinishedDeletes(AuditTally tally, boolean fix, List<AuditFinding> findings) {
    for (PhotoId photo : tally.deleting) {
      if (!tally.users.containsKey(photo.owner())) {
        continue;
      }
      boolean fixed = fix && finish(() -> cascades.deletePhoto(photo, meter));
      findings.add(
          new AuditFinding(
              Kind.UNFINISHED_DELETE,
              "photo " + photo,
              "marked deleting; deletePhoto did not finish",
              fixed));
    }
    for (User user : tally.users.values()) {
      if (user.status() != UserStatus.CLOSING) {
        continue;
      }
      boolean fixed = fix && finish(() -> cascades.closeAccount(user.username(), meter));
      findings.add(
          new AuditFinding(
              Kind.UNFINISHED_DELETE,
              "user " + user.username(),
              "closing; deleteUser did not finish",
              fixed));
    }
  }

  private static boolean finish(Runnable cascade) {
    try {
      cascade.run();
      return true;
    } catch (QuickPhotosException e) {
      // Gone already (another call finished it) counts as finished; anything else is left for
      // the next run, and the finding says so.
      return e instanceof io.quickphotos.PhotoNotFoundException
          || e instanceof io.quickphotos.UserNotFoundException;
    }
  }
}
