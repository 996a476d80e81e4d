package io.quickphotos.micrometer;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import io.quickphotos.AccessPattern;
import io.quickphotos.CostListener;
import io.quickphotos.OperationCost;
import java.util.Objects;

/**
 * A repository's calls as Micrometer observations: give the {@link CostListener} it builds to the
 * repository's builder, and each call becomes one observation, started before the call's first
 * request and stopped after its last. With Micrometer Tracing that is a span per call (a child
 * of the span current when the call starts, an HTTP request's say); with Micrometer's meter
 * handler a timer {@value QuickPhotosObservationConvention#NAME}.
 *
 * <pre>{@code
 * QuickPhotos photos = DynamoQuickPhotos.builder()
 *     .client(client)
 *     .costListener(CostListener.all(metrics, QuickPhotosObservations.costListener(registry)))
 *     .build();
 * }</pre>
 *
 * <p>The name and key values are {@link QuickPhotosObservationConvention}'s: the access pattern,
 * table, outcome and exception, and OpenTelemetry's database keys ({@code db.system.name}, {@code
 * db.operation.name}, {@code db.collection.name}) as low-cardinality values, the requests, read
 * and write units and items read as high-cardinality ones. A call that throws has its exception
 * as the observation's {@linkplain Observation#error(Throwable) error}, so a tracer marks its
 * span failed and Micrometer's meter handler tags its timer {@code error} with the class. A call whose arguments are refused makes no request and
 * starts no observation, as it reports no cost. The observation is current on the calling thread
 * during the call ({@link Observation#openScope()}), so that what the call's requests observe
 * is its child.
 *
 * <p>The listener asks the repository for each call's start ({@link
 * CostListener#receivesCallStarts()}); it neither times calls (the observation does) nor asks for
 * the SDK's attempts. Combine it with others through {@link CostListener#all}, which passes starts
 * on; a listener of your own that wraps it must pass {@code receivesCallStarts()} and {@code
 * onCallStart} on too, or no call is observed.
 */
public final class QuickPhotosObservations {
  private QuickPhotosObservations() {}

  /**
   * A cost listener that observes every call in {@code registry}, its {@code table} key value
   * {@code quick-photos}.
   *
   * @param registry the registry; with no handler, each call costs a no-op observation
   * @return a thread-safe listener, for the repository builders' {@code costListener}
   * @throws NullPointerException if the registry is null
   */
  public static CostListener costListener(ObservationRegistry registry) {
    return builder(registry).build();
  }

  /**
   * A builder for a listener with another table name or convention.
   *
   * @param registry the registry
   * @return a builder; not thread-safe
   * @throws NullPointerException if the registry is null
   */
  public static Builder builder(ObservationRegistry registry) {
    return new Builder(registry);
  }

  /** Configures an observing listener. Not thread-safe; the listener it builds is. */
  public static final class Builder {
    private final ObservationRegistry registry;
    private String table = "quick-photos";
    private QuickPhotosObservationConvention convention;

    private Builder(ObservationRegistry registry) {
      this.registry = Objects.requireNonNull(registry, "registry");
    }

    /**
     * The {@code table} key value: the repository's table, or {@code memory}.
     *
     * @param table the table's name
     * @return this builder
     * @throws NullPointerException if null
     */
    public Builder table(String table) {
      this.table = Objects.requireNonNull(table, "table");
      return this;
    }

    /**
     * A convention of the application's, in place of the default (a convention registered with
     * the registry's {@code ObservationConfig} wins over both, as Micrometer decides).
     *
     * @param convention the name and key values
     * @return this builder
     * @throws NullPointerException if null
     */
    public Builder convention(QuickPhotosObservationConvention convention) {
      this.convention = Objects.requireNonNull(convention, "convention");
      return this;
    }

    /**
     * The listener.
     *
     * @return a thread-safe cost listener that observes every call
     */
    public CostListener build() {
      return new ObservingListener(registry, table, convention);
    }
  }

  /**
   * Starts an observation when a call starts and stops it with the call's cost. The two hooks of
   * one call run on one thread, the start before the cost, and a call made inside another (a
   * repository's own on the same thread) ends before it: a stack per thread pairs them.
   * Thread-safe.
   */
  private static final class ObservingListener implements CostListener {
    private static final QuickPhotosObservationConvention DEFAULT =
        new QuickPhotosObservationConvention() {};

    private final ObservationRegistry registry;
    private final String table;
    private final QuickPhotosObservationConvention convention;
    private final ThreadLocal<Started> started = new ThreadLocal<>();

    /** One running call's observation, and the one it runs inside on this thread. */
    private record Started(
        Observation observation,
        Observation.Scope scope,
        QuickPhotosObservationContext context,
        Started outer) {}

    ObservingListener(
        ObservationRegistry registry, String table, QuickPhotosObservationConvention convention) {
      this.registry = registry;
      this.table = table;
      this.convention = convention;
    }

    @Override
    public boolean receivesCallStarts() {
      return true;
    }

    @Override
    public boolean timesCalls() {
      return false;
    }

    @Override
    public boolean countsSdkAttempts() {
      return false;
    }

    @Override
    public void onCallStart(AccessPattern pattern) {
      QuickPhotosObservationContext context = new QuickPhotosObservationContext(pattern, table);
      Observation observation =
          Observation.createNotStarted(convention, DEFAULT, () -> context, registry).start();
      started.set(new Started(observation, observation.openScope(), context, started.get()));
    }

    @Override
    public void onCallFailure(AccessPattern pattern, Throwable failure) {
      Started call = started.get();
      if (call != null) {
        // The call's own observation, still current: its cost, which stops it, follows.
        call.observation().error(failure);
      }
    }

    @Override
    public void onCost(OperationCost cost) {
      Started call = started.get();
      if (call == null) {
        // No start was reported: this listener sits inside a listener of the application's
        // that does not pass starts on. Nothing to stop; the class Javadoc says so.
        return;
      }
      if (call.outer() == null) {
        started.remove();
      } else {
        started.set(call.outer());
      }
      call.context().setCost(cost);
      call.scope().close();
      call.observation().stop();
    }

    @Override
    public String toString() {
      return "QuickPhotosObservations[table=" + table + "]";
    }
  }
}
