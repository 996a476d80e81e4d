package io.quickphotos.bench;

import io.quickphotos.CostListener;
import io.quickphotos.Follow;
import io.quickphotos.NewUser;
import io.quickphotos.Page;
import io.quickphotos.PageRequest;
import io.quickphotos.Photo;
import io.quickphotos.PhotoId;
import io.quickphotos.PhotoReactions;
import io.quickphotos.QuickPhotos;
import io.quickphotos.Reaction;
import io.quickphotos.ReactionType;
import io.quickphotos.SortOrder;
import io.quickphotos.User;
import io.quickphotos.UserPhotos;
import io.quickphotos.dynamo.DynamoQuickPhotos;
import io.quickphotos.dynamo.local.DynamoDbLocal;
import java.net.URI;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
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
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * dynamo-impl's overhead over hand-written SDK calls, without a server: a real
 * {@link DynamoDbClient} on a {@link StubHttpClient} that answers every request with the canned
 * response DynamoDB Local gave to the same request. The {@code backend} parameter picks
 * {@code dynamo-impl} (the repository, {@link DynamoQuickPhotos}, with a cost listener) or
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
 * BatchGetItem response), with the arguments it was recorded with. The stub keeps no state, so
 * writes need no undoing here, and every pattern is measured alone.
 *
 * <p>Run, from the repository root, after {@code ./mvnw -pl benchmarks -am verify}:
 * <pre>
 * java -jar benchmarks/target/benchmarks.jar StubbedSdkBenchmark -f 2 -prof gc \
 *     -rf json -rff benchmarks/results/stubbed-sdk.json
 * java -cp benchmarks/target/benchmarks.jar io.quickphotos.bench.Report \
 *     benchmarks/results/stubbed-sdk.json
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
// DynamoDB Local, started to record the responses, leaves a non-daemon thread behind.
@Fork(value = 2, jvmArgsAppend = {"-Xms1g", "-Xmx1g", "-XX:+UseParallelGC",
    "-Djmh.shutdownTimeout=0", "-Djmh.shutdownTimeout.step=1",
    "--enable-native-access=ALL-UNNAMED"})
public class StubbedSdkBenchmark {
  static final String DYNAMO_IMPL = "dynamo-impl";
  static final String RAW_SDK = "raw-sdk";
  /** Where the stubbed clients think they send requests; nothing listens there. */
  private static final URI NOWHERE = URI.create("http://127.0.0.1:9");
  private static final PageRequest FIRST_PAGE = PageRequest.first(DataSet.PAGE_SIZE);
  /** The size of the data set the responses are recorded on: 50 users. */
  private static final int RECORDED_ITEMS = 1000;

  /** {@code dynamo-impl} or {@code raw-sdk}. */
  @Param({DYNAMO_IMPL, RAW_SDK})
  public String backend;

  private Calls calls;

  /**
   * Builds the backend on a stubbed client playing this benchmark's script.
   *
   * @param params which benchmark is about to run
   */
  @Setup(Level.Trial)
  public void setUp(BenchmarkParams params) {
    String benchmark = params.getBenchmark();
    String method = benchmark.substring(benchmark.lastIndexOf('.') + 1);
    Recordings recordings = Recordings.get();
    StubHttpClient stub = new StubHttpClient();
    stub.play(recordings.script(backend, method));
    calls = Calls.of(backend, client(stub), recordings.arguments(backend));
  }

  /**
   * Create user: one conditional PutItem.
   *
   * @return the user
   */
  @Benchmark
  public User createUser() {
    return calls.createUser();
  }

  /**
   * Get user: one GetItem.
   *
   * @return the user
   */
  @Benchmark
  public Optional<User> getUser() {
    return calls.getUser();
  }

  /**
   * Upload photo: one TransactWriteItems (owner exists, photo absent).
   *
   * @return the photo
   */
  @Benchmark
  public Photo uploadPhoto() {
    return calls.uploadPhoto();
  }

  /**
   * Get photo: one GetItem.
   *
   * @return the photo
   */
  @Benchmark
  public Optional<Photo> getPhoto() {
    return calls.getPhoto();
  }

  /**
   * User and photos: one Query of the profile and the newest photos.
   *
   * @return the profile and photos
   */
  @Benchmark
  public UserPhotos userWithPhotos() {
    return calls.userWithPhotos();
  }

  /**
   * React to photo: one TransactWriteItems (reaction absent, counter on the photo).
   *
   * @return the reaction
   */
  @Benchmark
  public Reaction reactToPhoto() {
    return calls.reactToPhoto();
  }

  /**
   * Photo and reactions: one Query on the inverted index.
   *
   * @return the photo and reactions
   */
  @Benchmark
  public PhotoReactions photoWithReactions() {
    return calls.photoWithReactions();
  }

  /**
   * Follow: one TransactWriteItems (friendship absent, both counters).
   *
   * @return the friendship
   */
  @Benchmark
  public Follow follow() {
    return calls.follow();
  }

  /**
   * Followers of a user: one Query with begins_with.
   *
   * @return the friendships
   */
  @Benchmark
  public Page<Follow> followersOf() {
    return calls.followersOf();
  }

  /**
   * Users a user follows: an inverted-index Query, then one BatchGetItem of the profiles.
   *
   * @return the profiles
   */
  @Benchmark
  public Page<User> followedBy() {
    return calls.followedBy();
  }

  /** A client configured like an application's, but on a stubbed HTTP client. */
  static DynamoDbClient client(SdkHttpClient http) {
    return DynamoDbClient.builder()
        .endpointOverride(NOWHERE)
        .region(DynamoDbLocal.REGION)
        .credentialsProvider(StaticCredentialsProvider.create(
            AwsBasicCredentials.create("dummy", "dummy")))
        .httpClient(http)
        .build();
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
  record Arguments(String user, PhotoId photo, NewUser newUser, PhotoId newPhoto,
      String newLocation, String reactor, PhotoId reactedPhoto, ReactionType type,
      String follower, String followed) {

    static Arguments of(DataSet data, int slot) {
      return new Arguments(data.userRing[0], data.photoRing[0], data.newUserRing[slot],
          data.newPhotoRing[slot], data.newLocationRing[slot], data.reactor.username(),
          data.photoRing[slot], data.typeRing[slot], data.follower.username(),
          data.followedRing[slot]);
    }
  }

  /** The access patterns with fixed arguments, on one backend. */
  interface Calls {
    /**
     * Creates the arguments' new user: one conditional PutItem.
     *
     * @return the user
     */
    User createUser();

    /**
     * Reads the arguments' user: one GetItem.
     *
     * @return the user
     */
    Optional<User> getUser();

    /**
     * Uploads the arguments' new photo: one TransactWriteItems.
     *
     * @return the photo
     */
    Photo uploadPhoto();

    /**
     * Reads the arguments' photo: one GetItem.
     *
     * @return the photo
     */
    Optional<Photo> getPhoto();

    /**
     * Reads the arguments' user and the first page of photos, newest first: one Query.
     *
     * @return the profile and photos
     */
    UserPhotos userWithPhotos();

    /**
     * Reacts to the arguments' photo: one TransactWriteItems.
     *
     * @return the reaction
     */
    Reaction reactToPhoto();

    /**
     * Reads the arguments' photo and the first page of reactions: one index Query.
     *
     * @return the photo and reactions
     */
    PhotoReactions photoWithReactions();

    /**
     * Follows the arguments' followee: one TransactWriteItems.
     *
     * @return the friendship
     */
    Follow follow();

    /**
     * Reads the first page of the arguments' user's followers: one Query.
     *
     * @return the friendships
     */
    Page<Follow> followersOf();

    /**
     * Reads the profiles of the first page of users the arguments' user follows: one index Query
     * and one BatchGetItem.
     *
     * @return the profiles
     */
    Page<User> followedBy();

    /** Every pattern by its benchmark method's name, to record them. */
    Map<String, Function<Calls, Object>> PATTERNS = patterns();

    private static Map<String, Function<Calls, Object>> patterns() {
      Map<String, Function<Calls, Object>> patterns = new LinkedHashMap<>();
      patterns.put("createUser", Calls::createUser);
      patterns.put("getUser", Calls::getUser);
      patterns.put("uploadPhoto", Calls::uploadPhoto);
      patterns.put("getPhoto", Calls::getPhoto);
      patterns.put("userWithPhotos", Calls::userWithPhotos);
      patterns.put("reactToPhoto", Calls::reactToPhoto);
      patterns.put("photoWithReactions", Calls::photoWithReactions);
      patterns.put("follow", Calls::follow);
      patterns.put("followersOf", Calls::followersOf);
      patterns.put("followedBy", Calls::followedBy);
      return java.util.Collections.unmodifiableMap(patterns);
    }

    static Calls of(String backend, DynamoDbClient client, Arguments args) {
      CostRecorder costs = new CostRecorder();
      return switch (backend) {
        case DYNAMO_IMPL -> new RepositoryCalls(DynamoQuickPhotos.builder()
            .client(client)
            .tableName(LocalTable.NAME)
            .costListener(costs)
            .clock(DataSet.CLOCK)
            .build(), args);
        case RAW_SDK -> new RawCalls(new RawSdk(client, costs), args);
        default -> throw new IllegalArgumentException("unknown backend " + backend
            + "; expected " + DYNAMO_IMPL + " or " + RAW_SDK);
      };
    }
  }

  /** The calls through the repository. */
  private record RepositoryCalls(QuickPhotos photos, Arguments args) implements Calls {
    @Override
    public User createUser() {
      return photos.createUser(args.newUser());
    }

    @Override
    public Optional<User> getUser() {
      return photos.getUser(args.user());
    }

    @Override
    public Photo uploadPhoto() {
      return photos.uploadPhoto(args.newPhoto().owner(), args.newPhoto().timestamp(),
          args.newLocation());
    }

    @Override
    public Optional<Photo> getPhoto() {
      return photos.getPhoto(args.photo());
    }

    @Override
    public UserPhotos userWithPhotos() {
      return photos.userWithPhotos(args.user(), SortOrder.NEWEST_FIRST, FIRST_PAGE);
    }

    @Override
    public Reaction reactToPhoto() {
      return photos.reactTo(args.reactor(), args.reactedPhoto(), args.type());
    }

    @Override
    public PhotoReactions photoWithReactions() {
      return photos.photoWithReactions(args.photo(), FIRST_PAGE);
    }

    @Override
    public Follow follow() {
      return photos.follow(args.follower(), args.followed());
    }

    @Override
    public Page<Follow> followersOf() {
      return photos.followersOf(args.user(), FIRST_PAGE);
    }

    @Override
    public Page<User> followedBy() {
      return photos.followedBy(args.user(), FIRST_PAGE);
    }
  }

  /** The same calls written by hand. */
  private record RawCalls(RawSdk raw, Arguments args) implements Calls {
    @Override
    public User createUser() {
      return raw.createUser(args.newUser());
    }

    @Override
    public Optional<User> getUser() {
      return raw.getUser(args.user());
    }

    @Override
    public Photo uploadPhoto() {
      return raw.uploadPhoto(args.newPhoto(), args.newLocation());
    }

    @Override
    public Optional<Photo> getPhoto() {
      return raw.getPhoto(args.photo());
    }

    @Override
    public UserPhotos userWithPhotos() {
      return raw.userWithPhotos(args.user());
    }

    @Override
    public Reaction reactToPhoto() {
      return raw.reactTo(args.reactor(), args.reactedPhoto(), args.type());
    }

    @Override
    public PhotoReactions photoWithReactions() {
      return raw.photoWithReactions(args.photo());
    }

    @Override
    public Follow follow() {
      return raw.follow(args.follower(), args.followed());
    }

    @Override
    public Page<Follow> followersOf() {
      return raw.followersOf(args.user());
    }

    @Override
    public Page<User> followedBy() {
      return raw.followedBy(args.user());
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

    private Recordings(Map<String, List<StubHttpClient.Response>> scripts,
        Map<String, Arguments> arguments) {
      this.scripts = scripts;
      this.arguments = arguments;
    }

    static synchronized Recordings get() {
      if (instance == null) {
        instance = record();
      }
      return instance;
    }

    List<StubHttpClient.Response> script(String backend, String pattern) {
      List<StubHttpClient.Response> script = scripts.get(backend + " " + pattern);
      if (script == null) {
        throw new IllegalArgumentException("nothing recorded for " + pattern + " on " + backend);
      }
      return script;
    }

    Arguments arguments(String backend) {
      return arguments.get(backend);
    }

    private static Recordings record() {
      DataSet data = DataSet.of(RECORDED_ITEMS);
      Map<String, Arguments> arguments = Map.of(DYNAMO_IMPL, Arguments.of(data, 0),
          RAW_SDK, Arguments.of(data, otherWriteSlot(data)));
      Map<String, List<StubHttpClient.Response>> scripts = new HashMap<>();
      try (LocalTable table = LocalTable.load(data, CostListener.NONE)) {
        for (String backend : List.of(DYNAMO_IMPL, RAW_SDK)) {
          StubHttpClient.Recorder recorder = new StubHttpClient.Recorder();
          try (DynamoDbClient client = DynamoDbClient.builder()
              .endpointOverride(table.endpoint())
              .region(DynamoDbLocal.REGION)
              .credentialsProvider(StaticCredentialsProvider.create(
                  AwsBasicCredentials.create("dummy", "dummy")))
              .httpClientBuilder(UrlConnectionHttpClient.builder())
              .overrideConfiguration(o -> o.addExecutionInterceptor(recorder))
              .build()) {
            Calls calls = Calls.of(backend, client, arguments.get(backend));
            for (Map.Entry<String, Function<Calls, Object>> pattern : Calls.PATTERNS.entrySet()) {
              pattern.getValue().apply(calls);
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
