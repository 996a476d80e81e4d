package io.quickphotos.bench.sdk;

import io.quickphotos.CostListener;
import io.quickphotos.NewUser;
import io.quickphotos.PhotoId;
import io.quickphotos.ReactionType;
import io.quickphotos.bench.DataSet;
import io.quickphotos.bench.LocalTable;
import io.quickphotos.bench.floors.RawSdk;
import io.quickphotos.bench.patterns.BenchmarkTarget;
import io.quickphotos.bench.patterns.RepositoryBackend;
import io.quickphotos.dynamo.local.DynamoDbLocal;
import java.net.URI;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Supplier;
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
import org.openjdk.jmh.infra.BenchmarkParams;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClientBuilder;

/**
 * dynamo-impl's overhead over hand-written SDK calls, without a server: a real
 * {@link DynamoDbClient} on a {@link StubHttpClient} that answers every request with the canned
 * response DynamoDB Local gave to the same request. The {@code backend} parameter picks
 * {@code dynamo-impl} (the repository on a {@code DynamoTable}, with a cost listener) or
 * {@code raw-sdk} (the same requests written by hand, {@link RawSdk}, reading the attribute maps
 * straight into the records); both run the same SDK code below them, so the difference is what
 * dynamo-impl adds: validation, plans, the engine-neutral items, codecs, cursors, cost reports.
 * This is the approach of the AWS SDK's own enhanced-client overhead benchmarks (a mock HTTP
 * client returning canned JSON), which measure the mapping layer against the low-level client.
 *
 * <p>The responses are recorded once per JVM: DynamoDB Local starts, a data set of 10³ items is
 * imported, and each access pattern runs once through each backend with a recording interceptor;
 * then DynamoDB Local stops. Each benchmark replays its own pattern's script in a loop (the
 * follow benchmark, say, one TransactWriteItems response; users a user follows a Query and a
 * BatchGetItem response), called as it was recorded ({@link #PATTERNS}), with the arguments it
 * was recorded with: the same call {@link StubbedSdkComparison} times. The stub keeps no state,
 * so writes need no undoing here, and every pattern is measured alone.
 *
 * <p>Run, from the repository root, after {@code ./mvnw -pl benchmarks -am verify}:
 * <pre>
 * java -jar benchmarks/target/benchmarks.jar StubbedSdkBenchmark -f 2 -prof gc \
 *     -rf json -rff benchmarks/results/stubbed-sdk.json
 * java -cp benchmarks/target/benchmarks.jar io.quickphotos.bench.report.Report \
 *     benchmarks/results/stubbed-sdk.json
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
// DynamoDB Local, started to record the responses, leaves a non-daemon thread behind.
@Fork(
    value = 2,
    jvmArgsAppend = {
      "-Xms1g",
      "-Xmx1g",
      "-XX:+UseParallelGC",
      "-Djmh.shutdownTimeout=0",
      "-Djmh.shutdownTimeout.step=1",
      "--enable-native-access=ALL-UNNAMED"
    })
public class StubbedSdkBenchmark {
  static final String DYNAMO_IMPL = "dynamo-impl";
  static final String RAW_SDK = "raw-sdk";

  /** Every pattern by its benchmark method's name, as the benchmark calls it: to record it. */
  static final Map<String, BiFunction<BenchmarkTarget, Arguments, Object>> PATTERNS = patterns();

  /** Where the stubbed clients think they send requests; nothing listens there. */
  private static final URI NOWHERE = URI.create("http://127.0.0.1:9");

  /** The size of the data set the responses are recorded on: 50 users. */
  private static final int RECORDED_ITEMS = 1000;

  /** {@code dynamo-impl} or {@code raw-sdk}. */
  @Param({DYNAMO_IMPL, RAW_SDK})
  public String backend;

  private Supplier<Object> call;

  /**
   * Builds the backend on a stubbed client playing this benchmark's script.
   *
   * @param params which benchmark is about to run: its method names the pattern
   */
  @Setup(Level.Trial)
  public void setUp(BenchmarkParams params) {
    String benchmark = params.getBenchmark();
    call = Recordings.get().call(backend, benchmark.substring(benchmark.lastIndexOf('.') + 1));
  }

  /** Create user: one conditional PutItem. */
  @Benchmark
  public Object createUser() {
    return call.get();
  }

  /** Get user: one GetItem. */
  @Benchmark
  public Object getUser() {
    return call.get();
  }

  /** Upload photo: one TransactWriteItems (owner exists, photo absent). */
  @Benchmark
  public Object uploadPhoto() {
    return call.get();
  }

  /** Get photo: one GetItem. */
  @Benchmark
  public Object getPhoto() {
    return call.get();
  }

  /** User and photos: one Query of the profile and the newest photos. */
  @Benchmark
  public Object userWithPhotos() {
    return call.get();
  }

  /** React to photo: one TransactWriteItems (reaction absent, counter on the photo). */
  @Benchmark
  public Object reactToPhoto() {
    return call.get();
  }

  /** Photo and reactions: one Query on the inverted index. */
  @Benchmark
  public Object photoWithReactions() {
    return call.get();
  }

  /** Follow: one TransactWriteItems (friendship absent, both counters). */
  @Benchmark
  public Object follow() {
    return call.get();
  }

  /** Followers of a user: one Query with begins_with. */
  @Benchmark
  public Object followersOf() {
    return call.get();
  }

  /** Users a user follows: an inverted-index Query, then one BatchGetItem of the profiles. */
  @Benchmark
  public Object followedBy() {
    return call.get();
  }

  private static Map<String, BiFunction<BenchmarkTarget, Arguments, Object>> patterns() {
    Map<String, BiFunction<BenchmarkTarget, Arguments, Object>> patterns = new LinkedHashMap<>();
    patterns.put("createUser", (t, a) -> t.createUser(a.newUser()));
    patterns.put("getUser", (t, a) -> t.getUser(a.user()));
    patterns.put("uploadPhoto", (t, a) -> t.uploadPhoto(a.newPhoto(), a.newLocation()));
    patterns.put("getPhoto", (t, a) -> t.getPhoto(a.photo()));
    patterns.put("userWithPhotos", (t, a) -> t.userWithPhotos(a.user()));
    patterns.put("reactToPhoto", (t, a) -> t.reactTo(a.reactor(), a.reactedPhoto(), a.type()));
    patterns.put("photoWithReactions", (t, a) -> t.photoWithReactions(a.photo()));
    patterns.put("follow", (t, a) -> t.follow(a.follower(), a.followed()));
    patterns.put("followersOf", (t, a) -> t.followersOf(a.user()));
    patterns.put("followedBy", (t, a) -> t.followedBy(a.user()));
    return java.util.Collections.unmodifiableMap(patterns);
  }

  /**
   * A client configured like an application's, with dummy credentials.
   *
   * @param http the endpoint and HTTP client, and anything else to set
   * @return the client
   */
  public static DynamoDbClient client(Consumer<DynamoDbClientBuilder> http) {
    DynamoDbClientBuilder builder =
        DynamoDbClient.builder()
            .region(DynamoDbLocal.REGION)
            .credentialsProvider(
                StaticCredentialsProvider.create(AwsBasicCredentials.create("dummy", "dummy")));
    http.accept(builder);
    return builder.build();
  }

  /**
   * The target a backend parameter names, on a client of its own.
   *
   * @param backend {@value #DYNAMO_IMPL} or {@value #RAW_SDK}
   * @param client the client
   * @return the target; closing it leaves the client open
   */
  static BenchmarkTarget target(String backend, DynamoDbClient client) {
    return switch (backend) {
      case DYNAMO_IMPL -> RepositoryBackend.dynamoDb(client);
      case RAW_SDK -> new RawSdk(client, () -> {});
      default ->
          throw new IllegalArgumentException(
              "unknown backend " + backend + "; expected " + DYNAMO_IMPL + " or " + RAW_SDK);
    };
  }

  /**
   * The arguments of one backend's calls. Reads use the same user and photo on both backends;
   * the writes differ, since both backends record on one table and each write must succeed.
   *
   * @param user an existing user, who follows and is followed by others and has photos
   * @param photo an existing photo
   * @param newUser a user to create
   * @param newPhoto a photo to upload
   * @param newLocation its URL
   * @param reactor the user who reacts
   * @param reactedPhoto the photo to react to
   * @param type the reaction
   * @param follower the user who follows
   * @param followed the user to follow
   */
  record Arguments(
      String user,
      PhotoId photo,
      NewUser newUser,
      PhotoId newPhoto,
      String newLocation,
      String reactor,
      PhotoId reactedPhoto,
      ReactionType type,
      String follower,
      String followed) {

    static Arguments of(DataSet data, int slot) {
      return new Arguments(
          data.userRing[0],
          data.photoRing[0],
          data.newUserRing[slot],
          data.newPhotoRing[slot],
          data.newLocationRing[slot],
          data.reactor.username(),
          data.photoRing[slot],
          data.typeRing[slot],
          data.follower.username(),
          data.followedRing[slot]);
    }
  }

  /**
   * The responses DynamoDB Local gave each backend for each pattern, recorded once per JVM.
   * Thread-safe: built under the class lock, immutable after.
   */
  static final class Recordings {
    private static Recordings instance;

    private final Map<String, List<StubHttpClient.Response>> scripts;
    private final Map<String, Arguments> arguments;

    private Recordings(
        Map<String, List<StubHttpClient.Response>> scripts, Map<String, Arguments> arguments) {
      this.scripts = scripts;
      this.arguments = arguments;
    }

    static synchronized Recordings get() {
      if (instance == null) {
        instance = record();
      }
      return instance;
    }

    /**
     * One pattern on a backend on a stubbed client that plays what was recorded for the pattern,
     * with the arguments it was recorded with.
     *
     * @param backend {@value #DYNAMO_IMPL} or {@value #RAW_SDK}
     * @param pattern the benchmark method's name
     * @return a call of the pattern
     */
    Supplier<Object> call(String backend, String pattern) {
      List<StubHttpClient.Response> script = scripts.get(backend + " " + pattern);
      if (script == null) {
        throw new IllegalArgumentException("nothing recorded for " + pattern + " on " + backend);
      }
      StubHttpClient stub = new StubHttpClient();
      stub.play(script);
      BenchmarkTarget target =
          target(backend, client(c -> c.endpointOverride(NOWHERE).httpClient(stub)));
      Arguments args = arguments.get(backend);
      BiFunction<BenchmarkTarget, Arguments, Object> call = PATTERNS.get(pattern);
      return () -> call.apply(target, args);
    }

    private static Recordings record() {
      DataSet data = DataSet.of(RECORDED_ITEMS);
      Map<String, Arguments> arguments =
          Map.of(
              DYNAMO_IMPL,
              Arguments.of(data, 0),
              RAW_SDK,
              Arguments.of(data, otherWriteSlot(data)));
      Map<String, List<StubHttpClient.Response>> scripts = new HashMap<>();
      try (LocalTable table = LocalTable.load(data, CostListener.NONE)) {
        for (String backend : List.of(DYNAMO_IMPL, RAW_SDK)) {
          StubHttpClient.Recorder recorder = new StubHttpClient.Recorder();
          try (DynamoDbClient client =
              client(
                  c ->
                      c.endpointOverride(table.endpoint())
                          .httpClientBuilder(UrlConnectionHttpClient.builder())
                          .overrideConfiguration(o -> o.addExecutionInterceptor(recorder)))) {
            BenchmarkTarget target = target(backend, client);
            for (Map.Entry<String, BiFunction<BenchmarkTarget, Arguments, Object>> pattern :
                PATTERNS.entrySet()) {
              pattern.getValue().apply(target, arguments.get(backend));
              scripts.put(backend + " " + pattern.getKey(), recorder.take());
            }
          }
        }
      }
      return new Recordings(Map.copyOf(scripts), arguments);
    }

    /** A slot whose writes do not collide with slot 0's: another followee, another reaction. */
    private static int otherWriteSlot(DataSet data) {
      for (int slot = 1; slot < DataSet.RING; slot++) {
        if (!data.followedRing[slot].equals(data.followedRing[0])
            && !(data.photoRing[slot].equals(data.photoRing[0])
                && data.typeRing[slot] == data.typeRing[0])) {
          return slot;
        }
      }
      throw new IllegalStateException("every slot's writes collide with the first's");
    }
  }
}
