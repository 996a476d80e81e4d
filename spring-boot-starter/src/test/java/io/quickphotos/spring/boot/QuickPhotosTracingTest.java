package io.quickphotos.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.tracing.Span;
import io.micrometer.tracing.handler.DefaultTracingObservationHandler;
import io.micrometer.tracing.test.simple.SimpleSpan;
import io.micrometer.tracing.test.simple.SimpleTracer;
import io.quickphotos.NewUser;
import io.quickphotos.PageRequest;
import io.quickphotos.QuickPhotos;
import io.quickphotos.UserNotFoundException;
import io.quickphotos.UserStatus;
import io.quickphotos.dynamo.local.DynamoDbLocal;
import io.quickphotos.micrometer.QuickPhotosObservationContext;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.MDC;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A call in a trace, as an application with Micrometer Tracing sees it: Micrometer Tracing's test
 * tracer ({@link SimpleTracer}) and meter handler on the observation registry, a recording
 * handler beside them, and DynamoDB Local behind a client whose interceptor notes, for every
 * request, the thread, the current span and the MDC. A failed call is an error span and an
 * {@code error}-tagged timer; each of a home feed's parallel per-author queries, whichever thread
 * sends it, runs in the call's span with the caller's MDC. Runs on Boot 4 and 3.5.
 */
class QuickPhotosTracingTest {
  private static final AtomicLong TABLES = new AtomicLong();
  private static DynamoDbLocal server;

  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(AutoConfigurations.of(QuickPhotosAutoConfiguration.class))
          .withUserConfiguration(Traced.class);

  @BeforeAll
  static void startDynamoDbLocal() {
    server = DynamoDbLocal.start();
  }

  @AfterAll
  static void stopDynamoDbLocal() {
    server.close();
  }

  @BeforeEach
  void clear() {
    Traced.REQUESTS.clear();
    Traced.STOPPED.clear();
    Traced.CALLER.set(null);
  }

  /** What one DynamoDB request saw on the thread that sent it. */
  record Seen(String operation, Thread thread, Span span, String requestId) {}

  /** The application: a tracer, meters and a recorder on its registry, a client that notes. */
  @Configuration(proxyBeanMethods = false)
  static class Traced {
    static final List<Seen> REQUESTS = new CopyOnWriteArrayList<>();
    static final List<QuickPhotosObservationContext> STOPPED = new CopyOnWriteArrayList<>();

    /** The thread whose call's requests wait for a helper: set by a test around one call. */
    static final AtomicReference<Thread> CALLER = new AtomicReference<>();

    static final SimpleTracer TRACER = new SimpleTracer();

    @Bean
    SimpleTracer tracer() {
      return TRACER;
    }

    @Bean
    MeterRegistry meterRegistry() {
      return new SimpleMeterRegistry();
    }

    @Bean
    ObservationRegistry observationRegistry(MeterRegistry meters) {
      ObservationRegistry registry = ObservationRegistry.create();
      registry
          .observationConfig()
          .observationHandler(new DefaultTracingObservationHandler(TRACER))
          .observationHandler(new DefaultMeterObservationHandler(meters))
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

    @Bean(destroyMethod = "close")
    DynamoDbClient dynamoDbClient() {
      CountDownLatch helperSent = new CountDownLatch(1);
      ExecutionInterceptor noting =
          new ExecutionInterceptor() {
            @Override
            public void beforeExecution(
                Context.BeforeExecution context, ExecutionAttributes attributes) {
              Thread thread = Thread.currentThread();
              REQUESTS.add(
                  new Seen(
                      context.request().getClass().getSimpleName(),
                      thread,
                      TRACER.currentSpan(),
                      MDC.get("request.id")));
              Thread caller = CALLER.get();
              if (caller == null || !ofAnAuthor(context.request())) {
                return;
              }
              if (thread != caller) {
                helperSent.countDown();
              } else {
                // The caller's per-author queries, sent side by side with the helpers', wait (at
                // most a while) until a helper has sent one, so that the test sees requests on
                // another thread however fast the caller is.
                try {
                  helperSent.await(30, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                  Thread.currentThread().interrupt();
                }
              }
            }
          };
      return DynamoDbClient.builder()
          .endpointOverride(server.endpoint())
          .region(Region.US_EAST_1)
          .credentialsProvider(
              software.amazon.awssdk.auth.credentials.StaticCredentialsProvider.create(
                  software.amazon.awssdk.auth.credentials.AwsBasicCredentials.create(
                      "dummy", "dummy")))
          .httpClientBuilder(
              software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient.builder())
          .overrideConfiguration(c -> c.addExecutionInterceptor(noting))
          .build();
    }
  }

  /** Whether a request is one of the home feed's per-author queries. */
  private static boolean ofAnAuthor(software.amazon.awssdk.core.SdkRequest request) {
    return request instanceof software.amazon.awssdk.services.dynamodb.model.QueryRequest query
        && query.expressionAttributeValues().values().stream()
            .anyMatch(value -> value.s() != null && value.s().contains("author"));
  }

  private static NewUser user(String name) {
    return new NewUser(
        name, name, name + "@example.com", LocalDate.of(1990, 4, 1), "", UserStatus.ACTIVE);
  }

  private ApplicationContextRunner onDynamoDbLocal() {
    return runner.withPropertyValues(
        "quickphotos.table-name=traced-" + TABLES.incrementAndGet(),
        "quickphotos.create-table-if-missing=true");
  }

  @Test
  void aFailedCallIsAnErrorSpanAndAnErrorTaggedTimerWithTheDatabaseKeys() {
    onDynamoDbLocal()
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              QuickPhotos photos = context.getBean(QuickPhotos.class);
              String table = context.getBean(QuickPhotosProperties.class).getTableName();
              photos.createUser(user("ann"));
              Traced.TRACER.getSpans().clear();

              assertThatThrownBy(() -> photos.follow("ann", "nobody"))
                  .isInstanceOf(UserNotFoundException.class);

              QuickPhotosObservationContext follow = Traced.STOPPED.get(Traced.STOPPED.size() - 1);
              assertThat(follow.getContextualName()).isEqualTo("quickphotos follow");
              assertThat(follow.getError()).isInstanceOf(UserNotFoundException.class);
              SimpleSpan span = Traced.TRACER.lastSpan();
              assertThat(span.getName()).isEqualTo("quickphotos follow");
              assertThat(span.getError()).isSameAs(follow.getError());
              assertThat(span.getTags())
                  .containsEntry("outcome", "NOT_FOUND")
                  .containsEntry("db.system.name", "aws.dynamodb")
                  .containsEntry("db.collection.name", table)
                  .containsEntry("db.operation.name", "follow");
              MeterRegistry meters = context.getBean(MeterRegistry.class);
              assertThat(
                      meters
                          .get("quickphotos.call")
                          .tags("pattern", "follow", "error", "UserNotFoundException")
                          .timer()
                          .count())
                  .isEqualTo(1);
              assertThat(
                      meters
                          .get("quickphotos.call")
                          .tags("pattern", "create_user", "error", "none")
                          .timer()
                          .count())
                  .isEqualTo(1);
            });
  }

  @Test
  void everyParallelRequestOfACallRunsInItsSpanWithTheCallersMdc() {
    onDynamoDbLocal()
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              QuickPhotos photos = context.getBean(QuickPhotos.class);
              photos.createUser(user("reader"));
              for (int i = 0; i < 8; i++) {
                String author = "author" + i;
                photos.createUser(user(author));
                photos.uploadPhoto(
                    author,
                    Instant.parse("2024-05-01T10:00:00Z"),
                    "https://photos.example.com/" + i);
                photos.follow("reader", author);
              }
              Traced.REQUESTS.clear();
              ObservationRegistry registry = context.getBean(ObservationRegistry.class);
              Observation request = Observation.start("http.server.requests", registry);
              MDC.put("request.id", "r-42");
              Traced.CALLER.set(Thread.currentThread());
              try (Observation.Scope scope = request.openScope()) {
                photos.homeFeed("reader", PageRequest.first(20));
              } finally {
                Traced.CALLER.set(null);
                MDC.remove("request.id");
                request.stop();
              }

              SimpleSpan call = Traced.TRACER.lastSpan();
              assertThat(call.getName()).isEqualTo("quickphotos home_feed");
              List<Seen> queries =
                  Traced.REQUESTS.stream()
                      .filter(s -> s.operation().equals("QueryRequest"))
                      .toList();
              assertThat(queries).hasSizeGreaterThanOrEqualTo(8);
              // Some of them went on the request pool's threads, not the caller's.
              assertThat(queries).anyMatch(s -> s.thread() != Thread.currentThread());
              for (Seen seen : Traced.REQUESTS) {
                assertThat(seen.span())
                    .as("the span current at %s on %s", seen.operation(), seen.thread())
                    .isNotNull();
                assertThat(seen.span().context().spanId()).isEqualTo(call.context().spanId());
                assertThat(seen.requestId()).as("the MDC on %s", seen.thread()).isEqualTo("r-42");
              }
            });
  }
}
