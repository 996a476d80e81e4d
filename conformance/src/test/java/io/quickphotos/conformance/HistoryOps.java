package io.quickphotos.conformance;

import static io.quickphotos.conformance.HistoryModel.block;
import static io.quickphotos.conformance.HistoryModel.follow;
import static io.quickphotos.conformance.HistoryModel.photo;
import static io.quickphotos.conformance.HistoryModel.privateAccount;
import static io.quickphotos.conformance.HistoryModel.reaction;
import static io.quickphotos.conformance.HistoryModel.request;
import static io.quickphotos.conformance.HistoryModel.seen;
import static io.quickphotos.conformance.HistoryModel.user;
import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.AlreadyFollowingException;
import io.quickphotos.AlreadyReactedException;
import io.quickphotos.AlreadyRequestedException;
import io.quickphotos.AppValue;
import io.quickphotos.FollowRequest;
import io.quickphotos.FollowRequestNotFoundException;
import io.quickphotos.NewUser;
import io.quickphotos.NotFollowingException;
import io.quickphotos.Page;
import io.quickphotos.PageRequest;
import io.quickphotos.Photo;
import io.quickphotos.PhotoAlreadyExistsException;
import io.quickphotos.PhotoEdit;
import io.quickphotos.PhotoNotFoundException;
import io.quickphotos.PhotoReactions;
import io.quickphotos.ProfileUpdate;
import io.quickphotos.QuickPhotos;
import io.quickphotos.Reaction;
import io.quickphotos.ReactionNotFoundException;
import io.quickphotos.ReactionType;
import io.quickphotos.User;
import io.quickphotos.UserAlreadyExistsException;
import io.quickphotos.UserBlockedException;
import io.quickphotos.UserNotFoundException;
import io.quickphotos.UserStatus;
import io.quickphotos.VersionConflictException;
import io.quickphotos.Visibility;
import io.quickphotos.conformance.HistoryOp.Transition;
import io.quickphotos.conformance.HistoryOp.World;
import io.quickphotos.contract.Listings;
import io.quickphotos.proptest.Gen;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The operations of concurrent and faulty histories, and how to read a repository's state back
 * as {@link HistoryModel} facts. Each operation is one record; {@link #OPERATIONS} lists their
 * generators with weights. A new operation is one more record and one more line there (and, if
 * it creates a new kind of item, one more loop in {@link #observedState}).
 */
final class HistoryOps {
  static final int USERS = World.USERS.size();
  static final int TIMES = World.TIMES.size();

  /** Two types are enough for "once per user and type" and for counters per type. */
  static final List<ReactionType> TYPES = List.of(ReactionType.HEART, ReactionType.SMILEY);

  private HistoryOps() {}

  private static final Gen<Integer> USER = Gen.integers(0, USERS - 1);

  /** Names a profile update may set, beside each user's initial {@code Name <u>}. */
  static final List<String> NAMES = List.of("Ann", "Zoë Ö");

  /** Captions an edit may set; the empty one removes the caption. */
  static final List<String> CAPTIONS = List.of("Mist", "A heron \uD83D\uDC26", "");

  private static final Gen<Integer> TIME = Gen.integers(0, TIMES - 1);

  /** Two attributes that two writers set at once, each by name. */
  static final List<String> ATTRIBUTE_NAMES = List.of("alt", "tags");

  static final List<String> ATTRIBUTE_VALUES = List.of("heron", "mist");

  /** Two different users, for follows (a self-follow is bad input, not a race). */
  private static Gen<int[]> pair() {
    return c -> {
      int a = USER.generate(c);
      int b = (a + 1 + Gen.integers(0, USERS - 2).generate(c)) % USERS;
      return new int[] {a, b};
    };
  }

  /** A view of one photo by any user: histories that make one photo's views race. */
  static Gen<HistoryOp> viewsOf(int owner, int time) {
    return Gen.integers(0, USERS - 1).map(u -> (HistoryOp) new ViewPhoto(u, owner, time));
  }

  /** Every operation with its weight: writes that contend, and reads that observe. */
  static final Gen<HistoryOp> OPERATIONS =
      Gen.frequency(
          Gen.weighted(2, USER.map(CreateUser::new)),
          Gen.weighted(4, pair().map(p -> new Follow(p[0], p[1]))),
          Gen.weighted(3, pair().map(p -> new Unfollow(p[0], p[1]))),
          Gen.weighted(2, c -> new Upload(USER.generate(c), TIME.generate(c))),
          Gen.weighted(
              4,
              c ->
                  new React(
                      USER.generate(c),
                      USER.generate(c),
                      TIME.generate(c),
                      Gen.of(TYPES).generate(c))),
          Gen.weighted(4, c -> new ViewPhoto(USER.generate(c), USER.generate(c), TIME.generate(c))),
          Gen.weighted(1, c -> new HasSeen(USER.generate(c), USER.generate(c), TIME.generate(c))),
          Gen.weighted(1, c -> new UpdateName(USER.generate(c), Gen.of(NAMES).generate(c))),
          Gen.weighted(
              2,
              c ->
                  new EditCaption(
                      USER.generate(c), TIME.generate(c), Gen.of(CAPTIONS).generate(c))),
          Gen.weighted(2, USER.map(GetUser::new)),
          Gen.weighted(1, c -> new GetPhoto(USER.generate(c), TIME.generate(c))),
          Gen.weighted(1, USER.map(FollowersOf::new)),
          Gen.weighted(
              2,
              c ->
                  new RemoveReaction(
                      USER.generate(c),
                      USER.generate(c),
                      TIME.generate(c),
                      Gen.of(TYPES).generate(c))),
          Gen.weighted(1, c -> new DeletePhoto(USER.generate(c), TIME.generate(c))),
          Gen.weighted(1, USER.map(MakePrivate::new)),
          Gen.weighted(2, pair().map(p -> new Approve(p[0], p[1]))),
          Gen.weighted(1, pair().map(p -> new Decline(p[0], p[1]))),
          Gen.weighted(1, pair().map(p -> new Unblock(p[0], p[1]))),
          Gen.weighted(
              2,
              c ->
                  new EditCaptionFrom(
                      USER.generate(c),
                      TIME.generate(c),
                      Gen.of(CAPTIONS).generate(c),
                      Gen.integers(0, 2).generate(c))),
          Gen.weighted(
              2,
              c ->
                  new SetAttribute(
                      USER.generate(c),
                      TIME.generate(c),
                      Gen.of(ATTRIBUTE_NAMES).generate(c),
                      Gen.of(ATTRIBUTE_VALUES).generate(c))),
          Gen.weighted(
              2,
              c ->
                  new AddViews(USER.generate(c), TIME.generate(c), Gen.integers(1, 3).generate(c))),
          Gen.weighted(
              1,
              c ->
                  new UpdateNameFrom(
                      USER.generate(c),
                      Gen.of(NAMES).generate(c),
                      Gen.integers(0, 2).generate(c))));

  /** Writes only, for histories whose point is what gets stored. */
  static final Gen<HistoryOp> WRITES = OPERATIONS.filter(HistoryOp::writes);

  /**
   * Operations whose every request is atomic on its own or whose partial effect the model can
   * explain as "applied or not": without the cascade of deletePhoto, whose marked photo refuses
   * reactions while still readable, so that a call cut short by faults leaves a state that is
   * neither before nor after it. For the fault histories, where the SDK may give up part-way.
   */
  static final Gen<HistoryOp> ATOMIC = OPERATIONS.filter(op -> !(op instanceof DeletePhoto));

  /**
   * The writes of a sequential prelude, with deleteUser, and with a block and a switch to
   * public, each also a cascade of several requests (the block's item, then the relations it
   * removes; the profile, then the approvals), which run here for the same reason. deleteUser is a
   * cascade of many requests: from its first write the account refuses new writes while getUser and the listings
   * still show what is left, so no single point in time explains what concurrent calls observe
   * of it. It therefore runs only where calls do not overlap it, in the prelude, whose every
   * answer and final state the model predicts exactly (nothing left of the account, the other
   * users' counters taken down, the name free again); the concurrent calls then run on the state
   * it left.
   */
  static final Gen<HistoryOp> PRELUDE_WRITES =
      Gen.frequency(
          Gen.weighted(6, WRITES),
          Gen.weighted(1, USER.map(DeleteUser::new)),
          Gen.weighted(1, pair().map(p -> new Block(p[0], p[1]))),
          Gen.weighted(1, USER.map(MakePublic::new)));

  // --- operations ----------------------------------------------------------------------------

  record CreateUser(int user) implements HistoryOp {
    @Override
    public Object run(QuickPhotos repo, World world) {
      User created =
          repo.createUser(
              new NewUser(
                  world.user(user),
                  "Name " + user,
                  "u" + user + "@example.com",
                  LocalDate.of(1990, 1, 1 + user),
                  "",
                  UserStatus.ACTIVE));
      return List.of(created.followers(), created.following());
    }

    @Override
    public Transition apply(HistoryModel m) {
      String fact = HistoryModel.user(user);
      return m.has(fact)
          ? Transition.fails(UserAlreadyExistsException.class, m)
          : Transition.returns(
              List.of(0L, 0L), m.with(fact).with(HistoryModel.profile(user, "Name " + user)));
    }
  }

  /**
   * A follow, or the request it becomes when the followed account is private; refused between a
   * blocked pair (the user blocked is told the blocker does not exist).
   */
  record Follow(int follower, int followed) implements HistoryOp {
    @Override
    public Object run(QuickPhotos repo, World world) {
      return repo.follow(world.user(follower), world.user(followed)).pending()
          ? "requested"
          : "followed";
    }

    /**
     * The first transaction's conditions in request order: friendship absent, followed, follower;
     * then the request's (a pending one), then the block items (the followed user's, then the
     * follower's).
     */
    @Override
    public Transition apply(HistoryModel m) {
      if (m.has(follow(follower, followed))) {
        return Transition.fails(AlreadyFollowingException.class, m);
      }
      if (!m.has(user(followed)) || !m.has(user(follower))) {
        return Transition.fails(UserNotFoundException.class, m);
      }
      boolean asks = m.has(privateAccount(followed));
      if (asks && m.has(request(follower, followed))) {
        return Transition.fails(AlreadyRequestedException.class, m);
      }
      if (m.has(block(followed, follower))) {
        return Transition.fails(UserNotFoundException.class, m);
      }
      if (m.has(block(follower, followed))) {
        return Transition.fails(UserBlockedException.class, m);
      }
      return asks
          ? Transition.returns("requested", m.with(request(follower, followed)))
          : Transition.returns("followed", m.with(follow(follower, followed)));
    }
  }

  record Unfollow(int follower, int followed) implements HistoryOp {
    @Override
    public Object run(QuickPhotos repo, World world) {
      repo.unfollow(world.user(follower), world.user(followed));
      return "unfollowed";
    }

    @Override
    public Transition apply(HistoryModel m) {
      return m.has(follow(follower, followed))
          ? Transition.returns("unfollowed", m.without(follow(follower, followed)))
          : Transition.fails(NotFollowingException.class, m);
    }
  }

  record Upload(int owner, int time) implements HistoryOp {
    @Override
    public Object run(QuickPhotos repo, World world) {
      Photo photo =
          repo.uploadPhoto(
              world.user(owner),
              World.TIMES.get(time),
              "https://photos.example.com/" + owner + "/" + time + ".jpg");
      return reactionCounts(photo);
    }

    /** Conditions in request order: the owner exists, the photo does not. */
    @Override
    public Transition apply(HistoryModel m) {
      if (!m.has(user(owner))) {
        return Transition.fails(UserNotFoundException.class, m);
      }
      if (m.has(photo(owner, time))) {
        return Transition.fails(PhotoAlreadyExistsException.class, m);
      }
      return Transition.returns(counts(m, owner, time), m.with(photo(owner, time)));
    }
  }

  record React(int reactor, int owner, int time, ReactionType type) implements HistoryOp {
    @Override
    public Object run(QuickPhotos repo, World world) {
      Reaction reaction = repo.reactTo(world.user(reactor), world.photo(owner, time), type);
      return reaction.type();
    }

    /**
     * Conditions in request order: the reactor exists, the photo's owner exists (a photo of a
     * missing or closing owner is missing), who may react (not a user the owner blocked, only a
     * follower of a private owner: as if the photo did not exist; not a reactor to the photos of
     * a user it blocked, once the photo is found), the reaction does not exist, the photo does.
     */
    @Override
    public Transition apply(HistoryModel m) {
      if (!m.has(user(reactor))) {
        return Transition.fails(UserNotFoundException.class, m);
      }
      if (owner != reactor && !m.has(user(owner))) {
        return Transition.fails(PhotoNotFoundException.class, m);
      }
      if (owner != reactor
          && (m.has(block(owner, reactor))
              || (m.has(privateAccount(owner)) && !m.has(follow(reactor, owner))))) {
        return Transition.fails(PhotoNotFoundException.class, m);
      }
      if (owner != reactor && m.has(block(reactor, owner))) {
        // The reactor's own block is learned from its refused first attempt, which a missing
        // photo already answers.
        return Transition.fails(
            m.has(photo(owner, time))
                ? io.quickphotos.UserBlockedException.class
                : PhotoNotFoundException.class,
            m);
      }
      if (m.has(reaction(reactor, owner, time, type))) {
        return Transition.fails(AlreadyReactedException.class, m);
      }
      if (!m.has(photo(owner, time))) {
        return Transition.fails(PhotoNotFoundException.class, m);
      }
      return Transition.returns(type, m.with(reaction(reactor, owner, time, type)));
    }
  }

  /**
   * A view: one transaction for a first view, two for a repeat view (the first refused on the
   * mark), the switch of a photo whose views reach the threshold between them; answers whether it
   * was the viewer's first. A view made again counts again: an application's retry after an
   * unknown outcome may count it twice (the SDK's resend of a transaction, under its token, may
   * not).
   */
  record ViewPhoto(int viewer, int owner, int time) implements HistoryOp {
    @Override
    public Object run(QuickPhotos repo, World world) {
      return repo.viewPhoto(world.user(viewer), world.photo(owner, time)).first();
    }

    @Override
    public boolean countsEachApplication() {
      return true;
    }

    /**
     * Who may view is who may react, except that a viewer who blocked the owner is told the
     * photo does not exist too: the viewer exists, the owner (someone else) exists, has not
     * blocked the viewer nor been blocked by it, and if private is followed by it; then the photo
     * exists. Nothing is written when refused.
     */
    @Override
    public Transition apply(HistoryModel m) {
      if (!m.has(user(viewer))) {
        return Transition.fails(UserNotFoundException.class, m);
      }
      if (owner != viewer
          && (!m.has(user(owner))
              || m.has(block(owner, viewer))
              || m.has(block(viewer, owner))
              || (m.has(privateAccount(owner)) && !m.has(follow(viewer, owner))))) {
        return Transition.fails(PhotoNotFoundException.class, m);
      }
      if (!m.has(photo(owner, time))) {
        return Transition.fails(PhotoNotFoundException.class, m);
      }
      String prefix = seen(viewer, owner, time);
      Optional<String> mark = m.find(prefix);
      return mark.isEmpty()
          ? Transition.returns(true, m.with(prefix + 1))
          : Transition.returns(false, plus(m, prefix, 1));
    }
  }

  /** Whether a user has seen a photo: one GetItem of its mark, for any user and photo. */
  record HasSeen(int user, int owner, int time) implements HistoryOp {
    @Override
    public Object run(QuickPhotos repo, World world) {
      return repo.hasSeen(world.user(user), world.photo(owner, time));
    }

    @Override
    public Transition apply(HistoryModel m) {
      return Transition.returns(m.find(seen(user, owner, time)).isPresent(), m);
    }

    @Override
    public boolean writes() {
      return false;
    }
  }

  record GetUser(int user) implements HistoryOp {
    @Override
    public Object run(QuickPhotos repo, World world) {
      return repo.getUser(world.user(user)).map(HistoryOps::profileAndCounters);
    }

    @Override
    public Transition apply(HistoryModel m) {
      return Transition.returns(
          m.has(HistoryModel.user(user))
              ? Optional.of(profileAndCounters(m, user))
              : Optional.empty(),
          m);
    }

    @Override
    public boolean writes() {
      return false;
    }
  }

  record GetPhoto(int owner, int time) implements HistoryOp {
    @Override
    public Object run(QuickPhotos repo, World world) {
      return repo.getPhoto(world.photo(owner, time))
          .map(
              p ->
                  List.of(
                      reactionCounts(p),
                      p.caption(),
                      p.version(),
                      appFacts(owner, time, p),
                      p.views(),
                      p.uniqueViewers()));
    }

    @Override
    public Transition apply(HistoryModel m) {
      return Transition.returns(
          m.has(photo(owner, time))
              ? Optional.of(
                  List.of(
                      counts(m, owner, time),
                      caption(m, owner, time),
                      counted(m, photoVersion(owner, time)),
                      appFacts(m, owner, time),
                      viewCount(m, owner, time),
                      viewerCount(m, owner, time)))
              : Optional.empty(),
          m);
    }

    @Override
    public boolean writes() {
      return false;
    }
  }

  /**
   * Sets a user's name: one UpdateItem of the name alone, which must leave the counters that
   * concurrent follows change alone.
   */
  record UpdateName(int user, String name) implements HistoryOp {
    @Override
    public Object run(QuickPhotos repo, World world) {
      return profileAndCounters(
          repo.updateProfile(world.user(user), ProfileUpdate.builder().name(name).build()));
    }

    @Override
    public boolean countsEachApplication() {
      return true;
    }

    @Override
    public Transition apply(HistoryModel m) {
      if (!m.has(HistoryModel.user(user))) {
        return Transition.fails(UserNotFoundException.class, m);
      }
      HistoryModel next =
          advanced(
              m.without(m.find("profile " + user + " ").orElseThrow())
                  .with(HistoryModel.profile(user, name)),
              userVersion(user));
      return Transition.returns(profileAndCounters(next, user), next);
    }
  }

  /**
   * The first of the two steps the checker makes of an {@link UpdateName} that may meet a hot
   * user (see {@link #splitUpdateNames}): its UpdateItem, answering the name the call's own write
   * left (the image it returned), at the write's point.
   */
  record NameWritten(int user, String name) implements HistoryOp {
    @Override
    public Object run(QuickPhotos repo, World world) {
      throw new UnsupportedOperationException("a step of UpdateName, made by the checker only");
    }

    @Override
    public Transition apply(HistoryModel m) {
      Transition update = new UpdateName(user, name).apply(m);
      return update.answer().error() == null ? Transition.returns(name, update.next()) : update;
    }
  }

  /**
   * The second step of a split {@link UpdateName}: the counts it answers, of a snapshot read
   * after its write, at a point of their own between the write and the return. Zero for a user
   * gone by then (its account closed: a profile is deleted only once its counters are zero).
   */
  record CountsAfterUpdate(int user) implements HistoryOp {
    @Override
    public Object run(QuickPhotos repo, World world) {
      throw new UnsupportedOperationException("a step of UpdateName, made by the checker only");
    }

    @Override
    public Transition apply(HistoryModel m) {
      if (!m.has(HistoryModel.user(user))) {
        return Transition.returns(List.of(0L, 0L), m);
      }
      List<Object> profile = profileAndCounters(m, user);
      return Transition.returns(List.copyOf(profile.subList(1, 3)), m);
    }

    @Override
    public boolean writes() {
      return false;
    }
  }

  /**
   * The calls with each {@link UpdateName} that returned a profile made two steps of its thread,
   * both with the call's own interval: {@link NameWritten} answering the name, then
   * {@link CountsAfterUpdate} answering the counters. A hot user's update answers its own write's
   * fields and counts of a snapshot read after it, which follows that landed in between may
   * change: correct, yet at no one point. An update that failed stays one call.
   *
   * @param threads each thread's calls
   * @return the same threads, update calls split
   */
  static List<List<Linearizability.Call>> splitUpdateNames(
      List<List<Linearizability.Call>> threads) {
    List<List<Linearizability.Call>> split = new ArrayList<>();
    for (List<Linearizability.Call> thread : threads) {
      List<Linearizability.Call> steps = new ArrayList<>();
      for (Linearizability.Call call : thread) {
        if (call.op() instanceof UpdateName update
            && call.answer().error() == null
            && call.answer().value() instanceof List<?> answered) {
          steps.add(
              new Linearizability.Call(
                  call.thread(),
                  steps.size(),
                  new NameWritten(update.user(), update.name()),
                  call.invoked(),
                  call.returned(),
                  HistoryOp.Answer.value(answered.get(0))));
          steps.add(
              new Linearizability.Call(
                  call.thread(),
                  steps.size(),
                  new CountsAfterUpdate(update.user()),
                  call.invoked(),
                  call.returned(),
                  HistoryOp.Answer.value(List.copyOf(answered.subList(1, 3)))));
        } else {
          steps.add(
              new Linearizability.Call(
                  call.thread(),
                  steps.size(),
                  call.op(),
                  call.invoked(),
                  call.returned(),
                  call.answer()));
        }
      }
      split.add(steps);
    }
    return split;
  }

  /**
   * Changes a photo's caption: one transaction of a check on the owner and an update of the
   * photo, which must leave the counters that concurrent reactions change alone.
   */
  record EditCaption(int owner, int time, String caption) implements HistoryOp {
    @Override
    public Object run(QuickPhotos repo, World world) {
      repo.editPhoto(world.photo(owner, time), PhotoEdit.builder().caption(caption).build());
      return "edited";
    }

    /** Conditions in request order: the owner exists and is not closing, the photo exists. */
    @Override
    public boolean countsEachApplication() {
      return true;
    }

    @Override
    public Transition apply(HistoryModel m) {
      if (!m.has(user(owner)) || !m.has(photo(owner, time))) {
        return Transition.fails(PhotoNotFoundException.class, m);
      }
      HistoryModel next = m;
      Optional<String> old = m.find(HistoryModel.caption(owner, time, ""));
      if (old.isPresent()) {
        next = next.without(old.get());
      }
      if (!caption.isEmpty()) {
        next = next.with(HistoryModel.caption(owner, time, caption));
      }
      return Transition.returns("edited", advanced(next, photoVersion(owner, time)));
    }
  }

  /**
   * Changes a photo's caption if it is at the version named: one transaction whose photo
   * condition checks the version, so the edit applies or fails as a conflict, atomically.
   */
  record EditCaptionFrom(int owner, int time, String caption, long version) implements HistoryOp {
    @Override
    public Object run(QuickPhotos repo, World world) {
      repo.editPhoto(
          world.photo(owner, time),
          PhotoEdit.builder().caption(caption).expectedVersion(version).build());
      return "edited";
    }

    /** Conditions in request order: the owner, the photo, then its version. */
    @Override
    public Transition apply(HistoryModel m) {
      if (!m.has(user(owner)) || !m.has(photo(owner, time))) {
        return Transition.fails(PhotoNotFoundException.class, m);
      }
      if (counted(m, photoVersion(owner, time)) != version) {
        return Transition.fails(VersionConflictException.class, m);
      }
      return new EditCaption(owner, time, caption).apply(m);
    }
  }

  /**
   * Sets one attribute of a photo by name while other writers set the other one: each lands, and
   * the version advances.
   */
  record SetAttribute(int owner, int time, String name, String value) implements HistoryOp {
    @Override
    public Object run(QuickPhotos repo, World world) {
      repo.editPhoto(
          world.photo(owner, time), PhotoEdit.builder().set(name, AppValue.of(value)).build());
      return "set";
    }

    @Override
    public boolean countsEachApplication() {
      return true;
    }

    @Override
    public Transition apply(HistoryModel m) {
      if (!m.has(user(owner)) || !m.has(photo(owner, time))) {
        return Transition.fails(PhotoNotFoundException.class, m);
      }
      String prefix = attribute(owner, time, name, "");
      HistoryModel next = m;
      Optional<String> old = m.find(prefix);
      if (old.isPresent()) {
        next = next.without(old.get());
      }
      next = next.with(attribute(owner, time, name, value));
      return Transition.returns("set", advanced(next, photoVersion(owner, time)));
    }
  }

  /** Adds to a photo's views counter: every addition counts, and the version stays. */
  record AddViews(int owner, int time, int amount) implements HistoryOp {
    @Override
    public Object run(QuickPhotos repo, World world) {
      repo.editPhoto(world.photo(owner, time), PhotoEdit.builder().add("views", amount).build());
      return "added";
    }

    @Override
    public boolean countsEachApplication() {
      return true;
    }

    @Override
    public Transition apply(HistoryModel m) {
      if (!m.has(user(owner)) || !m.has(photo(owner, time))) {
        return Transition.fails(PhotoNotFoundException.class, m);
      }
      return Transition.returns("added", plus(m, views(owner, time), amount));
    }
  }

  /** Sets a user's name if the profile is at the version named. */
  record UpdateNameFrom(int user, String name, long version) implements HistoryOp {
    @Override
    public Object run(QuickPhotos repo, World world) {
      // The answer's profile may be read after the write (a hot user's totals): not compared.
      repo.updateProfile(
          world.user(user), ProfileUpdate.builder().name(name).expectedVersion(version).build());
      return "updated";
    }

    @Override
    public Transition apply(HistoryModel m) {
      if (!m.has(HistoryModel.user(user))) {
        return Transition.fails(UserNotFoundException.class, m);
      }
      if (counted(m, userVersion(user)) != version) {
        return Transition.fails(VersionConflictException.class, m);
      }
      HistoryModel next =
          advanced(
              m.without(m.find("profile " + user + " ").orElseThrow())
                  .with(HistoryModel.profile(user, name)),
              userVersion(user));
      return Transition.returns("updated", next);
    }
  }

  /** The prefix of a photo's version fact, e.g. {@code pversion 0 1 }. */
  static String photoVersion(int owner, int time) {
    return "pversion " + owner + " " + time + " ";
  }

  /** The prefix of a profile's version fact, e.g. {@code uversion 0 }. */
  static String userVersion(int user) {
    return "uversion " + user + " ";
  }

  /** The prefix of a photo's views fact. */
  static String views(int owner, int time) {
    return "views " + owner + " " + time + " ";
  }

  /** A photo's attribute fact, e.g. {@code attr 0 1 alt heron}. */
  static String attribute(int owner, int time, String name, String value) {
    return "attr " + owner + " " + time + " " + name + " " + value;
  }

  /** The number a counting fact holds (a version, views), 0 without one. */
  static long counted(HistoryModel m, String prefix) {
    return m.find(prefix).map(f -> Long.parseLong(f.substring(prefix.length()))).orElse(0L);
  }

  /** The model with a counting fact advanced by one. */
  static HistoryModel advanced(HistoryModel m, String prefix) {
    return plus(m, prefix, 1);
  }

  private static HistoryModel plus(HistoryModel m, String prefix, long amount) {
    long now = counted(m, prefix);
    HistoryModel next = m.find(prefix).map(m::without).orElse(m);
    return next.with(prefix + (now + amount));
  }

  /** The first page (up to 100) of a user's followers, as user indexes in listing order. */
  record FollowersOf(int user) implements HistoryOp {
    @Override
    public Object run(QuickPhotos repo, World world) {
      Page<io.quickphotos.Follow> page = repo.followersOf(world.user(user), PageRequest.first(100));
      return page.items().stream().map(f -> world.userIndex(f.follower())).toList();
    }

    @Override
    public Transition apply(HistoryModel m) {
      List<Integer> followers = new ArrayList<>();
      for (int u = 0; u < USERS; u++) {
        if (m.has(follow(u, user))) {
          followers.add(u);
        }
      }
      // Listed in sort-key order, #FRIEND#<handle>: by code point, which index order matches.
      return Transition.returns(followers, m);
    }

    @Override
    public boolean writes() {
      return false;
    }
  }

  /** Takes back a reaction: one transaction; the model says nothing about the photo's state. */
  record RemoveReaction(int reactor, int owner, int time, ReactionType type) implements HistoryOp {
    @Override
    public Object run(QuickPhotos repo, World world) {
      repo.removeReaction(world.user(reactor), world.photo(owner, time), type);
      return "removed";
    }

    @Override
    public Transition apply(HistoryModel m) {
      String fact = reaction(reactor, owner, time, type);
      return m.has(fact)
          ? Transition.returns("removed", m.without(fact))
          : Transition.fails(ReactionNotFoundException.class, m);
    }
  }

  /**
   * Deletes a photo, the reactions and the view marks on it. A cascade: it marks the photo, then
   * deletes the view marks with its view counters, then the reactions it finds with the photo
   * last. Modelled at the request that deletes the photo: until
   * then the photo is readable, takes removals of reactions and refuses a second upload, as the
   * model's photo does. The observations that the model cannot place there — a reaction or view
   * refused because the photo is already marked, a read of the photo or of a mark after its marks
   * went — are allowed by ConcurrentHistoryTest only for a call that overlaps a deletion of that
   * photo in real time.
   */
  record DeletePhoto(int owner, int time) implements HistoryOp {
    @Override
    public Object run(QuickPhotos repo, World world) {
      repo.deletePhoto(world.photo(owner, time));
      return "deleted";
    }

    @Override
    public Transition apply(HistoryModel m) {
      if (!m.has(photo(owner, time))) {
        return Transition.fails(PhotoNotFoundException.class, m);
      }
      Set<String> left = new HashSet<>(m.facts());
      left.remove(photo(owner, time));
      left.removeIf(f -> f.startsWith(HistoryModel.caption(owner, time, "")));
      left.removeIf(f -> f.startsWith(photoVersion(owner, time)));
      left.removeIf(f -> f.startsWith(views(owner, time)));
      left.removeIf(f -> f.startsWith(attribute(owner, time, "", "").trim() + " "));
      left.removeIf(
          f ->
              f.startsWith("reaction ")
                  && f.matches("reaction \\d+ " + owner + " " + time + " \\w+"));
      // Its view marks, with its counters.
      left.removeIf(
          f -> f.startsWith("seen ") && f.matches("seen \\d+ " + owner + " " + time + " \\d+"));
      return Transition.returns("deleted", new HistoryModel(left));
    }
  }

  /**
   * Closes an account: the profile, its photos and their reactions and view marks, the reactions
   * and view marks the user left, and its friendships in both directions (the other users' and
   * photos' counters follow). Used in
   * sequential preludes only: see {@link #PRELUDE_WRITES}.
   */
  record DeleteUser(int user) implements HistoryOp {
    @Override
    public Object run(QuickPhotos repo, World world) {
      repo.deleteUser(world.user(user));
      return "deleted";
    }

    @Override
    public Transition apply(HistoryModel m) {
      if (!m.has(HistoryModel.user(user))) {
        return Transition.fails(UserNotFoundException.class, m);
      }
      Set<String> left = new HashSet<>(m.facts());
      left.removeIf(
          f -> {
            String[] words = f.split(" ");
            String u = String.valueOf(user);
            return switch (words[0]) {
              case "user", "profile" -> words[1].equals(u);
              case "follow" -> words[1].equals(u) || words[2].equals(u);
              case "photo", "caption", "pversion", "attr", "views", "uversion" ->
                  words[1].equals(u);
              case "reaction" -> words[1].equals(u) || words[2].equals(u);
              // The marks it left (its views taken off the photos' counters, which the marks
              // sum) and those on its photos.
              case "seen" -> words[1].equals(u) || words[2].equals(u);
              case "private" -> words[1].equals(u);
              case "request", "block" -> words[1].equals(u) || words[2].equals(u);
              default -> false;
            };
          });
      return Transition.returns("deleted", new HistoryModel(left));
    }
  }

  /** Makes an account private: the profile's one UpdateItem (no account here is sharded). */
  record MakePrivate(int user) implements HistoryOp {
    @Override
    public Object run(QuickPhotos repo, World world) {
      repo.updateProfile(
          world.user(user), ProfileUpdate.builder().visibility(Visibility.PRIVATE).build());
      return "private";
    }

    @Override
    public boolean countsEachApplication() {
      // A change of privacy advances the profile's version, once per application.
      return true;
    }

    @Override
    public Transition apply(HistoryModel m) {
      return m.has(HistoryModel.user(user))
          // A change of privacy is a change of the profile: its version advances.
          ? Transition.returns("private", advanced(m.with(privateAccount(user)), userVersion(user)))
          : Transition.fails(UserNotFoundException.class, m);
    }
  }

  /**
   * Makes an account public and approves its pending requests: the profile's UpdateItem, then the
   * approvals. Several requests, so used in sequential preludes only (see {@link
   * #PRELUDE_WRITES}).
   */
  record MakePublic(int user) implements HistoryOp {
    @Override
    public Object run(QuickPhotos repo, World world) {
      repo.updateProfile(
          world.user(user), ProfileUpdate.builder().visibility(Visibility.PUBLIC).build());
      return "public";
    }

    @Override
    public boolean countsEachApplication() {
      // A change of privacy advances the profile's version, once per application.
      return true;
    }

    @Override
    public Transition apply(HistoryModel m) {
      if (!m.has(HistoryModel.user(user))) {
        return Transition.fails(UserNotFoundException.class, m);
      }
      HistoryModel next = advanced(m.without(privateAccount(user)), userVersion(user));
      for (int r = 0; r < USERS; r++) {
        if (next.has(request(r, user))) {
          next = next.without(request(r, user)).with(follow(r, user));
        }
      }
      return Transition.returns("public", next);
    }
  }

  /** Approves a pending request: a GetItem of it, then one transaction. */
  record Approve(int account, int requester) implements HistoryOp {
    @Override
    public Object run(QuickPhotos repo, World world) {
      repo.approveRequest(world.user(account), world.user(requester));
      return "approved";
    }

    @Override
    public Transition apply(HistoryModel m) {
      if (!m.has(request(requester, account))) {
        return Transition.fails(FollowRequestNotFoundException.class, m);
      }
      return Transition.returns(
          "approved", m.without(request(requester, account)).with(follow(requester, account)));
    }
  }

  /** Declines a pending request: a GetItem of it, then one transaction. */
  record Decline(int account, int requester) implements HistoryOp {
    @Override
    public Object run(QuickPhotos repo, World world) {
      repo.declineRequest(world.user(account), world.user(requester));
      return "declined";
    }

    @Override
    public Transition apply(HistoryModel m) {
      return m.has(request(requester, account))
          ? Transition.returns("declined", m.without(request(requester, account)))
          : Transition.fails(FollowRequestNotFoundException.class, m);
    }
  }

  /**
   * A block, and the follows, requests and reactions between the two removed: the block's
   * transaction, then one per relation. Several requests, so used in sequential preludes only (see {@link
   * #PRELUDE_WRITES}); its races are forced one by one in {@code PrivacyRacesContract}.
   */
  record Block(int blocker, int blocked) implements HistoryOp {
    @Override
    public Object run(QuickPhotos repo, World world) {
      repo.block(world.user(blocker), world.user(blocked));
      return "blocked";
    }

    @Override
    public Transition apply(HistoryModel m) {
      if (!m.has(user(blocker)) || !m.has(user(blocked))) {
        return Transition.fails(UserNotFoundException.class, m);
      }
      Set<String> left =
          new HashSet<>(
              m.with(block(blocker, blocked))
                  .without(follow(blocker, blocked))
                  .without(follow(blocked, blocker))
                  .without(request(blocker, blocked))
                  .without(request(blocked, blocker))
                  .facts());
      // The reactions each left on the other's photos, both ways.
      left.removeIf(
          f ->
              f.matches("reaction " + blocker + " " + blocked + " \\d+ \\w+")
                  || f.matches("reaction " + blocked + " " + blocker + " \\d+ \\w+"));
      return Transition.returns("blocked", new HistoryModel(left));
    }
  }

  /** Lifts a block: one transaction; true if there was one. */
  record Unblock(int blocker, int blocked) implements HistoryOp {
    @Override
    public Object run(QuickPhotos repo, World world) {
      return repo.unblock(world.user(blocker), world.user(blocked));
    }

    @Override
    public Transition apply(HistoryModel m) {
      if (!m.has(user(blocker))) {
        return Transition.fails(UserNotFoundException.class, m);
      }
      return m.has(block(blocker, blocked))
          ? Transition.returns(true, m.without(block(blocker, blocked)))
          : Transition.returns(false, m);
    }
  }

  private static List<Object> profileAndCounters(User user) {
    return List.of(user.name(), user.followers(), user.following());
  }

  private static List<Object> profileAndCounters(HistoryModel m, int user) {
    String profile = m.find("profile " + user + " ").orElseThrow();
    return List.of(
        profile.substring(("profile " + user + " ").length()),
        m.count("follow ", " " + user),
        m.count("follow " + user + " ", ""));
  }

  private static Map<ReactionType, Long> reactionCounts(Photo photo) {
    Map<ReactionType, Long> counts = new EnumMap<>(ReactionType.class);
    for (ReactionType type : TYPES) {
      counts.put(type, photo.reactionCount(type));
    }
    return counts;
  }

  /** A photo's attribute and views facts, as read from the repository. */
  private static java.util.SortedSet<String> appFacts(int owner, int time, Photo photo) {
    java.util.SortedSet<String> facts = new java.util.TreeSet<>();
    photo
        .attributes()
        .forEach(
            (name, value) -> {
              if (name.equals("views") && value instanceof AppValue.Num n) {
                facts.add(views(owner, time) + n.value().longValueExact());
              } else if (value instanceof AppValue.Text text) {
                facts.add(attribute(owner, time, name, text.value()));
              } else {
                facts.add("unexpected " + name + " " + value);
              }
            });
    return facts;
  }

  /** A photo's attribute and views facts in the model. */
  private static java.util.SortedSet<String> appFacts(HistoryModel m, int owner, int time) {
    java.util.SortedSet<String> facts = new java.util.TreeSet<>();
    for (String fact : m.facts()) {
      if (fact.startsWith(views(owner, time))
          || fact.startsWith(attribute(owner, time, "", "").trim() + " ")) {
        facts.add(fact);
      }
    }
    return facts;
  }

  /** A photo's caption in the model: its caption fact's text, empty if it has none. */
  private static String caption(HistoryModel m, int owner, int time) {
    String prefix = HistoryModel.caption(owner, time, "");
    return m.find(prefix).map(f -> f.substring(prefix.length())).orElse("");
  }

  private static Map<ReactionType, Long> counts(HistoryModel m, int owner, int time) {
    Map<ReactionType, Long> counts = new EnumMap<>(ReactionType.class);
    for (ReactionType type : TYPES) {
      long n = 0;
      for (int reactor = 0; reactor < USERS; reactor++) {
        n += m.has(reaction(reactor, owner, time, type)) ? 1 : 0;
      }
      counts.put(type, n);
    }
    return counts;
  }

  /** A photo's views in the model: its marks' counts summed. */
  private static long viewCount(HistoryModel m, int owner, int time) {
    long views = 0;
    for (int viewer = 0; viewer < USERS; viewer++) {
      views += counted(m, seen(viewer, owner, time));
    }
    return views;
  }

  /** A photo's unique viewers in the model: its marks. */
  private static long viewerCount(HistoryModel m, int owner, int time) {
    long viewers = 0;
    for (int viewer = 0; viewer < USERS; viewer++) {
      viewers += m.find(seen(viewer, owner, time)).isPresent() ? 1 : 0;
    }
    return viewers;
  }

  // --- reading the state back ----------------------------------------------------------------

  /**
   * The repository's items as facts, after checking that every counter equals the items it
   * counts: each user's followers and following, each photo's reactions per type and unique
   * viewers. A view mark is read as whether its viewer has seen the photo (every user, gone or
   * not, of every photo, gone or not, so that a mark a cascade left behind shows), and the
   * photo's views as their sum ({@link HistoryModel#observable}): compare with a model's
   * {@code observable()}.
   */
  static HistoryModel observedState(QuickPhotos repo, World world) {
    Set<String> facts = new HashSet<>();
    for (int v = 0; v < USERS; v++) {
      for (int o = 0; o < USERS; o++) {
        for (int t = 0; t < TIMES; t++) {
          if (repo.hasSeen(world.user(v), world.photo(o, t))) {
            facts.add(seen(v, o, t).trim());
          }
        }
      }
    }
    for (int index = 0; index < USERS; index++) {
      int u = index;
      Optional<User> found = repo.getUser(world.user(u));
      if (found.isEmpty()) {
        continue;
      }
      facts.add(user(u));
      facts.add(HistoryModel.profile(u, found.get().name()));
      if (found.get().visibility() == Visibility.PRIVATE) {
        facts.add(privateAccount(u));
      }
      List<FollowRequest> requests = Listings.readAll(p -> repo.followRequestsOf(world.user(u), p));
      for (FollowRequest r : requests) {
        facts.add(request(world.userIndex(r.requester()), u));
      }
      assertThat(found.get().pendingRequests())
          .as("requests counter of %s", u)
          .isEqualTo(requests.size());
      for (io.quickphotos.Block b : Listings.readAll(p -> repo.blocksOf(world.user(u), p))) {
        facts.add(block(u, world.userIndex(b.blocked())));
      }
      if (found.get().version() > 0) {
        facts.add(userVersion(u) + found.get().version());
      }
      List<io.quickphotos.Follow> followers =
          Listings.readAll(p -> repo.followersOf(world.user(u), p));
      for (io.quickphotos.Follow f : followers) {
        facts.add(follow(world.userIndex(f.follower()), u));
      }
      List<User> following = Listings.readAll(p -> repo.followedBy(world.user(u), p));
      assertThat(found.get().followers())
          .as("followers counter of %s", u)
          .isEqualTo(followers.size());
      assertThat(found.get().following())
          .as("following counter of %s", u)
          .isEqualTo(following.size());
      for (int t = 0; t < TIMES; t++) {
        Optional<Photo> photo = repo.getPhoto(world.photo(u, t));
        if (photo.isEmpty()) {
          continue;
        }
        facts.add(photo(u, t));
        if (!photo.get().caption().isEmpty()) {
          facts.add(HistoryModel.caption(u, t, photo.get().caption()));
        }
        if (photo.get().version() > 0) {
          facts.add(photoVersion(u, t) + photo.get().version());
        }
        facts.addAll(appFacts(u, t, photo.get()));
        List<Reaction> reactions = new ArrayList<>();
        PageRequest page = PageRequest.first(100);
        while (true) {
          PhotoReactions read = repo.photoWithReactions(world.photo(u, t), page);
          reactions.addAll(read.reactions().items());
          if (!read.reactions().hasNext()) {
            break;
          }
          page = read.reactions().next(100);
        }
        for (Reaction r : reactions) {
          assertThat(facts.add(reaction(world.userIndex(r.reactor()), u, t, r.type())))
              .as("reaction listed twice: %s", r)
              .isTrue();
        }
        for (ReactionType type : ReactionType.values()) {
          assertThat(photo.get().reactionCount(type))
              .as("%s counter of photo %s %s", type, u, t)
              .isEqualTo(reactions.stream().filter(r -> r.type() == type).count());
        }
        String marksOfPhoto = " " + u + " " + t;
        assertThat(photo.get().uniqueViewers())
            .as("uniqueViewers counter of photo %s %s", u, t)
            .isEqualTo(
                facts.stream()
                    .filter(f -> f.startsWith("seen ") && f.endsWith(marksOfPhoto))
                    .filter(f -> f.split(" ").length == 4)
                    .count());
        if (photo.get().views() != 0) {
          facts.add(HistoryModel.viewed(u, t, photo.get().views()));
        }
      }
    }
    // Friendships are also read from the follower's side, so none can hide behind a counter.
    for (int u = 0; u < USERS; u++) {
      int follower = u;
      if (repo.getUser(world.user(u)).isPresent()) {
        for (User followed : Listings.readAll(p -> repo.followedBy(world.user(follower), p))) {
          assertThat(facts)
              .as("friendship seen only from the follower's side")
              .contains(follow(follower, world.userIndex(followed.username())));
        }
      }
    }
    return new HistoryModel(facts);
  }
}
