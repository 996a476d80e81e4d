package io.quickphotos.internal.singletable.privacy;

import static io.quickphotos.internal.singletable.layout.Attributes.EVER_BLOCKED;

import io.quickphotos.Block;
import io.quickphotos.QuickPhotosException;
import io.quickphotos.UserBlockedException;
import io.quickphotos.engine.AttributePath;
import io.quickphotos.engine.ItemCondition;
import io.quickphotos.engine.UpdateAction;
import io.quickphotos.engine.WriteAction;
import io.quickphotos.internal.singletable.layout.Attributes;
import io.quickphotos.internal.singletable.layout.KeyLayout;
import io.quickphotos.internal.singletable.plan.Counters;
import io.quickphotos.internal.singletable.plan.Plans;
import io.quickphotos.internal.singletable.plan.StepName;
import io.quickphotos.internal.singletable.plan.WritePlan;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The plans of blocks: a block and an unblock (the block item and its mark in the blocked user's
 * partition), the guards that a follow, request or reaction checks against the block items, and
 * the queries that list blocks. The items and the conditions they share with requests are in
 * {@link PrivacyPlans}. Stateless and thread-safe.
 */
public final class BlockPlans {
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
  static List<WritePlan.Step> guards(String follower, String followed) {
    return List.of(
        notBlockedByOwner(followed, follower, () -> Plans.userNotFound(followed)),
        notBlockedByFollower(follower, followed));
  }

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
        new WritePlan.Step(
            BLOCK, new WriteAction.Put(PrivacyPlans.blockItem(block), ItemCondition.ABSENT)),
        new WritePlan.Step(
            BLOCKER,
            new WriteAction.Update(
                KeyLayout.user(block.blocker()),
                Counters.add(PrivacyPlans.BLOCKS, 1),
                Plans.ACTIVE_USER),
            () -> Plans.userNotFound(block.blocker())),
        new WritePlan.Step(
            BLOCKED,
            new WriteAction.Update(
                KeyLayout.user(block.blocked()),
                Counters.change(
                    List.of(new UpdateAction.Set(AttributePath.of(EVER_BLOCKED), Attributes.FLAG))),
                Plans.ACTIVE_USER),
            () -> Plans.userNotFound(block.blocked())),
        new WritePlan.Step(
            PrivacyPlans.MARK,
            new WriteAction.Put(PrivacyPlans.blockMark(block), ItemCondition.NONE)));
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
                Counters.add(PrivacyPlans.BLOCKS, -1),
                ItemCondition.and(
                    ItemCondition.EXISTS, new ItemCondition.AtLeast(PrivacyPlans.BLOCKS, 1))),
            () -> Plans.userNotFound(blocker),
            Optional::isPresent),
        new WritePlan.Step(
            PrivacyPlans.MARK,
            new WriteAction.Delete(KeyLayout.blockMark(blocked, blocker), ItemCondition.NONE)));
  }

  private BlockPlans() {}
}
