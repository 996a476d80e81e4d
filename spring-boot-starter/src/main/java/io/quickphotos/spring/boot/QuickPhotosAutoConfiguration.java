package io.quickphotos.spring.boot;

import io.micrometer.core.instrument.MeterRegistry;
import io.quickphotos.CostListener;
import io.quickphotos.FanOut;
import io.quickphotos.QuickPhotos;
import io.quickphotos.RetryPolicy;
import io.quickphotos.Sharding;
import io.quickphotos.dynamo.DynamoQuickPhotos;
import io.quickphotos.dynamo.QuickPhotosTable;
import io.quickphotos.memory.MemoryQuickPhotos;
import io.quickphotos.micrometer.QuickPhotosMetrics;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.time.Clock;
import java.time.Duration;
import java.util.function.Consumer;
import java.util.function.IntConsumer;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClientBuilder;

/**
 * Auto-configures a {@link QuickPhotos} repository from {@link QuickPhotosProperties}. Every bean
 * here steps aside for one of the application's own of the same type (or, for the health
 * indicator and the metrics listener, the same name):
 *
 * <ul>
 *   <li>{@code quickPhotos}, the repository: {@link DynamoQuickPhotos} ({@code
 *       quickphotos.backend=dynamodb}, the default) or {@link MemoryQuickPhotos} ({@code
 *       memory}). Its cost listener combines every {@link CostListener} bean; its clock is the
 *       application's {@link Clock} bean when it has exactly one, else the UTC system clock.
 *       Building it on DynamoDB makes one GetItem (the table's recorded settings), plus the
 *       table's creation and time to live when those properties ask.
 *   <li>{@code quickPhotosDynamoDbClient}: only on the dynamodb backend and only when the
 *       application has no {@link DynamoDbClient} bean (Spring Cloud AWS's included, which is
 *       configured first); built from the SDK's default chains with {@code
 *       quickphotos.dynamodb.region} and {@code .endpoint}, and closed with the context.
 *   <li>{@code quickPhotosMetrics}: a {@link CostListener} recording every call in the
 *       application's {@link MeterRegistry} ({@link QuickPhotosMetrics}), when it has one and
 *       {@code quickphotos.metrics.enabled} is not false.
 *   <li>{@code quickPhotosHealthIndicator}: the Actuator health of the table, when Actuator is on
 *       the class path ({@link QuickPhotosHealth}).
 * </ul>
 *
 * <p>Ordered after Micrometer's registries (Spring Boot 3.5's and 4's packages) and Spring Cloud
 * AWS's DynamoDB client, so that the conditions on their beans see them.
 */
@AutoConfiguration(
    afterName = {
      "org.springframework.boot.actuate.autoconfigure.metrics.CompositeMeterRegistryAutoConfiguration",
      "org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration",
      "io.awspring.cloud.autoconfigure.dynamodb.DynamoDbAutoConfiguration"
    })
@EnableConfigurationProperties(QuickPhotosProperties.class)
public class QuickPhotosAutoConfiguration {

  /** Created by Spring. */
  public QuickPhotosAutoConfiguration() {}

  /**
   * The repository. Thread-safe and shared; on DynamoDB it never closes the client.
   *
   * @param properties the {@code quickphotos.*} properties
   * @param clients the application's DynamoDB client, or the starter's
   * @param listeners every cost listener bean, combined in their order
   * @param clocks the application's clock, if it has exactly one
   * @return the repository
   * @throws IllegalStateException if the properties contradict each other, or the dynamodb
   *     backend has no client
   * @throws io.quickphotos.TableConfigurationException if the table must be created or given time
   *     to live and cannot be
   */
  @Bean
  @ConditionalOnMissingBean
  public QuickPhotos quickPhotos(
      QuickPhotosProperties properties,
      ObjectProvider<DynamoDbClient> clients,
      ObjectProvider<CostListener> listeners,
      ObjectProvider<Clock> clocks) {
    CostListener costListener =
        CostListener.all(listeners.orderedStream().toArray(CostListener[]::new));
    Clock clock = clocks.getIfUnique(Clock::systemUTC);
    if (properties.getBackend() == QuickPhotosProperties.Backend.MEMORY) {
      MemoryQuickPhotos.Builder builder =
          MemoryQuickPhotos.builder().costListener(costListener).clock(clock);
      applySettings(
          properties,
          builder::fanOut,
          builder::sharding,
          builder::retryPolicy,
          builder::parallelism,
          builder::hotReadStaleness);
      return builder.build();
    }
    DynamoDbClient client = clients.getIfUnique();
    if (client == null) {
      throw new IllegalStateException(
          "quickphotos.backend is dynamodb and there is no single DynamoDbClient bean to use");
    }
    DynamoQuickPhotos.Builder builder =
        DynamoQuickPhotos.builder()
            .client(client)
            .tableName(properties.getTableName())
            .createTableIfMissing(properties.isCreateTableIfMissing())
            .costListener(costListener)
            .clock(clock);
    applySettings(
        properties,
        builder::fanOut,
        builder::sharding,
        builder::retryPolicy,
        builder::parallelism,
        builder::hotReadStaleness);
    QuickPhotos photos = builder.build();
    if (properties.getDynamodb().isEnableTimeToLive()) {
      QuickPhotosTable.enableTimeToLive(client, properties.getTableName());
    }
    return photos;
  }

  /**
   * Gives a builder the settings the properties set, through the builder's own methods (the two
   * backends' builders share these settings but no type); what is unset stays the builder's
   * default, or for fan-out and sharding the table's recorded setting.
   */
  private static void applySettings(
      QuickPhotosProperties properties,
      Consumer<FanOut> fanOut,
      Consumer<Sharding> sharding,
      Consumer<RetryPolicy> retryPolicy,
      IntConsumer parallelism,
      Consumer<Duration> hotReadStaleness) {
    properties.getFanOut().toFanOut().ifPresent(fanOut);
    properties.getSharding().toSharding().ifPresent(sharding);
    properties.getRetry().toRetryPolicy().ifPresent(retryPolicy);
    if (properties.getParallelism() != null) {
      parallelism.accept(properties.getParallelism());
    }
    if (properties.getHotReadStaleness() != null) {
      hotReadStaleness.accept(properties.getHotReadStaleness());
    }
  }

  /**
   * The DynamoDB client, when the application has none of its own, and no repository of its own
   * either (nested configurations are read before this class's beans, so the condition sees the
   * application's repository only).
   */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnMissingBean(QuickPhotos.class)
  @ConditionalOnProperty(
      prefix = "quickphotos",
      name = "backend",
      havingValue = "dynamodb",
      matchIfMissing = true)
  static class DynamoDbClientConfiguration {

    /**
     * A client from the SDK's default credentials and region chains, with the region and
     * endpoint of {@code quickphotos.dynamodb.*} when set, and the SDK's default HTTP client.
     *
     * @param properties the {@code quickphotos.*} properties
     * @return the client; Spring closes it with the context
     */
    @Bean(destroyMethod = "close")
    @ConditionalOnMissingBean
    DynamoDbClient quickPhotosDynamoDbClient(QuickPhotosProperties properties) {
      DynamoDbClientBuilder builder = DynamoDbClient.builder();
      QuickPhotosProperties.DynamoDb dynamodb = properties.getDynamodb();
      if (dynamodb.getRegion() != null) {
        builder.region(Region.of(dynamodb.getRegion()));
      }
      if (dynamodb.getEndpoint() != null) {
        builder.endpointOverride(dynamodb.getEndpoint());
      }
      return builder.build();
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
     * The listener that records every call's cost as meters.
     *
     * @param registry the application's registry
     * @return the listener, thread-safe
     */
    @Bean
    @ConditionalOnMissingBean(name = "quickPhotosMetrics")
    CostListener quickPhotosMetrics(MeterRegistry registry) {
      return QuickPhotosMetrics.costListener(registry);
    }
  }

  /** {@code management.health.quickphotos.enabled}, true unless set: both Boots' indicators. */
  @Retention(RetentionPolicy.RUNTIME)
  @Target(ElementType.TYPE)
  @ConditionalOnProperty(
      prefix = "management.health.quickphotos",
      name = "enabled",
      havingValue = "true",
      matchIfMissing = true)
  @interface ConditionalOnHealthEnabled {}

  /** The health indicator on Spring Boot 4 ({@code spring-boot-health}). */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(name = "org.springframework.boot.health.contributor.HealthIndicator")
  @ConditionalOnHealthEnabled
  static class Boot4HealthConfiguration {

    /**
     * The indicator, shown as {@code quickPhotos} in {@code /actuator/health}.
     *
     * @param photos the repository
     * @param properties the {@code quickphotos.*} properties
     * @return the indicator
     */
    @Bean
    @ConditionalOnMissingBean(name = "quickPhotosHealthIndicator")
    org.springframework.boot.health.contributor.HealthIndicator quickPhotosHealthIndicator(
        QuickPhotos photos, QuickPhotosProperties properties) {
      QuickPhotosHealth health = new QuickPhotosHealth(photos, properties);
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

  /** The health indicator on Spring Boot 3.5 ({@code spring-boot-actuator}). */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(name = "org.springframework.boot.actuate.health.HealthIndicator")
  @ConditionalOnHealthEnabled
  static class Boot3HealthConfiguration {

    /**
     * The indicator, shown as {@code quickPhotos} in {@code /actuator/health}.
     *
     * @param photos the repository
     * @param properties the {@code quickphotos.*} properties
     * @return the indicator
     */
    @Bean
    @ConditionalOnMissingBean(name = "quickPhotosHealthIndicator")
    org.springframework.boot.actuate.health.HealthIndicator quickPhotosHealthIndicator(
        QuickPhotos photos, QuickPhotosProperties properties) {
      QuickPhotosHealth health = new QuickPhotosHealth(photos, properties);
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
