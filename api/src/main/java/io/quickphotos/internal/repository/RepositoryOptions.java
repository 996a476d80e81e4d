package io.quickphotos.internal.repository;

import io.quickphotos.CostListener;
import io.quickphotos.FanOut;
import io.quickphotos.QuickPhotosBuilder;
import io.quickphotos.RetryPolicy;
import io.quickphotos.Sharding;
import io.quickphotos.internal.repository.hot.HotKeys;
import io.quickphotos.internal.repository.request.RequestPool;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.Executor;

/**
 * What a repository needs besides its engine, as one immutable value: each option's default and
 * check live here, once; what it means is on {@link QuickPhotosBuilder}, which the backends'
 * builders implement through {@link RepositoryBuilder}. Each {@code with} method checks its
 * argument and returns a copy.
 *
 * <p>Two starting points: {@link #defaults()}, for the repository's own tests and tools over a
 * bare engine (every setting as given, nothing read from the table, no hot read kept), and
 * {@link #forApplications(int)}, where a backend's builder starts (the table's recorded settings
 * adopted for those not given, hot reads kept for {@link
 * QuickPhotosBuilder#DEFAULT_HOT_READ_STALENESS_MILLIS} ms).
 *
 * <p>Adding an option: its method on {@link QuickPhotosBuilder} (what it means), a field, a
 * {@code with} method and an accessor here (its default and check), and its setter on
 * {@link RepositoryBuilder}.
 */
public final class RepositoryOptions {
  /** The default hot-read staleness of an application's repository. */
  static final Duration DEFAULT_HOT_READ_STALENESS =
      Duration.ofMillis(QuickPhotosBuilder.DEFAULT_HOT_READ_STALENESS_MILLIS);

  private CostListener costListener = CostListener.NONE;
  private Clock clock = Clock.systemUTC();
  private RetryPolicy retryPolicy = RetryPolicy.defaults();
  private Sharding sharding = Sharding.defaults();
  private int parallelism = 1;
  private Executor executor;
  private FanOut fanOut = FanOut.off();
  private boolean consultTable;
  private boolean shardingGiven = true;
  private boolean fanOutGiven = true;
  private Duration hotReadStaleness = Duration.ZERO;

  private RepositoryOptions() {}

  private RepositoryOptions copy() {
    RepositoryOptions copy = new RepositoryOptions();
    copy.costListener = costListener;
    copy.clock = clock;
    copy.retryPolicy = retryPolicy;
    copy.sharding = sharding;
    copy.parallelism = parallelism;
    copy.executor = executor;
    copy.fanOut = fanOut;
    copy.consultTable = consultTable;
    copy.shardingGiven = shardingGiven;
    copy.fanOutGiven = fanOutGiven;
    copy.hotReadStaleness = hotReadStaleness;
    return copy;
  }

  /**
   * No cost listener, the system clock in UTC, {@link RetryPolicy#defaults()},
   * {@link Sharding#defaults()}, parallelism 1, {@link FanOut#off()}, all as given: the table's
   * recorded settings are not read; no hot key's snapshot served again (a staleness of zero:
   * every read of a hot key reads the table). For tests and tools over a bare engine.
   *
   * @return the defaults
   */
  public static RepositoryOptions defaults() {
    return new RepositoryOptions();
  }

  /**
   * Where a backend's builder starts: as {@link #defaults()}, but the table's recorded sharding
   * and fan-out adopted unless given, and hot reads kept for {@link
   * QuickPhotosBuilder#DEFAULT_HOT_READ_STALENESS_MILLIS} ms.
   *
   * @param parallelism the backend's default parallelism
   * @return the options
   * @throws IllegalArgumentException if the parallelism is out of range
   */
  public static RepositoryOptions forApplications(int parallelism) {
    RepositoryOptions options = defaults().withParallelism(parallelism);
    options.consultTable = true;
    options.shardingGiven = false;
    options.fanOutGiven = false;
    options.hotReadStaleness = DEFAULT_HOT_READ_STALENESS;
    return options;
  }

  /**
   * Receives each call's cost.
   *
   * @return the listener
   */
  public CostListener costListener() {
    return costListener;
  }

  /**
   * Stamps follows and reactions.
   *
   * @return the clock
   */
  public Clock clock() {
    return clock;
  }

  /**
   * Bounds and paces every retry the repository makes, cascades included.
   *
   * @return the policy
   */
  public RetryPolicy retryPolicy() {
    return retryPolicy;
  }

  /**
   * When a hot user's or photo's counters are spread over several items.
   *
   * @return the sharding
   */
  public Sharding sharding() {
    return sharding;
  }

  /**
   * The independent requests of one call in flight at once.
   *
   * @return 1 to 256
   */
  public int parallelism() {
    return parallelism;
  }

  /**
   * Where the helpers of the request pool run.
   *
   * @return the application's executor, or null for the repository's own daemon threads
   */
  public Executor executor() {
    return executor;
  }

  /**
   * How the home feed is served.
   *
   * @return the fan-out setting
   */
  public FanOut fanOut() {
    return fanOut;
  }

  /**
   * Whether {@link Repositories#create} reads the table's recorded settings (one GetItem): to
   * adopt those not given, and to warn where a given one differs.
   *
   * @return whether the table is consulted
   */
  public boolean consultTable() {
    return consultTable;
  }

  /**
   * Whether the sharding was chosen by the application (else the table's recorded one, if any,
   * is adopted).
   *
   * @return whether it was given
   */
  public boolean shardingGiven() {
    return shardingGiven;
  }

  /**
   * Whether the fan-out was chosen by the application.
   *
   * @return whether it was given
   */
  public boolean fanOutGiven() {
    return fanOutGiven;
  }

  /**
   * How long a snapshot of a hot user or photo may be served again without reading the table.
   *
   * @return zero to a day; zero serves none again
   */
  public Duration hotReadStaleness() {
    return hotReadStaleness;
  }

  /**
   * These options with another cost listener.
   *
   * @param listener receives each call's cost
   * @return a copy
   * @throws NullPointerException if null
   */
  public RepositoryOptions withCostListener(CostListener listener) {
    RepositoryOptions copy = copy();
    copy.costListener = Objects.requireNonNull(listener, "costListener");
    return copy;
  }

  /**
   * These options with another clock.
   *
   * @param clock stamps follows and reactions
   * @return a copy
   * @throws NullPointerException if null
   */
  public RepositoryOptions withClock(Clock clock) {
    RepositoryOptions copy = copy();
    copy.clock = Objects.requireNonNull(clock, "clock");
    return copy;
  }

  /**
   * These options with another retry policy.
   *
   * @param policy bounds and paces every retry
   * @return a copy
   * @throws NullPointerException if null
   */
  public RepositoryOptions withRetryPolicy(RetryPolicy policy) {
    RepositoryOptions copy = copy();
    copy.retryPolicy = Objects.requireNonNull(policy, "retryPolicy");
    return copy;
  }

  /**
   * These options with other sharding settings, as chosen by the application.
   *
   * @param sharding when hot keys are sharded
   * @return a copy
   * @throws NullPointerException if null
   */
  public RepositoryOptions withSharding(Sharding sharding) {
    RepositoryOptions copy = copy();
    copy.sharding = Objects.requireNonNull(sharding, "sharding");
    copy.shardingGiven = true;
    return copy;
  }

  /**
   * These options with another parallelism.
   *
   * @param parallelism requests of one call in flight at most, 1 to 256
   * @return a copy
   * @throws IllegalArgumentException if out of range
   */
  public RepositoryOptions withParallelism(int parallelism) {
    RepositoryOptions copy = copy();
    copy.parallelism = RequestPool.checked(parallelism);
    return copy;
  }

  /**
   * These options with the application's executor for the request pool's helpers.
   *
   * @param executor the executor
   * @return a copy
   * @throws NullPointerException if null
   */
  public RepositoryOptions withExecutor(Executor executor) {
    RepositoryOptions copy = copy();
    copy.executor = Objects.requireNonNull(executor, "executor");
    return copy;
  }

  /**
   * These options with another way of serving the home feed, as chosen by the application.
   *
   * @param fanOut {@link FanOut#off()} or a hybrid
   * @return a copy
   * @throws NullPointerException if null
   */
  public RepositoryOptions withFanOut(FanOut fanOut) {
    RepositoryOptions copy = copy();
    copy.fanOut = Objects.requireNonNull(fanOut, "fanOut");
    copy.fanOutGiven = true;
    return copy;
  }

  /**
   * These options with the table's recorded settings read once by {@link Repositories#create}:
   * adopted for the sharding and fan-out not given, and compared with those given.
   *
   * @param shardingGiven whether the sharding of these options was chosen by the application
   * @param fanOutGiven whether the fan-out of these options was chosen by the application
   * @return a copy
   */
  public RepositoryOptions consultingTable(boolean shardingGiven, boolean fanOutGiven) {
    RepositoryOptions copy = copy();
    copy.consultTable = true;
    copy.shardingGiven = shardingGiven;
    copy.fanOutGiven = fanOutGiven;
    return copy;
  }

  /**
   * These options with another bound on how old a hot key's snapshot served again may be.
   *
   * @param staleness zero to a day; zero serves none again
   * @return a copy
   * @throws NullPointerException if null
   * @throws IllegalArgumentException if out of range
   */
  public RepositoryOptions withHotReadStaleness(Duration staleness) {
    RepositoryOptions copy = copy();
    copy.hotReadStaleness = HotKeys.checkedStaleness(staleness);
    return copy;
  }
}
