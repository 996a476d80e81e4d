package io.quickphotos.internal.repository;

import io.quickphotos.AccessPattern;
import io.quickphotos.AuditReport;
import io.quickphotos.CostListener;
import io.quickphotos.FanOut;
import io.quickphotos.Follow;
import io.quickphotos.NewPhoto;
import io.quickphotos.NewUser;
import io.quickphotos.Page;
import io.quickphotos.PageRequest;
import io.quickphotos.Photo;
import io.quickphotos.PhotoEdit;
import io.quickphotos.PhotoId;
import io.quickphotos.PhotoNotFoundException;
import io.quickphotos.PhotoReactions;
import io.quickphotos.ProfileUpdate;
import io.quickphotos.QuickPhotos;
import io.quickphotos.QuickPhotosException;
import io.quickphotos.Reaction;
import io.quickphotos.ReactionNotFoundException;
import io.quickphotos.ReactionType;
import io.quickphotos.Sharding;
import io.quickphotos.Snapshot;
import io.quickphotos.SortOrder;
import io.quickphotos.TableSettings;
import io.quickphotos.User;
import io.quickphotos.UserNotFoundException;
import io.quickphotos.UserPhotos;
import io.quickphotos.engine.Backoff;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.ItemCondition;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.Limits;
import io.quickphotos.engine.QueryPlan;
import io.quickphotos.engine.QueryResult;
import io.quickphotos.engine.Table;
import io.quickphotos.engine.UnreadableItemException;
import io.quickphotos.engine.WriteAction;
import io.quickphotos.internal.singletable.FollowPlans;
import io.quickphotos.internal.singletable.ItemCodec;
import io.quickphotos.internal.singletable.KeyLayout;
import io.quickphotos.internal.singletable.PhotoPlans;
import io.quickphotos.internal.singletable.Plans;
import io.quickphotos.internal.singletable.ReactionPlans;
import io.quickphotos.internal.singletable.TableSettingsItem;
import io.quickphotos.internal.singletable.UserPlans;
import io.quickphotos.internal.singletable.WritePlan;
import java.time.Clock;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.LongConsumer;

/**
 * The one {@link QuickPhotos} implementation, as a facade: each method validates its arguments
 * (bad input fails the same on every backend and writes nothing), then runs its access pattern's
 * {@link Plans} through {@link Execution}, which meters the call, retries within the
 * {@link io.quickphotos.RetryPolicy} and maps engine failures to the API's exceptions. The
 * multi-request patterns live in their own classes: {@link PhotoCascade} and {@link AccountCascade} (removing and deleting),
 * {@link HomeFeed}, {@link SnapshotItems} and {@link TableAudit}. Built only by
 * {@link Repositories#create}.
 *
 * <p>Thread-safe if the engine is; holds no per-call state.
 */
final class SingleTableQuickPhotos implements QuickPhotos {
  private final Execution execution;
  private final PhotoCascade photoCascade;
  private final AccountCascade accountCascade;
  private final HomeFeed homeFeed;
  private final SnapshotItems snapshots;
  private final HotKeys hotKeys;
  private final FanOuts fanOuts;
  private final Sharding sharding;
  private final Clock clock;
  private final RawItems rawItems;
  private final Edits edits;

  /**
   * Creates a repository over an engine.
   *
   * @param table the engine executing the plans
   * @param options cost listener, clock, retry policy and sharding
   */
  SingleTableQuickPhotos(Table table, RepositoryOptions options) {
    this(table, options, table);
  }

  /**
   * Creates a repository over an engine, whose tools ({@link #rawItems()}) go to another.
   *
   * @param table the engine executing the plans
   * @param options cost listener, clock, retry policy and sharding
   * @param bare the same table without the decorations of this repository alone
   */
  SingleTableQuickPhotos(Table table, RepositoryOptions options, Table bare) {
    this(
        table,
        options.costListener(),
        options.clock(),
        new Retrier(options.retryPolicy()),
        options.sharding(),
        new RequestPool(options.parallelism()),
        options.fanOut(),
        new HotReads(options.hotReadStaleness(), options.clock()),
        bare,
        options.retryPolicy());
  }

  /** A repository that backs off with {@code backoff}: tests record the pauses. */
  SingleTableQuickPhotos(
      Table table, CostListener costListener, Clock clock, Backoff backoff, int maxAttempts) {
    this(
        table,
        costListener,
        clock,
        new Retrier(backoff, maxAttempts),
        Sharding.defaults(),
        new RequestPool(1),
        FanOut.off(),
        new HotReads(java.time.Duration.ZERO, clock),
        table,
        io.quickphotos.RetryPolicy.noDelay(maxAttempts));
  }

  private SingleTableQuickPhotos(
      Table table,
      CostListener costListener,
      Clock clock,
      Retrier retrier,
      Sharding sharding,
      RequestPool pool,
      FanOut fanOut,
      HotReads hotReads,
      Table bare,
      io.quickphotos.RetryPolicy toolsRetryPolicy) {
    this.execution = new Execution(table, costListener, retrier, pool, hotReads);
    this.sharding = sharding;
    this.hotKeys = new HotKeys(execution, sharding, hotReads);
    this.fanOuts = new FanOuts(execution, hotKeys, fanOut, clock);
    CascadeSteps steps = new CascadeSteps(execution);
    this.photoCascade = new PhotoCascade(execution, steps);
    this.accountCascade = new AccountCascade(execution, steps, photoCascade);
    this.homeFeed = new HomeFeed(execution, hotKeys, clock);
    this.snapshots = new SnapshotItems(execution);
    this.clock = Objects.requireNonNull(clock, "clock");
    // Items loaded around the repository may change any hot key: it then serves none it kept.
    this.rawItems = new RawItems(bare, toolsRetryPolicy, hotReads::clear);
    this.edits = new Edits(execution);
  }

  /** The table as items, for tools: see {@link Repositories#rawItems}. */
  RawItems rawItems() {
    return rawItems;
  }

  @Override
  public User createUser(NewUser user) {
    Validation.newUser(user, today());
    // One token per call: every attempt of this call's PutItem carries it, and no other call's.
    WritePlan plan = UserPlans.createUser(user, Plans.newCascadeMarker());
    return execution.call(
        AccessPattern.CREATE_USER,
        meter -> ItemCodec.user(execution.write(plan, meter).orElseThrow()));
  }

  @Override
  public Optional<User> getUser(String username) {
    Validation.username("username", username);
    return execution.call(
        AccessPattern.GET_USER, meter -> hotKeys.user(username, meter).map(ItemCodec::user));
  }

  @Override
  public User updateProfile(String username, ProfileUpdate update) {
    Validation.username("username", username);
    Validation.profileUpdate(update, today());
    Validation.edits("user", update.changes(), update.attributes(), update.expectedVersion());
    return execution.call(
        AccessPattern.UPDATE_PROFILE,
        // A hot user's image holds only its own share of the counters: its shards are added.
        meter ->
            ItemCodec.user(
                hotKeys
                    .withTotals(edits.updateProfile(username, update, meter), meter)
                    .orElseThrow()));
  }

  @Override
  public Photo uploadPhoto(NewPhoto photo) {
    Validation.newPhoto(photo);
    return execution.call(AccessPattern.UPLOAD_PHOTO, meter -> fanOuts.upload(photo, meter));
  }

  @Override
  public void editPhoto(PhotoId id, PhotoEdit edit) {
    Validation.photoId(id);
    Validation.photoEdit(edit);
    Validation.edits("photo", edit.changes(), edit.attributes(), edit.expectedVersion());
    execution.call(AccessPattern.EDIT_PHOTO, meter -> edits.editPhoto(id, edit, meter));
  }

  @Override
  public Optional<Photo> getPhoto(PhotoId id) {
    Validation.photoId(id);
    return execution.call(
        AccessPattern.GET_PHOTO, meter -> hotKeys.photo(id, meter).map(ItemCodec::photo));
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
    QueryPlan plan = PhotoPlans.userWithPhotos(username, order, wanted + (firstPage ? 2 : 1));
    String listing = "userWithPhotos|" + plan.partitionValue() + "|" + order;
    return execution.call(
        AccessPattern.USER_WITH_PHOTOS,
        meter -> {
          QueryPlan request =
              page.cursor()
                  .map(cursor -> plan.startingAfter(Cursors.decode(listing, cursor, plan)))
                  .orElse(plan);
          QueryResult result = execution.read(request, meter);
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
            // Newest first, the profile comes after every photo: read it when the page stopped
            // first.
            boolean profileMayExist =
                order == SortOrder.NEWEST_FIRST
                    && (!result.items().isEmpty() || result.lastEvaluatedKey().isPresent());
            user =
                profileMayExist
                    ? hotKeys
                        .withTotals(execution.get(KeyLayout.user(username), meter), meter)
                        .map(ItemCodec::user)
                    : Optional.empty();
            if (user.isEmpty()) {
              throw UserNotFoundException.of(username);
            }
          }
          return new UserPhotos(
              user, new Page<>(photoItems.stream().map(ItemCodec::photo).toList(), next));
        });
  }

  @Override
  public Reaction reactTo(String reactor, PhotoId photo, ReactionType type) {
    Validation.username("reactor", reactor);
    Validation.photoId(photo);
    Validation.notNull("reaction type", type);
    Reaction reaction = new Reaction(reactor, photo, type, clock.instant());
    return execution.call(
        AccessPattern.REACT_TO,
        meter -> {
          hotKeys.react(reaction, meter);
          return reaction;
        });
  }

  @Override
  public PhotoReactions photoWithReactions(PhotoId photo, PageRequest page) {
    Validation.photoId(photo);
    Validation.page(page, PageRequest.MAX_SIZE);
    QueryPlan plan = ReactionPlans.photoWithReactions(photo, page.size());
    String listing = "photoWithReactions|" + plan.partitionValue();
    return execution.call(
        AccessPattern.PHOTO_WITH_REACTIONS,
        meter -> {
          Execution.Listing read = execution.page(listing, plan, page, meter);
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
        });
  }

  @Override
  public Follow follow(String follower, String followed) {
    Validation.username("follower", follower);
    Validation.username("followed", followed);
    Validation.notSame(follower, followed);
    Follow follow = new Follow(follower, followed, clock.instant());
    return execution.call(
        AccessPattern.FOLLOW,
        meter -> {
          if (!fanOuts.timelineFollow(follow, timelineThreshold(), meter)) {
            hotKeys.follow(follow, meter);
          }
          return follow;
        });
  }

  /** Followers below which a follow is a timeline follow: K, or the sharding threshold. */
  private long timelineThreshold() {
    return Math.min(fanOuts.setting().maxFollowers(), sharding.followersThreshold());
  }

  @Override
  public int fillTimeline(String reader) {
    Validation.username("reader", reader);
    return execution.call(
        AccessPattern.FILL_TIMELINE,
        meter -> fanOuts.fillTimeline(reader, timelineThreshold(), meter));
  }

  @Override
  public void unfollow(String follower, String followed) {
    Validation.username("follower", follower);
    Validation.username("followed", followed);
    Validation.notSame(follower, followed);
    execution.call(
        AccessPattern.UNFOLLOW,
        meter -> {
          fanOuts.unfollow(follower, followed, meter);
          return null;
        });
  }

  @Override
  public Page<Follow> followersOf(String username, PageRequest page) {
    Validation.username("username", username);
    Validation.page(page, PageRequest.MAX_SIZE);
    QueryPlan plan = FollowPlans.followersOf(username, page.size());
    String listing = "followersOf|" + plan.partitionValue();
    return execution.call(
        AccessPattern.FOLLOWERS_OF,
        meter -> {
          Execution.Listing read = execution.page(listing, plan, page, meter);
          return new Page<>(
              read.items().stream().map(ItemCodec::friendship).toList(), read.nextCursor());
        });
  }

  @Override
  public Page<User> followedBy(String username, PageRequest page) {
    Validation.username("username", username);
    Validation.page(page, Limits.MAX_BATCH_GET_KEYS);
    QueryPlan plan = FollowPlans.followedBy(username, page.size());
    String listing = "followedBy|" + plan.partitionValue();
    return execution.call(
        AccessPattern.FOLLOWED_BY,
        meter -> {
          Execution.Listing read = execution.page(listing, plan, page, meter);
          Key[] profileKeys = new Key[read.items().size()];
          for (int i = 0; i < profileKeys.length; i++) {
            profileKeys[i] = KeyLayout.user(ItemCodec.followedUser(read.items().get(i)));
          }
          List<Key> keys = List.of(profileKeys);
          Map<Key, Item> profiles = execution.batchGet(keys, meter);
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
        });
  }

  @Override
  public long importSnapshot(Snapshot snapshot, LongConsumer progress) {
    Validation.snapshot(snapshot, today());
    Validation.notNull("progress", progress);
    return execution.call(
        AccessPattern.IMPORT_SNAPSHOT, meter -> snapshots.importAll(snapshot, progress, meter));
  }

  @Override
  public void removeReaction(String reactor, PhotoId photo, ReactionType type) {
    Validation.username("reactor", reactor);
    Validation.photoId(photo);
    Validation.notNull("reaction type", type);
    execution.call(
        AccessPattern.REMOVE_REACTION,
        meter -> {
          if (!photoCascade.removeReaction(
              KeyLayout.reaction(reactor, type, photo), reactor, photo, type, meter)) {
            throw ReactionNotFoundException.of(reactor, photo, type);
          }
          return null;
        });
  }

  @Override
  public void deletePhoto(PhotoId id) {
    Validation.photoId(id);
    execution.call(
        AccessPattern.DELETE_PHOTO,
        meter -> {
          photoCascade.deletePhoto(id, meter);
          return null;
        });
  }

  @Override
  public void deleteUser(String username) {
    Validation.username("username", username);
    execution.call(
        AccessPattern.DELETE_USER,
        meter -> {
          accountCascade.closeAccount(username, meter);
          return null;
        });
  }

  @Override
  public boolean isFollowing(String follower, String followed) {
    Validation.username("follower", follower);
    Validation.username("followed", followed);
    Validation.notSame(follower, followed);
    return execution.call(
        AccessPattern.IS_FOLLOWING,
        meter -> execution.get(KeyLayout.friendship(followed, follower), meter).isPresent());
  }

  @Override
  public Set<ReactionType> reactionsLeftBy(String reactor, PhotoId photo) {
    Validation.username("reactor", reactor);
    Validation.photoId(photo);
    return execution.call(
        AccessPattern.REACTIONS_LEFT_BY,
        meter -> {
          Set<ReactionType> types = EnumSet.noneOf(ReactionType.class);
          for (Item item :
              execution.read(ReactionPlans.reactionsLeftBy(reactor, photo), meter).items()) {
            types.add(ItemCodec.reaction(item).type());
          }
          return Collections.unmodifiableSet(types);
        });
  }

  @Override
  public Page<Photo> homeFeed(String username, PageRequest page) {
    Validation.username("username", username);
    Validation.page(page, HomeFeed.MAX_PAGE);
    return execution.call(AccessPattern.HOME_FEED, meter -> homeFeed.page(username, page, meter));
  }

  @Override
  public TableSettings settings() {
    return new TableSettings(fanOuts.setting(), sharding);
  }

  @Override
  public Optional<TableSettings> recordedSettings() {
    return execution.call(
        AccessPattern.TABLE_SETTINGS,
        meter -> execution.get(TableSettingsItem.KEY, meter).flatMap(TableSettingsItem::settings));
  }

  @Override
  public void recordSettings(TableSettings settings) {
    Validation.notNull("settings", settings);
    execution.call(
        AccessPattern.TABLE_SETTINGS,
        meter ->
            execution.write(
                WritePlan.single(
                    new WriteAction.Put(
                        TableSettingsItem.item(settings, clock.instant()), ItemCondition.NONE),
                    () -> new QuickPhotosException("the settings item could not be written")),
                meter));
  }

  @Override
  public AuditReport audit(boolean fix, LongConsumer progress) {
    Validation.notNull("progress", progress);
    return execution.call(
        AccessPattern.AUDIT,
        meter ->
            new TableAudit(execution, photoCascade, accountCascade, fanOuts, clock, meter)
                .run(fix, progress));
  }

  private LocalDate today() {
    // LocalDate.ofInstant would build the UTC zone's rules on every call.
    return LocalDate.ofEpochDay(Math.floorDiv(clock.instant().getEpochSecond(), 86_400));
  }

  private static UnreadableItemException unexpected(Item item) {
    return new UnreadableItemException("unexpected item in listing: " + item.key());
  }
}
