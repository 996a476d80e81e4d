package io.quickphotos.internal.repository.cascade;

import io.quickphotos.Photo;
import io.quickphotos.PhotoId;
import io.quickphotos.PhotoNotFoundException;
import io.quickphotos.ReactionType;
import io.quickphotos.ServiceUnavailableException;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.ItemCondition;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.Limits;
import io.quickphotos.engine.QueryResult;
import io.quickphotos.engine.UpdateAction;
import io.quickphotos.engine.Value;
import io.quickphotos.engine.WriteAction;
import io.quickphotos.internal.repository.request.Cancellation;
import io.quickphotos.internal.repository.request.Meter;
import io.quickphotos.internal.repository.request.Reads;
import io.quickphotos.internal.repository.request.Requests;
import io.quickphotos.internal.repository.request.Retrier;
import io.quickphotos.internal.repository.request.Writes;
import io.quickphotos.internal.singletable.codec.ItemCodec;
import io.quickphotos.internal.singletable.hot.Shards;
import io.quickphotos.internal.singletable.layout.KeyLayout;
import io.quickphotos.internal.singletable.photo.PhotoPlans;
import io.quickphotos.internal.singletable.photo.ReactionPlans;
import io.quickphotos.internal.singletable.photo.ReactionQueries;
import io.quickphotos.internal.singletable.photo.ViewPlans;
import io.quickphotos.internal.singletable.plan.Counters;
import io.quickphotos.internal.singletable.plan.Plans;
import io.quickphotos.internal.singletable.plan.StepName;
import io.quickphotos.internal.singletable.plan.WritePlan;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The cascades that delete from a photo: removing one reaction (an unlink of one item and its
 * counter), and deleting a photo with its reactions, fenced to the incarnation of the photo it
 * marked first, so a cascade that resumes late, or runs beside another, never touches a new
 * photo that took the same id. Stateless apart from its collaborators; thread-safe if the engine
 * is.
 */
final class PhotoCascade {
  /** Reactions one cascade transaction deletes from one photo: the photo takes the last action. */
  static final int REACTIONS_PER_TRANSACTION = Limits.MAX_TRANSACTION_ACTIONS - 1;

  /** The steps of one of its transactions that delete reactions, by reaction. */
  private static final StepName[] REACTION =
      StepName.series("reaction", Limits.MAX_TRANSACTION_ACTIONS);

  /** The step of one of its transactions that writes the photo. */
  private static final StepName PHOTO = StepName.of("photo");

  private final Reads reads;
  private final Writes writes;
  private final Retrier retrier;
  private final CascadeSteps steps;
  private final ViewCascade views;

  PhotoCascade(Requests requests, CascadeSteps steps, ViewCascade views) {
    this.reads = requests.reads();
    this.writes = requests.writes();
    this.retrier = requests.retrier();
    this.steps = steps;
    this.views = views;
  }

  /**
   * Removes one reaction and takes one off its photo's counter, in one transaction; on a viral
   * (sharded) photo, off the shard the reactor's reaction went to, or another part that holds
   * one.
   *
   * @return whether this call deleted it (false: there was none)
   */
  boolean removeReaction(
      Key reaction, String reactor, PhotoId photo, ReactionType type, Meter meter) {
    CascadeSteps.Link link =
        new CascadeSteps.Link(
            reaction, KeyLayout.photo(photo), ReactionPlans.reactionCounter(type), reactor);
    return steps.unlink(List.of(link), count -> Optional.empty(), null, meter) > 0;
  }

  /** How one round of deleting a photo's reactions and the photo ended. */
  enum Round {
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
  void deletePhoto(PhotoId id, Meter meter) {
    Value marker = null;
    for (int attempt = 0; retrier.allows(attempt); attempt++) {
      Item photo;
      if (marker == null) {
        try {
          photo =
              writes.write(PhotoPlans.markDeleting(id, Plans.newCallToken()), meter).orElseThrow();
        } catch (PhotoNotFoundException e) {
          if (deleteLeftoverReactions(id, meter)) {
            return;
          }
          throw e;
        }
        marker = PhotoPlans.deletionMarker(photo).orElseThrow();
        if (Shards.isSharded(photo)) {
          Optional<Item> folded =
              steps.fold(photo, PhotoPlans.deletionMarkedBy(marker), null, meter);
          if (folded.isEmpty()) {
            return;
          }
          photo = folded.get();
        }
      } else {
        retrier.pauseBefore(attempt);
        Optional<Item> now = reads.get(KeyLayout.photo(id), meter);
        if (now.isEmpty() || !PhotoPlans.deletionMarker(now.get()).equals(Optional.of(marker))) {
          return;
        }
        photo = now.get();
      }
      try {
        if (deleteReactionsThenPhoto(
                ItemCodec.photo(photo), PhotoPlans.deletionMarkedBy(marker), null, meter)
            == Round.DONE) {
          return;
        }
      } catch (CascadeSteps.CascadeFenced e) {
        return;
      }
    }
    throw new ServiceUnavailableException(
        "photo "
            + id
            + (reads.indexMayLag()
                ? " still has reactions the index does not list yet"
                : " kept changing while it was deleted (other calls took its reactions)")
            + "; call deletePhoto again to finish",
        ServiceUnavailableException.Reason.INDEX_LAG,
        ServiceUnavailableException.Written.NOTHING,
        null);
  }

  /**
   * Deletes a photo's reactions and then the photo, each transaction fenced: by
   * {@code photoFence} on the photo's own action (its deletion marker), or by the closing
   * owner's {@code accountFence} as one more action.
   *
   * @param counters the photo as read when the round began, for its counters
   * @param photoFence the condition on every write of the photo item
   * @param accountFence the closing owner's fence, or null
   * @return {@link Round#AGAIN} if something the counters did not expect turned up
   * @throws CascadeSteps.CascadeFenced if a fence failed
   */
  Round deleteReactionsThenPhoto(
      Photo counters,
      ItemCondition photoFence,
      CascadeSteps.AccountFence accountFence,
      Meter meter) {
    PhotoId id = counters.id();
    // Its view marks first, with its view counters: the photo's delete requires none left.
    if (!views.deleteViewsOf(id, counters.uniqueViewers(), photoFence, accountFence, meter)) {
      return Round.AGAIN;
    }
    Map<ReactionType, Long> left = new EnumMap<>(counters.reactions());
    int perTransaction = REACTIONS_PER_TRANSACTION - (accountFence == null ? 0 : 1);
    while (true) {
      List<WritePlan.Step> actions = new ArrayList<>(perTransaction + 2);
      boolean last;
      Map<ReactionType, Long> found = new EnumMap<>(ReactionType.class);
      if (left.values().stream().allMatch(count -> count == 0)) {
        WriteAction photo =
            new WriteAction.Delete(
                KeyLayout.photo(id),
                ItemCondition.and(
                    photoFence,
                    ReactionPlans.noReactions(),
                    ViewPlans.noViewers(),
                    Shards.notSharded()));
        if (accountFence == null) {
          // Alone, the photo's DeleteItem needs no transaction (which would bill it twice).
          return writes.tryWrite(photo, meter) ? Round.DONE : Round.AGAIN;
        }
        last = true;
        actions.add(new WritePlan.Step(PHOTO, photo));
      } else {
        QueryResult page = reads.query(ReactionQueries.reactionsOn(id, perTransaction), meter);
        if (page.items().isEmpty()) {
          return Round.AGAIN;
        }
        for (Item item : page.items()) {
          found.merge(ItemCodec.reaction(item).type(), 1L, Long::sum);
          actions.add(
              new WritePlan.Step(
                  REACTION[actions.size()],
                  new WriteAction.Delete(item.key(), ItemCondition.EXISTS)));
        }
        last = page.lastEvaluatedKey().isEmpty() && sameCounts(found, left);
        if (last) {
          actions.add(
              new WritePlan.Step(
                  PHOTO,
                  new WriteAction.Delete(
                      KeyLayout.photo(id),
                      ItemCondition.and(
                          photoFence,
                          ReactionPlans.reactionCountsAre(left),
                          ViewPlans.noViewers(),
                          Shards.notSharded()))));
        } else {
          List<UpdateAction> downs = new ArrayList<>();
          found.forEach(
              (type, count) ->
                  downs.add(new UpdateAction.Add(ReactionPlans.reactionCounter(type), -count)));
          actions.add(
              new WritePlan.Step(
                  PHOTO,
                  new WriteAction.Update(KeyLayout.photo(id), Counters.change(downs), photoFence)));
        }
      }
      if (accountFence != null) {
        actions.add(new WritePlan.Step(CascadeSteps.FENCE, accountFence.check()));
      }
      Optional<Cancellation> cancelled = writes.transact(WritePlan.transaction(actions), meter);
      if (cancelled.isPresent()) {
        if (cancelled.get().failed(CascadeSteps.FENCE)) {
          throw CascadeSteps.CascadeFenced.INSTANCE;
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

  /** The condition of deleting a photo that counts nothing: no reaction, viewer or shard. */
  static final ItemCondition BARE =
      ItemCondition.and(ReactionPlans.noReactions(), ViewPlans.noViewers(), Shards.notSharded());

  /**
   * Whether a photo as read counts nothing that has items of its own: it is deleted alone, on
   * condition {@link #BARE}.
   *
   * @param photo the photo as read
   * @return true if it counts no reaction and no viewer
   */
  static boolean isBare(Photo photo) {
    return photo.uniqueViewers() == 0
        && photo.reactions().values().stream().allMatch(count -> count == 0);
  }

  private static boolean sameCounts(
      Map<ReactionType, Long> found, Map<ReactionType, Long> expected) {
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
    for (int round = 0; retrier.allows(round); round++) {
      QueryResult page =
          reads.query(ReactionQueries.reactionsOn(id, Limits.MAX_TRANSACTION_ACTIONS - 1), meter);
      if (page.items().isEmpty()) {
        return any;
      }
      List<WriteAction> actions = new ArrayList<>(page.items().size() + 1);
      actions.add(new WriteAction.Check(KeyLayout.photo(id), ItemCondition.ABSENT));
      for (Item item : page.items()) {
        actions.add(new WriteAction.Delete(item.key(), ItemCondition.NONE));
      }
      if (!writes.transact(actions, meter)) {
        return any;
      }
      any = true;
    }
    throw new ServiceUnavailableException(
        "reactions of deleted photo " + id + " keep appearing; call deletePhoto again to finish",
        ServiceUnavailableException.Reason.INDEX_LAG,
        ServiceUnavailableException.Written.NOTHING,
        null);
  }
}
