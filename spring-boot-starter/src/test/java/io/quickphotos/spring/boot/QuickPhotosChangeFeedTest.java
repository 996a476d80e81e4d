package io.quickphotos.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.QuickPhotos;
import io.quickphotos.dynamo.QuickPhotosTable;
import io.quickphotos.dynamo.local.DynamoDbLocal;
import io.quickphotos.streams.ChangeEvent;
import io.quickphotos.streams.ChangeHandler;
import io.quickphotos.streams.Delivery;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;

/**
 * {@code quickphotos.change-feed.enabled}: the table's stream read by a poller the context starts
 * and stops, handed to the application's {@link ChangeHandler} beans, on memory and on DynamoDB
 * Local. Runs on Spring Boot 4 and 3.5 (spring-boot-starter-boot3).
 */
class QuickPhotosChangeFeedTest {
  private static final Duration CAUGHT_UP = Duration.ofSeconds(20);
  private static final AtomicInteger TABLES = new AtomicInteger();

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

  /** Two handlers of the application's, declared in the other order than they run. */
  @Configuration(proxyBeanMethods = false)
  static class Handlers {
    static final List<String> CALLS = new CopyOnWriteArrayList<>();
    static final List<ChangeEvent> EVENTS = new CopyOnWriteArrayList<>();

    @Bean
    @Order(2)
    ChangeHandler second() {
      return batch -> CALLS.add("second " + batch.size());
    }

    @Bean
    @Order(1)
    ChangeHandler first() {
      return batch -> {
        CALLS.add("first " + batch.size());
        batch.forEach(delivery -> EVENTS.add(delivery.event()));
      };
    }
  }

  /** docs/spring-boot.md's handler: what an application reacts to, by the event's type. */
  @Configuration(proxyBeanMethods = false)
  static class Welcomes {
    static final List<String> SENT = new CopyOnWriteArrayList<>();

    // tag::change-handler[]
    @Bean
    ChangeHandler welcomeNewUsers() {
      return batch -> {
        for (Delivery delivery : batch) { // one GetRecords page, in the order of the changes
          if (delivery.event() instanceof ChangeEvent.UserCreated created) {
            SENT.add(created.user().username()); // at least once: make it idempotent
          }
        }
      };
    }
    // end::change-handler[]
  }

  @BeforeEach
  void clear() {
    Handlers.CALLS.clear();
    Handlers.EVENTS.clear();
    Welcomes.SENT.clear();
  }

  @Test
  void onMemoryAHandlerBeanReceivesTheRepositorysEvents() {
    AtomicReference<QuickPhotosChangeFeed> started = new AtomicReference<>();
    runner
        .withUserConfiguration(Handlers.class, Welcomes.class)
        .withPropertyValues(
            "quickphotos.backend=memory",
            "quickphotos.change-feed.enabled=true",
            "quickphotos.change-feed.interval=10ms")
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              QuickPhotosChangeFeed feed = context.getBean(QuickPhotosChangeFeed.class);
              started.set(feed);
              assertThat(feed.isRunning()).isTrue();
              QuickPhotos photos = context.getBean(QuickPhotos.class);
              photos.createUser(QuickPhotosAutoConfigurationTest.ANN);
              feed.awaitCaughtUp(CAUGHT_UP);
              assertThat(Handlers.EVENTS)
                  .singleElement()
                  .isInstanceOfSatisfying(
                      ChangeEvent.UserCreated.class,
                      created -> assertThat(created.user().username()).isEqualTo("ann"));
              assertThat(Handlers.CALLS).containsExactly("first 1", "second 1");
              assertThat(Welcomes.SENT).containsExactly("ann");
            });
    assertThat(started.get().isRunning()).as("stopped with the context").isFalse();
  }

  @Test
  void theFeedIsOffUnlessAskedAndSaysWhatIsMissing() {
    runner
        .withUserConfiguration(Handlers.class)
        .withPropertyValues("quickphotos.backend=memory")
        .run(context -> assertThat(context).doesNotHaveBean(QuickPhotosChangeFeed.class));
    // Asked for without quickphotos-streams: the start names the artifact.
    runner
        .withClassLoader(new FilteredClassLoader("io.quickphotos.streams."))
        .withPropertyValues("quickphotos.backend=memory", "quickphotos.change-feed.enabled=true")
        .run(
            context ->
                assertThat(context)
                    .getFailure()
                    .rootCause()
                    .isInstanceOf(QuickPhotosStartupException.class)
                    .hasMessageContaining("quickphotos-streams is not on the class path"));
    runner
        .withPropertyValues(
            "quickphotos.backend=memory",
            "quickphotos.change-feed.enabled=true",
            "quickphotos.change-feed.batch-size=5000")
        .run(
            context ->
                assertThat(context)
                    .getFailure()
                    .rootCause()
                    .hasMessageContaining("quickphotos.change-feed.batch-size is 5000"));
  }

  /** The application's client of DynamoDB Local. */
  @Configuration(proxyBeanMethods = false)
  static class ApplicationClient {
    @Bean(destroyMethod = "close")
    DynamoDbClient dynamoDbClient() {
      return server.newClient();
    }
  }

  @Test
  void onDynamoDbTheTablesStreamIsReadAndATableWithoutOneStopsTheStart() {
    String table = "feed-" + TABLES.incrementAndGet();
    server
        .client()
        .createTable(
            QuickPhotosTable.createTableRequest(table).toBuilder()
                .streamSpecification(
                    s -> s.streamEnabled(true).streamViewType(StreamViewType.NEW_AND_OLD_IMAGES))
                .build());
    runner
        .withUserConfiguration(Handlers.class, ApplicationClient.class)
        .withPropertyValues(
            "quickphotos.table-name=" + table,
            "quickphotos.change-feed.enabled=true",
            "quickphotos.change-feed.interval=10ms")
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              context.getBean(QuickPhotos.class).createUser(QuickPhotosAutoConfigurationTest.ANN);
              context.getBean(QuickPhotosChangeFeed.class).awaitCaughtUp(CAUGHT_UP);
              assertThat(Handlers.EVENTS)
                  .singleElement()
                  .isInstanceOf(ChangeEvent.UserCreated.class);
            });
    String withoutStream = "feed-" + TABLES.incrementAndGet();
    runner
        .withUserConfiguration(Handlers.class, ApplicationClient.class)
        .withPropertyValues(
            "quickphotos.table-name=" + withoutStream,
            "quickphotos.create-table-if-missing=true",
            "quickphotos.change-feed.enabled=true")
        .run(
            context -> {
              assertThat(context).hasFailed();
              Throwable failure = context.getStartupFailure();
              while (failure != null && !(failure instanceof QuickPhotosStartupException)) {
                failure = failure.getCause();
              }
              assertThat(failure)
                  .isInstanceOf(QuickPhotosStartupException.class)
                  .hasMessageContaining("the table " + withoutStream + " has no stream");
              assertThat(((QuickPhotosStartupException) failure).action())
                  .contains("StreamViewType=NEW_AND_OLD_IMAGES");
            });
  }
}
