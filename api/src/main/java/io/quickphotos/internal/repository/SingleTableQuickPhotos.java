package io.quickphotos.internal.repository;

import io.quickphotos.AccessPattern;
import io.quickphotos.AuditReport;
import io.quickphotos.Block;
import io.quickphotos.Follow;
import io.quickphotos.FollowRequest;
import io.quickphotos.NewPhoto;
import io.quickphotos.NewUser;
import io.quickphotos.Page;
import io.quickphotos.PageRequest;
import io.quickphotos.Photo;
import io.quickphotos.PhotoEdit;
import io.quickphotos.PhotoId;
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
import io.quickphotos.UserPhotos;
import io.quickphotos.ViewerReads;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.ItemCondition;
import io.quickphotos.engine.Table;
import io.quickphotos.engine.WriteAction;
import io.quickphotos.internal.repository.activity.Inbox;
import io.quickphotos.internal.repository.audit.TableAudit;
import io.quickphotos.internal.repository.bulk.RawItems;
import io.quickphotos.internal.repository.bulk.SnapshotItems;
import io.quickphotos.internal.repository.cascade.Cascades;
import io.quickphotos.internal.repository.edit.Edits;
import io.quickphotos.internal.repository.feed.Feeds;
import io.quickphotos.internal.repository.hot.HotKeys;
import io.quickphotos.internal.repository.listing.Listings;
import io.quickphotos.internal.repository.privacy.Privacy;
import io.quickphotos.internal.repository.request.Calls;
import io.quickphotos.internal.repository.request.Meter;
import io.quickphotos.internal.repository.request.RequestPool;
import io.quickphotos.internal.repository.request.Requests;
import io.quickphotos.internal.repository.request.Retrier;
import io.quickphotos.internal.repository.validation.ReadChecks;
import io.quickphotos.internal.repository.validation.SnapshotValidation;
import io.quickphotos.internal.repository.validation.Validation;
import io.quickphotos.internal.singletable.codec.ItemCodec;
import io.quickphotos.internal.singletable.codec.TableSettingsItem;
import io.quickphotos.internal.singletable.plan.Plans;
import io.quickphotos.internal.singletable.plan.WritePlan;
import io.quickphotos.internal.singletable.user.UserPlans;
import java.time.Clock;
import java.time.LocalDate;
import java.util.Optional;
import java.util.Set;
import java.util.function.LongConsumer;

/**
 * The one {@link QuickPhotos} implementation, as a facade: each method checks its arguments with
 * the {@code validation} room ({@link Validation}; {@link ReadChecks} for the reads served both
 * trusted and for a viewer: bad input fails the same on every backend and writes nothing), then
 * hands its access pattern to the room that serves it — a plan of {@code internal.singletable}
 * sent through the {@code request} room, the request layer ({@link Requests}), or a feature's
 * entry point: {@code hot} ({@link HotKeys}), {@code feed} ({@link Feeds}), {@code cascade}
 * ({@link Cascades}), {@code listing} ({@link Listings}), {@code privacy} ({@link Privacy}, through
 * {@link PrivacyCalls} for who may see what and {@link ViewerCalls} for the reads for a viewer),
 * {@code edit} ({@link Edits}), {@code activity} (the inbox, {@code Inbox}, through {@link
 * ActivityCalls}), {@code audit} ({@link TableAudit}) and {@code bulk} ({@link RawItems}, {@link
 * SnapshotItems}) — inside one {@link Calls#call} that meters it and maps its failures. Built
 * only by {@link Repositories#create}.
 *
 * <p>Thread-safe if the engine is; holds no per-call state.
 */
final class SingleTableQuickPhotos extends ViewCalls implements QuickPhotos {
  private final Requests requests;
  private final Calls calls;
  private final HotKeys hotKeys;
  private final Feeds feeds;
  private final Cascades cascades;
  private final Listings listings;
  private final SnapshotItems snapshots;
  private final Sharding sharding;
  private final Clock clock;
  private final RawItems rawItems;
  private final Privacy privacy;
  private final PrivacyCalls privacyCalls;
  private final Edits edits;

  /**
   * Creates a repository over an engine.
   *
   * @param table the engine executing the plans
   * @param options cost listener, clock, retry policy and settings
   * @param retrier the retry budget, from the options' policy
   * @param bare the same table without the decorations of this repository alone, for its tools
   */
  SingleTableQuickPhotos(Table table, RepositoryOptions options, Retrier retrier, Table bare) {
    this.sharding = options.sharding();
    this.clock = options.clock();
    RequestPool pool = new RequestPool(options.parallelism(), options.executor());
    this.hotKeys =
        new HotKeys(
            sharding,
            options.hotReadStaleness(),
            clock,
            watcher -> Requests.over(table, options.costListener(), retrier, pool, watcher));
    this.requests = hotKeys.requests();
    this.calls = requests.calls();
    this.feeds = new Feeds(requests, hotKeys, options.fanOut(), sharding, clock);
    this.cascades = new Cascades(requests);
    this.listings = new Listings(requests, hotKeys);
    this.privacy = new Privacy(requests, hotKeys, feeds, listings, cascades, clock);
    this.privacyCalls = new PrivacyCalls(calls, privacy);
    this.snapshots = new SnapshotItems(requests.batches());
    // Items loaded around the repository may change any hot key: it then serves none it kept.
    this.rawItems = new RawItems(bare, options.retryPolicy(), hotKeys::forgetKept);
    this.edits = new Edits(requests);
    serveViews(calls, hotKeys, listings, clock);
    serveActivity(calls, new Inbox(requests, clock));
  }

  /** The table as items, for tools: see {@link Repositories#rawItems}. */
  RawItems rawItems() {
    return rawItems;
  }

  @Override
  public User createUser(NewUser user) {
    Validation.newUser(user, today());
    // One token per call: every attempt of this call's PutItem carries it, and no other call's.
    WritePlan plan = UserPlans.createUser(user, Plans.newCallToken());
    return calls.call(
        AccessPattern.CREATE_USER,
        meter -> ItemCodec.user(requests.writes().write(plan, meter).orElseThrow()));
  }

  @Override
  public Optional<User> getUser(String username) {
    ReadChecks.getUser(username);
    return calls.call(
        AccessPattern.GET_USER, meter -> hotKeys.user(username, meter).map(ItemCodec::user));
  }

  @Override
  public User updateProfile(String username, ProfileUpdate update) {
    Validation.username("username", username);
    Validation.profileUpdate(update, today());
    return calls.call(
        AccessPattern.UPDATE_PROFILE,
        // The answer is this call's own write: its image, with counts read after it.
        meter -> {
          Item written =
              privacy.update(() -> edits.updateProfile(username, update, meter), update, meter);
          return ItemCodec.user(
              update.visibility().isPresent()
                  ? privacy.afterUpdate(written, update.visibility().get(), meter)
                  : hotKeys.afterProfileUpdate(written, meter));
        });
  }

  @Override
  public Photo uploadPhoto(NewPhoto photo) {
    Validation.newPhoto(photo);
    return calls.call(AccessPattern.UPLOAD_PHOTO, meter -> feeds.upload(photo, meter));
  }

  @Override
  public void editPhoto(PhotoId id, PhotoEdit edit) {
    Validation.photoId(id);
    Validation.photoEdit(edit);
    run(AccessPattern.EDIT_PHOTO, meter -> edits.editPhoto(id, edit, meter));
  }

  @Override
  public Optional<Photo> getPhoto(PhotoId id) {
    ReadChecks.getPhoto(id);
    return calls.call(
        AccessPattern.GET_PHOTO, meter -> hotKeys.photo(id, meter).map(ItemCodec::photo));
  }

  @Override
  public UserPhotos userWithPhotos(String username, SortOrder order, PageRequest page) {
    ReadChecks.userWithPhotos(username, order, page);
    return calls.call(
        AccessPattern.USER_WITH_PHOTOS,
        meter -> listings.userWithPhotos(username, order, page, meter));
  }

  @Override
  public Reaction reactTo(String reactor, PhotoId photo, ReactionType type) {
    Validation.username("reactor", reactor);
    Validation.photoId(photo);
    Validation.notNull("reaction type", type);
    Reaction reaction = new Reaction(reactor, photo, type, clock.instant());
    return calls.call(
        AccessPattern.REACT_TO,
        meter -> {
          hotKeys.react(reaction, meter);
          return reaction;
        });
  }

  @Override
  public PhotoReactions photoWithReactions(PhotoId photo, PageRequest page) {
    ReadChecks.photoWithReactions(photo, page);
    return calls.call(
        AccessPattern.PHOTO_WITH_REACTIONS,
        meter -> listings.photoWithReactions(photo, page, meter));
  }

  @Override
  public Follow follow(String follower, String followed) {
    Validation.username("follower", follower);
    Validation.username("followed", followed);
    Validation.notSame(follower, followed);
    Follow follow = new Follow(follower, followed, clock.instant());
    return calls.call(AccessPattern.FOLLOW, meter -> privacy.follow(follow, meter));
  }

  @Override
  public int fillTimeline(String reader) {
    Validation.username("reader", reader);
    return calls.call(AccessPattern.FILL_TIMELINE, meter -> feeds.fillTimeline(reader, meter));
  }

  @Override
  public void unfollow(String follower, String followed) {
    Validation.username("follower", follower);
    Validation.username("followed", followed);
    Validation.notSame(follower, followed);
    run(AccessPattern.UNFOLLOW, meter -> feeds.unfollow(follower, followed, meter));
  }

  @Override
  public Follow approveRequest(String account, String requester) {
    return privacyCalls.approveRequest(account, requester);
  }

  @Override
  public void declineRequest(String account, String requester) {
    privacyCalls.declineRequest(account, requester);
  }

  @Override
  public void withdrawRequest(String requester, String account) {
    privacyCalls.withdrawRequest(requester, account);
  }

  @Override
  public Page<FollowRequest> followRequestsOf(String account, PageRequest page) {
    return privacyCalls.followRequestsOf(account, page);
  }

  @Override
  public void block(String blocker, String blocked) {
    privacyCalls.block(blocker, blocked);
  }

  @Override
  public boolean unblock(String blocker, String blocked) {
    return privacyCalls.unblock(blocker, blocked);
  }

  @Override
  public Page<Block> blocksOf(String blocker, PageRequest page) {
    return privacyCalls.blocksOf(blocker, page);
  }

  @Override
  public ViewerReads as(String viewer) {
    return new ViewerCalls(viewer, calls, privacy);
  }

  @Override
  public Page<Follow> followersOf(String username, PageRequest page) {
    ReadChecks.followersOf(username, page);
    return calls.call(
        AccessPattern.FOLLOWERS_OF, meter -> listings.followersOf(username, page, meter));
  }

  @Override
  public Page<User> followedBy(String username, PageRequest page) {
    ReadChecks.followedBy(username, page);
    return calls.call(
        AccessPattern.FOLLOWED_BY, meter -> listings.followedBy(username, page, meter));
  }

  @Override
  public long importSnapshot(Snapshot snapshot, LongConsumer progress) {
    SnapshotValidation.snapshot(snapshot, today());
    Validation.notNull("progress", progress);
    return calls.call(
        AccessPattern.IMPORT_SNAPSHOT, meter -> snapshots.importAll(snapshot, progress, meter));
  }

  @Override
  public void removeReaction(String reactor, PhotoId photo, ReactionType type) {
    Validation.username("reactor", reactor);
    Validation.photoId(photo);
    Validation.notNull("reaction type", type);
    calls.call(
        AccessPattern.REMOVE_REACTION,
        meter -> {
          if (!cascades.removeReaction(reactor, photo, type, meter)) {
            throw ReactionNotFoundException.of(reactor, photo, type);
          }
          return null;
        });
  }

  @Override
  public void deletePhoto(PhotoId id) {
    Validation.photoId(id);
    run(AccessPattern.DELETE_PHOTO, meter -> cascades.deletePhoto(id, meter));
  }

  @Override
  public void deleteUser(String username) {
    Validation.username("username", username);
    run(AccessPattern.DELETE_USER, meter -> cascades.closeAccount(username, meter));
  }

  @Override
  public boolean isFollowing(String follower, String followed) {
    ReadChecks.isFollowing(follower, followed);
    return calls.call(
        AccessPattern.IS_FOLLOWING, meter -> listings.isFollowing(follower, followed, meter));
  }

  @Override
  public Set<ReactionType> reactionsLeftBy(String reactor, PhotoId photo) {
    ReadChecks.reactionsLeftBy(reactor, photo);
    return calls.call(
        AccessPattern.REACTIONS_LEFT_BY, meter -> listings.reactionsLeftBy(reactor, photo, meter));
  }

  @Override
  public Page<Photo> homeFeed(String username, PageRequest page) {
    Validation.username("username", username);
    ReadChecks.homeFeed(page, Feeds.MAX_PAGE);
    return calls.call(AccessPattern.HOME_FEED, meter -> feeds.page(username, page, meter));
  }

  @Override
  public TableSettings settings() {
    return new TableSettings(feeds.setting(), sharding);
  }

  @Override
  public Optional<TableSettings> recordedSettings() {
    return calls.call(
        AccessPattern.TABLE_SETTINGS,
        meter ->
            requests
                .reads()
                .get(TableSettingsItem.KEY, meter)
                .flatMap(TableSettingsItem::settings));
  }

  @Override
  public void recordSettings(TableSettings settings) {
    Validation.notNull("settings", settings);
    WritePlan plan =
        WritePlan.single(
            new WriteAction.Put(
                TableSettingsItem.item(settings, clock.instant()), ItemCondition.NONE),
            () -> new QuickPhotosException("the settings item could not be written"));
    run(AccessPattern.TABLE_SETTINGS, meter -> requests.writes().write(plan, meter));
  }

  @Override
  public AuditReport audit(boolean fix, LongConsumer progress) {
    Validation.notNull("progress", progress);
    return calls.call(
        AccessPattern.AUDIT,
        meter ->
            new TableAudit(requests, cascades, feeds, privacy, clock, meter).run(fix, progress));
  }

  /** One call that answers nothing. */
  private void run(AccessPattern pattern, java.util.function.Consumer<Meter> body) {
    calls.call(
        pattern,
        meter -> {
          body.accept(meter);
          return null;
        });
  }

  private LocalDate today() {
    // LocalDate.ofInstant would build the UTC zone's rules on every call.
    return LocalDate.ofEpochDay(Math.floorDiv(clock.instant().getEpochSecond(), 86_400));
  }
}
