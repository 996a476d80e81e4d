package io.quickphotos.bench.latency;

import io.quickphotos.CostListener;
import io.quickphotos.Page;
import io.quickphotos.PageRequest;
import io.quickphotos.Photo;
import io.quickphotos.QuickPhotos;
import io.quickphotos.bench.feed.FeedScenario;
import io.quickphotos.dynamo.local.DynamoDbLocal;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One newest home-feed page of a reader following {@code followees} accounts, on DynamoDB Local
 * with every request delayed by {@code delayMillis} ({@link DelayingHttpClient}, the latency
 * model of {@link LatencyReport}), with the repository's {@code parallelism} at 1 (the
 * per-author Queries one after another) and at the default 50 (side by side). The page makes
 * {@code ⌊F / 1000⌋ + 1 + F} requests: at F = 100 and 5 ms, 101 round trips one after another
 * against 3 (the followed list, then two waves of 50).
 *
 * <p>Each trial starts DynamoDB Local in the fork and loads {@link FeedScenario}'s reader
 * ({@link DelayedRepositories#startWithFeed}: 3,201 items at F = 100, a few seconds). A page
 * takes from tens of milliseconds to over half a second, so iterations are 3 s long.
 *
 * <p>Run, from the repository root, after {@code ./mvnw -pl benchmarks -am package -DskipTests}
 * (about a minute):
 * <pre>
 * java -jar benchmarks/target/benchmarks.jar FeedLatencyBenchmark
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 3)
@Measurement(iterations = 5, time = 3)
// As in RingBenchmark: DynamoDB Local leaves a non-daemon thread behind that would make JMH wait
// for every fork to exit, and its native library is loaded with a restricted method.
@Fork(
    value = 1,
    jvmArgsAppend = {
      "-Xms1g",
      "-Xmx1g",
      "-XX:+UseParallelGC",
      "-Djmh.shutdownTimeout=0",
      "-Djmh.shutdownTimeout.step=1",
      "--enable-native-access=ALL-UNNAMED"
    })
public class FeedLatencyBenchmark {
  private static final PageRequest PAGE = PageRequest.first(FeedScenario.PAGE);

  /** The repository's parallelism: 1 before requests went side by side, 50 the default. */
  @Param({"1", "50"})
  public int parallelism;

  /** How many accounts the reader follows, F. */
  @Param({"100"})
  public int followees;

  /** The wait before each request, in milliseconds. */
  @Param({"5"})
  public int delayMillis;

  private DynamoDbLocal local;
  private DelayedRepositories repositories;
  private QuickPhotos photos;

  /** Starts DynamoDB Local, loads the reader and opens the delayed repository. */
  @Setup(Level.Trial)
  public void setUp() {
    local = DelayedRepositories.startWithFeed(followees);
    repositories = new DelayedRepositories(local.endpoint());
    photos = repositories.open(Duration.ofMillis(delayMillis), parallelism, CostListener.NONE);
  }

  /** Closes the clients and stops DynamoDB Local. */
  @TearDown(Level.Trial)
  public void tearDown() {
    repositories.close();
    local.close();
  }

  /**
   * The newest page of the reader's feed: the followed list from the inverted index, then one
   * Query per followed account.
   *
   * @return the page
   */
  @Benchmark
  public Page<Photo> feedPage() {
    return photos.homeFeed(FeedScenario.READER, PAGE);
  }
}
