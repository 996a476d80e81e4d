package io.quickphotos.spring.boot;

import io.quickphotos.FanOut;
import io.quickphotos.RetryPolicy;
import io.quickphotos.Sharding;
import java.net.URI;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.convert.DurationUnit;

/**
 * The {@code quickphotos.*} properties the auto-configured {@link io.quickphotos.QuickPhotos}
 * bean is built from. Every setting left unset is the builder's own default, and fan-out and
 * sharding left unset are the table's recorded settings ({@code ./quickphotos settings}), so
 * every instance of a fleet follows one record.
 *
 * <pre>{@code
 * quickphotos:
 *   backend: dynamodb            # or memory: the data lives in the process
 *   table-name: quick-photos
 *   create-table-if-missing: true
 *   fan-out:
 *     mode: hybrid               # or off; unset: the table's recorded setting
 *   dynamodb:
 *     enable-time-to-live: true  # the hybrid's timeline entries expire
 * }</pre>
 *
 * <p>Spring binds it; not thread-safe while binding, read-only after.
 */
@ConfigurationProperties("quickphotos")
public class QuickPhotosProperties {

  /** Where the data is kept. */
  public enum Backend {
    /** Amazon DynamoDB, DynamoDB Local or any DynamoDB-compatible endpoint. */
    DYNAMODB,
    /** The in-memory engine, in this process: gone when it stops. For development and tests. */
    MEMORY
  }

  /** How the home feed is served (see {@link FanOut}). */
  public enum FanOutMode {
    /** Fan-out on read alone. */
    OFF,
    /** Timelines for ordinary authors, fan-out on read for the rest. */
    HYBRID
  }

  /**
   * Where the data is kept: dynamodb (the default) or memory. Memory keeps it in this process
   * only, and loses it when the process stops.
   */
  private Backend backend = Backend.DYNAMODB;

  /** The DynamoDB table (dynamodb backend). */
  private String tableName = "quick-photos";

  /**
   * Whether start-up creates the table when it is missing (DescribeTable, and CreateTable with
   * the wait for ACTIVE); otherwise create it as infrastructure.
   */
  private boolean createTableIfMissing = false;

  /**
   * How many independent requests of one call (a feed page's per-author queries, a batch read's
   * chunks) are in flight at once, 1 to 256; unset: the backend's default (50 on DynamoDB, the
   * default HTTP client's pool, 1 on memory).
   */
  private Integer parallelism;

  /**
   * Whether the requests of one call that run beside the calling thread run on virtual threads,
   * one per request (Java 21 or later), rather than a pool of parallelism - 1 platform threads.
   */
  private boolean virtualThreads = false;

  /**
   * How long this instance serves a hot (sharded) user's or photo's snapshot again without
   * reading the table, e.g. 1s; 0 reads the table every time. Ordinary keys are always read
   * from the table. Unset: the builder's default, 1s.
   */
  @DurationUnit(ChronoUnit.SECONDS)
  private Duration hotReadStaleness;

  private final DynamoDb dynamodb = new DynamoDb();
  private final FanOutProperties fanOut = new FanOutProperties();
  private final ShardingProperties sharding = new ShardingProperties();
  private final Retry retry = new Retry();
  private final Metrics metrics = new Metrics();
  private final Observations observations = new Observations();
  private final Health health = new Health();
  private final ProblemDetails problemDetails = new ProblemDetails();
  private final ChangeFeed changeFeed = new ChangeFeed();

  /**
   * Where the data is kept.
   *
   * @return dynamodb unless set
   */
  public Backend getBackend() {
    return backend;
  }

  /**
   * Sets where the data is kept.
   *
   * @param backend dynamodb or memory
   */
  public void setBackend(Backend backend) {
    this.backend = backend;
  }

  /**
   * The DynamoDB table.
   *
   * @return its name
   */
  public String getTableName() {
    return tableName;
  }

  /**
   * Sets the DynamoDB table.
   *
   * @param tableName its name
   */
  public void setTableName(String tableName) {
    this.tableName = tableName;
  }

  /**
   * Whether start-up creates a missing table.
   *
   * @return false unless set
   */
  public boolean isCreateTableIfMissing() {
    return createTableIfMissing;
  }

  /**
   * Sets whether start-up creates a missing table.
   *
   * @param createTableIfMissing true to create it
   */
  public void setCreateTableIfMissing(boolean createTableIfMissing) {
    this.createTableIfMissing = createTableIfMissing;
  }

  /**
   * Requests of one call in flight at once.
   *
   * @return null for the backend's default
   */
  public Integer getParallelism() {
    return parallelism;
  }

  /**
   * Sets the requests of one call in flight at once.
   *
   * @param parallelism 1 to 256, null for the backend's default
   */
  public void setParallelism(Integer parallelism) {
    this.parallelism = parallelism;
  }

  /**
   * Whether a call's parallel requests run on virtual threads.
   *
   * @return false unless set
   */
  public boolean isVirtualThreads() {
    return virtualThreads;
  }

  /**
   * Sets whether a call's parallel requests run on virtual threads.
   *
   * @param virtualThreads true for a virtual thread per request (Java 21 or later)
   */
  public void setVirtualThreads(boolean virtualThreads) {
    this.virtualThreads = virtualThreads;
  }

  /**
   * How long a hot key's snapshot is served again.
   *
   * @return null for the builder's default
   */
  public Duration getHotReadStaleness() {
    return hotReadStaleness;
  }

  /**
   * Sets how long a hot key's snapshot is served again.
   *
   * @param hotReadStaleness zero or positive, null for the builder's default
   */
  public void setHotReadStaleness(Duration hotReadStaleness) {
    this.hotReadStaleness = hotReadStaleness;
  }

  /**
   * The DynamoDB client's settings.
   *
   * @return the nested properties
   */
  public DynamoDb getDynamodb() {
    return dynamodb;
  }

  /**
   * The home feed's settings.
   *
   * @return the nested properties
   */
  public FanOutProperties getFanOut() {
    return fanOut;
  }

  /**
   * The hot keys' settings.
   *
   * @return the nested properties
   */
  public ShardingProperties getSharding() {
    return sharding;
  }

  /**
   * The repository's retries.
   *
   * @return the nested properties
   */
  public Retry getRetry() {
    return retry;
  }

  /**
   * The metrics' settings.
   *
   * @return the nested properties
   */
  public Metrics getMetrics() {
    return metrics;
  }

  /**
   * The observations' settings.
   *
   * @return the nested properties
   */
  public Observations getObservations() {
    return observations;
  }

  /**
   * The health contributor's settings.
   *
   * @return the nested properties
   */
  public Health getHealth() {
    return health;
  }

  /**
   * The problem details' settings.
   *
   * @return the nested properties
   */
  public ProblemDetails getProblemDetails() {
    return problemDetails;
  }

  /**
   * The change feed's settings.
   *
   * @return the nested properties
   */
  public ChangeFeed getChangeFeed() {
    return changeFeed;
  }

  /**
   * {@code quickphotos.dynamodb.*}: the client the starter builds when the application has no
   * {@code DynamoDbClient} bean of its own, and the table's time to live.
   */
  public static class DynamoDb {
    /**
     * A DynamoDB-compatible endpoint, e.g. http://localhost:8000 for DynamoDB Local; unset:
     * AWS's endpoint for the region. Ignored when the application has a DynamoDbClient bean.
     */
    private URI endpoint;

    /**
     * The region; unset: the SDK's default region chain (AWS_REGION, the profile, instance
     * metadata). Ignored when the application has a DynamoDbClient bean.
     */
    private String region;

    /**
     * Whether start-up enables time to live on the hybrid feed's timeline entries
     * (DescribeTimeToLive, and UpdateTimeToLive when it is off): without it timelines keep every
     * entry. Needs dynamodb:DescribeTimeToLive and dynamodb:UpdateTimeToLive.
     */
    private boolean enableTimeToLive = false;

    /**
     * The endpoint.
     *
     * @return null for AWS's
     */
    public URI getEndpoint() {
      return endpoint;
    }

    /**
     * Sets the endpoint.
     *
     * @param endpoint a DynamoDB-compatible endpoint, null for AWS's
     */
    public void setEndpoint(URI endpoint) {
      this.endpoint = endpoint;
    }

    /**
     * The region.
     *
     * @return null for the SDK's default chain
     */
    public String getRegion() {
      return region;
    }

    /**
     * Sets the region.
     *
     * @param region e.g. eu-west-1, null for the SDK's default chain
     */
    public void setRegion(String region) {
      this.region = region;
    }

    /**
     * Whether start-up enables time to live.
     *
     * @return false unless set
     */
    public boolean isEnableTimeToLive() {
      return enableTimeToLive;
    }

    /**
     * Sets whether start-up enables time to live.
     *
     * @param enableTimeToLive true to enable it
     */
    public void setEnableTimeToLive(boolean enableTimeToLive) {
      this.enableTimeToLive = enableTimeToLive;
    }
  }

  /** {@code quickphotos.fan-out.*}: how the home feed is served. */
  public static class FanOutProperties {
    /** off or hybrid; unset: the table's recorded setting, else off. */
    private FanOutMode mode;

    /**
     * The hybrid's K: follows of users with fewer followers are timeline follows, 1 to 100000;
     * unset: 1000.
     */
    private Integer maxFollowers;

    /** How far back the hybrid's timelines serve photos, 1d to 3653d; unset: 30d. */
    @DurationUnit(ChronoUnit.DAYS)
    private Duration window;

    /**
     * The mode.
     *
     * @return null when unset
     */
    public FanOutMode getMode() {
      return mode;
    }

    /**
     * Sets the mode.
     *
     * @param mode off or hybrid
     */
    public void setMode(FanOutMode mode) {
      this.mode = mode;
    }

    /**
     * The hybrid's K.
     *
     * @return null when unset
     */
    public Integer getMaxFollowers() {
      return maxFollowers;
    }

    /**
     * Sets the hybrid's K.
     *
     * @param maxFollowers 1 to 100000
     */
    public void setMaxFollowers(Integer maxFollowers) {
      this.maxFollowers = maxFollowers;
    }

    /**
     * The hybrid's window.
     *
     * @return null when unset
     */
    public Duration getWindow() {
      return window;
    }

    /**
     * Sets the hybrid's window.
     *
     * @param window 1 day to 10 years
     */
    public void setWindow(Duration window) {
      this.window = window;
    }

    /**
     * The setting these properties give, if they give one.
     *
     * @return empty when no mode is set
     * @throws QuickPhotosStartupException if a hybrid limit is set without {@code mode: hybrid},
     *     or is out of range (naming the property)
     */
    public Optional<FanOut> toFanOut() {
      if (mode != FanOutMode.HYBRID && (maxFollowers != null || window != null)) {
        String set =
            maxFollowers != null
                ? "quickphotos.fan-out.max-followers"
                : "quickphotos.fan-out.window";
        throw new QuickPhotosStartupException(
            set
                + " is set, and it applies to the hybrid feed only, while"
                + " quickphotos.fan-out.mode is "
                + (mode == null ? "unset" : "off")
                + ".",
            "Set quickphotos.fan-out.mode to hybrid, or remove " + set + ".",
            null);
      }
      if (mode == null) {
        return Optional.empty();
      }
      if (mode == FanOutMode.OFF) {
        return Optional.of(FanOut.off());
      }
      int k = maxFollowers == null ? FanOut.DEFAULT_MAX_FOLLOWERS : maxFollowers;
      Duration w = window == null ? FanOut.DEFAULT_WINDOW : window;
      // Each limit checked alone, so that the failure names the property that is out of range.
      Checks.property(
          "quickphotos.fan-out.max-followers",
          k,
          "a number from 1 to " + FanOut.MAX_MAX_FOLLOWERS,
          () -> FanOut.hybrid(k, FanOut.DEFAULT_WINDOW));
      Checks.property(
          "quickphotos.fan-out.window",
          w,
          "a duration from 1d to 3653d",
          () -> FanOut.hybrid(FanOut.DEFAULT_MAX_FOLLOWERS, w));
      return Optional.of(FanOut.hybrid(k, w));
    }
  }

  /** {@code quickphotos.sharding.*}: when a hot user's or photo's counters are spread. */
  public static class ShardingProperties {
    /**
     * Whether this instance shards hot keys; unset: the table's recorded setting, else true.
     * Keys another instance sharded are read and written correctly either way.
     */
    private Boolean enabled;

    /** How many counter items a sharded key gets, 2 to 64; unset: 8. */
    private Integer shards;

    /** The follower count from which a user is sharded; unset: 1000. */
    private Long followersThreshold;

    /** The count of one reaction type from which a photo is sharded; unset: 1000. */
    private Long reactionsThreshold;

    /**
     * Whether this instance shards hot keys.
     *
     * @return null when unset
     */
    public Boolean getEnabled() {
      return enabled;
    }

    /**
     * Sets whether this instance shards hot keys.
     *
     * @param enabled false never to shard a key
     */
    public void setEnabled(Boolean enabled) {
      this.enabled = enabled;
    }

    /**
     * The shards of a hot key.
     *
     * @return null when unset
     */
    public Integer getShards() {
      return shards;
    }

    /**
     * Sets the shards of a hot key.
     *
     * @param shards 2 to 64
     */
    public void setShards(Integer shards) {
      this.shards = shards;
    }

    /**
     * The followers threshold.
     *
     * @return null when unset
     */
    public Long getFollowersThreshold() {
      return followersThreshold;
    }

    /**
     * Sets the followers threshold.
     *
     * @param followersThreshold at least 1
     */
    public void setFollowersThreshold(Long followersThreshold) {
      this.followersThreshold = followersThreshold;
    }

    /**
     * The reactions threshold.
     *
     * @return null when unset
     */
    public Long getReactionsThreshold() {
      return reactionsThreshold;
    }

    /**
     * Sets the reactions threshold.
     *
     * @param reactionsThreshold at least 1
     */
    public void setReactionsThreshold(Long reactionsThreshold) {
      this.reactionsThreshold = reactionsThreshold;
    }

    /**
     * The setting these properties give, if they give one.
     *
     * @return empty when nothing is set
     * @throws QuickPhotosStartupException if a limit is set with {@code enabled: false}, or is
     *     out of range (naming the property)
     */
    public Optional<Sharding> toSharding() {
      boolean limits = shards != null || followersThreshold != null || reactionsThreshold != null;
      if (Boolean.FALSE.equals(enabled)) {
        if (limits) {
          throw new QuickPhotosStartupException(
              "quickphotos.sharding.shards and the thresholds apply when sharding is enabled,"
                  + " and quickphotos.sharding.enabled is false.",
              "Remove quickphotos.sharding.shards, .followers-threshold and"
                  + " .reactions-threshold, or set quickphotos.sharding.enabled to true.",
              null);
        }
        return Optional.of(Sharding.off());
      }
      if (enabled == null && !limits) {
        return Optional.empty();
      }
      Sharding defaults = Sharding.defaults();
      int n = shards == null ? defaults.shards() : shards;
      long followers =
          followersThreshold == null ? defaults.followersThreshold() : followersThreshold;
      long reactions =
          reactionsThreshold == null ? defaults.reactionsThreshold() : reactionsThreshold;
      Checks.property(
          "quickphotos.sharding.shards",
          n,
          "a number from 2 to " + Sharding.MAX_SHARDS,
          () -> Sharding.of(n, defaults.followersThreshold(), defaults.reactionsThreshold()));
      Checks.property(
          "quickphotos.sharding.followers-threshold",
          followers,
          "1 or more",
          () -> Sharding.of(defaults.shards(), followers, defaults.reactionsThreshold()));
      Checks.property(
          "quickphotos.sharding.reactions-threshold",
          reactions,
          "1 or more",
          () -> Sharding.of(defaults.shards(), defaults.followersThreshold(), reactions));
      return Optional.of(Sharding.of(n, followers, reactions));
    }
  }

  /** {@code quickphotos.retry.*}: the repository's own retries ({@link RetryPolicy}). */
  public static class Retry {
    /** Attempts per request, the first included; unset: 8. */
    private Integer maxAttempts;

    /** Half the ceiling of the first retry's wait, doubling with each retry; unset: 20ms. */
    @DurationUnit(ChronoUnit.MILLIS)
    private Duration baseDelay;

    /** The longest single wait; unset: 2s. */
    @DurationUnit(ChronoUnit.MILLIS)
    private Duration maxDelay;

    /**
     * The attempts per request.
     *
     * @return null when unset
     */
    public Integer getMaxAttempts() {
      return maxAttempts;
    }

    /**
     * Sets the attempts per request.
     *
     * @param maxAttempts at least 1
     */
    public void setMaxAttempts(Integer maxAttempts) {
      this.maxAttempts = maxAttempts;
    }

    /**
     * The base delay.
     *
     * @return null when unset
     */
    public Duration getBaseDelay() {
      return baseDelay;
    }

    /**
     * Sets the base delay.
     *
     * @param baseDelay zero or positive
     */
    public void setBaseDelay(Duration baseDelay) {
      this.baseDelay = baseDelay;
    }

    /**
     * The longest wait.
     *
     * @return null when unset
     */
    public Duration getMaxDelay() {
      return maxDelay;
    }

    /**
     * Sets the longest wait.
     *
     * @param maxDelay zero or positive
     */
    public void setMaxDelay(Duration maxDelay) {
      this.maxDelay = maxDelay;
    }

    /**
     * The policy these properties give, if they set anything.
     *
     * @return empty when nothing is set
     * @throws QuickPhotosStartupException if a value is out of range (naming the property)
     */
    public Optional<RetryPolicy> toRetryPolicy() {
      if (maxAttempts == null && baseDelay == null && maxDelay == null) {
        return Optional.empty();
      }
      RetryPolicy defaults = RetryPolicy.defaults();
      int attempts = maxAttempts == null ? defaults.maxAttempts() : maxAttempts;
      Duration base = baseDelay == null ? defaults.baseDelay() : baseDelay;
      Duration max = maxDelay == null ? defaults.maxDelay() : maxDelay;
      Checks.property(
          "quickphotos.retry.max-attempts",
          attempts,
          "1 or more",
          () -> new RetryPolicy(attempts, defaults.baseDelay(), defaults.maxDelay()));
      Checks.property(
          "quickphotos.retry.base-delay",
          base,
          "a duration of 0ms or more",
          () -> new RetryPolicy(defaults.maxAttempts(), base, defaults.maxDelay()));
      Checks.property(
          "quickphotos.retry.max-delay",
          max,
          "a duration of 0ms or more",
          () -> new RetryPolicy(defaults.maxAttempts(), defaults.baseDelay(), max));
      return Optional.of(new RetryPolicy(attempts, base, max));
    }
  }

  /** {@code quickphotos.metrics.*}: costs and latency as meters. */
  public static class Metrics {
    /**
     * Whether each call's cost and latency go to the application's MeterRegistry (meters
     * quickphotos.calls, .requests, .capacity, .items.read, .cost, .retries, .throttles,
     * .unknown.outcomes, tagged with the table), when it has one.
     */
    private boolean enabled = true;

    private final Price price = new Price();

    /**
     * Whether the meters are recorded.
     *
     * @return true unless set
     */
    public boolean isEnabled() {
      return enabled;
    }

    /**
     * Sets whether the meters are recorded.
     *
     * @param enabled false to leave them out
     */
    public void setEnabled(boolean enabled) {
      this.enabled = enabled;
    }

    /**
     * The prices of quickphotos.cost.
     *
     * @return the nested properties
     */
    public Price getPrice() {
      return price;
    }
  }

  /** {@code quickphotos.observations.*}: each call an observation, a span with tracing. */
  public static class Observations {
    /**
     * Whether each repository call is an observation (quickphotos.call) in the application's
     * ObservationRegistry, when it has one: a span per call with Micrometer Tracing, named
     * quickphotos and the access pattern, with the pattern, table, outcome and exception as
     * low-cardinality key values and the requests and capacity units as high-cardinality ones.
     */
    private boolean enabled = true;

    /**
     * Whether calls are observed.
     *
     * @return true unless set
     */
    public boolean isEnabled() {
      return enabled;
    }

    /**
     * Sets whether calls are observed.
     *
     * @param enabled false to leave them out
     */
    public void setEnabled(boolean enabled) {
      this.enabled = enabled;
    }
  }

  /** How the table is billed, on demand or provisioned. */
  public enum CapacityMode {
    /** Per request unit consumed. */
    ON_DEMAND,
    /** Per unit of capacity provisioned, by the hour. */
    PROVISIONED
  }

  /**
   * {@code quickphotos.metrics.price.*}: what the units quickphotos.cost counts are worth, for
   * the table's region and capacity mode. Unset, the prices of us-east-1 (on demand: $0.125 per
   * million read request units, $0.625 per million write request units; provisioned: $0.00013
   * per RCU-hour, $0.00065 per WCU-hour); another region's are on DynamoDB's pricing page.
   */
  public static class Price {
    /** on-demand (the default) or provisioned. */
    private CapacityMode mode = CapacityMode.ON_DEMAND;

    /**
     * Dollars per million read request units (on-demand) or per RCU-hour (provisioned); unset:
     * us-east-1's.
     */
    private Double read;

    /**
     * Dollars per million write request units (on-demand) or per WCU-hour (provisioned); unset:
     * us-east-1's.
     */
    private Double write;

    /**
     * Provisioned only: the share of the provisioned capacity the table consumes on average,
     * above 0 and at most 1; a unit consumed then costs the hourly price / 3600 / utilization.
     * Unset: 1 (every provisioned unit used).
     */
    private Double utilization;

    /**
     * The capacity mode.
     *
     * @return on-demand unless set
     */
    public CapacityMode getMode() {
      return mode;
    }

    /**
     * Sets the capacity mode.
     *
     * @param mode on-demand or provisioned
     */
    public void setMode(CapacityMode mode) {
      this.mode = mode;
    }

    /**
     * The read price.
     *
     * @return null for us-east-1's
     */
    public Double getRead() {
      return read;
    }

    /**
     * Sets the read price.
     *
     * @param read dollars per million units (on-demand) or per RCU-hour (provisioned)
     */
    public void setRead(Double read) {
      this.read = read;
    }

    /**
     * The write price.
     *
     * @return null for us-east-1's
     */
    public Double getWrite() {
      return write;
    }

    /**
     * Sets the write price.
     *
     * @param write dollars per million units (on-demand) or per WCU-hour (provisioned)
     */
    public void setWrite(Double write) {
      this.write = write;
    }

    /**
     * The provisioned capacity's utilization.
     *
     * @return null for 1
     */
    public Double getUtilization() {
      return utilization;
    }

    /**
     * Sets the provisioned capacity's utilization.
     *
     * @param utilization above 0, at most 1
     */
    public void setUtilization(Double utilization) {
      this.utilization = utilization;
    }

    /**
     * The cost model these prices give: per million units consumed.
     *
     * @return the model
     * @throws QuickPhotosStartupException if a price is negative, or the utilization is out of
     *     range or set on demand
     */
    public io.quickphotos.CostModel toCostModel() {
      if (mode == CapacityMode.ON_DEMAND) {
        if (utilization != null) {
          throw new QuickPhotosStartupException(
              "quickphotos.metrics.price.utilization is set, and it applies to provisioned"
                  + " capacity only, while quickphotos.metrics.price.mode is on-demand.",
              "Set quickphotos.metrics.price.mode to provisioned, or remove"
                  + " quickphotos.metrics.price.utilization.",
              null);
        }
        double r = read == null ? 0.125 : read;
        double w = write == null ? 0.625 : write;
        checkPrice("quickphotos.metrics.price.read", r);
        checkPrice("quickphotos.metrics.price.write", w);
        return new io.quickphotos.CostModel(r, w);
      }
      double r = read == null ? 0.00013 : read;
      double w = write == null ? 0.00065 : write;
      double u = utilization == null ? 1 : utilization;
      checkPrice("quickphotos.metrics.price.read", r);
      checkPrice("quickphotos.metrics.price.write", w);
      if (!(u > 0 && u <= 1)) {
        throw QuickPhotosStartupException.invalidProperty(
            "quickphotos.metrics.price.utilization",
            u,
            "the share of provisioned capacity used must be above 0 and at most 1",
            "a number above 0 and at most 1, e.g. 0.7",
            null);
      }
      // An hour of one unit serves 3,600 units a second's worth; a million consumed units cost
      // a million / 3,600 unit-hours, more for capacity left unused.
      return new io.quickphotos.CostModel(r * 1_000_000 / 3600 / u, w * 1_000_000 / 3600 / u);
    }

    private static void checkPrice(String property, double price) {
      if (!(price >= 0) || Double.isInfinite(price)) {
        throw QuickPhotosStartupException.invalidProperty(
            property, price, "a price must be 0 or more", "a number of dollars, 0 or more", null);
      }
    }
  }

  /** {@code quickphotos.health.*}: the Actuator health contributor. */
  public static class Health {
    /**
     * The shortest time between two reads of the table by the health contributor; probes in
     * between get the last result. Unset: 10s.
     */
    @DurationUnit(ChronoUnit.SECONDS)
    private Duration interval = Duration.ofSeconds(10);

    /** From which latency the health read is reported as slow (a detail, never DOWN). */
    @DurationUnit(ChronoUnit.MILLIS)
    private Duration slowThreshold = Duration.ofSeconds(1);

    /**
     * The shortest time between two reads.
     *
     * @return 10s unless set
     */
    public Duration getInterval() {
      return interval;
    }

    /**
     * Sets the shortest time between two reads.
     *
     * @param interval zero (every probe reads) or more
     */
    public void setInterval(Duration interval) {
      this.interval = interval;
    }

    /**
     * The latency reported as slow.
     *
     * @return 1s unless set
     */
    public Duration getSlowThreshold() {
      return slowThreshold;
    }

    /**
     * Sets the latency reported as slow.
     *
     * @param slowThreshold a duration
     */
    public void setSlowThreshold(Duration slowThreshold) {
      this.slowThreshold = slowThreshold;
    }
  }

  /**
   * {@code quickphotos.problem-details.*}: repository exceptions that escape a controller,
   * answered as problem details by kind.
   */
  public static class ProblemDetails {
    /**
     * Whether a QuickPhotosException escaping a Spring MVC or WebFlux controller answers as
     * problem details (400, 404, 409, 503, 500 by its kind); the application's own exception
     * handlers come first either way.
     */
    private boolean enabled = true;

    /** The Retry-After of a 503: when the client may try again. */
    @DurationUnit(ChronoUnit.SECONDS)
    private Duration retryAfter = Duration.ofSeconds(1);

    /**
     * Whether exceptions are answered as problem details.
     *
     * @return true unless set
     */
    public boolean isEnabled() {
      return enabled;
    }

    /**
     * Sets whether exceptions are answered as problem details.
     *
     * @param enabled false to leave them to the application and Spring
     */
    public void setEnabled(boolean enabled) {
      this.enabled = enabled;
    }

    /**
     * The Retry-After of a 503.
     *
     * @return 1s unless set
     */
    public Duration getRetryAfter() {
      return retryAfter;
    }

    /**
     * Sets the Retry-After of a 503.
     *
     * @param retryAfter whole seconds are sent, at least 1
     */
    public void setRetryAfter(Duration retryAfter) {
      this.retryAfter = retryAfter;
    }
  }

  /**
   * {@code quickphotos.change-feed.*}: the table's stream read in process (quickphotos-streams'
   * {@code StreamPoller}) and handed to the application's {@code ChangeHandler} beans.
   */
  public static class ChangeFeed {
    /**
     * Whether the application reads the repository's change feed in process: a StreamPoller,
     * started and stopped with the context, hands the table's stream to every ChangeHandler
     * bean. Needs quickphotos-streams; on DynamoDB, the table's stream enabled with
     * NEW_AND_OLD_IMAGES.
     */
    private boolean enabled = false;

    /** The pause between two rounds of the poller that found nothing new. */
    @DurationUnit(ChronoUnit.MILLIS)
    private Duration interval = Duration.ofSeconds(1);

    /** Stream records one GetRecords asks for, and so the largest batch a handler gets. */
    private int batchSize = 1000;

    /**
     * Whether the change feed is read.
     *
     * @return false unless set
     */
    public boolean isEnabled() {
      return enabled;
    }

    /**
     * Sets whether the change feed is read.
     *
     * @param enabled true to start a poller with the context
     */
    public void setEnabled(boolean enabled) {
      this.enabled = enabled;
    }

    /**
     * The pause between quiet rounds.
     *
     * @return 1s unless set
     */
    public Duration getInterval() {
      return interval;
    }

    /**
     * Sets the pause between quiet rounds.
     *
     * @param interval a positive duration; a bare number is milliseconds
     */
    public void setInterval(Duration interval) {
      this.interval = interval;
    }

    /**
     * Stream records a GetRecords asks for.
     *
     * @return 1000 unless set
     */
    public int getBatchSize() {
      return batchSize;
    }

    /**
     * Sets the records a GetRecords asks for.
     *
     * @param batchSize 1 to 1,000
     */
    public void setBatchSize(int batchSize) {
      this.batchSize = batchSize;
    }
  }
}
