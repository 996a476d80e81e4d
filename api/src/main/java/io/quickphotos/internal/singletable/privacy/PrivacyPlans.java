package io.quickphotos.internal.singletable.privacy;

import static io.quickphotos.internal.singletable.layout.Attributes.EVER_ASKED;
import static io.quickphotos.internal.singletable.layout.Attributes.EVER_BLOCKED;

import io.quickphotos.AlreadyFollowingException;
import io.quickphotos.AlreadyRequestedException;
import io.quickphotos.Block;
import io.quickphotos.Follow;
import io.quickphotos.FollowRequest;
import io.quickphotos.FollowRequestNotFoundException;
import io.quickphotos.QuickPhotosException;
import io.quickphotos.UserBlockedException;
import io.quickphotos.engine.AttributePath;
import io.quickphotos.engine.Index;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.ItemCondition;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.QueryPlan;
import io.quickphotos.engine.SortKeyCondition;
import io.quickphotos.engine.UpdateAction;
import io.quickphotos.engine.Value;
import io.quickphotos.engine.WriteAction;
import io.quickphotos.internal.singletable.codec.ItemCodec;
import io.quickphotos.internal.singletable.layout.Attributes;
import io.quickphotos.internal.singletable.layout.KeyLayout;
import io.quickphotos.internal.singletable.plan.Counters;
import io.quickphotos.internal.singletable.plan.Plans;
import io.quickphotos.internal.singletable.plan.StepName;
import io.quickphotos.internal.singletable.plan.WritePlan;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The layout and plans of who may see what ({@code docs/privacy.md}): a private account's flag
 * and counts on its profile, pending requests to follow it (two items each: the request, found by
 * its pair, and its place in the account's queue, in time order), and blocks. Stateless and
 * thread-safe.
 *
 * <pre>
 * Item                PK              SK                                   GSI partition
 * request             USER#&lt;account&gt;  #ASK#&lt;requester&gt;                     requests made by the requester
 * its place           USER#&lt;account&gt;  #ASKED#&lt;timestamp&gt;#&lt;requester&gt;
 * block               USER#&lt;blocker&gt;  #BLOCK#&lt;blocked&gt;                    blocks against the blocked
 * a request's mark    USER#&lt;requester&gt; #ASKING#&lt;account&gt;
 * a block's mark      USER#&lt;blocked&gt;  #BLOCKEDBY#&lt;blocker&gt;
 * </pre>
 *
 * <p>The marks hold what their request or block holds, in the partition of the user the other
 * names: written and deleted in the same transaction as it, they let closing that user's account
 * find every request it made and every block against it with a strongly consistent Query of its
 * own partition. The inverted index lists the same, but eventually consistent: a request made a
 * moment before the account closed could be missing from it, survive the account, and be
 * approved as a follow of whoever takes the name next.
 */
public final class PrivacyPlans {
  private static final AttributePath PRIVATE = AttributePath.of(Attributes.PRIVATE);
  private static final AttributePath REQUESTS = AttributePath.of(Attributes.REQUESTS);
  private static final AttributePath BLOCKS = AttributePath.of(Attributes.BLOCKS);
  private static final AttributePath FOLLOWERS = AttributePath.of(Attributes.FOLLOWERS);
  private static final AttributePath FOLLOWING = AttributePath.of(Attributes.FOLLOWING);
  private static final AttributePath TIMESTAMP = AttributePath.of(Attributes.TIMESTAMP);

  private static final List<UpdateAction> MARK_ASKED =
      Counters.change(List.of(new UpdateAction.Set(AttributePath.of(EVER_ASKED), Attributes.FLAG)));

  /** A private account: {@code attribute_exists(private)}. */
  public static final ItemCondition IS_PRIVATE = new ItemCondition.AttributeExists(PRIVATE);

  /** A public account: {@code NOT attribute_exists(private)}. */
  public static final ItemCondition NOT_PRIVATE = ItemCondition.not(IS_PRIVATE);

  /** A user who has blocked nobody: {@code NOT (blocks >= 1)}. */
  public static final ItemCondition NO_BLOCKS =
      ItemCondition.not(new ItemCondition.AtLeast(BLOCKS, 1));

  /** An active user who has blocked nobody. */
  public static final ItemCondition ACTIVE_NO_BLOCKS = Plans.all(Plans.ACTIVE_USER, NO_BLOCKS);

  /** An active public account: what a follow requires of the followed user, guarded. */
  public static final ItemCondition ACTIVE_PUBLIC = Plans.all(Plans.ACTIVE_USER, NOT_PRIVATE);

  /** An active public account that has blocked nobody: a follow's, unguarded. */
  public static final ItemCondition ACTIVE_PUBLIC_NO_BLOCKS =
      Plans.all(Plans.ACTIVE_USER, NOT_PRIVATE, NO_BLOCKS);

  /** An active private account: what a request requires of the account asked, guarded. */
  public static final ItemCondition ACTIVE_PRIVATE = Plans.all(Plans.ACTIVE_USER, IS_PRIVATE);

  /** An active private account that has blocked nobody: a request's, unguarded. */
  public static final ItemCondition ACTIVE_PRIVATE_NO_BLOCKS =
      Plans.all(Plans.ACTIVE_USER, IS_PRIVATE, NO_BLOCKS);

  /** The step of a request, approval or discard that counts on the private account. */
  public static final StepName ACCOUNT = StepName.of("account's requests");

  /** The step of a request or approval that checks or counts on the requester. */
  public static final StepName REQUESTER = StepName.of("requester");

  /** The step that puts or deletes the request item. */
  public static final StepName REQUEST = StepName.of("request");

  /** The step that puts or deletes the request's place in its account's queue. */
  public static final StepName PLACE = StepName.of("request's place");

  /** The step of a request that checks that no friendship exists, or of an approval that puts it. */
  public static final StepName FRIENDSHIP = StepName.of("friendship");

  /** The guard that the followed (or asked, or reacted-to) user has not blocked the other. */
  public static final StepName NOT_BLOCKED_BY_OWNER = StepName.of("no block by the account");

  /** The guard that the follower (or requester) has not blocked the other. */
  public static final StepName NOT_BLOCKED_BY_FOLLOWER = StepName.of("no block by the follower");

  /** The step of a block or unblock that puts or deletes the block item. */
  public static final StepName BLOCK = StepName.of("block");

  /** The step of a block or unblock that counts on the blocker. */
  public static final StepName BLOCKER = StepName.of("blocker's blocks");

  /** The step of a block that checks that the user blocked exists. */
  public static final StepName BLOCKED = StepName.of("blocked user");

  /** The step that puts or deletes a request's or a block's mark. */
  public static final StepName MARK = StepName.of("mark");

  private PrivacyPlans() {}

  // --- items ---------------------------------------------------------------------------------

  /**
   * The request item of a pending request.
   *
   * @param request the request
   * @return the item, keyed by its pair
   */
  public static Item request(FollowRequest request) {
    return requestItem(
        KeyLayout.request(request.account(), request.requester()),
        ItemCodec.Entity.FOLLOW_REQUEST,
        request);
  }

  /**
   * The item of a request's place in its account's queue.
   *
   * @param request the request
   * @return the item, keyed by time
   */
  public static Item requestPlace(FollowRequest request) {
    return requestItem(placeOf(request), ItemCodec.Entity.REQUEST_PLACE, request);
  }

  private static Item requestItem(Key key, ItemCodec.Entity entity, FollowRequest request) {
    return Item.builder(key)
        .put(ItemCodec.ENTITY, new Value.Str(entity.name()))
        .put(Attributes.REQUESTER, new Value.Str(request.requester()))
        .put(Attributes.ACCOUNT, new Value.Str(request.account()))
        .put(Attributes.TIMESTAMP, new Value.Str(KeyLayout.timestamp(request.since())))
        .build();
  }

  /**
   * Reads a request item or a request's place.
   *
   * @param item either item
   * @return the request
   */
  public static FollowRequest followRequest(Item item) {
    try {
      return new FollowRequest(
          item.string(Attributes.REQUESTER),
          item.string(Attributes.ACCOUNT),
          KeyLayout.parseTimestamp(item.string(Attributes.TIMESTAMP)));
    } catch (RuntimeException e) {
      throw new io.quickphotos.engine.UnreadableItemException(e);
    }
  }

  /**
   * The mark of a pending request, in its requester's partition.
   *
   * @param request the request
   * @return the item, holding what the request holds
   */
  public static Item requestMark(FollowRequest request) {
    return requestItem(
        KeyLayout.requestMark(request.requester(), request.account()),
        ItemCodec.Entity.REQUEST_MARK,
        request);
  }

  /**
   * The mark of a block, in the blocked user's partition.
   *
   * @param block the block
   * @return the item, holding what the block holds
   */
  public static Item blockMark(Block block) {
    return blockItem(
        KeyLayout.blockMark(block.blocked(), block.blocker()), ItemCodec.Entity.BLOCK_MARK, block);
  }

  /** The key of a request's place. */
  private static Key placeOf(FollowRequest request) {
    return KeyLayout.requestPlace(request.account(), request.since(), request.requester());
  }

  /**
   * The item of a block.
   *
   * @param block the block
   * @return the item, in the blocker's partition
   */
  public static Item blockItem(Block block) {
    return blockItem(
        KeyLayout.block(block.blocker(), block.blocked()), ItemCodec.Entity.BLOCK, block);
  }

  private static Item blockItem(Key key, ItemCodec.Entity entity, Block block) {
    return Item.builder(key)
        .put(ItemCodec.ENTITY, new Value.Str(entity.name()))
        .put(Attributes.BLOCKER, new Value.Str(block.blocker()))
        .put(Attributes.BLOCKED, new Value.Str(block.blocked()))
        .put(Attributes.TIMESTAMP, new Value.Str(KeyLayout.timestamp(block.since())))
        .build();
  }

  /**
   * Reads a block item.
   *
   * @param item a block item
   * @return the block
   */
  public static Block block(Item item) {
    try {
      return new Block(
          item.string(Attributes.BLOCKER),
          item.string(Attributes.BLOCKED),
          KeyLayout.parseTimestamp(item.string(Attributes.TIMESTAMP)));
    } catch (RuntimeException e) {
      throw new io.quickphotos.engine.UnreadableItemException(e);
    }
  }

  // --- what a write learns from a profile that refused it ------------------------------------

  /**
   * Why a follow (or a reaction's check of the owner) was refused by a profile, if for privacy.
   */
  public enum Detour {
    /** Not for privacy (a hot key's switch, or the error it always was). */
    NONE,
    /**
     * The account is not of the visibility the write took it for: a follow of a private account
     * becomes a request, a request of an account that went public a follow.
     */
    OTHER_VISIBILITY,
    /** One of the two has blocked someone: send it again with the block items checked. */
    GUARD
  }

  /**
   * What a follow (or request) learns from the profiles that refused its conditions: the
   * followed one of the other visibility (a follow becomes a request, or the reverse), or either
   * counting blocks (send again, guarded).
   *
   * @param followed the followed account's profile as it was when its condition failed, if it did
   * @param follower the follower's profile as it was when its condition failed, if it did
   * @param wasPrivateAsked true if the write already took the account for private (a request)
   * @return the detour, {@link Detour#NONE} if neither profile refused for privacy
   */
  public static Detour detour(
      Optional<Item> followed, Optional<Item> follower, boolean wasPrivateAsked) {
    if (followed.isPresent()
        && Plans.isActive(followed.get())
        && ItemCodec.isPrivate(followed.get()) != wasPrivateAsked) {
      return Detour.OTHER_VISIBILITY;
    }
    boolean blocks =
        followed.filter(Plans::isActive).map(ItemCodec::blocks).orElse(0L) > 0
            || follower.filter(Plans::isActive).map(ItemCodec::blocks).orElse(0L) > 0;
    return blocks ? Detour.GUARD : Detour.NONE;
  }

  /**
   * Whether a profile that refused an unguarded write refused it for privacy: private (where the
   * write takes it for public), or counting blocks.
   *
   * @param profile the profile as it was
   * @param takenForPrivate whether the write took it for private
   * @return whether the write should go again, as a request or guarded
   */
  public static boolean refusedForPrivacy(Item profile, boolean takenForPrivate) {
    return Plans.isActive(profile)
        && (ItemCodec.isPrivate(profile) != takenForPrivate || ItemCodec.blocks(profile) > 0);
  }

  /**
   * Whether a profile ever had a pending request: its {@code requests} count exists.
   *
   * @param profile a user item
   * @return whether closing it looks for requests to it
   */
  public static boolean everRequested(Item profile) {
    return profile.get(Attributes.REQUESTS).isPresent();
  }

  /**
   * Whether a user ever asked to follow a private account.
   *
   * @param profile a user item
   * @return whether closing it looks for the requests it made
   */
  public static boolean everAsked(Item profile) {
    return profile.get(EVER_ASKED).isPresent();
  }

  /**
   * Whether a user ever blocked someone: its {@code blocks} count exists.
   *
   * @param profile a user item
   * @return whether closing it looks for its blocks
   */
  public static boolean everBlockedSomeone(Item profile) {
    return profile.get(Attributes.BLOCKS).isPresent();
  }

  /**
   * Whether someone ever blocked a user.
   *
   * @param profile a user item
   * @return whether closing it looks for the blocks against it
   */
  public static boolean everBlocked(Item profile) {
    return profile.get(EVER_BLOCKED).isPresent();
  }

  /**
   * A profile's {@code requests} count.
   *
   * @return the path
   */
  public static AttributePath requestsCounter() {
    return REQUESTS;
  }

  /**
   * A profile's {@code blocks} count.
   *
   * @return the path
   */
  public static AttributePath blocksCounter() {
    return BLOCKS;
  }

  // --- guards --------------------------------------------------------------------------------

  /**
   * The guard that {@code owner} has not blocked {@code other}: a ConditionCheck that the block
   * item is absent, failing as {@code owner} not found (a block is not disclosed).
   *
   * @param owner the followed (or asked) user
   * @param other the follower (or requester, or reactor)
   * @param notFound the error the block means to {@code other}
   * @return the step
   */
  public static WritePlan.Step notBlockedByOwner(
      String owner, String other, Supplier<? extends QuickPhotosException> notFound) {
    return new WritePlan.Step(
        NOT_BLOCKED_BY_OWNER,
        new WriteAction.Check(KeyLayout.block(owner, other), ItemCondition.ABSENT),
        notFound);
  }

  /**
   * The guard that {@code follower} has not blocked {@code followed}: a ConditionCheck that the
   * block item is absent, failing as {@link UserBlockedException}.
   *
   * @param follower the follower (or requester)
   * @param followed the followed (or asked) user
   * @return the step
   */
  public static WritePlan.Step notBlockedByFollower(String follower, String followed) {
    return new WritePlan.Step(
        NOT_BLOCKED_BY_FOLLOWER,
        new WriteAction.Check(KeyLayout.block(follower, followed), ItemCondition.ABSENT),
        () -> UserBlockedException.of(follower, followed));
  }

  /** The two guards of a follow, request or approval between two users. */
  private static List<WritePlan.Step> guards(String follower, String followed) {
    return List.of(
        notBlockedByOwner(followed, follower, () -> Plans.userNotFound(followed)),
        notBlockedByFollower(follower, followed));
  }

  // --- requests ------------------------------------------------------------------------------

  /**
   * A request to follow a private account: one transaction of the account's {@code requests} + 1
   * (on condition it is active and private, and, unguarded, counts no blocks), a ConditionCheck
   * of the requester (active; unguarded, no blocks), a ConditionCheck that the friendship is
   * absent, and the puts of the request and its place (absent) and of its mark. Guarded: the two block items'
   * absence checked too. An account no longer private, or either profile counting blocks when
   * unguarded, fails and comes back ({@link #detour}).
   *
   * @param request the request
   * @param guarded whether to check the block items (one of the two counts blocks)
   * @return the plan
   */
  public static WritePlan request(FollowRequest request, boolean guarded) {
    String account = request.account();
    String requester = request.requester();
    ItemCondition accountCondition = guarded ? ACTIVE_PRIVATE : ACTIVE_PRIVATE_NO_BLOCKS;
    List<WritePlan.Step> steps = new ArrayList<>();
    steps.add(
        new WritePlan.Step(
            ACCOUNT,
            new WriteAction.Update(
                KeyLayout.user(account), Counters.add(REQUESTS, 1), accountCondition),
            () -> Plans.userNotFound(account),
            found -> found.isPresent() && refusedForPrivacy(found.get(), true)));
    // The requester is marked (rewritten by each request): closing its account then looks for
    // the requests it made.
    steps.add(
        new WritePlan.Step(
            REQUESTER,
            new WriteAction.Update(
                KeyLayout.user(requester),
                MARK_ASKED,
                guarded ? Plans.ACTIVE_USER : ACTIVE_NO_BLOCKS),
            () -> Plans.userNotFound(requester),
            found -> !guarded && found.isPresent() && refusedForPrivacy(found.get(), false)));
    steps.add(
        new WritePlan.Step(
            FRIENDSHIP,
            new WriteAction.Check(KeyLayout.friendship(account, requester), ItemCondition.ABSENT),
            () -> AlreadyFollowingException.of(requester, account)));
    steps.add(
        new WritePlan.Step(
            REQUEST,
            new WriteAction.Put(request(request), ItemCondition.ABSENT),
            () -> AlreadyRequestedException.of(requester, account)));
    steps.add(
        new WritePlan.Step(
            PLACE,
            new WriteAction.Put(requestPlace(request), ItemCondition.ABSENT),
            () -> AlreadyRequestedException.of(requester, account)));
    // Beside the request's own put, which decides that it is new: a mark left by an older
    // version's removal is overwritten.
    steps.add(
        new WritePlan.Step(MARK, new WriteAction.Put(requestMark(request), ItemCondition.NONE)));
    if (guarded) {
      steps.addAll(guards(requester, account));
    }
    return WritePlan.transaction(steps);
  }

  /**
   * The request item is still the one read (or marked): {@code timestamp = :t}.
   *
   * @param read the request as read
   * @return the condition
   */
  public static ItemCondition isRequest(FollowRequest read) {
    return new ItemCondition.AttributeEquals(
        TIMESTAMP, new Value.Str(KeyLayout.timestamp(read.since())));
  }

  /**
   * The approval of a pending request: one transaction of the account's {@code requests} − 1 and
   * {@code followers} + 1 (on its own counter, whether or not the account is sharded; on
   * condition it is active, holds the request in its count, and, unguarded, counts no blocks),
   * the requester's {@code following} + 1 (active; unguarded, no blocks), the request and its
   * place deleted (on condition the request is the one read), and the friendship put (absent).
   *
   * @param read the request as read
   * @param since the friendship's timestamp
   * @param guarded whether to check the block items
   * @return the plan
   */
  public static WritePlan approve(FollowRequest read, java.time.Instant since, boolean guarded) {
    String account = read.account();
    String requester = read.requester();
    ItemCondition holdsIt = new ItemCondition.AtLeast(REQUESTS, 1);
    List<WritePlan.Step> steps = new ArrayList<>();
    steps.add(
        new WritePlan.Step(
            ACCOUNT,
            new WriteAction.Update(
                KeyLayout.user(account),
                Counters.change(
                    List.of(
                        new UpdateAction.Add(REQUESTS, -1), new UpdateAction.Add(FOLLOWERS, 1))),
                guarded
                    ? Plans.all(Plans.ACTIVE_USER, holdsIt)
                    : Plans.all(Plans.ACTIVE_USER, holdsIt, NO_BLOCKS)),
            () -> Plans.userNotFound(account),
            found ->
                !guarded
                    && found.isPresent()
                    && Plans.isActive(found.get())
                    && ItemCodec.blocks(found.get()) > 0));
    steps.add(
        new WritePlan.Step(
            REQUESTER,
            new WriteAction.Update(
                KeyLayout.user(requester),
                Counters.add(FOLLOWING, 1),
                guarded ? Plans.ACTIVE_USER : ACTIVE_NO_BLOCKS),
            () -> Plans.userNotFound(requester),
            found ->
                !guarded
                    && found.isPresent()
                    && Plans.isActive(found.get())
                    && ItemCodec.blocks(found.get()) > 0));
    steps.addAll(removal(read));
    steps.add(
        new WritePlan.Step(
            FRIENDSHIP,
            new WriteAction.Put(
                ItemCodec.friendship(new Follow(requester, account, since)), ItemCondition.ABSENT),
            () -> AlreadyFollowingException.of(requester, account),
            found -> true));
    if (guarded) {
      steps.add(
          notBlockedByOwner(
              account, requester, () -> FollowRequestNotFoundException.of(requester, account)));
      steps.add(
          new WritePlan.Step(
              NOT_BLOCKED_BY_FOLLOWER,
              new WriteAction.Check(KeyLayout.block(requester, account), ItemCondition.ABSENT),
              () -> FollowRequestNotFoundException.of(requester, account)));
    }
    return WritePlan.transaction(steps);
  }

  /**
   * The deletes of a request, its place and its mark, the request on condition it is the one read: a
   * request withdrawn and made again since comes back with the cancellation, to be read again.
   */
  private static List<WritePlan.Step> removal(FollowRequest read) {
    return List.of(
        new WritePlan.Step(
            REQUEST,
            new WriteAction.Delete(
                KeyLayout.request(read.account(), read.requester()), isRequest(read)),
            () -> FollowRequestNotFoundException.of(read.requester(), read.account()),
            found -> true),
        new WritePlan.Step(
            PLACE,
            new WriteAction.Delete(placeOf(read), ItemCondition.NONE),
            () -> FollowRequestNotFoundException.of(read.requester(), read.account())),
        new WritePlan.Step(MARK, new WriteAction.Delete(markOf(read), ItemCondition.NONE)));
  }

  /** The key of a request's mark. */
  private static Key markOf(FollowRequest request) {
    return KeyLayout.requestMark(request.requester(), request.account());
  }

  /**
   * A request declined, withdrawn, or discarded (its requester follows already, or is gone): one
   * transaction deleting the request (on condition it is the one read) and its place, and the
   * account's {@code requests} − 1 (on condition it holds one; the account may be closing).
   *
   * @param read the request as read
   * @return the plan
   */
  public static WritePlan discard(FollowRequest read) {
    List<WritePlan.Step> steps = new ArrayList<>();
    steps.add(
        new WritePlan.Step(
            ACCOUNT,
            new WriteAction.Update(
                KeyLayout.user(read.account()),
                Counters.add(REQUESTS, -1),
                ItemCondition.and(ItemCondition.EXISTS, new ItemCondition.AtLeast(REQUESTS, 1))),
            () -> FollowRequestNotFoundException.of(read.requester(), read.account())));
    steps.addAll(removal(read));
    return WritePlan.transaction(steps);
  }

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
   * The switch of an account that went public: approve a batch of its requests in one
   * transaction. The account's counters change once ({@code requests} − n, {@code followers} +
   * approved), on condition it is active, still public, holds the n requests in its count, and,
   * unguarded, counts no blocks: the fence, so switching back to private stops the approvals.
   * Each approved request: its three items deleted (the request on condition it is the one read),
   * the friendship put, the requester's {@code following} + 1 (active; unguarded, no blocks), and
   * guarded, the block items checked. Each discarded request (its requester follows already, or
   * is gone): its three items deleted.
   *
   * @param account the account
   * @param approved the requests to approve, with their friendship's timestamp
   * @param discarded the requests to delete without a follow
   * @param since the friendships' timestamp
   * @param guarded whether the block items are checked
   * @return the plan; step {@link #ACCOUNT} the fence, and per request {@code i}
   *     {@link #REQUEST}, {@link #REQUESTER}, {@link #FRIENDSHIP} at {@code i} (approved first)
   */
  public static WritePlan approveAll(
      String account,
      List<FollowRequest> approved,
      List<FollowRequest> discarded,
      java.time.Instant since,
      boolean guarded) {
    int n = approved.size() + discarded.size();
    List<WritePlan.Step> steps = new ArrayList<>();
    List<UpdateAction> counts = new ArrayList<>();
    counts.add(new UpdateAction.Add(REQUESTS, -n));
    if (!approved.isEmpty()) {
      counts.add(new UpdateAction.Add(FOLLOWERS, approved.size()));
    }
    ItemCondition fence = Plans.all(ACTIVE_PUBLIC, new ItemCondition.AtLeast(REQUESTS, n));
    steps.add(
        new WritePlan.Step(
            ACCOUNT,
            new WriteAction.Update(
                KeyLayout.user(account),
                Counters.change(counts),
                guarded ? fence : Plans.all(fence, NO_BLOCKS))));
    int i = 0;
    for (FollowRequest request : approved) {
      steps.add(
          new WritePlan.Step(
              REQUEST.at(i),
              new WriteAction.Delete(
                  KeyLayout.request(account, request.requester()), isRequest(request))));
      steps.add(
          new WritePlan.Step(
              PLACE.at(i), new WriteAction.Delete(placeOf(request), ItemCondition.NONE)));
      steps.add(
          new WritePlan.Step(
              MARK.at(i), new WriteAction.Delete(markOf(request), ItemCondition.NONE)));
      steps.add(
          new WritePlan.Step(
              FRIENDSHIP.at(i),
              new WriteAction.Put(
                  ItemCodec.friendship(new Follow(request.requester(), account, since)),
                  ItemCondition.ABSENT)));
      steps.add(
          new WritePlan.Step(
              REQUESTER.at(i),
              new WriteAction.Update(
                  KeyLayout.user(request.requester()),
                  Counters.add(FOLLOWING, 1),
                  guarded ? Plans.ACTIVE_USER : ACTIVE_NO_BLOCKS)));
      if (guarded) {
        steps.add(
            new WritePlan.Step(
                NOT_BLOCKED_BY_OWNER.at(i),
                new WriteAction.Check(
                    KeyLayout.block(account, request.requester()), ItemCondition.ABSENT)));
        steps.add(
            new WritePlan.Step(
                NOT_BLOCKED_BY_FOLLOWER.at(i),
                new WriteAction.Check(
                    KeyLayout.block(request.requester(), account), ItemCondition.ABSENT)));
      }
      i++;
    }
    for (FollowRequest request : discarded) {
      steps.add(
          new WritePlan.Step(
              REQUEST.at(i),
              new WriteAction.Delete(
                  KeyLayout.request(account, request.requester()), isRequest(request))));
      steps.add(
          new WritePlan.Step(
              PLACE.at(i), new WriteAction.Delete(placeOf(request), ItemCondition.NONE)));
      steps.add(
          new WritePlan.Step(
              MARK.at(i), new WriteAction.Delete(markOf(request), ItemCondition.NONE)));
      i++;
    }
    return WritePlan.transaction(steps);
  }

  // --- blocks --------------------------------------------------------------------------------

  /**
   * A block: one transaction putting the block item (absent) and its mark, adding one to the
   * blocker's {@code blocks} (active) and marking the user blocked ({@code everBlocked}, on
   * condition it is active: a closing account takes no block its cascade could miss). A block
   * item that exists
   * already fails its put, and comes back as the cancellation: the block was made (by this
   * call's earlier attempt, or another).
   *
   * @param block the block
   * @return the plan
   */
  public static WritePlan block(Block block) {
    return WritePlan.transaction(
        new WritePlan.Step(BLOCK, new WriteAction.Put(blockItem(block), ItemCondition.ABSENT)),
        new WritePlan.Step(
            BLOCKER,
            new WriteAction.Update(
                KeyLayout.user(block.blocker()), Counters.add(BLOCKS, 1), Plans.ACTIVE_USER),
            () -> Plans.userNotFound(block.blocker())),
        new WritePlan.Step(
            BLOCKED,
            new WriteAction.Update(
                KeyLayout.user(block.blocked()),
                Counters.change(
                    List.of(new UpdateAction.Set(AttributePath.of(EVER_BLOCKED), Attributes.FLAG))),
                Plans.ACTIVE_USER),
            () -> Plans.userNotFound(block.blocked())),
        new WritePlan.Step(MARK, new WriteAction.Put(blockMark(block), ItemCondition.NONE)));
  }

  /**
   * An unblock: one transaction deleting the block item (exists) and its mark, and taking one off the
   * blocker's {@code blocks} (on condition it holds one). A missing block item comes back as the
   * cancellation (nothing to unblock), as does a count at zero beside an existing block (drift).
   *
   * @param blocker the user who blocked
   * @param blocked the user blocked
   * @return the plan
   */
  public static WritePlan unblock(String blocker, String blocked) {
    return WritePlan.transaction(
        new WritePlan.Step(
            BLOCK, new WriteAction.Delete(KeyLayout.block(blocker, blocked), ItemCondition.EXISTS)),
        new WritePlan.Step(
            BLOCKER,
            new WriteAction.Update(
                KeyLayout.user(blocker),
                Counters.add(BLOCKS, -1),
                ItemCondition.and(ItemCondition.EXISTS, new ItemCondition.AtLeast(BLOCKS, 1))),
            () -> Plans.userNotFound(blocker),
            Optional::isPresent),
        new WritePlan.Step(
            MARK,
            new WriteAction.Delete(KeyLayout.blockMark(blocked, blocker), ItemCondition.NONE)));
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

  // --- visibility ----------------------------------------------------------------------------

  /**
   * What a profile update sets for a visibility: {@code SET private = true} or {@code REMOVE
   * private}.
   *
   * @param makePrivate true for private
   * @return the update action
   */
  public static UpdateAction visibility(boolean makePrivate) {
    return makePrivate
        ? new UpdateAction.Set(PRIVATE, Attributes.FLAG)
        : new UpdateAction.Remove(PRIVATE);
  }

  /**
   * The fence of a fold of a private account's shards: it is still active and private.
   *
   * @return the condition
   */
  public static ItemCondition stillPrivate() {
    return ACTIVE_PRIVATE;
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
}
