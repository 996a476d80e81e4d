package io.quickphotos.internal.singletable.privacy;

import static io.quickphotos.internal.singletable.layout.Attributes.EVER_ASKED;
import static io.quickphotos.internal.singletable.layout.Attributes.EVER_BLOCKED;

import io.quickphotos.Block;
import io.quickphotos.FollowRequest;
import io.quickphotos.engine.AttributePath;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.ItemCondition;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.UpdateAction;
import io.quickphotos.engine.Value;
import io.quickphotos.internal.singletable.codec.ItemCodec;
import io.quickphotos.internal.singletable.layout.Attributes;
import io.quickphotos.internal.singletable.layout.KeyLayout;
import io.quickphotos.internal.singletable.plan.Plans;
import io.quickphotos.internal.singletable.plan.StepName;
import java.util.Optional;

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
  static final AttributePath PRIVATE = AttributePath.of(Attributes.PRIVATE);
  static final AttributePath REQUESTS = AttributePath.of(Attributes.REQUESTS);
  static final AttributePath BLOCKS = AttributePath.of(Attributes.BLOCKS);
  static final AttributePath FOLLOWERS = AttributePath.of(Attributes.FOLLOWERS);
  static final AttributePath FOLLOWING = AttributePath.of(Attributes.FOLLOWING);
  static final AttributePath TIMESTAMP = AttributePath.of(Attributes.TIMESTAMP);

  /** A private account: {@code attribute_exists(private)}. */
  public static final ItemCondition IS_PRIVATE = new ItemCondition.AttributeExists(PRIVATE);

  /** A public account: {@code NOT attribute_exists(private)}. */
  public static final ItemCondition NOT_PRIVATE = ItemCondition.not(IS_PRIVATE);

  /** A user who has blocked nobody: {@code NOT (blocks >= 1)}. */
  public static final ItemCondition NO_BLOCKS =
      ItemCondition.not(new ItemCondition.AtLeast(BLOCKS, 1));

  /** An active user who has blocked nobody. */
  public static final ItemCondition ACTIVE_NO_BLOCKS =
      ItemCondition.and(Plans.ACTIVE_USER, NO_BLOCKS);

  /** An active public account: what a follow requires of the followed user, guarded. */
  public static final ItemCondition ACTIVE_PUBLIC =
      ItemCondition.and(Plans.ACTIVE_USER, NOT_PRIVATE);

  /** An active public account that has blocked nobody: a follow's, unguarded. */
  public static final ItemCondition ACTIVE_PUBLIC_NO_BLOCKS =
      ItemCondition.and(Plans.ACTIVE_USER, NOT_PRIVATE, NO_BLOCKS);

  /** An active private account: what a request requires of the account asked, guarded. */
  public static final ItemCondition ACTIVE_PRIVATE =
      ItemCondition.and(Plans.ACTIVE_USER, IS_PRIVATE);

  /** An active private account that has blocked nobody: a request's, unguarded. */
  public static final ItemCondition ACTIVE_PRIVATE_NO_BLOCKS =
      ItemCondition.and(Plans.ACTIVE_USER, IS_PRIVATE, NO_BLOCKS);

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
  static Key placeOf(FollowRequest request) {
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
        followed.filter(Plans::isActive).map(PrivacyPlans::blocks).orElse(0L) > 0
            || follower.filter(Plans::isActive).map(PrivacyPlans::blocks).orElse(0L) > 0;
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
        && (ItemCodec.isPrivate(profile) != takenForPrivate || PrivacyPlans.blocks(profile) > 0);
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

  // --- requests ------------------------------------------------------------------------------

  // --- blocks --------------------------------------------------------------------------------

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
   * A profile's count of pending requests.
   *
   * @param profile a user item
   * @return {@code requests}, 0 if absent
   */
  public static long pendingRequests(Item profile) {
    return ItemCodec.count(profile, Attributes.REQUESTS);
  }

  /**
   * A profile's count of the blocks it made.
   *
   * @param profile a user item
   * @return {@code blocks}, 0 if absent
   */
  public static long blocks(Item profile) {
    return ItemCodec.count(profile, Attributes.BLOCKS);
  }
}
