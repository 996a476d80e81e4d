package io.quickphotos.bench.streams;

import io.quickphotos.NewUser;
import io.quickphotos.QuickPhotos;
import io.quickphotos.UserStatus;
import io.quickphotos.memory.InMemoryTable;
import io.quickphotos.memory.MemoryQuickPhotos;
import io.quickphotos.memory.MemoryStreams;
import io.quickphotos.streams.StreamPoller;
import java.time.Clock;
import java.time.LocalDate;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
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
import software.amazon.awssdk.services.dynamodb.model.GetRecordsResponse;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * Records a second one {@link StreamPoller} reads from the memory engine's stream
 * ({@code MemoryStreams}): each invocation reads the whole stream of {@code users} accounts
 * created (one INSERT record each) from its trim horizon with a new poller, decodes it and hands
 * it to a handler that counts, in pages of 1,000 records; beside it, the stream's GetRecords
 * alone, the same records without the poller and the decoding. The {@code records} secondary
 * result ({@link Records}, an {@code @AuxCounters} state) is records a second; the primary one,
 * whole streams read a second.
 *
 * <p>Run, from the repository root, after {@code ./mvnw -pl benchmarks -am package -DskipTests}:
 *
 * <pre>
 * java -jar benchmarks/target/benchmarks.jar 'StreamBenchmark' -rf json \
 *     -rff benchmarks/results/streams.json
 * </pre>
 *
 * The settings are short (1 fork, 5 × 1 s warm-up, 3 × 1 s measured, about 20 s in all). The
 * warm-up is the longer half because an invocation reads the whole stream, a few hundred
 * milliseconds while the JIT is cold: with one second of warm-up the first measured iterations
 * still ran at a third of the last ones' rate.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xms1g", "-Xmx1g", "-XX:+UseParallelGC"})
public class StreamBenchmark {
  /** Accounts created before the measurement: one INSERT record each. */
  @Param({"10000"})
  public int users;

  private DynamoDbStreamsClient client;
  private String streamArn;
  private String shardId;

  /** The records a benchmark read, as JMH's secondary result: records a second. */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.OPERATIONS)
  public static class Records {
    /** Records read; JMH divides them by the iteration's time. */
    public long records;

    /** Zeroes the count before each iteration (JMH sums what the iteration adds). */
    @Setup(Level.Iteration)
    public void clear() {
      records = 0;
    }
  }

  /**
   * The table, its stream and the accounts, once per trial: the stream keeps them all (the clock
   * is the system's, and a trial is far shorter than the stream's 24 hours).
   */
  @Setup(Level.Trial)
  public void load() {
    InMemoryTable table = InMemoryTable.create();
    MemoryStreams stream =
        MemoryStreams.enable(table, StreamViewType.NEW_AND_OLD_IMAGES, Clock.systemUTC());
    QuickPhotos photos = MemoryQuickPhotos.builder().table(table).build();
    for (int i = 0; i < users; i++) {
      String name = "u" + i;
      photos.createUser(
          new NewUser(
              name,
              "User " + i,
              name + "@example.com",
              LocalDate.of(1990, 1, 1),
              "",
              UserStatus.ACTIVE));
    }
    client = stream.client();
    streamArn = stream.streamArn();
    shardId =
        client
            .describeStream(r -> r.streamArn(streamArn))
            .streamDescription()
            .shards()
            .get(0)
            .shardId();
  }

  /**
   * The whole stream read by a new poller (new in-memory checkpoints, so from the trim horizon):
   * DescribeStream, GetShardIterator, GetRecords pages of 1,000, each decoded into events and
   * handed to a handler that counts them, then checkpointed.
   *
   * @param counted the records read
   * @return the events handled, so that nothing is optimized away
   */
  @Benchmark
  public long poller(Records counted) {
    long[] events = {0};
    StreamPoller poller =
        StreamPoller.builder(client, streamArn, batch -> events[0] += batch.size()).build();
    counted.records += poller.drain();
    return events[0];
  }

  /**
   * The same records by GetRecords alone: what the stream's SDK-shaped answer costs without the
   * poller's decoding and checkpoints.
   *
   * @param counted the records read
   * @return the last page's record count
   */
  @Benchmark
  public int getRecords(Records counted) {
    String iterator =
        client
            .getShardIterator(
                r ->
                    r.streamArn(streamArn)
                        .shardId(shardId)
                        .shardIteratorType(ShardIteratorType.TRIM_HORIZON))
            .shardIterator();
    int last = 0;
    while (iterator != null) {
      String at = iterator;
      GetRecordsResponse page = client.getRecords(r -> r.shardIterator(at));
      last = page.records().size();
      if (last == 0) {
        break;
      }
      counted.records += last;
      iterator = page.nextShardIterator();
    }
    return last;
  }
}
