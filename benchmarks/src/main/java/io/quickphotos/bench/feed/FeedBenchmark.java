package io.quickphotos.bench.feed;

import io.quickphotos.Photo;
import io.quickphotos.bench.feed.FeedScenario.Design;
import java.util.List;
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
import org.openjdk.jmh.annotations.Warmup;

/**
 * The home feed served two ways, on the in-memory engine: fan-out on read (the product's
 * {@code homeFeed}) and fan-out on write (a timeline per user written at upload, modelled in
 * {@link FanOutOnWrite}, with copies or with keys of the photos). {@link Page} times the newest
 * feed page as the number of followed users F grows; {@link Upload} times an upload as the
 * number of followers N grows. Their exact capacity is not measured here but computed once by
 * {@link FeedCosts}, and {@link FeedReport} puts both together with the crossover.
 *
 * <p>Run (about 5 minutes): {@code java -jar benchmarks/target/benchmarks.jar FeedBenchmark
 * -rf json -rff benchmarks/results/feed.json}, then
 * {@code java -cp benchmarks/target/benchmarks.jar io.quickphotos.bench.feed.FeedReport
 * benchmarks/results/feed.json}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+UseParallelGC"})
public abstract class FeedBenchmark {
  /** How the feed is served. */
  @Param({"fan-out-on-read", "fan-out-on-write", "fan-out-on-write-ids"})
  public String design;

  Design served;
  FeedScenario scenario;

  /** The newest page of a reader's feed, by design and followee count. */
  public static class Page extends FeedBenchmark {
    /** How many users the reader follows. */
    @Param({"1", "10", "100", "1000"})
    public int followees;

    /** Loads the reader, the followees' photos and the reader's timelines. */
    @Setup(Level.Trial)
    public void load() {
      served = Design.of(design);
      scenario = FeedScenario.readerFollowing(followees);
    }

    /**
     * Reads the newest page.
     *
     * @return the page's photos
     */
    @Benchmark
    public List<Photo> feedPage() {
      List<Photo> page = scenario.feedPage(served);
      scenario.costs.clear();
      return page;
    }
  }

  /**
   * One upload, by design and follower count. Each upload is followed by the delete of its photo
   * (one engine request, the same in every design, timed with it) so that the timestamps can be
   * used again and the table keeps its size.
   */
  public static class Upload extends FeedBenchmark {
    /** How many users follow the uploader. */
    @Param({"1", "10", "100", "1000", "10000"})
    public int followers;

    /** Loads the uploader and the followers. */
    @Setup(Level.Trial)
    public void load() {
      served = Design.of(design);
      scenario = FeedScenario.uploaderFollowedBy(followers);
    }

    /**
     * Uploads a photo, then deletes it.
     *
     * @return the photo
     */
    @Benchmark
    public Photo upload() {
      Photo photo = scenario.upload(served);
      scenario.undoUpload(photo.id());
      scenario.costs.clear();
      return photo;
    }
  }
}
