package io.quickphotos.bench;

import io.quickphotos.AlreadyFollowingException;
import io.quickphotos.AlreadyReactedException;
import io.quickphotos.Follow;
import io.quickphotos.InvalidInputException;
import io.quickphotos.NewUser;
import io.quickphotos.NotFollowingException;
import io.quickphotos.Page;
import io.quickphotos.Photo;
import io.quickphotos.PhotoAlreadyExistsException;
import io.quickphotos.PhotoId;
import io.quickphotos.PhotoNotFoundException;
import io.quickphotos.PhotoReactions;
import io.quickphotos.Reaction;
import io.quickphotos.ReactionNotFoundException;
import io.quickphotos.ReactionType;
import io.quickphotos.User;
import io.quickphotos.UserAlreadyExistsException;
import io.quickphotos.UserNotFoundException;
import io.quickphotos.UserPhotos;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
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
 * The floor for the in-memory backend: the same logical work on bare JDK collections, holding
 * the records themselves. Hash maps find a user's profile, photos, followers and follows; tree
 * maps keep each listing in the order the repository returns it (photos by timestamp, reactions
 * by reacting user then type, friendships by handle), so every method returns the same records
 * as the repository, first pages of the same size, and throws the same exceptions on the same
 * conditions. No keys, no items, no validation, no capacity, no locks.
 *
 * <p>Not thread-safe: one benchmark thread.
 */
final class CollectionsBackend implements Backend {
  private static final NavigableMap<Instant, Photo> NO_PHOTOS = Collections.emptyNavigableMap();
  private static final NavigableMap<String, Reaction> NO_REACTIONS =
      Collections.emptyNavigableMap();
  private static final NavigableMap<String, Follow> NO_FOLLOWS = Collections.emptyNavigableMap();

  private final Map<String, User> users = new HashMap<>();
  private final Map<String, NavigableMap<Instant, Photo>> photos = new HashMap<>();
  private final Map<PhotoId, NavigableMap<String, Reaction>> reactions = new HashMap<>();
  private final Map<String, NavigableMap<String, Follow>> followers = new HashMap<>();
  private final Map<String, NavigableMap<String, Follow>> following = new HashMap<>();
  private final CostRecorder costs = new CostRecorder();

  /**
   * Loads a data set, following the same steps as the repository would.
   *
   * @param data the data set
   */
  CollectionsBackend(DataSet data) {
    long start = System.nanoTime();
    for (NewUser user : data.users) {
      create(user);
    }
    create(data.follower);
    create(data.reactor);
    for (int i = 0; i < data.photos.size(); i++) {
      upload(data.photos.get(i), data.locations.get(i));
    }
    for (Follow follow : data.follows) {
      follow(follow.follower(), follow.followed());
    }
    for (Reaction reaction : data.reactions) {
      react(reaction.reactor(), reaction.photo(), reaction.type());
    }
    Loader.loaded("collections", data.itemCount(), start);
  }

  @Override
  public Optional<User> getUser(String username) {
    return Optional.ofNullable(users.get(username));
  }

  @Override
  public UserPhotos userWithPhotos(String username) {
    User user = users.get(username);
    NavigableMap<Instant, Photo> own = photos.getOrDefault(username, NO_PHOTOS);
    if (user == null && own.isEmpty()) {
      throw new UserNotFoundException("user " + username + " does not exist");
    }
    if (user == null) {
      throw new UserNotFoundException("user " + username + " does not exist");
    }
    // Newest first, the profile always with the first page, a cursor only if more photos remain.
    List<Photo> page = new ArrayList<>(Math.min(own.size(), DataSet.PAGE_SIZE));
    for (Photo photo : own.descendingMap().values()) {
      if (page.size() == DataSet.PAGE_SIZE) {
        break;
      }
      page.add(photo);
    }
    boolean more = own.size() > DataSet.PAGE_SIZE;
    return new UserPhotos(Optional.of(user),
        new Page<>(page, more ? Optional.of(username) : Optional.empty()));
  }

  @Override
  public Optional<Photo> getPhoto(PhotoId id) {
    return Optional.ofNullable(photos.getOrDefault(id.owner(), NO_PHOTOS).get(id.timestamp()));
  }

  @Override
  public PhotoReactions photoWithReactions(PhotoId id) {
    Photo photo = photos.getOrDefault(id.owner(), NO_PHOTOS).get(id.timestamp());
    NavigableMap<String, Reaction> left = reactions.getOrDefault(id, NO_REACTIONS);
    if (photo == null && left.isEmpty()) {
      throw new PhotoNotFoundException("photo " + id + " does not exist");
    }
    // The photo first, then reactions by reacting user and type, descending; one page in all.
    int room = DataSet.PAGE_SIZE - (photo == null ? 0 : 1);
    List<Reaction> page = new ArrayList<>(Math.min(left.size(), room));
    for (Reaction reaction : left.descendingMap().values()) {
      if (page.size() == room) {
        break;
      }
      page.add(reaction);
    }
    return new PhotoReactions(Optional.ofNullable(photo),
        new Page<>(page, page.size() == room ? Optional.of(id.toString()) : Optional.empty()));
  }

  @Override
  public Page<Follow> followersOf(String username) {
    return firstPage(followers.getOrDefault(username, NO_FOLLOWS));
  }

  @Override
  public Page<User> followedBy(String username) {
    Page<Follow> follows = firstPage(following.getOrDefault(username, NO_FOLLOWS));
    List<User> profiles = new ArrayList<>(follows.items().size());
    for (Follow follow : follows.items()) {
      profiles.add(users.get(follow.followed()));
    }
    return new Page<>(profiles, follows.nextCursor());
  }

  @Override
  public User createAndDeleteUser(NewUser user) {
    User created = create(user);
    users.remove(user.username());
    return created;
  }

  @Override
  public Photo uploadAndDeletePhoto(PhotoId id, String location) {
    Photo photo = upload(id, location);
    photos.get(id.owner()).remove(id.timestamp());
    return photo;
  }

  @Override
  public Reaction reactAndUndo(String reactor, PhotoId photo, ReactionType type) {
    NavigableMap<Instant, Photo> own = photos.get(photo.owner());
    Photo before = own == null ? null : own.get(photo.timestamp());
    Reaction reaction = react(reactor, photo, type);
    reactions.get(photo).remove(reactionKey(reactor, type));
    own.put(photo.timestamp(), before);
    return reaction;
  }

  @Override
  public Follow followAndUnfollow(String follower, String followed) {
    Follow follow = follow(follower, followed);
    unfollow(follower, followed);
    return follow;
  }

  @Override
  public boolean isFollowing(String follower, String followed) {
    return followers.getOrDefault(followed, NO_FOLLOWS).containsKey(follower);
  }

  @Override
  public Set<ReactionType> reactionsLeftBy(String reactor, PhotoId photo) {
    NavigableMap<String, Reaction> on = reactions.getOrDefault(photo, NO_REACTIONS);
    Set<ReactionType> types = EnumSet.noneOf(ReactionType.class);
    for (ReactionType type : ReactionType.values()) {
      if (on.containsKey(reactionKey(reactor, type))) {
        types.add(type);
      }
    }
    return Collections.unmodifiableSet(types);
  }

  @Override
  public Reaction reactAndRemove(String reactor, PhotoId photo, ReactionType type) {
    Reaction reaction = react(reactor, photo, type);
    if (reactions.getOrDefault(photo, NO_REACTIONS).get(reactionKey(reactor, type)) == null) {
      throw new ReactionNotFoundException(reactor + " has no " + type.storedName()
          + " reaction on photo " + photo);
    }
    reactions.get(photo).remove(reactionKey(reactor, type));
    NavigableMap<Instant, Photo> own = photos.get(photo.owner());
    Photo current = own.get(photo.timestamp());
    Map<ReactionType, Long> counts = new EnumMap<>(current.reactions());
    counts.merge(type, -1L, (a, b) -> Math.max(0, a + b));
    own.put(photo.timestamp(), new Photo(photo, current.location(), counts));
    return reaction;
  }

  @Override
  public Photo uploadThenDeletePhoto(PhotoId id, String location) {
    Photo photo = upload(id, location);
    NavigableMap<Instant, Photo> own = photos.get(id.owner());
    if (own == null || own.remove(id.timestamp()) == null) {
      throw new PhotoNotFoundException("photo " + id + " does not exist");
    }
    reactions.remove(id);
    return photo;
  }

  @Override
  public User createThenDeleteUser(NewUser user) {
    User created = create(user);
    existing(user.username());
    // An account with nothing: no photos, reactions or friendships to take along.
    photos.remove(user.username());
    followers.remove(user.username());
    following.remove(user.username());
    users.remove(user.username());
    return created;
  }

  @Override
  public CostRecorder costs() {
    return costs;
  }

  @Override
  public void close() {
    // Nothing to release but memory.
  }

  private User create(NewUser user) {
    User created = new User(user.username(), user.name(), user.email(), user.birthdate(),
        user.address(), user.status(), 0, 0);
    if (users.putIfAbsent(user.username(), created) != null) {
      throw new UserAlreadyExistsException("user " + user.username() + " already exists");
    }
    return created;
  }

  private Photo upload(PhotoId id, String location) {
    existing(id.owner());
    Map<ReactionType, Long> none = new EnumMap<>(ReactionType.class);
    for (ReactionType type : ReactionType.values()) {
      none.put(type, 0L);
    }
    Photo photo = new Photo(id, location, none);
    if (photos.computeIfAbsent(id.owner(), owner -> new TreeMap<>())
        .putIfAbsent(id.timestamp(), photo) != null) {
      throw new PhotoAlreadyExistsException("photo " + id + " already exists");
    }
    return photo;
  }

  private Reaction react(String reactor, PhotoId id, ReactionType type) {
    existing(reactor);
    NavigableMap<Instant, Photo> own = photos.get(id.owner());
    Photo photo = own == null ? null : own.get(id.timestamp());
    if (photo == null) {
      throw new PhotoNotFoundException("photo " + id + " does not exist");
    }
    Reaction reaction = new Reaction(reactor, id, type, DataSet.CLOCK.instant());
    if (reactions.computeIfAbsent(id, photoId -> new TreeMap<>())
        .putIfAbsent(reactionKey(reactor, type), reaction) != null) {
      throw new AlreadyReactedException(reactor + " already reacted " + type.storedName()
          + " to photo " + id);
    }
    Map<ReactionType, Long> counts = new EnumMap<>(photo.reactions());
    counts.merge(type, 1L, Long::sum);
    own.put(id.timestamp(), new Photo(id, photo.location(), counts));
    return reaction;
  }

  private Follow follow(String follower, String followed) {
    if (follower.equals(followed)) {
      throw new InvalidInputException("a user cannot follow themselves: " + follower);
    }
    User from = existing(follower);
    User to = existing(followed);
    Follow follow = new Follow(follower, followed, DataSet.CLOCK.instant());
    if (followers.computeIfAbsent(followed, user -> new TreeMap<>())
        .putIfAbsent(follower, follow) != null) {
      throw new AlreadyFollowingException(follower + " already follows " + followed);
    }
    following.computeIfAbsent(follower, user -> new TreeMap<>()).put(followed, follow);
    users.put(followed, counted(to, 1, 0));
    users.put(follower, counted(from, 0, 1));
    return follow;
  }

  private void unfollow(String follower, String followed) {
    if (followers.getOrDefault(followed, NO_FOLLOWS).get(follower) == null) {
      throw new NotFollowingException(follower + " does not follow " + followed);
    }
    followers.get(followed).remove(follower);
    following.get(follower).remove(followed);
    users.put(followed, counted(users.get(followed), -1, 0));
    users.put(follower, counted(users.get(follower), 0, -1));
  }

  private User existing(String username) {
    User user = users.get(username);
    if (user == null) {
      throw new UserNotFoundException("user " + username + " does not exist");
    }
    return user;
  }

  private static User counted(User user, long followers, long following) {
    return new User(user.username(), user.name(), user.email(), user.birthdate(), user.address(),
        user.status(), user.followers() + followers, user.following() + following);
  }

  private static String reactionKey(String reactor, ReactionType type) {
    return reactor + "#" + type.storedName();
  }

  private static <T> Page<T> firstPage(NavigableMap<String, T> listing) {
    List<T> page = new ArrayList<>(Math.min(listing.size(), DataSet.PAGE_SIZE));
    for (T item : listing.values()) {
      if (page.size() == DataSet.PAGE_SIZE) {
        break;
      }
      page.add(item);
    }
    return new Page<>(page, page.size() == DataSet.PAGE_SIZE
        ? Optional.of(String.valueOf(page.size())) : Optional.empty());
  }
}
