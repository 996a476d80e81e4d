package io.quickphotos.bench.patterns;

import io.quickphotos.CostListener;
import io.quickphotos.Follow;
import io.quickphotos.Page;
import io.quickphotos.PageRequest;
import io.quickphotos.Photo;
import io.quickphotos.PhotoReactions;
import io.quickphotos.QuickPhotos;
import io.quickphotos.ReactionType;
import io.quickphotos.SortOrder;
import io.quickphotos.User;
import io.quickphotos.UserPhotos;
import io.quickphotos.bench.DataSet;
import io.quickphotos.memory.InMemoryTable;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * How the read access patterns of the in-memory backend scale with reader threads: the same
 * benchmark on one thread ({@link OneThread}) and on two ({@link TwoThreads}), in throughput
 * (operations per microsecond, all threads together), so that the ratio of the two is the
 * speed-up. On a machine with two cores, two readers that share nothing would come close to 2×;
 * anything every read writes to one shared word (a lock's reader count) keeps them well below.
 *
 * <p>The data set is {@link DataSet} at 10⁵ items, loaded once per trial into a
 * {@link InMemoryTable} behind the repository: large enough that the table's maps are several
 * levels deep and the rings of 1024 users and photos are spread over them, small enough that
 * loading takes about 3 s instead of the 30 s of 10⁶, which every one of the 18 trials would pay.
 *
 * <p>Nothing mutable is shared by the threads except the table itself: the repository reports
 * its costs to {@link CostListener#NONE} (the benchmarks' {@code CostTally} is not
 * thread-safe, and any shared counter — even a {@code LongAdder} — would add traffic between the
 * cores that is not the engine's), and each thread walks the rings from its own position
 * ({@link Cursor}, one per thread; the shared {@code RingBenchmark#nextSlot} is not thread-safe).
 *
 * <p>Run, from the repository root, after
 * {@code ./mvnw -B -ntp -o -q -pl benchmarks -am package -DskipTests}:
 * <pre>
 * java -jar benchmarks/target/benchmarks.jar ReadScalingBenchmark -f 1 -wi 3 -w 1 -i 5 -r 1 \
 *     -rf json -rff /tmp/scaling.json
 * </pre>
 * Each result in the JSON carries {@code "threads"}; the speed-up of a pattern is the score of
 * {@code TwoThreads.<pattern>} over that of {@code OneThread.<pattern>}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 10, time = 1)
// The same fixed heap and collector as RingBenchmark, for the same reasons: a heap that does not
// resize, and no concurrent collector threads taking the second core from the readers.
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+UseParallelGC"})
public abstract class ReadScalingBenchmark {
  private static final PageRequest FIRST_PAGE = PageRequest.first(DataSet.PAGE_SIZE);

  /** About how many items are loaded; a parameter only so that the smoke test can shrink it. */
  @Param({"100000"})
  public int size;

  private QuickPhotos photos;
  private DataSet data;

  /** Generates the data set and loads it into a new in-memory table, once per trial. */
  @Setup(Level.Trial)
  public void setUp() {
    data = DataSet.of(size);
    photos = DataSet.memory(InMemoryTable.create(), CostListener.NONE);
    data.importInto(photos, "memory");
  }

  /**
   * One thread's position in the data set's rings. Each thread starts at a different place, so
   * two threads do not read the same items in lockstep.
   */
  @State(Scope.Thread)
  public static class Cursor {
    /** Touched once per thread and trial, in setup, never while measuring. */
    private static final AtomicInteger STARTS = new AtomicInteger();

    private int next;

    /** Places this thread's cursor half a ring away from the previous thread's. */
    @Setup(Level.Trial)
    public void setUp() {
      next = STARTS.getAndAdd(DataSet.RING / 2 + 1) & (DataSet.RING - 1);
    }

    /**
     * The next position in the rings.
     *
     * @return an index below {@link DataSet#RING}
     */
    int nextSlot() {
      next = (next + 1) & (DataSet.RING - 1);
      return next;
    }
  }

  /** Get user: one GetItem. */
  @Benchmark
  public Optional<User> getUser(Cursor cursor) {
    return photos.getUser(data.userRing[cursor.nextSlot()]);
  }

  /** Get photo: one GetItem. */
  @Benchmark
  public Optional<Photo> getPhoto(Cursor cursor) {
    return photos.getPhoto(data.photoRing[cursor.nextSlot()]);
  }

  /** User and photos: one Query of the profile and the newest photos. */
  @Benchmark
  public UserPhotos userWithPhotos(Cursor cursor) {
    return photos.userWithPhotos(
        data.userRing[cursor.nextSlot()], SortOrder.NEWEST_FIRST, FIRST_PAGE);
  }

  /** Photo and reactions: one Query on the inverted index. */
  @Benchmark
  public PhotoReactions photoWithReactions(Cursor cursor) {
    return photos.photoWithReactions(data.photoRing[cursor.nextSlot()], FIRST_PAGE);
  }

  /** Followers of a user: one Query with begins_with. */
  @Benchmark
  public Page<Follow> followersOf(Cursor cursor) {
    return photos.followersOf(data.userRing[cursor.nextSlot()], FIRST_PAGE);
  }

  /** Users a user follows: one Query on the inverted index, one BatchGetItem of the profiles. */
  @Benchmark
  public Page<User> followedBy(Cursor cursor) {
    return photos.followedBy(data.userRing[cursor.nextSlot()], FIRST_PAGE);
  }

  /**
   * Is following: one GetItem of a friendship, the same arguments as
   * {@link AccessPatternBenchmark#isFollowing}.
   */
  @Benchmark
  public boolean isFollowing(Cursor cursor) {
    return photos.isFollowing(data.follower.username(), data.followedRing[cursor.nextSlot()]);
  }

  /**
   * Reactions a user left on a photo: one Query on the inverted index, the same arguments as
   * {@link AccessPatternBenchmark#reactionsLeftBy}.
   */
  @Benchmark
  public Set<ReactionType> reactionsLeftBy(Cursor cursor) {
    return photos.reactionsLeftBy(data.reactor.username(), data.photoRing[cursor.nextSlot()]);
  }

  /**
   * Home feed, first page: one Query of the followees, then one Query of photos per followee
   * ({@value DataSet#FOLLOWS_PER_USER} here).
   */
  @Benchmark
  public Page<Photo> homeFeed(Cursor cursor) {
    return photos.homeFeed(data.userRing[cursor.nextSlot()], FIRST_PAGE);
  }

  /** Every pattern on one reader thread: the baseline of the speed-up. */
  @Threads(1)
  public static class OneThread extends ReadScalingBenchmark {}

  /** Every pattern on two reader threads at once, on the same table. */
  @Threads(2)
  public static class TwoThreads extends ReadScalingBenchmark {}
}
