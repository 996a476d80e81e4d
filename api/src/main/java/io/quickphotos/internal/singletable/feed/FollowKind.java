package io.quickphotos.internal.singletable.feed;

import static io.quickphotos.internal.singletable.layout.Attributes.FEED_ATTRIBUTE;

import io.quickphotos.engine.Item;
import io.quickphotos.engine.ItemCondition;
import io.quickphotos.internal.singletable.layout.Attributes;
import java.util.Optional;

/**
 * What a friendship is, as far as an unfollow must know: which items go with it; and the marks on
 * a friendship item that tell the kinds apart ({@code feed}, {@code window}), as conditions and
 * as reads.
 */
public enum FollowKind {
  /** Fan-out on read: no audience item. */
  PULL,
  /** A timeline follow: its audience item and counts go with it. */
  TIMELINE,
  /** A timeline follow whose audience item is already gone (with its counts). */
  TIMELINE_WITHOUT_AUDIENCE,
  /** A timeline follow of the version before windows: its audience item, counted by nothing. */
  EARLIER_TIMELINE;

  /**
   * The kind a friendship item shows.
   *
   * @param friendship the item
   * @return its kind (a timeline follow assumed to still have its audience item)
   */
  public static FollowKind of(Item friendship) {
    if (Timelines.isTimelineFollow(friendship)) {
      return TIMELINE;
    }
    return friendship.get(Attributes.FEED_ATTRIBUTE).isPresent() ? EARLIER_TIMELINE : PULL;
  }

  /**
   * The condition an unfollow puts on the friendship it deletes: it exists and is of the kind
   * the rest of the transaction takes it for.
   *
   * @param kind the kind
   * @return {@code attribute_exists(PK)} and the kind's mark
   */
  public static ItemCondition friendshipOfKind(FollowKind kind) {
    return switch (kind) {
      case PULL -> PULL_FRIENDSHIP;
      case TIMELINE, TIMELINE_WITHOUT_AUDIENCE -> TIMELINE_FRIENDSHIP;
      case EARLIER_TIMELINE -> EARLIER_TIMELINE_FRIENDSHIP;
    };
  }

  private static final ItemCondition PULL_FRIENDSHIP =
      ItemCondition.and(
          ItemCondition.EXISTS,
          ItemCondition.not(new ItemCondition.AttributeExists(Timelines.FEED_PATH)));

  private static final ItemCondition TIMELINE_FRIENDSHIP =
      ItemCondition.and(
          ItemCondition.EXISTS, new ItemCondition.AttributeExists(Timelines.WINDOW_PATH));

  private static final ItemCondition EARLIER_TIMELINE_FRIENDSHIP =
      ItemCondition.and(
          ItemCondition.EXISTS,
          new ItemCondition.AttributeExists(Timelines.FEED_PATH),
          ItemCondition.not(new ItemCondition.AttributeExists(Timelines.WINDOW_PATH)));

  /**
   * The token of a timeline follow whose filling has not been marked done: its follow call was
   * cut short, or is still running.
   *
   * @param friendship a friendship item
   * @return the token of its {@code filling#<token>} mark, if it has one and records a window
   */
  public static Optional<String> fillingToken(Item friendship) {
    String feed = friendship.stringOrNull(FEED_ATTRIBUTE);
    return feed != null
            && feed.startsWith(Timelines.FILLING)
            && Timelines.windowOf(friendship).isPresent()
        ? Optional.of(feed.substring(Timelines.FILLING.length()))
        : Optional.empty();
  }

  /**
   * A friendship that is no timeline follow (or no friendship at all): {@code NOT
   * attribute_exists(window)}.
   *
   * @return the condition
   */
  public static ItemCondition notTimelineFollow() {
    return ItemCondition.not(new ItemCondition.AttributeExists(Timelines.WINDOW_PATH));
  }

  /**
   * A friendship that is no timeline follow of the version before windows were recorded (or no
   * friendship at all): {@code NOT (attribute_exists(feed) AND NOT attribute_exists(window))}.
   *
   * @return the condition
   */
  public static ItemCondition notEarlierTimelineFollow() {
    return ItemCondition.not(
        ItemCondition.and(
            new ItemCondition.AttributeExists(Timelines.FEED_PATH), notTimelineFollow()));
  }

  /**
   * Whether a friendship carries the mark of a timeline follow of the version before windows
   * were recorded: served by fan-out on read now, its audience item counted by nothing.
   *
   * @param friendship a friendship item
   * @return true for such a follow
   */
  public static boolean isEarlierTimelineFollow(Item friendship) {
    return friendship.get(FEED_ATTRIBUTE).isPresent() && Timelines.windowOf(friendship).isEmpty();
  }
}
