package io.quickphotos.internal.singletable.photo;

import io.quickphotos.PhotoId;
import io.quickphotos.ReactionType;
import io.quickphotos.engine.Index;
import io.quickphotos.engine.QueryPlan;
import io.quickphotos.engine.SortKeyCondition;
import io.quickphotos.internal.singletable.layout.KeyLayout;
import java.util.Optional;

/**
 * The queries of reactions: a photo with its reactions, a user's reactions to a photo, a photo's
 * reactions by page, and a user's reactions of one type (for the cascades and the audit). Plain
 * data; stateless and thread-safe.
 */
public final class ReactionQueries {
  private ReactionQueries() {}

  /**
   * Photo and reactions: Query on the inverted index {@code SK = PHOTO#owner#timestamp}, read
   * backwards so the photo ({@code PK = USER#…}) comes before the reactions ({@code REACTION#…}).
   *
   * @param photo the photo, already validated
   * @param limit the page size
   * @return the plan of the first page
   */
  public static QueryPlan photoWithReactions(PhotoId photo, int limit) {
    return new QueryPlan(
        Index.INVERTED,
        KeyLayout.photoSortKey(photo),
        Optional.empty(),
        false,
        limit,
        Optional.empty(),
        false);
  }

  /**
   * Reactions a user left on a photo: Query on the inverted index
   * {@code SK = PHOTO#owner#timestamp AND begins_with(PK, REACTION#<reactor>#)}; one item per
   * type at most, so one page of {@code ReactionType.values().length} holds them all. Usernames
   * never hold {@code #}, so the prefix matches this reactor alone.
   *
   * @param reactor the reacting user's handle, already validated
   * @param photo the photo, already validated
   * @return the plan
   */
  public static QueryPlan reactionsLeftBy(String reactor, PhotoId photo) {
    return new QueryPlan(
        Index.INVERTED,
        KeyLayout.photoSortKey(photo),
        Optional.of(SortKeyCondition.beginsWith(KeyLayout.reactionsBy(reactor))),
        true,
        ReactionType.values().length,
        Optional.empty(),
        false);
  }

  /**
   * The reactions on a photo, without the photo: Query on the inverted index
   * {@code SK = PHOTO#owner#timestamp AND begins_with(PK, REACTION#)}.
   *
   * @param photo the photo, already validated
   * @param limit the page size
   * @return the plan of the first page
   */
  public static QueryPlan reactionsOn(PhotoId photo, int limit) {
    return new QueryPlan(
        Index.INVERTED,
        KeyLayout.photoSortKey(photo),
        Optional.of(SortKeyCondition.beginsWith(KeyLayout.REACTION)),
        true,
        limit,
        Optional.empty(),
        false);
  }

  /**
   * The reactions of one type a user left anywhere: Query {@code PK = REACTION#<reactor>#<type>},
   * strongly consistent.
   *
   * @param reactor the reacting user's handle, already validated
   * @param type the reaction type
   * @param limit the page size
   * @return the plan of the first page
   */
  public static QueryPlan reactionsBy(String reactor, ReactionType type, int limit) {
    return new QueryPlan(
        Index.TABLE,
        KeyLayout.reactionsBy(reactor, type),
        Optional.empty(),
        true,
        limit,
        Optional.empty(),
        true);
  }

  /**
   * The reactions of one type a user left on one owner's photos: Query {@code PK =
   * REACTION#<reactor>#<type> AND begins_with(SK, PHOTO#<owner>#)}, strongly consistent (what a
   * block removes between the two). Usernames never hold {@code #}, so the prefix matches this
   * owner alone.
   *
   * @param reactor the reacting user's handle
   * @param type the reaction type
   * @param owner the photos' owner
   * @param limit the page size
   * @return the plan of the first page
   */
  public static QueryPlan reactionsOn(String reactor, ReactionType type, String owner, int limit) {
    return new QueryPlan(
        Index.TABLE,
        KeyLayout.reactionsBy(reactor, type),
        Optional.of(SortKeyCondition.beginsWith(KeyLayout.photosOf(owner))),
        true,
        limit,
        Optional.empty(),
        true);
  }
}
