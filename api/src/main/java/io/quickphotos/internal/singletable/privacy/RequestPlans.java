package io.quickphotos.internal.singletable.privacy;

import static io.quickphotos.internal.singletable.layout.Attributes.EVER_ASKED;

import io.quickphotos.AlreadyFollowingException;
import io.quickphotos.AlreadyRequestedException;
import io.quickphotos.Follow;
import io.quickphotos.FollowRequest;
import io.quickphotos.FollowRequestNotFoundException;
import io.quickphotos.engine.AttributePath;
import io.quickphotos.engine.ItemCondition;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.UpdateAction;
import io.quickphotos.engine.Value;
import io.quickphotos.engine.WriteAction;
import io.quickphotos.internal.singletable.codec.ItemCodec;
import io.quickphotos.internal.singletable.layout.Attributes;
import io.quickphotos.internal.singletable.layout.KeyLayout;
import io.quickphotos.internal.singletable.plan.Counters;
import io.quickphotos.internal.singletable.plan.Plans;
import io.quickphotos.internal.singletable.plan.StepName;
import io.quickphotos.internal.singletable.plan.StepOutcome;
import io.quickphotos.internal.singletable.plan.WritePlan;
import java.util.ArrayList;
import java.util.List;

/**
 * The plans of requests to follow a private account: a request (three items: the request, its
 * place in the account's queue, its mark in the requester's partition), its approval, one by one
 * or in batches when the account goes public, its discard, and the queries that list requests.
 * The items and the conditions they share with blocks are in {@link PrivacyPlans}. Stateless and
 * thread-safe.
 */
public final class RequestPlans {
  private static final List<UpdateAction> MARK_ASKED =
      Counters.change(List.of(new UpdateAction.Set(AttributePath.of(EVER_ASKED), Attributes.FLAG)));

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

  /**
   * A request to follow a private account: one transaction of the account's {@code requests} + 1
   * (on condition it is active and private, and, unguarded, counts no blocks), a ConditionCheck
   * of the requester (active; unguarded, no blocks), a ConditionCheck that the friendship is
   * absent, and the puts of the request and its place (absent) and of its mark. Guarded: the two block items'
   * absence checked too. An account no longer private, or either profile counting blocks when
   * unguarded, fails and comes back ({@link PrivacyPlans#detour}).
   *
   * @param request the request
   * @param guarded whether to check the block items (one of the two counts blocks)
   * @return the plan
   */
  public static WritePlan request(FollowRequest request, boolean guarded) {
    String account = request.account();
    String requester = request.requester();
    ItemCondition accountCondition =
        guarded ? PrivacyPlans.ACTIVE_PRIVATE : PrivacyPlans.ACTIVE_PRIVATE_NO_BLOCKS;
    List<WritePlan.Step> steps = new ArrayList<>();
    steps.add(
        new WritePlan.Step(
            ACCOUNT,
            new WriteAction.Update(
                KeyLayout.user(account), Counters.add(PrivacyPlans.REQUESTS, 1), accountCondition),
            () -> Plans.userNotFound(account),
            found -> found.isPresent() && PrivacyPlans.refusedForPrivacy(found.get(), true)));
    // The requester is marked (rewritten by each request): closing its account then looks for
    // the requests it made.
    steps.add(
        new WritePlan.Step(
            REQUESTER,
            new WriteAction.Update(
                KeyLayout.user(requester),
                MARK_ASKED,
                guarded ? Plans.ACTIVE_USER : PrivacyPlans.ACTIVE_NO_BLOCKS),
            () -> Plans.userNotFound(requester),
            found ->
                !guarded
                    && found.isPresent()
                    && PrivacyPlans.refusedForPrivacy(found.get(), false)));
    steps.add(
        new WritePlan.Step(
            FRIENDSHIP,
            new WriteAction.Check(KeyLayout.friendship(account, requester), ItemCondition.ABSENT),
            () -> AlreadyFollowingException.of(requester, account)));
    steps.add(
        new WritePlan.Step(
            REQUEST,
            new WriteAction.Put(PrivacyPlans.request(request), ItemCondition.ABSENT),
            () -> AlreadyRequestedException.of(requester, account)));
    steps.add(
        new WritePlan.Step(
            PLACE,
            new WriteAction.Put(PrivacyPlans.requestPlace(request), ItemCondition.ABSENT),
            () -> AlreadyRequestedException.of(requester, account)));
    // Beside the request's own put, which decides that it is new: a mark left by an older
    // version's removal is overwritten.
    steps.add(
        new WritePlan.Step(
            PrivacyPlans.MARK,
            new WriteAction.Put(PrivacyPlans.requestMark(request), ItemCondition.NONE)));
    if (guarded) {
      steps.addAll(BlockPlans.guards(requester, account));
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
        PrivacyPlans.TIMESTAMP, new Value.Str(KeyLayout.timestamp(read.since())));
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
    ItemCondition holdsIt = new ItemCondition.AtLeast(PrivacyPlans.REQUESTS, 1);
    List<WritePlan.Step> steps = new ArrayList<>();
    steps.add(
        new WritePlan.Step(
            ACCOUNT,
            new WriteAction.Update(
                KeyLayout.user(account),
                Counters.change(
                    List.of(
                        new UpdateAction.Add(PrivacyPlans.REQUESTS, -1),
                        new UpdateAction.Add(PrivacyPlans.FOLLOWERS, 1))),
                guarded
                    ? ItemCondition.and(Plans.ACTIVE_USER, holdsIt)
                    : ItemCondition.and(Plans.ACTIVE_USER, holdsIt, PrivacyPlans.NO_BLOCKS)),
            () -> Plans.userNotFound(account),
            found ->
                !guarded
                    && found.isPresent()
                    && Plans.isActive(found.get())
                    && PrivacyPlans.blocks(found.get()) > 0));
    steps.add(
        new WritePlan.Step(
            REQUESTER,
            new WriteAction.Update(
                KeyLayout.user(requester),
                Counters.add(PrivacyPlans.FOLLOWING, 1),
                guarded ? Plans.ACTIVE_USER : PrivacyPlans.ACTIVE_NO_BLOCKS),
            () -> Plans.userNotFound(requester),
            found ->
                !guarded
                    && found.isPresent()
                    && Plans.isActive(found.get())
                    && PrivacyPlans.blocks(found.get()) > 0));
    steps.addAll(removal(read));
    steps.add(
        new WritePlan.Step(
            FRIENDSHIP,
            new WriteAction.Put(
                ItemCodec.friendship(new Follow(requester, account, since)), ItemCondition.ABSENT),
            found ->
                new StepOutcome.HandedBack(
                    () -> AlreadyFollowingException.of(requester, account))));
    if (guarded) {
      steps.add(
          BlockPlans.notBlockedByOwner(
              account, requester, () -> FollowRequestNotFoundException.of(requester, account)));
      steps.add(
          new WritePlan.Step(
              BlockPlans.NOT_BLOCKED_BY_FOLLOWER,
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
            found ->
                new StepOutcome.HandedBack(
                    () -> FollowRequestNotFoundException.of(read.requester(), read.account()))),
        new WritePlan.Step(
            PLACE,
            new WriteAction.Delete(PrivacyPlans.placeOf(read), ItemCondition.NONE),
            () -> FollowRequestNotFoundException.of(read.requester(), read.account())),
        new WritePlan.Step(
            PrivacyPlans.MARK, new WriteAction.Delete(markOf(read), ItemCondition.NONE)));
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
                Counters.add(PrivacyPlans.REQUESTS, -1),
                ItemCondition.and(
                    ItemCondition.EXISTS, new ItemCondition.AtLeast(PrivacyPlans.REQUESTS, 1))),
            () -> FollowRequestNotFoundException.of(read.requester(), read.account())));
    steps.addAll(removal(read));
    return WritePlan.transaction(steps);
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
    counts.add(new UpdateAction.Add(PrivacyPlans.REQUESTS, -n));
    if (!approved.isEmpty()) {
      counts.add(new UpdateAction.Add(PrivacyPlans.FOLLOWERS, approved.size()));
    }
    ItemCondition fence =
        ItemCondition.and(
            PrivacyPlans.ACTIVE_PUBLIC, new ItemCondition.AtLeast(PrivacyPlans.REQUESTS, n));
    steps.add(
        new WritePlan.Step(
            ACCOUNT,
            new WriteAction.Update(
                KeyLayout.user(account),
                Counters.change(counts),
                guarded ? fence : ItemCondition.and(fence, PrivacyPlans.NO_BLOCKS))));
    int i = 0;
    for (FollowRequest request : approved) {
      addEnding(steps, request, i);
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
                  Counters.add(PrivacyPlans.FOLLOWING, 1),
                  guarded ? Plans.ACTIVE_USER : PrivacyPlans.ACTIVE_NO_BLOCKS)));
      if (guarded) {
        steps.add(
            new WritePlan.Step(
                BlockPlans.NOT_BLOCKED_BY_OWNER.at(i),
                new WriteAction.Check(
                    KeyLayout.block(account, request.requester()), ItemCondition.ABSENT)));
        steps.add(
            new WritePlan.Step(
                BlockPlans.NOT_BLOCKED_BY_FOLLOWER.at(i),
                new WriteAction.Check(
                    KeyLayout.block(request.requester(), account), ItemCondition.ABSENT)));
      }
      i++;
    }
    for (FollowRequest request : discarded) {
      addEnding(steps, request, i);
      i++;
    }
    return WritePlan.transaction(steps);
  }

  /**
   * The steps at {@code i} of a switch's approval batch that end one request: the request deleted
   * on condition it is the one read, its place and its mark.
   */
  private static void addEnding(List<WritePlan.Step> steps, FollowRequest request, int i) {
    steps.add(
        new WritePlan.Step(
            REQUEST.at(i),
            new WriteAction.Delete(
                KeyLayout.request(request.account(), request.requester()), isRequest(request))));
    steps.add(
        new WritePlan.Step(
            PLACE.at(i),
            new WriteAction.Delete(PrivacyPlans.placeOf(request), ItemCondition.NONE)));
    steps.add(
        new WritePlan.Step(
            PrivacyPlans.MARK.at(i), new WriteAction.Delete(markOf(request), ItemCondition.NONE)));
  }

  private RequestPlans() {}
}
