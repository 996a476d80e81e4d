package io.quickphotos.internal.repository.listing;

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
import io.quickphotos.engine.QueryResult;
import io.quickphotos.engine.UnreadableItemException;
import io.quickphotos.internal.repository.hot.HotKeys;
import io.quickphotos.internal.repository.request.Batches;
import io.quickphotos.internal.repository.request.CursorScope;
import io.quickphotos.internal.repository.request.Cursors;
import io.quickphotos.internal.repository.request.Meter;
import io.quickphotos.internal.repository.request.Reads;
import io.quickphotos.internal.repository.request.Requests;
import io.quickphotos.internal.singletable.codec.ItemCodec;
import io.quickphotos.internal.singletable.feed.FollowPlans;
import io.quickphotos.internal.singletable.layout.KeyLayout;
import io.quickphotos.internal.singletable.layout.ViewKeys;
import io.quickphotos.internal.singletable.photo.PhotoPlans;
import io.quickphotos.internal.singletable.photo.ReactionQueries;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The listings and the small reads around them, the one entry point of this package: a user with
 * their photos, a photo with its reactions, followers, the users someone follows, whether one
 * user follows another, the reactions one user left on a photo. Each page is one Query (and for
 * the users someone follows, one BatchGetItem of their profiles), hot users and photos summed by
 * the {@link HotKeys}; cursors are bound to their listing. Stateless; thread-safe if the
 * engine is.
 */
public final class Listings {
  private final Reads reads;
  private final Batches batches;
  private final HotKeys hotKeys;

  /**
   * The listings of one repository.
   *
   * @param requests the request layer
   * @param hotKeys sums the counters of hot users and photos
   */
  public Listings(Requests requests, HotKeys hotKeys) {
    this.reads = requests.reads();
    this.batches = requests.batches();
    this.hotKeys = hotKeys;
  }

  /**
   * A user and a page of their photos: one Query of the user's partition, and for the first
   * page newest first whose read stopped before the profile, one GetItem of the profile.
   *
   * @param username the user, already validated
   * @param order newest or oldest first
   * @param page the page asked for, already validated
   * @return the profile (first page only) and the photos
   * @throws UserNotFoundException on the first page, if there is no such user
   */
  public UserPhotos userWithPhotos(
      String username, SortOrder order, PageRequest page, Meter meter) {
    boolean firstPage = page.cursor().isEmpty();
    int wanted = page.size();
    // One item more than the page holds tells whether another page exists, so an exactly full
    // last page carries no cursor; the first page also makes room for the profile.
    QueryPlan plan = PhotoPlans.userWithPhotos(username, order, wanted + (firstPage ? 2 : 1));
    String listing = CursorScope.userWithPhotos(plan, order).name();
    QueryPlan request =
        page.cursor()
            .map(cursor -> plan.startingAfter(Cursors.decode(listing, cursor, plan)))
            .orElse(plan);
    QueryResult result = reads.query(request, meter);
    Optional<User> user = Optional.empty();
    boolean profileRead = false;
    List<Item> photoItems = new ArrayList<>();
    for (Item item : hotKeys.withTotals(result.items(), meter)) {
      switch (ItemCodec.entityOf(item)) {
        case USER -> {
          profileRead = true;
          user = firstPage ? Optional.of(ItemCodec.user(item)) : Optional.empty();
        }
        case PHOTO -> photoItems.add(item);
        default -> throw unexpected(item);
      }
    }
    Optional<String> next;
    if (photoItems.size() > wanted) {
      photoItems = photoItems.subList(0, wanted);
      next = Optional.of(Cursors.encode(listing, photoItems.get(wanted - 1).key()));
    } else if (order == SortOrder.NEWEST_FIRST && profileRead) {
      // The profile sorts before every photo: read backwards, it is the listing's end.
      next = Optional.empty();
    } else {
      // Only DynamoDB's 1 MB page cut leaves a key here: the read stopped short of the limit.
      next = result.lastEvaluatedKey().map(key -> Cursors.encode(listing, key));
    }
    if (firstPage && user.isEmpty()) {
      // Newest first, the profile comes after every photo: read it when the page stopped first.
      boolean profileMayExist =
          order == SortOrder.NEWEST_FIRST
              && (!result.items().isEmpty() || result.lastEvaluatedKey().isPresent());
      user =
          profileMayExist
              ? hotKeys
                  .withTotals(reads.get(KeyLayout.user(username), meter), meter)
                  .map(ItemCodec::user)
              : Optional.empty();
      if (user.isEmpty()) {
        throw UserNotFoundException.of(username);
      }
    }
    List<Photo> photos = new ArrayList<>(photoItems.size());
    for (Item item : photoItems) {
      photos.add(ItemCodec.photo(item));
    }
    return new UserPhotos(user, new Page<>(photos, next));
  }

  /**
   * A photo and a page of its reactions: one Query of the inverted index.
   *
   * @param photo the photo, already validated
   * @param page the page asked for, already validated
   * @return the photo (with the first page) and the reactions
   * @throws PhotoNotFoundException on the first page, if there is no such photo
   */
  public PhotoReactions photoWithReactions(PhotoId photo, PageRequest page, Meter meter) {
    QueryPlan plan = ReactionQueries.photoWithReactions(photo, page.size());
    Reads.Listing read = reads.page(CursorScope.photoWithReactions(plan), plan, page, meter);
    if (read.items().isEmpty() && page.cursor().isEmpty()) {
      throw PhotoNotFoundException.of(photo);
    }
    Optional<Photo> found = Optional.empty();
    List<Reaction> reactions = new ArrayList<>();
    for (Item item : hotKeys.withTotals(read.items(), meter)) {
      switch (ItemCodec.entityOf(item)) {
        case PHOTO -> found = Optional.of(ItemCodec.photo(item));
        case REACTION -> reactions.add(ItemCodec.reaction(item));
        default -> throw unexpected(item);
      }
    }
    return new PhotoReactions(found, new Page<>(reactions, read.nextCursor()));
  }

  /**
   * A page of a user's followers: one Query of the user's partition.
   *
   * @param username the user, already validated
   * @param page the page asked for, already validated
   * @return the follows
   */
  public Page<Follow> followersOf(String username, PageRequest page, Meter meter) {
    QueryPlan plan = FollowPlans.followersOf(username, page.size());
    Reads.Listing read = reads.page(CursorScope.followersOf(plan), plan, page, meter);
    List<Follow> follows = new ArrayList<>(read.items().size());
    for (Item item : read.items()) {
      follows.add(ItemCodec.friendship(item));
    }
    return new Page<>(follows, read.nextCursor());
  }

  /**
   * A page of the users someone follows: one Query of the inverted index, then one BatchGetItem
   * of the profiles (unprocessed keys asked again).
   *
   * @param username the follower, already validated
   * @param page the page asked for, at most 100, already validated
   * @return the profiles
   */
  public Page<User> followedBy(String username, PageRequest page, Meter meter) {
    QueryPlan plan = FollowPlans.followedBy(username, page.size());
    Reads.Listing read = reads.page(CursorScope.followedBy(plan), plan, page, meter);
    Key[] profileKeys = new Key[read.items().size()];
    for (int i = 0; i < profileKeys.length; i++) {
      profileKeys[i] = KeyLayout.user(ItemCodec.followedUser(read.items().get(i)));
    }
    List<Key> keys = List.of(profileKeys);
    Map<Key, Item> profiles = batches.batchGet(keys, meter);
    List<Item> found = new ArrayList<>(keys.size());
    for (Key key : keys) {
      // A profile can only be missing if it was never created, which follow() rules out.
      Item profile = profiles.get(key);
      if (profile != null) {
        found.add(profile);
      }
    }
    List<User> users = new ArrayList<>(found.size());
    for (Item profile : hotKeys.withTotals(found, meter)) {
      users.add(ItemCodec.user(profile));
    }
    return new Page<>(users, read.nextCursor());
  }

  /**
   * Whether one user follows another: one GetItem of the friendship.
   *
   * @param follower the follower, already validated
   * @param followed the followed user, already validated
   * @return whether the friendship exists
   */
  public boolean isFollowing(String follower, String followed, Meter meter) {
    return reads.get(KeyLayout.friendship(followed, follower), meter).isPresent();
  }

  /**
   * Whether a user has viewed a photo: one strongly consistent GetItem of its view mark.
   *
   * @param user the user, already validated
   * @param photo the photo, already validated
   * @return true if the mark exists
   */
  public boolean hasSeen(String user, PhotoId photo, Meter meter) {
    return reads.get(ViewKeys.mark(user, photo), meter).isPresent();
  }

  /**
   * The reactions one user left on a photo: one Query of the inverted index.
   *
   * @param reactor the user, already validated
   * @param photo the photo, already validated
   * @return the types, unmodifiable
   */
  public Set<ReactionType> reactionsLeftBy(String reactor, PhotoId photo, Meter meter) {
    Set<ReactionType> types = EnumSet.noneOf(ReactionType.class);
    for (Item item : reads.query(ReactionQueries.reactionsLeftBy(reactor, photo), meter).items()) {
      types.add(ItemCodec.reaction(item).type());
    }
    return Collections.unmodifiableSet(types);
  }

  private static UnreadableItemException unexpected(Item item) {
    return new UnreadableItemException("unexpected item in listing: " + item.key());
  }
}
