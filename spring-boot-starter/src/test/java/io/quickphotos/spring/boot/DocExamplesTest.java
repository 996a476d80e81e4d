package io.quickphotos.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.quickphotos.FanOut;
import io.quickphotos.Page;
import io.quickphotos.PageRequest;
import io.quickphotos.Photo;
import io.quickphotos.QuickPhotos;
import io.quickphotos.dynamo.DynamoQuickPhotos;
import io.quickphotos.dynamo.local.DynamoDbLocal;
import io.quickphotos.memory.MemoryQuickPhotos;
import io.quickphotos.memory.Throughput;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The Java examples of docs/spring-boot.md, each a tagged region of an application's
 * configuration that the document copies ({@code DocSnippetsTest} in conformance keeps the copies
 * equal), started as an application would start them.
 */
class DocExamplesTest {
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

  /** A builder customizer with a backend's own option. */
  @Configuration(proxyBeanMethods = false)
  static class BuilderCustomizerConfiguration {
    // tag::builder-customizer[]
    @Bean
    QuickPhotosBuilderCustomizer slowLikeDynamoDb() {
      return builder -> {
        if (builder instanceof MemoryQuickPhotos.Builder memory) { // memory's own options
          memory.latency(Duration.ofMillis(5)).throughput(Throughput.onDemand());
        }
      };
    }
    // end::builder-customizer[]
  }

  @Test
  void aBuilderCustomizerGivesTheMemoryBackendDynamoDbsLatency() {
    runner
        .withUserConfiguration(BuilderCustomizerConfiguration.class)
        .withPropertyValues("quickphotos.backend=memory")
        .run(
            context -> {
              QuickPhotos photos = context.getBean(QuickPhotos.class);
              long start = System.nanoTime();
              photos.getUser("ann");
              assertThat(Duration.ofNanos(System.nanoTime() - start))
                  .isGreaterThanOrEqualTo(Duration.ofMillis(5));
            });
  }

  /** What the SDK's requests went through, to see the client customizer's interceptor. */
  static final List<String> INTERCEPTED = new CopyOnWriteArrayList<>();

  /** An interceptor of the application's: logs each operation the client sends. */
  static final class RequestLog implements ExecutionInterceptor {
    @Override
    public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
      INTERCEPTED.add(context.request().getClass().getSimpleName());
    }
  }

  /** A client customizer: timeouts, and an interceptor. */
  @Configuration(proxyBeanMethods = false)
  static class ClientCustomizerConfiguration {
    /** DynamoDB Local's dummy credentials, as a second customizer. */
    @Bean
    DynamoDbClientBuilderCustomizer dummyCredentials() {
      return builder ->
          builder.credentialsProvider(
              StaticCredentialsProvider.create(AwsBasicCredentials.create("dummy", "dummy")));
    }

    // tag::client-customizer[]
    @Bean
    DynamoDbClientBuilderCustomizer timeoutsAndInterceptor() {
      return builder ->
          builder.overrideConfiguration(
              c ->
                  c.apiCallAttemptTimeout(Duration.ofMillis(500))
                      .apiCallTimeout(Duration.ofSeconds(2))
                      .addExecutionInterceptor(new RequestLog()));
    }
    // end::client-customizer[]
  }

  @Test
  void aClientCustomizerAdjustsTheClientTheStarterBuilds() {
    INTERCEPTED.clear();
    runner
        .withUserConfiguration(ClientCustomizerConfiguration.class)
        .withPropertyValues(
            "quickphotos.table-name=customized-client",
            "quickphotos.create-table-if-missing=true",
            "quickphotos.dynamodb.region=us-east-1",
            "quickphotos.dynamodb.endpoint=" + server.endpoint())
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              DynamoDbClient client = context.getBean(DynamoDbClient.class);
              assertThat(
                      client.serviceClientConfiguration().overrideConfiguration().apiCallTimeout())
                  .contains(Duration.ofSeconds(2));
              INTERCEPTED.clear();
              context.getBean(QuickPhotos.class).getUser("ann");
              assertThat(INTERCEPTED).containsExactly("GetItemRequest");
            });
  }

  /** An application's own repository, on another table, built as the starter builds its own. */
  @Configuration(proxyBeanMethods = false)
  static class OwnRepositoryConfiguration {
    @Bean(destroyMethod = "close")
    DynamoDbClient dynamoDbClient() {
      return server.newClient();
    }

    @Bean
    MeterRegistry meterRegistry() {
      return new SimpleMeterRegistry();
    }

    // tag::own-repository[]
    @Bean
    QuickPhotos archive(QuickPhotosBuilderConfigurer starter, DynamoDbClient client) {
      return starter // the starter's listeners (metrics), clock, properties and customizers
          .configure(DynamoQuickPhotos.builder().client(client).tableName("archive-photos"))
          .createTableIfMissing(true)
          .build();
    }
    // end::own-repository[]
  }

  @Test
  void anApplicationsOwnRepositoryKeepsTheStartersMetricsAndSettings() {
    runner
        .withUserConfiguration(OwnRepositoryConfiguration.class)
        .withPropertyValues(
            "quickphotos.table-name=archive-photos", "quickphotos.fan-out.mode=hybrid")
        .run(
            context -> {
              assertThat(context).hasNotFailed().hasBean("archive").doesNotHaveBean("quickPhotos");
              QuickPhotos photos = context.getBean(QuickPhotos.class);
              assertThat(photos.settings().fanOut()).isEqualTo(FanOut.hybrid());
              photos.getUser("ann");
              MeterRegistry registry = context.getBean(MeterRegistry.class);
              assertThat(
                      registry
                          .get("quickphotos.calls")
                          .tags("pattern", "get_user", "table", "archive-photos")
                          .timer()
                          .count())
                  .isEqualTo(1);
              assertThat(
                      server
                          .client()
                          .describeTable(r -> r.tableName("archive-photos"))
                          .table()
                          .tableName())
                  .isEqualTo("archive-photos");
            });
  }

  /** A controller that takes its page from the starter's resolver. */
  @org.springframework.web.bind.annotation.RestController
  static class FeedController {
    private final QuickPhotos photos;

    FeedController(QuickPhotos photos) {
      this.photos = photos;
    }

    // tag::feed-controller[]
    @GetMapping("/users/{username}/feed")
    Page<Photo> feed(@PathVariable String username, PageRequest page) {
      return photos.homeFeed(username, page);
    }
    // end::feed-controller[]
  }

  /** Connection details of an application's own, for a server of its choosing. */
  @Configuration(proxyBeanMethods = false)
  static class ConnectionDetailsConfiguration {
    // tag::connection-details[]
    @Bean
    QuickPhotosConnectionDetails dynamoDbLocal() {
      return QuickPhotosConnectionDetails.of(
          URI.create("http://localhost:8000"),
          "us-east-1",
          StaticCredentialsProvider.create(AwsBasicCredentials.create("dummy", "dummy")));
    }
    // end::connection-details[]
  }

  @Test
  void theConnectionDetailsOfTheDocumentSayWhereTheClientConnects() {
    QuickPhotosConnectionDetails details = new ConnectionDetailsConfiguration().dynamoDbLocal();
    assertThat(details.getEndpoint()).hasToString("http://localhost:8000");
    assertThat(details.getRegion()).isEqualTo("us-east-1");
  }
}
