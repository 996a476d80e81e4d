package io.quickphotos.internal.repository;

import io.quickphotos.CostListener;
import io.quickphotos.FanOut;
import io.quickphotos.RetryPolicy;
import io.quickphotos.Sharding;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;

/**
 * What a repository needs besides its engine: where each call's cost goes, the clock that stamps
 * follows and reactions (and says what today is for birth dates), and how transient refusals are
 * retried, when hot keys are sharded, how many independent requests of one call may be in
 * flight at once, how the home feed is served, whether the table's recorded settings are
 * consulted, and how old a hot key's snapshot it serves again may be. Immutable; each {@code with}
 * method returns a copy.
 *
 * @param costListener receives each call's cost
 * @param clock stamps follows and reactions
 * @param retryPolicy bounds and paces every retry the repository makes, cascades included
 * @param sharding when a hot user's or photo's counters are spread over several items
 * @param parallelism the independent requests of one call (a feed's per-author queries, the
 *     chunks of one BatchGetItem read) in flight at once, 1 to 256; 1 sends them one after
 *     another on the calling thread
 * @param fanOut how the home feed is served: fan-out on read, or the hybrid
 * @param consultTable whether {@link Repositories#create} reads the table's recorded settings
 *     (one GetItem): to adopt those not given, and to warn where a given one differs
 * @param shardingGiven whether {@code sharding} was chosen by the application (else the table's
 *     recorded one, if any, is adopted)
 * @param fanOutGiven whether {@code fanOut} was chosen by the application
 * @param hotReadStaleness how long a snapshot of a hot (sharded) user or photo that this
 *     repository read may be served again without reading the table ({@link HotReads}); zero
 *     serves none again
 */
public record RepositoryOptions(
    CostListener costListener,
    Clock clock,
    RetryPolicy retryPolicy,
    Sharding sharding,
    int parallelism,
    FanOut fanOut,
    boolean consultTable,
    boolean shardingGiven,
    boolean fanOutGiven,
    Duration hotReadStaleness) {
  /**
   * Checks the options.
   *
   * @param costListener receives each call's cost
   * @param clock stamps follows and reactions
   * @param retryPolicy bounds and paces every retry
   * @param sharding when hot keys are sharded
   * @param parallelism requests of one call in flight at most
   * @param fanOut how the home feed is served
   * @param consultTable whether the table's recorded settings are read
   * @param shardingGiven whether the sharding was chosen
   * @param fanOutGiven whether the fan-out was chosen
   * @param hotReadStaleness how old a hot key's snapshot served again may be
   * @throws NullPointerException if any is null
   * @throws IllegalArgumentException if the parallelism is not 1 to 256, or the staleness is
   *     negative or longer than a day
   */
  public RepositoryOptions {
    Objects.requireNonNull(costListener, "costListener");
    Objects.requireNonNull(clock, "clock");
    Objects.requireNonNull(retryPolicy, "retryPolicy");
    Objects.requireNonNull(sharding, "sharding");
    RequestPool.checked(parallelism);
    Objects.requireNonNull(fanOut, "fanOut");
    HotReads.checkedBound(hotReadStaleness);
  }

  /**
   * No cost listener, the system clock in UTC, {@link RetryPolicy#defaults()},
   * {@link Sharding#defaults()}, parallelism 1, {@link FanOut#off()}, all as given: the table's
   * recorded settings are not read; no hot key's snapshot served again (a staleness of zero: every
   * read of a hot key reads the table, as before hot reads existed).
   *
   * @return the defaults
   */
  public static RepositoryOptions defaults() {
    return new RepositoryOptions(
        CostListener.NONE,
        Clock.systemUTC(),
        RetryPolicy.defaults(),
        Sharding.defaults(),
        1,
        FanOut.off(),
        false,
        true,
        true,
        Duration.ZERO);
  }

  /**
   * These options with another cost listener.
   *
   * @param listener receives each call's cost
   * @return a copy
   */
  public RepositoryOptions withCostListener(CostListener listener) {
    return new RepositoryOptions(
        listener,
        clock,
        retryPolicy,
        sharding,
        parallelism,
        fanOut,
        consultTable,
        shardingGiven,
        fanOutGiven,
        hotReadStaleness);
  }

  /**
   * These options with another clock.
   *
   * @param clock stamps follows and reactions
   * @return a copy
   */
  public RepositoryOptions withClock(Clock clock) {
    return new RepositoryOptions(
        costListener,
        clock,
        retryPolicy,
        sharding,
        parallelism,
        fanOut,
        consultTable,
        shardingGiven,
        fanOutGiven,
        hotReadStaleness);
  }

  /**
   * These options with another retry policy.
   *
   * @param policy bounds and paces every retry
   * @return a copy
   */
  public RepositoryOptions withRetryPolicy(RetryPolicy policy) {
    return new RepositoryOptions(
        costListener,
        clock,
        policy,
        sharding,
        parallelism,
        fanOut,
        consultTable,
        shardingGiven,
        fanOutGiven,
        hotReadStaleness);
  }

  /**
   * These options with other sharding settings, as chosen by the application.
   *
   * @param sharding when hot keys are sharded
   * @return a copy
   */
  public RepositoryOptions withSharding(Sharding sharding) {
    return new RepositoryOptions(
        costListener,
        clock,
        retryPolicy,
        sharding,
        parallelism,
        fanOut,
        consultTable,
        true,
        fanOutGiven,
        hotReadStaleness);
  }

  /**
   * These options with another parallelism.
   *
   * @param parallelism requests of one call in flight at most, 1 to 256
   * @return a copy
   * @throws IllegalArgumentException if out of range
   */
  public RepositoryOptions withParallelism(int parallelism) {
    return new RepositoryOptions(
        costListener,
        clock,
        retryPolicy,
        sharding,
        parallelism,
        fanOut,
        consultTable,
        shardingGiven,
        fanOutGiven,
        hotReadStaleness);
  }

  /**
   * These options with another way of serving the home feed, as chosen by the application.
   *
   * @param fanOut {@link FanOut#off()} or a hybrid
   * @return a copy
   */
  public RepositoryOptions withFanOut(FanOut fanOut) {
    return new RepositoryOptions(
        costListener,
        clock,
        retryPolicy,
        sharding,
        parallelism,
        fanOut,
        consultTable,
        shardingGiven,
        true,
        hotReadStaleness);
  }

  /**
   * These options with the table's recorded settings, read once by {@link Repositories#create}:
   * adopted for the sharding and fan-out not given, and compared with those given.
   *
   * @param shardingGiven whether the sharding of these options was chosen by the application
   * @param fanOutGiven whether the fan-out of these options was chosen by the application
   * @return a copy
   */
  public RepositoryOptions consultingTable(boolean shardingGiven, boolean fanOutGiven) {
    return new RepositoryOptions(
        costListener,
        clock,
        retryPolicy,
        sharding,
        parallelism,
        fanOut,
        true,
        shardingGiven,
        fanOutGiven,
        hotReadStaleness);
  }

  /**
   * These options with another bound on how old a hot key's snapshot served again may be.
   *
   * @param staleness zero to a day; zero serves none again
   * @return a copy
   * @throws IllegalArgumentException if out of range
   */
  public RepositoryOptions withHotReadStaleness(Duration staleness) {
    return new RepositoryOptions(
        costListener,
        clock,
        retryPolicy,
        sharding,
        parallelism,
        fanOut,
        consultTable,
        shardingGiven,
        fanOutGiven,
        staleness);
  }

  /**
   * Checks a hot-read staleness setting, as the builders do when it is set.
   *
   * @param staleness how old a hot key's snapshot served again may be
   * @return it, if zero to a day
   * @throws NullPointerException if null
   * @throws IllegalArgumentException otherwise
   */
  public static Duration checkedHotReadStaleness(Duration staleness) {
    return HotReads.checkedBound(staleness);
  }

  /**
   * Checks a parallelism setting, as the builders do before building.
   *
   * @param parallelism independent requests of one call in flight at most
   * @return it, if 1 to 256
   * @throws IllegalArgumentException otherwise
   */
  public static int checkedParallelism(int parallelism) {
    return RequestPool.checked(parallelism);
  }
}
