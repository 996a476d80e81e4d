package io.quickphotos.internal.repository.privacy;

import io.quickphotos.Follow;
import io.quickphotos.Page;
import io.quickphotos.PageRequest;
import io.quickphotos.Photo;
import io.quickphotos.PhotoId;
import io.quickphotos.PhotoNotFoundException;
import io.quickphotos.PhotoReactions;
import io.quickphotos.Reaction;
import io.quickphotos.ReactionType;
import io.quickphotos.SortOrder;
import io.quickphotos.User;
import io.quickphotos.UserNotFoundException;
import io.quickphotos.UserPhotos;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.QueryPlan;
import io.quickphotos.internal.repository.feed.Feeds;
import io.quickphotos.internal.repository.hot.HotKeys;
import io.quickphotos.internal.repository.listing.Listings;
import io.quickphotos.internal.repository.privacy.Decisions.Decided;
import io.quickphotos.internal.repository.privacy.Decisions.Sight;
import io.quickphotos.internal.repository.request.CursorScope;
import io.quickphotos.internal.repository.request.Meter;
import io.quickphotos.internal.repository.request.Reads;
import io.quickphotos.internal.singletable.codec.ItemCodec;
import io.quickphotos.internal.singletable.feed.FollowPlans;
import io.quickphotos.internal.singletable.layout.KeyLayout;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The reads made for a viewer: the trusted read (which checks the cursor, so bad input makes no
 * request), then one BatchGetItem of what decides ({@link Decisions}), the items the viewer may
 * not see left out and, for a listing, the page read on (the trusted read again from its cursor,
 * for what is missing) until it is full, the listing ends, or {@link #READ_ON_ROUNDS} more rounds
 * were read (then the page is short, and its cursor continues exactly where it stopped). A read for the account itself is the
 * trusted read. Stateless; thread-safe if the engine is.
 */
final class ViewerListings {
  /**
   * Rounds a listing for a viewer reads on past its first, at most: each a Query of what the page
   * still misses and a BatchGetItem of what decides, so a page costs at most 2 + 2 × 3 = 8
   * requests (and a read of a hot user's shards a round, for {@code followedBy}) whatever other
   * users did. Past them the page comes back short, with the cursor of the last item read, as
   * DynamoDB returns a short page at its 1 MB limit: the next page starts where this one stopped.
   */
  static final int READ_ON_ROUNDS = 3;

  private final Reads reads;
  private final HotKeys hotKeys;
  private final Listings listings;
  private final Feeds feeds;
  private final Decisions decisions;

  ViewerListings(
      Reads reads, HotKeys hotKeys, Listings listings, Feeds feeds, Decisions decisions) {
    this.reads = reads;
    this.hotKeys = hotKeys;
    this.listings = listings;
    this.feeds = feeds;
    this.decisions = decisions;
  }

  /**
   * A profile: one BatchGetItem of it and its block of the viewer. The viewer's own: one GetItem
   * of it (and a hot account's shards), never a kept snapshot, so an account closed or made
   * private through another instance is seen so at once by itself too.
   */
  Optional<User> getUser(String viewer, String username, Meter meter) {
    if (viewer.equals(username)) {
      return hotKeys
          .withTotals(reads.get(KeyLayout.user(username), meter), meter)
          .map(ItemCodec::user);
    }
    Key profile = KeyLayout.user(username);
    Decided read = decisions.read(viewer, List.of(), List.of(username), List.of(profile), meter);
    if (read.blocksViewer(username)) {
      return Optional.empty();
    }
    return hotKeys
        .withTotals(read.item(profile), meter)
        .map(item -> ItemCodec.user(item).withoutPendingRequests());
  }

  /**
   * A photo: one BatchGetItem of it and the items that decide. The owner's own: one GetItem of it
   * (and a hot photo's shards), never a kept snapshot.
   */
  Optional<Photo> getPhoto(String viewer, PhotoId id, Meter meter) {
    if (viewer.equals(id.owner())) {
      return hotKeys.withTotals(reads.get(KeyLayout.photo(id), meter), meter).map(ItemCodec::photo);
    }
    Key photo = KeyLayout.photo(id);
    Decided read = decisions.read(viewer, List.of(id.owner()), List.of(), List.of(photo), meter);
    if (read.sight(id.owner()) != Sight.ALL) {
      return Optional.empty();
    }
    return hotKeys.withTotals(read.item(photo), meter).map(ItemCodec::photo);
  }

  /** A profile and its photos: the trusted read, then the items that decide. */
  UserPhotos userWithPhotos(
      String viewer, String username, SortOrder order, PageRequest page, Meter meter) {
    UserPhotos trusted = listings.userWithPhotos(username, order, page, meter);
    if (viewer.equals(username)) {
      return trusted;
    }
    Sight sight =
        decisions.read(viewer, List.of(username), List.of(), List.of(), meter).sight(username);
    Optional<User> profile = trusted.user().map(User::withoutPendingRequests);
    return switch (sight) {
      case NOTHING -> {
        if (page.cursor().isEmpty()) {
          throw UserNotFoundException.of(username);
        }
        yield new UserPhotos(Optional.empty(), new Page<>(List.of(), Optional.empty()));
      }
      case PROFILE -> new UserPhotos(profile, new Page<>(List.of(), Optional.empty()));
      case ALL -> new UserPhotos(profile, trusted.photos());
    };
  }

  /**
   * A photo and its reactions: the trusted page, then the items that decide with each reactor's
   * block of the viewer; hidden reactions left out and the page read on.
   */
  PhotoReactions photoWithReactions(String viewer, PhotoId photo, PageRequest page, Meter meter) {
    PhotoReactions trusted = listings.photoWithReactions(photo, page, meter);
    String owner = photo.owner();
    Decided read =
        decisions.read(
            viewer, List.of(owner), reactors(trusted.reactions().items()), List.of(), meter);
    if (read.sight(owner) != Sight.ALL) {
      if (page.cursor().isEmpty()) {
        throw PhotoNotFoundException.of(photo);
      }
      return new PhotoReactions(Optional.empty(), new Page<>(List.of(), Optional.empty()));
    }
    // The page's room for reactions: the photo, on the first page, takes one of its places.
    int room = page.size() - (trusted.photo().isPresent() ? 1 : 0);
    List<Reaction> visible = new ArrayList<>();
    Page<Reaction> part = trusted.reactions();
    for (int round = 0; ; round++) {
      for (Reaction reaction : part.items()) {
        if (!read.blocksViewer(reaction.reactor())) {
          visible.add(reaction);
        }
      }
      if (visible.size() >= room || part.nextCursor().isEmpty() || round == READ_ON_ROUNDS) {
        return new PhotoReactions(trusted.photo(), new Page<>(visible, part.nextCursor()));
      }
      part =
          listings.photoWithReactions(photo, part.next(room - visible.size()), meter).reactions();
      read = decisions.read(viewer, List.of(), reactors(part.items()), List.of(), meter);
    }
  }

  private static Set<String> reactors(List<Reaction> reactions) {
    Set<String> users = new LinkedHashSet<>();
    for (Reaction reaction : reactions) {
      users.add(reaction.reactor());
    }
    return users;
  }

  /**
   * A user's followers: the trusted page, then the items that decide with each follower's block
   * of the viewer; hidden followers left out and the page read on.
   */
  Page<Follow> followersOf(String viewer, String username, PageRequest page, Meter meter) {
    Page<Follow> part = listings.followersOf(username, page, meter);
    if (viewer.equals(username)) {
      return part;
    }
    Decided read =
        decisions.read(viewer, List.of(username), followers(part.items()), List.of(), meter);
    if (read.sight(username) != Sight.ALL) {
      return new Page<>(List.of(), Optional.empty());
    }
    List<Follow> visible = new ArrayList<>();
    for (int round = 0; ; round++) {
      for (Follow follow : part.items()) {
        if (!read.blocksViewer(follow.follower())) {
          visible.add(follow);
        }
      }
      if (visible.size() >= page.size() || part.nextCursor().isEmpty() || round == READ_ON_ROUNDS) {
        return new Page<>(visible, part.nextCursor());
      }
      part = listings.followersOf(username, part.next(page.size() - visible.size()), meter);
      read = decisions.read(viewer, List.of(), followers(part.items()), List.of(), meter);
    }
  }

  private static Set<String> followers(List<Follow> follows) {
    Set<String> users = new LinkedHashSet<>();
    for (Follow follow : follows) {
      users.add(follow.follower());
    }
    return users;
  }

  /**
   * The users someone follows: the trusted Query, then one BatchGetItem of the items that decide,
   * each followed user's profile and its block of the viewer (in place of the trusted read's
   * BatchGetItem of the profiles); hidden users left out and the page read on.
   */
  Page<User> followedBy(String viewer, String username, PageRequest page, Meter meter) {
    if (viewer.equals(username)) {
      // Its own listing, but the accounts on it are others: their pending counts are theirs.
      Page<User> own = listings.followedBy(username, page, meter);
      List<User> shown = new ArrayList<>(own.items().size());
      for (User user : own.items()) {
        shown.add(user.withoutPendingRequests());
      }
      return new Page<>(shown, own.nextCursor());
    }
    QueryPlan plan = FollowPlans.followedBy(username, page.size());
    CursorScope listing = CursorScope.followedBy(plan);
    Reads.Listing part = reads.page(listing, plan, page, meter);
    boolean decided = false;
    List<User> visible = new ArrayList<>();
    for (int round = 0; ; round++) {
      List<String> followed = new ArrayList<>(part.items().size());
      List<Key> profiles = new ArrayList<>(part.items().size());
      for (Item item : part.items()) {
        String user = ItemCodec.followedUser(item);
        followed.add(user);
        profiles.add(KeyLayout.user(user));
      }
      Decided read =
          decisions.read(
              viewer, decided ? List.of() : List.of(username), followed, profiles, meter);
      if (!decided && read.sight(username) != Sight.ALL) {
        return new Page<>(List.of(), Optional.empty());
      }
      decided = true;
      List<Item> shown = new ArrayList<>();
      for (int i = 0; i < followed.size(); i++) {
        Optional<Item> profile = read.item(profiles.get(i));
        if (profile.isPresent() && !read.blocksViewer(followed.get(i))) {
          shown.add(profile.get());
        }
      }
      for (Item profile : hotKeys.withTotals(shown, meter)) {
        User user = ItemCodec.user(profile);
        // The viewer's own profile, where it is listed, carries its count, as its getUser does.
        visible.add(user.username().equals(viewer) ? user : user.withoutPendingRequests());
      }
      if (visible.size() >= page.size() || part.nextCursor().isEmpty() || round == READ_ON_ROUNDS) {
        return new Page<>(visible, part.nextCursor());
      }
      PageRequest rest = new PageRequest(page.size() - visible.size(), part.nextCursor());
      part = reads.page(listing, FollowPlans.followedBy(username, rest.size()), rest, meter);
    }
  }

  /** Whether one user follows another, as the viewer may know it: one BatchGetItem. */
  boolean isFollowing(String viewer, String follower, String followed, Meter meter) {
    if (viewer.equals(follower) || viewer.equals(followed)) {
      return listings.isFollowing(follower, followed, meter);
    }
    Key friendship = KeyLayout.friendship(followed, follower);
    Decided read =
        decisions.read(viewer, List.of(follower, followed), List.of(), List.of(friendship), meter);
    return read.item(friendship).isPresent()
        && read.sight(follower) == Sight.ALL
        && read.sight(followed) == Sight.ALL;
  }

  /** The reactions one user left on a photo: the items that decide, then the trusted Query. */
  Set<ReactionType> reactionsLeftBy(String viewer, String reactor, PhotoId photo, Meter meter) {
    if (viewer.equals(reactor) && viewer.equals(photo.owner())) {
      return listings.reactionsLeftBy(reactor, photo, meter);
    }
    if (viewer.equals(reactor)) {
      // Its own reactions too: on a photo it may not see (its owner blocked it, or is private
      // and not followed) it has none, as if the photo did not exist.
      Decided read = decisions.read(viewer, List.of(photo.owner()), List.of(), List.of(), meter);
      return read.sight(photo.owner()) == Sight.ALL
          ? listings.reactionsLeftBy(reactor, photo, meter)
          : Set.of();
    }
    Decided read =
        decisions.read(viewer, List.of(photo.owner()), List.of(reactor), List.of(), meter);
    if (read.sight(photo.owner()) != Sight.ALL || read.blocksViewer(reactor)) {
      return Set.of();
    }
    return listings.reactionsLeftBy(reactor, photo, meter);
  }

  /** The viewer's own feed, each page's authors decided by one BatchGetItem. */
  Page<Photo> homeFeed(String viewer, PageRequest page, Meter meter) {
    return feeds.page(
        viewer,
        page,
        authors -> {
          Decided read = decisions.read(viewer, authors, List.of(), List.of(), meter);
          Set<String> refused = new HashSet<>();
          for (String author : authors) {
            if (read.sight(author) != Sight.ALL) {
              refused.add(author);
            }
          }
          return refused;
        },
        meter);
  }
}
