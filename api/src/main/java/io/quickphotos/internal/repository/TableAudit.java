package io.quickphotos.internal.repository;

import io.quickphotos.AuditFinding;
import io.quickphotos.AuditFinding.Kind;
import io.quickphotos.AuditReport;
import io.quickphotos.Follow;
import io.quickphotos.Photo;
import io.quickphotos.PhotoId;
import io.quickphotos.QuickPhotosException;
import io.quickphotos.Reaction;
import io.quickphotos.ReactionType;
import io.quickphotos.User;
import io.quickphotos.UserStatus;
import io.quickphotos.engine.AttributePath;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.ItemCondition;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.Limits;
import io.quickphotos.engine.QueryPlan;
import io.quickphotos.engine.QueryResult;
import io.quickphotos.engine.ScanPlan;
import io.quickphotos.engine.UpdateAction;
import io.quickphotos.engine.Value;
import io.quickphotos.engine.WriteAction;
import io.quickphotos.internal.singletable.FollowPlans;
import io.quickphotos.internal.singletable.ItemCodec;
import io.quickphotos.internal.singletable.KeyLayout;
import io.quickphotos.internal.singletable.PhotoPlans;
import io.quickphotos.internal.singletable.ReactionPlans;
import io.quickphotos.internal.singletable.Shards;
import io.quickphotos.internal.singletable.UserPlans;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongConsumer;

/**
 * {@code QuickPhotos.audit}: a parallel Scan that tallies every item, the checks of the tally
 * (counters against their items, references to users and photos, unfinished deletes), and the
 * conditional writes that mend what it found. One instance per call; the scanning threads are
 * the call's own and end with it.
 *
 * <p>Fixes run in an order that lets one run converge: dangling items first (a delete fenced by
 * a ConditionCheck that what they refer to is still absent; counters are left to the next step),
 * then counters (read, count again, set on condition the counter still holds what was read),
 * then unfinished deletes (their own fenced cascades, which need the counters right).
 */
final class TableAudit {
  /** Segments of the parallel Scan, each read by its own thread. */
  static final int SEGMENTS = 4;

  /** Items per Scan page. */
  static final int PAGE = 1000;

  private final Execution execution;
  private final PhotoCascade photoCascade;
  private final AccountCascade accountCascade;
  private final Meter meter;

  /** Counters whose items this run deleted as dangling: the Scan's count less these. */
  private final Map<String, Long> removed = new HashMap<>();

  TableAudit(
      Execution execution, PhotoCascade photoCascade, AccountCascade accountCascade, Meter meter) {
    this.execution = execution;
    this.photoCascade = photoCascade;
    this.accountCascade = accountCascade;
    this.meter = meter;
  }

  /** Everything one Scan saw, merged from the segments. */
  private static final class Tally {
    final Map<String, User> users = new HashMap<>();
    final Map<PhotoId, Photo> photos = new HashMap<>();
    final Set<PhotoId> deleting = new HashSet<>();
    final Map<String, Long> followers = new HashMap<>();
    final Map<String, Long> following = new HashMap<>();
    final Map<PhotoId, Map<ReactionType, Long>> reactions = new HashMap<>();
    final List<Follow> friendships = new ArrayList<>();

    /** What hot keys' shards hold, by the user or photo whose counters they are. */
    final Map<String, Long> shardFollowers = new HashMap<>();

    final Map<PhotoId, Map<ReactionType, Long>> shardReactions = new HashMap<>();

    /** The reaction items, by the photo they are on. */
    final Map<PhotoId, List<Reaction>> reactionItems = new HashMap<>();

    long scanned;

    void add(Item item) {
      scanned++;
      switch (ItemCodec.entityOf(item)) {
        case USER -> {
          User user = ItemCodec.user(item);
          users.put(user.username(), user);
        }
        case PHOTO -> {
          Photo photo = ItemCodec.photo(item);
          photos.put(photo.id(), photo);
          if (PhotoPlans.deletionMarker(item).isPresent()) {
            deleting.add(photo.id());
          }
        }
        case REACTION -> {
          Reaction reaction = ItemCodec.reaction(item);
          reactionItems.computeIfAbsent(reaction.photo(), p -> new ArrayList<>()).add(reaction);
          reactions
              .computeIfAbsent(reaction.photo(), p -> new EnumMap<>(ReactionType.class))
              .merge(reaction.type(), 1L, Long::sum);
        }
        case FRIENDSHIP -> {
          Follow follow = ItemCodec.friendship(item);
          friendships.add(follow);
          followers.merge(follow.followed(), 1L, Long::sum);
          following.merge(follow.follower(), 1L, Long::sum);
        }
        case SHARD -> {
          Key main = Shards.mainOf(item);
          if (Shards.ofUser(item)) {
            shardFollowers.merge(
                main.sk().substring(KeyLayout.METADATA.length()),
                Shards.followers(item),
                Long::sum);
          } else {
            Map<ReactionType, Long> counts =
                shardReactions.computeIfAbsent(
                    KeyLayout.photoIdOf(main), p -> new EnumMap<>(ReactionType.class));
            Shards.reactions(item).forEach((type, n) -> counts.merge(type, n, Long::sum));
          }
        }
        case AUDIENCE, FAN_OUT, TIMELINE_ENTRY -> {
          // The hybrid feed's items count nothing; a stale one is skipped where it is read.
        }
      }
    }

    void addAll(Tally other) {
      scanned += other.scanned;
      users.putAll(other.users);
      photos.putAll(other.photos);
      deleting.addAll(other.deleting);
      other.followers.forEach((k, v) -> followers.merge(k, v, Long::sum));
      other.following.forEach((k, v) -> following.merge(k, v, Long::sum));
      other.reactions.forEach(
          (photo, counts) ->
              counts.forEach(
                  (type, n) ->
                      reactions
                          .computeIfAbsent(photo, p -> new EnumMap<>(ReactionType.class))
                          .merge(type, n, Long::sum)));
      friendships.addAll(other.friendships);
      other.shardFollowers.forEach((k, v) -> shardFollowers.merge(k, v, Long::sum));
      other.shardReactions.forEach(
          (photo, counts) ->
              counts.forEach(
                  (type, n) ->
                      shardReactions
                          .computeIfAbsent(photo, p -> new EnumMap<>(ReactionType.class))
                          .merge(type, n, Long::sum)));
      other.reactionItems.forEach(
          (photo, list) ->
              reactionItems.computeIfAbsent(photo, p -> new ArrayList<>()).addAll(list));
    }
  }

  AuditReport run(boolean fix, LongConsumer progress) {
    Tally tally = scan(progress);
    List<AuditFinding> findings = new ArrayList<>();
    danglingItems(tally, fix, findings);
    counters(tally, fix, findings);
    unfinishedDeletes(tally, fix, findings);
    findings.sort(Comparator.comparing(AuditFinding::kind).thenComparing(AuditFinding::subject));
    return new AuditReport(tally.scanned, findings);
  }

  // --- the scan ------------------------------------------------------------------------------

  private Tally scan(LongConsumer progress) {
    AtomicLong scanned = new AtomicLong();
    ExecutorService threads =
        Executors.newFixedThreadPool(
            SEGMENTS,
            body -> {
              Thread thread = new Thread(body, "quickphotos-audit-scan");
              thread.setDaemon(true);
              return thread;
            });
    List<Segment> segments = new ArrayList<>();
    try {
      List<Future<?>> running = new ArrayList<>();
      for (int i = 0; i < SEGMENTS; i++) {
        Segment segment = new Segment(new ScanPlan(i, SEGMENTS, PAGE, Optional.empty()));
        segments.add(segment);
        running.add(threads.submit(() -> segment.scan(scanned, progress)));
      }
      for (Future<?> segment : running) {
        segment.get();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new QuickPhotosException("the audit was interrupted", e);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RuntimeException runtime) {
        throw runtime;
      }
      throw new QuickPhotosException("the audit's scan failed", e.getCause());
    } finally {
      threads.shutdownNow();
      // Metered segment by segment, whatever order the threads ran in.
      for (Segment segment : segments) {
        synchronized (segment) {
          for (int i = 0; i < segment.plans.size(); i++) {
            Execution.metered(segment.plans.get(i), segment.pages.get(i), meter);
          }
        }
      }
    }
    Tally all = new Tally();
    segments.forEach(segment -> all.addAll(segment.tally));
    return all;
  }

  /** One segment's pages and tally, filled by its thread. */
  private final class Segment {
    final List<ScanPlan> plans = new ArrayList<>();
    final List<QueryResult> pages = new ArrayList<>();
    final Tally tally = new Tally();
    private final ScanPlan first;

    Segment(ScanPlan first) {
      this.first = first;
    }

    void scan(AtomicLong scanned, LongConsumer progress) {
      ScanPlan plan = first;
      while (true) {
        QueryResult page = execution.scan(plan);
        synchronized (this) {
          plans.add(plan);
          pages.add(page);
        }
        page.items().forEach(tally::add);
        long total = scanned.addAndGet(page.items().size());
        synchronized (progress) {
          progress.accept(total);
        }
        if (page.lastEvaluatedKey().isEmpty()) {
          return;
        }
        plan = plan.startingAfter(page.lastEvaluatedKey().get());
      }
    }
  }

  // --- dangling items ------------------------------------------------------------------------

  private void danglingItems(Tally tally, boolean fix, List<AuditFinding> findings) {
    for (Follow follow : tally.friendships) {
      List<String> missing = new ArrayList<>();
      for (String user : List.of(follow.followed(), follow.follower())) {
        if (!tally.users.containsKey(user)) {
          missing.add(user);
        }
      }
      if (missing.isEmpty()) {
        continue;
      }
      List<WriteAction> actions = new ArrayList<>();
      missing.forEach(user -> actions.add(absent(KeyLayout.user(user))));
      actions.add(
          new WriteAction.Delete(
              KeyLayout.friendship(follow.followed(), follow.follower()), ItemCondition.EXISTS));
      boolean fixed = fix && commit(actions);
      if (fixed) {
        removed.merge("followers " + follow.followed(), 1L, Long::sum);
        removed.merge("following " + follow.follower(), 1L, Long::sum);
      }
      findings.add(
          new AuditFinding(
              Kind.MISSING_USER,
              "friendship " + follow.follower() + " -> " + follow.followed(),
              "user " + String.join(" and ", missing) + " does not exist",
              fixed));
    }
    for (List<Reaction> onOnePhoto : tally.reactionItems.values()) {
      for (Reaction reaction : onOnePhoto) {
        danglingReaction(reaction, tally, fix, findings);
      }
    }
    for (Photo photo : tally.photos.values()) {
      String owner = photo.id().owner();
      if (tally.users.containsKey(owner)) {
        continue;
      }
      boolean fixed = fix && deleteOrphanPhoto(photo.id(), tally);
      findings.add(
          new AuditFinding(
              Kind.MISSING_USER,
              "photo " + photo.id(),
              "its owner " + owner + " does not exist",
              fixed));
    }
  }

  /** A reaction by a missing user or on a missing photo: deleted, the absence checked. */
  private void danglingReaction(
      Reaction reaction, Tally tally, boolean fix, List<AuditFinding> findings) {
    boolean reactorMissing = !tally.users.containsKey(reaction.reactor());
    boolean photoMissing = !tally.photos.containsKey(reaction.photo());
    if (!reactorMissing && !photoMissing) {
      return;
    }
    List<WriteAction> actions = new ArrayList<>();
    if (reactorMissing) {
      actions.add(absent(KeyLayout.user(reaction.reactor())));
    }
    if (photoMissing) {
      actions.add(absent(KeyLayout.photo(reaction.photo())));
    }
    actions.add(
        new WriteAction.Delete(
            KeyLayout.reaction(reaction.reactor(), reaction.type(), reaction.photo()),
            ItemCondition.EXISTS));
    boolean fixed = fix && commit(actions);
    if (fixed) {
      removed.merge("reactions " + reaction.photo() + " " + reaction.type(), 1L, Long::sum);
    }
    findings.add(
        new AuditFinding(
            photoMissing ? Kind.MISSING_PHOTO : Kind.MISSING_USER,
            "reaction "
                + reaction.reactor()
                + " "
                + reaction.type().storedName()
                + " on photo "
                + reaction.photo(),
            photoMissing
                ? "photo " + reaction.photo() + " does not exist"
                : "user " + reaction.reactor() + " does not exist",
            fixed));
  }

  /** Deletes a photo whose owner is gone, its reactions first, each transaction fenced. */
  private boolean deleteOrphanPhoto(PhotoId id, Tally tally) {
    WriteAction ownerAbsent = absent(KeyLayout.user(id.owner()));
    List<WriteAction> batch = new ArrayList<>();
    for (Reaction reaction : tally.reactionItems.getOrDefault(id, List.of())) {
      batch.add(
          new WriteAction.Delete(
              KeyLayout.reaction(reaction.reactor(), reaction.type(), id), ItemCondition.NONE));
      if (batch.size() == Limits.MAX_TRANSACTION_ACTIONS - 1) {
        batch.add(ownerAbsent);
        if (!commit(batch)) {
          return false;
        }
        batch = new ArrayList<>();
      }
    }
    batch.add(new WriteAction.Delete(KeyLayout.photo(id), ItemCondition.EXISTS));
    batch.add(ownerAbsent);
    return commit(batch);
  }

  private static WriteAction absent(Key key) {
    return new WriteAction.Check(key, ItemCondition.ABSENT);
  }

  private boolean commit(List<WriteAction> actions) {
    return execution.transact(actions, meter).isEmpty();
  }

  // --- counters ------------------------------------------------------------------------------

  /**
   * Compares each counter with the items the Scan counted, less those this run deleted as
   * dangling (whose counters were left to this step).
   */
  private void counters(Tally tally, boolean fix, List<AuditFinding> findings) {
    for (User user : tally.users.values()) {
      String name = user.username();
      long followers =
          tally.followers.getOrDefault(name, 0L) - removed.getOrDefault("followers " + name, 0L);
      Long sharded = tally.shardFollowers.get(name);
      long counter = user.followers() + (sharded == null ? 0 : sharded);
      if (counter != followers) {
        // A hot key's counter is its item's plus its shards': not mended here (a fix would race
        // the writes that land on the shards meanwhile); reported.
        boolean fixed = fix && sharded == null && fixFollowers(name);
        findings.add(
            new AuditFinding(
                Kind.COUNTER_MISMATCH,
                "user " + name,
                "followers: counter " + counter + ", friendship items " + followers,
                fixed));
      }
      long following =
          tally.following.getOrDefault(name, 0L) - removed.getOrDefault("following " + name, 0L);
      if (user.following() != following) {
        boolean fixed = fix && fixFollowing(name, following);
        findings.add(
            new AuditFinding(
                Kind.COUNTER_MISMATCH,
                "user " + name,
                "following: counter " + user.following() + ", friendship items " + following,
                fixed));
      }
    }
    for (Photo photo : tally.photos.values()) {
      if (!tally.users.containsKey(photo.id().owner())) {
        continue;
      }
      Map<ReactionType, Long> items = tally.reactions.getOrDefault(photo.id(), Map.of());
      Map<ReactionType, Long> sharded = tally.shardReactions.get(photo.id());
      Map<ReactionType, Long> expected = new EnumMap<>(ReactionType.class);
      List<String> wrong = new ArrayList<>();
      for (ReactionType type : ReactionType.values()) {
        long counter =
            photo.reactions().getOrDefault(type, 0L)
                + (sharded == null ? 0 : sharded.getOrDefault(type, 0L));
        long counted =
            items.getOrDefault(type, 0L)
                - removed.getOrDefault("reactions " + photo.id() + " " + type, 0L);
        expected.put(type, counted);
        if (counter != counted) {
          wrong.add(type.storedName() + ": counter " + counter + ", reaction items " + counted);
        }
      }
      if (!wrong.isEmpty()) {
        boolean fixed = fix && sharded == null && fixReactionCounts(photo.id(), expected);
        findings.add(
            new AuditFinding(
                Kind.COUNTER_MISMATCH, "photo " + photo.id(), String.join("; ", wrong), fixed));
      }
    }
  }

  /** Followers are counted strongly consistently (the account's own partition). */
  private boolean fixFollowers(String username) {
    Optional<Item> account = execution.get(KeyLayout.user(username), meter);
    if (account.isEmpty()) {
      return false;
    }
    long counter = ItemCodec.user(account.get()).followers();
    long counted = count(FollowPlans.followersOf(username, PAGE));
    return setCounter(KeyLayout.user(username), UserPlans.followersCounter(), counter, counted);
  }

  /**
   * Followed users are counted on the eventually consistent index: the count must agree with the
   * Scan's, else a friendship may not be indexed yet and the counter is left for the next run.
   */
  private boolean fixFollowing(String username, long expected) {
    Optional<Item> account = execution.get(KeyLayout.user(username), meter);
    if (account.isEmpty()) {
      return false;
    }
    long counter = ItemCodec.user(account.get()).following();
    long counted = count(FollowPlans.followedBy(username, PAGE));
    return counted == expected
        && setCounter(KeyLayout.user(username), UserPlans.followingCounter(), counter, counted);
  }

  /**
   * Adds the difference on condition that the counter still holds what was read. A resend of the
   * fix whose first attempt was applied fails that condition on the fix itself: the counter
   * already holds the count, which the failed item shows, and the finding is fixed.
   */
  private boolean setCounter(Key item, AttributePath counter, long read, long counted) {
    if (read == counted) {
      return true;
    }
    String attribute = counter.names().get(0);
    return execution.tryWrite(
        new WriteAction.Update(
            item,
            List.of(new UpdateAction.Add(counter, counted - read)),
            new ItemCondition.AttributeEquals(counter, Value.Num.of(read))),
        failedOn ->
            failedOn
                .flatMap(now -> now.get(attribute))
                .filter(value -> value instanceof Value.Num n && n.value().longValue() == counted)
                .isPresent(),
        meter);
  }

  /** A photo's reactions, counted on the index, checked against the Scan as for following. */
  private boolean fixReactionCounts(PhotoId id, Map<ReactionType, Long> expected) {
    Optional<Item> item = execution.get(KeyLayout.photo(id), meter);
    if (item.isEmpty()) {
      return false;
    }
    Map<ReactionType, Long> read = ItemCodec.photo(item.get()).reactions();
    Map<ReactionType, Long> counted = new EnumMap<>(ReactionType.class);
    QueryPlan plan = ReactionPlans.reactionsOn(id, PAGE);
    while (true) {
      QueryResult page = execution.read(plan, meter);
      for (Item reaction : page.items()) {
        counted.merge(ItemCodec.reaction(reaction).type(), 1L, Long::sum);
      }
      if (page.lastEvaluatedKey().isEmpty()) {
        break;
      }
      plan = plan.startingAfter(page.lastEvaluatedKey().get());
    }
    List<UpdateAction> changes = new ArrayList<>();
    for (ReactionType type : ReactionType.values()) {
      long now = counted.getOrDefault(type, 0L);
      if (now != expected.get(type)) {
        return false;
      }
      long was = read.getOrDefault(type, 0L);
      if (now != was) {
        changes.add(new UpdateAction.Add(ReactionPlans.reactionCounter(type), now - was));
      }
    }
    // As for a user's counters, a resend that meets its own applied fix finds the counts done.
    return changes.isEmpty()
        || execution.tryWrite(
            new WriteAction.Update(
                KeyLayout.photo(id), changes, ReactionPlans.reactionCountsAre(read)),
            failedOn -> failedOn.isPresent() && sameCounts(failedOn.get(), counted),
            meter);
  }

  /** Whether a photo item's counters equal {@code counts}, type by type (missing means 0). */
  private static boolean sameCounts(Item photo, Map<ReactionType, Long> counts) {
    Map<ReactionType, Long> now = ItemCodec.photo(photo).reactions();
    for (ReactionType type : ReactionType.values()) {
      if (now.getOrDefault(type, 0L).longValue() != counts.getOrDefault(type, 0L)) {
        return false;
      }
    }
    return true;
  }

  private long count(QueryPlan first) {
    long count = 0;
    QueryPlan plan = first;
    while (true) {
      QueryResult page = execution.read(plan, meter);
      count += page.items().size();
      if (page.lastEvaluatedKey().isEmpty()) {
        return count;
      }
      plan = plan.startingAfter(page.lastEvaluatedKey().get());
    }
  }

  // --- unfinished deletes --------------------------------------------------------------------

  private void unfinishedDeletes(Tally tally, boolean fix, List<AuditFinding> findings) {
    for (PhotoId photo : tally.deleting) {
      if (!tally.users.containsKey(photo.owner())) {
        continue;
      }
      boolean fixed = fix && finish(() -> photoCascade.deletePhoto(photo, meter));
      findings.add(
          new AuditFinding(
              Kind.UNFINISHED_DELETE,
              "photo " + photo,
              "marked deleting; deletePhoto did not finish",
              fixed));
    }
    for (User user : tally.users.values()) {
      if (user.status() != UserStatus.CLOSING) {
        continue;
      }
      boolean fixed = fix && finish(() -> accountCascade.closeAccount(user.username(), meter));
      findings.add(
          new AuditFinding(
              Kind.UNFINISHED_DELETE,
              "user " + user.username(),
              "closing; deleteUser did not finish",
              fixed));
    }
  }

  private static boolean finish(Runnable cascade) {
    try {
      cascade.run();
      return true;
    } catch (QuickPhotosException e) {
      // Gone already (another call finished it) counts as finished; anything else is left for
      // the next run, and the finding says so.
      return e instanceof io.quickphotos.PhotoNotFoundException
          || e instanceof io.quickphotos.UserNotFoundException;
    }
  }
}
