package io.quickphotos.dynamo;

import io.quickphotos.CostListener;
import io.quickphotos.FanOut;
import io.quickphotos.QuickPhotos;
import io.quickphotos.RetryPolicy;
import io.quickphotos.Sharding;
import io.quickphotos.dynamo.internal.DynamoTable;
import io.quickphotos.internal.repository.Repositories;
import io.quickphotos.internal.repository.RepositoryOptions;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The Amazon DynamoDB backend: a {@link QuickPhotos} repository on one DynamoDB table, through
 * the AWS SDK for Java v2. Region, credentials, endpoint, HTTP client and the SDK's retry policy
 * are the application's to configure on the {@link DynamoDbClient} it passes in; quickphotos
 * never closes that client. The module depends on the SDK's {@code dynamodb} module as the SDK's
 * guide has applications do, with its default synchronous HTTP client ({@code apache-client}),
 * so a client built without one uses Apache's, whether or not the application depends on the
 * SDK itself.
 *
 * <p>Against AWS, with the default credentials and region chain:
 * <pre>{@code
 * DynamoDbClient client = DynamoDbClient.create();
 * QuickPhotos photos = DynamoQuickPhotos.builder()
 *     .client(client)
 *     .tableName("quick-photos")
 *     .build();
 * }</pre>
 *
 * <p>Against DynamoDB Local or any DynamoDB-compatible endpoint, creating the table on first
 * use (DynamoDB Local accepts any credentials):
 * <pre>{@code
 * DynamoDbClient client = DynamoDbClient.builder()
 *     .endpointOverride(URI.create("http://localhost:8000"))
 *     .region(Region.US_EAST_1)
 *     .credentialsProvider(StaticCredentialsProvider.create(
 *         AwsBasicCredentials.create("dummy", "dummy")))
 *     .build();
 * QuickPhotos photos = DynamoQuickPhotos.builder()
 *     .client(client)
 *     .createTableIfMissing(true)
 *     .costListener(cost -> log.info("{}", cost))
 *     .build();
 * }</pre>
 * In tests, {@code io.quickphotos.dynamo.local.DynamoDbLocal} (module
 * {@code quickphotos-dynamo-local}) runs DynamoDB Local in the test's own JVM.
 *
 * <p>Each repository method makes the requests listed on {@link QuickPhotos} and
 * {@link io.quickphotos.AccessPattern}, and reports the capacity DynamoDB returned for them
 * ({@code ReturnConsumedCapacity=TOTAL}) to the cost listener. SDK exceptions become
 * quickphotos exceptions with the SDK exception as the cause: a failed condition or cancelled
 * transaction becomes the domain error it means, throttling and service or network failures that
 * outlast the SDK's own retries become {@link io.quickphotos.ServiceUnavailableException}, and a
 * missing or differently laid-out table or index, or missing credentials or permissions, a
 * {@link io.quickphotos.TableConfigurationException} that names the problem.
 *
 * <p>Each transaction ({@code TransactWriteItems}) carries one {@code ClientRequestToken} per
 * repository call, reused by the repository's retries and by the SDK's own resends: within
 * DynamoDB's 10-minute idempotency window a repeat of an applied transaction writes nothing, so
 * no retry can apply it twice. A repeat that arrives while the first attempt is still in progress
 * ({@code TransactionInProgressException}, which the SDK retries as a throttling error) is
 * retried by the repository under the same token, with the builder's retry policy, until the
 * first attempt's outcome arrives. {@code createUser}, a single PutItem, stores a token of the
 * call on the item and asks for the item that fails its condition
 * ({@code ReturnValuesOnConditionCheckFailure=ALL_OLD}), so its resend returns the user it
 * created rather than {@link io.quickphotos.UserAlreadyExistsException}.
 */
public final class DynamoQuickPhotos {
  /**
   * The default {@link Builder#parallelism(int)}: the default connection pool of the SDK's Apache
   * HTTP client, which this module brings as the SDK's service modules do and which
   * {@code DynamoDbClient.create()} builds, so every request in flight has a connection to keep;
   * and enough for a home-feed page of 100 followed accounts to take three round trips (the
   * followed list, then two rounds of 50 queries) instead of 101. The URL-connection client keeps
   * only 5 idle connections to a host (the JDK's {@code http.maxConnections}): at this
   * parallelism it closed about 37 connections a feed page on DynamoDB Local where Apache's
   * closed none, and its pages were slower in 6 rounds of 7 (the module's README, "Which HTTP
   * client").
   */
  public static final int DEFAULT_PARALLELISM = 50;

  /**
   * The default {@link Builder#hotReadStaleness(Duration)}, in milliseconds: one second, the
   * age of a count large applications show for a celebrity, and one TransactGetItems of a hot
   * key a second per instance.
   */
  public static final long DEFAULT_HOT_READ_STALENESS_MILLIS = 1_000;

  private static final Duration DEFAULT_HOT_READ_STALENESS =
      Duration.ofMillis(DEFAULT_HOT_READ_STALENESS_MILLIS);

  private DynamoQuickPhotos() {}

  /**
   * Starts configuring a repository.
   *
   * @return a builder; {@link Builder#client} is required, everything else has a default
   */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Configures a DynamoDB-backed repository. Not thread-safe; the repository it builds is.
   */
  public static final class Builder {
    private DynamoDbClient client;
    private String tableName = QuickPhotosTable.DEFAULT_NAME;
    private CostListener costListener = CostListener.NONE;
    private Clock clock = Clock.systemUTC();
    private boolean createTableIfMissing;
    private RetryPolicy retryPolicy = RetryPolicy.defaults();
    private Sharding sharding = Sharding.defaults();
    private FanOut fanOut = FanOut.off();
    private boolean shardingGiven;
    private boolean fanOutGiven;
    private int parallelism = DEFAULT_PARALLELISM;
    private Duration hotReadStaleness = DEFAULT_HOT_READ_STALENESS;

    private Builder() {}

    /**
     * How many independent requests of one call are in flight at once: a home feed's per-author
     * queries, the chunks of one BatchGetItem read. {@value #DEFAULT_PARALLELISM} unless set;
     * 1 sends them one after another on the calling thread. The requests run on the calling
     * thread and at most {@code parallelism - 1} daemon threads of the repository's own, created
     * on demand and ended when idle. Keep it at or below the HTTP client's connection pool (the
     * SDK's Apache client, the default, holds 50 unless its {@code maxConnections} says
     * otherwise): a request waiting for a connection waits, and fails after the client's
     * acquisition timeout.
     *
     * @param parallelism 1 to 256
     * @return this builder
     * @throws IllegalArgumentException if out of range
     */
    public Builder parallelism(int parallelism) {
      this.parallelism = RepositoryOptions.checkedParallelism(parallelism);
      return this;
    }

    /**
     * How the repository retries what DynamoDB leaves undone — unprocessed BatchGetItem keys and
     * BatchWriteItem items, transactions cancelled only by conflicts or throttling —
     * {@link RetryPolicy#defaults()} unless set. The SDK's own retries inside each request
     * (throttling, 5xx, timeouts) are the {@link DynamoDbClient}'s to configure.
     *
     * @param retryPolicy the policy
     * @return this builder
     */
    public Builder retryPolicy(RetryPolicy retryPolicy) {
      this.retryPolicy = Objects.requireNonNull(retryPolicy, "retryPolicy");
      return this;
    }

    /**
     * The client every request goes through. Required. It is shared, never closed.
     *
     * @param client a configured synchronous DynamoDB client
     * @return this builder
     */
    public Builder client(DynamoDbClient client) {
      this.client = Objects.requireNonNull(client, "client");
      return this;
    }

    /**
     * The table's name; {@value QuickPhotosTable#DEFAULT_NAME} unless set.
     *
     * @param tableName 3 to 255 letters, digits, {@code _}, {@code -} or {@code .}
     * @return this builder
     * @throws IllegalArgumentException if the name is not a valid DynamoDB table name
     */
    public Builder tableName(String tableName) {
      QuickPhotosTable.checkTableName(tableName);
      this.tableName = tableName;
      return this;
    }

    /**
     * Whether this repository makes new follows timeline follows: {@link FanOut#off()} (fan-out
     * on read) or {@link FanOut#hybrid()}. Unless set, the table's recorded setting
     * ({@link QuickPhotos#recordSettings}), read once by {@link #build()}, or {@code off()} where
     * it records none. Repositories of one table may differ (see {@link FanOut}): one whose
     * setting differs from the table's logs a warning when built.
     *
     * @param fanOut the setting
     * @return this builder
     */
    public Builder fanOut(FanOut fanOut) {
      this.fanOut = Objects.requireNonNull(fanOut, "fanOut");
      this.fanOutGiven = true;
      return this;
    }

    /**
     * When a hot user's or photo's counters are spread over several items. Unless set, the
     * table's recorded setting ({@link QuickPhotos#recordSettings}), read once by
     * {@link #build()}, or {@link Sharding#defaults()} where it records none. Repositories of one
     * table may differ (see {@link Sharding}): one whose setting differs from the table's logs a
     * warning when built.
     *
     * @param sharding the settings, e.g. {@link Sharding#off()}
     * @return this builder
     */
    public Builder sharding(Sharding sharding) {
      this.sharding = Objects.requireNonNull(sharding, "sharding");
      this.shardingGiven = true;
      return this;
    }

    /**
     * How long this repository may serve again a snapshot it read of a hot user or photo (one
     * whose counters are sharded, see {@link Sharding}) without reading the table:
     * {@value #DEFAULT_HOT_READ_STALENESS_MILLIS} ms unless set. A hot key's profile or photo is
     * then read from the table at most once per bound by each instance (one TransactGetItems of
     * its item and shards), however many readers the instance serves, so reads of one celebrity
     * are no longer held at one partition's ceiling. Every count served is one the key held, no
     * older than the bound on this repository's {@link #clock(Clock) clock}; a write through this
     * repository to a key (a follow, a reaction, a profile update, a delete) makes its next read
     * read the table, so a writer sees its own writes. Ordinary users and photos are always read
     * from the table, as before. {@link Duration#ZERO} keeps nothing: every read of a hot key
     * reads the table. A per-instance read policy: it records nothing in the table, and instances
     * of one table may differ. See docs/hot-keys.md, "Hot reads".
     *
     * @param staleness zero to one day
     * @return this builder
     * @throws NullPointerException if null
     * @throws IllegalArgumentException if negative or longer than a day
     */
    public Builder hotReadStaleness(Duration staleness) {
      this.hotReadStaleness = RepositoryOptions.checkedHotReadStaleness(staleness);
      return this;
    }

    /**
     * Receives each call's cost, on the calling thread; {@link CostListener#none()} unless set.
     *
     * @param costListener the listener, thread-safe if the repository is shared
     * @return this builder
     */
    public Builder costListener(CostListener costListener) {
      this.costListener = Objects.requireNonNull(costListener, "costListener");
      return this;
    }

    /**
     * The clock that stamps follows and reactions and says what today is (a birth date may not
     * be later); the UTC system clock unless set.
     *
     * @param clock the clock
     * @return this builder
     */
    public Builder clock(Clock clock) {
      this.clock = Objects.requireNonNull(clock, "clock");
      return this;
    }

    /**
     * Whether {@link #build()} creates the table when it is missing and checks its layout when
     * it exists, by calling {@link QuickPhotosTable#createIfMissing} (named for its subject
     * there; here the option names the table, as the builder's other options are the
     * repository's); false unless set, in which case
     * {@code build()} makes one request, the GetItem of the table's recorded settings, and a
     * missing table shows on first use.
     *
     * @param createTableIfMissing true to provision at build time
     * @return this builder
     */
    public Builder createTableIfMissing(boolean createTableIfMissing) {
      this.createTableIfMissing = createTableIfMissing;
      return this;
    }

    /**
     * Builds the repository; with {@link #createTableIfMissing(boolean)} first provisions the
     * table, waiting until it is ACTIVE. Then reads the table's recorded settings (one GetItem,
     * not reported to the cost listener) for the fan-out and sharding not set here.
     *
     * @return the repository, thread-safe, to share
     * @throws IllegalStateException if no client was set
     * @throws io.quickphotos.TableConfigurationException if provisioning finds a table with
     *     another layout, or the credentials may not describe or create it
     * @throws io.quickphotos.ServiceUnavailableException if provisioning cannot reach DynamoDB
     */
    public QuickPhotos build() {
      if (client == null) {
        throw new IllegalStateException("a DynamoDbClient is required: call client(...)");
      }
      if (createTableIfMissing) {
        QuickPhotosTable.createIfMissing(client, tableName);
      }
      return Repositories.create(
          // Counting the SDK's attempts turns its metric collection on: only for a listener
          // that reads them.
          new DynamoTable(
              client,
              tableName,
              costListener != CostListener.NONE && costListener.countsSdkAttempts()),
          RepositoryOptions.defaults()
              .withCostListener(costListener)
              .withClock(clock)
              .withRetryPolicy(retryPolicy)
              .withSharding(sharding)
              .withParallelism(parallelism)
              .withFanOut(fanOut)
              .withHotReadStaleness(hotReadStaleness)
              .consultingTable(shardingGiven, fanOutGiven));
    }
  }
}
