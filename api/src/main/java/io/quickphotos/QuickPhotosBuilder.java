package io.quickphotos;

import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.Executor;

/**
 * The options every backend's builder shares ({@code MemoryQuickPhotos.builder()},
 * {@code DynamoQuickPhotos.builder()}), declared once: what each means, its default and its
 * check. A backend's builder adds what only it has (a DynamoDB client and table name; a fault
 * script or throughput model). Code that configures a repository whatever the backend (a Spring
 * Boot customizer, a test fixture) takes a {@code QuickPhotosBuilder<?>}.
 *
 * <p>Every setter checks its argument at once and returns this builder; an option not set keeps
 * its default. A builder is not thread-safe; the repository it builds is.
 *
 * @param <B> the backend's builder type, which every setter returns
 */
public interface QuickPhotosBuilder<B extends QuickPhotosBuilder<B>> {
  /**
   * The default {@link #hotReadStaleness(Duration)}, in milliseconds: one second, the age of a
   * count large applications show for a celebrity, and one TransactGetItems of a hot key a second
   * per instance.
   */
  long DEFAULT_HOT_READ_STALENESS_MILLIS = 1_000;

  /**
   * Receives the cost of every repository call, on the calling thread;
   * {@link CostListener#none()} unless set.
   *
   * @param costListener the listener, thread-safe if the repository is shared
   * @return this builder
   * @throws NullPointerException if null
   */
  B costListener(CostListener costListener);

  /**
   * The clock that stamps follows and reactions and says what today is (a birth date may not be
   * later); the UTC system clock unless set. It also measures {@link #hotReadStaleness}.
   *
   * @param clock the clock
   * @return this builder
   * @throws NullPointerException if null
   */
  B clock(Clock clock);

  /**
   * How the repository retries what the table leaves undone — unprocessed BatchGetItem keys and
   * BatchWriteItem items, transactions cancelled only by conflicts or throttling, the cascades'
   * rounds — {@link RetryPolicy#defaults()} unless set. On DynamoDB, the SDK's own retries inside
   * each request (throttling, 5xx, timeouts) are the client's to configure; the memory backend
   * simulates them with this policy.
   *
   * @param retryPolicy the policy; {@link RetryPolicy#noDelay()} for tests
   * @return this builder
   * @throws NullPointerException if null
   */
  B retryPolicy(RetryPolicy retryPolicy);

  /**
   * When a hot user's or photo's counters are spread over several items. Unless set, the table's
   * recorded setting ({@link QuickPhotos#recordSettings}), read once by {@link #build()}, or
   * {@link Sharding#defaults()} where it records none. Repositories of one table may differ (see
   * {@link Sharding}): one whose setting differs from the table's logs a warning when built.
   *
   * @param sharding the settings, e.g. {@link Sharding#off()}
   * @return this builder
   * @throws NullPointerException if null
   */
  B sharding(Sharding sharding);

  /**
   * Whether this repository makes new follows timeline follows: {@link FanOut#off()} (fan-out on
   * read) or {@link FanOut#hybrid()}. Unless set, the table's recorded setting
   * ({@link QuickPhotos#recordSettings}), read once by {@link #build()}, or {@code off()} where it
   * records none. Repositories of one table may differ (see {@link FanOut}): one whose setting
   * differs from the table's logs a warning when built.
   *
   * @param fanOut the setting
   * @return this builder
   * @throws NullPointerException if null
   */
  B fanOut(FanOut fanOut);

  /**
   * How many independent requests of one call are in flight at once: a home feed's per-author
   * queries, the chunks of one BatchGetItem read. 1 sends them one after another on the calling
   * thread; more run on the calling thread and at most {@code parallelism - 1} daemon threads of
   * the repository's own, created on demand and ended when idle (or the {@link
   * #executor(Executor) executor} given). The default is the backend's: 1
   * on memory, whose requests take microseconds (less than handing one to another thread), and
   * {@code DynamoQuickPhotos.DEFAULT_PARALLELISM} on DynamoDB, the SDK's Apache client's
   * connection pool.
   *
   * @param parallelism 1 to 256
   * @return this builder
   * @throws IllegalArgumentException if out of range
   */
  B parallelism(int parallelism);

  /**
   * Where the requests of one call that run beside the calling thread are sent (see {@link
   * #parallelism(int)}), in place of the repository's own daemon threads: a virtual-thread
   * executor, a Spring {@code TaskExecutor}, or one that carries the caller's trace context and
   * logging context to its threads. Each call hands it at most {@code parallelism - 1} tasks,
   * {@link Executor#execute} being called on the calling thread (so an executor that captures
   * the caller's context there gives every request of the call that context); the calling thread
   * works on the call's requests too, so a call finishes even when the executor runs its tasks
   * late. The executor must be thread-safe and should not run tasks on the calling thread
   * ({@code Runnable::run} makes the requests sequential). The repository never shuts it down.
   * With a parallelism of 1 it is not used.
   *
   * @param executor the application's executor
   * @return this builder
   * @throws NullPointerException if null
   */
  B executor(Executor executor);

  /**
   * How long this repository may serve again a snapshot it read of a hot user or photo (one whose
   * counters are sharded, see {@link Sharding}) without reading the table:
   * {@value #DEFAULT_HOT_READ_STALENESS_MILLIS} ms unless set. A hot key's profile or photo is
   * then read from the table at most once per bound by each instance (one TransactGetItems of its
   * item and shards), however many readers the instance serves, so reads of one celebrity are no
   * longer held at one partition's ceiling. Every count served is one the key held, no older than
   * the bound on this repository's {@link #clock(Clock) clock}; a write through this repository
   * to a key (a follow, a reaction, a profile update, a delete) makes its next read read the
   * table, so a writer sees its own writes. Ordinary users and photos are always read from the
   * table. {@link Duration#ZERO} keeps nothing: every read of a hot key reads the table. A
   * per-instance read policy: it records nothing in the table, and instances of one table may
   * differ. See docs/hot-keys.md, "Hot reads".
   *
   * @param staleness zero to one day
   * @return this builder
   * @throws NullPointerException if null
   * @throws IllegalArgumentException if negative or longer than a day
   */
  B hotReadStaleness(Duration staleness);

  /**
   * Builds the repository, reading the table's recorded settings (one GetItem, not reported to
   * the cost listener) for the fan-out and sharding not set here. What else it does before the
   * repository is returned (provisioning a DynamoDB table, for one) is the backend builder's.
   *
   * @return the repository, thread-safe, to share
   */
  QuickPhotos build();
}
