package io.quickphotos.micrometer;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import io.quickphotos.AccessPattern;
import io.quickphotos.CostListener;
import io.quickphotos.CostModel;
import io.quickphotos.OperationCost;
import io.quickphotos.RequestRetries;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.TimeUnit;

/**
 * A repository's costs as Micrometer meters: give the {@link CostListener} it builds to the
 * repository's builder.
 *
 * <pre>{@code
 * QuickPhotos photos = DynamoQuickPhotos.builder()
 *     .client(client)
 *     .costListener(QuickPhotosMetrics.costListener(registry))
 *     .build();
 * }</pre>
 *
 * <p>Per access pattern (tag {@code pattern}, the {@link AccessPattern} in lower case, e.g.
 * {@code user_with_photos}):
 *
 * <ul>
 *   <li>{@code quickphotos.calls}, a timer of each call's latency, tagged {@code exception} with
 *       the simple class name of what the call threw, {@code none} if it returned: its count is
 *       the calls, its count without {@code exception=none} the errors;
 *   <li>{@code quickphotos.requests}: DynamoDB requests made, the repository's resends included;
 *   <li>{@code quickphotos.capacity} (base unit {@code units}), tagged {@code type} {@code read}
 *       or {@code write}: capacity units consumed, table and indexes together;
 *   <li>{@code quickphotos.items.read}: items the reads returned;
 *   <li>{@code quickphotos.cost} (base unit {@code dollars}): what the units cost, by the
 *       {@link CostModel} (on-demand us-east-1 unless {@linkplain Builder#costModel set}).
 * </ul>
 *
 * <p>Per DynamoDB operation (tag {@code operation}, e.g. {@code TransactWriteItems}), counted only
 * once an operation meets one:
 *
 * <ul>
 *   <li>{@code quickphotos.retries}, tagged {@code layer}: {@code sdk} for attempts the AWS SDK
 *       made again inside a request, {@code repository} for requests the repository sent again
 *       (unprocessed keys or items, a cancelled transaction);
 *   <li>{@code quickphotos.throttles}: attempts refused or cancelled because of throughput;
 *   <li>{@code quickphotos.unknown.outcomes}: attempts that may or may not have been applied.
 * </ul>
 *
 * <p>Meters are registered on a pattern's or operation's first call, so a registry shows only what
 * was used. Recording a call costs a map lookup and five to seven meter updates: the listener runs
 * inside every repository call, so meters are looked up once and kept.
 */
public final class QuickPhotosMetrics {
  private QuickPhotosMetrics() {}

  /**
   * A cost listener that records every call's cost in {@code registry}, priced on-demand in
   * us-east-1, without further tags.
   *
   * @param registry where the meters go
   * @return a thread-safe listener, for the repository builders' {@code costListener}
   * @throws NullPointerException if the registry is null
   */
  public static CostListener costListener(MeterRegistry registry) {
    return builder(registry).build();
  }

  /**
   * A builder for a listener with another cost model or common tags.
   *
   * @param registry where the meters go
   * @return a builder; not thread-safe
   * @throws NullPointerException if the registry is null
   */
  public static Builder builder(MeterRegistry registry) {
    return new Builder(registry);
  }

  /** Configures a metrics listener. Not thread-safe; the listener it builds is. */
  public static final class Builder {
    private final MeterRegistry registry;
    private CostModel costModel = CostModel.ON_DEMAND_US_EAST_1;
    private Tags tags = Tags.empty();

    private Builder(MeterRegistry registry) {
      this.registry = Objects.requireNonNull(registry, "registry");
    }

    /**
     * The prices {@code quickphotos.cost} uses.
     *
     * @param costModel the prices per million units
     * @return this builder
     * @throws NullPointerException if the model is null
     */
    public Builder costModel(CostModel costModel) {
      this.costModel = Objects.requireNonNull(costModel, "costModel");
      return this;
    }

    /**
     * Tags every meter carries, e.g. the table's name when an application has several
     * repositories.
     *
     * @param tags the tags, added to those given before
     * @return this builder
     * @throws NullPointerException if the tags are null
     */
    public Builder tags(Iterable<Tag> tags) {
      this.tags = this.tags.and(Objects.requireNonNull(tags, "tags"));
      return this;
    }

    /**
     * The listener.
     *
     * @return a thread-safe cost listener that records into the registry
     */
    public CostListener build() {
      return new MetricsListener(registry, costModel, tags);
    }
  }

  /** Records costs; meters kept per pattern and per operation. Thread-safe. */
  private static final class MetricsListener implements CostListener {
    private final MeterRegistry registry;
    private final CostModel costModel;
    private final Tags tags;
    private final ConcurrentMap<AccessPattern, PatternMeters> patterns = new ConcurrentHashMap<>();
    private final ConcurrentMap<String, OperationMeters> operations = new ConcurrentHashMap<>();

    MetricsListener(MeterRegistry registry, CostModel costModel, Tags tags) {
      this.registry = registry;
      this.costModel = costModel;
      this.tags = tags;
    }

    @Override
    public void onCost(OperationCost cost) {
      PatternMeters meters = patterns.computeIfAbsent(cost.pattern(), this::patternMeters);
      meters.calls(cost.exception()).record(cost.latencyNanos(), TimeUnit.NANOSECONDS);
      meters.requests.increment(cost.requests());
      meters.readUnits.increment(cost.readCapacityUnits());
      meters.writeUnits.increment(cost.writeCapacityUnits());
      meters.itemsRead.increment(cost.itemsRead());
      meters.dollars.increment(costModel.dollars(cost));
      for (RequestRetries retried : cost.retries()) {
        OperationMeters op = operations.computeIfAbsent(retried.operation(), this::operationMeters);
        op.sdkRetries.increment(retried.sdkRetries());
        op.resends.increment(retried.resends());
        op.throttles.increment(retried.throttles());
        op.unknownOutcomes.increment(retried.unknownOutcomes());
      }
    }

    private PatternMeters patternMeters(AccessPattern pattern) {
      return new PatternMeters(
          registry, tags.and("pattern", pattern.name().toLowerCase(Locale.ROOT)));
    }

    private OperationMeters operationMeters(String operation) {
      return new OperationMeters(registry, tags.and("operation", operation));
    }
  }

  /** The meters of one access pattern. */
  private static final class PatternMeters {
    private final MeterRegistry registry;
    private final Tags tags;
    private final Timer succeeded;
    private final ConcurrentMap<String, Timer> failed = new ConcurrentHashMap<>();
    final Counter requests;
    final Counter readUnits;
    final Counter writeUnits;
    final Counter itemsRead;
    final Counter dollars;

    PatternMeters(MeterRegistry registry, Tags tags) {
      this.registry = registry;
      this.tags = tags;
      succeeded = timer("none");
      requests =
          Counter.builder("quickphotos.requests")
              .description("DynamoDB requests made, resends included")
              .baseUnit("requests")
              .tags(tags)
              .register(registry);
      readUnits = capacity("read");
      writeUnits = capacity("write");
      itemsRead =
          Counter.builder("quickphotos.items.read")
              .description("Items the reads returned")
              .tags(tags)
              .register(registry);
      dollars =
          Counter.builder("quickphotos.cost")
              .description("What the capacity consumed costs, by the cost model")
              .baseUnit("dollars")
              .tags(tags)
              .register(registry);
    }

    Timer calls(String exception) {
      return exception == null ? succeeded : failed.computeIfAbsent(exception, this::timer);
    }

    private Timer timer(String exception) {
      return Timer.builder("quickphotos.calls")
          .description("Repository calls and their latency, by what they threw")
          .tags(tags)
          .tag("exception", exception)
          .register(registry);
    }

    private Counter capacity(String type) {
      return Counter.builder("quickphotos.capacity")
          .description("Capacity units consumed, table and indexes together")
          .baseUnit("units")
          .tags(tags)
          .tag("type", type)
          .register(registry);
    }
  }

  /** The meters of one DynamoDB operation. */
  private static final class OperationMeters {
    final Counter sdkRetries;
    final Counter resends;
    final Counter throttles;
    final Counter unknownOutcomes;

    OperationMeters(MeterRegistry registry, Tags tags) {
      sdkRetries = retries(registry, tags, "sdk");
      resends = retries(registry, tags, "repository");
      throttles =
          Counter.builder("quickphotos.throttles")
              .description("Attempts refused or cancelled because of throughput")
              .tags(tags)
              .register(registry);
      unknownOutcomes =
          Counter.builder("quickphotos.unknown.outcomes")
              .description("Attempts sent whose outcome is unknown")
              .tags(tags)
              .register(registry);
    }

    private static Counter retries(MeterRegistry registry, Tags tags, String layer) {
      return Counter.builder("quickphotos.retries")
          .description("Attempts made again: inside a request by the SDK, or as a new request")
          .tags(tags)
          .tag("layer", layer)
          .register(registry);
    }
  }
}
