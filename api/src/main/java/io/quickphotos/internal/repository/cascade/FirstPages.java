package io.quickphotos.internal.repository.cascade;

import io.quickphotos.ReactionType;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.Limits;
import io.quickphotos.engine.QueryPlan;
import io.quickphotos.engine.QueryResult;
import io.quickphotos.internal.repository.request.Meter;
import io.quickphotos.internal.repository.request.Reads;
import io.quickphotos.internal.singletable.codec.ItemCodec;
import io.quickphotos.internal.singletable.feed.FollowPlans;
import io.quickphotos.internal.singletable.photo.PhotoPlans;
import io.quickphotos.internal.singletable.photo.ReactionQueries;
import java.util.ArrayList;
import java.util.List;

/**
 * The first page of every listing deleteUser's cascade walks, read side by side in one round
 * trip once the account is marked closing. From the mark on, nothing is added to these
 * listings (every write that names a closing account is refused), so each page holds what its
 * step would read when it comes to it, less what was removed meanwhile: by other calls (which
 * every step already meets, as between any read and its write) or by the cascade's own earlier
 * steps, which remove only the account's reactions on its own photos (taken out of the
 * reaction pages here). Each step reads its further pages, and every page after a change, as
 * before; the requests and their count are those of reading each page when its step comes.
 *
 * @param photos the account's photos
 * @param reactions the reactions the account left, one page per {@link ReactionType}, by
 *     ordinal
 * @param reactionListings the listings those pages start, by the same ordinal
 * @param audience the account's audience and pending fan-outs (if it ever had an audience),
 *     else null
 * @param memberships the account's places in others' audiences (if it ever was in one), else
 *     null
 * @param followers the friendships to the account
 * @param followed the friendships from the account
 * @param privacy the first pages of {@link PrivacyLinks#listings}, in their order (null where the
 *     account never had such items)
 */
record FirstPages(
    QueryResult photos,
    List<QueryResult> reactions,
    List<QueryPlan> reactionListings,
    QueryResult audience,
    QueryResult memberships,
    QueryResult followers,
    QueryResult followed,
    List<QueryResult> privacy) {

  /**
   * Reads the first pages side by side, in one round trip.
   *
   * @param username the closing account
   * @param author whether it ever had an audience
   * @param member whether it ever was in one
   * @param privacy the listings of its requests and blocks (null where there is none to read)
   * @return the pages
   */
  static FirstPages read(
      Reads reads,
      String username,
      boolean author,
      boolean member,
      List<QueryPlan> privacy,
      Meter meter) {
    int types = ReactionType.values().length;
    // The photos, a page per reaction type, audience, memberships, followers, followed, privacy.
    List<QueryPlan> plans = new ArrayList<>(1 + types + 4 + privacy.size());
    plans.add(PhotoPlans.photosOf(username, Limits.MAX_TRANSACTION_ACTIONS - 1));
    for (ReactionType type : ReactionType.values()) {
      plans.add(ReactionQueries.reactionsBy(username, type, CascadeSteps.LINKS_PER_TRANSACTION));
    }
    if (author) {
      plans.add(AccountCascade.audienceAndPending(username));
    }
    if (member) {
      plans.add(AccountCascade.memberships(username));
    }
    plans.add(FollowPlans.followersOf(username, CascadeSteps.LINKS_PER_TRANSACTION));
    plans.add(FollowPlans.followedBy(username, CascadeSteps.LINKS_PER_TRANSACTION));
    int own = plans.size();
    for (QueryPlan plan : privacy) {
      if (plan != null) {
        plans.add(plan);
      }
    }
    List<QueryResult> pages = reads.queryAll(plans, meter);
    List<QueryResult> privacyPages = new java.util.ArrayList<>(privacy.size());
    int at = own;
    for (QueryPlan plan : privacy) {
      privacyPages.add(plan == null ? null : pages.get(at++));
    }
    List<QueryResult> reactions = new ArrayList<>(types);
    for (QueryResult page : pages.subList(1, 1 + types)) {
      // The photos' step deletes every reaction on the account's own photos before these pages
      // are used.
      reactions.add(withoutReactionsOnOwnPhotos(page, username));
    }
    int next = 1 + types;
    QueryResult audience = author ? pages.get(next++) : null;
    QueryResult memberships = member ? pages.get(next++) : null;
    return new FirstPages(
        pages.get(0),
        reactions,
        plans.subList(1, 1 + types),
        audience,
        memberships,
        pages.get(next),
        pages.get(next + 1),
        privacyPages);
  }

  private static QueryResult withoutReactionsOnOwnPhotos(QueryResult page, String username) {
    if (page.items().isEmpty()) {
      // Most accounts' pages: no stream to build.
      return page;
    }
    List<Item> left =
        page.items().stream()
            .filter(item -> !ItemCodec.reaction(item).photo().owner().equals(username))
            .toList();
    return left.size() == page.items().size()
        ? page
        : new QueryResult(left, page.lastEvaluatedKey(), page.consumed());
  }
}
