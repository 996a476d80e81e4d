package io.quickphotos.internal.repository.feed;

import io.quickphotos.FanOut;
import io.quickphotos.NewPhoto;
import io.quickphotos.Photo;
import io.quickphotos.PhotoAlreadyExistsException;
import io.quickphotos.PhotoId;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.Limits;
import io.quickphotos.engine.WriteAction;
import io.quickphotos.internal.repository.hot.HotKeys;
import io.quickphotos.internal.repository.request.Batches;
import io.quickphotos.internal.repository.request.Cancellation;
import io.quickphotos.internal.repository.request.Meter;
import io.quickphotos.internal.repository.request.Reads;
import io.quickphotos.internal.repository.request.Writes;
import io.quickphotos.internal.singletable.codec.ItemCodec;
import io.quickphotos.internal.singletable.feed.PendingFanOuts;
import io.quickphotos.internal.singletable.feed.Timelines;
import io.quickphotos.internal.singletable.photo.PhotoPlans;
import io.quickphotos.internal.singletable.plan.Plans;
import io.quickphotos.internal.singletable.plan.WritePlan;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Uploads and the fan-out of an author's photos into its audience's timelines (the layout and
 * the rule every repository obeys in {@link Timelines}). An upload checks, in the transaction it
 * always sent, that its owner has no audience; one that has (counted on its profile by every
 * timeline follow) makes the upload send again with a pending fan-out beside the photo. The
 * fan-out reads the audience and every pending fan-out of the author in one strongly consistent
 * Query, writes each member's entry when the member's window holds the photo (BatchWriteItem, 25
 * a request, side by side), and deletes each pending fan-out it finished if its token is still
 * the one read. One cut short (a crash, an exhausted retry budget) is finished by the retry of
 * the upload, the author's next upload, or the audit. An author this repository saw with an
 * audience goes straight to the upload with a pending fan-out. Thread-safe if the engine is.
 */
final class Uploads {
  private final Reads reads;
  private final Writes writes;
  private final Batches batches;
  private final FanOut fanOut;
  private final Clock clock;

  /**
   * Authors an upload or follow found with an audience: their uploads go straight to the fan-out.
   * One whose audience emptied is forgotten by its next fan-out, which finds nobody.
   */
  private final Set<String> withAudience = ConcurrentHashMap.newKeySet();

  Uploads(Reads reads, Writes writes, Batches batches, FanOut fanOut, Clock clock) {
    this.reads = reads;
    this.writes = writes;
    this.batches = batches;
    this.fanOut = fanOut;
    this.clock = clock;
  }

  /** Remembers an author found with an audience. */
  void remember(String author) {
    if (withAudience.size() >= HotKeys.REMEMBERED) {
      withAudience.clear();
    }
    withAudience.add(author);
  }

  /** The oldest photo timestamp a writer still puts in a timeline of the given window. */
  Instant writeHorizon(Duration window) {
    return clock.instant().minus(window).minus(Timelines.CLOCK_MARGIN);
  }

  /**
   * Upload: one transaction for an owner without an audience; for one with an audience the
   * transaction with a pending fan-out, then the fan-out (finishing any an earlier upload of the
   * author left); one failed transaction more when this repository did not know the owner has
   * one. A retry of an upload whose fan-out was cut short finishes it before reporting that the
   * photo exists.
   */
  Photo upload(NewPhoto photo, Meter meter) {
    PhotoId id = photo.id();
    String owner = id.owner();
    WritePlan plain = PhotoPlans.uploadPhoto(photo, false);
    if (!withAudience.contains(owner)) {
      Optional<Cancellation> cancelled;
      try {
        cancelled = writes.writeOrRedirect(plain, meter);
      } catch (PhotoAlreadyExistsException e) {
        if (Cancellation.causing(plain, e).filter(c -> c.failed(PhotoPlans.OWNER)).isPresent()) {
          // The owner has an audience: this may be the retry of an upload cut short.
          fanOut(owner, meter);
        }
        throw e;
      }
      if (cancelled.isEmpty()) {
        return ItemCodec.photo(plain.put());
      }
      remember(owner);
    }
    WritePlan plan =
        PendingFanOuts.uploadWithFanOut(
            PhotoPlans.uploadPhoto(photo, true), id, Plans.newCallToken().value());
    try {
      writes.write(plan, meter);
    } catch (PhotoAlreadyExistsException e) {
      fanOut(owner, meter);
      throw e;
    }
    fanOut(owner, meter);
    return ItemCodec.photo(plain.put());
  }

  /**
   * Finishes every pending fan-out of an author (the upload's own, and any an earlier upload
   * left): the audience and pending fan-outs in one Query (a page per 1 MB), each member's entry
   * where its window holds the photo, then each pending fan-out deleted if still the one read.
   */
  void fanOut(String author, Meter meter) {
    List<String> members = new ArrayList<>();
    List<Duration> windows = new ArrayList<>();
    List<Item> pending = new ArrayList<>();
    int limit = Math.max(fanOut.maxFollowers(), FanOut.DEFAULT_MAX_FOLLOWERS);
    for (Item item :
        reads.queryToEnd(
            Timelines.audienceAndPending(author, limit + Limits.MAX_BATCH_WRITE_ITEMS), meter)) {
      switch (ItemCodec.kindOf(item)) {
        case AUDIENCE -> {
          // An audience item of the version before windows serves no reader: no entry for it.
          Optional<Duration> window = Timelines.windowOf(item);
          if (window.isPresent()) {
            members.add(Timelines.memberOf(item));
            windows.add(window.get());
          }
        }
        case FAN_OUT -> pending.add(item);
        default -> {
          // A kind this version does not know: skipped.
        }
      }
    }
    if (members.isEmpty()) {
      withAudience.remove(author);
    }
    for (Item marker : pending) {
      PhotoId photo = PendingFanOuts.pendingPhoto(marker);
      List<Item> entries = new ArrayList<>(members.size());
      for (int i = 0; i < members.size(); i++) {
        if (photo.timestamp().isAfter(writeHorizon(windows.get(i)))) {
          entries.add(Timelines.entry(members.get(i), photo, windows.get(i)));
        }
      }
      batches.batchWriteAll(entries, meter);
      writes.tryWrite(
          new WriteAction.Delete(marker.key(), PendingFanOuts.stillPending(marker)), meter);
    }
  }
}
