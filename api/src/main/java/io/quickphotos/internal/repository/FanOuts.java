package io.quickphotos.internal.repository;

import io.quickphotos.FanOut;
import io.quickphotos.Follow;
import io.quickphotos.PhotoId;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.Limits;
import io.quickphotos.engine.TableTransactionCancelledException;
import io.quickphotos.engine.WriteAction;
import io.quickphotos.internal.singletable.FollowPlans;
import io.quickphotos.internal.singletable.ItemCodec;
import io.quickphotos.internal.singletable.Plans;
import io.quickphotos.internal.singletable.Timelines;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The writes of the hybrid feed ({@link FanOut#hybrid()}, layout in {@link Timelines}): an
 * upload's fan-out into its author's audience's timelines, and a new timeline follow's filling.
 * Both run in the call that causes them, after its own write, so the caller pays them and sees
 * them done when the call returns; both are durable and idempotent (entries have deterministic
 * keys, so writing one twice leaves one):
 *
 * <ul>
 *   <li>An upload puts a pending fan-out beside the photo, in its transaction. The fan-out reads
 *       the audience and every pending fan-out of the author in one strongly consistent Query,
 *       writes the entries (BatchWriteItem, 25 a request, side by side), and deletes each pending fan-out it
 *       finished if its token is still the one read. One cut short (a crash, an exhausted retry
 *       budget) is finished by the author's next upload.
 *   <li>A timeline follow is marked {@code filling#<token>} and served by fan-out on read until
 *       the author's photos of the window are copied (one strongly consistent Query, then
 *       BatchWriteItem) and the mark becomes {@code timeline} (an UpdateItem on condition of the
 *       token: an unfollow, or a new follow, meanwhile keeps it from marking another follow).
 * </ul>
 *
 * <p>Why no photo is lost between an upload and a follow running side by side: the upload puts
 * the photo before it reads the audience, the follow puts the audience member before it reads
 * the photos, and both reads are strongly consistent, so at least one of them sees the other.
 * Thread-safe if the engine is.
 */
final class FanOuts {
  private final Execution execution;
  private final FanOut fanOut;
  private final Clock clock;

  FanOuts(Execution execution, FanOut fanOut, Clock clock) {
    this.execution = execution;
    this.fanOut = fanOut;
    this.clock = clock;
  }

  /**
   * Users a follow found at K followers or beyond: their follows are pull follows without trying.
   * A user whose following shrank below K stays here until the set is cleared, which only makes
   * some follows pull follows that could have been timeline follows.
   */
  private final Set<String> aboveLimit = ConcurrentHashMap.newKeySet();

  /** Whether a follow found this user at K followers or beyond. */
  boolean knownAboveLimit(String user) {
    return aboveLimit.contains(user);
  }

  /** Remembers a user a follow found at K followers or beyond (sharded users among them). */
  void aboveLimit(String user) {
    if (aboveLimit.size() >= HotKeys.REMEMBERED) {
      aboveLimit.clear();
    }
    aboveLimit.add(user);
  }

  /** Whether the hybrid is on. */
  boolean hybrid() {
    return fanOut.isHybrid();
  }

  /** The setting. */
  FanOut setting() {
    return fanOut;
  }

  /** The oldest photo timestamp a writer still puts in timelines: a day before the window. */
  private Instant writeHorizon() {
    return clock.instant().minus(fanOut.window()).minus(Timelines.CLOCK_MARGIN);
  }

  /**
   * The oldest timestamp a reader takes from timelines, exclusive; older photos are served by
   * fan-out on read.
   */
  Instant readHorizon() {
    return clock.instant().minus(fanOut.window());
  }

  /**
   * Finishes every pending fan-out of an author (the upload's own, and any an earlier upload
   * left): the audience and pending fan-outs in one Query (a page per 1 MB), the entries, then
   * each pending fan-out deleted if still the one read.
   */
  void fanOut(String author, Meter meter) {
    List<String> audience = new ArrayList<>();
    List<Item> pending = new ArrayList<>();
    for (Item item :
        execution.readToEnd(
            Timelines.audienceAndPending(
                author, fanOut.maxFollowers() + Limits.MAX_BATCH_WRITE_ITEMS),
            meter)) {
      if (ItemCodec.entityOf(item) == ItemCodec.Entity.AUDIENCE) {
        audience.add(Timelines.memberOf(item));
      } else {
        pending.add(item);
      }
    }
    Instant horizon = writeHorizon();
    for (Item marker : pending) {
      PhotoId photo = Timelines.pendingPhoto(marker);
      if (photo.timestamp().isAfter(horizon)) {
        List<Item> entries = new ArrayList<>(audience.size());
        for (String member : audience) {
          entries.add(Timelines.entry(member, photo, fanOut.window()));
        }
        write(entries, meter);
      }
      execution.tryWrite(
          new WriteAction.Delete(marker.key(), Timelines.stillPending(marker)), meter);
    }
  }

  /**
   * Copies an author's photos of the window into a new timeline follow's timeline, then marks
   * the follow as served by it (unless it was undone or made again meanwhile).
   *
   * @return whether this call marked the follow served by the timeline
   */
  boolean fill(Follow follow, String token, Meter meter) {
    List<Item> entries = new ArrayList<>();
    for (Item photo :
        execution.readToEnd(Timelines.photosAfter(follow.followed(), writeHorizon()), meter)) {
      entries.add(Timelines.entry(follow.follower(), ItemCodec.photo(photo).id(), fanOut.window()));
    }
    write(entries, meter);
    return execution.tryWrite(Timelines.filled(follow, token), meter);
  }

  /**
   * The backfill of one reader's timeline: every follow of the reader that is not served by the
   * timeline and whose author has fewer than {@code threshold} followers becomes a timeline
   * follow (one transaction, then the filling a new follow makes), and every follow whose filling
   * was cut short is filled again under its own token. Follows are taken one after another, each
   * on its own, so a call cut short leaves every follow either as it was or converted, and the
   * next call takes up the rest.
   *
   * @param reader the reader, already validated
   * @param threshold K, or the sharding threshold if lower
   * @return how many follows this call made served by the timeline
   */
  int fillTimeline(String reader, long threshold, Meter meter) {
    List<Item> follows = execution.readToEnd(FollowPlans.homeFeedFollowees(reader), meter);
    if (!hybrid()) {
      return 0;
    }
    int filled = 0;
    for (Item item : follows) {
      if (Timelines.servedByTimeline(item)) {
        continue;
      }
      Follow follow = ItemCodec.friendship(item);
      Optional<String> cutShort = Timelines.fillingToken(item);
      if (cutShort.isPresent()) {
        filled += fill(follow, cutShort.get(), meter) ? 1 : 0;
        continue;
      }
      if (knownAboveLimit(follow.followed())) {
        continue;
      }
      String token = Plans.newCascadeMarker().value();
      Optional<TableTransactionCancelledException> cancelled =
          execution.writeOrRedirect(Timelines.convertFollow(follow, token, threshold), meter);
      if (cancelled.isEmpty()) {
        filled += fill(follow, token, meter) ? 1 : 0;
      } else if (Execution.conditionFailed(cancelled.get().reasons(), 0)
          && cancelled.get().item(0).isPresent()) {
        // The author exists but has K followers or more (or is sharded, or closing): its other
        // follows need no attempt.
        aboveLimit(follow.followed());
      }
      // Any other failure: the follow was undone or already marked, or the reader is closing.
    }
    return filled;
  }

  /** Puts entries, 25 a BatchWriteItem, the requests side by side through the request pool. */
  private void write(List<Item> entries, Meter meter) {
    execution.batchWriteAll(entries, meter);
  }
}
