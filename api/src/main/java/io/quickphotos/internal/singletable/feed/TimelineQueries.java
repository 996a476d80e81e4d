package io.quickphotos.internal.singletable.feed;

import io.quickphotos.PhotoId;
import io.quickphotos.engine.Index;
import io.quickphotos.engine.QueryPlan;
import io.quickphotos.engine.SortKeyCondition;
import io.quickphotos.internal.singletable.layout.KeyLayout;
import java.time.Instant;
import java.util.Optional;

/**
 * The reads of the hybrid feed: an author's audience, a member's places in audiences, an author's
 * photos newer than a window (what a timeline follow copies), and a page of a reader's timeline.
 * Stateless and thread-safe.
 */
public final class TimelineQueries {
  /**
   * An author's audience alone: Query {@code PK = USER#a AND begins_with(SK, #FANOUT#)},
   * strongly consistent: what the audit counts.
   *
   * @param author the author
   * @param limit the page size
   * @return the plan of the first page
   */
  public static QueryPlan audienceOf(String author, int limit) {
    return new QueryPlan(
        Index.TABLE,
        KeyLayout.userPartition(author),
        Optional.of(SortKeyCondition.beginsWith(KeyLayout.AUDIENCE)),
        true,
        limit,
        Optional.empty(),
        true);
  }

  /**
   * A user's places in others' audiences, from the inverted index {@code SK = #FANOUT#<member>}.
   *
   * @param member the follower
   * @param limit the page size
   * @return the plan
   */
  public static QueryPlan memberships(String member, int limit) {
    return new QueryPlan(
        Index.INVERTED,
        KeyLayout.AUDIENCE + member,
        Optional.empty(),
        true,
        limit,
        Optional.empty(),
        false);
  }

  /**
   * An author's photos taken after {@code after}, oldest first, strongly consistent: what a new
   * timeline follow copies into the follower's timeline.
   *
   * @param author the author
   * @param after the oldest timestamp a timeline holds, exclusive
   * @return the plan of the first page
   */
  public static QueryPlan photosAfter(String author, Instant after) {
    String prefix = KeyLayout.photosOf(author);
    return new QueryPlan(
        Index.TABLE,
        KeyLayout.userPartition(author),
        Optional.of(
            SortKeyCondition.between(
                prefix + KeyLayout.timestamp(after.plusNanos(1)), KeyLayout.AFTER_ALL_PHOTOS)),
        true,
        1000,
        Optional.empty(),
        true);
  }

  /**
   * One page of a reader's timeline, in feed order, after a feed position and newer than the
   * horizon: Query {@code PK = FEED#r AND SK BETWEEN FEED# AND FEED#<inverted horizon>},
   * eventually consistent, forward, starting after the position's entry.
   *
   * @param reader the reader
   * @param after the feed position to continue after, or empty
   * @param horizon entries at or before it are not served
   * @param limit the page size
   * @return the plan
   */
  public static QueryPlan page(String reader, Optional<PhotoId> after, Instant horizon, int limit) {
    return new QueryPlan(
        Index.TABLE,
        Timelines.partition(reader),
        Optional.of(
            SortKeyCondition.between(KeyLayout.FEED, KeyLayout.FEED + Timelines.inverted(horizon))),
        true,
        limit,
        after.map(position -> Timelines.entryKey(reader, position)),
        false);
  }

  private TimelineQueries() {}
}
