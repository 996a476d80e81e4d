package io.quickphotos.bench;

import io.quickphotos.Follow;
import io.quickphotos.Page;
import io.quickphotos.Photo;
import io.quickphotos.PhotoReactions;
import io.quickphotos.Reaction;
import io.quickphotos.ReactionType;
import io.quickphotos.User;
import io.quickphotos.UserPhotos;
import java.util.Optional;
import java.util.Set;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * One benchmark per access pattern of {@link io.quickphotos.QuickPhotos}, on each backend and on
 * the baseline beside it, through the {@link Backend} facade. The {@code backend} parameter picks
 * the implementation; the {@code size} parameter the number of items loaded, once per trial, from
 * the deterministic {@link DataSet}. Each invocation takes the next argument from a fixed random
 * ring of existing users and photos, so successive calls do not hit the same item.
 *
 * <p>The two nested classes hold the parameters, because JMH cannot leave out combinations: the
 * in-memory backend and its collections baseline run at 10³ and 10⁶ items, DynamoDB Local and
 * its raw-SDK baseline at 10³ only (loading goes through DynamoDB Local's HTTP endpoint).
 *
 * <p>Writes are each followed by the write that undoes them (see {@link Backend}); the cost
 * counters, reported per operation by {@link Report}, count the access pattern's requests only.
 *
 * <p>Run, from the repository root, after {@code ./mvnw -pl benchmarks -am verify}:
 * <pre>
 * java -jar benchmarks/target/benchmarks.jar AccessPatternBenchmark -prof gc \
 *     -rf json -rff benchmarks/results/latest.json
 * java -cp benchmarks/target/benchmarks.jar io.quickphotos.bench.Report \
 *     benchmarks/results/latest.json
 * </pre>
 */
@State(Scope.Benchmark)
public abstract class AccessPatternBenchmark extends RingBenchmark {
  private Backend backend;
  private CostRecorder costs;
  private DataSet data;

  /** Generates the data set and loads it into a new backend, once per trial. */
  @Setup(Level.Trial)
  public void setUp() {
    data = DataSet.of(sizeParameter());
    backend = BackendType.of(backendParameter()).open(data);
    costs = backend.costs();
  }

  /** Releases the backend; stops DynamoDB Local. */
  @TearDown(Level.Trial)
  public void tearDown() {
    backend.close();
  }

  /**
   * Get user: one GetItem.
   *
   * @param counters where the cost goes
   * @return the user
   */
  @Benchmark
  public Optional<User> getUser(CostCounters counters) {
    Optional<User> user = backend.getUser(data.userRing[nextSlot()]);
    counters.collect(costs);
    return user;
  }

  /**
   * User and photos: one Query of the profile and the newest photos.
   *
   * @param counters where the cost goes
   * @return the profile and photos
   */
  @Benchmark
  public UserPhotos userWithPhotos(CostCounters counters) {
    UserPhotos page = backend.userWithPhotos(data.userRing[nextSlot()]);
    counters.collect(costs);
    return page;
  }

  /**
   * Get photo: one GetItem.
   *
   * @param counters where the cost goes
   * @return the photo
   */
  @Benchmark
  public Optional<Photo> getPhoto(CostCounters counters) {
    Optional<Photo> photo = backend.getPhoto(data.photoRing[nextSlot()]);
    counters.collect(costs);
    return photo;
  }

  /**
   * Photo and reactions: one Query on the inverted index.
   *
   * @param counters where the cost goes
   * @return the photo and reactions
   */
  @Benchmark
  public PhotoReactions photoWithReactions(CostCounters counters) {
    PhotoReactions page = backend.photoWithReactions(data.photoRing[nextSlot()]);
    counters.collect(costs);
    return page;
  }

  /**
   * Followers of a user: one Query with begins_with.
   *
   * @param counters where the cost goes
   * @return the friendships
   */
  @Benchmark
  public Page<Follow> followersOf(CostCounters counters) {
    Page<Follow> page = backend.followersOf(data.userRing[nextSlot()]);
    counters.collect(costs);
    return page;
  }

  /**
   * Users a user follows: one Query on the inverted index, one BatchGetItem of the profiles.
   *
   * @param counters where the cost goes
   * @return the followed users' profiles
   */
  @Benchmark
  public Page<User> followedBy(CostCounters counters) {
    Page<User> page = backend.followedBy(data.userRing[nextSlot()]);
    counters.collect(costs);
    return page;
  }

  /**
   * Create user (conditional PutItem), then delete it again.
   *
   * @param counters where the cost goes
   * @return the created user
   */
  @Benchmark
  public User createUser(CostCounters counters) {
    User user = backend.createAndDeleteUser(data.newUserRing[nextSlot()]);
    counters.collect(costs);
    return user;
  }

  /**
   * Upload photo (TransactWriteItems: owner check and conditional put), then delete it again.
   *
   * @param counters where the cost goes
   * @return the uploaded photo
   */
  @Benchmark
  public Photo uploadPhoto(CostCounters counters) {
    int i = nextSlot();
    Photo photo = backend.uploadAndDeletePhoto(data.newPhotoRing[i], data.newLocationRing[i]);
    counters.collect(costs);
    return photo;
  }

  /**
   * React to photo (TransactWriteItems: reactor and owner checks, conditional put, counter),
   * then undo it.
   *
   * @param counters where the cost goes
   * @return the reaction
   */
  @Benchmark
  public Reaction reactToPhoto(CostCounters counters) {
    int i = nextSlot();
    Reaction reaction = backend.reactAndUndo(data.reactor.username(), data.photoRing[i],
        data.typeRing[i]);
    counters.collect(costs);
    return reaction;
  }

  /**
   * Follow and then unfollow a user: two TransactWriteItems, both counted.
   *
   * @param counters where the cost goes
   * @return the friendship
   */
  @Benchmark
  public Follow followAndUnfollow(CostCounters counters) {
    Follow follow = backend.followAndUnfollow(data.follower.username(),
        data.followedRing[nextSlot()]);
    counters.collect(costs);
    return follow;
  }

  // --- the data's lifecycle: membership checks, taking back, deleting -------------------------

  /**
   * Is following: one GetItem of the friendship.
   *
   * @param counters where the cost goes
   * @return whether the friendship exists
   */
  @Benchmark
  public boolean isFollowing(CostCounters counters) {
    boolean following = backend.isFollowing(data.follower.username(),
        data.followedRing[nextSlot()]);
    counters.collect(costs);
    return following;
  }

  /**
   * Reactions a user left on a photo: one Query on the inverted index.
   *
   * @param counters where the cost goes
   * @return the types
   */
  @Benchmark
  public Set<ReactionType> reactionsLeftBy(CostCounters counters) {
    Set<ReactionType> types = backend.reactionsLeftBy(data.reactor.username(),
        data.photoRing[nextSlot()]);
    counters.collect(costs);
    return types;
  }

  /**
   * React, then take the reaction back (TransactWriteItems: delete + counter −1): both counted.
   *
   * @param counters where the cost goes
   * @return the reaction
   */
  @Benchmark
  public Reaction reactAndRemoveReaction(CostCounters counters) {
    int i = nextSlot();
    Reaction reaction = backend.reactAndRemove(data.reactor.username(), data.photoRing[i],
        data.typeRing[i]);
    counters.collect(costs);
    return reaction;
  }

  /**
   * Upload a photo, then delete it with deletePhoto (mark + DeleteItem): both counted.
   *
   * @param counters where the cost goes
   * @return the photo
   */
  @Benchmark
  public Photo uploadAndDeletePhotoCascade(CostCounters counters) {
    int i = nextSlot();
    Photo photo = backend.uploadThenDeletePhoto(data.newPhotoRing[i], data.newLocationRing[i]);
    counters.collect(costs);
    return photo;
  }

  /**
   * Create a user, then close the account with deleteUser (mark, seven Queries, DeleteItem):
   * both counted.
   *
   * @param counters where the cost goes
   * @return the user as created
   */
  @Benchmark
  public User createAndDeleteUserCascade(CostCounters counters) {
    User user = backend.createThenDeleteUser(data.newUserRing[nextSlot()]);
    counters.collect(costs);
    return user;
  }

  /** The in-memory backend and its bare-collections baseline, at 10³ and 10⁶ items. */
  public static class Memory extends AccessPatternBenchmark {
    /** Which implementation runs the access patterns. */
    @Param({"memory", "collections"})
    public String backend;

    /** About how many items are loaded. */
    @Param({"1000", "1000000"})
    public int size;

    @Override
    protected String backendParameter() {
      return backend;
    }

    @Override
    protected int sizeParameter() {
      return size;
    }
  }

  /** The DynamoDB backend on DynamoDB Local and its raw-SDK baseline, at 10³ items. */
  public static class DynamoDbLocal extends AccessPatternBenchmark {
    /** Which implementation runs the access patterns. */
    @Param({"dynamodb-local", "raw-sdk"})
    public String backend;

    /** About how many items are loaded. */
    @Param({"1000"})
    public int size;

    @Override
    protected String backendParameter() {
      return backend;
    }

    @Override
    protected int sizeParameter() {
      return size;
    }
  }
}
