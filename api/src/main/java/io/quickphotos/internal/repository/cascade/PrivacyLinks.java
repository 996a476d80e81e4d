package io.quickphotos.internal.repository.cascade;

import io.quickphotos.FollowRequest;
import io.quickphotos.QuickPhotosException;
import io.quickphotos.ServiceUnavailableException;
import io.quickphotos.engine.AttributePath;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.ItemCondition;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.QueryPlan;
import io.quickphotos.engine.QueryResult;
import io.quickphotos.engine.WriteAction;
import io.quickphotos.internal.repository.request.Cancellation;
import io.quickphotos.internal.repository.request.Meter;
import io.quickphotos.internal.repository.request.Reads;
import io.quickphotos.internal.repository.request.Requests;
import io.quickphotos.internal.repository.request.Retrier;
import io.quickphotos.internal.repository.request.Writes;
import io.quickphotos.internal.singletable.codec.ItemCodec;
import io.quickphotos.internal.singletable.layout.KeyLayout;
import io.quickphotos.internal.singletable.plan.Counters;
import io.quickphotos.internal.singletable.plan.StepName;
import io.quickphotos.internal.singletable.plan.WritePlan;
import io.quickphotos.internal.singletable.privacy.PrivacyPlans;
import io.quickphotos.internal.singletable.privacy.PrivacyQueries;
import io.quickphotos.internal.singletable.privacy.RequestPlans;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.IntFunction;

/**
 * deleteUser's cascade, for who may see what: the pending requests to the closing account (its
 * partition, with its {@code requests}), the requests it made, the blocks it made (its partition,
 * with its {@code blocks}) and the blocks against it, so no request or block of the account
 * outlives it and applies to whoever takes the name next. The requests it made and the blocks
 * against it are found twice over: by their marks in its own partition, strongly consistent, which
 * every request and block of this version has; and on the inverted index, for those an earlier
 * version made without a mark. The index is eventually consistent and may not list yet a request
 * made a moment before the account was marked; its mark is there. From the mark on, no request or
 * block naming the account is made (each requires both users active), so the listings read after
 * it hold every one. Each listing is read only when the profile says the account ever had such
 * items ({@code requests}, {@code everAsked}, {@code blocks}, {@code everBlocked}): an account that
 * never used them pays nothing. Every transaction is fenced to the closing account. Stateless
 * apart from its collaborators; thread-safe if the engine is.
 */
final class PrivacyLinks {
  /** Requests to the account a transaction deletes: three items each, and its own count once. */
  private static final int TO = 33;

  /** Requests the account made a transaction deletes: three items and the account's count each. */
  private static final int MADE = 24;

  /** Blocks the account made a transaction deletes, each with its mark, and its own count once. */
  private static final int BLOCKS = 49;

  /** Blocks against the account a transaction deletes: two items and the blocker's count each. */
  private static final int AGAINST = 33;

  private static final StepName LINK = StepName.of("privacy link");
  private static final StepName TAIL = StepName.of("own count or fence");
  private static final AttributePath REQUESTS = PrivacyPlans.requestsCounter();
  private static final AttributePath BLOCK_COUNT = PrivacyPlans.blocksCounter();

  /** How many listings {@link #listings} gives, in this order. */
  static final int LISTINGS = 6;

  private final Reads reads;
  private final Writes writes;
  private final CascadeSteps steps;
  private final Retrier retrier;

  PrivacyLinks(Requests requests, CascadeSteps steps) {
    this.reads = requests.reads();
    this.writes = requests.writes();
    this.steps = steps;
    this.retrier = requests.retrier();
  }

  /**
   * The listings the cascade walks for the account, in a fixed order, only those its profile says
   * it may have: requests to it; the marks of the requests it made, then those requests on the
   * index; blocks it made; the marks of the blocks against it, then those blocks on the index.
   *
   * @param username the closing account
   * @param marked its profile as marked
   * @return {@value #LISTINGS} plans, null where the account never had such items
   */
  static List<QueryPlan> listings(String username, Item marked) {
    List<QueryPlan> plans = new ArrayList<>(LISTINGS);
    boolean asked = PrivacyPlans.everAsked(marked);
    boolean blocked = PrivacyPlans.everBlocked(marked);
    plans.add(PrivacyPlans.everRequested(marked) ? requestsTo(username) : null);
    plans.add(asked ? PrivacyQueries.requestMarksOf(username, MADE) : null);
    plans.add(asked ? PrivacyQueries.requestsMadeBy(username, MADE) : null);
    plans.add(
        PrivacyPlans.everBlockedSomeone(marked) ? PrivacyQueries.blocksOf(username, BLOCKS) : null);
    plans.add(blocked ? PrivacyQueries.blockMarksOf(username, AGAINST) : null);
    plans.add(blocked ? PrivacyQueries.blocksAgainst(username, AGAINST) : null);
    return plans;
  }

  private static boolean anyListing(List<QueryPlan> plans) {
    for (QueryPlan plan : plans) {
      if (plan != null) {
        return true;
      }
    }
    return false;
  }

  private static QueryPlan requestsTo(String username) {
    return PrivacyQueries.requestsOf(username, false, TO);
  }

  /**
   * Deletes every request and block of the closing account, each listing from its first page
   * (given, or null to read it) to its end.
   *
   * @param plans the listings, as {@link #listings} gave them
   * @param first their first pages, read side by side (null where not read)
   */
  void unlink(
      String username,
      CascadeSteps.AccountFence fence,
      List<QueryPlan> plans,
      List<QueryResult> first,
      Meter meter) {
    if (!anyListing(plans)) {
      // Most accounts never asked, were asked, blocked or were blocked: nothing to walk.
      return;
    }
    Key account = KeyLayout.user(username);
    // Requests to the account: each with its place and its requester's mark.
    walk(
        plans.get(0),
        first.get(0),
        true,
        item -> {
          FollowRequest request = PrivacyPlans.followRequest(item);
          return Group.of(
              new WriteAction.Delete(
                  KeyLayout.request(username, request.requester()), ItemCondition.NONE),
              new WriteAction.Delete(item.key(), ItemCondition.EXISTS),
              new WriteAction.Delete(
                  KeyLayout.requestMark(request.requester(), username), ItemCondition.NONE));
        },
        n -> ownCountDown(account, REQUESTS, n, fence),
        fence,
        meter);
    // Requests it made, by their marks: the request on condition it is the one marked; a mark
    // whose request is gone (an earlier version removed it without the mark) goes alone.
    walk(
        plans.get(1),
        first.get(1),
        true,
        item -> {
          FollowRequest request = PrivacyPlans.followRequest(item);
          return new Group(
              madeRemoval(request, RequestPlans.isRequest(request), username),
              List.of(new WriteAction.Delete(item.key(), ItemCondition.NONE)));
        },
        n -> fence.check(),
        fence,
        meter);
    // Requests it made, on the index: those of an earlier version, without a mark.
    walk(
        plans.get(2),
        first.get(2),
        false,
        item ->
            Group.of(madeRemoval(PrivacyPlans.followRequest(item), ItemCondition.EXISTS, username)),
        n -> fence.check(),
        fence,
        meter);
    // Blocks it made: each with the blocked user's mark.
    walk(
        plans.get(3),
        first.get(3),
        true,
        item ->
            Group.of(
                new WriteAction.Delete(item.key(), ItemCondition.EXISTS),
                new WriteAction.Delete(
                    KeyLayout.blockMark(PrivacyPlans.block(item).blocked(), username),
                    ItemCondition.NONE)),
        n -> ownCountDown(account, BLOCK_COUNT, n, fence),
        fence,
        meter);
    // Blocks against it, by their marks; a mark whose block is gone goes alone.
    walk(
        plans.get(4),
        first.get(4),
        true,
        item ->
            new Group(
                againstRemoval(PrivacyPlans.block(item).blocker(), username),
                List.of(new WriteAction.Delete(item.key(), ItemCondition.NONE))),
        n -> fence.check(),
        fence,
        meter);
    // Blocks against it, on the index: those of an earlier version, without a mark.
    walk(
        plans.get(5),
        first.get(5),
        false,
        item -> Group.of(againstRemoval(PrivacyPlans.block(item).blocker(), username)),
        n -> fence.check(),
        fence,
        meter);
  }

  /**
   * A request the closing account made, removed: the request (on the given condition), its
   * place, its mark, and the account asked's {@code requests} − 1.
   */
  private static List<WriteAction> madeRemoval(
      FollowRequest request, ItemCondition requestCondition, String username) {
    return List.of(
        new WriteAction.Delete(KeyLayout.request(request.account(), username), requestCondition),
        new WriteAction.Delete(
            KeyLayout.requestPlace(request.account(), request.since(), username),
            ItemCondition.NONE),
        new WriteAction.Delete(
            KeyLayout.requestMark(username, request.account()), ItemCondition.NONE),
        new WriteAction.Update(
            KeyLayout.user(request.account()),
            Counters.add(REQUESTS, -1),
            new ItemCondition.AtLeast(REQUESTS, 1)));
  }

  /** A block against the closing account, removed: the block, its mark, the blocker's count. */
  private static List<WriteAction> againstRemoval(String blocker, String username) {
    return List.of(
        new WriteAction.Delete(KeyLayout.block(blocker, username), ItemCondition.EXISTS),
        new WriteAction.Delete(KeyLayout.blockMark(username, blocker), ItemCondition.NONE),
        new WriteAction.Update(
            KeyLayout.user(blocker),
            Counters.add(BLOCK_COUNT, -1),
            new ItemCondition.AtLeast(BLOCK_COUNT, 1)));
  }

  /**
   * The actions that remove one listed item, and what to send instead if one of their conditions
   * fails (empty: leave the item out).
   */
  private record Group(List<WriteAction> actions, List<WriteAction> fallback) {
    static Group of(WriteAction... actions) {
      return of(List.of(actions));
    }

    static Group of(List<WriteAction> actions) {
      return new Group(actions, List.of());
    }
  }

  /** Where the listed item leads: the actions that remove it (its delete first). */
  private interface Removal {
    Group of(Item item);
  }

  /**
   * Walks one listing (none if its plan is null): each page's items removed in one transaction
   * with the tail (the account's own count, or the fence). A listing of the account's own
   * partition is read again from its start after each page (what was removed is gone, and what
   * a transaction left is tried again), one of the index onward from the page's last key
   * ({@link ListingPages}, which also moves on past a later version's items). The same page read
   * again from the start counts against the retry policy, then the call fails as unavailable
   * (deleteUser again finishes).
   */
  private void walk(
      QueryPlan plan,
      QueryResult firstPage,
      boolean fromStart,
      Removal removal,
      IntFunction<WriteAction> tail,
      CascadeSteps.AccountFence fence,
      Meter meter) {
    if (plan == null) {
      return;
    }
    QueryResult page = firstPage;
    ListingPages pages = new ListingPages(plan, fromStart);
    List<Key> previous = List.of();
    int stalls = 0;
    while (true) {
      if (page == null) {
        page = reads.query(pages.next(), meter);
      }
      List<Group> groups = new ArrayList<>();
      List<Key> keys = new ArrayList<>(page.items().size());
      for (Item item : page.items()) {
        keys.add(item.key());
        if (ItemCodec.kindOf(item) != ItemCodec.Entity.OTHER) {
          groups.add(removal.of(item));
        }
      }
      if (!keys.isEmpty() && keys.equals(previous)) {
        // Read again from the start, and nothing of it went: the last transaction left it all.
        if (!retrier.allows(++stalls)) {
          throw new ServiceUnavailableException(
              "links of closing account "
                  + fence.account().pk()
                  + " could not be removed; call deleteUser again to finish",
              ServiceUnavailableException.Reason.CONTENTION,
              ServiceUnavailableException.Written.NOTHING,
              null);
        }
        retrier.pauseBefore(stalls);
      }
      previous = keys;
      commit(groups, tail, fence, meter);
      if (!pages.advance(page)) {
        return;
      }
      page = null;
    }
  }

  /**
   * One transaction of the groups and the tail; a group one of whose conditions failed (its item
   * gone already, by another call, or an index entry that lagged) is sent again as its fallback,
   * or left out if it has none, with the rest. The tail failing means the account is gone or
   * replaced (the cascade ends) or its own count is below its items (reported).
   */
  private void commit(
      List<Group> groups,
      IntFunction<WriteAction> tail,
      CascadeSteps.AccountFence fence,
      Meter meter) {
    List<Group> left = new ArrayList<>(groups);
    for (int attempt = 0; attempt < 4 && !left.isEmpty(); attempt++) {
      List<WritePlan.Step> plan = new ArrayList<>();
      int k = 0;
      for (Group group : left) {
        for (WriteAction action : group.actions()) {
          plan.add(new WritePlan.Step(LINK.at(k++), action));
        }
      }
      plan.add(new WritePlan.Step(TAIL, tail.apply(left.size())));
      Optional<Cancellation> cancelled = writes.transact(WritePlan.transaction(plan), meter);
      if (cancelled.isEmpty()) {
        return;
      }
      Cancellation c = cancelled.get();
      if (c.failed(TAIL)) {
        steps.stopIfReplaced(fence, meter);
        throw new QuickPhotosException(
            "a count of the closing account "
                + fence.account().pk()
                + " is below its items; ./quickphotos audit --fix mends it, then deleteUser again",
            c.cause());
      }
      List<Group> kept = new ArrayList<>();
      k = 0;
      for (Group group : left) {
        boolean failed = false;
        for (int j = 0; j < group.actions().size(); j++) {
          failed |= c.failed(LINK.at(k++));
        }
        if (!failed) {
          kept.add(group);
        } else if (!group.fallback().isEmpty()) {
          kept.add(Group.of(group.fallback()));
        }
      }
      left = kept;
    }
  }

  private static WriteAction ownCountDown(
      Key account, AttributePath counter, int count, CascadeSteps.AccountFence fence) {
    return new WriteAction.Update(
        account,
        Counters.add(counter, -count),
        fence.and(new ItemCondition.AtLeast(counter, count)));
  }
}
