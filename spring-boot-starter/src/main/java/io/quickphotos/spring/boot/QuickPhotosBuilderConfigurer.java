package io.quickphotos.spring.boot;

import io.quickphotos.CostListener;
import io.quickphotos.QuickPhotosBuilder;
import io.quickphotos.memory.Faults;
import io.quickphotos.memory.MemoryQuickPhotos;
import java.time.Clock;
import java.time.Duration;
import org.springframework.beans.factory.ObjectProvider;

/**
 * Gives a repository builder what the starter gives its own, so that a {@code QuickPhotos} bean
 * the application declares itself (another table, another client, two repositories) keeps the
 * starter's metrics, observations and settings. In order:
 *
 * <ol>
 *   <li>the cost listener: every {@link CostListener} bean, combined in their order ({@link
 *       CostListener#all}): the starter's metrics ({@code quickPhotosMetrics}) and observations
 *       ({@code quickPhotosObservations}) when they are configured, and the application's own;
 *   <li>the clock: the application's {@link Clock} bean when it has exactly one, else the UTC
 *       system clock; on memory, the application's {@link Faults} bean when it has exactly one;
 *   <li>the shared settings the {@code quickphotos.*} properties set (fan-out, sharding, retries,
 *       parallelism, hot-read staleness); what they leave unset keeps the builder's default;
 *   <li>the executor of a call's parallel requests: the starter's threads (platform, or virtual
 *       with {@code quickphotos.virtual-threads}), each request carrying the caller's trace
 *       context and MDC (a customizer that sets an executor of its own replaces it, and carries
 *       the context itself if it must);
 *   <li>every {@link QuickPhotosBuilderCustomizer} bean, in {@code @Order}, so that a customizer
 *       wins over a property.
 * </ol>
 *
 * <p>The starter's own repository is a builder given the client, the table name and {@code
 * create-table-if-missing} of the beans and properties, then this. An application's repository,
 * the same way:
 *
 * <pre>{@code
 * @Bean
 * QuickPhotos quickPhotos(QuickPhotosBuilderConfigurer starter, DynamoDbClient client) {
 *   return starter
 *       .configure(DynamoQuickPhotos.builder().client(client).tableName("archive-photos"))
 *       .build();
 * }
 * }</pre>
 *
 * <p>The starter's meters and observations tag the calls of each repository it configures with
 * that repository's own table ({@code memory} on memory), so several repositories over several
 * tables are told apart. Thread-safe; each call reads the beans anew (after a test's reset, say).
 */
public final class QuickPhotosBuilderConfigurer {
  private final QuickPhotosProperties properties;
  private final ObjectProvider<CostListener> listeners;
  private final ObjectProvider<Clock> clocks;
  private final ObjectProvider<Faults> faults;
  private final ObjectProvider<QuickPhotosBuilderCustomizer> customizers;
  private final RequestExecution requests;

  QuickPhotosBuilderConfigurer(
      QuickPhotosProperties properties,
      ObjectProvider<CostListener> listeners,
      ObjectProvider<Clock> clocks,
      ObjectProvider<Faults> faults,
      ObjectProvider<QuickPhotosBuilderCustomizer> customizers,
      RequestExecution requests) {
    this.properties = properties;
    this.requests = requests;
    this.listeners = listeners;
    this.clocks = clocks;
    this.faults = faults;
    this.customizers = customizers;
  }

  /**
   * Gives the builder the starter's cost listeners, clock, settings and customizers.
   *
   * @param builder a backend's builder, e.g. {@code DynamoQuickPhotos.builder()}
   * @param <B> the backend's builder type
   * @return the same builder, for its backend's own options and {@code build()}
   * @throws QuickPhotosStartupException if a property is out of range (naming it)
   */
  public <B extends QuickPhotosBuilder<B>> B configure(B builder) {
    builder
        .costListener(
            CostListener.all(
                listeners
                    .orderedStream()
                    .map(listener -> forTheBuildersTable(listener, builder))
                    .toArray(CostListener[]::new)))
        .clock(clock());
    if (builder instanceof MemoryQuickPhotos.Builder memory) {
      faults.ifUnique(memory::faults);
    }
    applySettings(properties, builder);
    builder.executor(requests.executor());
    customizers.orderedStream().forEach(customizer -> customizer.customize(builder));
    return builder;
  }

  /** The clock a builder gets: the application's when it has exactly one, else UTC's. */
  Clock clock() {
    return clocks.getIfUnique(Clock::systemUTC);
  }

  /**
   * The starter's metrics and observations tag a repository's calls with the table the builder
   * ends up with (read when the repository is built, so a table set after {@code configure}
   * counts too), rather than with {@code quickphotos.table-name}: two repositories over two
   * tables are two series. Any other listener is the application's, given as it is.
   */
  private static CostListener forTheBuildersTable(
      CostListener listener, QuickPhotosBuilder<?> builder) {
    if (!(listener instanceof TableTaggedListener tagged)) {
      return listener;
    }
    return tagged.forBuilder(() -> tableOf(builder, tagged));
  }

  /**
   * {@code memory} on memory, the table's name on DynamoDB; for a builder of another kind, the
   * listener's own table. quickphotos-dynamo is asked only when the builder is not memory's, so
   * that an application without it never loads its classes.
   */
  private static String tableOf(QuickPhotosBuilder<?> builder, TableTaggedListener tagged) {
    if (builder instanceof MemoryQuickPhotos.Builder) {
      return QuickPhotosAutoConfiguration.MEMORY_TABLE_TAG;
    }
    String table =
        QuickPhotosAutoConfiguration.dynamoPresent(builder.getClass().getClassLoader())
            ? DynamoDbRepository.tableOf(builder)
            : null;
    return table == null ? tagged.table() : table;
  }

  /**
   * Gives a builder the settings the properties set; what is unset stays the builder's default,
   * or for fan-out and sharding the table's recorded setting.
   *
   * @throws QuickPhotosStartupException naming the property a builder refuses
   */
  static void applySettings(QuickPhotosProperties properties, QuickPhotosBuilder<?> builder) {
    properties.getFanOut().toFanOut().ifPresent(builder::fanOut);
    properties.getSharding().toSharding().ifPresent(builder::sharding);
    properties.getRetry().toRetryPolicy().ifPresent(builder::retryPolicy);
    Integer requests = properties.getParallelism();
    if (requests != null) {
      Checks.property(
          "quickphotos.parallelism",
          requests,
          "a number from 1 to 256",
          () -> builder.parallelism(requests));
    }
    Duration staleness = properties.getHotReadStaleness();
    if (staleness != null) {
      Checks.property(
          "quickphotos.hot-read-staleness",
          staleness,
          "a duration from 0s to 1d",
          () -> builder.hotReadStaleness(staleness));
    }
  }
}
