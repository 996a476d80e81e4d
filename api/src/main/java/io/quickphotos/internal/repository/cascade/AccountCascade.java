package io.quickphotos.internal.repository.cascade;

import io.quickphotos.Photo;
import io.quickphotos.ReactionType;
import io.quickphotos.ServiceUnavailableException;
import io.quickphotos.engine.AttributePath;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.ItemCondition;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.Limits;
import io.quickphotos.engine.QueryPlan;
import io.quickphotos.engine.QueryResult;
import io.quickphotos.engine.WriteAction;
import io.quickphotos.internal.repository.request.Cancellation;
import io.quickphotos.internal.repository.request.Meter;
import io.quickphotos.internal.repository.request.Reads;
import io.quickphotos.internal.repository.request.Requests;
import io.quickphotos.internal.repository.request.Retrier;
import io.quickphotos.internal.repository.request.Writes;
import io.quickphotos.internal.singletable.codec.ItemCodec;
import io.quickphotos.internal.singletable.feed.FollowPlans;
import io.quickphotos.internal.singletable.feed.TimelineQueries;
import io.quickphotos.internal.singletable.feed.Timelines;
import io.quickphotos.internal.singletable.hot.Shards;
import io.quickphotos.internal.singletable.layout.KeyLayout;
import io.quickphotos.internal.singletable.photo.PhotoPlans;
import io.quickphotos.internal.singletable.photo.ReactionPlans;
import io.quickphotos.internal.singletable.photo.ViewPlans;
import io.quickphotos.internal.singletable.plan.Counters;
import io.quickphotos.internal.singletable.plan.Plans;
import io.quickphotos.internal.singletable.plan.StepName;
import io.quickphotos.internal.singletable.plan.WritePlan;
import io.quickphotos.internal.singletable.user.UserPlans;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * deleteUser's cascade: closing an account with everything it owns and every link to it, fenced
 * to the incarnation of the account it marked first, so a cascade that resumes late, or runs
 * beside another, never touches a new account that took the name. Stateless apart from its
 * collaborators; thread-safe if the engine is.
 */
final class AccountCascade {
  /** The steps of a transaction of the account's photos that delete a photo, by photo. */
  private static final StepName[] PHOTO = StepName.series("photo", Limits.MAX_TRANSACTION_ACTIONS);

  private final Reads reads;
  private final Writes writes;
  private final Retrier retrier;
  private final CascadeSteps steps;
  private final PhotoCascade photos;
  private final PrivacyLinks privacy;
  private final ViewCascade views;

  AccountCascade(Requests requests, CascadeSteps steps, PhotoCascade photos, ViewCascade views) {
    this.reads = requests.reads();
    this.writes = requests.writes();
    this.retrier = requests.retrier();
    this.steps = steps;
    this.photos = photos;
    this.privacy = new PrivacyLinks(requests, steps);
    this.views = views;
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
    Item marked =
        writes.write(UserPlans.markClosing(username, Plans.newCallToken()), meter).orElseThrow();
    CascadeSteps.AccountFence fence =
        new CascadeSteps.AccountFence(
            KeyLayout.user(username), UserPlans.closingMarker(marked).orElseThrow());
    if (Shards.isSharded(marked)
        && steps.fold(marked, UserPlans.closingMarkedBy(fence.marker()), null, meter).isEmpty()) {
      return;
    }
    // What the account's profile records of the hybrid feed decides what to clean up, whatever
    // this repository's own setting: an author's audience and pending fan-outs, a member's
    // places in others' audiences.
    boolean author = Timelines.everHadAudience(marked);
    boolean member = Timelines.everAMember(marked);
    try {
      // Its requests and blocks, where its profile says it ever had some.
      List<QueryPlan> privacyPlans = PrivacyLinks.listings(username, marked);
      FirstPages first = FirstPages.read(reads, username, author, member, privacyPlans, meter);
      // Photos first: until the cascade marks the account, others may still react to them.
      deletePhotosOf(username, fence, first.photos(), meter);
      for (ReactionType type : ReactionType.values()) {
        QueryResult page;
        QueryResult read = first.reactions().get(type.ordinal());
        ListingPages pages = new ListingPages(first.reactionListings().get(type.ordinal()), true);
        do {
          page = read != null ? read : reads.query(pages.next(), meter);
          read = null;
          List<CascadeSteps.Link> links = new ArrayList<>();
          for (Item item : page.items()) {
            links.add(
                new CascadeSteps.Link(
                    item.key(),
                    KeyLayout.photo(ItemCodec.reaction(item).photo()),
                    ReactionPlans.reactionCounter(type),
                    username));
          }
          steps.unlink(links, count -> Optional.of(fence.check()), fence, meter);
        } while (pages.advance(page));
      }
      if (ViewPlans.everViewed(marked)) {
        views.deleteViewsBy(username, fence, meter);
      }
      for (int attempt = 0; retrier.allows(attempt); attempt++) {
        retrier.pauseBefore(attempt);
        // The first round starts from the pages read with the others; later rounds read again.
        // Follows to and from a closing account are refused: no new audience item appears, but
        // the index may not list one yet, which the profile's counters then still count.
        if (author) {
          deleteFanOutItems(username, true, attempt == 0 ? first.audience() : null, fence, meter);
        }
        if (member) {
          deleteFanOutItems(
              username, false, attempt == 0 ? first.memberships() : null, fence, meter);
        }
        unlinkFriendships(
            username,
            fence,
            attempt == 0 ? first.followers() : null,
            attempt == 0 ? first.followed() : null,
            meter);
        privacy.unlink(
            username,
            fence,
            privacyPlans,
            attempt == 0
                ? first.privacy()
                : java.util.Collections.nCopies(PrivacyLinks.LISTINGS, (QueryResult) null),
            meter);
        if (writes.tryWrite(UserPlans.deleteClosedProfile(username, fence.marker()), meter)) {
          return;
        }
        // Gone or replaced: finished. Otherwise a friendship the index did not list yet still
        // counts: another round.
        steps.stopIfReplaced(fence, meter);
      }
    } catch (CascadeSteps.CascadeFenced e) {
      return;
    }
    throw new ServiceUnavailableException(
        "user "
            + username
            + (reads.indexMayLag()
                ? " still has friendships the index does not list yet"
                : "'s friendships kept changing while the account was closed")
            + "; call deleteUser again to finish",
        ServiceUnavailableException.Reason.INDEX_LAG,
        ServiceUnavailableException.Written.NOTHING,
        null);
  }

  /**
   * Deletes a closing account's photos, the first page again and again until none is left:
   * photos without reactions in one transaction, the others one by one with their reactions.
   * A closing owner's photos take no new reactions, so the counters read with the page are
   * what to delete; a concurrent deletePhoto of one of them changes them, and the page is read
   * again. So does a photo switched to shards after the page was read (by a reaction that met it
   * at the threshold before the account was marked): its delete requires it unsharded, and the
   * page read again folds it first.
   */
  private void deletePhotosOf(
      String username, CascadeSteps.AccountFence fence, QueryResult firstPage, Meter meter) {
    int again = 0;
    QueryResult page;
    QueryResult read = firstPage;
    ListingPages pages =
        new ListingPages(PhotoPlans.photosOf(username, Limits.MAX_TRANSACTION_ACTIONS - 1), true);
    boolean changed;
    boolean more;
    do {
      changed = false;
      QueryPlan current = pages.next();
      page = read != null ? read : reads.query(current, meter);
      read = null;
      List<WritePlan.Step> bare = new ArrayList<>();
      for (Item item : page.items()) {
        if (Shards.isSharded(item)) {
          // Its counts go back onto the photo first; the page is read again after. A fold that
          // ends because a deletePhoto marked or deleted the photo meanwhile ends only that
          // photo's turn: the page read again shows what is left of it. Only the account gone
          // or replaced ends the cascade.
          if (steps.fold(item, ItemCondition.EXISTS, fence, meter).isEmpty()) {
            steps.stopIfReplaced(fence, meter);
          }
          changed = true;
          continue;
        }
        Photo photo = ItemCodec.photo(item);
        if (PhotoCascade.isBare(photo)) {
          bare.add(
              new WritePlan.Step(
                  PHOTO[bare.size()], new WriteAction.Delete(item.key(), PhotoCascade.BARE)));
        } else if (photos.deleteReactionsThenPhoto(photo, ItemCondition.EXISTS, fence, meter)
            == PhotoCascade.Round.AGAIN) {
          changed = true;
        }
      }
      if (!bare.isEmpty()) {
        bare.add(new WritePlan.Step(CascadeSteps.FENCE, fence.check()));
        Optional<Cancellation> cancelled = writes.transact(WritePlan.transaction(bare), meter);
        if (cancelled.isPresent()) {
          if (cancelled.get().failed(CascadeSteps.FENCE)) {
            throw CascadeSteps.CascadeFenced.INSTANCE;
          }
          // A photo counted a reaction after this read: read again.
          changed = true;
        }
      }
      more = pages.advance(page);
      if (changed) {
        if (!retrier.allows(++again)) {
          throw new ServiceUnavailableException(
              "photos of " + username + " keep changing; call deleteUser again to finish",
              ServiceUnavailableException.Reason.CONTENTION,
              ServiceUnavailableException.Written.NOTHING,
              null);
        }
        retrier.pauseBefore(again);
        pages.again(current);
      }
    } while (more || changed);
  }

  /**
   * Deletes the hybrid feed's items of a closing account, page after page: as an author, its
   * audience (each member's {@code memberships} taken down with it, and the account's own
   * {@code audience} by as many, in one transaction) and its pending fan-outs; as a member, its
   * places in others' audiences (each author's {@code audience} taken down, and the account's
   * own {@code memberships}). Items of the version before these were counted, and pending
   * fan-outs, are deleted beside the fence alone. Its timeline is left to expire: entries count
   * nothing and a reader skips those it does not follow by timeline.
   *
   * @param asAuthor true for the account's audience and pending fan-outs, false for its places
   *     in others' audiences
   * @param firstPage the first page, if already read
   */
  private void deleteFanOutItems(
      String username,
      boolean asAuthor,
      QueryResult firstPage,
      CascadeSteps.AccountFence fence,
      Meter meter) {
    Key account = KeyLayout.user(username);
    QueryPlan plan = asAuthor ? audienceAndPending(username) : memberships(username);
    AttributePath own = asAuthor ? Timelines.audienceCounter() : Timelines.membershipsCounter();
    AttributePath theirs = asAuthor ? Timelines.membershipsCounter() : Timelines.audienceCounter();
    QueryResult read = firstPage;
    while (true) {
      QueryResult page = read != null ? read : reads.query(plan, meter);
      read = null;
      List<CascadeSteps.Link> links = new ArrayList<>();
      List<WriteAction> uncounted = new ArrayList<>();
      for (Item item : page.items()) {
        boolean counted =
            ItemCodec.kindOf(item) == ItemCodec.Entity.AUDIENCE
                && Timelines.windowOf(item).isPresent();
        if (counted) {
          String other = asAuthor ? Timelines.memberOf(item) : Timelines.authorOf(item);
          links.add(new CascadeSteps.Link(item.key(), KeyLayout.user(other), theirs, username));
        } else if (ItemCodec.kindOf(item) != ItemCodec.Entity.OTHER) {
          uncounted.add(new WriteAction.Delete(item.key(), ItemCondition.NONE));
        }
      }
      if (!links.isEmpty()) {
        steps.unlink(
            links, count -> Optional.of(ownCounterDown(account, own, count, fence)), fence, meter);
      }
      if (!uncounted.isEmpty()) {
        uncounted.add(fence.check());
        if (!writes.transact(uncounted, meter)) {
          // Only the fence has a condition: the account is gone or replaced.
          throw CascadeSteps.CascadeFenced.INSTANCE;
        }
      }
      if (page.lastEvaluatedKey().isEmpty()) {
        return;
      }
      plan = plan.startingAfter(page.lastEvaluatedKey().get());
    }
  }

  /** An account's audience and pending fan-outs, a transaction's worth of links a page. */
  static QueryPlan audienceAndPending(String username) {
    return Timelines.audienceAndPending(username, CascadeSteps.LINKS_PER_TRANSACTION);
  }

  /** An account's places in others' audiences, a transaction's worth of links a page. */
  static QueryPlan memberships(String username) {
    return TimelineQueries.memberships(username, CascadeSteps.LINKS_PER_TRANSACTION);
  }

  /**
   * Unlinks the friendships to and from a closing account, page by page, starting from the
   * given first pages where there are (null: read them).
   */
  private void unlinkFriendships(
      String username,
      CascadeSteps.AccountFence fence,
      QueryResult followersPage,
      QueryResult followedPage,
      Meter meter) {
    // Its followers: each friendship takes one off the follower's following, and the account's
    // followers go down by the page's count.
    unlinkPages(
        username,
        followersPage,
        FollowPlans.followersOf(username, CascadeSteps.LINKS_PER_TRANSACTION),
        item -> {
          String follower = ItemCodec.friendship(item).follower();
          return new CascadeSteps.Link(
              item.key(), KeyLayout.user(follower), UserPlans.followingCounter(), follower);
        },
        UserPlans.followersCounter(),
        fence,
        meter);
    // The users it follows: each takes one off the followed user's followers, and the account's
    // following goes down by the page's count.
    unlinkPages(
        username,
        followedPage,
        FollowPlans.followedBy(username, CascadeSteps.LINKS_PER_TRANSACTION),
        item ->
            new CascadeSteps.Link(
                item.key(),
                KeyLayout.user(ItemCodec.followedUser(item)),
                UserPlans.followersCounter(),
                username),
        UserPlans.followingCounter(),
        fence,
        meter);
  }

  /**
   * Unlinks every page of one listing of friendships: the given first page (null: read it), then
   * each next page, read again from the start as the unlinked ones are gone.
   */
  private void unlinkPages(
      String username,
      QueryResult firstPage,
      QueryPlan listing,
      Function<Item, CascadeSteps.Link> link,
      AttributePath ownCounter,
      CascadeSteps.AccountFence fence,
      Meter meter) {
    Key account = KeyLayout.user(username);
    QueryResult page;
    QueryResult read = firstPage;
    ListingPages pages = new ListingPages(listing, true);
    do {
      page = read != null ? read : reads.query(pages.next(), meter);
      read = null;
      List<CascadeSteps.Link> links = new ArrayList<>();
      for (Item item : page.items()) {
        links.add(link.apply(item));
      }
      steps.unlink(
          links,
          count -> Optional.of(ownCounterDown(account, ownCounter, count, fence)),
          fence,
          meter);
    } while (pages.advance(page));
  }

  private static WriteAction ownCounterDown(
      Key account, AttributePath counter, int count, CascadeSteps.AccountFence fence) {
    return new WriteAction.Update(
        account,
        Counters.add(counter, -count),
        fence.and(new ItemCondition.AtLeast(counter, count)));
  }
}
