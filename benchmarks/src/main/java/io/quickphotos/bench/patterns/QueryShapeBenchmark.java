package io.quickphotos.bench.patterns;

import io.quickphotos.Page;
import io.quickphotos.User;
import io.quickphotos.UserPhotos;
import io.quickphotos.bench.CostCounters;
import io.quickphotos.bench.CostTally;
import io.quickphotos.bench.DataSet;
import io.quickphotos.bench.RingBenchmark;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * The alternative request shapes of "user and photos" and "users a user follows" side by side
 * ({@link QueryShapes}), through the Table SPI of the in-memory engine ({@code memory}) and of the
 * DynamoDB engine on DynamoDB Local ({@code dynamodb-local}), each with its requests and capacity
 * per operation. Same data set and argument ring as {@link AccessPatternBenchmark}, plus the
 * denormalized profile copies.
 *
 * <p>Run, from the repository root, after {@code ./mvnw -pl benchmarks -am verify}:
 * <pre>
 * java -jar benchmarks/target/benchmarks.jar QueryShapeBenchmark -prof gc \
 *     -rf json -rff benchmarks/results/shapes.json
 * java -cp benchmarks/target/benchmarks.jar io.quickphotos.bench.report.Report \
 *     benchmarks/results/shapes.json
 * </pre>
 */
@State(Scope.Benchmark)
public abstract class QueryShapeBenchmark extends RingBenchmark {
  private QueryShapes shapes;
  private CostTally costs;
  private DataSet data;

  /**
   * Generates the data set and loads it with the profile copies, once per trial.
   *
   * @param params the {@code backend} and {@code size} of this trial
   */
  @Setup(Level.Trial)
  public void setUp(BenchmarkParams params) {
    data = dataSet(params);
    shapes = QueryShapes.open(params.getParam("backend"), data);
    costs = shapes.costs();
  }

  /** Releases the engine; stops DynamoDB Local. */
  @TearDown(Level.Trial)
  public void tearDown() {
    shapes.close();
  }

  private String nextUser() {
    return data.userRing[nextSlot()];
  }

  /** User and photos in one Query (the design's shape). */
  @Benchmark
  public UserPhotos userAndPhotosInOneQuery(CostCounters counters) {
    return costs.moveTo(counters, shapes.userAndPhotosInOneQuery(nextUser()));
  }

  /** User by GetItem, then photos by Query. */
  @Benchmark
  public UserPhotos userThenPhotos(CostCounters counters) {
    return costs.moveTo(counters, shapes.userThenPhotos(nextUser()));
  }

  /** Followed users by inverted-index Query and BatchGetItem (the design's shape). */
  @Benchmark
  public Page<User> followedByBatchGet(CostCounters counters) {
    return costs.moveTo(counters, shapes.followedByBatchGet(nextUser()));
  }

  /** Followed users by inverted-index Query and one GetItem each. */
  @Benchmark
  public Page<User> followedByGetEach(CostCounters counters) {
    return costs.moveTo(counters, shapes.followedByGetEach(nextUser()));
  }

  /** Followed users from denormalized copies, one inverted-index Query. */
  @Benchmark
  public Page<User> followedByDenormalized(CostCounters counters) {
    return costs.moveTo(counters, shapes.followedByDenormalized(nextUser()));
  }

  /** The shapes on the in-memory engine, at 10³ and 10⁶ items. */
  public static class Memory extends QueryShapeBenchmark {
    /** Which engine runs the shapes. */
    @Param({"memory"})
    public String backend;

    /** About how many items are loaded, before the profile copies. */
    @Param({"1000", "1000000"})
    public int size;
  }

  /** The shapes on the DynamoDB engine on DynamoDB Local, at 10³ items. */
  public static class DynamoDbLocal extends QueryShapeBenchmark {
    /** Which engine runs the shapes. */
    @Param({"dynamodb-local"})
    public String backend;

    /** About how many items are loaded, before the profile copies. */
    @Param({"1000"})
    public int size;
  }
}
