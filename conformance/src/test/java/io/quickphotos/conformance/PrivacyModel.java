package io.quickphotos.conformance;

import io.quickphotos.ActivityKind;
import io.quickphotos.AlreadyFollowingException;
import io.quickphotos.AlreadyReactedException;
import io.quickphotos.AlreadyRequestedException;
import io.quickphotos.FollowRequestNotFoundException;
import io.quickphotos.NotFollowingException;
import io.quickphotos.PhotoAlreadyExistsException;
import io.quickphotos.PhotoNotFoundException;
import io.quickphotos.QuickPhotosException;
import io.quickphotos.ReactionNotFoundException;
import io.quickphotos.ReactionType;
import io.quickphotos.UserAlreadyExistsException;
import io.quickphotos.UserBlockedException;
import io.quickphotos.UserNotFoundException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.IntPredicate;

/**
 * Who may see what, as {@code docs/privacy.md} states it, over plain sets: users (a closed account
 * is simply gone), private flags, follows, pending requests, blocks, photos and reactions. Written
 * from the rules table and its bullets, not from the repository's code, so that a rule the code
 * gets wrong disagrees with it. Users are indices (0, 1, ...) and photos an owner and a time
 * index; handles sort as their indices do ({@link PrivacyOracleTest} names them so).
 *
 * <p>Writes change the state and return what the call answers: a value, or the class of the
 * exception the rules name. Reads return what a viewer {@code v} may see. Mutable, one history's;
 * {@link #copy()} for a try.
 */
final class PrivacyModel {
  /** A directed pair of users: follower and followed, requester and account, blocker and blocked. */
  record Pair(int from, int to) implements Comparable<Pair> {
    @Override
    public int compareTo(Pair o) {
      return from != o.from ? Integer.compare(from, o.from) : Integer.compare(to, o.to);
    }
  }

  /** A photo: its owner and the index of its time. */
  record PhotoKey(int owner, int time) implements Comparable<PhotoKey> {
    @Override
    public int compareTo(PhotoKey o) {
      return owner != o.owner ? Integer.compare(owner, o.owner) : Integer.compare(time, o.time);
    }
  }

  /** A reaction: who left it, on which photo, of which type. */
  record ReactionKey(int reactor, PhotoKey photo, ReactionType type)
      implements Comparable<ReactionKey> {
    @Override
    public int compareTo(ReactionKey o) {
      return Comparator.comparingInt(ReactionKey::reactor)
          .thenComparing(ReactionKey::photo)
          .thenComparing(ReactionKey::type)
          .compare(this, o);
    }
  }

  /** What a profile shows: the counters and, for the account itself only, its pending count. */
  record Profile(int user, long followers, long following, boolean isPrivate, long pending) {}

  /**
   * What a photo shows: its id, its reaction counters (every reaction counted, types with none
   * left out) and its view counters.
   */
  record PhotoView(
      PhotoKey id, Map<ReactionType, Long> reactions, long views, long uniqueViewers) {}

  /** A view mark: who viewed which photo. */
  record ViewKey(int viewer, PhotoKey photo) implements Comparable<ViewKey> {
    @Override
    public int compareTo(ViewKey o) {
      return viewer != o.viewer ? Integer.compare(viewer, o.viewer) : photo.compareTo(o.photo);
    }
  }

  /**
   * An entry of an inbox, as a notice names its event: the kind, the actor (a new photo's
   * author), the photo and reaction type where the kind has them, and the event's own time.
   */
  record Entry(ActivityKind kind, int actor, PhotoKey photo, ReactionType type, Instant at) {
    /** The group it joins on a page: a reaction's photo, a new photo's author, else its kind. */
    String groupKey() {
      return switch (kind) {
        case REACTED -> kind + "|" + photo;
        case NEW_PHOTO -> kind + "|" + actor;
        default -> kind.name();
      };
    }
  }

  /**
   * One line of an inbox: its kind, its actors named newest first (at most 3), how many in all,
   * the photo (a reaction's, an author's newest), the reaction types, the newest event's time and
   * whether that came after the read mark.
   */
  record Group(
      ActivityKind kind,
      List<Integer> actors,
      int count,
      Optional<PhotoKey> photo,
      Set<ReactionType> reactions,
      Instant latest,
      boolean unread) {
    String key() {
      return switch (kind) {
        case REACTED -> kind + "|" + photo.orElseThrow();
        case NEW_PHOTO -> kind + "|" + actors.get(0);
        default -> kind.name();
      };
    }
  }

  /** A call's answer: a value, or the class of the exception the rules name. */
  record Answer(Object value, Class<? extends QuickPhotosException> error) {
    static Answer ok(Object value) {
      return new Answer(value, null);
    }

    static Answer fails(Class<? extends QuickPhotosException> error) {
      return new Answer(null, error);
    }

    boolean succeeded() {
      return error == null;
    }

    @Override
    public String toString() {
      return error == null ? String.valueOf(value) : error.getSimpleName();
    }
  }

  static final Answer OK = Answer.ok("ok");

  /**
   * Whether a blocker may react to the photos of the user it blocked: no, it is told
   * ({@code UserBlockedException}), as for a follow; a block takes back the reactions between the
   * two both ways. A field so that a test can plant the other rule and see the oracle object.
   */
  boolean blockerMayReact = false;

  /**
   * Whether the viewer's own profile, listed by {@code followedBy}, carries its pending count, as
   * the table of docs/privacy.md says (its profile row names "a profile in followedBy"). The
   * repository and ViewerReads' Javadoc leave it out; until the two documents agree, the random
   * histories accept the Javadoc's reading and {@code
   * PrivacyOracleTest.ownProfileInFollowedByCarriesItsPendingCount} holds the table's.
   */
  boolean ownCountInFollowedBy = false;

  private final Set<Integer> users = new TreeSet<>();
  private final Set<Integer> privates = new TreeSet<>();
  private final Set<Pair> follows = new TreeSet<>();

  /** Pending requests, oldest first: the account lists them newest first. */
  private final Set<Pair> requests = new LinkedHashSet<>();

  private final Set<Pair> blocks = new TreeSet<>();
  private final Set<PhotoKey> photos = new TreeSet<>();
  private final Set<ReactionKey> reactions = new TreeSet<>();

  /**
   * The times the table gave the follows, requests and reactions there are (from the calls'
   * answers); none where the answer did not tell (a follow made by a switch to public, a call
   * accepted as already done): no entry matches such an event.
   */
  private final Map<Pair, Instant> followSince = new HashMap<>();

  private final Map<Pair, Instant> requestSince = new HashMap<>();
  private final Map<ReactionKey, Instant> reactedAt = new HashMap<>();

  /** View marks: each viewer's views of each photo. */
  private final Map<ViewKey, Long> viewMarks = new TreeMap<>();

  /** The entries delivered into each user's inbox (an inbox outlives its account, as the table's). */
  private final Map<Integer, Set<Entry>> inboxes = new TreeMap<>();

  /** Each inbox's read mark. */
  private final Map<Integer, Instant> readMarks = new TreeMap<>();

  PrivacyModel copy() {
    PrivacyModel c = new PrivacyModel();
    c.ownCountInFollowedBy = ownCountInFollowedBy;
    c.blockerMayReact = blockerMayReact;
    c.users.addAll(users);
    c.privates.addAll(privates);
    c.follows.addAll(follows);
    c.requests.addAll(requests);
    c.blocks.addAll(blocks);
    c.photos.addAll(photos);
    c.reactions.addAll(reactions);
    c.followSince.putAll(followSince);
    c.requestSince.putAll(requestSince);
    c.reactedAt.putAll(reactedAt);
    c.viewMarks.putAll(viewMarks);
    inboxes.forEach((u, entries) -> c.inboxes.put(u, new HashSet<>(entries)));
    c.readMarks.putAll(readMarks);
    return c;
  }

  // --- the state, for preconditions and reports ----------------------------------------------

  boolean exists(int u) {
    return users.contains(u);
  }

  boolean isPrivate(int u) {
    return privates.contains(u);
  }

  /** Whether {@code u} has blocked anyone. */
  boolean countsBlocks(int u) {
    return blocks.stream().anyMatch(p -> p.from() == u);
  }

  boolean hasPhoto(PhotoKey photo) {
    return photos.contains(photo);
  }

  boolean follows(int follower, int followed) {
    return follows.contains(new Pair(follower, followed));
  }

  boolean blocked(int blocker, int blocked) {
    return blocks.contains(new Pair(blocker, blocked));
  }

  long followers(int u) {
    return follows.stream().filter(p -> p.to() == u).count();
  }

  long reactionsOf(PhotoKey photo, ReactionType type) {
    return reactions.stream().filter(r -> r.photo().equals(photo) && r.type() == type).count();
  }

  /** Whether any reaction goes between the two users' photos, either way. */
  boolean reactionsBetween(int a, int b) {
    return reactions.stream()
        .anyMatch(
            r ->
                (r.reactor() == a && r.photo().owner() == b)
                    || (r.reactor() == b && r.photo().owner() == a));
  }

  @Override
  public String toString() {
    return "users "
        + users
        + " private "
        + privates
        + " follows "
        + follows
        + " requests "
        + requests
        + " blocks "
        + blocks
        + " photos "
        + photos
        + " reactions "
        + reactions
        + " views "
        + viewMarks;
  }

  // --- writes ----------------------------------------------------------------------------------

  Answer createUser(int u, boolean isPrivate) {
    if (users.contains(u)) {
      return Answer.fails(UserAlreadyExistsException.class);
    }
    users.add(u);
    if (isPrivate) {
      privates.add(u);
    }
    return OK;
  }

  /** Closing an account removes everything of it and every relation, request and block it has. */
  Answer deleteUser(int u) {
    if (!users.remove(u)) {
      return Answer.fails(UserNotFoundException.class);
    }
    privates.remove(u);
    follows.removeIf(p -> p.from() == u || p.to() == u);
    requests.removeIf(p -> p.from() == u || p.to() == u);
    blocks.removeIf(p -> p.from() == u || p.to() == u);
    photos.removeIf(p -> p.owner() == u);
    reactions.removeIf(r -> r.reactor() == u || r.photo().owner() == u);
    viewMarks.keySet().removeIf(k -> k.viewer() == u || k.photo().owner() == u);
    return OK;
  }

  /** Private keeps the followers; public approves every pending request. */
  Answer setPrivate(int u, boolean makePrivate) {
    if (!users.contains(u)) {
      return Answer.fails(UserNotFoundException.class);
    }
    if (makePrivate) {
      privates.add(u);
    } else {
      privates.remove(u);
      for (Pair request : List.copyOf(requests)) {
        if (request.to() == u) {
          requests.remove(request);
          follows.add(request);
          followSince.remove(request);
        }
      }
    }
    return OK;
  }

  /**
   * A follow, or a request to a private account. The blocked user is answered as if the blocker
   * did not exist; the blocker is told.
   */
  Answer follow(int a, int b) {
    if (!users.contains(a) || !users.contains(b) || blocked(b, a)) {
      return Answer.fails(UserNotFoundException.class);
    }
    if (blocked(a, b)) {
      return Answer.fails(UserBlockedException.class);
    }
    if (follows(a, b)) {
      return Answer.fails(AlreadyFollowingException.class);
    }
    Pair pair = new Pair(a, b);
    if (privates.contains(b)) {
      if (requests.contains(pair)) {
        return Answer.fails(AlreadyRequestedException.class);
      }
      requests.add(pair);
      requestSince.remove(pair);
      return Answer.ok("pending");
    }
    follows.add(pair);
    followSince.remove(pair);
    return Answer.ok("follow");
  }

  Answer unfollow(int a, int b) {
    return follows.remove(new Pair(a, b)) ? OK : Answer.fails(NotFollowingException.class);
  }

  Answer approve(int account, int requester) {
    Pair pair = new Pair(requester, account);
    if (!requests.remove(pair)) {
      return Answer.fails(FollowRequestNotFoundException.class);
    }
    follows.add(pair);
    followSince.remove(pair);
    return Answer.ok("follow");
  }

  /** Declining by the account and withdrawing by the requester both take the request away. */
  Answer dropRequest(int account, int requester) {
    return requests.remove(new Pair(requester, account))
        ? OK
        : Answer.fails(FollowRequestNotFoundException.class);
  }

  /**
   * A block removes the follows, the requests and (the fix chosen for issue 52's second hole) the
   * reactions between the two, both ways; blocking twice is a no-op.
   */
  Answer block(int o, int x) {
    if (!users.contains(o) || !users.contains(x)) {
      return Answer.fails(UserNotFoundException.class);
    }
    blocks.add(new Pair(o, x));
    follows.removeIf(p -> (p.from() == o && p.to() == x) || (p.from() == x && p.to() == o));
    requests.removeIf(p -> (p.from() == o && p.to() == x) || (p.from() == x && p.to() == o));
    reactions.removeIf(
        r ->
            (r.reactor() == o && r.photo().owner() == x)
                || (r.reactor() == x && r.photo().owner() == o));
    return OK;
  }

  Answer unblock(int o, int x) {
    if (!users.contains(o)) {
      return Answer.fails(UserNotFoundException.class);
    }
    return Answer.ok(blocks.remove(new Pair(o, x)));
  }

  Answer upload(PhotoKey photo) {
    if (!users.contains(photo.owner())) {
      return Answer.fails(UserNotFoundException.class);
    }
    return photos.add(photo) ? OK : Answer.fails(PhotoAlreadyExistsException.class);
  }

  Answer deletePhoto(PhotoKey photo) {
    if (!photos.remove(photo)) {
      return Answer.fails(PhotoNotFoundException.class);
    }
    reactions.removeIf(r -> r.photo().equals(photo));
    viewMarks.keySet().removeIf(k -> k.photo().equals(photo));
    return OK;
  }

  /**
   * A reaction: refused as if the photo did not exist when its owner blocked the reactor, or is
   * private and not followed by the reactor.
   */
  Answer react(int reactor, PhotoKey photo, ReactionType type) {
    if (!users.contains(reactor)) {
      return Answer.fails(UserNotFoundException.class);
    }
    if (!photos.contains(photo) || !maySeeContent(reactor, photo.owner())) {
      return Answer.fails(PhotoNotFoundException.class);
    }
    if (!blockerMayReact && blocked(reactor, photo.owner())) {
      return Answer.fails(UserBlockedException.class);
    }
    ReactionKey key = new ReactionKey(reactor, photo, type);
    if (!reactions.add(key)) {
      return Answer.fails(AlreadyReactedException.class);
    }
    reactedAt.remove(key);
    return OK;
  }

  /**
   * A view: refused as if the photo did not exist on the rules of a reaction, and also when the
   * viewer has blocked the owner; answers whether it was the viewer's first.
   */
  Answer view(int viewer, PhotoKey photo) {
    if (!users.contains(viewer)) {
      return Answer.fails(UserNotFoundException.class);
    }
    if (!photos.contains(photo)
        || !maySeeContent(viewer, photo.owner())
        || blocked(viewer, photo.owner())) {
      return Answer.fails(PhotoNotFoundException.class);
    }
    Long before = viewMarks.merge(new ViewKey(viewer, photo), 1L, Long::sum);
    return Answer.ok(before == 1L ? "first" : "again");
  }

  boolean hasSeen(int user, PhotoKey photo) {
    return viewMarks.containsKey(new ViewKey(user, photo));
  }

  // --- the times the table gave, and the inbox ------------------------------------------------

  void followSince(int follower, int followed, Instant since) {
    followSince.put(new Pair(follower, followed), since);
  }

  void requestSince(int requester, int account, Instant since) {
    requestSince.put(new Pair(requester, account), since);
  }

  void reactedAt(ReactionKey reaction, Instant at) {
    reactedAt.put(reaction, at);
  }

  /**
   * A notice delivered: one entry in its recipient's inbox (none for one's own act), a new photo
   * one in the inbox of each follower its author has now. Delivered again, the same entry.
   */
  void deliver(int recipient, Entry entry) {
    if (entry.kind() == ActivityKind.NEW_PHOTO) {
      for (Pair p : follows) {
        if (p.to() == entry.actor()) {
          inboxes.computeIfAbsent(p.from(), k -> new HashSet<>()).add(entry);
        }
      }
    } else if (recipient != entry.actor()) {
      inboxes.computeIfAbsent(recipient, k -> new HashSet<>()).add(entry);
    }
  }

  void markRead(int user, Instant upTo) {
    readMarks.merge(user, upTo, (a, b) -> a.isAfter(b) ? a : b);
  }

  Instant readMark(int user) {
    return readMarks.getOrDefault(user, Instant.EPOCH);
  }

  /**
   * Whether an event stands for its reader: both accounts there, no block either way, and the
   * follow, request or reaction there with the entry's time, or the photo there and its author
   * followed by the reader.
   */
  boolean stands(int reader, Entry e) {
    int a = e.actor();
    if (!users.contains(reader) || !users.contains(a) || blocked(reader, a) || blocked(a, reader)) {
      return false;
    }
    return switch (e.kind()) {
      case FOLLOWED -> follows(a, reader) && e.at().equals(followSince.get(new Pair(a, reader)));
      case REQUESTED ->
          requests.contains(new Pair(a, reader))
              && e.at().equals(requestSince.get(new Pair(a, reader)));
      case APPROVED -> follows(reader, a) && e.at().equals(followSince.get(new Pair(reader, a)));
      case REACTED -> {
        ReactionKey key = new ReactionKey(a, e.photo(), e.type());
        yield reactions.contains(key)
            && e.at().equals(reactedAt.get(key))
            && photos.contains(e.photo());
      }
      case NEW_PHOTO -> photos.contains(e.photo()) && follows(reader, a);
    };
  }

  /**
   * The standing events of a reader's inbox, newest first, less the new photos of the authors
   * {@code loose} names (those the read may pull from the authors' photos).
   */
  List<Entry> standing(int reader, IntPredicate loose) {
    return inboxes.getOrDefault(reader, Set.of()).stream()
        .filter(e -> !(e.kind() == ActivityKind.NEW_PHOTO && loose.test(e.actor())))
        .filter(e -> stands(reader, e))
        .sorted(Comparator.comparing(Entry::at).reversed())
        .toList();
  }

  /**
   * New photos a read may pull for a reader: every photo of a {@code loose} author the reader
   * follows, as an entry, where it stands.
   */
  List<Entry> mayPull(int reader, IntPredicate loose, Function<PhotoKey, Instant> timeOf) {
    return photos.stream()
        .filter(p -> loose.test(p.owner()))
        .map(p -> new Entry(ActivityKind.NEW_PHOTO, p.owner(), p, null, timeOf.apply(p)))
        .filter(e -> stands(reader, e))
        .toList();
  }

  /** The groups of all the standing events (less the loose authors' new photos), newest first. */
  List<Group> activity(int reader, IntPredicate loose) {
    Instant mark = readMark(reader);
    Map<String, List<Entry>> groups = new LinkedHashMap<>();
    for (Entry e : standing(reader, loose)) {
      groups.computeIfAbsent(e.groupKey(), k -> new ArrayList<>()).add(e);
    }
    List<Group> list = new ArrayList<>();
    for (List<Entry> events : groups.values()) {
      Entry newest = events.get(0);
      Set<Integer> actors = new LinkedHashSet<>();
      Set<ReactionType> types = new TreeSet<>();
      for (Entry e : events) {
        actors.add(e.actor());
        if (e.type() != null) {
          types.add(e.type());
        }
      }
      list.add(
          new Group(
              newest.kind(),
              actors.stream().limit(3).toList(),
              actors.size(),
              Optional.ofNullable(newest.photo()),
              types,
              newest.at(),
              newest.at().isAfter(mark)));
    }
    return list;
  }

  Answer removeReaction(int reactor, PhotoKey photo, ReactionType type) {
    return reactions.remove(new ReactionKey(reactor, photo, type))
        ? OK
        : Answer.fails(ReactionNotFoundException.class);
  }

  // --- the rules table ---------------------------------------------------------------------------

  /**
   * The column of the table: the account itself; a blocker of the viewer (nothing); a private
   * account the viewer does not follow (profile only); otherwise everything.
   */
  boolean maySeeContent(int v, int o) {
    return v == o || (!blocked(o, v) && (!privates.contains(o) || follows(v, o)));
  }

  /** A profile: anyone's but a blocker's, with the pending count for the account itself. */
  Optional<Profile> profile(int v, int o) {
    if (!users.contains(o) || (v != o && blocked(o, v))) {
      return Optional.empty();
    }
    long following = follows.stream().filter(p -> p.from() == o).count();
    long pending = v == o ? requests.stream().filter(p -> p.to() == o).count() : 0;
    return Optional.of(new Profile(o, followers(o), following, privates.contains(o), pending));
  }

  PhotoView photoView(PhotoKey photo) {
    Map<ReactionType, Long> counts = new EnumMap<>(ReactionType.class);
    for (ReactionKey r : reactions) {
      if (r.photo().equals(photo)) {
        counts.merge(r.type(), 1L, Long::sum);
      }
    }
    long views = 0;
    long viewers = 0;
    for (Map.Entry<ViewKey, Long> mark : viewMarks.entrySet()) {
      if (mark.getKey().photo().equals(photo)) {
        views += mark.getValue();
        viewers++;
      }
    }
    return new PhotoView(photo, counts, views, viewers);
  }

  Optional<PhotoView> getPhoto(int v, PhotoKey photo) {
    return photos.contains(photo) && maySeeContent(v, photo.owner())
        ? Optional.of(photoView(photo))
        : Optional.empty();
  }

  /** {@code userWithPhotos}: the profile (else UserNotFoundException) and the visible photos. */
  Optional<List<PhotoView>> userPhotos(int v, int o, boolean newestFirst) {
    if (profile(v, o).isEmpty()) {
      return Optional.empty();
    }
    List<PhotoView> shown = new ArrayList<>();
    if (maySeeContent(v, o)) {
      photos.stream()
          .filter(p -> p.owner() == o)
          .sorted(
              newestFirst
                  ? Comparator.comparingInt(PhotoKey::time).reversed()
                  : Comparator.comparingInt(PhotoKey::time))
          .forEach(p -> shown.add(photoView(p)));
    }
    return Optional.of(shown);
  }

  /**
   * {@code photoWithReactions}: empty (PhotoNotFoundException) if the viewer may not see the
   * photo; else the reactions less those of users who blocked the viewer (the blocked user is
   * answered as if the blocker did not exist), by reactor descending, then type descending.
   */
  Optional<List<ReactionKey>> photoReactions(int v, PhotoKey photo) {
    if (getPhoto(v, photo).isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(
        reactions.stream()
            .filter(r -> r.photo().equals(photo) && !blocked(r.reactor(), v))
            .sorted(
                Comparator.comparingInt(ReactionKey::reactor)
                    .thenComparing(r -> r.type().storedName())
                    .reversed())
            .toList());
  }

  /** Whether the viewer may see {@code o}'s relations (followers, followed users). */
  boolean maySeeRelations(int v, int o) {
    return maySeeContent(v, o);
  }

  /** {@code followersOf}: none if hidden, else less the followers who blocked the viewer. */
  List<Integer> followersOf(int v, int o) {
    if (!maySeeRelations(v, o)) {
      return List.of();
    }
    return follows.stream()
        .filter(p -> p.to() == o && !blocked(p.from(), v))
        .map(Pair::from)
        .sorted()
        .toList();
  }

  /**
   * {@code followedBy}: none if hidden, else the profiles less those of users who blocked V. The
   * table shows the viewer's own profile there with its pending count; ViewerReads' Javadoc says
   * "each profile without its pending requests' count" ({@link #ownCountInFollowedBy}).
   */
  List<Profile> followedBy(int v, int u) {
    if (!maySeeRelations(v, u)) {
      return List.of();
    }
    return follows.stream()
        .filter(p -> p.from() == u && !blocked(p.to(), v))
        .map(p -> profile(ownCountInFollowedBy ? v : -1, p.to()).orElseThrow())
        .sorted(Comparator.comparingInt(Profile::user))
        .toList();
  }

  /** The truth for one of the two; else only if the viewer may see both users' relations. */
  boolean isFollowing(int v, int a, int b) {
    if (!follows(a, b)) {
      return false;
    }
    return v == a || v == b || (maySeeRelations(v, a) && maySeeRelations(v, b));
  }

  /** Empty if the viewer may not see the photo or the reactor blocked the viewer. */
  Set<ReactionType> reactionsLeftBy(int v, int reactor, PhotoKey photo) {
    Set<ReactionType> types = new TreeSet<>();
    if (getPhoto(v, photo).isEmpty() || blocked(reactor, v)) {
      return types;
    }
    for (ReactionKey r : reactions) {
      if (r.reactor() == reactor && r.photo().equals(photo)) {
        types.add(r.type());
      }
    }
    return types;
  }

  /**
   * The viewer's feed: the photos of the users it follows now that it may see, newest first, equal
   * times by owner ascending.
   */
  List<PhotoKey> homeFeed(int v) {
    return photos.stream()
        .filter(p -> follows(v, p.owner()) && maySeeContent(v, p.owner()))
        .sorted(
            Comparator.comparingInt(PhotoKey::time).reversed().thenComparingInt(PhotoKey::owner))
        .toList();
  }

  /** The owner-only listing of pending requests, newest first. */
  List<Integer> requestsOf(int o) {
    List<Integer> list = new ArrayList<>();
    for (Pair p : requests) {
      if (p.to() == o) {
        list.add(0, p.from());
      }
    }
    return list;
  }

  /** The owner-only listing of blocks, by handle. */
  List<Integer> blocksOf(int o) {
    return blocks.stream().filter(p -> p.from() == o).map(Pair::to).sorted().toList();
  }
}
