package io.quickphotos.internal.singletable.privacy;

import io.quickphotos.engine.Index;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.QueryPlan;
import io.quickphotos.engine.SortKeyCondition;
import io.quickphotos.internal.singletable.layout.KeyLayout;
import java.util.List;
import java.util.Optional;

/**
 * The reads of privacy's items: a pending request by its pair, an account's queue of requests,
 * the requests a user made and the blocks against a user (on the inverted index, and by their
 * marks in the user's own partition, strongly consistent), a user's blocks, and the keys that
 * decide what a viewer sees of an account. Stateless and thread-safe.
 */
public final class PrivacyQueries {
  /**
   * A pending request to one account, strongly consistent: a GetItem's key.
   *
   * @param account the account asked
   * @param requester the requester
   * @return the request item's key
   */
  public static Key requestKey(String account, String requester) {
    return KeyLayout.request(account, requester);
  }

  /**
   * An account's pending requests in time order, a page: Query {@code PK = USER#<account> AND
   * begins_with(SK, #ASKED#)}, strongly consistent.
   *
   * @param account the account
   * @param newestFirst true to read backwards
   * @param limit the page size
   * @return the plan of the first page
   */
  public static QueryPlan requestsOf(String account, boolean newestFirst, int limit) {
    return new QueryPlan(
        Index.TABLE,
        KeyLayout.userPartition(account),
        Optional.of(SortKeyCondition.beginsWith(KeyLayout.ASKED)),
        !newestFirst,
        limit,
        Optional.empty(),
        true);
  }

  /**
   * The requests a user made, on the inverted index {@code SK = #ASK#<requester>}.
   *
   * @param requester the requester
   * @param limit the page size
   * @return the plan of the first page
   */
  public static QueryPlan requestsMadeBy(String requester, int limit) {
    return new QueryPlan(
        Index.INVERTED,
        KeyLayout.requestsMadeBy(requester),
        Optional.empty(),
        true,
        limit,
        Optional.empty(),
        false);
  }

  /**
   * The marks of the requests a user made, a page: Query {@code PK = USER#<requester> AND
   * begins_with(SK, #ASKING#)}, strongly consistent.
   *
   * @param requester the requester
   * @param limit the page size
   * @return the plan of the first page
   */
  public static QueryPlan requestMarksOf(String requester, int limit) {
    return ownPartition(requester, KeyLayout.ASKING, limit);
  }

  /**
   * A user's blocks, a page: Query {@code PK = USER#<blocker> AND begins_with(SK, #BLOCK#)},
   * strongly consistent, by the blocked user's handle.
   *
   * @param blocker the user who blocked
   * @param limit the page size
   * @return the plan of the first page
   */
  public static QueryPlan blocksOf(String blocker, int limit) {
    return new QueryPlan(
        Index.TABLE,
        KeyLayout.userPartition(blocker),
        Optional.of(SortKeyCondition.beginsWith(KeyLayout.BLOCK)),
        true,
        limit,
        Optional.empty(),
        true);
  }

  /**
   * The blocks against a user, on the inverted index {@code SK = #BLOCK#<blocked>}.
   *
   * @param blocked the user blocked
   * @param limit the page size
   * @return the plan of the first page
   */
  public static QueryPlan blocksAgainst(String blocked, int limit) {
    return new QueryPlan(
        Index.INVERTED,
        KeyLayout.blocksAgainst(blocked),
        Optional.empty(),
        true,
        limit,
        Optional.empty(),
        false);
  }

  /**
   * The marks of the blocks against a user, a page: Query {@code PK = USER#<blocked> AND
   * begins_with(SK, #BLOCKEDBY#)}, strongly consistent.
   *
   * @param blocked the user blocked
   * @param limit the page size
   * @return the plan of the first page
   */
  public static QueryPlan blockMarksOf(String blocked, int limit) {
    return ownPartition(blocked, KeyLayout.BLOCKED_BY, limit);
  }

  private static QueryPlan ownPartition(String user, String prefix, int limit) {
    return new QueryPlan(
        Index.TABLE,
        KeyLayout.userPartition(user),
        Optional.of(SortKeyCondition.beginsWith(prefix)),
        true,
        limit,
        Optional.empty(),
        true);
  }

  /**
   * The keys that decide what a viewer sees of an account, all in the account's partition: its
   * profile, its block of the viewer, the viewer's follow of it.
   *
   * @param owner the account
   * @param viewer the viewer
   * @return profile, block, friendship
   */
  public static List<Key> decidingKeys(String owner, String viewer) {
    return List.of(
        KeyLayout.user(owner), KeyLayout.block(owner, viewer), KeyLayout.friendship(owner, viewer));
  }

  private PrivacyQueries() {}
}
