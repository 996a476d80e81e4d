package io.quickphotos.bench.floors;

// Internal on purpose (README.md, "What the benchmarks use"): the floor validates with the
// repository's own Validation calls, so that it refuses the same arguments with the same
// exceptions and messages; a copy of the rules could drift from what it is compared with. Its
// keys are its own copy of the layout (FloorKeys).
import io.quickphotos.AlreadyFollowingException;
import io.quickphotos.AlreadyReactedException;
import io.quickphotos.Follow;
import io.quickphotos.NewUser;
import io.quickphotos.NotFollowingException;
import io.quickphotos.Page;
import io.quickphotos.PageRequest;
import io.quickphotos.Photo;
import io.quickphotos.PhotoAlreadyExistsException;
import io.quickphotos.PhotoId;
import io.quickphotos.PhotoNotFoundException;
import io.quickphotos.PhotoReactions;
import io.quickphotos.Reaction;
import io.quickphotos.ReactionNotFoundException;
import io.quickphotos.ReactionType;
import io.quickphotos.SortOrder;
import io.quickphotos.User;
import io.quickphotos.UserAlreadyExistsException;
import io.quickphotos.UserNotFoundException;
import io.quickphotos.UserPhotos;
import io.quickphotos.UserStatus;
import io.quickphotos.bench.CostTally;
import io.quickphotos.bench.DataSet;
import io.quickphotos.bench.floors.FloorKeys.Key;
import io.quickphotos.bench.patterns.BenchmarkTarget;
import io.quickphotos.internal.repository.validation.Validation;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * The floor for the in-memory backend: the same logical work as the repository on bare JDK
 * collections, minus what a floor leaves out by definition.
 *
 * <p><b>What it does, as the repository does.</b>
 * <ul>
 *   <li>Validates every argument with the very {@link Validation} calls the repository makes
 *       for the operation, page requests included, and refuses bad
 *       input with the same {@link io.quickphotos.InvalidInputException} and message.</li>
 *   <li>Builds the same key strings for every item it reads or writes, with its own copy of the
 *       key layout ({@link FloorKeys}): {@code USER#…}, {@code #METADATA#…},
 *       {@code PHOTO#owner#timestamp} with the timestamp written as the repository writes it,
 *       {@code REACTION#…}, {@code #FRIEND#…}.</li>
 *   <li>Keeps the records in a hash map of partitions, each a tree map from sort key to record
 *       in DynamoDB's key order ({@link FloorKeys#compare}), and every record a second time in the
 *       inverted index (partition = sort key, sort key = partition key), so each listing is a
 *       range of one sorted partition read as the repository's Query reads it: profile and photos
 *       by BETWEEN, newest first; photo and reactions backwards on the inverted index; followers
 *       by begins_with; the users followed on the inverted index, then each profile by key;
 *       reactions left by begins_with on the inverted index.</li>
 *   <li>Checks the same conditions (user exists and is not closing, item absent or present,
 *       photo owner active) and throws the same domain exceptions with the same messages;
 *       updates the same counters (followers, following, reactions per type); deleting a photo
 *       takes its reactions along and deleting a user its photos, reactions and friendships.</li>
 *   <li>Returns the same records and pages of {@link DataSet#PAGE_SIZE}; a page that may be
 *       followed by another carries a cursor (the last sort key read, not encoded).</li>
 * </ul>
 *
 * <p><b>What it leaves out.</b> No items: records are stored directly, never encoded to or
 * decoded from attribute maps. No capacity or size accounting, no cost listener, no request
 * objects or plans, no transactions, no lock (so no isolation: one thread), no cursor encoding,
 * no retries, and no {@code CLOSING} mark while an account is deleted (without concurrency there
 * is nobody to keep out).
 *
 * <p>Not thread-safe: one benchmark thread.
 */
public final class CollectionsBackend implements BenchmarkTarget {
  private static final PageRequest FIRST_PAGE = PageRequest.first(DataSet.PAGE_SIZE);
  private static final Comparator<String> KEY_ORDER = FloorKeys::compare;
  private static final NavigableMap<String, Object> EMPTY = Collections.emptyNavigableMap();

  /** Partition key → sort key → record. */
  private final Map<String, NavigableMap<String, Object>> table = new HashMap<>();

  /** The inverted index: sort key → partition key → record. */
  private final Map<String, NavigableMap<String, Object>> inverted = new HashMap<>();

  private final CostTally costs = new CostTally();

  /**
   * Loads a data set through the same operations, validation included.
   *
   * @param data the data set
   */
  public CollectionsBackend(DataSet data) {
    long start = System.nanoTime();
    for (NewUser user : data.users) {
      createUser(user);
    }
    createUser(data.follower);
    createUser(data.reactor);
    for (int i = 0; i < data.photos.size(); i++) {
      uploadPhoto(data.photos.get(i), data.locations.get(i));
    }
    for (Follow follow : data.follows) {
      follow(follow.follower(), follow.followed());
    }
    for (Reaction reaction : data.reactions) {
      reactTo(reaction.reactor(), reaction.photo(), reaction.type());
    }
    DataSet.printLoaded("collections", data.itemCount(), start);
  }

  @Override
  public Optional<User> getUser(String username) {
    Validation.username("username", username);
    return Optional.ofNullable((User) get(FloorKeys.user(username)));
  }

  @Override
  public UserPhotos userWithPhotos(String username) {
    Validation.username("username", username);
    Validation.notNull("order", SortOrder.NEWEST_FIRST);
    Validation.page(FIRST_PAGE, PageRequest.MAX_SIZE);
    // BETWEEN #METADATA#<u> AND PHOTO$, backwards: the newest photos, then the profile.
    NavigableMap<String, Object> range =
        partition(table, FloorKeys.userPartition(username))
            .subMap(FloorKeys.METADATA + username, true, FloorKeys.AFTER_ALL_PHOTOS, true)
            .descendingMap();
    User user = null;
    List<Photo> photos = new ArrayList<>(DataSet.PAGE_SIZE);
    Optional<String> next = Optional.empty();
    for (Map.Entry<String, Object> entry : range.entrySet()) {
      if (entry.getValue() instanceof Photo photo) {
        if (photos.size() == DataSet.PAGE_SIZE) {
          next = Optional.of(FloorKeys.photoSortKey(photos.get(photos.size() - 1).id()));
          break;
        }
        photos.add(photo);
      } else {
        user = (User) entry.getValue();
      }
    }
    if (user == null) {
      // The page stopped before the profile, which sorts after every photo: read it by key.
      user = (User) get(FloorKeys.user(username));
      if (user == null) {
        throw UserNotFoundException.of(username);
      }
    }
    return new UserPhotos(Optional.of(user), new Page<>(photos, next));
  }

  @Override
  public Optional<Photo> getPhoto(PhotoId id) {
    Validation.photoId(id);
    return Optional.ofNullable((Photo) get(FloorKeys.photo(id)));
  }

  @Override
  public PhotoReactions photoWithReactions(PhotoId id) {
    Validation.photoId(id);
    Validation.page(FIRST_PAGE, PageRequest.MAX_SIZE);
    // Backwards on the inverted index: the photo (USER#…) before the reactions (REACTION#…).
    Photo photo = null;
    List<Reaction> reactions = new ArrayList<>(DataSet.PAGE_SIZE);
    int read = 0;
    String last = null;
    for (Map.Entry<String, Object> entry :
        partition(inverted, FloorKeys.photoSortKey(id)).descendingMap().entrySet()) {
      if (read == DataSet.PAGE_SIZE) {
        break;
      }
      read++;
      last = entry.getKey();
      if (entry.getValue() instanceof Photo found) {
        photo = found;
      } else {
        reactions.add((Reaction) entry.getValue());
      }
    }
    if (read == 0) {
      throw PhotoNotFoundException.of(id);
    }
    return new PhotoReactions(
        Optional.ofNullable(photo),
        new Page<>(reactions, read == DataSet.PAGE_SIZE ? Optional.of(last) : Optional.empty()));
  }

  @Override
  public Page<Follow> followersOf(String username) {
    Validation.username("username", username);
    Validation.page(FIRST_PAGE, PageRequest.MAX_SIZE);
    List<Follow> follows = new ArrayList<>(DataSet.PAGE_SIZE);
    String last = null;
    for (Map.Entry<String, Object> entry :
        partition(table, FloorKeys.userPartition(username))
            .tailMap(FloorKeys.FRIEND, true)
            .entrySet()) {
      if (follows.size() == DataSet.PAGE_SIZE || !entry.getKey().startsWith(FloorKeys.FRIEND)) {
        break;
      }
      follows.add((Follow) entry.getValue());
      last = entry.getKey();
    }
    return new Page<>(
        follows, follows.size() == DataSet.PAGE_SIZE ? Optional.of(last) : Optional.empty());
  }

  @Override
  public Page<User> followedBy(String username) {
    Validation.username("username", username);
    Validation.page(FIRST_PAGE, FloorKeys.MAX_BATCH_GET_KEYS);
    List<Key> keys = new ArrayList<>(DataSet.PAGE_SIZE);
    String last = null;
    for (Map.Entry<String, Object> entry :
        partition(inverted, FloorKeys.followingPartition(username)).entrySet()) {
      if (keys.size() == DataSet.PAGE_SIZE) {
        break;
      }
      keys.add(FloorKeys.user(((Follow) entry.getValue()).followed()));
      last = entry.getKey();
    }
    List<User> profiles = new ArrayList<>(keys.size());
    for (Key key : keys) {
      User profile = (User) get(key);
      if (profile != null) {
        profiles.add(profile);
      }
    }
    return new Page<>(
        profiles, keys.size() == DataSet.PAGE_SIZE ? Optional.of(last) : Optional.empty());
  }

  @Override
  public boolean isFollowing(String follower, String followed) {
    Validation.username("follower", follower);
    Validation.username("followed", followed);
    Validation.notSame(follower, followed);
    return get(FloorKeys.friendship(followed, follower)) != null;
  }

  @Override
  public Set<ReactionType> reactionsLeftBy(String reactor, PhotoId photo) {
    Validation.username("reactor", reactor);
    Validation.photoId(photo);
    // begins_with(PK, REACTION#<reactor>#) on the photo's inverted-index partition.
    String prefix = FloorKeys.REACTION + reactor + "#";
    Set<ReactionType> types = EnumSet.noneOf(ReactionType.class);
    for (Map.Entry<String, Object> entry :
        partition(inverted, FloorKeys.photoSortKey(photo)).tailMap(prefix, true).entrySet()) {
      if (types.size() == ReactionType.values().length || !entry.getKey().startsWith(prefix)) {
        break;
      }
      types.add(((Reaction) entry.getValue()).type());
    }
    return Collections.unmodifiableSet(types);
  }

  @Override
  public void deletePhoto(PhotoId id) {
    Validation.photoId(id);
    if (!removePhoto(id)) {
      throw PhotoNotFoundException.of(id);
    }
  }

  @Override
  public void eraseUser(String username) {
    remove(FloorKeys.user(username));
  }

  @Override
  public void erasePhoto(PhotoId id) {
    remove(FloorKeys.photo(id));
  }

  /** As the repository's erasing write: deletes the reaction, puts the photo back as loaded. */
  @Override
  public void eraseReaction(Reaction reaction) {
    remove(FloorKeys.reaction(reaction.reactor(), reaction.type(), reaction.photo()));
    Key photoKey = FloorKeys.photo(reaction.photo());
    put(photoKey, counted((Photo) get(photoKey), reaction.type(), -1));
  }

  @Override
  public CostTally costs() {
    return costs;
  }

  @Override
  public void close() {
    // Nothing to release but memory.
  }

  // --- the writes ------------------------------------------------------

  @Override
  public User createUser(NewUser user) {
    Validation.newUser(user, today());
    Key key = FloorKeys.user(user.username());
    if (get(key) != null) {
      throw UserAlreadyExistsException.of(user.username());
    }
    User created =
        new User(
            user.username(),
            user.name(),
            user.email(),
            user.birthdate(),
            user.address(),
            user.status(),
            0,
            0);
    put(key, created);
    return created;
  }

  @Override
  public Photo uploadPhoto(PhotoId id, String location) {
    Validation.username("owner", id.owner());
    Validation.timestamp("timestamp", id.timestamp());
    Validation.location(location);
    active(id.owner());
    Key key = FloorKeys.photo(id);
    if (get(key) != null) {
      throw PhotoAlreadyExistsException.of(id);
    }
    Map<ReactionType, Long> none = new EnumMap<>(ReactionType.class);
    for (ReactionType type : ReactionType.values()) {
      none.put(type, 0L);
    }
    Photo photo = new Photo(id, location, none);
    put(key, photo);
    return photo;
  }

  @Override
  public Reaction reactTo(String reactor, PhotoId id, ReactionType type) {
    Validation.username("reactor", reactor);
    Validation.photoId(id);
    Validation.notNull("reaction type", type);
    Reaction reaction = new Reaction(reactor, id, type, DataSet.CLOCK.instant());
    active(reactor);
    Key photoKey = FloorKeys.photo(id);
    Photo photo = (Photo) get(photoKey);
    // The photo of an owner who is gone or closing is gone too.
    if (photo == null || !id.owner().equals(reactor) && !isActive(id.owner())) {
      throw PhotoNotFoundException.of(id);
    }
    Key key = FloorKeys.reaction(reactor, type, id);
    if (get(key) != null) {
      throw AlreadyReactedException.of(reactor, id, type);
    }
    put(key, reaction);
    put(photoKey, counted(photo, type, 1));
    return reaction;
  }

  @Override
  public void removeReaction(String reactor, PhotoId photo, ReactionType type) {
    Validation.username("reactor", reactor);
    Validation.photoId(photo);
    Validation.notNull("reaction type", type);
    if (remove(FloorKeys.reaction(reactor, type, photo)) == null) {
      throw ReactionNotFoundException.of(reactor, photo, type);
    }
    Key photoKey = FloorKeys.photo(photo);
    Photo current = (Photo) get(photoKey);
    if (current != null) {
      put(photoKey, counted(current, type, -1));
    }
  }

  @Override
  public Follow follow(String follower, String followed) {
    Validation.username("follower", follower);
    Validation.username("followed", followed);
    Validation.notSame(follower, followed);
    Follow follow = new Follow(follower, followed, DataSet.CLOCK.instant());
    Key fromKey = FloorKeys.user(follower);
    Key toKey = FloorKeys.user(followed);
    User from = active(follower);
    User to = active(followed);
    Key key = FloorKeys.friendship(followed, follower);
    if (get(key) != null) {
      throw AlreadyFollowingException.of(follower, followed);
    }
    put(key, follow);
    put(toKey, counted(to, 1, 0));
    put(fromKey, counted(from, 0, 1));
    return follow;
  }

  @Override
  public void unfollow(String follower, String followed) {
    Validation.username("follower", follower);
    Validation.username("followed", followed);
    Validation.notSame(follower, followed);
    if (remove(FloorKeys.friendship(followed, follower)) == null) {
      throw NotFollowingException.of(follower, followed);
    }
    recount(FloorKeys.user(followed), -1, 0);
    recount(FloorKeys.user(follower), 0, -1);
  }

  /** Deletes a photo and its reactions; false if there was no photo. */
  private boolean removePhoto(PhotoId id) {
    Key key = FloorKeys.photo(id);
    if (get(key) == null) {
      return false;
    }
    for (String reaction :
        List.copyOf(
            partition(inverted, FloorKeys.photoSortKey(id))
                .tailMap(FloorKeys.REACTION, true)
                .keySet())) {
      if (!reaction.startsWith(FloorKeys.REACTION)) {
        break;
      }
      remove(new Key(reaction, key.sk()));
    }
    remove(key);
    return true;
  }

  /**
   * Closes an account: its photos (with their reactions), the reactions it left, the friendships
   * both ways (with the other side's counter), then the profile.
   */
  @Override
  public void deleteUser(String username) {
    Validation.username("username", username);
    active(username);
    String partition = FloorKeys.userPartition(username);
    for (Map.Entry<String, Object> entry : List.copyOf(partition(table, partition).entrySet())) {
      if (entry.getValue() instanceof Photo photo) {
        removePhoto(photo.id());
      } else if (entry.getValue() instanceof Follow follow) {
        remove(new Key(partition, entry.getKey()));
        recount(FloorKeys.user(follow.follower()), 0, -1);
      }
    }
    for (Map.Entry<String, Object> entry :
        List.copyOf(partition(inverted, FloorKeys.followingPartition(username)).entrySet())) {
      remove(new Key(entry.getKey(), FloorKeys.followingPartition(username)));
      recount(FloorKeys.user(((Follow) entry.getValue()).followed()), -1, 0);
    }
    for (ReactionType type : ReactionType.values()) {
      String reactions = FloorKeys.REACTION + username + "#" + type.storedName();
      for (Object value : List.copyOf(partition(table, reactions).values())) {
        Reaction reaction = (Reaction) value;
        remove(FloorKeys.reaction(username, type, reaction.photo()));
        Key photoKey = FloorKeys.photo(reaction.photo());
        Photo photo = (Photo) get(photoKey);
        if (photo != null) {
          put(photoKey, counted(photo, type, -1));
        }
      }
    }
    remove(FloorKeys.user(username));
  }

  // --- the two sorted maps -------------------------------------------------------------------

  private Object get(Key key) {
    return partition(table, key.pk()).get(key.sk());
  }

  private void put(Key key, Object record) {
    table.computeIfAbsent(key.pk(), pk -> new TreeMap<>(KEY_ORDER)).put(key.sk(), record);
    inverted.computeIfAbsent(key.sk(), sk -> new TreeMap<>(KEY_ORDER)).put(key.pk(), record);
  }

  /** Removes an item from both maps, and a partition left empty; returns the record or null. */
  private Object remove(Key key) {
    NavigableMap<String, Object> partition = table.get(key.pk());
    Object removed = partition == null ? null : partition.remove(key.sk());
    if (removed == null) {
      return null;
    }
    if (partition.isEmpty()) {
      table.remove(key.pk());
    }
    NavigableMap<String, Object> index = inverted.get(key.sk());
    index.remove(key.pk());
    if (index.isEmpty()) {
      inverted.remove(key.sk());
    }
    return removed;
  }

  private static NavigableMap<String, Object> partition(
      Map<String, NavigableMap<String, Object>> map, String key) {
    return map.getOrDefault(key, EMPTY);
  }

  /** The profile of a user who exists and is not closing, as the repository's checks demand. */
  private User active(String username) {
    User user = (User) get(FloorKeys.user(username));
    if (user == null || user.status() == UserStatus.CLOSING) {
      throw UserNotFoundException.of(username);
    }
    return user;
  }

  private boolean isActive(String username) {
    User user = (User) get(FloorKeys.user(username));
    return user != null && user.status() != UserStatus.CLOSING;
  }

  private void recount(Key key, long followers, long following) {
    User user = (User) get(key);
    if (user != null) {
      put(key, counted(user, followers, following));
    }
  }

  private static User counted(User user, long followers, long following) {
    return new User(
        user.username(),
        user.name(),
        user.email(),
        user.birthdate(),
        user.address(),
        user.status(),
        user.followers() + followers,
        user.following() + following);
  }

  private static Photo counted(Photo photo, ReactionType type, long delta) {
    Map<ReactionType, Long> counts = new EnumMap<>(photo.reactions());
    counts.merge(type, delta, (a, b) -> Math.max(0, a + b));
    return new Photo(photo.id(), photo.location(), counts);
  }

  private static LocalDate today() {
    return LocalDate.ofInstant(DataSet.CLOCK.instant(), ZoneOffset.UTC);
  }
}
