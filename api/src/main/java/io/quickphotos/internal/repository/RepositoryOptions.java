package io.quickphotos.internal.repository;

import io.quickphotos.CostListener;
import io.quickphotos.RetryPolicy;
import io.quickphotos.Sharding;
import java.time.Clock;
import java.util.Objects;

/**
 * What a repository needs besides its engine: where each call's cost goes, the clock that stamps
 * follows and reactions (and says what today is for birth dates), and how transient refusals are
 * retried, and when hot keys are sharded. Immutable; each {@code with} method returns a copy.
 *
 * @param costListener receives each call's cost
 * @param clock stamps follows and reactions
 * @param retryPolicy bounds and paces every retry the repository makes, cascades included
 * @param sharding when a hot user's or photo's counters are spread over several items
 */
public record RepositoryOptions(
    CostListener costListener, Clock clock, RetryPolicy retryPolicy, Sharding sharding) {
  /**
   * Checks the options.
   *
   * @param costListener receives each call's cost
   * @param clock stamps follows and reactions
   * @param retryPolicy bounds and paces every retry
   * @param sharding when hot keys are sharded
   * @throws NullPointerException if any is null
   */
  public RepositoryOptions {
    Objects.requireNonNull(costListener, "costListener");
    Objects.requireNonNull(clock, "clock");
    Objects.requireNonNull(retryPolicy, "retryPolicy");
    Objects.requireNonNull(sharding, "sharding");
  }

  /**
   * No cost listener, the system clock in UTC, {@link RetryPolicy#defaults()},
   * {@link Sharding#defaults()}.
   *
   * @return the defaults
   */
  public static RepositoryOptions defaults() {
    return new RepositoryOptions(
        CostListener.NONE, Clock.systemUTC(), RetryPolicy.defaults(), Sharding.defaults());
  }

  /**
   * These options with another cost listener.
   *
   * @param listener receives each call's cost
   * @return a copy
   */
  public RepositoryOptions withCostListener(CostListener listener) {
    return new RepositoryOptions(listener, clock, retryPolicy, sharding);
  }

  /**
   * These options with another clock.
   *
   * @param clock stamps follows and reactions
   * @return a copy
   */
  public RepositoryOptions withClock(Clock clock) {
    return new RepositoryOptions(costListener, clock, retryPolicy, sharding);
  }

  /**
   * These options with another retry policy.
   *
   * @param policy bounds and paces every retry
   * @return a copy
   */
  public RepositoryOptions withRetryPolicy(RetryPolicy policy) {
    return new RepositoryOptions(costListener, clock, policy, sharding);
  }

  /**
   * These options with other sharding settings.
   *
   * @param sharding when hot keys are sharded
   * @return a copy
   */
  public RepositoryOptions withSharding(Sharding sharding) {
    return new RepositoryOptions(costListener, clock, retryPolicy, sharding);
  }
}
