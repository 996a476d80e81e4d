package io.quickphotos.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import io.quickphotos.CostListener;
import io.quickphotos.FanOut;
import io.quickphotos.NewUser;
import io.quickphotos.OperationCost;
import io.quickphotos.QuickPhotos;
import io.quickphotos.RetryPolicy;
import io.quickphotos.Sharding;
import io.quickphotos.TableSettings;
import io.quickphotos.UserStatus;
import io.quickphotos.dynamo.DynamoQuickPhotos;
import io.quickphotos.dynamo.local.DynamoDbLocal;
import io.quickphotos.memory.MemoryQuickPhotos;
import io.quickphotos.micrometer.QuickPhotosObservationContext;
import java.lang.reflect.Method;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;

/**
 * The auto-configuration as an application meets it, in an {@link ApplicationContextRunner}: the
 * same class runs on Spring Boot 4 (this module) and on Spring Boot 3.5 (the module
 * spring-boot-starter-boot3 compiles these sources against Boot 3.5), so it uses only what both
 * have; the health indicator's types differ between the two and are reached by reflection.
 */
@ExtendWith(OutputCaptureExtension.class)
class QuickPhotosAutoConfigurationTest {
  private static final AtomicLong TABLES = new AtomicLong();
  static final NewUser ANN =
      new NewUser("ann", "Ann", "ann@example.com", LocalDate.of(1990, 4, 1), "", UserStatus.ACTIVE);

  private static DynamoDbLocal server;

  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(AutoConfigurations.of(QuickPhotosAutoConfiguration.class));

  @BeforeAll
  static void startDynamoDbLocal() {
    server = DynamoDbLocal.start();
  }

  @AfterAll
  static void stopDynamoDbLocal() {
    server.close();
  }

  private static String newTable() {
    return "starter-" + TABLES.incrementAndGet();
  }

  /** The application's own client, as Spring Cloud AWS or its own configuration would make. */
  @Configuration(proxyBeanMethods = false)
  static class ApplicationClient {
    @Bean(destroyMethod = "close")
    DynamoDbClient dynamoDbClient() {
      return server.newClient();
    }
  }

  @Test
  void theMemoryBackendNeedsNothingButTheProperty() {
    runner
        .withPropertyValues("quickphotos.backend=memory")
        .run(
            context -> {
              assertThat(context).hasNotFailed().hasSingleBean(QuickPhotos.class);
              assertThat(context).doesNotHaveBean(DynamoDbClient.class);
              QuickPhotos photos = context.getBean(QuickPhotos.class);
              photos.createUser(ANN);
              assertThat(photos.getUser("ann")).isPresent();
            });
  }

  @Test
  void theDynamoDbBackendUsesTheApplicationsClientAndCreatesTheTable() {
    String table = newTable();
    runner
        .withUserConfiguration(ApplicationClient.class)
        .withPropertyValues(
            "quickphotos.table-name=" + table, "quickphotos.create-table-if-missing=true")
        .run(
            context -> {
              assertThat(context).hasNotFailed().hasSingleBean(DynamoDbClient.class);
              assertThat(context).doesNotHaveBean("quickPhotosDynamoDbClient");
              context.getBean(QuickPhotos.class).createUser(ANN);
              assertThat(
                      server
                          .client()
                          .getItem(
                              r ->
                                  r.tableName(table)
                                      .key(Map.of("PK", av("USER#ann"), "SK", av("#METADATA#ann"))))
                          .hasItem())
                  .isTrue();
            });
  }

  @Test
  void clientPropertiesBesideTheApplicationsOwnClientAreAWarning(CapturedOutput output) {
    String table = newTable();
    runner
        .withUserConfiguration(ApplicationClient.class)
        .withPropertyValues(
            "quickphotos.table-name=" + table,
            "quickphotos.create-table-if-missing=true",
            "quickphotos.dynamodb.region=eu-west-1")
        .run(context -> assertThat(context).hasNotFailed());
    assertThat(output)
        .contains("quickphotos.dynamodb.region and .endpoint are set (eu-west-1, null)")
        .contains("they are ignored");
  }

  @Test
  void withoutAClientOfItsOwnTheApplicationGetsOneFromTheProperties(CapturedOutput output) {
    String table = newTable();
    runner
        .withPropertyValues(
            "quickphotos.table-name=" + table,
            "quickphotos.create-table-if-missing=true",
            "quickphotos.dynamodb.endpoint=" + server.endpoint(),
            "quickphotos.dynamodb.region=us-east-1")
        // The SDK's default credentials chain reads these; DynamoDB Local takes any.
        .withSystemProperties("aws.accessKeyId=dummy", "aws.secretAccessKey=dummy")
        .run(
            context -> {
              assertThat(context).hasNotFailed().hasBean("quickPhotosDynamoDbClient");
              QuickPhotos photos = context.getBean(QuickPhotos.class);
              photos.createUser(ANN);
              assertThat(photos.getUser("ann")).isPresent();
            });
    // The properties are the starter's client's: nothing ignored, nothing to warn of.
    assertThat(output).doesNotContain("they are ignored");
  }

  /** What a {@code @ServiceConnection} factory of a DynamoDB Local container would give. */
  @Configuration(proxyBeanMethods = false)
  static class ServiceConnection {
    @Bean
    QuickPhotosConnectionDetails dynamoDbLocalConnection() {
      return QuickPhotosConnectionDetails.of(
          server.endpoint(),
          "us-east-1",
          software.amazon.awssdk.auth.credentials.StaticCredentialsProvider.create(
              software.amazon.awssdk.auth.credentials.AwsBasicCredentials.create(
                  "dummy", "dummy")));
    }
  }

  @Test
  void connectionDetailsOfTheApplicationsPointTheStartersClientAtTheirServer() {
    String table = newTable();
    runner
        .withUserConfiguration(ServiceConnection.class)
        .withPropertyValues(
            "quickphotos.table-name=" + table,
            "quickphotos.create-table-if-missing=true",
            // Not where the client goes: the connection details win, as Boot's do.
            "quickphotos.dynamodb.endpoint=http://localhost:1",
            "quickphotos.dynamodb.region=eu-west-1")
        .run(
            context -> {
              assertThat(context).hasNotFailed().hasBean("quickPhotosDynamoDbClient");
              assertThat(context).hasSingleBean(QuickPhotosConnectionDetails.class);
              QuickPhotos photos = context.getBean(QuickPhotos.class);
              photos.createUser(ANN);
              // The user is in DynamoDB Local's table, read with a client of the test's own.
              assertThat(
                      DynamoQuickPhotos.builder()
                          .client(server.client())
                          .tableName(table)
                          .build()
                          .getUser("ann"))
                  .isPresent();
            });
  }

  @Test
  void anUnreachableDynamoDbStopsATableCreationWithAnAnalysisAndIsAWarningOtherwise(
      CapturedOutput output) {
    String[] unreachable = {
      "quickphotos.table-name=" + newTable(),
      "quickphotos.dynamodb.endpoint=http://127.0.0.1:1",
      "quickphotos.dynamodb.region=us-east-1",
      // Both set, so that the builder itself reads nothing; the start's own read remains.
      "quickphotos.fan-out.mode=off",
      "quickphotos.sharding.enabled=false"
    };
    runner
        .withPropertyValues(unreachable)
        .withPropertyValues("quickphotos.create-table-if-missing=true")
        .withSystemProperties("aws.accessKeyId=dummy", "aws.secretAccessKey=dummy")
        .run(
            context -> {
              assertThat(context).hasFailed();
              Throwable failure = context.getStartupFailure();
              while (failure != null && !(failure instanceof QuickPhotosStartupException)) {
                failure = failure.getCause();
              }
              assertThat(failure)
                  .as("a failure the starter's analyzer explains")
                  .isInstanceOf(QuickPhotosStartupException.class)
                  .hasMessageContaining("DynamoDB did not answer while the start was creating");
              assertThat(((QuickPhotosStartupException) failure).action())
                  .contains("quickphotos.create-table-if-missing=false");
            });
    runner
        .withPropertyValues(unreachable)
        .withSystemProperties("aws.accessKeyId=dummy", "aws.secretAccessKey=dummy")
        .run(context -> assertThat(context).hasNotFailed());
    assertThat(output).contains("could not read the table").contains("starting anyway");
  }

  /**
   * A client of DynamoDB Local whose requests of the given kinds DynamoDB throttles, as it
   * answers a table over its capacity or the control plane over its rate:
   * ThrottlingException, before the SDK's retries (the start is not kept waiting by them).
   */
  private static DynamoDbClient throttling(Class<?>... throttled) {
    List<Class<?>> kinds = List.of(throttled);
    return DynamoDbClient.builder()
        .endpointOverride(server.endpoint())
        .region(DynamoDbLocal.REGION)
        .credentialsProvider(
            StaticCredentialsProvider.create(AwsBasicCredentials.create("dummy", "dummy")))
        .httpClientBuilder(UrlConnectionHttpClient.builder())
        .overrideConfiguration(
            c ->
                c.addExecutionInterceptor(
                    new ExecutionInterceptor() {
                      @Override
                      public void beforeExecution(
                          Context.BeforeExecution context, ExecutionAttributes attributes) {
                        if (kinds.contains(context.request().getClass())) {
                          throw DynamoDbException.builder()
                              .statusCode(400)
                              .message("Rate of requests exceeds the allowed throughput.")
                              .awsErrorDetails(
                                  AwsErrorDetails.builder()
                                      .errorCode("ThrottlingException")
                                      .errorMessage(
                                          "Rate of requests exceeds the allowed throughput.")
                                      .serviceName("DynamoDb")
                                      .build())
                              .build();
                        }
                      }
                    }))
        .build();
  }

  @Test
  void throttlingWhileCreatingTheTableStopsTheStartWithAnAnalysisAndIsAWarningOtherwise(
      CapturedOutput output) {
    // As docs/spring-boot.md says: a start that must create the table has no repository to start
    // without, so a throttled DescribeTable stops it; a start that only reads starts, warning.
    runner
        .withBean(
            DynamoDbClient.class,
            () -> throttling(DescribeTableRequest.class, CreateTableRequest.class),
            definition -> definition.setDestroyMethodName("close"))
        .withPropertyValues(
            "quickphotos.table-name=" + newTable(), "quickphotos.create-table-if-missing=true")
        .run(
            context -> {
              assertThat(context).hasFailed();
              Throwable failure = context.getStartupFailure();
              while (failure != null && !(failure instanceof QuickPhotosStartupException)) {
                failure = failure.getCause();
              }
              assertThat(failure)
                  .as("a failure the starter's analyzer explains")
                  .isInstanceOf(QuickPhotosStartupException.class)
                  .hasMessageContaining("DynamoDB did not answer while the start was creating")
                  .hasMessageContaining("ThrottlingException");
              assertThat(((QuickPhotosStartupException) failure).action())
                  .contains("Start again once DynamoDB answers")
                  .contains("quickphotos.create-table-if-missing=false");
              assertThat(new QuickPhotosFailureAnalyzer().analyze(failure))
                  .as("Boot's failure analysis of it")
                  .isNotNull();
            });
    runner
        .withBean(
            DynamoDbClient.class,
            () -> throttling(GetItemRequest.class),
            definition -> definition.setDestroyMethodName("close"))
        .withPropertyValues(
            "quickphotos.table-name=" + newTable(),
            // Both set, so that the builder itself reads nothing; the start's own read remains.
            "quickphotos.fan-out.mode=off",
            "quickphotos.sharding.enabled=false",
            "quickphotos.retry.max-attempts=2",
            "quickphotos.retry.base-delay=1ms")
        .run(context -> assertThat(context).hasNotFailed().hasSingleBean(QuickPhotos.class));
    assertThat(output)
        .contains("could not read the table")
        .contains("(UNAVAILABLE); starting anyway");
  }

  @Test
  void withoutQuickPhotosDynamoTheStarterBacksOffAndRunsOnMemory() {
    // What an application that excludes quickphotos-dynamo (and so the AWS SDK) has: the class
    // conditions see neither, and the memory backend needs neither.
    FilteredClassLoader withoutDynamo =
        new FilteredClassLoader("io.quickphotos.dynamo.", "software.amazon.awssdk.");
    runner
        .withClassLoader(withoutDynamo)
        .withPropertyValues("quickphotos.backend=memory")
        .run(
            context -> {
              assertThat(context).hasNotFailed().hasSingleBean(QuickPhotos.class);
              assertThat(context)
                  .doesNotHaveBean("quickPhotosDynamoDbClient")
                  .doesNotHaveBean(QuickPhotosConnectionDetails.class);
              QuickPhotos photos = context.getBean(QuickPhotos.class);
              photos.createUser(ANN);
              assertThat(photos.getUser("ann")).isPresent();
            });
    // Left on the default backend, the start says what is missing rather than failing on a
    // class it cannot load.
    runner
        .withClassLoader(withoutDynamo)
        .run(
            context -> {
              assertThat(context).hasFailed();
              Throwable failure = context.getStartupFailure();
              while (failure != null && !(failure instanceof QuickPhotosStartupException)) {
                failure = failure.getCause();
              }
              assertThat(failure)
                  .isInstanceOf(QuickPhotosStartupException.class)
                  .hasMessageContaining("quickphotos-dynamo is not on the class path");
              assertThat(((QuickPhotosStartupException) failure).action())
                  .contains("quickphotos.backend=memory");
            });
  }

  @Test
  void timeToLiveIsEnabledAtStartUpWhenAsked() {
    String table = newTable();
    runner
        .withUserConfiguration(ApplicationClient.class)
        .withPropertyValues(
            "quickphotos.table-name=" + table,
            "quickphotos.create-table-if-missing=true",
            "quickphotos.fan-out.mode=hybrid",
            "quickphotos.dynamodb.enable-time-to-live=true")
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              assertThat(
                      server
                          .client()
                          .describeTimeToLive(r -> r.tableName(table))
                          .timeToLiveDescription()
                          .attributeName())
                  .isEqualTo("expiresAt");
            });
  }

  @Test
  void settingsComeFromThePropertiesAndUnsetOnesFromTheTable() {
    runner
        .withPropertyValues(
            "quickphotos.backend=memory",
            "quickphotos.fan-out.mode=hybrid",
            "quickphotos.fan-out.max-followers=500",
            "quickphotos.fan-out.window=7d",
            "quickphotos.sharding.shards=16",
            "quickphotos.sharding.followers-threshold=2000",
            "quickphotos.retry.max-attempts=3",
            "quickphotos.parallelism=4")
        .run(
            context ->
                assertThat(context.getBean(QuickPhotos.class).settings())
                    .isEqualTo(
                        new TableSettings(
                            FanOut.hybrid(500, Duration.ofDays(7)), Sharding.of(16, 2000, 1000))));
    String table = newTable();
    TableSettings recorded = new TableSettings(FanOut.hybrid(), Sharding.of(4, 50, 60));
    runner
        .withUserConfiguration(ApplicationClient.class)
        .withPropertyValues(
            "quickphotos.table-name=" + table, "quickphotos.create-table-if-missing=true")
        .run(context -> context.getBean(QuickPhotos.class).recordSettings(recorded));
    runner
        .withUserConfiguration(ApplicationClient.class)
        .withPropertyValues("quickphotos.table-name=" + table, "quickphotos.sharding.enabled=false")
        .run(
            context ->
                assertThat(context.getBean(QuickPhotos.class).settings())
                    .as("fan-out unset: the table's; sharding set: its own")
                    .isEqualTo(new TableSettings(FanOut.hybrid(), Sharding.off())));
  }

  @Test
  void contradictoryPropertiesFailTheStartWithTheirNames() {
    runner
        .withPropertyValues("quickphotos.backend=memory", "quickphotos.fan-out.max-followers=10")
        .run(
            context ->
                assertThat(context)
                    .getFailure()
                    .rootCause()
                    .hasMessageContaining("quickphotos.fan-out.mode"));
    runner
        .withPropertyValues("quickphotos.backend=memory", "quickphotos.sharding.shards=99")
        .run(
            context -> assertThat(context).getFailure().rootCause().hasMessageContaining("shards"));
  }

  /** A clock of the application's, and two listeners of its own. */
  @Configuration(proxyBeanMethods = false)
  static class ApplicationBeans {
    static final Instant NOW = Instant.parse("2024-06-01T09:30:00Z");
    static final List<OperationCost> FIRST = new CopyOnWriteArrayList<>();
    static final List<OperationCost> SECOND = new CopyOnWriteArrayList<>();

    @Bean
    Clock clock() {
      return Clock.fixed(NOW, ZoneOffset.UTC);
    }

    @Bean
    CostListener first() {
      return FIRST::add;
    }

    @Bean
    CostListener second() {
      return SECOND::add;
    }

    @Bean
    MeterRegistry meterRegistry() {
      return new SimpleMeterRegistry();
    }
  }

  @Test
  void theApplicationsClockListenersAndRegistryAreUsed() {
    ApplicationBeans.FIRST.clear();
    ApplicationBeans.SECOND.clear();
    runner
        .withUserConfiguration(ApplicationBeans.class)
        .withPropertyValues("quickphotos.backend=memory")
        .run(
            context -> {
              QuickPhotos photos = context.getBean(QuickPhotos.class);
              photos.createUser(ANN);
              photos.createUser(
                  new NewUser(
                      "bob",
                      "Bob",
                      "b@example.com",
                      LocalDate.of(1990, 1, 1),
                      "",
                      UserStatus.ACTIVE));
              assertThat(photos.follow("bob", "ann").since()).isEqualTo(ApplicationBeans.NOW);
              assertThat(ApplicationBeans.FIRST).hasSize(3);
              assertThat(ApplicationBeans.SECOND).hasSize(3);
              MeterRegistry registry = context.getBean(MeterRegistry.class);
              assertThat(registry.find("quickphotos.calls").timers())
                  .extracting(t -> t.getId().getTag("pattern"))
                  .contains("follow", "create_user");
              assertThat(registry.find("quickphotos.capacity").counters()).isNotEmpty();
            });
    runner
        .withUserConfiguration(ApplicationBeans.class)
        .withPropertyValues("quickphotos.backend=memory", "quickphotos.metrics.enabled=false")
        .run(context -> assertThat(context).doesNotHaveBean("quickPhotosMetrics"));
  }

  /** A registry of the application's. */
  @Configuration(proxyBeanMethods = false)
  static class Registry {
    @Bean
    MeterRegistry meterRegistry() {
      return new SimpleMeterRegistry();
    }
  }

  @Test
  void metersAreTaggedWithTheTableAndPricedByTheProperties() {
    // A follow's 12 write units (the two users are created first: 2 units each).
    runner
        .withUserConfiguration(Registry.class)
        .withPropertyValues(
            "quickphotos.backend=memory",
            "quickphotos.metrics.price.read=0.25",
            "quickphotos.metrics.price.write=1.25")
        .run(context -> assertThat(followCost(context)).isCloseTo(12 * 1.25e-6, within(1e-12)));
    // Provisioned: $0.00065 a WCU-hour at 50% use is 0.65 * 1e6 / 3600 / 0.5 dollars a million.
    runner
        .withUserConfiguration(Registry.class)
        .withPropertyValues(
            "quickphotos.backend=memory",
            "quickphotos.metrics.price.mode=provisioned",
            "quickphotos.metrics.price.utilization=0.5")
        .run(
            context ->
                assertThat(followCost(context))
                    .isCloseTo(12 * 0.00065 / 3600 / 0.5, within(1e-12)));
    runner
        .withUserConfiguration(Registry.class)
        .withPropertyValues("quickphotos.backend=memory", "quickphotos.metrics.price.write=-1")
        .run(
            context ->
                assertThat(context)
                    .getFailure()
                    .rootCause()
                    .hasMessageContaining("quickphotos.metrics.price.write"));
  }

  /** What a follow cost in dollars, by the {@code quickphotos.cost} meter tagged {@code memory}. */
  private static double followCost(
      org.springframework.boot.test.context.assertj.AssertableApplicationContext context) {
    QuickPhotos photos = context.getBean(QuickPhotos.class);
    photos.createUser(ANN);
    photos.createUser(
        new NewUser(
            "bob", "Bob", "b@example.com", LocalDate.of(1990, 1, 1), "", UserStatus.ACTIVE));
    photos.follow("bob", "ann");
    return context
        .getBean(MeterRegistry.class)
        .get("quickphotos.cost")
        .tags("pattern", "follow", "table", "memory")
        .counter()
        .count();
  }

  /** An application's own repository, which the starter leaves alone. */
  @Configuration(proxyBeanMethods = false)
  static class ApplicationRepository {
    @Bean
    QuickPhotos myPhotos() {
      return MemoryQuickPhotos.builder().retryPolicy(RetryPolicy.noDelay()).build();
    }
  }

  @Test
  void everyBeanStepsAsideForTheApplicationsOwn() {
    runner
        .withUserConfiguration(ApplicationRepository.class, ApplicationBeans.class)
        .run(
            context -> {
              assertThat(context).hasNotFailed().hasSingleBean(QuickPhotos.class);
              assertThat(context).hasBean("myPhotos").doesNotHaveBean("quickPhotos");
              assertThat(context).doesNotHaveBean("quickPhotosDynamoDbClient");
            });
  }

  /** Customizers that log what they were given, in an order other than their declaration's. */
  @Configuration(proxyBeanMethods = false)
  static class Customizers {
    static final List<String> LOG = new CopyOnWriteArrayList<>();

    @Bean
    @Order(2)
    QuickPhotosBuilderCustomizer second() {
      return builder -> {
        LOG.add("second " + builder.getClass().getName());
        builder.parallelism(3);
      };
    }

    @Bean
    @Order(1)
    QuickPhotosBuilderCustomizer first() {
      return builder -> {
        LOG.add("first " + builder.getClass().getName());
        builder.sharding(Sharding.off());
      };
    }

    @Bean
    DynamoDbClientBuilderCustomizer clientCustomizer() {
      return builder -> LOG.add("client");
    }
  }

  @Test
  void builderCustomizersRunInTheirOrderAfterThePropertiesOnBothBackends() {
    Customizers.LOG.clear();
    runner
        .withUserConfiguration(Customizers.class)
        .withPropertyValues("quickphotos.backend=memory", "quickphotos.sharding.shards=16")
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              assertThat(Customizers.LOG)
                  .containsExactly(
                      "first " + MemoryQuickPhotos.Builder.class.getName(),
                      "second " + MemoryQuickPhotos.Builder.class.getName());
              assertThat(context.getBean(QuickPhotos.class).settings().sharding())
                  .as("the customizer's setting wins over the property's")
                  .isEqualTo(Sharding.off());
            });
    Customizers.LOG.clear();
    runner
        .withUserConfiguration(Customizers.class, ApplicationClient.class)
        .withPropertyValues(
            "quickphotos.table-name=" + newTable(), "quickphotos.create-table-if-missing=true")
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              assertThat(Customizers.LOG)
                  .as("no client customizer: the client is the application's")
                  .containsExactly(
                      "first " + DynamoQuickPhotos.Builder.class.getName(),
                      "second " + DynamoQuickPhotos.Builder.class.getName());
            });
  }

  @Test
  void clientCustomizersRunOnlyOnTheClientTheStarterBuilds() {
    Customizers.LOG.clear();
    runner
        .withUserConfiguration(Customizers.class)
        .withPropertyValues(
            "quickphotos.table-name=" + newTable(),
            "quickphotos.create-table-if-missing=true",
            "quickphotos.dynamodb.endpoint=" + server.endpoint(),
            "quickphotos.dynamodb.region=us-east-1")
        .withSystemProperties("aws.accessKeyId=dummy", "aws.secretAccessKey=dummy")
        .run(
            context -> {
              assertThat(context).hasNotFailed().hasBean("quickPhotosDynamoDbClient");
              assertThat(Customizers.LOG).first().isEqualTo("client");
            });
  }

  /** An observation registry that keeps every call's context as it stops. */
  @Configuration(proxyBeanMethods = false)
  static class Observations {
    static final List<QuickPhotosObservationContext> STOPPED = new CopyOnWriteArrayList<>();

    @Bean
    ObservationRegistry observationRegistry() {
      ObservationRegistry registry = ObservationRegistry.create();
      registry
          .observationConfig()
          .observationHandler(
              new ObservationHandler<QuickPhotosObservationContext>() {
                @Override
                public void onStop(QuickPhotosObservationContext context) {
                  STOPPED.add(context);
                }

                @Override
                public boolean supportsContext(Observation.Context context) {
                  return context instanceof QuickPhotosObservationContext;
                }
              });
      return registry;
    }
  }

  @Test
  void eachCallIsAnObservationWhenTheApplicationHasARegistry() {
    Observations.STOPPED.clear();
    runner
        .withUserConfiguration(Observations.class)
        .withPropertyValues("quickphotos.backend=memory")
        .run(
            context -> {
              assertThat(context).hasBean("quickPhotosObservations");
              context.getBean(QuickPhotos.class).createUser(ANN);
              assertThat(Observations.STOPPED).hasSize(1);
              QuickPhotosObservationContext call = Observations.STOPPED.get(0);
              assertThat(call.getContextualName()).isEqualTo("quickphotos create_user");
              assertThat(
                      call.getLowCardinalityKeyValues().stream()
                          .map(v -> v.getKey() + "=" + v.getValue()))
                  .contains("pattern=create_user", "table=memory", "outcome=SUCCESS");
              assertThat(
                      call.getHighCardinalityKeyValues().stream()
                          .map(v -> v.getKey() + "=" + v.getValue()))
                  .contains("requests=1", "write.units=2");
            });
    runner
        .withUserConfiguration(Observations.class)
        .withPropertyValues("quickphotos.backend=memory", "quickphotos.observations.enabled=false")
        .run(context -> assertThat(context).doesNotHaveBean("quickPhotosObservations"));
    runner
        .withPropertyValues("quickphotos.backend=memory")
        .run(context -> assertThat(context).doesNotHaveBean("quickPhotosObservations"));
  }

  /** An application's repository built without the starter's configurer, with its own setting. */
  @Configuration(proxyBeanMethods = false)
  static class ApplicationHybridRepository {
    @Bean
    QuickPhotos myPhotos() {
      return MemoryQuickPhotos.builder().fanOut(FanOut.hybrid()).build();
    }
  }

  @Test
  void theHealthOfAnApplicationsRepositoryReportsTheSettingsItRunsWith() throws Exception {
    runner
        .withUserConfiguration(ApplicationHybridRepository.class)
        .withPropertyValues("quickphotos.health.interval=0s")
        .run(
            context -> {
              Object indicator = context.getBean("quickPhotosHealthIndicator");
              assertThat(status(indicator)).isEqualTo("UP");
              assertThat(details(indicator))
                  .containsEntry("backend", "the application's QuickPhotos bean")
                  .containsEntry("fanOut", FanOut.hybrid().toString())
                  .containsEntry("recordedSettings", "none");
            });
  }

  /** Two repositories of the application's, neither primary: two tables, say. */
  @Configuration(proxyBeanMethods = false)
  static class TwoRepositories {
    @Bean
    QuickPhotos photos() {
      return MemoryQuickPhotos.builder().build();
    }

    @Bean
    QuickPhotos archive() {
      return MemoryQuickPhotos.builder().fanOut(FanOut.hybrid()).build();
    }
  }

  @Test
  void twoRepositoriesAreEachCheckedUnderTheirBeanNames() throws Exception {
    runner
        .withUserConfiguration(TwoRepositories.class)
        .withPropertyValues("quickphotos.health.interval=0s")
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              Object composite = context.getBean("quickPhotosHealthIndicator");
              Method child = composite.getClass().getMethod("getContributor", String.class);
              child.setAccessible(true);
              Object archive = child.invoke(composite, "archive");
              Object photos = child.invoke(composite, "photos");
              assertThat(status(archive)).isEqualTo("UP");
              assertThat(details(archive)).containsEntry("fanOut", FanOut.hybrid().toString());
              assertThat(status(photos)).isEqualTo("UP");
              assertThat(details(photos)).containsEntry("fanOut", FanOut.off().toString());
            });
  }

  /**
   * Two repositories of the application's over two DynamoDB tables, each built with the starter's
   * configurer, neither primary; one more table is named in the properties, which neither uses.
   */
  @Configuration(proxyBeanMethods = false)
  static class TwoTables {
    static final String PHOTOS = "two-tables-photos";
    static final String ARCHIVE = "two-tables-archive";

    @Bean
    QuickPhotos photos(QuickPhotosBuilderConfigurer starter, DynamoDbClient client) {
      return starter
          .configure(DynamoQuickPhotos.builder().client(client).tableName(PHOTOS))
          .createTableIfMissing(true)
          .build();
    }

    @Bean
    QuickPhotos archive(QuickPhotosBuilderConfigurer starter, DynamoDbClient client) {
      // The table set after configure: what counts is the table the repository is built on.
      return starter
          .configure(DynamoQuickPhotos.builder().client(client))
          .tableName(ARCHIVE)
          .createTableIfMissing(true)
          .build();
    }
  }

  @Test
  void twoRepositoriesAreMeteredAndObservedUnderTheirOwnTables() {
    Observations.STOPPED.clear();
    runner
        .withUserConfiguration(
            ApplicationClient.class, TwoTables.class, Registry.class, Observations.class)
        .withPropertyValues("quickphotos.table-name=neither-of-them")
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              context.getBean("photos", QuickPhotos.class).createUser(ANN);
              QuickPhotos archive = context.getBean("archive", QuickPhotos.class);
              archive.createUser(ANN);
              archive.getUser("ann");
              MeterRegistry registry = context.getBean(MeterRegistry.class);
              assertThat(callsOf(registry, TwoTables.PHOTOS)).containsExactly("create_user");
              assertThat(callsOf(registry, TwoTables.ARCHIVE))
                  .containsExactlyInAnyOrder("create_user", "get_user");
              assertThat(callsOf(registry, "neither-of-them")).isEmpty();
              assertThat(
                      registry
                          .get("quickphotos.capacity")
                          .tags("table", TwoTables.ARCHIVE, "pattern", "get_user", "type", "read")
                          .counter()
                          .count())
                  .isPositive();
              assertThat(Observations.STOPPED)
                  .extracting(
                      call ->
                          call.getLowCardinalityKeyValue("pattern").getValue()
                              + " on "
                              + call.getLowCardinalityKeyValue("table").getValue())
                  .containsExactly(
                      "create_user on " + TwoTables.PHOTOS,
                      "create_user on " + TwoTables.ARCHIVE,
                      "get_user on " + TwoTables.ARCHIVE);
            });
  }

  /** The patterns of the {@code quickphotos.calls} timers tagged with the table, each counted. */
  private static List<String> callsOf(MeterRegistry registry, String table) {
    return registry.find("quickphotos.calls").tag("table", table).timers().stream()
        .filter(timer -> timer.count() > 0)
        .map(timer -> timer.getId().getTag("pattern"))
        .toList();
  }

  @Test
  void theHealthIndicatorReadsTheTableAndItsRecordedSettings() throws Exception {
    String table = newTable();
    runner
        .withUserConfiguration(ApplicationClient.class)
        .withPropertyValues(
            "quickphotos.table-name=" + table,
            "quickphotos.create-table-if-missing=true",
            "quickphotos.health.interval=0s")
        .run(
            context -> {
              Object indicator = context.getBean("quickPhotosHealthIndicator");
              String expected = System.getProperty("quickphotos.expectedSpringBoot", "4");
              assertThat(indicator.getClass().getInterfaces()[0].getName())
                  .as("the health API of the Spring Boot the build runs these tests on")
                  .isEqualTo(
                      expected.equals("3")
                          ? "org.springframework.boot.actuate.health.HealthIndicator"
                          : "org.springframework.boot.health.contributor.HealthIndicator");
              assertThat(status(indicator)).isEqualTo("UP");
              assertThat(details(indicator))
                  .containsEntry("table", table)
                  .containsEntry("recordedSettings", "none");
              context
                  .getBean(QuickPhotos.class)
                  .recordSettings(new TableSettings(FanOut.hybrid(), Sharding.defaults()));
              assertThat(details(indicator).get("recordedSettings"))
                  .isEqualTo(
                      Map.of(
                          "fanOut", FanOut.hybrid().toString(),
                          "sharding", Sharding.defaults().toString()));
              server.client().deleteTable(r -> r.tableName(table));
              assertThat(status(indicator)).isEqualTo("DOWN");
              assertThat((String) details(indicator).get("error"))
                  .contains("TableConfigurationException");
            });
    runner
        .withPropertyValues(
            "quickphotos.backend=memory", "management.health.quickphotos.enabled=false")
        .run(context -> assertThat(context).doesNotHaveBean("quickPhotosHealthIndicator"));
  }

  /** {@code indicator.health().getStatus().getCode()}, on Boot 3.5's types or Boot 4's. */
  private static String status(Object indicator) throws Exception {
    Object health = invoke(indicator, "health");
    return (String) invoke(invoke(health, "getStatus"), "getCode");
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> details(Object indicator) throws Exception {
    return (Map<String, Object>) invoke(invoke(indicator, "health"), "getDetails");
  }

  private static Object invoke(Object target, String name) throws Exception {
    Method method = null;
    for (Class<?> type = target.getClass(); method == null; type = type.getSuperclass()) {
      for (Class<?> face : type.getInterfaces()) {
        try {
          method = face.getMethod(name);
          break;
        } catch (NoSuchMethodException e) {
          // the next interface
        }
      }
      if (method == null) {
        try {
          method = type.getMethod(name);
        } catch (NoSuchMethodException e) {
          // the superclass
        }
      }
    }
    return method.invoke(target);
  }

  private static software.amazon.awssdk.services.dynamodb.model.AttributeValue av(String s) {
    return software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromS(s);
  }
}
