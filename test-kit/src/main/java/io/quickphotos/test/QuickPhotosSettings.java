package io.quickphotos.test;

import io.quickphotos.CostListener;
import io.quickphotos.FanOut;
import io.quickphotos.RetryPolicy;
import io.quickphotos.Sharding;
import io.quickphotos.memory.Throughput;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The repository settings of a {@link MemoryBackend} or {@link BothBackends} test class, so that
 * its tests run the application's own configuration: {@link Sharding}, {@link FanOut} (the
 * hybrid feed), the {@link RetryPolicy}, a {@link Throughput} model (memory only) and the
 * application's {@link CostListener}. Register one in a {@code static} field of the class; every
 * test's repository, on each backend, is then built with it.
 *
 * <pre>{@code
 * @BothBackends
 * class FeedServiceTest {
 *   static final MyMetrics METRICS = new MyMetrics();
 *
 *   @RegisterExtension
 *   static final QuickPhotosSettings SETTINGS = QuickPhotosSettings.builder()
 *       .fanOut(FanOut.hybrid())                   // as in production
 *       .sharding(Sharding.of(8, 500, 500))
 *       .costListener(METRICS)                     // the fixture's costs() still records
 *       .build();
 *
 *   @Test
 *   void uploadsReachFollowersTimelines(QuickPhotos photos, QuickPhotosFixture fixture) { ... }
 * }
 * }</pre>
 *
 * <p>Why a registered extension rather than attributes of {@code @MemoryBackend} and
 * {@code @BothBackends}: the settings are objects — the application's listener instance, a
 * {@code Throughput} of doubles, a {@code FanOut} with a {@code Duration} — which an annotation
 * cannot hold, and which the application builds with the same factories it uses in production
 * (or shares with them in one constant). The field also lets a test read its own listener
 * afterwards, and one field serves both annotations. The annotations keep choosing the backends.
 *
 * <p>The kit's repositories read every hot key from the table (a hot-read staleness of zero):
 * a fixture writes around the repository, which then could not know what changed.
 *
 * <p>Unset, each setting is the kit's default: {@link Sharding#defaults()}, {@link FanOut#off()},
 * {@link RetryPolicy#noDelay()} (retries that do not sleep), no throughput limits, no listener of
 * the application's. On each backend:
 *
 * <ul>
 *   <li>sharding, fan-out and the retry policy reach the repository on memory and on DynamoDB
 *       Local alike (on memory the policy also paces the simulated SDK's retries of scripted
 *       faults);
 *   <li>the throughput model applies on memory only, on the test's {@link ManualClock}: DynamoDB
 *       Local accepts any rate and never throttles, so on DynamoDB Local the setting is ignored.
 *       Mark tests that expect throttling {@link MemoryOnly};
 *   <li>the application's listener receives every call's cost after the fixture's own log has
 *       recorded it ({@link CostListener#all(CostListener...)}): {@link QuickPhotosFixture#costs()}
 *       keeps working, and a listener that throws is logged and ignored, losing the fixture
 *       nothing. The fixture's log asks for timing and the SDK's attempts, so the application's
 *       listener receives them too, whatever it {@linkplain CostListener#timesCalls() declines}.
 * </ul>
 *
 * <p>The field must be {@code static}: JUnit registers an instance field's extension only after
 * the test's repository is built, and a test of such a class fails with an
 * {@link ExtensionConfigurationException} saying so. A {@code @Nested} class inherits its
 * enclosing class's settings; settings of its own replace them. Register one per class. Settings
 * are immutable and thread-safe; the listener must be thread-safe if tests run in parallel.
 */
public final class QuickPhotosSettings implements BeforeAllCallback, BeforeEachCallback {
  private static final ExtensionContext.Namespace NAMESPACE =
      ExtensionContext.Namespace.create(QuickPhotosSettings.class);
  private static final QuickPhotosSettings DEFAULTS = builder().build();

  private final Sharding sharding;
  private final FanOut fanOut;
  private final RetryPolicy retryPolicy;
  private final Throughput throughput;
  private final CostListener costListener;

  private QuickPhotosSettings(Builder builder) {
    this.sharding = builder.sharding;
    this.fanOut = builder.fanOut;
    this.retryPolicy = builder.retryPolicy;
    this.throughput = builder.throughput;
    this.costListener = builder.costListener;
  }

  /**
   * Starts settings with the kit's defaults.
   *
   * @return a new builder
   */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Settings configured by a function of a builder, the short form of {@link #builder()}:
   * {@code QuickPhotosSettings.of(s -> s.fanOut(FanOut.hybrid()))}.
   *
   * @param configuration sets what differs from the kit's defaults
   * @return the settings
   * @throws NullPointerException if the configuration is null, or sets a null
   * @throws IllegalArgumentException if the configuration sets a value out of range
   */
  public static QuickPhotosSettings of(Consumer<Builder> configuration) {
    Objects.requireNonNull(configuration, "configuration");
    Builder builder = builder();
    configuration.accept(builder);
    return builder.build();
  }

  /**
   * The kit's defaults, which a class without settings runs with.
   *
   * @return the defaults
   */
  public static QuickPhotosSettings defaults() {
    return DEFAULTS;
  }

  /**
   * When hot keys are sharded.
   *
   * @return the setting; {@link Sharding#defaults()} unless set
   */
  public Sharding sharding() {
    return sharding;
  }

  /**
   * How the home feed is served.
   *
   * @return the setting; {@link FanOut#off()} unless set
   */
  public FanOut fanOut() {
    return fanOut;
  }

  /**
   * How the repository retries.
   *
   * @return the policy; {@link RetryPolicy#noDelay()} unless set
   */
  public RetryPolicy retryPolicy() {
    return retryPolicy;
  }

  /**
   * The throughput limits of the memory backend.
   *
   * @return the model, empty (no limits) unless set
   */
  public Optional<Throughput> throughput() {
    return Optional.ofNullable(throughput);
  }

  /**
   * The application's listener, called after the fixture's log.
   *
   * @return the listener; {@link CostListener#none()} unless set
   */
  public CostListener costListener() {
    return costListener;
  }

  /** Makes these settings the ones of the class's tests (and of its {@code @Nested} classes). */
  @Override
  public void beforeAll(ExtensionContext context) {
    context.getStore(NAMESPACE).put(QuickPhotosSettings.class, this);
  }

  /**
   * Fails the test when these settings were not in force when its repository was built: the
   * field holding them is not static.
   */
  @Override
  public void beforeEach(ExtensionContext context) {
    if (context.getStore(NAMESPACE).get(QuickPhotosSettings.class) == null) {
      throw new ExtensionConfigurationException(
          "QuickPhotosSettings must be registered in a static field: JUnit registers an"
              + " instance field's extension after the test's repository is built, so "
              + context.getDisplayName()
              + " would run without its settings");
    }
  }

  /**
   * The settings in force for a test: those registered by its class or the nearest enclosing
   * class, else the defaults.
   */
  static QuickPhotosSettings inForce(ExtensionContext context) {
    QuickPhotosSettings settings =
        context.getStore(NAMESPACE).get(QuickPhotosSettings.class, QuickPhotosSettings.class);
    return settings == null ? DEFAULTS : settings;
  }

  /**
   * The fixture's log followed by the application's listener: the one listener each test's
   * repository gets.
   */
  CostListener listenerAfter(CostListener fixtureLog) {
    return CostListener.all(fixtureLog, costListener);
  }

  @Override
  public String toString() {
    return "QuickPhotosSettings["
        + sharding
        + ", "
        + fanOut
        + ", "
        + retryPolicy
        + ", throughput "
        + (throughput == null ? "unlimited" : throughput)
        + ", listener "
        + (costListener == CostListener.NONE ? "none" : costListener)
        + "]";
  }

  /** Builds {@link QuickPhotosSettings}. Not thread-safe; the settings it builds are. */
  public static final class Builder {
    private Sharding sharding = Sharding.defaults();
    private FanOut fanOut = FanOut.off();
    private RetryPolicy retryPolicy = RetryPolicy.noDelay();
    private Throughput throughput;
    private CostListener costListener = CostListener.NONE;

    private Builder() {}

    /**
     * When hot users and photos are sharded, e.g. low thresholds for a test that wants a key to
     * shard after a few follows.
     *
     * @param sharding the setting
     * @return this builder
     * @throws NullPointerException if null
     */
    public Builder sharding(Sharding sharding) {
      this.sharding = Objects.requireNonNull(sharding, "sharding");
      return this;
    }

    /**
     * How the home feed is served, e.g. {@link FanOut#hybrid()}.
     *
     * @param fanOut the setting
     * @return this builder
     * @throws NullPointerException if null
     */
    public Builder fanOut(FanOut fanOut) {
      this.fanOut = Objects.requireNonNull(fanOut, "fanOut");
      return this;
    }

    /**
     * How the repository retries what DynamoDB leaves undone. A policy with delays makes tests
     * that reach its retries sleep.
     *
     * @param retryPolicy the policy
     * @return this builder
     * @throws NullPointerException if null
     */
    public Builder retryPolicy(RetryPolicy retryPolicy) {
      this.retryPolicy = Objects.requireNonNull(retryPolicy, "retryPolicy");
      return this;
    }

    /**
     * Per-partition throughput limits on the memory backend, on the test's {@link ManualClock};
     * ignored on DynamoDB Local, which never throttles.
     *
     * @param throughput the model, e.g. {@link Throughput#onDemand()}
     * @return this builder
     * @throws NullPointerException if null
     */
    public Builder throughput(Throughput throughput) {
      this.throughput = Objects.requireNonNull(throughput, "throughput");
      return this;
    }

    /**
     * The application's listener, to receive every call's cost after the fixture's log.
     *
     * @param costListener the listener, thread-safe if tests run in parallel
     * @return this builder
     * @throws NullPointerException if null
     */
    public Builder costListener(CostListener costListener) {
      this.costListener = Objects.requireNonNull(costListener, "costListener");
      return this;
    }

    /**
     * The settings.
     *
     * @return immutable settings, to register with {@code @RegisterExtension} in a static field
     */
    public QuickPhotosSettings build() {
      return new QuickPhotosSettings(this);
    }
  }
}
