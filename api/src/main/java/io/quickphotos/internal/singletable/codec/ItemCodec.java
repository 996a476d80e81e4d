package io.quickphotos.internal.singletable.codec;

import static io.quickphotos.internal.singletable.layout.Attributes.ADDRESS;
import static io.quickphotos.internal.singletable.layout.Attributes.BIRTHDATE;
import static io.quickphotos.internal.singletable.layout.Attributes.CAPTION;
import static io.quickphotos.internal.singletable.layout.Attributes.EMAIL;
import static io.quickphotos.internal.singletable.layout.Attributes.FOLLOWED_USER;
import static io.quickphotos.internal.singletable.layout.Attributes.FOLLOWERS;
import static io.quickphotos.internal.singletable.layout.Attributes.FOLLOWING;
import static io.quickphotos.internal.singletable.layout.Attributes.FOLLOWING_USER;
import static io.quickphotos.internal.singletable.layout.Attributes.LOCATION;
import static io.quickphotos.internal.singletable.layout.Attributes.NAME;
import static io.quickphotos.internal.singletable.layout.Attributes.PHOTO_OWNER;
import static io.quickphotos.internal.singletable.layout.Attributes.PHOTO_TIMESTAMP;
import static io.quickphotos.internal.singletable.layout.Attributes.PRIVATE;
import static io.quickphotos.internal.singletable.layout.Attributes.REACTING_USER;
import static io.quickphotos.internal.singletable.layout.Attributes.REACTIONS;
import static io.quickphotos.internal.singletable.layout.Attributes.REACTION_TYPE;
import static io.quickphotos.internal.singletable.layout.Attributes.REQUESTS;
import static io.quickphotos.internal.singletable.layout.Attributes.STATUS;
import static io.quickphotos.internal.singletable.layout.Attributes.TIMESTAMP;
import static io.quickphotos.internal.singletable.layout.Attributes.USERNAME;

import io.quickphotos.AppValue;
import io.quickphotos.Follow;
import io.quickphotos.NewPhoto;
import io.quickphotos.NewUser;
import io.quickphotos.Photo;
import io.quickphotos.PhotoId;
import io.quickphotos.Reaction;
import io.quickphotos.ReactionType;
import io.quickphotos.User;
import io.quickphotos.Visibility;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.UnreadableItemException;
import io.quickphotos.engine.Value;
import io.quickphotos.internal.singletable.layout.Attributes;
import io.quickphotos.internal.singletable.layout.KeyLayout;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * Turns records into items and back. Every item carries an {@code entity} attribute naming its
 * type, so a Query over mixed item collections can tell profiles from photos and reactions.
 * Stateless and thread-safe.
 */
public final class ItemCodec {
  /** The attribute naming an item's entity type ({@link Attributes#ENTITY}). */
  public static final String ENTITY = Attributes.ENTITY;

  /**
   * The attribute holding the application's attributes of a photo or profile, one map
   * ({@link Attributes#APP}).
   */
  public static final String APP = Attributes.APP;

  /** The entity types, as stored in {@link #ENTITY}. */
  public enum Entity {
    /** A user profile. */
    USER,
    /** A photo. */
    PHOTO,
    /** A reaction. */
    REACTION,
    /** A friendship. */
    FRIENDSHIP,
    /** One shard of a hot user's or photo's counters (see {@link io.quickphotos.internal.singletable.hot.Shards}). */
    SHARD,
    /** A follower whose follow is served by its timeline (see {@link io.quickphotos.internal.singletable.feed.Timelines}). */
    AUDIENCE,
    /** A photo's fan-out to its author's audience, not yet finished (see {@link io.quickphotos.internal.singletable.feed.Timelines}). */
    FAN_OUT,
    /** A photo's key in a reader's timeline (see {@link io.quickphotos.internal.singletable.feed.Timelines}). */
    TIMELINE_ENTRY,
    /** The settings the table is meant to run with (see {@link TableSettingsItem}). */
    SETTINGS,
    /** A pending request to follow a private account (see {@link io.quickphotos.internal.singletable.privacy.PrivacyPlans}). */
    FOLLOW_REQUEST,
    /** A pending request's place in its account's queue, in time order. */
    REQUEST_PLACE,
    /** One user's block of another (see {@link io.quickphotos.internal.singletable.privacy.PrivacyPlans}). */
    BLOCK,
    /** A pending request's mark in its requester's partition (see {@link io.quickphotos.internal.singletable.privacy.PrivacyPlans}). */
    REQUEST_MARK,
    /** A block's mark in the blocked user's partition (see {@link io.quickphotos.internal.singletable.privacy.PrivacyPlans}). */
    BLOCK_MARK,
    /** That a user has viewed a photo, with its views of it (see {@link io.quickphotos.internal.singletable.photo.ViewPlans}). */
    VIEW,
    /** An item of a user's activity inbox (see {@link io.quickphotos.internal.singletable.activity.InboxItems}). */
    ACTIVITY,
    /**
     * Never stored: the kind {@link #kindOf} gives an item whose entity this version does not
     * know (a later version's), which every reader skips and counts.
     */
    OTHER
  }

  /** Every type, once: {@code values()} copies its array on every call. */
  private static final ReactionType[] TYPES = ReactionType.values();

  /** {@link #ENTITY}, asked of every item a listing reads: remembered per set of names. */
  private static final Item.Name ENTITY_NAME = new Item.Name(ENTITY);

  private ItemCodec() {}

  /**
   * The entity type of a stored item.
   *
   * @param item a stored item
   * @return its type
   * @throws UnreadableItemException if the item has no known entity type
   */
  public static Entity entityOf(Item item) {
    Entity kind = kindOf(item);
    if (kind == Entity.OTHER) {
      throw new UnreadableItemException("unknown entity in " + item);
    }
    return kind;
  }

  /**
   * The entity type of a stored item, or {@link Entity#OTHER} for an item this version does not
   * know: a kind a later version writes, or an item with no {@code entity} at all. Readers skip
   * such items (and count them), so versions can share a table.
   *
   * @param item a stored item
   * @return its type, never null
   */
  public static Entity kindOf(Item item) {
    String entity = item.stringOrNull(ENTITY_NAME);
    if (entity == null) {
      return Entity.OTHER;
    }
    // A string switch: the stored names are the enums' own strings, whose hashes are cached.
    return switch (entity) {
      case "USER" -> Entity.USER;
      case "PHOTO" -> Entity.PHOTO;
      case "REACTION" -> Entity.REACTION;
      case "FRIENDSHIP" -> Entity.FRIENDSHIP;
      case "SHARD" -> Entity.SHARD;
      case "AUDIENCE" -> Entity.AUDIENCE;
      case "FAN_OUT" -> Entity.FAN_OUT;
      case "TIMELINE_ENTRY" -> Entity.TIMELINE_ENTRY;
      case "SETTINGS" -> Entity.SETTINGS;
      case "FOLLOW_REQUEST" -> Entity.FOLLOW_REQUEST;
      case "REQUEST_PLACE" -> Entity.REQUEST_PLACE;
      case "BLOCK" -> Entity.BLOCK;
      case "REQUEST_MARK" -> Entity.REQUEST_MARK;
      case "BLOCK_MARK" -> Entity.BLOCK_MARK;
      case "VIEW" -> Entity.VIEW;
      case "ACTIVITY" -> Entity.ACTIVITY;
      default -> Entity.OTHER;
    };
  }

  /**
   * The item of a new user, with both counters at zero.
   *
   * @param user the new user
   * @return the item
   */
  public static Item newUser(NewUser user) {
    return user(user, 0, 0, null);
  }

  /**
   * The item of a user with given counters, as a bulk import writes it.
   *
   * @param user the user's profile
   * @param followers how many users follow this one
   * @param following how many users this one follows
   * @param token the token of the {@code createUser} call that puts it ({@code callToken}), or
   *     null (an import)
   * @return the item
   */
  public static Item user(NewUser user, long followers, long following, Value.Str token) {
    Map<String, AppValue> attributes = user.attributes();
    return item(
        KeyLayout.user(user.username()),
        text(ENTITY, Entity.USER.name()),
        text(USERNAME, user.username()),
        text(NAME, user.name()),
        text(EMAIL, user.email()),
        text(BIRTHDATE, user.birthdate().toString()),
        text(ADDRESS, user.address()),
        text(STATUS, user.status().name()),
        Map.entry(FOLLOWERS, Value.Num.of(followers)),
        Map.entry(FOLLOWING, Value.Num.of(following)),
        attributes.isEmpty() ? null : Map.entry(APP, appAttributes(attributes)),
        user.visibility() == Visibility.PRIVATE ? Map.entry(PRIVATE, Attributes.FLAG) : null,
        token == null ? null : Map.entry(Attributes.CALL_TOKEN, token));
  }

  /**
   * Reads a user item.
   *
   * @param item a user item
   * @return the user
   * @throws UnreadableItemException if it cannot be read as one
   */
  public static User user(Item item) {
    return decode(item, ItemReaders::user);
  }

  /**
   * A user item with the follower, following and pending-request counts of another image of the
   * user, every other attribute kept: a profile update's own image with counts read after it.
   *
   * @param user the user item whose fields are kept
   * @param counted an image of the same user, with exact counters
   * @return the item with {@code counted}'s counters
   */
  public static Item withCountsOf(Item user, Item counted) {
    Item counts =
        withCounts(
            user,
            counted.number(FOLLOWERS).longValueExact(),
            counted.number(FOLLOWING).longValueExact());
    return counted
        .get(REQUESTS)
        .filter(requests -> !counted.get(REQUESTS).equals(user.get(REQUESTS)))
        .map(requests -> counts.toBuilder().put(REQUESTS, requests).build())
        .orElse(counts);
  }

  /**
   * A user item with the given follower and following counts, every other attribute kept.
   *
   * @param user the user item
   * @param followers the followers count
   * @param following the following count
   * @return the item with those counters
   */
  public static Item withCounts(Item user, long followers, long following) {
    return user.toBuilder()
        .put(FOLLOWERS, Value.Num.of(followers))
        .put(FOLLOWING, Value.Num.of(following))
        .build();
  }

  /**
   * Whether a profile item is a private account's.
   *
   * @param profile a user item
   * @return true if it carries {@code private}
   */
  public static boolean isPrivate(Item profile) {
    return ItemReaders.isPrivate(profile);
  }

  /**
   * A counter that items of earlier versions lack: absent reads as 0.
   *
   * @param item a user item
   * @param counter the counter's attribute
   * @return its value, 0 if absent
   */
  public static long count(Item item, String counter) {
    java.math.BigDecimal n = item.numberOrNull(counter);
    return n == null ? 0 : n.longValueExact();
  }

  /**
   * The item of a new photo, with every reaction counter at zero.
   *
   * @param id the owner and timestamp
   * @param location the image URL
   * @return the item
   */
  public static Item newPhoto(PhotoId id, String location) {
    return photo(id, location, Map.of());
  }

  /**
   * The item of a new photo with its caption and attributes, every reaction counter at zero.
   *
   * @param photo the new photo, already validated
   * @return the item
   */
  public static Item newPhoto(NewPhoto photo) {
    return photo(photo, Map.of());
  }

  /**
   * The item of a photo with given reaction counters, as a bulk import writes it; every
   * reaction type gets a counter, zero where {@code counts} has none.
   *
   * @param id the owner and timestamp
   * @param location the image URL
   * @param counts reactions per type
   * @return the item
   */
  public static Item photo(PhotoId id, String location, Map<ReactionType, Long> counts) {
    return photo(new NewPhoto(id.owner(), id.timestamp(), location), counts);
  }

  /**
   * The item of a photo with its caption and attributes and given reaction counters, as a bulk
   * import writes it; every reaction type gets a counter, zero where {@code counts} has none. An
   * empty caption and no attributes are left out of the item, which is then exactly the item of
   * a photo without them.
   *
   * @param photo the photo, already validated
   * @param counts reactions per type
   * @return the item
   */
  public static Item photo(NewPhoto photo, Map<ReactionType, Long> counts) {
    PhotoId id = photo.id();
    @SuppressWarnings("unchecked")
    Map.Entry<String, Value>[] counters = new Map.Entry[TYPES.length];
    for (ReactionType type : TYPES) {
      counters[type.ordinal()] =
          Map.entry(type.storedName(), Value.Num.of(counts.getOrDefault(type, 0L)));
    }
    Map<String, Value> reactions = Map.ofEntries(counters);
    return item(
        KeyLayout.photo(id),
        text(ENTITY, Entity.PHOTO.name()),
        text(USERNAME, id.owner()),
        text(TIMESTAMP, KeyLayout.timestamp(id.timestamp())),
        text(LOCATION, photo.location()),
        Map.entry(REACTIONS, new Value.MapValue(reactions)),
        photo.caption().isEmpty() ? null : text(CAPTION, photo.caption()),
        photo.attributes().isEmpty() ? null : Map.entry(APP, appAttributes(photo.attributes())));
  }

  /**
   * Reads a photo item.
   *
   * @param item a photo item
   * @return the photo
   * @throws UnreadableItemException if it cannot be read as one
   */
  public static Photo photo(Item item) {
    return decode(item, ItemReaders::photo);
  }

  /**
   * The application's attributes as the item stores them: one map.
   *
   * @param attributes the attributes, already validated
   * @return the map value
   */
  public static Value.MapValue appAttributes(Map<String, AppValue> attributes) {
    Map<String, Value> values = new HashMap<>(attributes.size() * 2);
    for (Map.Entry<String, AppValue> e : attributes.entrySet()) {
      values.put(e.getKey(), AppAttributes.value(e.getValue()));
    }
    return new Value.MapValue(values);
  }

  /**
   * The item of a reaction.
   *
   * @param reaction the reaction
   * @return the item
   */
  public static Item reaction(Reaction reaction) {
    return item(
        KeyLayout.reaction(reaction.reactor(), reaction.type(), reaction.photo()),
        text(ENTITY, Entity.REACTION.name()),
        text(REACTING_USER, reaction.reactor()),
        text(PHOTO_OWNER, reaction.photo().owner()),
        text(PHOTO_TIMESTAMP, KeyLayout.timestamp(reaction.photo().timestamp())),
        text(REACTION_TYPE, reaction.type().storedName()),
        text(TIMESTAMP, KeyLayout.timestamp(reaction.timestamp())));
  }

  /**
   * Reads a reaction item.
   *
   * @param item a reaction item
   * @return the reaction
   * @throws UnreadableItemException if it cannot be read as one
   */
  public static Reaction reaction(Item item) {
    return decode(item, ItemReaders::reaction);
  }

  /**
   * The item of a friendship.
   *
   * @param follow the friendship
   * @return the item
   */
  public static Item friendship(Follow follow) {
    return item(
        KeyLayout.friendship(follow.followed(), follow.follower()),
        text(ENTITY, Entity.FRIENDSHIP.name()),
        text(FOLLOWED_USER, follow.followed()),
        text(FOLLOWING_USER, follow.follower()),
        text(TIMESTAMP, KeyLayout.timestamp(follow.since())));
  }

  /**
   * The followed user's handle of a friendship item, without decoding the rest (listings that
   * only need the handle skip parsing the timestamp).
   *
   * @param item a friendship item
   * @return the followed user's handle
   * @throws UnreadableItemException if it cannot be read as one
   */
  public static String followedUser(Item item) {
    return decode(item, ItemReaders::followedUser);
  }

  /**
   * Reads a friendship item.
   *
   * @param item a friendship item
   * @return the friendship
   * @throws UnreadableItemException if it cannot be read as one
   */
  public static Follow friendship(Item item) {
    return decode(item, ItemReaders::friendship);
  }

  /**
   * An item of the key's {@code PK} and {@code SK} and the given attributes. Built with
   * {@link Item.Builder}, which puts the values in the item's own arrays, without the map (its
   * entries, then its iteration) that {@link Item#Item(Map)} would copy them from.
   */
  @SafeVarargs
  private static Item item(Key key, Map.Entry<String, Value>... attributes) {
    // A null attribute is one the item leaves out (a photo without a caption). Built without a
    // map in between: every put of an entity comes here.
    Item.Builder item = Item.builder(key);
    for (Map.Entry<String, Value> attribute : attributes) {
      if (attribute != null) {
        item.put(attribute.getKey(), attribute.getValue());
      }
    }
    return item.build();
  }

  private static Map.Entry<String, Value> text(String name, String value) {
    return Map.entry(name, new Value.Str(value));
  }

  /**
   * Reads a stored birth date, as {@link LocalDate#parse} does. The {@code yyyy-MM-dd} text
   * {@link LocalDate#toString} writes for years 0 to 9999 is read by hand, since every profile
   * read decodes one; anything else, valid or not, goes to {@link LocalDate#parse}, which decides
   * and words its exceptions as before.
   *
   * @param text the stored text
   * @return the date
   * @throws java.time.format.DateTimeParseException if it is not an ISO local date
   */
  public static LocalDate date(String text) {
    if (text.length() == 10 && text.charAt(4) == '-' && text.charAt(7) == '-') {
      int year = KeyLayout.number(text, 0, 4);
      int month = KeyLayout.number(text, 5, 2);
      int day = KeyLayout.number(text, 8, 2);
      if (year >= 0
          && month >= 1
          && month <= 12
          && day >= 1
          && day <= java.time.Month.of(month).length(java.time.Year.isLeap(year))) {
        return LocalDate.of(year, month, day);
      }
    }
    return LocalDate.parse(text);
  }

  /**
   * Reads an item with {@code reader}; whatever fails while reading (a missing or mistyped
   * attribute, a key or date in another format, a record that refuses the values) is an
   * {@link UnreadableItemException}.
   */
  private static <T> T decode(Item item, Function<Item, T> reader) {
    try {
      return reader.apply(item);
    } catch (UnreadableItemException e) {
      throw e;
    } catch (RuntimeException e) {
      throw new UnreadableItemException(e);
    }
  }
}
