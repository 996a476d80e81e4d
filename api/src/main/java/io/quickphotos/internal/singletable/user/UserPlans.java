package io.quickphotos.internal.singletable.user;

import static io.quickphotos.internal.singletable.layout.Attributes.UPDATE_TOKEN;

import io.quickphotos.NewUser;
import io.quickphotos.ProfileUpdate;
import io.quickphotos.UserAlreadyExistsException;
import io.quickphotos.UserStatus;
import io.quickphotos.VersionConflictException;
import io.quickphotos.Visibility;
import io.quickphotos.engine.AttributePath;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.ItemCondition;
import io.quickphotos.engine.UpdateAction;
import io.quickphotos.engine.Value;
import io.quickphotos.engine.WriteAction;
import io.quickphotos.internal.singletable.codec.ItemCodec;
import io.quickphotos.internal.singletable.edit.AttributeEdits;
import io.quickphotos.internal.singletable.edit.Budget;
import io.quickphotos.internal.singletable.edit.EditField;
import io.quickphotos.internal.singletable.feed.Timelines;
import io.quickphotos.internal.singletable.hot.Shards;
import io.quickphotos.internal.singletable.layout.Attributes;
import io.quickphotos.internal.singletable.layout.KeyLayout;
import io.quickphotos.internal.singletable.plan.Plans;
import io.quickphotos.internal.singletable.plan.StepOutcome;
import io.quickphotos.internal.singletable.plan.Versions;
import io.quickphotos.internal.singletable.plan.WritePlan;
import io.quickphotos.internal.singletable.privacy.PrivacyPlans;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The plans of a user's own item: creating, updating and closing an account, and the paths of
 * its counters. Stateless and thread-safe.
 */
public final class UserPlans {
  /**
   * Create user: PutItem with {@code attribute_not_exists(PK)}, the item carrying the call's
   * token in {@code callToken}. A resend of the same request (the AWS SDK resends a PutItem whose
   * answer timed out, and the first attempt may have been applied) fails its condition on the
   * item the first attempt put; DynamoDB returns that item with the failure
   * ({@code ReturnValuesOnConditionCheckFailure=ALL_OLD}, at no cost), and the step recognises it
   * by the token as the call's own write. An item with another token, or none (a bulk import, an
   * earlier version), is another call's user: {@link UserAlreadyExistsException}.
   *
   * @param user the new user, already validated
   * @param token the call's token, from {@link Plans#newCallToken()}, the same on every attempt
   * @return the plan
   */
  public static WritePlan createUser(NewUser user, Value.Str token) {
    Item item = ItemCodec.user(user, 0, 0, token);
    return new WritePlan(
        List.of(
            new WritePlan.Step(
                WritePlan.SINGLE,
                new WriteAction.Put(item, ItemCondition.ABSENT),
                found ->
                    found
                            .flatMap(existing -> existing.get(Attributes.CALL_TOKEN))
                            .equals(Optional.of(token))
                        ? StepOutcome.ALREADY_APPLIED
                        : new StepOutcome.Failed(UserAlreadyExistsException.of(user.username())))),
        false);
  }

  /**
   * Whether two images of a user's item are of one account: they carry the same token of the
   * {@link #createUser} call that put the item, or neither carries one (a user imported, or
   * created by an earlier version). An account closed and its name taken again by
   * {@code createUser} carries another call's token.
   *
   * @param one an image of a user's item
   * @param other another image of the item under the same key
   * @return false if a {@code createUser} put the item anew in between
   */
  public static boolean sameAccount(Item one, Item other) {
    return one.get(Attributes.CALL_TOKEN).equals(other.get(Attributes.CALL_TOKEN));
  }

  /**
   * Update profile: UpdateItem setting the given fields ({@link ProfileFields}: replacing the
   * application's attributes, or removing them, when the update has them all; setting or removing
   * {@code private} when it changes the visibility), changing single attributes under the budget
   * {@link AttributeEdits} explains, and advancing the profile's version ({@link Versions}; not
   * for an update that only adds to numbers), with
   * {@link Plans#ACTIVE_USER} and, when the update names the version it was made from, {@code
   * version = :v}. A profile that is there and active but fails the condition is a
   * {@link VersionConflictException} when its version is not the one named, and otherwise failed
   * the budget: a {@link StepOutcome.SendAgain} to measure again.
   *
   * <p>The update carries the call's token ({@code SET updateToken = :token}, with {@code NOT
   * (updateToken = :token)} in its condition), as {@link #createUser} carries its own: an attempt
   * whose answer was lost may have been applied, and applying it again would advance its version
   * twice, count its additions twice and make its named version meet itself. The step recognises
   * an item carrying the token as the call's own write, applied once (on an account that is still
   * active: a closing one is not found, as it was). The next update replaces the token, so the
   * repository never resends this UpdateItem after an attempt that may have been applied
   * ({@code Writes.writeAtMostOnce}): it reads the item back and asks the step. The token adds 23
   * bytes to an updated profile.
   *
   * @param username the user's handle
   * @param update the fields to change, already validated
   * @param budget how single-attribute changes are sent; {@link AttributeEdits#none()} if the
   *     update has none
   * @param token the call's token, from {@link Plans#newCallToken()}, the same on every attempt
   * @return the plan
   */
  public static WritePlan updateProfile(
      String username, ProfileUpdate update, Budget budget, Value.Str token) {
    List<UpdateAction> sets = new ArrayList<>();
    EditField.addClauses(ProfileFields.ALL, update, sets);
    ItemCondition sized = AttributeEdits.addClauses(update.changes(), budget, sets);
    // A hot account goes private by a transaction that seals its shards with the flag
    // (ShardPlans.seal): a plain update may set the flag only on an account without shards.
    boolean makesPrivate = update.visibility().filter(v -> v == Visibility.PRIVATE).isPresent();
    sets.add(new UpdateAction.Set(UPDATE_TOKEN_PATH, token));
    boolean countsOnly = EditField.countsOnly(ProfileFields.ALL, update, update.changes());
    return new WritePlan(
        List.of(
            new WritePlan.Step(
                WritePlan.SINGLE,
                new WriteAction.Update(
                    KeyLayout.user(username),
                    countsOnly ? sets : Versions.advanced(sets),
                    ItemCondition.and(
                        Versions.checked(Plans.ACTIVE_USER, update.expectedVersion()),
                        sized,
                        makesPrivate ? UNSHARDED_OR_PRIVATE : ItemCondition.NONE,
                        ItemCondition.not(
                            new ItemCondition.AttributeEquals(UPDATE_TOKEN_PATH, token)))),
                found ->
                    // A closing account's profile is not found, as before: the documented answer
                    // to a late resend after deleteUser marked it.
                    found
                            .filter(Plans::isActive)
                            .flatMap(item -> item.get(UPDATE_TOKEN))
                            .equals(Optional.of(token))
                        ? StepOutcome.ALREADY_APPLIED
                        : updateRefused(
                            username, update.expectedVersion(), makesPrivate, budget, found))),
        false);
  }

  /** What a plain switch to private requires: no shards, or private already (sealed). */
  private static final ItemCondition UNSHARDED_OR_PRIVATE =
      ItemCondition.not(ItemCondition.and(Shards.sharded(), PrivacyPlans.NOT_PRIVATE));

  private static final AttributePath UPDATE_TOKEN_PATH = AttributePath.of(UPDATE_TOKEN);

  /**
   * What a failed condition of a profile update means, from the profile as it was: not found if
   * it is gone or closing, a conflict if it holds another version than the one named, and
   * otherwise the budget's sign to measure again.
   */
  private static StepOutcome updateRefused(
      String username,
      OptionalLong expected,
      boolean makesPrivate,
      Budget budget,
      Optional<Item> found) {
    if (found.isEmpty() || !Plans.isActive(found.get())) {
      return new StepOutcome.Failed(Plans.userNotFound(username));
    }
    long version = Versions.of(found.get());
    if (expected.isPresent() && expected.getAsLong() != version) {
      return new StepOutcome.Failed(
          VersionConflictException.of(username, expected.getAsLong(), version));
    }
    if (makesPrivate && Shards.isSharded(found.get()) && !ItemCodec.isPrivate(found.get())) {
      return new StepOutcome.SendAgain(StepOutcome.Why.SEAL_SHARDS, found.get());
    }
    return AttributeEdits.measureAgain(budget, found.get())
        .orElseGet(() -> new StepOutcome.Failed(Plans.userNotFound(username)));
  }

  /**
   * The first write of {@code deleteUser}: UpdateItem setting {@code status = CLOSING} and
   * {@code closing = if_not_exists(closing, :marker)} with {@code attribute_exists(PK)},
   * returning the new image. The first call to close an account decides its marker; a repeat
   * (or a concurrent call) reads the same one back, and an account created later under the name
   * has none, so {@link #closingMarkedBy} tells the account the cascade started on from any that
   * took the name after it. An account an earlier version marked (no marker) gets one now.
   *
   * @param username the user's handle, already validated
   * @param marker a new marker, from {@link Plans#newCallToken()}
   * @return the plan
   */
  public static WritePlan markClosing(String username, Value.Str marker) {
    return WritePlan.single(
        new WriteAction.Update(
            KeyLayout.user(username),
            List.of(
                Plans.set(Attributes.STATUS, UserStatus.CLOSING.name()),
                new UpdateAction.SetIfAbsent(AttributePath.of(Attributes.CLOSING), marker)),
            ItemCondition.EXISTS),
        () -> Plans.userNotFound(username));
  }

  /**
   * The marker {@link #markClosing} left on an account, from an image of the account.
   *
   * @param account the account item
   * @return the marker, empty if the account is not closing
   */
  public static Optional<Value> closingMarker(Item account) {
    return account.get(Attributes.CLOSING);
  }

  /**
   * The fence of a closing account's cascade: {@code closing = :marker}, true only on the
   * incarnation that cascade marked.
   *
   * @param marker the marker {@link #markClosing} returned
   * @return the condition
   */
  public static ItemCondition closingMarkedBy(Value marker) {
    return new ItemCondition.AttributeEquals(AttributePath.of(Attributes.CLOSING), marker);
  }

  /**
   * The last write of {@code deleteUser}: DeleteItem of the profile if it is the account the
   * cascade marked and its counters are zero ({@code closing = :marker AND NOT (followers >= 1)
   * AND NOT (following >= 1) AND NOT (audience >= 1) AND NOT (memberships >= 1)}), so a
   * friendship or audience item the inverted index had not shown yet keeps it, and an account
   * that took the name since is never touched.
   *
   * @param username the user's handle, already validated
   * @param marker the marker {@link #markClosing} returned
   * @return the action
   */
  public static WriteAction deleteClosedProfile(String username, Value marker) {
    return new WriteAction.Delete(
        KeyLayout.user(username), ItemCondition.and(closingMarkedBy(marker), NO_LINKS_COUNTED));
  }

  /** The counters a closed profile must have at zero; the same for every account, built once. */
  private static final ItemCondition NO_LINKS_COUNTED =
      ItemCondition.and(
          ItemCondition.not(new ItemCondition.AtLeast(AttributePath.of(Attributes.FOLLOWERS), 1)),
          ItemCondition.not(new ItemCondition.AtLeast(AttributePath.of(Attributes.FOLLOWING), 1)),
          ItemCondition.not(new ItemCondition.AtLeast(Timelines.audienceCounter(), 1)),
          ItemCondition.not(new ItemCondition.AtLeast(Timelines.membershipsCounter(), 1)),
          ItemCondition.not(new ItemCondition.AtLeast(PrivacyPlans.requestsCounter(), 1)),
          ItemCondition.not(new ItemCondition.AtLeast(PrivacyPlans.blocksCounter(), 1)));

  /**
   * The path of a user's {@code followers} counter.
   *
   * @return the path
   */
  public static AttributePath followersCounter() {
    return AttributePath.of(Attributes.FOLLOWERS);
  }

  /**
   * The path of a user's {@code following} counter.
   *
   * @return the path
   */
  public static AttributePath followingCounter() {
    return AttributePath.of(Attributes.FOLLOWING);
  }

  private UserPlans() {}
}
