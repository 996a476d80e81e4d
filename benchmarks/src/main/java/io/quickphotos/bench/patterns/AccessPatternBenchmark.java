package io.quickphotos.bench.patterns;

import io.quickphotos.Follow;
import io.quickphotos.Page;
import io.quickphotos.Photo;
import io.quickphotos.PhotoReactions;
import io.quickphotos.Reaction;
import io.quickphotos.ReactionType;
import io.quickphotos.User;
import io.quickphotos.UserPhotos;
import io.quickphotos.bench.CostCounters;
import io.quickphotos.bench.CostTally;
import io.quickphotos.bench.DataSet;
import io.quickphotos.bench.RingBenchmark;
import io.quickphotos.bench.report.Report;
import java.util.Optional;
import java.util.Set;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * One benchmark per access pattern of {@link io.quickphotos.QuickPhotos}, on each backend and on
 * the baseline beside it, through the {@link BenchmarkTarget} facade. The {@code backend}
 * parameter picks the implementation; the {@code size} parameter the number of items loaded, once
 * per trial, from the deterministic {@link DataSet}. Each invocation takes the next argument from
 * a fixed random ring of existing users and photos, so successive calls do not hit the same item.
 *
 * <p>The two nested classes hold the parameters, because JMH cannot leave out combinations: the
 * in-memory backend and its collections baseline run at 10³ and 10⁶ items, DynamoDB Local and
 * its raw-SDK baseline at 10³ only (loading goes through DynamoDB Local's HTTP endpoint). The
 * setup reads them through JMH's {@link BenchmarkParams}.
 *
 * <p>Writes are each followed by the write that undoes them (see {@link BenchmarkTarget}); the cost
 * counters, reported per operation by {@link Report}, count the access pattern's requests only.
 *
 * <p><b>Settings</b> (annotations; give no {@code -wi}, {@code -w}, {@code -i}, {@code -r} or
 * {@code -f} on the command line, which would override them for every class alike), chosen so
 * that every figure's error is under 10% of its score on a quiet 2-core machine, as the report
 * demands of the figures behind a target:
 * <ul>
 *   <li>{@link Memory} (memory, collections at 10³ and 10⁶): 1 fork, 5 × 1 s warm-up,
 *       10 × 1 s measurement, from {@link RingBenchmark};</li>
 *   <li>{@link DynamoDbLocal} (dynamodb-local, raw-sdk at 10³): 1 fork, 2 × 2 s warm-up,
 *       10 × 2 s measurement: calls take milliseconds, so iterations are longer.</li>
 * </ul>
 *
 * <p><b>Duration</b>, 15 benchmark methods: {@link Memory} runs 15 × 2 backends × 2 sizes = 60
 * trials of 15 s (15 min), 30 of which first generate and load 10⁶ items (6.5–8.7 s for memory
 * in the last full run; 23–25 s for memory and 12–16 s for the validating collections floor at a
 * load average of 9–12: about 5–10 min in all);
 * {@link DynamoDbLocal} runs 15 × 2 = 30 trials of 24 s (12 min), each starting DynamoDB Local
 * and loading 10³ items over HTTP (a few seconds: about 2 min). With 90 forked JVMs, about
 * 35–40 minutes in all.
 *
 * <p>Run, from the repository root, after {@code ./mvnw -pl benchmarks -am package -DskipTests}
 * (or {@code verify}), on a machine with nothing else running:
 * <pre>
 * java -jar benchmarks/target/benchmarks.jar 'AccessPatternBenchmark' -prof gc \
 *     -rf json -rff benchmarks/results/latest.json
 * java -jar benchmarks/target/benchmarks.jar 'ReadScalingBenchmark' -prof gc \
 *     -rf json -rff benchmarks/results/read-scaling.json
 * java -cp benchmarks/target/benchmarks.jar io.quickphotos.bench.report.Report \
 *     benchmarks/results/latest.json benchmarks/results/read-scaling.json \
 *     --out benchmarks/results/latest
 * </pre>
 * The second run (the thread-scaling reads, with its own settings) is optional; without it the
 * report says the 2-thread target was not measured.
 */
@State(Scope.Benchmark)
public abstract class AccessPatternBenchmark extends RingBenchmark {
  private BenchmarkTarget target;
  private CostTally costs;
  private DataSet data;

  /**
   * Generates the data set and loads it into a new backend, once per trial.
   *
   * @param params the {@code backend} and {@code size} of this trial
   */
  @Setup(Level.Trial)
  public void setUp(BenchmarkParams params) {
    data = dataSet(params);
    target = BenchmarkBackend.of(params.getParam("backend")).open(data);
    costs = target.costs();
    // Loading 10⁶ items leaves gigabytes of garbage; collected here, not in a measured iteration.
    System.gc();
  }

  /** Releases the backend; stops DynamoDB Local. */
  @TearDown(Level.Trial)
  public void tearDown() {
    target.close();
  }

  /** Get user: one GetItem. */
  @Benchmark
  public Optional<User> getUser(CostCounters counters) {
    return costs.moveTo(counters, target.getUser(data.userRing[nextSlot()]));
  }

  /** User and photos: one Query of the profile and the newest photos. */
  @Benchmark
  public UserPhotos userWithPhotos(CostCounters counters) {
    return costs.moveTo(counters, target.userWithPhotos(data.userRing[nextSlot()]));
  }

  /** Get photo: one GetItem. */
  @Benchmark
  public Optional<Photo> getPhoto(CostCounters counters) {
    return costs.moveTo(counters, target.getPhoto(data.photoRing[nextSlot()]));
  }

  /** Photo and reactions: one Query on the inverted index. */
  @Benchmark
  public PhotoReactions photoWithReactions(CostCounters counters) {
    return costs.moveTo(counters, target.photoWithReactions(data.photoRing[nextSlot()]));
  }

  /** Followers of a user: one Query with begins_with. */
  @Benchmark
  public Page<Follow> followersOf(CostCounters counters) {
    return costs.moveTo(counters, target.followersOf(data.userRing[nextSlot()]));
  }

  /** Users a user follows: one Query on the inverted index, one BatchGetItem of the profiles. */
  @Benchmark
  public Page<User> followedBy(CostCounters counters) {
    return costs.moveTo(counters, target.followedBy(data.userRing[nextSlot()]));
  }

  /** Create user (conditional PutItem), then delete it again. */
  @Benchmark
  public User createUser(CostCounters counters) {
    return costs.moveTo(counters, target.createAndDeleteUser(data.newUserRing[nextSlot()]));
  }

  /** Upload photo (TransactWriteItems: owner check, conditional put), then delete it again. */
  @Benchmark
  public Photo uploadPhoto(CostCounters counters) {
    int i = nextSlot();
    return costs.moveTo(
        counters, target.uploadAndDeletePhoto(data.newPhotoRing[i], data.newLocationRing[i]));
  }

  /**
   * React to photo (TransactWriteItems: reactor and owner checks, conditional put, counter),
   * then undo it.
   */
  @Benchmark
  public Reaction reactToPhoto(CostCounters counters) {
    int i = nextSlot();
    return costs.moveTo(
        counters,
        target.reactAndUndo(data.reactor.username(), data.photoRing[i], data.typeRing[i]));
  }

  /** Follow and then unfollow a user: two TransactWriteItems, both counted. */
  @Benchmark
  public Follow followAndUnfollow(CostCounters counters) {
    return costs.moveTo(
        counters,
        target.followAndUnfollow(data.follower.username(), data.followedRing[nextSlot()]));
  }

  // --- the data's lifecycle: membership checks, taking back, deleting -------------------------

  /** Is following: one GetItem of the friendship. */
  @Benchmark
  public boolean isFollowing(CostCounters counters) {
    return costs.moveTo(
        counters, target.isFollowing(data.follower.username(), data.followedRing[nextSlot()]));
  }

  /** Reactions a user left on a photo: one Query on the inverted index. */
  @Benchmark
  public Set<ReactionType> reactionsLeftBy(CostCounters counters) {
    return costs.moveTo(
        counters, target.reactionsLeftBy(data.reactor.username(), data.photoRing[nextSlot()]));
  }

  /** React, then take the reaction back (TransactWriteItems: delete, counter −1): both counted. */
  @Benchmark
  public Reaction reactAndRemoveReaction(CostCounters counters) {
    int i = nextSlot();
    return costs.moveTo(
        counters,
        target.reactAndRemove(data.reactor.username(), data.photoRing[i], data.typeRing[i]));
  }

  /** Upload a photo, then delete it with deletePhoto (mark + DeleteItem): both counted. */
  @Benchmark
  public Photo uploadAndDeletePhotoCascade(CostCounters counters) {
    int i = nextSlot();
    return costs.moveTo(
        counters, target.uploadThenDeletePhoto(data.newPhotoRing[i], data.newLocationRing[i]));
  }

  /**
   * Create a user, then close the account with deleteUser (mark, seven Queries, DeleteItem):
   * both counted.
   */
  @Benchmark
  public User createAndDeleteUserCascade(CostCounters counters) {
    return costs.moveTo(counters, target.createThenDeleteUser(data.newUserRing[nextSlot()]));
  }

  /** The in-memory backend and its bare-collections baseline, at 10³ and 10⁶ items. */
  public static class Memory extends AccessPatternBenchmark {
    /** Which implementation runs the access patterns. */
    @Param({"memory", "collections"})
    public String backend;

    /** About how many items are loaded. */
    @Param({"1000", "1000000"})
    public int size;
  }

  /**
   * The DynamoDB backend on DynamoDB Local and its raw-SDK baseline, at 10³ items. A call takes
   * 3–15 ms, so a 1 s iteration would average only 70–300 calls, and DynamoDB Local's own
   * garbage collections and SQLite writes make single iterations jump: iterations of 2 s, 10 of
   * them, after 2 of warm-up (loading the items over HTTP has already warmed the in-process
   * server and the SDK's connection pool).
   */
  @Warmup(iterations = 2, time = 2)
  @Measurement(iterations = 10, time = 2)
  public static class DynamoDbLocal extends AccessPatternBenchmark {
    /** Which implementation runs the access patterns. */
    @Param({"dynamodb-local", "raw-sdk"})
    public String backend;

    /** About how many items are loaded. */
    @Param({"1000"})
    public int size;
  }
}
