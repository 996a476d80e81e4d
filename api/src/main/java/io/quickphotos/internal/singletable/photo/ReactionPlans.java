package io.quickphotos.internal.singletable.photo;

import io.quickphotos.AlreadyReactedException;
import io.quickphotos.PhotoId;
import io.quickphotos.Reaction;
import io.quickphotos.ReactionType;
import io.quickphotos.engine.AttributePath;
import io.quickphotos.engine.ItemCondition;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.UpdateAction;
import io.quickphotos.engine.Value;
import io.quickphotos.engine.WriteAction;
import io.quickphotos.internal.singletable.codec.ItemCodec;
import io.quickphotos.internal.singletable.hot.Shards;
import io.quickphotos.internal.singletable.layout.Attributes;
import io.quickphotos.internal.singletable.layout.KeyLayout;
import io.quickphotos.internal.singletable.plan.Counters;
import io.quickphotos.internal.singletable.plan.Plans;
import io.quickphotos.internal.singletable.plan.StepName;
import io.quickphotos.internal.singletable.plan.WritePlan;
import io.quickphotos.internal.singletable.privacy.BlockPlans;
import io.quickphotos.internal.singletable.privacy.PrivacyPlans;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The plans of reactions: reacting, the counters on a photo, and the listings of reactions by
 * photo and by reactor. Stateless and thread-safe.
 */
public final class ReactionPlans {
  /** The step of a reaction that checks the reactor. */
  public static final StepName REACTOR = StepName.of("reactor");

  /** The step of a reaction that checks the photo's owner (or the owner's shard). */
  public static final StepName OWNER = StepName.of("owner");

  /** The step of a reaction that puts the reaction. */
  public static final StepName REACTION = StepName.of("reaction");

  /**
   * The steps of a reaction whose failure is judged only once who may react is settled (see
   * {@code Writes.writeOrRedirect}): its own put (a stranger is never told it reacted already)
   * and the reactor's block of the owner (a private owner's photo does not exist for a
   * non-follower, blocker or not).
   */
  public static final Set<StepName> JUDGED_AFTER_WHO_MAY_REACT =
      Set.of(REACTION, BlockPlans.NOT_BLOCKED_BY_FOLLOWER);

  /** The step of a reaction that counts it on the photo (or the photo's shard). */
  public static final StepName COUNT = StepName.of("count");

  /** The step of a reaction to a private account's photo that checks the reactor follows it. */
  public static final StepName FOLLOWS_OWNER = StepName.of("reactor follows the owner");

  /**
   * React to photo: one transaction of a condition check that the reacting user exists and is
   * not closing ({@link Plans#ACTIVE_USER}), a condition check that the photo's owner is active too
   * (when the owner is someone else), a PutItem of the reaction with
   * {@code attribute_not_exists(PK)}, and an UpdateItem of the photo adding one to
   * {@code reactions.<type>} if the photo exists and its deletion has not begun
   * ({@link Plans#OPEN_PHOTO}).
   *
   * <p>For hot keys ({@link Shards}): an owner whose counters are sharded is checked on one of
   * its shards instead of its profile, and a sharded photo counted on one of its shards; an
   * unsharded owner's check and photo's counter also require that they are not sharded, and the
   * photo's that the type's count is below {@code threshold}. Those failures redirect (the
   * caller shards or learns and sends again), and cost an ordinary key nothing.
   *
   * @param reaction the reaction, already validated
   * @param ownerShard the owner's shard to check, if the owner is sharded
   * @param photoShard the photo's shard to count on, if the photo is sharded
   * @param threshold the count of one type from which a photo is sharded
   * @return the plan, unguarded, taking the owner for public
   */
  public static WritePlan reactTo(
      Reaction reaction, Optional<Key> ownerShard, Optional<Key> photoShard, long threshold) {
    return reactTo(reaction, ownerShard, photoShard, threshold, false, false, false);
  }

  /**
   * React to photo, as above, with who may react ({@link PrivacyPlans}): the check of another
   * user's photo's owner also requires, unguarded, that the owner counts no blocks, and that it
   * is public unless {@code followerOnly}; failures that redirect at no cost to ordinary users.
   * For a private owner ({@code followerOnly}) the owner must be private still and the reactor
   * must follow it (a ConditionCheck of the friendship); guarded, or for an owner checked on a
   * shard (which does not see its profile), the owner's block of the reactor must be absent.
   *
   * @param reaction the reaction, already validated
   * @param ownerShard the owner's shard to check, if the owner is sharded
   * @param photoShard the photo's shard to count on, if the photo is sharded
   * @param threshold the count of one type from which a photo is sharded
   * @param followerOnly whether the owner is taken for private: the reactor must follow it
   * @param guarded whether to check the owner's block item (the owner counts blocks)
   * @param reactorGuarded whether to check the reactor's block item of the owner (the reactor
   *     counts blocks: it may not react to the photos of a user it blocked); unguarded, the
   *     reactor's check requires that it counts no blocks, a failure that redirects
   * @return the plan
   */
  public static WritePlan reactTo(
      Reaction reaction,
      Optional<Key> ownerShard,
      Optional<Key> photoShard,
      long threshold,
      boolean followerOnly,
      boolean guarded,
      boolean reactorGuarded) {
    PhotoId photo = reaction.photo();
    WritePlan.Step putReaction =
        new WritePlan.Step(
            REACTION,
            new WriteAction.Put(ItemCodec.reaction(reaction), ItemCondition.ABSENT),
            () -> AlreadyReactedException.of(reaction.reactor(), photo, reaction.type()));
    int type = reaction.type().ordinal();
    AttributePath counter = COUNTERS[type];
    List<UpdateAction> plusOne = PLUS_ONE.get(type);
    WritePlan.Step countOnPhoto =
        photoShard.isPresent()
            ? new WritePlan.Step(
                COUNT,
                new WriteAction.Update(photoShard.get(), plusOne, ItemCondition.EXISTS),
                () -> Plans.photoNotFound(photo),
                Optional::isEmpty)
            : new WritePlan.Step(
                COUNT,
                new WriteAction.Update(
                    KeyLayout.photo(photo), plusOne, unshardedPhoto(type, threshold)),
                () -> Plans.photoNotFound(photo),
                item ->
                    item.isPresent()
                        && PhotoPlans.deletionMarker(item.get()).isEmpty()
                        && (Shards.isSharded(item.get())
                            || Plans.atLeast(item.get(), counter, threshold)));
    List<WritePlan.Step> steps =
        mayActOn(
            reaction.reactor(),
            photo,
            ownerShard,
            followerOnly,
            guarded,
            reactorGuarded,
            () -> BlockPlans.notBlockedByFollower(reaction.reactor(), photo.owner()));
    steps.add(putReaction);
    steps.add(countOnPhoto);
    return WritePlan.transaction(steps);
  }

  /**
   * The steps that say who may act on a photo, the same for a reaction and a view ({@code
   * docs/privacy.md}): a check of the actor (active; unguarded, counting no blocks), and, on
   * another user's photo, a check of its owner (or the owner's shard), of the friendship when the
   * owner is taken for private, of the owner's block of the actor when guarded or checked on a
   * shard, and of the actor's block of the owner when the actor is guarded. Every failure but the
   * actor's own absence and {@code actorBlock} is the photo's absence.
   *
   * @param actor the reacting or viewing user
   * @param photo the photo
   * @param ownerShard the owner's shard to check, if the owner is sharded
   * @param followerOnly whether the owner is taken for private
   * @param guarded whether to check the owner's block item
   * @param actorGuarded whether to check the actor's block item of the owner
   * @param actorBlock makes the step checking the actor's block of the owner (named {@link
   *     BlockPlans#NOT_BLOCKED_BY_FOLLOWER}), called only when {@code actorGuarded}: an ordinary
   *     reaction or view builds no step it does not send
   * @return the steps, a mutable list for the caller's own to follow
   */
  static List<WritePlan.Step> mayActOn(
      String actor,
      PhotoId photo,
      Optional<Key> ownerShard,
      boolean followerOnly,
      boolean guarded,
      boolean actorGuarded,
      java.util.function.Supplier<WritePlan.Step> actorBlock) {
    boolean own = photo.owner().equals(actor);
    // An actor that has blocked someone may not act on the photos of a user it blocked: its
    // check, unguarded, requires that it counts no blocks (a failure that redirects at no cost
    // to ordinary users), and the guarded plan checks its block item of the owner.
    boolean actorUnguarded = !own && !actorGuarded;
    WritePlan.Step actorActive =
        new WritePlan.Step(
            REACTOR,
            new WriteAction.Check(
                KeyLayout.user(actor),
                actorUnguarded ? PrivacyPlans.ACTIVE_NO_BLOCKS : Plans.ACTIVE_USER),
            () -> Plans.userNotFound(actor),
            item ->
                actorUnguarded
                    && item.isPresent()
                    && Plans.isActive(item.get())
                    && PrivacyPlans.blocks(item.get()) > 0);
    if (own) {
      // DynamoDB refuses two actions on one item in a transaction, and the actor's check
      // already says whether the owner is active.
      List<WritePlan.Step> steps = new ArrayList<>(3);
      steps.add(actorActive);
      return steps;
    }
    // Once deleteUser has marked the owner closing, the cascade may not have reached this photo
    // yet: the photo of a user who does not exist does not exist either.
    WritePlan.Step ownerActive =
        ownerShard.isPresent()
            ? new WritePlan.Step(
                OWNER,
                new WriteAction.Check(ownerShard.get(), Shards.open()),
                () -> Plans.photoNotFound(photo),
                Shards::closed)
            : new WritePlan.Step(
                OWNER,
                new WriteAction.Check(
                    KeyLayout.user(photo.owner()), ownerCondition(followerOnly, guarded)),
                () -> Plans.photoNotFound(photo),
                item ->
                    item.isPresent()
                        && Plans.isActive(item.get())
                        && ((Shards.isSharded(item.get()) && !followerOnly)
                            || ItemCodec.isPrivate(item.get()) != followerOnly
                            || (!guarded && PrivacyPlans.blocks(item.get()) > 0)));
    // The checks of who may act come before the act's own put: a failure names the first
    // failed step, and an actor the owner blocked (or a stranger to a private owner) must be
    // told the photo does not exist, never that it already reacted to it.
    // Room for every step a plan adds (the checks, then the act's own two), sized once.
    List<WritePlan.Step> steps = new ArrayList<>(8);
    steps.add(actorActive);
    steps.add(ownerActive);
    if (followerOnly) {
      steps.add(
          new WritePlan.Step(
              FOLLOWS_OWNER,
              new WriteAction.Check(
                  KeyLayout.friendship(photo.owner(), actor), ItemCondition.EXISTS),
              () -> Plans.photoNotFound(photo)));
    }
    if (guarded || ownerShard.isPresent()) {
      steps.add(
          BlockPlans.notBlockedByOwner(photo.owner(), actor, () -> Plans.photoNotFound(photo)));
    }
    if (actorGuarded) {
      steps.add(actorBlock.get());
    }
    return steps;
  }

  /**
   * The owner's check on its profile: active, of the visibility taken, blocks unguarded; and, for
   * a public owner, unsharded (a hot owner is checked on a shard). A private owner is checked on
   * its profile whatever its shards: a switch to private cut short leaves them sealed.
   */
  private static ItemCondition ownerCondition(boolean followerOnly, boolean guarded) {
    if (followerOnly) {
      return guarded ? PrivacyPlans.ACTIVE_PRIVATE : PRIVATE_OWNER_NO_BLOCKS;
    }
    return guarded ? PUBLIC_OWNER : PUBLIC_OWNER_NO_BLOCKS;
  }

  // The owner's conditions, built once: every reaction to another user's photo sends one.
  private static final ItemCondition PRIVATE_OWNER_NO_BLOCKS =
      ItemCondition.and(Plans.ACTIVE_USER, PrivacyPlans.IS_PRIVATE, PrivacyPlans.NO_BLOCKS);
  private static final ItemCondition PUBLIC_OWNER =
      ItemCondition.and(Plans.ACTIVE_USER, Shards.notSharded(), PrivacyPlans.NOT_PRIVATE);
  private static final ItemCondition PUBLIC_OWNER_NO_BLOCKS =
      ItemCondition.and(
          Plans.ACTIVE_USER, Shards.notSharded(), PrivacyPlans.NOT_PRIVATE, PrivacyPlans.NO_BLOCKS);

  /**
   * The path of a photo's counter of one reaction type.
   *
   * @param type the reaction type
   * @return {@code reactions.<type>}
   */
  public static AttributePath reactionCounter(ReactionType type) {
    return COUNTERS[type.ordinal()];
  }

  // Per reaction type, built once: the counter's path and the updates adding one to it.
  private static final AttributePath[] COUNTERS = new AttributePath[ReactionType.values().length];
  private static final List<List<UpdateAction>> PLUS_ONE;

  static {
    List<List<UpdateAction>> plusOne = new ArrayList<>();
    for (ReactionType type : ReactionType.values()) {
      COUNTERS[type.ordinal()] = AttributePath.of(Attributes.REACTIONS, type.storedName());
      plusOne.add(Counters.add(COUNTERS[type.ordinal()], 1));
    }
    PLUS_ONE = List.copyOf(plusOne);
  }

  /** The conditions of an unsharded photo's count, per type, for the threshold last asked. */
  private record CountConditions(long threshold, ItemCondition[] byType) {}

  private static volatile CountConditions countConditions;

  /**
   * {@link Shards#unsharded} of {@link Plans#OPEN_PHOTO} for a type's counter: built once per
   * threshold (a repository's is fixed), not on every reaction.
   */
  private static ItemCondition unshardedPhoto(int type, long threshold) {
    CountConditions known = countConditions;
    if (known == null || known.threshold() != threshold) {
      ItemCondition[] byType = new ItemCondition[COUNTERS.length];
      for (int i = 0; i < byType.length; i++) {
        byType[i] = Shards.unsharded(Plans.OPEN_PHOTO, COUNTERS[i], threshold);
      }
      known = new CountConditions(threshold, byType);
      countConditions = known;
    }
    return known.byType()[type];
  }

  /**
   * A photo whose counters equal the given counts exactly, type by type: the condition under
   * which deleting those reactions leaves none (counters always equal the reaction items).
   *
   * @param counts reactions per type; a missing type means zero
   * @return {@code reactions.heart = :n0 AND …}
   */
  public static ItemCondition reactionCountsAre(Map<ReactionType, Long> counts) {
    List<ItemCondition> all = new ArrayList<>();
    for (ReactionType type : ReactionType.values()) {
      all.add(
          new ItemCondition.AttributeEquals(
              reactionCounter(type), Value.Num.of(counts.getOrDefault(type, 0L))));
    }
    return new ItemCondition.And(all);
  }

  /**
   * A photo with no reactions, or no photo at all: {@code NOT (reactions.heart >= 1) AND …}.
   *
   * @return the condition
   */
  public static ItemCondition noReactions() {
    List<ItemCondition> all = new ArrayList<>();
    for (ReactionType type : ReactionType.values()) {
      all.add(ItemCondition.not(new ItemCondition.AtLeast(reactionCounter(type), 1)));
    }
    return new ItemCondition.And(all);
  }

  private ReactionPlans() {}
}
