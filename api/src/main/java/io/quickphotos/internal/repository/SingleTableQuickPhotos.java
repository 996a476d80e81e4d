package io.quickphotos.internal.repository;

import io.quickphotos.engine.Backoff;
import io.quickphotos.engine.Limits;
import io.quickphotos.engine.AttributePath;
import io.quickphotos.engine.Capacity;
import io.quickphotos.engine.ClientToken;
import io.quickphotos.engine.Item;
import io.quickphotos.internal.singletable.ItemCodec;
import io.quickphotos.engine.ItemCondition;
import io.quickphotos.engine.Key;
import io.quickphotos.internal.singletable.KeyLayout;
import io.quickphotos.internal.singletable.Plans;
import io.quickphotos.engine.QueryPlan;
import io.quickphotos.engine.QueryResult;
import io.quickphotos.engine.ScanPlan;
import io.quickphotos.engine.Table;
import io.quickphotos.engine.TableConditionFailedException;
import io.quickphotos.engine.TableRequestRefusedException;
import io.quickphotos.engine.TableTransactionCancelledException;
import io.quickphotos.engine.UpdateAction;
import io.quickphotos.engine.Utf8;
import io.quickphotos.engine.Value;
import io.quickphotos.engine.WriteAction;
import io.quickphotos.internal.singletable.WritePlan;

import io.quickphotos.AccessPattern;
import io.quickphotos.CostListener;
import io.quickphotos.Follow;
import io.quickphotos.InvalidInputException;
import io.quickphotos.NewPhoto;
import io.quickphotos.NewUser;
import io.quickphotos.OperationCost;
import io.quickphotos.Page;
import io.quickphotos.PageRequest;
import io.quickphotos.Photo;
import io.quickphotos.PhotoId;
import io.quickphotos.PhotoNotFoundException;
import io.quickphotos.PhotoReactions;
import io.quickphotos.ProfileUpdate;
import io.quickphotos.QuickPhotos;
import io.quickphotos.QuickPhotosException;
import io.quickphotos.Reaction;
import io.quickphotos.ReactionNotFoundException;
import io.quickphotos.ReactionType;
import io.quickphotos.RetryPolicy;
import io.quickphotos.ServiceUnavailableException;
import io.quickphotos.Snapshot;
import io.quickphotos.SortOrder;
import io.quickphotos.User;
import io.quickphotos.UserNotFoundException;
import io.quickphotos.UserPhotos;
import java.time.Clock;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.Set;
import java.util.function.IntFunction;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.LongConsumer;

/**
 * The one {@link QuickPhotos} implementation: validates arguments, executes the {@link Plans}
 * against a {@link Table} engine, turns engine failures into domain exceptions, encodes cursors,
 * and reports each call's cost. Backends construct it around their engine; applications get it
 * from a backend's factory.
 *
 * <p>Retries live here, written once for every engine: BatchGetItem's unprocessed keys,
 * BatchWriteItem's unprocessed items and
 * transactions cancelled only by conflicts are retried with exponential backoff and full jitter,
 * a bounded number of times, then reported as {@link ServiceUnavailableException}.
 *
 * <p>Thread-safe if the engine is; holds no per-call state.
 */
public final class SingleTableQuickPhotos implements QuickPhotos {

  private static final System.Logger LOG =
      System.getLogger(SingleTableQuickPhotos.class.getName());

  private final Table table;
  private final CostListener costListener;
  private final Clock clock;
  private final Backoff backoff;
  private final int maxAttempts;

  /**
   * Creates a repository over an engine.
   *
   * @param table the engine executing the plans
   * @param options cost listener, clock and retry policy
   */
  SingleTableQuickPhotos(Table table, RepositoryOptions options) {
    this(table, options.costListener(), options.clock(), Backoff.of(options.retryPolicy()),
        options.retryPolicy().maxAttempts());
  }

  /** A repository that backs off with {@code backoff}: tests record the pauses. */
  SingleTableQuickPhotos(Table table, CostListener costListener, Clock clock, Backoff backoff,
      int maxAttempts) {
    this.table = Objects.requireNonNull(table, "table");
    this.costListener = Objects.requireNonNull(costListener, "costListener");
    this.clock = Objects.requireNonNull(clock, "clock");
    this.backoff = Objects.requireNonNull(backoff, "backoff");
    this.maxAttempts = maxAttempts;
  }

  @Override
  public User createUser(NewUser user) {
    Validation.newUser(user, today());
    return call(AccessPattern.CREATE_USER,
        meter -> ItemCodec.user(write(Plans.createUser(user), meter).orElseThrow()));
  }

  @Override
  public Optional<User> getUser(String username) {
    Validation.username("username", username);
    return call(AccessPattern.GET_USER, meter -> get(KeyLayout.user(username), meter)
        .map(ItemCodec::user));
  }

  @Override
  public User updateProfile(String username, ProfileUpdate update) {
    Validation.username("username", username);
    Validation.profileUpdate(update, today());
    return call(AccessPattern.UPDATE_PROFILE,
        meter -> ItemCodec.user(write(Plans.updateProfile(username, update), meter).orElseThrow()));
  }

  @Override
  public Photo uploadPhoto(String owner, Instant timestamp, String location) {
    Validation.username("owner", owner);
    Validation.timestamp("timestamp", timestamp);
    Validation.location(location);
    PhotoId id = new PhotoId(owner, timestamp);
    WritePlan plan = Plans.uploadPhoto(id, location);
    return call(AccessPattern.UPLOAD_PHOTO, meter -> {
      write(plan, meter);
      return ItemCodec.photo(((WriteAction.Put) plan.actions().get(1)).item());
    });
  }

  @Override
  public Optional<Photo> getPhoto(PhotoId id) {
    Validation.photoId(id);
    return call(AccessPattern.GET_PHOTO, meter -> get(KeyLayout.photo(id), meter)
        .map(ItemCodec::photo));
  }

  @Override
  public UserPhotos userWithPhotos(String username, SortOrder order, PageRequest page) {
    Validation.username("username", username);
    Validation.notNull("order", order);
    Validation.page(page, PageRequest.MAX_SIZE);
    boolean firstPage = page.cursor().isEmpty();
    int wanted = page.size();
    // One item more than the page holds tells whether another page exists, so an exactly full
    // last page carries no cursor; the first page also makes room for the profile.
    QueryPlan plan = Plans.userWithPhotos(username, order, wanted + (firstPage ? 2 : 1));
    String listing = "userWithPhotos|" + plan.partitionValue() + "|" + order;
    return call(AccessPattern.USER_WITH_PHOTOS, meter -> {
      QueryPlan request = page.cursor()
          .map(cursor -> plan.startingAfter(Cursors.decode(listing, cursor, plan)))
          .orElse(plan);
      QueryResult result = read(request, meter);
      Optional<User> user = Optional.empty();
      boolean profileRead = false;
      List<Item> photoItems = new ArrayList<>();
      for (Item item : result.items()) {
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
        boolean profileMayExist = order == SortOrder.NEWEST_FIRST
            && (!result.items().isEmpty() || result.lastEvaluatedKey().isPresent());
        user = profileMayExist ? get(KeyLayout.user(username), meter).map(ItemCodec::user)
            : Optional.empty();
        if (user.isEmpty()) {
          throw new UserNotFoundException("user " + username + " does not exist");
        }
      }
      return new UserPhotos(user,
          new Page<>(photoItems.stream().map(ItemCodec::photo).toList(), next));
    });
  }

  @Override
  public Reaction reactTo(String reactor, PhotoId photo, ReactionType type) {
    Validation.username("reactor", reactor);
    Validation.photoId(photo);
    Validation.notNull("reaction type", type);
    Reaction reaction = new Reaction(reactor, photo, type, clock.instant());
    return call(AccessPattern.REACT_TO_PHOTO, meter -> {
      write(Plans.reactTo(reaction), meter);
      return reaction;
    });
  }

  @Override
  public PhotoReactions photoWithReactions(PhotoId photo, PageRequest page) {
    Validation.photoId(photo);
    Validation.page(page, PageRequest.MAX_SIZE);
    QueryPlan plan = Plans.photoWithReactions(photo, page.size());
    String listing = "photoWithReactions|" + plan.partitionValue();
    return call(AccessPattern.PHOTO_WITH_REACTIONS, meter -> {
      Listing read = query(listing, plan, page, meter);
      if (read.items().isEmpty() && page.cursor().isEmpty()) {
        throw new PhotoNotFoundException("photo " + photo + " does not exist");
      }
      Optional<Photo> found = Optional.empty();
      List<Reaction> reactions = new ArrayList<>();
      for (Item item : read.items()) {
        switch (ItemCodec.entityOf(item)) {
          case PHOTO -> found = Optional.of(ItemCodec.photo(item));
          case REACTION -> reactions.add(ItemCodec.reaction(item));
          default -> throw unexpected(item);
        }
      }
      return new PhotoReactions(found, new Page<>(reactions, read.nextCursor()));
    });
  }

  @Override
  public Follow follow(String follower, String followed) {
    Validation.username("follower", follower);
    Validation.username("followed", followed);
    Validation.notSame(follower, followed);
    Follow follow = new Follow(follower, followed, clock.instant());
    return call(AccessPattern.FOLLOW, meter -> {
      write(Plans.follow(follow), meter);
      return follow;
    });
  }

  @Override
  public void unfollow(String follower, String followed) {
    Validation.username("follower", follower);
    Validation.username("followed", followed);
    Validation.notSame(follower, followed);
    call(AccessPattern.UNFOLLOW, meter -> write(Plans.unfollow(follower, followed), meter));
  }

  @Override
  public Page<Follow> followersOf(String username, PageRequest page) {
    Validation.username("username", username);
    Validation.page(page, PageRequest.MAX_SIZE);
    QueryPlan plan = Plans.followersOf(username, page.size());
    String listing = "followersOf|" + plan.partitionValue();
    return call(AccessPattern.FOLLOWERS_OF, meter -> {
      Listing read = query(listing, plan, page, meter);
      return new Page<>(read.items().stream().map(ItemCodec::friendship).toList(),
          read.nextCursor());
    });
  }

  @Override
  public Page<User> followedBy(String username, PageRequest page) {
    Validation.username("username", username);
    Validation.page(page, Limits.MAX_BATCH_GET_KEYS);
    QueryPlan plan = Plans.followedBy(username, page.size());
    String listing = "followedBy|" + plan.partitionValue();
    return call(AccessPattern.FOLLOWED_BY, meter -> {
      Listing read = query(listing, plan, page, meter);
      Key[] profileKeys = new Key[read.items().size()];
      for (int i = 0; i < profileKeys.length; i++) {
        profileKeys[i] = KeyLayout.user(ItemCodec.followedUser(read.items().get(i)));
      }
      List<Key> keys = List.of(profileKeys);
      Map<Key, Item> profiles = batchGet(keys, meter);
      List<User> users = new ArrayList<>(keys.size());
      for (Key key : keys) {
        // A profile can only be missing if it was never created, which follow() rules out.
        Item profile = profiles.get(key);
        if (profile != null) {
          users.add(ItemCodec.user(profile));
        }
      }
      return new Page<>(users, read.nextCursor());
    });
  }

  @Override
  public long importSnapshot(Snapshot snapshot, LongConsumer progress) {
    Validation.snapshot(snapshot, today());
    Validation.notNull("progress", progress);
    List<Item> items = snapshotItems(snapshot);
    return call(AccessPattern.IMPORT_SNAPSHOT, meter -> {
      long written = 0;
      for (int from = 0; from < items.size(); from += Limits.MAX_BATCH_WRITE_ITEMS) {
        List<Item> batch =
            items.subList(from, Math.min(items.size(), from + Limits.MAX_BATCH_WRITE_ITEMS));
        batchWrite(batch, meter);
        written += batch.size();
        progress.accept(written);
      }
      return written;
    });
  }

  // --- home feed (fan-out on read) -------------------------------------------------------------

  /** The largest home-feed page: every page queries each followed user for up to this many. */
  static final int MAX_FEED_PAGE = 100;

  /**
   * The feed's order: newest first, equal timestamps in ascending code-point order of the owner.
   */
  private static final java.util.Comparator<PhotoId> FEED_ORDER =
      java.util.Comparator.comparing(PhotoId::timestamp, java.util.Comparator.reverseOrder())
          .thenComparing(PhotoId::owner, Utf8::compare);

  @Override
  public Page<Photo> homeFeed(String username, PageRequest page) {
    Validation.username("username", username);
    Validation.page(page, MAX_FEED_PAGE);
    String listing = "homeFeed|" + KeyLayout.userPartition(username);
    return call(AccessPattern.HOME_FEED, meter -> {
      Optional<PhotoId> after = page.cursor().map(c -> Cursors.decodePosition(listing, c));
      List<String> followees = followees(username, meter);
      List<Photo> candidates = new ArrayList<>();
      // A followee whose read stopped early may have photos between its last one read and the
      // other followees' photos; nothing past the earliest such stop may go on this page.
      Optional<PhotoId> boundary = Optional.empty();
      for (String followee : followees) {
        QueryPlan plan = Plans.homeFeedPhotos(followee, after, page.size());
        meter.made(RequestDescriptions::query, plan);
        QueryResult result = table.query(plan);
        meter.request(result.consumed(), result.items().size());
        for (Item item : result.items()) {
          candidates.add(ItemCodec.photo(item));
        }
        if (result.lastEvaluatedKey().isPresent() && !result.items().isEmpty()) {
          PhotoId last = ItemCodec.photo(result.items().get(result.items().size() - 1)).id();
          if (boundary.isEmpty() || FEED_ORDER.compare(last, boundary.get()) < 0) {
            boundary = Optional.of(last);
          }
        }
      }
      candidates.sort(java.util.Comparator.comparing(Photo::id, FEED_ORDER));
      List<Photo> photos = new ArrayList<>(page.size());
      boolean more = boundary.isPresent();
      for (Photo photo : candidates) {
        if (photos.size() == page.size()
            || boundary.map(b -> FEED_ORDER.compare(photo.id(), b) > 0).orElse(false)) {
          more = true;
          break;
        }
        photos.add(photo);
      }
      Optional<String> next = more && !photos.isEmpty()
          ? Optional.of(Cursors.encodePosition(listing, photos.get(photos.size() - 1).id()))
          : Optional.empty();
      return new Page<>(photos, next);
    });
  }

  /** Every user {@code follower} follows, read from the inverted index to the end of the list. */
  private List<String> followees(String follower, Meter meter) {
    List<String> followees = new ArrayList<>();
    QueryPlan plan = Plans.homeFeedFollowees(follower);
    while (true) {
      meter.made(RequestDescriptions::query, plan);
      QueryResult result = table.query(plan);
      meter.request(result.consumed(), result.items().size());
      for (Item item : result.items()) {
        followees.add(ItemCodec.followedUser(item));
      }
      if (result.lastEvaluatedKey().isEmpty()) {
        return followees;
      }
      plan = plan.startingAfter(result.lastEvaluatedKey().get());
    }
  }

  // --- the data's lifecycle: taking back, deleting, membership checks ---------------------------

  /** Reactions one cascade transaction deletes from one photo: the photo takes the last action. */
  static final int REACTIONS_PER_TRANSACTION = Limits.MAX_TRANSACTION_ACTIONS - 1;
  /**
   * Items one cascade transaction unlinks: each takes a delete and a counter action, and the
   * closing account's own counter the last action.
   */
  static final int LINKS_PER_TRANSACTION = (Limits.MAX_TRANSACTION_ACTIONS - 1) / 2;

  @Override
  public void removeReaction(String reactor, PhotoId photo, ReactionType type) {
    Validation.username("reactor", reactor);
    Validation.photoId(photo);
    Validation.notNull("reaction type", type);
    call(AccessPattern.REMOVE_REACTION, meter -> {
      Link link = new Link(KeyLayout.reaction(reactor, type, photo), KeyLayout.photo(photo),
          Plans.reactionCounter(type));
      if (unlink(List.of(link), count -> Optional.empty(), null, meter) == 0) {
        throw new ReactionNotFoundException(reactor + " has no " + type.storedName()
            + " reaction on photo " + photo);
      }
      return null;
    });
  }

  @Override
  public void deletePhoto(PhotoId id) {
    Validation.photoId(id);
    call(AccessPattern.DELETE_PHOTO, meter -> {
      deletePhotoCascade(id, meter);
      return null;
    });
  }

  @Override
  public void deleteUser(String username) {
    Validation.username("username", username);
    call(AccessPattern.DELETE_USER, meter -> {
      closeAccount(username, meter);
      return null;
    });
  }

  @Override
  public boolean isFollowing(String follower, String followed) {
    Validation.username("follower", follower);
    Validation.username("followed", followed);
    Validation.notSame(follower, followed);
    return call(AccessPattern.IS_FOLLOWING,
        meter -> get(KeyLayout.friendship(followed, follower), meter).isPresent());
  }

  @Override
  public Set<ReactionType> reactionsLeftBy(String reactor, PhotoId photo) {
    Validation.username("reactor", reactor);
    Validation.photoId(photo);
    return call(AccessPattern.REACTIONS_LEFT_BY, meter -> {
      Set<ReactionType> types = EnumSet.noneOf(ReactionType.class);
      for (Item item : read(Plans.reactionsLeftBy(reactor, photo), meter).items()) {
        types.add(ItemCodec.reaction(item).type());
      }
      return Collections.unmodifiableSet(types);
    });
  }

  /**
   * An item to delete and the counter on another item that counts it.
   *
   * @param item the counted item (a reaction or a friendship)
   * @param counterItem the item holding the counter (a photo or a user)
   * @param counter the counter's path
   */
  private record Link(Key item, Key counterItem, AttributePath counter) {
  }

  /**
   * Deletes the links' items and takes one off each counter, in one transaction: per link a
   * DeleteItem with {@code attribute_exists(PK)} and an UpdateItem adding −1 if the counter is at
   * least 1, plus the {@code aggregate} action for the number of links (the closing account's own
   * counter, or its fence). When the transaction is cancelled, the reasons say what changed
   * meanwhile: an item already gone was deleted (and uncounted) by someone else and is dropped; a
   * counter that is not positive (or whose item is gone, like a deleted photo) is checked instead
   * of decremented, so the item still goes and no counter drops below zero; a check that no
   * longer holds becomes a decrement again. Then it tries again, a bounded number of times.
   *
   * @param fence the closing account's fence when the aggregate action carries it, else null
   * @return how many of the items this call deleted
   * @throws CascadeFenced if the aggregate failed because the account is no longer the one the
   *     cascade marked
   */
  private int unlink(List<Link> links, IntFunction<Optional<WriteAction>> aggregate,
      AccountFence fence, Meter meter) {
    List<Link> pending = new ArrayList<>(links);
    Set<Link> counterNotPositive = new HashSet<>();
    int attempts = 2 * links.size() + maxAttempts;
    for (int attempt = 0; attempt < attempts; attempt++) {
      if (pending.isEmpty()) {
        return 0;
      }
      List<WriteAction> actions = new ArrayList<>(2 * pending.size() + 1);
      for (Link link : pending) {
        actions.add(new WriteAction.Delete(link.item(), ItemCondition.EXISTS));
        ItemCondition positive = new ItemCondition.AtLeast(link.counter(), 1);
        actions.add(counterNotPositive.contains(link)
            ? new WriteAction.Check(link.counterItem(), ItemCondition.not(positive))
            : new WriteAction.Update(link.counterItem(),
                List.of(new UpdateAction.Add(link.counter(), -1)), positive));
      }
      Optional<WriteAction> extra = aggregate.apply(pending.size());
      extra.ifPresent(actions::add);
      List<String> reasons = transact(actions, meter);
      if (reasons.isEmpty()) {
        return pending.size();
      }
      List<Link> still = new ArrayList<>();
      boolean someGone = false;
      for (int i = 0; i < pending.size(); i++) {
        Link link = pending.get(i);
        if (conditionFailed(reasons, 2 * i)) {
          someGone = true;
          continue;
        }
        if (conditionFailed(reasons, 2 * i + 1) && !counterNotPositive.remove(link)) {
          counterNotPositive.add(link);
        }
        still.add(link);
      }
      if (extra.isPresent() && conditionFailed(reasons, actions.size() - 1)) {
        // The aggregate holds the fence: an account that is gone or was created again ends the
        // cascade. An item someone else deleted meanwhile (an unfollow racing the cascade) also
        // took one off the aggregate counter: with that link dropped it holds again. Only an
        // aggregate that fails with every item still there, on the marked account, means the
        // counter drifted.
        stopIfReplaced(fence, meter);
        if (!someGone) {
          throw new QuickPhotosException("a counter of the closing account is below its items: "
              + extra.get());
        }
      }
      pending = still;
    }
    throw new ServiceUnavailableException("items kept changing while being deleted; "
        + "call again to finish");
  }

  /**
   * Ends a cascade whose fence failed: the account or photo it marked is gone, and whatever now
   * has its key (nothing, or a new account or photo) is not the cascade's to touch. Caught where
   * the cascade started, which then returns as finished. Without a stack trace: it is control
   * flow, not an error.
   */
  private static final class CascadeFenced extends RuntimeException {
    private static final long serialVersionUID = 1L;
    static final CascadeFenced INSTANCE = new CascadeFenced();

    private CascadeFenced() {
      super("the cascade's account or photo is gone", null, false, false);
    }
  }

  /**
   * The fence of a closing account's cascade: the account item as {@code markClosing} left it.
   * Every transaction of the cascade carries {@link #check()} (or, where it already writes the
   * account, {@link #and}), so none lands once the account is deleted or a new one has its name.
   *
   * @param account the account's key
   * @param marker the marker {@code markClosing} returned
   */
  private record AccountFence(Key account, Value marker) {
    WriteAction check() {
      return new WriteAction.Check(account, Plans.closingMarkedBy(marker));
    }

    ItemCondition and(ItemCondition condition) {
      return ItemCondition.and(Plans.closingMarkedBy(marker), condition);
    }
  }

  /** Reads the account (one GetItem) and ends the cascade if it is not the one marked. */
  private void stopIfReplaced(AccountFence fence, Meter meter) {
    Optional<Item> now = get(fence.account(), meter);
    if (now.isEmpty() || !Plans.closingMarker(now.get()).equals(Optional.of(fence.marker()))) {
      throw CascadeFenced.INSTANCE;
    }
  }

  /** How one round of deleting a photo's reactions and the photo ended. */
  private enum Round {
    /** The photo and its reactions are deleted. */
    DONE,
    /** Something the counters did not expect turned up: read again and start over. */
    AGAIN
  }

  /**
   * deletePhoto's cascade. Marks the photo deleting (so no reaction can land; the mark's marker
   * fences every later write to this incarnation of the photo), then deletes its reactions,
   * found on the inverted index, up to 99 per transaction together with the photo's counters
   * taken down by as many; the last transaction deletes the photo itself, on condition that its
   * counters equal the reactions deleted with it, so a reaction the eventually consistent index
   * did not show yet keeps the photo (and the marker) for another round, which reads the photo
   * again (GetItem) rather than marking it. The photo item goes last, so a call cut short is
   * finished by the next: the marker stays and the photo still names what is left. A fence that
   * fails means another call finished the photo (and someone may have uploaded a new one under
   * its id): the cascade ends there. If the photo item is gone at the start, reactions the index
   * still lists are deleted provided the photo is still absent, and a photo with none never
   * existed (or is already deleted).
   */
  void deletePhotoCascade(PhotoId id, Meter meter) {
    Value marker = null;
    for (int attempt = 0; attempt < maxAttempts; attempt++) {
      Item photo;
      if (marker == null) {
        try {
          photo = write(Plans.markDeleting(id, Plans.newCascadeMarker()), meter).orElseThrow();
        } catch (PhotoNotFoundException e) {
          if (deleteLeftoverReactions(id, meter)) {
            return;
          }
          throw e;
        }
        marker = Plans.deletionMarker(photo).orElseThrow();
      } else {
        backoff.pause(attempt);
        Optional<Item> now = get(KeyLayout.photo(id), meter);
        if (now.isEmpty() || !Plans.deletionMarker(now.get()).equals(Optional.of(marker))) {
          return;
        }
        photo = now.get();
      }
      try {
        if (deleteReactionsThenPhoto(id, ItemCodec.photo(photo).reactions(),
            Plans.deletionMarkedBy(marker), null, meter) == Round.DONE) {
          return;
        }
      } catch (CascadeFenced e) {
        return;
      }
    }
    throw new ServiceUnavailableException("photo " + id + (table.indexMayLag()
        ? " still has reactions the index does not list yet"
        : " kept changing while it was deleted (other calls took its reactions)")
        + "; call deletePhoto again to finish");
  }

  /**
   * Deletes a photo's reactions and then the photo, each transaction fenced: by
   * {@code photoFence} on the photo's own action (its deletion marker), or by the closing
   * owner's {@code accountFence} as one more action.
   *
   * @param counters the photo's counters when the round began
   * @param photoFence the condition on every write of the photo item
   * @param accountFence the closing owner's fence, or null
   * @return {@link Round#AGAIN} if something the counters did not expect turned up
   * @throws CascadeFenced if a fence failed
   */
  private Round deleteReactionsThenPhoto(PhotoId id, Map<ReactionType, Long> counters,
      ItemCondition photoFence, AccountFence accountFence, Meter meter) {
    Map<ReactionType, Long> left = new EnumMap<>(counters);
    int perTransaction = REACTIONS_PER_TRANSACTION - (accountFence == null ? 0 : 1);
    while (true) {
      List<WriteAction> actions = new ArrayList<>(perTransaction + 2);
      boolean last;
      Map<ReactionType, Long> found = new EnumMap<>(ReactionType.class);
      if (left.values().stream().allMatch(count -> count == 0)) {
        WriteAction photo = new WriteAction.Delete(KeyLayout.photo(id),
            ItemCondition.and(photoFence, Plans.noReactions()));
        if (accountFence == null) {
          // Alone, the photo's DeleteItem needs no transaction (which would bill it twice).
          return tryWrite(photo, meter) ? Round.DONE : Round.AGAIN;
        }
        last = true;
        actions.add(photo);
      } else {
        QueryResult page = read(Plans.reactionsOn(id, perTransaction), meter);
        if (page.items().isEmpty()) {
          return Round.AGAIN;
        }
        for (Item item : page.items()) {
          found.merge(ItemCodec.reaction(item).type(), 1L, Long::sum);
          actions.add(new WriteAction.Delete(item.key(), ItemCondition.EXISTS));
        }
        last = page.lastEvaluatedKey().isEmpty() && sameCounts(found, left);
        if (last) {
          actions.add(new WriteAction.Delete(KeyLayout.photo(id),
              ItemCondition.and(photoFence, Plans.reactionCountsAre(left))));
        } else {
          List<UpdateAction> downs = new ArrayList<>();
          found.forEach((type, count) ->
              downs.add(new UpdateAction.Add(Plans.reactionCounter(type), -count)));
          actions.add(new WriteAction.Update(KeyLayout.photo(id), downs, photoFence));
        }
      }
      if (accountFence != null) {
        actions.add(accountFence.check());
      }
      List<String> reasons = transact(actions, meter);
      if (!reasons.isEmpty()) {
        if (accountFence != null && conditionFailed(reasons, actions.size() - 1)) {
          throw CascadeFenced.INSTANCE;
        }
        // The photo's own action fails when its fence does, and the last one also when a count
        // changed: the caller reads the photo again to tell which.
        return Round.AGAIN;
      }
      if (last) {
        return Round.DONE;
      }
      found.forEach((type, count) -> left.merge(type, -count, Long::sum));
    }
  }

  private static boolean sameCounts(Map<ReactionType, Long> found,
      Map<ReactionType, Long> expected) {
    for (ReactionType type : ReactionType.values()) {
      if (found.getOrDefault(type, 0L).longValue() != expected.getOrDefault(type, 0L)) {
        return false;
      }
    }
    return true;
  }

  /**
   * Deletes what the index still lists on a photo that is gone; nothing counts these any more.
   * Each transaction also checks that the photo is still absent: a photo uploaded again under
   * the id owns the reactions listed now, and they are left alone.
   *
   * @return whether this call deleted anything
   */
  private boolean deleteLeftoverReactions(PhotoId id, Meter meter) {
    boolean any = false;
    for (int round = 0; round < maxAttempts; round++) {
      QueryResult page = read(Plans.reactionsOn(id, Limits.MAX_TRANSACTION_ACTIONS - 1), meter);
      if (page.items().isEmpty()) {
        return any;
      }
      List<WriteAction> actions = new ArrayList<>(page.items().size() + 1);
      actions.add(new WriteAction.Check(KeyLayout.photo(id), ItemCondition.ABSENT));
      for (Item item : page.items()) {
        actions.add(new WriteAction.Delete(item.key(), ItemCondition.NONE));
      }
      if (!transact(actions, meter).isEmpty()) {
        return any;
      }
      any = true;
    }
    throw new ServiceUnavailableException("reactions of deleted photo " + id
        + " keep appearing; call deletePhoto again to finish");
  }

  /**
   * deleteUser's cascade, after the one write that marks the account closing (and returns the
   * marker that fences the rest): the user's photos and their reactions (photos without
   * reactions 99 per transaction, others 98 reactions per transaction), the reactions the user
   * left (one strongly consistent Query per type, then transactions of 49 deletes with their
   * photos' counters), the friendships to the user (with each follower's {@code following}) and
   * from the user (found on the inverted index, with each followed user's {@code followers}),
   * each batch also taking the account's own counter down; the profile goes last, on condition
   * that both its counters are zero. Every transaction carries the fence (a ConditionCheck of
   * the marker, or the marker as a condition on the account's own counter), so once another
   * call has finished the account, and whoever took the name next, nothing more is written:
   * the cascade ends as finished.
   */
  void closeAccount(String username, Meter meter) {
    Item marked = write(Plans.markClosing(username, Plans.newCascadeMarker()), meter)
        .orElseThrow();
    AccountFence fence = new AccountFence(KeyLayout.user(username),
        Plans.closingMarker(marked).orElseThrow());
    try {
      // Photos first: until the cascade marks the account, others may still react to them.
      deletePhotosOf(username, fence, meter);
      for (ReactionType type : ReactionType.values()) {
        QueryResult page;
        do {
          page = read(Plans.reactionsBy(username, type, LINKS_PER_TRANSACTION), meter);
          List<Link> links = new ArrayList<>();
          for (Item item : page.items()) {
            links.add(new Link(item.key(), KeyLayout.photo(ItemCodec.reaction(item).photo()),
                Plans.reactionCounter(type)));
          }
          unlink(links, count -> Optional.of(fence.check()), fence, meter);
        } while (page.lastEvaluatedKey().isPresent());
      }
      for (int attempt = 0; attempt < maxAttempts; attempt++) {
        if (attempt > 0) {
          backoff.pause(attempt);
        }
        unlinkFriendships(username, fence, meter);
        if (tryWrite(Plans.deleteClosedProfile(username, fence.marker()), meter)) {
          return;
        }
        // Gone or replaced: finished. Otherwise a friendship the index did not list yet still
        // counts: another round.
        stopIfReplaced(fence, meter);
      }
    } catch (CascadeFenced e) {
      return;
    }
    throw new ServiceUnavailableException("user " + username + (table.indexMayLag()
        ? " still has friendships the index does not list yet"
        : "'s friendships kept changing while the account was closed")
        + "; call deleteUser again to finish");
  }

  /**
   * Deletes a closing account's photos, the first page again and again until none is left:
   * photos without reactions in one transaction, the others one by one with their reactions.
   * A closing owner's photos take no new reactions, so the counters read with the page are
   * what to delete; a concurrent deletePhoto of one of them changes them, and the page is read
   * again.
   */
  private void deletePhotosOf(String username, AccountFence fence, Meter meter) {
    int again = 0;
    QueryResult page;
    boolean changed;
    do {
      changed = false;
      page = read(Plans.photosOf(username, Limits.MAX_TRANSACTION_ACTIONS - 1), meter);
      List<WriteAction> bare = new ArrayList<>();
      for (Item item : page.items()) {
        Photo photo = ItemCodec.photo(item);
        if (photo.reactions().values().stream().allMatch(count -> count == 0)) {
          bare.add(new WriteAction.Delete(item.key(), Plans.noReactions()));
        } else if (deleteReactionsThenPhoto(photo.id(), photo.reactions(), ItemCondition.EXISTS,
            fence, meter) == Round.AGAIN) {
          changed = true;
        }
      }
      if (!bare.isEmpty()) {
        bare.add(fence.check());
        List<String> reasons = transact(bare, meter);
        if (!reasons.isEmpty()) {
          if (conditionFailed(reasons, bare.size() - 1)) {
            throw CascadeFenced.INSTANCE;
          }
          // A photo counted a reaction after this read: read again.
          changed = true;
        }
      }
      if (changed) {
        if (++again >= maxAttempts) {
          throw new ServiceUnavailableException("photos of " + username
              + " keep changing; call deleteUser again to finish");
        }
        backoff.pause(again);
      }
    } while (page.lastEvaluatedKey().isPresent() || changed);
  }

  private void unlinkFriendships(String username, AccountFence fence, Meter meter) {
    Key account = KeyLayout.user(username);
    QueryResult page;
    do {
      page = read(Plans.followersOf(username, LINKS_PER_TRANSACTION), meter);
      List<Link> links = new ArrayList<>();
      for (Item item : page.items()) {
        links.add(new Link(item.key(), KeyLayout.user(ItemCodec.friendship(item).follower()),
            Plans.followingCounter()));
      }
      unlink(links, count -> Optional.of(ownCounterDown(account, Plans.followersCounter(),
          count, fence)), fence, meter);
    } while (page.lastEvaluatedKey().isPresent());
    do {
      page = read(Plans.followedBy(username, LINKS_PER_TRANSACTION), meter);
      List<Link> links = new ArrayList<>();
      for (Item item : page.items()) {
        String followed = ItemCodec.followedUser(item);
        links.add(new Link(item.key(), KeyLayout.user(followed), Plans.followersCounter()));
      }
      unlink(links, count -> Optional.of(ownCounterDown(account, Plans.followingCounter(),
          count, fence)), fence, meter);
    } while (page.lastEvaluatedKey().isPresent());
  }

  private static WriteAction ownCounterDown(Key account, AttributePath counter, int count,
      AccountFence fence) {
    return new WriteAction.Update(account, List.of(new UpdateAction.Add(counter, -count)),
        fence.and(new ItemCondition.AtLeast(counter, count)));
  }

  /**
   * One Scan page of one segment, not yet metered: the audit's threads scan in parallel and meter
   * their pages afterwards, segment by segment, so the call's request log has one order.
   */
  QueryResult scan(ScanPlan plan) {
    return table.scan(plan);
  }

  /** Meters a Scan page {@link #scan} read. */
  static void metered(ScanPlan plan, QueryResult page, Meter meter) {
    meter.made(RequestDescriptions::scan, plan);
    meter.request(page.consumed(), page.items().size());
  }

  @Override
  public io.quickphotos.AuditReport audit(boolean fix, LongConsumer progress) {
    Objects.requireNonNull(progress, "progress");
    return call(AccessPattern.AUDIT, meter -> new TableAudit(this, meter).run(fix, progress));
  }

  /** One strongly or eventually consistent Query page, as the plan says, without cursors. */
  QueryResult read(QueryPlan plan, Meter meter) {
    meter.made(RequestDescriptions::query, plan);
    QueryResult result = table.query(plan);
    meter.request(result.consumed(), result.items().size());
    return result;
  }

  /** One write; false if its condition failed (nothing written). */
  boolean tryWrite(WriteAction action, Meter meter) {
    try {
      meter.made(RequestDescriptions::write, action);
      meter.request(table.write(action).consumed(), 0);
      return true;
    } catch (TableConditionFailedException e) {
      return false;
    }
  }

  /**
   * One TransactWriteItems; cancellations by conflicts or throttling alone are retried with
   * backoff.
   *
   * @return empty if committed, else the cancellation reasons, one per action, at least one of
   *     them {@code ConditionalCheckFailed}
   */
  List<String> transact(List<WriteAction> actions, Meter meter) {
    return commit(actions, meter).map(TableTransactionCancelledException::reasons)
        .orElse(List.of());
  }

  /**
   * Commits one transaction, written once for plans and cascades: one {@code ClientRequestToken}
   * for every attempt (a resend of an applied transaction must not apply it again), and
   * cancellations by conflicts or throttling alone retried with backoff up to the policy's
   * attempts, then {@link ServiceUnavailableException}. A validation error is invalid input;
   * any other cancellation without a failed condition is a {@link QuickPhotosException}.
   *
   * @return empty if committed, else the cancellation, in which at least one action's condition
   *     failed (nothing was written)
   */
  private Optional<TableTransactionCancelledException> commit(List<WriteAction> actions,
      Meter meter) {
    ClientToken token = new ClientToken();
    for (int attempt = 0; ; attempt++) {
      if (attempt > 0) {
        backoff.pause(attempt);
      }
      try {
        meter.madeOf(RequestDescriptions::transactWriteItems, actions);
        meter.request(table.transactWrite(actions, token), 0);
        return Optional.empty();
      } catch (TableTransactionCancelledException e) {
        List<String> reasons = e.reasons();
        if (reasons.contains(Limits.CONDITIONAL_CHECK_FAILED)) {
          return Optional.of(e);
        }
        if (reasons.contains(Limits.VALIDATION_ERROR)) {
          throw new InvalidInputException("transaction refused: " + reasons, e);
        }
        // Conflicts and throttling cancel a transaction without retry inside the SDK: retry them
        // here. Anything else (or no reason at all) is not the caller's input and not transient.
        boolean transientOnly = reasons.stream().anyMatch(Limits.TRANSIENT_REASONS::contains)
            && reasons.stream().allMatch(r -> Limits.NONE.equals(r)
                || Limits.TRANSIENT_REASONS.contains(r));
        if (!transientOnly) {
          throw new QuickPhotosException("transaction cancelled: " + reasons, e);
        }
        if (attempt + 1 >= maxAttempts) {
          throw new ServiceUnavailableException("transaction still cancelled " + reasons
              + " after " + (attempt + 1) + " attempts", e);
        }
      }
    }
  }

  private static boolean conditionFailed(List<String> reasons, int action) {
    return action < reasons.size()
        && Limits.CONDITIONAL_CHECK_FAILED.equals(reasons.get(action));
  }

  private LocalDate today() {
    // LocalDate.ofInstant would build the UTC zone's rules on every call.
    return LocalDate.ofEpochDay(Math.floorDiv(clock.instant().getEpochSecond(), 86_400));
  }

  /** The snapshot's items, users and photos with the counters the snapshot implies. */
  private static List<Item> snapshotItems(Snapshot snapshot) {
    Map<String, long[]> counters = new HashMap<>();
    for (Follow follow : snapshot.follows()) {
      counters.computeIfAbsent(follow.followed(), u -> new long[2])[0]++;
      counters.computeIfAbsent(follow.follower(), u -> new long[2])[1]++;
    }
    Map<PhotoId, Map<ReactionType, Long>> reactionCounts = new HashMap<>();
    for (Reaction reaction : snapshot.reactions()) {
      reactionCounts.computeIfAbsent(reaction.photo(), p -> new EnumMap<>(ReactionType.class))
          .merge(reaction.type(), 1L, Long::sum);
    }
    List<Item> items = new ArrayList<>(snapshot.itemCount());
    for (NewUser user : snapshot.users()) {
      long[] c = counters.getOrDefault(user.username(), new long[2]);
      items.add(ItemCodec.user(user, c[0], c[1]));
    }
    for (NewPhoto photo : snapshot.photos()) {
      items.add(ItemCodec.photo(photo.id(), photo.location(),
          reactionCounts.getOrDefault(photo.id(), Map.of())));
    }
    snapshot.follows().forEach(follow -> items.add(ItemCodec.friendship(follow)));
    snapshot.reactions().forEach(reaction -> items.add(ItemCodec.reaction(reaction)));
    return items;
  }

  // --- execution -------------------------------------------------------------------------------

  /** Tallies the requests, capacity and items of one repository call. */
  static final class Meter {
    /**
     * The requests, to be described if the cost listener reads them; null when there is no
     * listener. Only the describer and the (immutable) request are kept here: the words are
     * built by {@link RequestLog} when {@link OperationCost#requestsMade()} is read.
     */
    final List<java.util.function.Supplier<io.quickphotos.DynamoRequest>> made;
    int requests;
    double readUnits;
    double writeUnits;
    int itemsRead;

    Meter(boolean describe) {
      made = describe ? new ArrayList<>(2) : null;
    }

    /** Counts a request before it is sent, so that one that fails is counted too. */
    <T> void made(Function<T, io.quickphotos.DynamoRequest> describer, T request) {
      requests++;
      if (made != null) {
        made.add(() -> describer.apply(request));
      }
    }

    /** {@link #made} for a request that is a list: a copy is kept, the caller's may change. */
    <E> void madeOf(Function<List<E>, io.quickphotos.DynamoRequest> describer,
        List<E> request) {
      made(describer, made == null ? request : List.copyOf(request));
    }

    void request(Capacity consumed, int items) {
      readUnits += consumed.read();
      writeUnits += consumed.write();
      itemsRead += items;
    }

    List<io.quickphotos.DynamoRequest> requestsMade() {
      return made == null ? List.of() : new RequestLog(made);
    }
  }

  /** What one page of a listing read, and the cursor of the next page. */
  private record Listing(List<Item> items, Optional<String> nextCursor) {
  }

  private <T> T call(AccessPattern pattern, Function<Meter, T> body) {
    Meter meter = new Meter(costListener != CostListener.NONE);
    boolean succeeded = false;
    try {
      T result = body.apply(meter);
      succeeded = true;
      return result;
    } catch (TableRequestRefusedException e) {
      throw new InvalidInputException("refused by the table: " + e.getMessage(), e);
    } catch (IllegalStateException | IllegalArgumentException | DateTimeException e) {
      // An item the codecs cannot read: written by something else, or corrupted.
      throw new QuickPhotosException("the table holds an item quickphotos cannot read: "
          + e.getMessage(), e);
    } finally {
      report(new OperationCost(pattern, meter.requests, meter.readUnits, meter.writeUnits,
          meter.itemsRead, succeeded, meter.requestsMade()));
    }
  }

  /**
   * Hands a cost to the listener. A listener that throws is logged and ignored: the call's own
   * outcome (a committed write, or its domain exception) must reach the caller unchanged.
   */
  private void report(OperationCost cost) {
    try {
      costListener.onCost(cost);
    } catch (RuntimeException e) {
      LOG.log(System.Logger.Level.WARNING, "cost listener failed on " + cost, e);
    }
  }

  Optional<Item> get(Key key, Meter meter) {
    meter.made(RequestDescriptions::getItem, key);
    Table.Read read = table.getItem(key);
    meter.request(read.consumed(), read.item().isPresent() ? 1 : 0);
    return read.item();
  }

  private Listing query(String listing, QueryPlan firstPage, PageRequest page, Meter meter) {
    QueryPlan plan = page.cursor()
        .map(cursor -> firstPage.startingAfter(Cursors.decode(listing, cursor, firstPage)))
        .orElse(firstPage);
    meter.made(RequestDescriptions::query, plan);
    QueryResult result = table.query(plan);
    meter.request(result.consumed(), result.items().size());
    return new Listing(result.items(),
        result.lastEvaluatedKey().map(key -> Cursors.encode(listing, key)));
  }

  private Map<Key, Item> batchGet(List<Key> keys, Meter meter) {
    Map<Key, Item> found = new HashMap<>(2 * keys.size());
    List<Key> pending = keys;
    for (int attempt = 0; !pending.isEmpty(); attempt++) {
      if (attempt > 0) {
        if (attempt >= maxAttempts) {
          throw new ServiceUnavailableException("BatchGetItem left " + pending.size()
              + " keys unprocessed after " + attempt + " attempts");
        }
        backoff.pause(attempt);
      }
      meter.madeOf(RequestDescriptions::batchGetItem, pending);
      Table.BatchRead read = table.batchGetItem(pending);
      meter.request(read.consumed(), read.items().size());
      read.items().forEach(item -> found.put(item.key(), item));
      pending = read.unprocessedKeys();
    }
    return found;
  }

  /** Puts one batch, retrying the items the engine left unprocessed. */
  private void batchWrite(List<Item> batch, Meter meter) {
    List<Item> pending = batch;
    for (int attempt = 0; !pending.isEmpty(); attempt++) {
      if (attempt > 0) {
        if (attempt >= maxAttempts) {
          throw new ServiceUnavailableException("BatchWriteItem left " + pending.size()
              + " items unprocessed after " + attempt + " attempts");
        }
        backoff.pause(attempt);
      }
      meter.madeOf(RequestDescriptions::batchWriteItem, pending);
      Table.BatchWrite write = table.batchWriteItem(pending);
      meter.request(write.consumed(), 0);
      pending = write.unprocessedItems();
    }
  }

  /** Runs a write plan; a transaction cancelled only by conflicts is retried with backoff. */
  private Optional<Item> write(WritePlan plan, Meter meter) {
    if (!plan.transactional()) {
      WritePlan.Step step = plan.steps().get(0);
      try {
        meter.made(RequestDescriptions::write, step.action());
        Table.Write write = table.write(step.action());
        meter.request(write.consumed(), 0);
        return write.item();
      } catch (TableConditionFailedException e) {
        throw withCause(step.onConditionFailed().get(), e);
      }
    }
    Optional<TableTransactionCancelledException> cancelled = commit(plan.actions(), meter);
    if (cancelled.isPresent()) {
      List<String> reasons = cancelled.get().reasons();
      for (int i = 0; i < reasons.size() && i < plan.steps().size(); i++) {
        if (conditionFailed(reasons, i)) {
          throw withCause(plan.steps().get(i).onConditionFailed().get(), cancelled.get());
        }
      }
      throw new QuickPhotosException("transaction cancelled: " + reasons, cancelled.get());
    }
    return Optional.empty();
  }

  private static QuickPhotosException withCause(QuickPhotosException error, Throwable cause) {
    error.initCause(cause);
    return error;
  }

  private static IllegalStateException unexpected(Item item) {
    return new IllegalStateException("unexpected item in listing: " + item.key());
  }
}
