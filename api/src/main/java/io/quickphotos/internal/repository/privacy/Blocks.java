package io.quickphotos.internal.repository.privacy;

import io.quickphotos.Block;
import io.quickphotos.NotFollowingException;
import io.quickphotos.Page;
import io.quickphotos.PageRequest;
import io.quickphotos.QuickPhotosException;
import io.quickphotos.Reaction;
import io.quickphotos.ReactionType;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.QueryPlan;
import io.quickphotos.engine.QueryResult;
import io.quickphotos.internal.repository.cascade.Cascades;
import io.quickphotos.internal.repository.feed.Feeds;
import io.quickphotos.internal.repository.request.Batches;
import io.quickphotos.internal.repository.request.Cancellation;
import io.quickphotos.internal.repository.request.CursorScope;
import io.quickphotos.internal.repository.request.Meter;
import io.quickphotos.internal.repository.request.Reads;
import io.quickphotos.internal.repository.request.Requests;
import io.quickphotos.internal.repository.request.Writes;
import io.quickphotos.internal.singletable.codec.ItemCodec;
import io.quickphotos.internal.singletable.layout.KeyLayout;
import io.quickphotos.internal.singletable.photo.ReactionQueries;
import io.quickphotos.internal.singletable.privacy.BlockPlans;
import io.quickphotos.internal.singletable.privacy.PrivacyPlans;
import io.quickphotos.internal.singletable.privacy.PrivacyQueries;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Blocks: the block item and the blocker's count in one transaction, from whose commit no follow,
 * request, approval or reaction between the two can be made (each meets {@code blocks >= 1} on a
 * profile, then the block item); then the relations between the two removed one by one, each
 * exact on its own, so a block cut short leaves counters right and is finished by blocking again.
 * The relations are the follows and pending requests both ways, and the reactions each left on
 * the other's photos: once a block is made, nothing either left tells the other of it.
 * Stateless apart from its collaborators; thread-safe if the engine is.
 */
final class Blocks {
  private final Reads reads;
  private final Writes writes;
  private final Batches batches;
  private final Feeds feeds;
  private final Cascades cascades;
  private final FollowRequests requests;
  private final Clock clock;

  Blocks(Requests layer, Feeds feeds, Cascades cascades, FollowRequests requests, Clock clock) {
    this.reads = layer.reads();
    this.writes = layer.writes();
    this.batches = layer.batches();
    this.feeds = feeds;
    this.cascades = cascades;
    this.requests = requests;
    this.clock = clock;
  }

  /**
   * Blocks a user: the block (no error if it exists already), then one BatchGetItem of the four
   * relations between the two, and for each that exists the unfollow or decline that removes it.
   */
  void block(String blocker, String blocked, Meter meter) {
    // A block item that exists already comes back as the cancellation: made before, finish it.
    writes.writeOrRedirect(BlockPlans.block(new Block(blocker, blocked, clock.instant())), meter);
    removeRelations(blocker, blocked, meter);
  }

  /**
   * Removes the follows, pending requests and reactions between two users, both ways, each in
   * its own transaction with its counters: for a block made, and for the audit's mend of a
   * relation a block cut short left. Requests: one BatchGetItem, and 8 Queries (4 reaction types,
   * both ways; more pages if either reacted to over 100 of the other's photos of a type), then
   * one transaction per relation found.
   *
   * @return how many it removed
   */
  int removeRelations(String blocker, String blocked, Meter meter) {
    Key blockedFollows = KeyLayout.friendship(blocker, blocked);
    Key blockerFollows = KeyLayout.friendship(blocked, blocker);
    Key blockedAsked = KeyLayout.request(blocker, blocked);
    Key blockerAsked = KeyLayout.request(blocked, blocker);
    Map<Key, Item> found =
        batches.batchGet(
            List.of(blockedFollows, blockerFollows, blockedAsked, blockerAsked), meter);
    int removed = 0;
    if (found.containsKey(blockedFollows) && unfollow(blocked, blocker, meter)) {
      removed++;
    }
    if (found.containsKey(blockerFollows) && unfollow(blocker, blocked, meter)) {
      removed++;
    }
    for (Key request : List.of(blockedAsked, blockerAsked)) {
      Item item = found.get(request);
      if (item != null && requests.discardIfPending(PrivacyPlans.followRequest(item), meter)) {
        removed++;
      }
    }
    return removed
        + removeReactions(blocked, blocker, meter)
        + removeReactions(blocker, blocked, meter);
  }

  /** Reactions a page of one reactor's of one type holds: a Query reads this many at a time. */
  private static final int REACTIONS_PAGE = 100;

  /**
   * Takes back every reaction one user left on the other's photos, each as {@code
   * removeReaction} takes it back (one transaction with its counter, a hot photo's on a shard):
   * a Query per reaction type of the reactor's reactions on the owner's photos, strongly
   * consistent, so none made before the block's commit is missed; none can be made after it.
   *
   * @return how many it removed
   */
  private int removeReactions(String reactor, String owner, Meter meter) {
    int removed = 0;
    for (ReactionType type : ReactionType.values()) {
      QueryPlan plan = ReactionQueries.reactionsOn(reactor, type, owner, REACTIONS_PAGE);
      while (true) {
        QueryResult page = reads.query(plan, meter);
        for (Item item : page.items()) {
          Reaction reaction = ItemCodec.reaction(item);
          if (cascades.removeReaction(reactor, reaction.photo(), type, meter)) {
            removed++;
          }
        }
        if (page.lastEvaluatedKey().isEmpty()) {
          break;
        }
        plan = plan.startingAfter(page.lastEvaluatedKey().get());
      }
    }
    return removed;
  }

  /** An unfollow, as the feed makes it (any kind of follow, a hot user's count from a shard). */
  private boolean unfollow(String follower, String followed, Meter meter) {
    try {
      feeds.unfollow(follower, followed, meter);
      return true;
    } catch (NotFollowingException gone) {
      return false;
    }
  }

  /**
   * Lifts a block: one transaction.
   *
   * @return whether there was one
   */
  boolean unblock(String blocker, String blocked, Meter meter) {
    Optional<Cancellation> cancelled =
        writes.writeOrRedirect(BlockPlans.unblock(blocker, blocked), meter);
    if (cancelled.isEmpty()) {
      return true;
    }
    if (cancelled.get().failed(BlockPlans.BLOCK)) {
      return false;
    }
    throw new QuickPhotosException(
        "the blocks count of "
            + blocker
            + " is below its block items; ./quickphotos audit --fix mends it",
        cancelled.get().cause());
  }

  /** A page of a user's blocks, by the blocked user's handle. */
  Page<Block> blocksOf(String blocker, PageRequest page, Meter meter) {
    QueryPlan plan = PrivacyQueries.blocksOf(blocker, page.size());
    Reads.Listing read = reads.page(CursorScope.blocksOf(plan), plan, page, meter);
    List<Block> blocks = new ArrayList<>(read.items().size());
    for (Item item : read.items()) {
      blocks.add(PrivacyPlans.block(item));
    }
    return new Page<>(blocks, read.nextCursor());
  }
}
