package io.quickphotos.micrometer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.quickphotos.AccessPattern;
import io.quickphotos.CostListener;
import io.quickphotos.CostModel;
import io.quickphotos.NewUser;
import io.quickphotos.OperationCost;
import io.quickphotos.PageRequest;
import io.quickphotos.QuickPhotos;
import io.quickphotos.RetryPolicy;
import io.quickphotos.SortOrder;
import io.quickphotos.UserNotFoundException;
import io.quickphotos.UserStatus;
import io.quickphotos.dynamo.DynamoQuickPhotos;
import io.quickphotos.dynamo.local.DynamoDbLocal;
import io.quickphotos.memory.Fault;
import io.quickphotos.memory.Faults;
import io.quickphotos.memory.MemoryQuickPhotos;
import io.quickphotos.memory.Request;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The meters agree with the costs the same calls reported, on the memory backend and on DynamoDB
 * Local; retries and throttles are scripted on memory.
 */
class QuickPhotosMetricsTest {
  private static final Instant TAKEN = Instant.parse("2024-05-01T12:00:00Z");
  private static DynamoDbLocal local;
  private static int tables;

  @BeforeAll
  static void startLocal() {
    local = DynamoDbLocal.start();
  }

  @AfterAll
  static void stopLocal() {
    local.close();
  }

  private final MeterRegistry registry = new SimpleMeterRegistry();
  private final List<OperationCost> costs = new CopyOnWriteArrayList<>();

  /** The metrics listener, and beside it a log of what it was given, to compare with. */
  private CostListener listener(CostListener metrics) {
    return cost -> {
      costs.add(cost);
      metrics.onCost(cost);
    };
  }

  private QuickPhotos open(String backend, CostListener listener) {
    if (backend.equals("memory")) {
      return MemoryQuickPhotos.builder().costListener(listener).build();
    }
    return DynamoQuickPhotos.builder()
        .client(local.client())
        .tableName("metrics-" + ++tables)
        .createTableIfMissing(true)
        .costListener(listener)
        .build();
  }

  private static NewUser user(String name) {
    return new NewUser(
        name, name, name + "@example.com", LocalDate.of(1990, 1, 1), "", UserStatus.ACTIVE);
  }

  /** A few calls of several patterns, one of them failing. */
  private static void use(QuickPhotos photos) {
    photos.createUser(user("ann"));
    photos.createUser(user("bob"));
    photos.uploadPhoto("ann", TAKEN, "https://photos.example.com/ann/1.jpg");
    photos.follow("bob", "ann");
    photos.getUser("ann");
    photos.getUser("nobody");
    photos.userWithPhotos("ann", SortOrder.NEWEST_FIRST, PageRequest.first(10));
    photos.followedBy("bob", PageRequest.first());
    assertThatThrownBy(() -> photos.follow("bob", "nobody"))
        .isInstanceOf(UserNotFoundException.class);
  }

  private double sum(AccessPattern pattern, Function<OperationCost, Number> what) {
    return costs.stream()
        .filter(c -> c.pattern() == pattern)
        .mapToDouble(c -> what.apply(c).doubleValue())
        .sum();
  }

  private static String tag(AccessPattern pattern) {
    return pattern.name().toLowerCase(Locale.ROOT);
  }

  @ParameterizedTest
  @ValueSource(strings = {"memory", "dynamodb-local"})
  void everyPatternsMetersAddUpItsCalls(String backend) {
    use(open(backend, listener(QuickPhotosMetrics.costListener(registry))));

    assertThat(costs).extracting(OperationCost::pattern).contains(AccessPattern.FOLLOW);
    for (AccessPattern pattern : costs.stream().map(OperationCost::pattern).distinct().toList()) {
      String p = tag(pattern);
      double calls = sum(pattern, c -> 1);
      double failed = sum(pattern, c -> c.succeeded() ? 0 : 1);
      double timerCount =
          registry.find("quickphotos.calls").tag("pattern", p).timers().stream()
              .mapToLong(Timer::count)
              .sum();
      assertThat(timerCount).as("calls of %s", p).isEqualTo(calls);
      double errors =
          registry.find("quickphotos.calls").tag("pattern", p).timers().stream()
              .filter(t -> !"none".equals(t.getId().getTag("exception")))
              .mapToLong(Timer::count)
              .sum();
      assertThat(errors).as("errors of %s", p).isEqualTo(failed);
      assertThat(registry.get("quickphotos.requests").tag("pattern", p).counter().count())
          .isEqualTo(sum(pattern, OperationCost::requests));
      assertThat(
              registry
                  .get("quickphotos.capacity")
                  .tags("pattern", p, "type", "read")
                  .counter()
                  .count())
          .isCloseTo(sum(pattern, OperationCost::readCapacityUnits), within(1e-9));
      assertThat(
              registry
                  .get("quickphotos.capacity")
                  .tags("pattern", p, "type", "write")
                  .counter()
                  .count())
          .isCloseTo(sum(pattern, OperationCost::writeCapacityUnits), within(1e-9));
      assertThat(registry.get("quickphotos.items.read").tag("pattern", p).counter().count())
          .isEqualTo(sum(pattern, OperationCost::itemsRead));
      assertThat(registry.get("quickphotos.cost").tag("pattern", p).counter().count())
          .isCloseTo(sum(pattern, CostModel.ON_DEMAND_US_EAST_1::dollars), within(1e-15));
      assertThat(
              registry.find("quickphotos.calls").tag("pattern", p).timers().stream()
                  .mapToDouble(t -> t.totalTime(TimeUnit.NANOSECONDS))
                  .sum())
          .as("latency of %s", p)
          .isEqualTo(sum(pattern, OperationCost::latencyNanos))
          .isPositive();
    }
    assertThat(
            registry
                .get("quickphotos.calls")
                .tags("pattern", "follow", "exception", "UserNotFoundException")
                .timer()
                .count())
        .isEqualTo(1);
  }

  @Test
  void retriesAndThrottlesAreCountedPerOperation() {
    Faults faults = Faults.seeded(3);
    QuickPhotos photos =
        MemoryQuickPhotos.builder()
            .faults(faults)
            .retryPolicy(RetryPolicy.noDelay())
            .costListener(listener(QuickPhotosMetrics.costListener(registry)))
            .build();
    photos.createUser(user("ann"));
    photos.createUser(user("bob"));
    faults.on(Request.GET_ITEM).next(2, Fault.throttling());
    faults.on(Request.TRANSACT_WRITE_ITEMS).next(1, Fault.transactionThrottled());

    photos.getUser("ann");
    photos.follow("bob", "ann");

    assertThat(
            registry
                .get("quickphotos.retries")
                .tags("operation", "GetItem", "layer", "sdk")
                .counter()
                .count())
        .isEqualTo(costs.stream().mapToInt(c -> sdkRetries(c, "GetItem")).sum())
        .isEqualTo(2);
    assertThat(registry.get("quickphotos.throttles").tag("operation", "GetItem").counter().count())
        .isEqualTo(2);
    assertThat(
            registry
                .get("quickphotos.retries")
                .tags("operation", "TransactWriteItems", "layer", "repository")
                .counter()
                .count())
        .isEqualTo(1);
    assertThat(
            registry
                .get("quickphotos.throttles")
                .tag("operation", "TransactWriteItems")
                .counter()
                .count())
        .isEqualTo(1);
    assertThat(registry.find("quickphotos.retries").tag("operation", "PutItem").counters())
        .as("an operation that met no retry has no meters")
        .isEmpty();
  }

  private static int sdkRetries(OperationCost cost, String operation) {
    return cost.retries().stream()
        .filter(r -> r.operation().equals(operation))
        .mapToInt(r -> r.sdkRetries())
        .sum();
  }

  @Test
  void anotherCostModelAndCommonTags() {
    CostModel doubled = new CostModel(0.25, 1.25);
    QuickPhotos photos =
        open(
            "memory",
            listener(
                QuickPhotosMetrics.builder(registry)
                    .costModel(doubled)
                    .tags(Tags.of("table", "photos-eu"))
                    .build()));
    photos.createUser(user("ann"));

    assertThat(
            registry
                .get("quickphotos.cost")
                .tags("pattern", "create_user", "table", "photos-eu")
                .counter()
                .count())
        .isCloseTo(doubled.dollars(costs.get(0)), within(1e-15))
        .isPositive();
  }

  /**
   * Prints what Prometheus would scrape after a few calls, two GetItem attempts throttled; the
   * docs/metrics.md shows a part of it.
   */
  @Test
  void prometheusScrape() {
    PrometheusMeterRegistry prometheus = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    Faults faults = Faults.seeded(5);
    faults.on(Request.GET_ITEM).next(2, Fault.throttling());
    use(
        MemoryQuickPhotos.builder()
            .faults(faults)
            .retryPolicy(RetryPolicy.noDelay())
            .costListener(QuickPhotosMetrics.costListener(prometheus))
            .build());

    String scrape = prometheus.scrape();
    System.out.println(scrape);

    assertThat(scrape)
        .contains("quickphotos_calls_seconds_count{exception=\"none\",pattern=\"follow\"} 1")
        .contains("quickphotos_calls_seconds_count{exception=\"UserNotFoundException\"")
        .contains("quickphotos_capacity_units_total{pattern=\"follow\",type=\"write\"}")
        .contains("quickphotos_cost_dollars_total{pattern=\"follow\"}")
        .contains("quickphotos_retries_total{layer=\"sdk\",operation=\"GetItem\"} 2.0")
        .contains("quickphotos_throttles_total{operation=\"GetItem\"} 2.0");
  }
}
