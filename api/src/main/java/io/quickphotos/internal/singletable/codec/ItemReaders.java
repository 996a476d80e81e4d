package io.quickphotos.internal.singletable.codec;

import io.quickphotos.Follow;
import io.quickphotos.Photo;
import io.quickphotos.PhotoId;
import io.quickphotos.Reaction;
import io.quickphotos.ReactionType;
import io.quickphotos.User;
import io.quickphotos.UserStatus;
import io.quickphotos.Visibility;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.UnreadableItemException;
import io.quickphotos.engine.Value;
import io.quickphotos.internal.singletable.layout.Attributes;
import io.quickphotos.internal.singletable.layout.KeyLayout;
import io.quickphotos.internal.singletable.plan.Versions;
import java.math.BigDecimal;
import java.util.Map;

/**
 * Reads stored items into records: the decoding behind {@link ItemCodec}'s {@code user}, {@code
 * photo}, {@code reaction} and {@code friendship}, which every read, listing and feed page goes
 * through. Each attribute is asked for through an {@link Item.Name}: items of one kind share a
 * handful of sets of names, so after the first item of a set each lookup is one array read. With
 * plain names, the caption and the two view counters most photos lack made {@code getPhoto}
 * 1.04–1.17× as slow as before photos counted views; read this way it measures 0.83–0.89× of
 * that, and {@code getUser}, fourteen names, 0.60–0.66× (benchmarks/results/payback.md).
 * Stateless and thread-safe.
 */
final class ItemReaders {
  private static final ReactionType[] TYPES = ReactionType.values();

  /** The types by stored name, for decoding reactions without a scan. */
  private static final Map<String, ReactionType> BY_STORED_NAME = byStoredName();

  // A photo's names (its owner and time are also a profile's handle and a reaction's time).
  private static final Item.Name USERNAME = new Item.Name(Attributes.USERNAME);
  private static final Item.Name TIMESTAMP = new Item.Name(Attributes.TIMESTAMP);
  private static final Item.Name LOCATION = new Item.Name(Attributes.LOCATION);
  private static final Item.Name REACTIONS = new Item.Name(Attributes.REACTIONS);
  private static final Item.Name CAPTION = new Item.Name(Attributes.CAPTION);
  private static final Item.Name VIEWS = new Item.Name(Attributes.VIEWS);
  private static final Item.Name UNIQUE_VIEWERS = new Item.Name(Attributes.UNIQUE_VIEWERS);

  // A profile's.
  private static final Item.Name NAME = new Item.Name(Attributes.NAME);
  private static final Item.Name EMAIL = new Item.Name(Attributes.EMAIL);
  private static final Item.Name BIRTHDATE = new Item.Name(Attributes.BIRTHDATE);
  private static final Item.Name ADDRESS = new Item.Name(Attributes.ADDRESS);
  private static final Item.Name STATUS = new Item.Name(Attributes.STATUS);
  private static final Item.Name FOLLOWERS = new Item.Name(Attributes.FOLLOWERS);
  private static final Item.Name FOLLOWING = new Item.Name(Attributes.FOLLOWING);
  private static final Item.Name PRIVATE = new Item.Name(Attributes.PRIVATE);
  private static final Item.Name REQUESTS = new Item.Name(Attributes.REQUESTS);

  // A reaction's.
  private static final Item.Name REACTING_USER = new Item.Name(Attributes.REACTING_USER);
  private static final Item.Name PHOTO_OWNER = new Item.Name(Attributes.PHOTO_OWNER);
  private static final Item.Name PHOTO_TIMESTAMP = new Item.Name(Attributes.PHOTO_TIMESTAMP);
  private static final Item.Name REACTION_TYPE = new Item.Name(Attributes.REACTION_TYPE);

  // A friendship's.
  private static final Item.Name FOLLOWER = new Item.Name(Attributes.FOLLOWING_USER);
  private static final Item.Name FOLLOWED = new Item.Name(Attributes.FOLLOWED_USER);

  private ItemReaders() {}

  private static Map<String, ReactionType> byStoredName() {
    Map<String, ReactionType> types = new java.util.HashMap<>();
    for (ReactionType type : TYPES) {
      types.put(type.storedName(), type);
    }
    return Map.copyOf(types);
  }

  /**
   * The user a profile item holds; counters an older version did not write read as 0.
   *
   * @param item a user item
   * @return the user
   * @throws UnreadableItemException if an attribute is missing or of another type
   * @throws RuntimeException if a value cannot be read (the caller wraps it)
   */
  static User user(Item item) {
    return new User(
        item.string(USERNAME),
        item.string(NAME),
        item.string(EMAIL),
        ItemCodec.date(item.string(BIRTHDATE)),
        item.string(ADDRESS),
        UserStatus.valueOf(item.string(STATUS)),
        item.number(FOLLOWERS).longValueExact(),
        item.number(FOLLOWING).longValueExact(),
        AppAttributes.attributes(item),
        isPrivate(item) ? Visibility.PRIVATE : Visibility.PUBLIC,
        count(item, REQUESTS),
        Versions.of(item));
  }

  /**
   * Whether a profile item is a private account's.
   *
   * @param profile a user item
   * @return true if it carries {@code private}
   */
  static boolean isPrivate(Item profile) {
    return profile.has(PRIVATE);
  }

  /**
   * The photo an item holds. Reaction types this version does not know (written by a newer one)
   * are left out; counters an older version did not write read as 0.
   *
   * @param item a photo item
   * @return the photo
   * @throws UnreadableItemException if an attribute is missing or of another type
   * @throws RuntimeException if a value cannot be read (the caller wraps it)
   */
  static Photo photo(Item item) {
    @SuppressWarnings("unchecked")
    Map.Entry<ReactionType, Long>[] reactions = new Map.Entry[TYPES.length];
    Map<String, Value> stored =
        item.get(REACTIONS).orElse(null) instanceof Value.MapValue map ? map.value() : Map.of();
    for (ReactionType type : TYPES) {
      // One lookup per known type: walking the stored map instead made an entry per counter.
      long count =
          stored.get(type.storedName()) instanceof Value.Num n ? n.value().longValueExact() : 0;
      reactions[type.ordinal()] = Map.entry(type, count);
    }
    PhotoId id =
        new PhotoId(item.string(USERNAME), KeyLayout.parseTimestamp(item.string(TIMESTAMP)));
    return new Photo(
        id,
        item.string(LOCATION),
        // An immutable map already, which Photo keeps as it is instead of copying it again.
        Map.ofEntries(reactions),
        caption(item),
        AppAttributes.attributes(item),
        Versions.of(item),
        count(item, VIEWS),
        count(item, UNIQUE_VIEWERS));
  }

  /**
   * The reaction an item holds.
   *
   * @param item a reaction item
   * @return the reaction
   * @throws UnreadableItemException if an attribute is missing, of another type or an unknown
   *     reaction type
   * @throws RuntimeException if a value cannot be read (the caller wraps it)
   */
  static Reaction reaction(Item item) {
    PhotoId photo =
        new PhotoId(
            item.string(PHOTO_OWNER), KeyLayout.parseTimestamp(item.string(PHOTO_TIMESTAMP)));
    String stored = item.string(REACTION_TYPE);
    ReactionType reactionType = BY_STORED_NAME.get(stored);
    if (reactionType == null) {
      throw new UnreadableItemException("unknown reaction type in a stored item: " + stored);
    }
    return new Reaction(
        item.string(REACTING_USER),
        photo,
        reactionType,
        KeyLayout.parseTimestamp(item.string(TIMESTAMP)));
  }

  /**
   * The friendship an item holds.
   *
   * @param item a friendship item
   * @return the friendship
   * @throws UnreadableItemException if an attribute is missing or of another type
   * @throws RuntimeException if a value cannot be read (the caller wraps it)
   */
  static Follow friendship(Item item) {
    return new Follow(
        item.string(FOLLOWER),
        item.string(FOLLOWED),
        KeyLayout.parseTimestamp(item.string(TIMESTAMP)));
  }

  /**
   * The followed user's handle of a friendship item.
   *
   * @param item a friendship item
   * @return the handle
   * @throws UnreadableItemException if it is missing or not a string
   */
  static String followedUser(Item item) {
    return item.string(FOLLOWED);
  }

  /** The caption, empty if the item has none (most photos: two array reads, nothing made). */
  private static String caption(Item item) {
    String caption = item.stringOrNull(CAPTION);
    if (caption != null) {
      return caption;
    }
    if (item.has(CAPTION)) {
      throw new UnreadableItemException("attribute caption is not a string in " + item.key());
    }
    return "";
  }

  /** A counter that items of earlier versions lack: absent reads as 0. */
  private static long count(Item item, Item.Name counter) {
    BigDecimal n = item.numberOrNull(counter);
    return n == null ? 0 : n.longValueExact();
  }
}
