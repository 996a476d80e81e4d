package io.quickphotos.spring.boot;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.observation.ObservationRegistry;
import io.quickphotos.CostListener;
import io.quickphotos.CostModel;
import io.quickphotos.QuickPhotos;
import io.quickphotos.dynamo.DynamoQuickPhotos;
import io.quickphotos.memory.Faults;
import io.quickphotos.memory.MemoryQuickPhotos;
import io.quickphotos.micrometer.QuickPhotosMetrics;
import io.quickphotos.micrometer.QuickPhotosObservationConvention;
import io.quickphotos.micrometer.QuickPhotosObservations;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.ConfigurableBeanFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Lazy;
import org.springframework.util.ClassUtils;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClientBuilder;

/**
 * Auto-configures a {@link QuickPhotos} repository from {@link QuickPhotosProperties}. Every bean
 * here steps aside for one of the application's own of the same type (or, for the health
 * contributor and the two listeners, the same name):
 *
 * <ul>
 *   <li>{@code quickPhotosBuilderConfigurer} ({@link QuickPhotosBuilderConfigurer}): what every
 *       repository builder gets, the starter's and any of the application's: every {@link
 *       CostListener} bean combined, the application's {@link Clock} bean when it has exactly
 *       one (else the UTC system clock), on memory its {@link Faults} bean when it has exactly
 *       one (tests), the properties' settings, then every {@link QuickPhotosBuilderCustomizer}.
 *   <li>{@code quickPhotos}, the repository: {@link DynamoQuickPhotos} ({@code
 *       quickphotos.backend=dynamodb}, the default) or {@link MemoryQuickPhotos} ({@code
 *       memory}), configured as above. Building it on DynamoDB checks the deployment: one
 *       GetItem (the table's recorded settings, also read by the builder when fan-out or
 *       sharding is unset), plus the table's creation and time to live when those properties
 *       ask; a missing region, missing or refused credentials, a missing table or a denied
 *       permission stops the start with a failure analysis naming what to set ({@link
 *       QuickPhotosStartupException}). Every DynamoDB type is reached through a class of its
 *       own and a configuration conditional on quickphotos-dynamo's classes, so that an
 *       application without quickphotos-dynamo (and the AWS SDK) starts on memory; on dynamodb
 *       it stops with a failure analysis naming the artifact.
 *   <li>{@code quickPhotosDynamoDbClient}: only on the dynamodb backend and only when the
 *       application has no {@link DynamoDbClient} bean (Spring Cloud AWS's included, which is
 *       configured first); built from the SDK's default chains with {@code
 *       quickphotos.dynamodb.region} and {@code .endpoint}, then every {@link
 *       DynamoDbClientBuilderCustomizer}, and closed with the context.
 *   <li>{@code quickPhotosMetrics}: a {@link CostListener} recording every call in the
 *       application's {@link MeterRegistry} ({@link QuickPhotosMetrics}), tagged with the table
 *       and priced by {@code quickphotos.metrics.price.*}, when it has a registry and {@code
 *       quickphotos.metrics.enabled} is not false.
 *   <li>{@code quickPhotosObservations}: a {@link CostListener} making each call an observation
 *       in the application's {@link ObservationRegistry} ({@link QuickPhotosObservations}: a span
 *       per call with Micrometer Tracing), when it has a registry and {@code
 *       quickphotos.observations.enabled} is not false.
 *   <li>{@code quickPhotosChangeFeed}: the table's stream read by a poller that starts and stops
 *       with the context ({@link QuickPhotosChangeFeed}), handed to the application's {@code
 *       ChangeHandler} beans, when {@code quickphotos.change-feed.enabled} is true and
 *       quickphotos-streams (an optional dependency) is on the class path.
 *   <li>{@code quickPhotosHealthIndicator}: the Actuator health of the table, when Actuator is
 *       on the class path ({@link QuickPhotosHealth}), switched as Boot's own are by {@code
 *       management.health.quickphotos.enabled} and {@code management.health.defaults.enabled}.
 * </ul>
 *
 * <p>Ordered after Micrometer's registries and observation registry (Spring Boot 3.5's and 4's
 * packages) and Spring Cloud AWS's DynamoDB client, so that the conditions on their beans see
 * them.
 */
@AutoConfiguration(
    afterName = {
      "org.springframework.boot.actuate.autoconfigure.metrics.CompositeMeterRegistryAutoConfiguration",
      "org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration",
      "org.springframework.boot.actuate.autoconfigure.observation.ObservationAutoConfiguration",
      "org.springframework.boot.micrometer.observation.autoconfigure.ObservationAutoConfiguration",
      "io.awspring.cloud.autoconfigure.dynamodb.DynamoDbAutoConfiguration"
    })
@EnableConfigurationProperties(QuickPhotosProperties.class)
public class QuickPhotosAutoConfiguration {
  /** The DynamoDB backend's entry point, in quickphotos-dynamo. */
  static final String DYNAMO = "io.quickphotos.dynamo.DynamoQuickPhotos";

  /** The AWS SDK's client, which quickphotos-dynamo brings. */
  static final String SDK_CLIENT = "software.amazon.awssdk.services.dynamodb.DynamoDbClient";

  /** The change feed's poller, in quickphotos-streams. */
  static final String STREAMS = "io.quickphotos.streams.StreamPoller";

  /** The AWS SDK's streams client, which quickphotos-streams brings. */
  static final String STREAMS_CLIENT =
      "software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient";

  /** Created by Spring. */
  public QuickPhotosAutoConfiguration() {}

  /**
   * What the starter built, for the health contributor: empty when the application's own
   * repository bean replaced the starter's.
   *
   * @return a holder the repository bean fills in
   */
  @Bean
  @ConditionalOnMissingBean
  BuiltRepository quickPhotosBuiltRepository() {
    return new BuiltRepository();
  }

  /**
   * The threads of the calls' parallel requests, carrying each caller's trace context and MDC;
   * shared by every repository the configurer builds. Not an {@code Executor} bean, so that
   * Spring Boot's own task executor does not step aside for it.
   *
   * @param properties the {@code quickphotos.*} properties
   * @return the execution, closed with the context
   * @throws QuickPhotosStartupException if virtual threads are asked for before Java 21
   */
  @Bean(destroyMethod = "close")
  @ConditionalOnMissingBean
  RequestExecution quickPhotosRequestExecution(QuickPhotosProperties properties) {
    if (properties.isVirtualThreads()) {
      return RequestExecution.virtualThreads();
    }
    Integer parallelism = properties.getParallelism();
    return RequestExecution.platformThreads(
        parallelism == null ? DynamoQuickPhotos.DEFAULT_PARALLELISM : parallelism);
  }

  /**
   * What the starter gives a repository builder, its own and any of the application's: the cost
   * listeners, clock, fault script, the properties' settings, the request threads and the
   * customizers.
   *
   * @param properties the {@code quickphotos.*} properties
   * @param listeners every cost listener bean, combined in their order
   * @param clocks the application's clock, if it has exactly one
   * @param faults the application's fault script, if it has exactly one (memory only)
   * @param customizers every builder customizer, applied in their order
   * @param requests the threads of the calls' parallel requests
   * @return the configurer
   */
  @Bean
  @ConditionalOnMissingBean
  public QuickPhotosBuilderConfigurer quickPhotosBuilderConfigurer(
      QuickPhotosProperties properties,
      ObjectProvider<CostListener> listeners,
      ObjectProvider<Clock> clocks,
      ObjectProvider<Faults> faults,
      ObjectProvider<QuickPhotosBuilderCustomizer> customizers,
      RequestExecution requests) {
    return new QuickPhotosBuilderConfigurer(
        properties, listeners, clocks, faults, customizers, requests);
  }

  /**
   * The repository. Thread-safe and shared; on DynamoDB it never closes the client.
   *
   * @param properties the {@code quickphotos.*} properties
   * @param configurer what every builder gets (listeners, clock, settings, customizers)
   * @param built where to record what was built, for the health contributor
   * @param beans the context's beans: the DynamoDB client, and which client is the starter's
   * @return the repository
   * @throws QuickPhotosStartupException if a property is out of range or contradicts another,
   *     the backend is dynamodb and quickphotos-dynamo is not on the class path, or the
   *     deployment is not as the repository needs it (no client, no credentials, the table
   *     missing, a permission denied)
   */
  @Bean
  @ConditionalOnMissingBean
  public QuickPhotos quickPhotos(
      QuickPhotosProperties properties,
      QuickPhotosBuilderConfigurer configurer,
      ObjectProvider<BuiltRepository> built,
      ConfigurableBeanFactory beans) {
    if (properties.getBackend() == QuickPhotosProperties.Backend.MEMORY) {
      MemoryQuickPhotos.Builder memory = MemoryQuickPhotos.builder();
      if (properties.getChangeFeed().isEnabled() && streamsPresent(beans.getBeanClassLoader())) {
        // The table first, so that a customizer may still replace it (and its stream with it).
        memory = ChangeFeedStreams.withStream(memory, configurer.clock(), built.getIfAvailable());
      }
      QuickPhotos photos = configurer.configure(memory).build();
      built.ifAvailable(b -> b.record("memory", null));
      return photos;
    }
    // Asked of the context's class loader, as the class conditions are: the DynamoDB classes
    // are reached only through DynamoDbRepository, which is not loaded unless they are there.
    if (!dynamoPresent(beans.getBeanClassLoader())) {
      throw new QuickPhotosStartupException(
          "quickphotos.backend is dynamodb (the default) and quickphotos-dynamo is not on the"
              + " class path (its class "
              + DYNAMO
              + " or the AWS SDK's DynamoDbClient is missing), so there is no DynamoDB backend to"
              + " build the repository with.",
          "Add the dependency io.quickphotos:quickphotos-dynamo (the starter brings it unless it"
              + " is excluded); or set quickphotos.backend=memory to run on the memory backend.",
          null);
    }
    return DynamoDbRepository.build(properties, configurer, built, beans);
  }

  /** Whether quickphotos-streams and the SDK's streams client are there, for the change feed. */
  static boolean streamsPresent(ClassLoader loader) {
    return ClassUtils.isPresent(STREAMS, loader) && ClassUtils.isPresent(STREAMS_CLIENT, loader);
  }

  /** Whether quickphotos-dynamo and the AWS SDK's client are there, as the class conditions ask. */
  static boolean dynamoPresent(ClassLoader loader) {
    return ClassUtils.isPresent(DYNAMO, loader) && ClassUtils.isPresent(SDK_CLIENT, loader);
  }

  /**
   * The DynamoDB client, when quickphotos-dynamo is on the class path and the application has no
   * client of its own, and no repository of its own either (nested configurations are read
   * before this class's beans, so the condition sees the application's repository only).
   */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(name = {DYNAMO, SDK_CLIENT})
  @ConditionalOnMissingBean(QuickPhotos.class)
  @ConditionalOnProperty(
      prefix = "quickphotos",
      name = "backend",
      havingValue = "dynamodb",
      matchIfMissing = true)
  static class DynamoDbClientConfiguration {

    /**
     * Where the starter's client connects, read from {@code quickphotos.dynamodb.endpoint} and
     * {@code .region}, when no {@code @ServiceConnection} or bean of the application's gives one.
     *
     * @param properties the {@code quickphotos.*} properties
     * @return the connection details
     */
    @Bean
    @ConditionalOnMissingBean(QuickPhotosConnectionDetails.class)
    QuickPhotosConnectionDetails quickPhotosConnectionDetails(QuickPhotosProperties properties) {
      QuickPhotosProperties.DynamoDb dynamodb = properties.getDynamodb();
      return QuickPhotosConnectionDetails.of(dynamodb.getEndpoint(), dynamodb.getRegion(), null);
    }

    /**
     * A client from the connection details (the properties' region and endpoint unless a
     * {@code @ServiceConnection} or bean of the application's gives others), the SDK's default
     * credentials and region chains for what they leave unset, and the SDK's default HTTP
     * client. Building it makes no request; the credentials are looked up at the first request.
     * Lazy, so that a context processed ahead of time on the dynamodb backend (whose conditions
     * are fixed at build time) and started on memory builds no client, which would need a
     * region: the repository, which chooses its backend when it is built, never asks for it.
     *
     * @param connection where to connect
     * @param customizers every client builder customizer, applied in their order after the
     *     connection details
     * @return the client; Spring closes it with the context
     * @throws QuickPhotosStartupException if no region is set anywhere
     */
    @Bean(destroyMethod = "close")
    @ConditionalOnMissingBean
    @Lazy
    DynamoDbClient quickPhotosDynamoDbClient(
        QuickPhotosConnectionDetails connection,
        ObjectProvider<DynamoDbClientBuilderCustomizer> customizers) {
      DynamoDbClientBuilder builder = DynamoDbClient.builder();
      if (connection.getRegion() != null) {
        builder.region(Region.of(connection.getRegion()));
      }
      if (connection.getEndpoint() != null) {
        builder.endpointOverride(connection.getEndpoint());
      }
      if (connection.getCredentialsProvider() != null) {
        builder.credentialsProvider(connection.getCredentialsProvider());
      }
      customizers.orderedStream().forEach(customizer -> customizer.customize(builder));
      try {
        return builder.build();
      } catch (SdkClientException e) {
        throw DeploymentProblems.client(e);
      }
    }
  }

  /**
   * The change feed, when {@code quickphotos.change-feed.enabled} is true and quickphotos-streams
   * is on the class path: a {@link QuickPhotosChangeFeed} over the application's handlers.
   */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(name = {STREAMS, STREAMS_CLIENT})
  @ConditionalOnProperty(prefix = "quickphotos.change-feed", name = "enabled", havingValue = "true")
  static class ChangeFeedConfiguration {

    /**
     * The feed: on memory, the stream of the table the starter built its repository on; on
     * DynamoDB, the stream of {@code quickphotos.table-name}, read with the application's
     * streams client or one like its DynamoDB client. Found when the context starts, as are the
     * handlers and checkpoints.
     *
     * @param properties the {@code quickphotos.*} properties
     * @param handlers every {@code ChangeHandler} bean, called in their order
     * @param checkpoints the application's checkpoints, if it has exactly one; else in memory
     * @param built what the starter built, for the memory table's stream
     * @param beans the context's beans: the DynamoDB and streams clients
     * @return the feed, a {@code SmartLifecycle}
     * @throws QuickPhotosStartupException if the interval or batch size is out of range
     */
    @Bean
    @ConditionalOnMissingBean
    QuickPhotosChangeFeed quickPhotosChangeFeed(
        QuickPhotosProperties properties,
        ObjectProvider<io.quickphotos.streams.ChangeHandler> handlers,
        ObjectProvider<io.quickphotos.streams.Checkpoints> checkpoints,
        ObjectProvider<BuiltRepository> built,
        ConfigurableBeanFactory beans) {
      QuickPhotosProperties.ChangeFeed feed = properties.getChangeFeed();
      return new QuickPhotosChangeFeed(
          () ->
              properties.getBackend() == QuickPhotosProperties.Backend.MEMORY
                  ? ChangeFeedStreams.memory(built.getIfAvailable())
                  : ChangeFeedStreams.dynamoDb(beans, properties.getTableName()),
          () -> handlers.orderedStream().toList(),
          () -> checkpoints.getIfUnique(io.quickphotos.streams.Checkpoints::inMemory),
          feed.getInterval(),
          feed.getBatchSize());
    }
  }

  /** {@code quickphotos.change-feed.enabled} without quickphotos-streams: a start that says so. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnMissingClass(STREAMS)
  @ConditionalOnProperty(prefix = "quickphotos.change-feed", name = "enabled", havingValue = "true")
  static class ChangeFeedWithoutStreamsConfiguration {

    /**
     * Stops the start: the property asks for a feed nothing can read.
     *
     * @return never
     * @throws QuickPhotosStartupException always, naming the artifact
     */
    @Bean
    Object quickPhotosChangeFeed() {
      throw new QuickPhotosStartupException(
          "quickphotos.change-feed.enabled is true and quickphotos-streams is not on the class"
              + " path, so there is no poller to read the change feed with.",
          "Add the dependency io.quickphotos:quickphotos-streams (the starter declares it"
              + " optional), or set quickphotos.change-feed.enabled=false.",
          null);
    }
  }

  /** Costs and latency in the application's registry. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(MeterRegistry.class)
  @ConditionalOnBean(MeterRegistry.class)
  @ConditionalOnProperty(
      prefix = "quickphotos.metrics",
      name = "enabled",
      havingValue = "true",
      matchIfMissing = true)
  static class MetricsConfiguration {

    /**
     * The listener that records every call's cost as meters, tagged {@code table} with the
     * table's name ({@code memory} on the memory backend) and priced by {@code
     * quickphotos.metrics.price.*}. As a bean it tags with {@code quickphotos.table-name}; the
     * configurer gives every repository it configures the same listener tagged with that
     * repository's own table.
     *
     * @param registry the application's registry
     * @param properties the {@code quickphotos.*} properties
     * @return the listener, thread-safe
     * @throws QuickPhotosStartupException if a price property is out of range
     */
    @Bean
    @ConditionalOnMissingBean(name = "quickPhotosMetrics")
    CostListener quickPhotosMetrics(MeterRegistry registry, QuickPhotosProperties properties) {
      CostModel prices = properties.getMetrics().getPrice().toCostModel();
      return new TableTaggedListener(
          tableTag(properties),
          table ->
              QuickPhotosMetrics.builder(registry)
                  .costModel(prices)
                  .tags(Tags.of("table", table))
                  .build());
    }
  }

  /** Each call an observation in the application's registry: a span per call with tracing. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(ObservationRegistry.class)
  @ConditionalOnBean(ObservationRegistry.class)
  @ConditionalOnProperty(
      prefix = "quickphotos.observations",
      name = "enabled",
      havingValue = "true",
      matchIfMissing = true)
  static class ObservationConfiguration {

    /**
     * The listener that makes each call an observation ({@link QuickPhotosObservations}), its
     * {@code table} key value the table's name ({@code memory} on the memory backend): as a bean
     * {@code quickphotos.table-name}'s, and for each repository the configurer configures that
     * repository's own.
     *
     * @param registry the application's observation registry
     * @param properties the {@code quickphotos.*} properties
     * @param conventions the application's convention, if it has exactly one
     * @return the listener, thread-safe
     */
    @Bean
    @ConditionalOnMissingBean(name = "quickPhotosObservations")
    CostListener quickPhotosObservations(
        ObservationRegistry registry,
        QuickPhotosProperties properties,
        ObjectProvider<QuickPhotosObservationConvention> conventions) {
      QuickPhotosObservationConvention convention = conventions.getIfUnique();
      return new TableTaggedListener(
          tableTag(properties),
          table -> {
            QuickPhotosObservations.Builder builder =
                QuickPhotosObservations.builder(registry).table(table);
            if (convention != null) {
              builder.convention(convention);
            }
            return builder.build();
          });
    }
  }

  /**
   * JSON for {@code AppValue} and {@code Page} in Jackson 3, which Spring Boot 4 adds to its
   * {@code JsonMapper} (it takes every {@code JacksonModule} bean).
   */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(name = "tools.jackson.databind.JacksonModule")
  static class Jackson3Configuration {

    /**
     * The Jackson 3 module.
     *
     * @return the module
     */
    @Bean
    @ConditionalOnMissingBean
    QuickPhotosJacksonModule quickPhotosJacksonModule() {
      return new QuickPhotosJacksonModule();
    }
  }

  /**
   * JSON for {@code AppValue} and {@code Page} in Jackson 2, which Spring Boot 3.5 adds to its
   * {@code ObjectMapper} (it takes every {@code Module} bean).
   */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(name = "com.fasterxml.jackson.databind.Module")
  static class Jackson2Configuration {

    /**
     * The Jackson 2 module.
     *
     * @return the module
     */
    @Bean
    @ConditionalOnMissingBean
    QuickPhotosJackson2Module quickPhotosJackson2Module() {
      return new QuickPhotosJackson2Module();
    }
  }

  /** The {@code table} tag of a repository on the memory backend. */
  static final String MEMORY_TABLE_TAG = "memory";

  /**
   * The value of the {@code table} tag and detail of the starter's own repository: the table's
   * name, or {@code memory}. A repository of the application's built with the configurer is
   * tagged with its own table instead.
   */
  static String tableTag(QuickPhotosProperties properties) {
    return properties.getBackend() == QuickPhotosProperties.Backend.MEMORY
        ? MEMORY_TABLE_TAG
        : properties.getTableName();
  }

  /**
   * A health check per {@code QuickPhotos} bean, by bean name (a test kit's scoped target left
   * out: its proxy is the bean), so that an application with two repositories (two tables) has
   * both checked without marking one primary.
   */
  static Map<String, QuickPhotosHealth> healthChecks(
      ListableBeanFactory beans,
      QuickPhotosProperties properties,
      ObjectProvider<BuiltRepository> built) {
    Map<String, QuickPhotosHealth> checks = new LinkedHashMap<>();
    for (String name : beans.getBeanNamesForType(QuickPhotos.class)) {
      if (name.startsWith("scopedTarget.")) {
        continue;
      }
      QuickPhotos photos = beans.getBean(name, QuickPhotos.class);
      BuiltRepository starters = "quickPhotos".equals(name) ? built.getIfAvailable() : null;
      checks.put(name, health(photos, properties, starters));
    }
    return checks;
  }

  /** What the health contributor reports of the repository bean it checks. */
  static QuickPhotosHealth health(
      QuickPhotos photos, QuickPhotosProperties properties, BuiltRepository built) {
    Map<String, Object> describe = new LinkedHashMap<>();
    if (built != null && built.backend() != null) {
      describe.put("backend", built.backend());
      if (built.table() != null) {
        describe.put("table", built.table());
      }
    } else {
      describe.put("backend", "the application's QuickPhotos bean");
    }
    return new QuickPhotosHealth(
        photos,
        describe,
        properties.getHealth().getInterval(),
        properties.getHealth().getSlowThreshold(),
        System::nanoTime,
        Clock.systemUTC());
  }

  /** The health contributor on Spring Boot 4 ({@code spring-boot-health}). */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(name = "org.springframework.boot.health.contributor.HealthIndicator")
  @Conditional(OnHealthEnabled.class)
  static class Boot4HealthConfiguration {

    /**
     * The contributor, shown as {@code quickPhotos} in {@code /actuator/health}.
     *
     * @param beans the context's beans: every {@code QuickPhotos} bean is checked
     * @param properties the {@code quickphotos.*} properties
     * @param built what the starter built, if it built the repository
     * @return one indicator for one repository, a composite of one per bean name for several
     */
    @Bean
    @ConditionalOnMissingBean(name = "quickPhotosHealthIndicator")
    org.springframework.boot.health.contributor.HealthContributor quickPhotosHealthIndicator(
        ListableBeanFactory beans,
        QuickPhotosProperties properties,
        ObjectProvider<BuiltRepository> built) {
      Map<String, QuickPhotosHealth> checks = healthChecks(beans, properties, built);
      if (checks.size() == 1) {
        return indicator(checks.values().iterator().next());
      }
      return org.springframework.boot.health.contributor.CompositeHealthContributor.fromMap(
          checks, Boot4HealthConfiguration::indicator);
    }

    private static org.springframework.boot.health.contributor.HealthIndicator indicator(
        QuickPhotosHealth health) {
      return () -> {
        QuickPhotosHealth.Report report = health.check();
        return org.springframework.boot.health.contributor.Health.status(
                report.up()
                    ? org.springframework.boot.health.contributor.Status.UP
                    : org.springframework.boot.health.contributor.Status.DOWN)
            .withDetails(report.details())
            .build();
      };
    }
  }

  /** The health contributor on Spring Boot 3.5 ({@code spring-boot-actuator}). */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(name = "org.springframework.boot.actuate.health.HealthIndicator")
  @Conditional(OnHealthEnabled.class)
  static class Boot3HealthConfiguration {

    /**
     * The contributor, shown as {@code quickPhotos} in {@code /actuator/health}.
     *
     * @param beans the context's beans: every {@code QuickPhotos} bean is checked
     * @param properties the {@code quickphotos.*} properties
     * @param built what the starter built, if it built the repository
     * @return one indicator for one repository, a composite of one per bean name for several
     */
    @Bean
    @ConditionalOnMissingBean(name = "quickPhotosHealthIndicator")
    org.springframework.boot.actuate.health.HealthContributor quickPhotosHealthIndicator(
        ListableBeanFactory beans,
        QuickPhotosProperties properties,
        ObjectProvider<BuiltRepository> built) {
      Map<String, QuickPhotosHealth> checks = healthChecks(beans, properties, built);
      if (checks.size() == 1) {
        return indicator(checks.values().iterator().next());
      }
      return org.springframework.boot.actuate.health.CompositeHealthContributor.fromMap(
          checks, Boot3HealthConfiguration::indicator);
    }

    private static org.springframework.boot.actuate.health.HealthIndicator indicator(
        QuickPhotosHealth health) {
      return () -> {
        QuickPhotosHealth.Report report = health.check();
        return org.springframework.boot.actuate.health.Health.status(
                report.up()
                    ? org.springframework.boot.actuate.health.Status.UP
                    : org.springframework.boot.actuate.health.Status.DOWN)
            .withDetails(report.details())
            .build();
      };
    }
  }
}
