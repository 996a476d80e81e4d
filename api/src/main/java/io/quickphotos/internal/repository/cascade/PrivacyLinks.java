package io.quickphotos.internal.repository.cascade;

import io.quickphotos.FollowRequest;
import io.quickphotos.QuickPhotosException;
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
import io.quickphotos.internal.repository.request.Writes;
import io.quickphotos.internal.singletable.Counters;
import io.quickphotos.internal.singletable.ItemCodec;
import io.quickphotos.internal.singletable.KeyLayout;
import io.quickphotos.internal.singletable.PrivacyPlans;
import io.quickphotos.internal.singletable.StepName;
import io.quickphotos.internal.singletable.WritePlan;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.IntFunction;

/**
 * deleteUser's cascade, for who may see what: the pending requests to the closing account (its
 * partition, with its {@code requests}), the requests it made (the inverted index, with each
 * account's {@code requests}), the blocks it made (its partition, with its {@code blocks}) and
 * the blocks against it (the inverted index, with each blocker's {@code blocks}), so no request
 * or block of the account outlives it and applies to whoever takes the name next. Each listing is
 * read only when the profile says the account ever had such items ({@code requests},
 * {@code everAsked}, {@code blocks}, {@code everBlocked}): an account that never used them pays
 * nothing. Every transaction is fenced to the closing account. Stateless apart from its
 * collaborators; thread-safe if the engine is.
 */
final class PrivacyLinks {
  /** Requests to the account a transaction deletes: two items each, and its own count once. */
  private static final int TO = 49;

  /** Requests the account made a transaction deletes: two items and the account's count each. */
  private static final int MADE = 33;

  /** Blocks the account made a transaction deletes, and its own count once. */
  private static final int BLOCKS = 98;

  /** Blocks against the account a transaction deletes, each with the blocker's count. */
  private static final int AGAINST = 49;

  private static final StepName LINK = StepName.of("privacy link");
  private static final StepName TAIL = StepName.of("own count or fence");
  private static final AttributePath REQUESTS = PrivacyPlans.requestsCounter();
  private static final AttributePath BLOCK_COUNT = PrivacyPlans.blocksCounter();

  private final Reads reads;
  private final Writes writes;
  private final CascadeSteps steps;

  PrivacyLinks(Requests requests, CascadeSteps steps) {
    this.reads = requests.reads();
    this.writes = requests.writes();
    this.steps = steps;
  }

  /**
   * The listings the cascade walks for the account, in a fixed order, only those its profile says
   * it may have: requests to it, requests it made, blocks it made, blocks against it (null where
   * there is none to walk).
   *
   * @param username the closing account
   * @param marked its profile as marked
   * @return four plans, null where the account never had such items
   */
  static List<QueryPlan> listings(String username, Item marked) {
    List<QueryPlan> plans = new ArrayList<>(4);
    plans.add(PrivacyPlans.everRequested(marked) ? requestsTo(username) : null);
    plans.add(PrivacyPlans.everAsked(marked) ? PrivacyPlans.requestsMadeBy(username, MADE) : null);
    plans.add(
        PrivacyPlans.everBlockedSomeone(marked) ? PrivacyPlans.blocksOf(username, BLOCKS) : null);
    plans.add(
        PrivacyPlans.everBlocked(marked) ? PrivacyPlans.blocksAgainst(username, AGAINST) : null);
    return plans;
  }

  private static QueryPlan requestsTo(String username) {
    return PrivacyPlans.requestsOf(username, false, TO);
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
    Key account = KeyLayout.user(username);
    if (plans.get(0) != null) {
      walk(
          plans.get(0),
          first.get(0),
          true,
          item -> {
            FollowRequest request = PrivacyPlans.followRequest(item);
            return List.of(
                new WriteAction.Delete(
                    KeyLayout.request(username, request.requester()), ItemCondition.NONE),
                new WriteAction.Delete(item.key(), ItemCondition.EXISTS));
          },
          n -> ownCountDown(account, REQUESTS, n, fence),
          fence,
          meter);
    }
    if (plans.get(1) != null) {
      walk(
          plans.get(1),
          first.get(1),
          false,
          item -> {
            FollowRequest request = PrivacyPlans.followRequest(item);
            return List.of(
                new WriteAction.Delete(item.key(), ItemCondition.EXISTS),
                new WriteAction.Delete(
                    KeyLayout.requestPlace(request.account(), request.since(), username),
                    ItemCondition.NONE),
                new WriteAction.Update(
                    KeyLayout.user(request.account()),
                    Counters.add(REQUESTS, -1),
                    new ItemCondition.AtLeast(REQUESTS, 1)));
          },
          n -> fence.check(),
          fence,
          meter);
    }
    if (plans.get(2) != null) {
      walk(
          plans.get(2),
          first.get(2),
          true,
          item -> List.of(new WriteAction.Delete(item.key(), ItemCondition.EXISTS)),
          n -> ownCountDown(account, BLOCK_COUNT, n, fence),
          fence,
          meter);
    }
    if (plans.get(3) != null) {
      walk(
          plans.get(3),
          first.get(3),
          false,
          item ->
              List.of(
                  new WriteAction.Delete(item.key(), ItemCondition.EXISTS),
                  new WriteAction.Update(
                      KeyLayout.user(PrivacyPlans.block(item).blocker()),
                      Counters.add(BLOCK_COUNT, -1),
                      new ItemCondition.AtLeast(BLOCK_COUNT, 1))),
          n -> fence.check(),
          fence,
          meter);
    }
  }

  /** Where the listed item leads: the actions that remove it (its delete first). */
  private interface Removal {
    List<WriteAction> of(Item item);
  }

  /**
   * Walks one listing: each page's items removed in one transaction with the tail (the account's
   * own count, or the fence); a listing of the account's own partition is read again from its
   * start after each page (what was removed is gone), one of the index onward from the page's
   * last key.
   */
  private void walk(
      QueryPlan plan,
      QueryResult firstPage,
      boolean fromStart,
      Removal removal,
      IntFunction<WriteAction> tail,
      CascadeSteps.AccountFence fence,
      Meter meter) {
    QueryResult page = firstPage;
    QueryPlan next = plan;
    while (true) {
      if (page == null) {
        page = reads.query(next, meter);
      }
      List<List<WriteAction>> groups = new ArrayList<>();
      for (Item item : page.items()) {
        if (ItemCodec.kindOf(item) != ItemCodec.Entity.OTHER) {
          groups.add(removal.of(item));
        }
      }
      commit(groups, tail, fence, meter);
      if (page.lastEvaluatedKey().isEmpty()) {
        return;
      }
      next = fromStart ? plan : plan.startingAfter(page.lastEvaluatedKey().get());
      page = null;
    }
  }

  /**
   * One transaction of the groups and the tail; a group one of whose conditions failed (its item
   * gone already, by another call, or an index entry that lagged) is left out and the rest sent
   * again. The tail failing means the account is gone or replaced (the cascade ends) or its own
   * count is below its items (reported).
   */
  private void commit(
      List<List<WriteAction>> groups,
      IntFunction<WriteAction> tail,
      CascadeSteps.AccountFence fence,
      Meter meter) {
    List<List<WriteAction>> left = new ArrayList<>(groups);
    for (int attempt = 0; attempt < 4 && !left.isEmpty(); attempt++) {
      List<WritePlan.Step> plan = new ArrayList<>();
      int k = 0;
      for (List<WriteAction> group : left) {
        for (WriteAction action : group) {
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
      List<List<WriteAction>> kept = new ArrayList<>();
      k = 0;
      for (List<WriteAction> group : left) {
        boolean failed = false;
        for (int j = 0; j < group.size(); j++) {
          failed |= c.failed(LINK.at(k++));
        }
        if (!failed) {
          kept.add(group);
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
