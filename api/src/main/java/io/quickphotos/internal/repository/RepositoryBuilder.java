package io.quickphotos.internal.repository;

import io.quickphotos.CostListener;
import io.quickphotos.FanOut;
import io.quickphotos.QuickPhotos;
import io.quickphotos.QuickPhotosBuilder;
import io.quickphotos.RetryPolicy;
import io.quickphotos.Sharding;
import io.quickphotos.engine.Table;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.Executor;

/**
 * The one implementation of the options every backend's builder shares ({@link
 * QuickPhotosBuilder}), which the backends' builders extend: each option's default and check are
 * {@link RepositoryOptions}', its meaning the interface's, so a backend declares only what is its
 * own. Not thread-safe.
 *
 * @param <B> the backend's builder type
 */
public abstract class RepositoryBuilder<B extends RepositoryBuilder<B>>
    implements QuickPhotosBuilder<B> {
  private RepositoryOptions options;

  /**
   * A builder with the options an application's repository starts from ({@link
   * RepositoryOptions#forApplications}).
   *
   * @param defaultParallelism the backend's default parallelism
   */
  protected RepositoryBuilder(int defaultParallelism) {
    this.options = RepositoryOptions.forApplications(defaultParallelism);
  }

  @SuppressWarnings("unchecked")
  private B self() {
    return (B) this;
  }

  @Override
  public B costListener(CostListener costListener) {
    options = options.withCostListener(costListener);
    return self();
  }

  @Override
  public B clock(Clock clock) {
    options = options.withClock(clock);
    return self();
  }

  @Override
  public B retryPolicy(RetryPolicy retryPolicy) {
    options = options.withRetryPolicy(retryPolicy);
    return self();
  }

  @Override
  public B sharding(Sharding sharding) {
    options = options.withSharding(sharding);
    return self();
  }

  @Override
  public B fanOut(FanOut fanOut) {
    options = options.withFanOut(fanOut);
    return self();
  }

  @Override
  public B parallelism(int parallelism) {
    options = options.withParallelism(parallelism);
    return self();
  }

  @Override
  public B executor(Executor executor) {
    options = options.withExecutor(executor);
    return self();
  }

  @Override
  public B hotReadStaleness(Duration staleness) {
    options = options.withHotReadStaleness(staleness);
    return self();
  }

  /**
   * The options as set so far, for the backend's {@link #build()}.
   *
   * @return the options
   */
  protected final RepositoryOptions options() {
    return options;
  }

  /**
   * The repository over a backend's engine, with the options as set ({@link
   * Repositories#create(Table, RepositoryOptions, Table)}).
   *
   * @param engine the engine, as decorated for this repository
   * @param settingsFrom the engine the recorded settings are read from, and tools go to
   * @return the repository
   */
  protected final QuickPhotos build(Table engine, Table settingsFrom) {
    return Repositories.create(engine, options, settingsFrom);
  }
}
