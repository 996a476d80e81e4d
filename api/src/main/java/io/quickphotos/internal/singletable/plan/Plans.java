package io.quickphotos.internal.singletable.plan;

import io.quickphotos.PhotoId;
import io.quickphotos.PhotoNotFoundException;
import io.quickphotos.UserNotFoundException;
import io.quickphotos.UserStatus;
import io.quickphotos.engine.AttributePath;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.ItemCondition;
import io.quickphotos.engine.UpdateAction;
import io.quickphotos.engine.Value;
import io.quickphotos.engine.WriteAction;
import io.quickphotos.internal.singletable.layout.Attributes;
import io.quickphotos.internal.singletable.layout.KeyLayout;
import java.security.SecureRandom;
import java.util.SplittableRandom;

/**
 * What the plans of every entity share: the conditions that say a user is active and a photo
 * open, the markers of cascades and calls, and the errors a failed condition means. The plans
 * themselves are split by the entity they start from: {@link io.quickphotos.internal.singletable.user.UserPlans}, {@link io.quickphotos.internal.singletable.photo.PhotoPlans},
 * {@link io.quickphotos.internal.singletable.photo.ReactionPlans} and {@link io.quickphotos.internal.singletable.feed.FollowPlans}; each says which request, which key, which key
 * condition, which direction, which conditions, and what each failed condition means, and the
 * repository executes them against whichever {@link io.quickphotos.engine.Table} engine it is
 * given. Stateless and thread-safe.
 */
public final class Plans {
  /**
   * A user who exists and whose account is not closing:
   * {@code attribute_exists(PK) AND NOT (status = "CLOSING")}. Every write that needs a user to
   * exist uses it, so a closing account behaves as missing.
   */
  public static final ItemCondition ACTIVE_USER =
      ItemCondition.and(
          ItemCondition.EXISTS,
          ItemCondition.not(
              new ItemCondition.AttributeEquals(
                  AttributePath.of(Attributes.STATUS), new Value.Str(UserStatus.CLOSING.name()))));

  /**
   * A photo that exists and whose deletion has not begun:
   * {@code attribute_exists(PK) AND NOT attribute_exists(deleting)}.
   */
  public static final ItemCondition OPEN_PHOTO =
      ItemCondition.and(
          ItemCondition.EXISTS,
          ItemCondition.not(
              new ItemCondition.AttributeExists(AttributePath.of(Attributes.DELETING))));

  /** Whether an item's counter at {@code path} is at least {@code threshold}. */
  public static boolean atLeast(Item item, AttributePath path, long threshold) {
    Value value = item.get(path.names().get(0)).orElse(null);
    for (String part : path.names().subList(1, path.names().size())) {
      value = value instanceof Value.MapValue map ? map.value().get(part) : null;
    }
    return value instanceof Value.Num n && n.value().longValueExact() >= threshold;
  }

  /**
   * Whether a user item exists and is not closing (what {@link #ACTIVE_USER} tests).
   *
   * @param user a user item
   * @return whether it is active
   */
  public static boolean isActive(Item user) {
    return user.get(Attributes.CLOSING).isEmpty()
        && !UserStatus.CLOSING.name().equals(user.stringOrNull(Attributes.STATUS));
  }

  /**
   * A new token of one call: 12 characters from 72 random bits, so two calls never share one. A
   * cascade's marker (one per incarnation of a key), the token a {@code createUser} or
   * {@code updateProfile} call leaves on its item to know its own write again, a timeline
   * follow's and an upload's fan-out's. Thread-safe: each thread draws from its own generator.
   *
   * @return the token
   */
  public static Value.Str newCallToken() {
    SplittableRandom random = TOKENS.get();
    long high = random.nextLong();
    long low = random.nextLong();
    char[] token = new char[TOKEN_CHARS];
    // 6 bits a character, the URL-safe Base64 alphabet: 10 characters from one long, 2 more.
    for (int i = 0; i < 10; i++) {
      token[i] = TOKEN_ALPHABET[(int) (high >>> (6 * i)) & 63];
    }
    token[10] = TOKEN_ALPHABET[(int) low & 63];
    token[11] = TOKEN_ALPHABET[(int) (low >>> 6) & 63];
    return new Value.Str(new String(token));
  }

  private static final int TOKEN_CHARS = 12;

  private static final char[] TOKEN_ALPHABET =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".toCharArray();

  /**
   * The seeds of the threads' generators. A token must be unique, not secret (it is stored in the
   * table beside the item it marks), so a thread seeds a SplittableRandom once from the system's
   * secure generator and draws from it. A SecureRandom draw per token (a lock, a read of the OS's
   * source and a SHA-1 round) made a token cost 0.25 µs, 4% of a createUser and deleteUser in
   * memory; drawn this way it costs 0.08 µs (both profiled in that benchmark). Two threads'
   * sequences start from independent 64-bit seeds.
   */
  private static final SecureRandom SEEDS = new SecureRandom();

  private static final ThreadLocal<SplittableRandom> TOKENS =
      ThreadLocal.withInitial(() -> new SplittableRandom(SEEDS.nextLong()));

  public static UpdateAction set(String attribute, String value) {
    return new UpdateAction.Set(AttributePath.of(attribute), new Value.Str(value));
  }

  public static WritePlan.Step counter(
      StepName name, String username, String attribute, long delta, ItemCondition condition) {
    return new WritePlan.Step(
        name,
        new WriteAction.Update(
            KeyLayout.user(username), Counters.add(AttributePath.of(attribute), delta), condition),
        () -> userNotFound(username));
  }

  public static PhotoNotFoundException photoNotFound(PhotoId photo) {
    return PhotoNotFoundException.of(photo);
  }

  public static UserNotFoundException userNotFound(String username) {
    return UserNotFoundException.of(username);
  }

  private Plans() {}
}
