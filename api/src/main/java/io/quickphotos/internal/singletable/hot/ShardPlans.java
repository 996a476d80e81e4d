package io.quickphotos.internal.singletable.hot;

import static io.quickphotos.internal.singletable.layout.Attributes.MAIN_PK;
import static io.quickphotos.internal.singletable.layout.Attributes.MAIN_SK;
import static io.quickphotos.internal.singletable.layout.Attributes.SEALED;

import io.quickphotos.PhotoId;
import io.quickphotos.ReactionType;
import io.quickphotos.engine.AttributePath;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.ItemCondition;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.UpdateAction;
import io.quickphotos.engine.Value;
import io.quickphotos.engine.WriteAction;
import io.quickphotos.internal.singletable.codec.ItemCodec;
import io.quickphotos.internal.singletable.layout.Attributes;
import io.quickphotos.internal.singletable.layout.KeyLayout;
import io.quickphotos.internal.singletable.photo.ReactionPlans;
import io.quickphotos.internal.singletable.plan.Counters;
import io.quickphotos.internal.singletable.plan.Plans;
import io.quickphotos.internal.singletable.plan.StepName;
import io.quickphotos.internal.singletable.plan.Versions;
import io.quickphotos.internal.singletable.plan.WritePlan;
import io.quickphotos.internal.singletable.privacy.PrivacyPlans;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The writes that switch a hot key's counters to shards and back: a user's or photo's switch to
 * sharded counters, the seal of a hot account's shards when it goes private, and the fold of the
 * shards back into their main item (see {@link Shards} for the layout). Stateless and
 * thread-safe.
 */
public final class ShardPlans {
  /**
   * The switch of a hot account to private, the one moment from which its shards take no follow:
   * one transaction of an UpdateItem of the profile setting {@code private} if it is active,
   * public, of {@code n} shards and (when named) of the version {@code expected}, and an
   * UpdateItem of each shard setting {@code sealed} if it exists. The profile update that follows
   * sets the rest of the call's fields and advances the version; the fold after it deletes the
   * sealed shards.
   *
   * @param profile the profile as read, sharded
   * @param version the version the update names, if it names one
   * @return the plan: {@link #MAIN} the profile's update, {@link #SHARD} each shard's seal
   */
  public static WritePlan seal(Item profile, java.util.OptionalLong version) {
    int n = Shards.count(profile);
    List<WritePlan.Step> actions = new ArrayList<>(n + 1);
    ItemCondition main =
        ItemCondition.and(
            Plans.ACTIVE_USER,
            PrivacyPlans.NOT_PRIVATE,
            new ItemCondition.AttributeEquals(Shards.SHARDS_PATH, Value.Num.of(n)));
    actions.add(
        new WritePlan.Step(
            MAIN,
            new WriteAction.Update(
                profile.key(),
                List.of(PrivacyPlans.visibility(true)),
                Versions.checked(main, version))));
    for (int i = 0; i < n; i++) {
      actions.add(
          new WritePlan.Step(
              SHARD.at(i),
              new WriteAction.Update(
                  Shards.key(profile.key(), i),
                  List.of(new UpdateAction.Set(AttributePath.of(SEALED), Attributes.FLAG)),
                  ItemCondition.EXISTS)));
    }
    return WritePlan.transaction(actions);
  }

  /**
   * The switch of a user to sharded counters: one transaction of an UpdateItem of the profile
   * setting {@code shards = n} if the user is active, public and not sharded yet, and a PutItem of
   * each shard, with the follower count at zero.
   *
   * @param username the user's handle
   * @param n how many shards
   * @return the plan: {@link #MAIN} the profile's update, {@link #SHARD} each shard's put
   */
  public static WritePlan shardUser(String username, int n) {
    Key main = KeyLayout.user(username);
    List<WritePlan.Step> actions = new ArrayList<>(n + 1);
    // A private account is never sharded: its followers come one approval at a time, and a
    // follow sent to a shard would not see the profile's flag.
    actions.add(
        switchAction(
            main,
            n,
            ItemCondition.and(Plans.ACTIVE_USER, Shards.notSharded(), PrivacyPlans.NOT_PRIVATE)));
    for (int i = 0; i < n; i++) {
      Item shard =
          shardItem(
              main,
              i,
              Map.entry(Attributes.FOLLOWERS, (Value) Value.Num.of(0)),
              ItemCodec.Entity.USER);
      actions.add(
          new WritePlan.Step(SHARD.at(i), new WriteAction.Put(shard, ItemCondition.ABSENT)));
    }
    return WritePlan.transaction(actions);
  }

  /** The step of a switch or fold that writes the hot Shards.key's own item. */
  public static final StepName MAIN = StepName.of("main item");

  /** The steps of a switch or fold that write the shards, by index. */
  public static final StepName SHARD = StepName.of("shard");

  /**
   * The switch of a photo to sharded counters: one transaction of an UpdateItem of the photo
   * setting {@code shards = n} if it exists, is not being deleted and is not sharded yet, and a
   * PutItem of each shard, with every reaction counter at zero.
   *
   * @param photo the photo
   * @param n how many shards
   * @return the plan: {@link #MAIN} the photo's update, {@link #SHARD} each shard's put
   */
  public static WritePlan shardPhoto(PhotoId photo, int n) {
    Key main = KeyLayout.photo(photo);
    List<WritePlan.Step> actions = new ArrayList<>(n + 1);
    actions.add(switchAction(main, n, ItemCondition.and(Plans.OPEN_PHOTO, Shards.notSharded())));
    Map<String, Value> zeros = new java.util.LinkedHashMap<>();
    for (ReactionType type : ReactionType.values()) {
      zeros.put(type.storedName(), Value.Num.of(0));
    }
    for (int i = 0; i < n; i++) {
      Item shard =
          shardItem(
              main,
              i,
              Map.entry(Attributes.REACTIONS, (Value) new Value.MapValue(Map.copyOf(zeros))),
              ItemCodec.Entity.PHOTO);
      actions.add(
          new WritePlan.Step(SHARD.at(i), new WriteAction.Put(shard, ItemCondition.ABSENT)));
    }
    return WritePlan.transaction(actions);
  }

  private static WritePlan.Step switchAction(Key main, int n, ItemCondition condition) {
    return new WritePlan.Step(
        MAIN,
        new WriteAction.Update(
            main,
            Counters.change(List.of(new UpdateAction.Set(Shards.SHARDS_PATH, Value.Num.of(n)))),
            condition));
  }

  private static Item shardItem(
      Key main, int index, Map.Entry<String, Value> counter, ItemCodec.Entity of) {
    return Item.builder(Shards.key(main, index))
        .put(ItemCodec.ENTITY, new Value.Str(ItemCodec.Entity.SHARD.name()))
        .put(Attributes.SHARD_OF, new Value.Str(of.name()))
        .put(MAIN_PK, new Value.Str(main.pk()))
        .put(MAIN_SK, new Value.Str(main.sk()))
        .put(counter.getKey(), counter.getValue())
        .build();
  }

  /**
   * Folds a main item's shards back into it: one transaction deleting each shard on condition its
   * counts (a photo's: its reactions and its views) are still those read, and adding their sum to the main item's counters, setting
   * {@code shards = 0}, on condition {@code fence}. A cascade does this first (after its mark), so
   * the rest of it sees an unsharded item with exact counters; a writer that raced it finds its
   * shard gone and reads the main item again.
   *
   * @param main the main item as read
   * @param shards its shards as read, in shard order (a missing one is skipped)
   * @param fence the condition on the main item (the cascade's marker)
   * @return the plan: {@link #SHARD} each present shard's delete (by shard index), then
   *     {@link #MAIN} the main item's update
   */
  public static WritePlan fold(Item main, List<Optional<Item>> shards, ItemCondition fence) {
    List<WritePlan.Step> actions = new ArrayList<>(shards.size() + 1);
    List<Item> present = new ArrayList<>();
    for (int i = 0; i < shards.size(); i++) {
      Optional<Item> shard = shards.get(i);
      if (shard.isEmpty()) {
        continue;
      }
      Item s = shard.get();
      present.add(s);
      ItemCondition unchanged =
          Shards.ofUser(s)
              ? new ItemCondition.AttributeEquals(
                  AttributePath.of(Attributes.FOLLOWERS), Value.Num.of(Shards.followers(s)))
              : ItemCondition.and(
                  ReactionPlans.reactionCountsAre(Shards.reactions(s)), Shards.viewCountsAre(s));
      actions.add(new WritePlan.Step(SHARD.at(i), new WriteAction.Delete(s.key(), unchanged)));
    }
    List<UpdateAction> updates = new ArrayList<>();
    updates.add(new UpdateAction.Set(Shards.SHARDS_PATH, Value.Num.of(0)));
    if (ItemCodec.entityOf(main) == ItemCodec.Entity.USER) {
      long sum = 0;
      for (Item s : present) {
        sum += Shards.followers(s);
      }
      if (sum != 0) {
        updates.add(new UpdateAction.Add(AttributePath.of(Attributes.FOLLOWERS), sum));
      }
    } else {
      Map<ReactionType, Long> sums = new EnumMap<>(ReactionType.class);
      for (Item s : present) {
        Shards.reactions(s).forEach((type, n) -> sums.merge(type, n, Long::sum));
      }
      sums.forEach(
          (type, n) -> {
            if (n != 0) {
              updates.add(new UpdateAction.Add(ReactionPlans.reactionCounter(type), n));
            }
          });
      long views = 0;
      long viewers = 0;
      for (Item s : present) {
        views += Shards.views(s);
        viewers += Shards.uniqueViewers(s);
      }
      if (views != 0) {
        updates.add(new UpdateAction.Add(AttributePath.of(Attributes.VIEWS), views));
      }
      if (viewers != 0) {
        updates.add(new UpdateAction.Add(AttributePath.of(Attributes.UNIQUE_VIEWERS), viewers));
      }
    }
    actions.add(
        new WritePlan.Step(
            MAIN, new WriteAction.Update(main.key(), Counters.change(updates), fence)));
    return WritePlan.transaction(actions);
  }

  private ShardPlans() {}
}
