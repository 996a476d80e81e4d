package io.quickphotos.internal.repository.audit;

import io.quickphotos.AuditFinding;
import io.quickphotos.AuditFinding.Kind;
import io.quickphotos.Block;
import io.quickphotos.Follow;
import io.quickphotos.FollowRequest;
import io.quickphotos.PhotoId;
import io.quickphotos.QuickPhotosException;
import io.quickphotos.Reaction;
import io.quickphotos.engine.AttributePath;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.ItemCondition;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.QueryPlan;
import io.quickphotos.engine.QueryResult;
import io.quickphotos.engine.WriteAction;
import io.quickphotos.internal.repository.privacy.Privacy;
import io.quickphotos.internal.repository.request.Meter;
import io.quickphotos.internal.repository.request.Reads;
import io.quickphotos.internal.repository.request.Requests;
import io.quickphotos.internal.repository.request.Writes;
import io.quickphotos.internal.singletable.layout.KeyLayout;
import io.quickphotos.internal.singletable.plan.Counters;
import io.quickphotos.internal.singletable.privacy.PrivacyPlans;
import io.quickphotos.internal.singletable.privacy.PrivacyQueries;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.ToLongFunction;

/**
 * The audit's checks of who may see what ({@code docs/privacy.md}), and their mends: requests and
 * blocks of users that do not exist (deleted, the absence checked in the same transaction), a
 * request's two items without each other, follows and requests between a blocked pair (removed as
 * a block removes them, exact counters), the {@code requests} and {@code blocks} counts against
 * their items (set on condition the profile's revision is the one read), marks whose request or
 * block is gone, and switches of
 * visibility that did not end (a public account's pending requests approved, a private account's
 * shards folded back). Runs before the counters' checks, and tells them what it removed.
 */
final class AuditPrivacy {
  private final Reads reads;
  private final Writes writes;
  private final Privacy privacy;
  private final Meter meter;

  AuditPrivacy(Requests requests, Privacy privacy, Meter meter) {
    this.reads = requests.reads();
    this.writes = requests.writes();
    this.privacy = privacy;
    this.meter = meter;
  }

  void check(AuditTally tally, boolean fix, List<AuditFinding> found) {
    Map<String, Long> requestsGone = new HashMap<>();
    Set<String> pairs = new HashSet<>();
    for (FollowRequest request : tally.requests) {
      pairs.add(request.account() + ">" + request.requester() + "@" + request.since());
      List<String> missing = missing(tally, request.account(), request.requester());
      if (!missing.isEmpty()) {
        boolean fixed = fix && deleteDangling(missing, requestKeys(request));
        if (fixed) {
          requestsGone.merge(request.account(), 1L, Long::sum);
        }
        found.add(
            new AuditFinding(
                Kind.MISSING_USER,
                "request " + request.requester() + " -> " + request.account(),
                "user " + String.join(" and ", missing) + " does not exist",
                fixed));
      }
    }
    Set<String> placed = new HashSet<>();
    for (FollowRequest place : tally.places) {
      String pair = place.account() + ">" + place.requester() + "@" + place.since();
      placed.add(pair);
      if (!pairs.contains(pair) && tally.users.containsKey(place.account())) {
        Key key = KeyLayout.requestPlace(place.account(), place.since(), place.requester());
        boolean fixed =
            fix
                && writes.transact(
                    List.of(
                        new WriteAction.Check(
                            KeyLayout.request(place.account(), place.requester()),
                            ItemCondition.not(
                                new ItemCondition.AttributeEquals(
                                    AttributePath.of("timestamp"),
                                    new io.quickphotos.engine.Value.Str(
                                        KeyLayout.timestamp(place.since()))))),
                        new WriteAction.Delete(key, ItemCondition.EXISTS)),
                    meter);
        found.add(
            new AuditFinding(
                Kind.PRIVACY_LEFTOVER,
                "request place " + place.requester() + " -> " + place.account(),
                "its request does not exist",
                fixed));
      }
    }
    for (FollowRequest request : tally.requests) {
      String pair = request.account() + ">" + request.requester() + "@" + request.since();
      if (!placed.contains(pair)
          && missing(tally, request.account(), request.requester()).isEmpty()) {
        boolean fixed =
            fix
                && writes.transact(
                    List.of(
                        new WriteAction.Check(
                            KeyLayout.request(request.account(), request.requester()),
                            ItemCondition.EXISTS),
                        new WriteAction.Put(
                            PrivacyPlans.requestPlace(request), ItemCondition.NONE)),
                    meter);
        found.add(
            new AuditFinding(
                Kind.PRIVACY_LEFTOVER,
                "request " + request.requester() + " -> " + request.account(),
                "its place in the account's queue does not exist",
                fixed));
      }
    }
    Map<String, Long> blocksGone = new HashMap<>();
    Set<String> blocked = new HashSet<>();
    for (Block block : tally.blocks) {
      List<String> missing = missing(tally, block.blocker(), block.blocked());
      if (!missing.isEmpty()) {
        boolean fixed =
            fix
                && deleteDangling(
                    missing,
                    List.of(
                        KeyLayout.block(block.blocker(), block.blocked()),
                        KeyLayout.blockMark(block.blocked(), block.blocker())));
        if (fixed) {
          blocksGone.merge(block.blocker(), 1L, Long::sum);
        }
        found.add(
            new AuditFinding(
                Kind.MISSING_USER,
                "block " + block.blocker() + " x " + block.blocked(),
                "user " + String.join(" and ", missing) + " does not exist",
                fixed));
        continue;
      }
      blocked.add(block.blocker() + ">" + block.blocked());
      blocked.add(block.blocked() + ">" + block.blocker());
      blockedRelations(block, tally, fix, found);
    }
    counts(tally, requestsGone, blocksGone, fix, found);
    unfinishedSwitches(tally, fix, found);
    new AuditMarks(writes, meter).check(tally, pairs, fix, found);
  }

  /** The users of a request or block that do not exist. */
  private static List<String> missing(AuditTally tally, String a, String b) {
    List<String> missing = new ArrayList<>();
    for (String user : List.of(a, b)) {
      if (!tally.users.containsKey(user)) {
        missing.add(user);
      }
    }
    return missing;
  }

  private static List<Key> requestKeys(FollowRequest request) {
    return List.of(
        KeyLayout.request(request.account(), request.requester()),
        KeyLayout.requestPlace(request.account(), request.since(), request.requester()),
        KeyLayout.requestMark(request.requester(), request.account()));
  }

  /** Deletes items of a user who does not exist, on condition it is still absent. */
  private boolean deleteDangling(List<String> missing, List<Key> items) {
    List<WriteAction> actions = new ArrayList<>();
    for (String user : missing) {
      actions.add(new WriteAction.Check(KeyLayout.user(user), ItemCondition.ABSENT));
    }
    for (Key key : items) {
      actions.add(new WriteAction.Delete(key, ItemCondition.NONE));
    }
    return writes.transact(actions, meter);
  }

  /**
   * The follows, requests and reactions between the two of a block, removed as the block removes
   * them.
   */
  private void blockedRelations(
      Block block, AuditTally tally, boolean fix, List<AuditFinding> found) {
    String a = block.blocker();
    String b = block.blocked();
    List<String> left = new ArrayList<>();
    for (Follow follow : tally.friendships) {
      if ((follow.follower().equals(a) && follow.followed().equals(b))
          || (follow.follower().equals(b) && follow.followed().equals(a))) {
        left.add("follow " + follow.follower() + " -> " + follow.followed());
      }
    }
    for (FollowRequest request : tally.requests) {
      if ((request.requester().equals(a) && request.account().equals(b))
          || (request.requester().equals(b) && request.account().equals(a))) {
        left.add("request " + request.requester() + " -> " + request.account());
      }
    }
    for (Map.Entry<PhotoId, List<Reaction>> onPhoto : tally.reactionItems.entrySet()) {
      String owner = onPhoto.getKey().owner();
      for (Reaction reaction : onPhoto.getValue()) {
        String reactor = reaction.reactor();
        if ((owner.equals(a) && reactor.equals(b)) || (owner.equals(b) && reactor.equals(a))) {
          left.add("reaction of " + reactor + " to " + onPhoto.getKey());
        }
      }
    }
    if (left.isEmpty()) {
      return;
    }
    boolean fixed = false;
    if (fix) {
      // Each removal takes its counters down with it, as the Scan's counts of the items and of
      // the counters both still hold it: the counter checks see them agree.
      try {
        privacy.removeRelations(a, b, meter);
        fixed = true;
      } catch (QuickPhotosException e) {
        fixed = false;
      }
    }
    found.add(
        new AuditFinding(
            Kind.BLOCKED_RELATION,
            "block " + a + " x " + b,
            String.join(", ", left) + " left by a block cut short",
            fixed));
  }

  /** The {@code requests} and {@code blocks} counts against their items. */
  private void counts(
      AuditTally tally,
      Map<String, Long> requestsGone,
      Map<String, Long> blocksGone,
      boolean fix,
      List<AuditFinding> found) {
    Map<String, Long> requestItems = new HashMap<>();
    for (FollowRequest request : tally.requests) {
      requestItems.merge(request.account(), 1L, Long::sum);
    }
    Map<String, Long> blockItems = new HashMap<>();
    for (Block block : tally.blocks) {
      blockItems.merge(block.blocker(), 1L, Long::sum);
    }
    for (Map.Entry<String, long[]> user : tally.privacyCounts.entrySet()) {
      String name = user.getKey();
      long requests = requestItems.getOrDefault(name, 0L) - requestsGone.getOrDefault(name, 0L);
      if (user.getValue()[0] != requests) {
        boolean fixed =
            fix
                && mend(
                    name,
                    PrivacyPlans.requestsCounter(),
                    PrivacyPlans::pendingRequests,
                    PrivacyQueries.requestsOf(name, true, TableAudit.PAGE));
        found.add(
            new AuditFinding(
                Kind.COUNTER_MISMATCH,
                "user " + name,
                "requests: counter " + user.getValue()[0] + ", request items " + requests,
                fixed));
      }
      long blocks = blockItems.getOrDefault(name, 0L) - blocksGone.getOrDefault(name, 0L);
      if (user.getValue()[1] != blocks) {
        boolean fixed =
            fix
                && mend(
                    name,
                    PrivacyPlans.blocksCounter(),
                    PrivacyPlans::blocks,
                    PrivacyQueries.blocksOf(name, TableAudit.PAGE));
        found.add(
            new AuditFinding(
                Kind.COUNTER_MISMATCH,
                "user " + name,
                "blocks: counter " + user.getValue()[1] + ", block items " + blocks,
                fixed));
      }
    }
  }

  /**
   * Sets a count of the user's own partition to its items, on condition that the profile's
   * revision is the one read with it.
   */
  private boolean mend(
      String user, AttributePath counter, ToLongFunction<Item> current, QueryPlan items) {
    Optional<Item> profile = reads.get(KeyLayout.user(user), meter);
    if (profile.isEmpty()) {
      return false;
    }
    long revision = Counters.revision(profile.get());
    long was = current.applyAsLong(profile.get());
    long counted = 0;
    QueryPlan plan = items;
    while (true) {
      QueryResult page = reads.query(plan, meter);
      counted += page.items().size();
      if (page.lastEvaluatedKey().isEmpty()) {
        break;
      }
      plan = plan.startingAfter(page.lastEvaluatedKey().get());
    }
    long count = counted;
    return count == was
        || writes.tryWrite(
            new WriteAction.Update(
                KeyLayout.user(user),
                Counters.add(counter, count - was),
                Counters.revisionIs(revision)),
            failedOn ->
                failedOn
                    .filter(
                        now ->
                            Counters.revision(now) == revision + 1
                                && current.applyAsLong(now) == count)
                    .isPresent(),
            meter);
  }

  /**
   * A public account with requests pending, or an account whose switch to private left it
   * sharded (private, or public again with the sealed shards).
   */
  private void unfinishedSwitches(AuditTally tally, boolean fix, List<AuditFinding> found) {
    for (Map.Entry<String, long[]> user : tally.privacyCounts.entrySet()) {
      String name = user.getKey();
      boolean isPrivate = tally.privateUsers.contains(name);
      if (!isPrivate && user.getValue()[0] > 0) {
        boolean fixed = fix && finish(() -> privacy.approvePending(name, meter));
        found.add(
            new AuditFinding(
                Kind.UNFINISHED_SWITCH,
                "user " + name,
                "public with " + user.getValue()[0] + " requests pending",
                fixed));
      } else if (tally.shardedUsers.contains(name)
          && (isPrivate || tally.sealedUsers.contains(name))) {
        boolean fixed = fix && finish(() -> privacy.foldAfterSwitch(name, meter));
        found.add(
            new AuditFinding(
                Kind.UNFINISHED_SWITCH,
                "user " + name,
                isPrivate ? "private and still sharded" : "public with sealed shards",
                fixed));
      }
    }
  }

  private static boolean finish(Runnable mend) {
    try {
      mend.run();
      return true;
    } catch (QuickPhotosException e) {
      return false;
    }
  }
}
