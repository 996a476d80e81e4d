package io.quickphotos.internal.singletable;

import io.quickphotos.NewUser;
import io.quickphotos.ProfileUpdate;
import io.quickphotos.UserAlreadyExistsException;
import io.quickphotos.UserStatus;
import io.quickphotos.Visibility;
import io.quickphotos.engine.AttributePath;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.ItemCondition;
import io.quickphotos.engine.UpdateAction;
import io.quickphotos.engine.Value;
import io.quickphotos.engine.WriteAction;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

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
   * @param token the call's token, from {@link Plans#newCascadeMarker()}, the same on every attempt
   * @return the plan
   */
  public static WritePlan createUser(NewUser user, Value.Str token) {
    Item item = ItemCodec.newUser(user).toBuilder().put(ItemCodec.CALL_TOKEN, token).build();
    return new WritePlan(
        List.of(
            new WritePlan.Step(
                WritePlan.SINGLE,
                new WriteAction.Put(item, ItemCondition.ABSENT),
                () -> UserAlreadyExistsException.of(user.username()),
                found -> false,
                found ->
                    found
                        .flatMap(existing -> existing.get(ItemCodec.CALL_TOKEN))
                        .equals(Optional.of(token)))),
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
    return one.get(ItemCodec.CALL_TOKEN).equals(other.get(ItemCodec.CALL_TOKEN));
  }

  /**
   * Update profile: UpdateItem setting the given fields (and replacing the application's
   * attributes, or removing them, when the update has them; setting or removing {@code private}
   * when it changes the visibility), with {@link Plans#ACTIVE_USER}.
   *
   * @param username the user's handle
   * @param update the fields to change, already validated
   * @return the plan
   */
  public static WritePlan updateProfile(String username, ProfileUpdate update) {
    List<UpdateAction> sets = new ArrayList<>();
    update.name().ifPresent(v -> sets.add(Plans.set(ItemCodec.NAME, v)));
    update.email().ifPresent(v -> sets.add(Plans.set(ItemCodec.EMAIL, v)));
    update.birthdate().ifPresent(v -> sets.add(Plans.set(ItemCodec.BIRTHDATE, v.toString())));
    update.address().ifPresent(v -> sets.add(Plans.set(ItemCodec.ADDRESS, v)));
    update.status().ifPresent(v -> sets.add(Plans.set(ItemCodec.STATUS, v.name())));
    update.attributes().ifPresent(v -> sets.add(PhotoPlans.setAttributes(v)));
    update.visibility().ifPresent(v -> sets.add(PrivacyPlans.visibility(v == Visibility.PRIVATE)));
    return WritePlan.single(
        new WriteAction.Update(KeyLayout.user(username), sets, Plans.ACTIVE_USER),
        () -> Plans.userNotFound(username));
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
   * @param marker a new marker, from {@link Plans#newCascadeMarker()}
   * @return the plan
   */
  public static WritePlan markClosing(String username, Value.Str marker) {
    return WritePlan.single(
        new WriteAction.Update(
            KeyLayout.user(username),
            List.of(
                Plans.set(ItemCodec.STATUS, UserStatus.CLOSING.name()),
                new UpdateAction.SetIfAbsent(AttributePath.of(ItemCodec.CLOSING), marker)),
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
    return account.get(ItemCodec.CLOSING);
  }

  /**
   * The fence of a closing account's cascade: {@code closing = :marker}, true only on the
   * incarnation that cascade marked.
   *
   * @param marker the marker {@link #markClosing} returned
   * @return the condition
   */
  public static ItemCondition closingMarkedBy(Value marker) {
    return new ItemCondition.AttributeEquals(AttributePath.of(ItemCodec.CLOSING), marker);
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
        KeyLayout.user(username),
        ItemCondition.and(
            closingMarkedBy(marker),
            ItemCondition.not(new ItemCondition.AtLeast(AttributePath.of(ItemCodec.FOLLOWERS), 1)),
            ItemCondition.not(new ItemCondition.AtLeast(AttributePath.of(ItemCodec.FOLLOWING), 1)),
            ItemCondition.not(new ItemCondition.AtLeast(Timelines.audienceCounter(), 1)),
            ItemCondition.not(new ItemCondition.AtLeast(Timelines.membershipsCounter(), 1)),
            ItemCondition.not(new ItemCondition.AtLeast(PrivacyPlans.requestsCounter(), 1)),
            ItemCondition.not(new ItemCondition.AtLeast(PrivacyPlans.blocksCounter(), 1))));
  }

  /**
   * The path of a user's {@code followers} counter.
   *
   * @return the path
   */
  public static AttributePath followersCounter() {
    return AttributePath.of(ItemCodec.FOLLOWERS);
  }

  /**
   * The path of a user's {@code following} counter.
   *
   * @return the path
   */
  public static AttributePath followingCounter() {
    return AttributePath.of(ItemCodec.FOLLOWING);
  }

  private UserPlans() {}
}
