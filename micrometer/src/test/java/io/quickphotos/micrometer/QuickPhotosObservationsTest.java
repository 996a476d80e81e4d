package io.quickphotos.micrometer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.micrometer.common.KeyValue;
import io.micrometer.common.KeyValues;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import io.quickphotos.AccessPattern;
import io.quickphotos.CostListener;
import io.quickphotos.InvalidInputException;
import io.quickphotos.NewUser;
import io.quickphotos.OperationCost;
import io.quickphotos.QuickPhotos;
import io.quickphotos.UserNotFoundException;
import io.quickphotos.UserStatus;
import io.quickphotos.dynamo.DynamoQuickPhotos;
import io.quickphotos.dynamo.local.DynamoDbLocal;
import io.quickphotos.memory.Fault;
import io.quickphotos.memory.Faults;
import io.quickphotos.memory.MemoryQuickPhotos;
import io.quickphotos.memory.Request;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Each repository call is one observation, started before its first request and stopped after
 * its last, with the cost's figures as key values; on memory and on DynamoDB Local.
 */
class QuickPhotosObservationsTest {
  private final ObservationRegistry registry = ObservationRegistry.create();
  private final List<QuickPhotosObservationContext> stopped = new CopyOnWriteArrayList<>();
  private final List<Observation.Context> started = new CopyOnWriteArrayList<>();

  QuickPhotosObservationsTest() {
    registry
        .observationConfig()
        .observationHandler(
            new ObservationHandler<>() {
              @Override
              public void onStart(Observation.Context context) {
                started.add(context);
              }

              @Override
              public void onStop(Observation.Context context) {
                if (context instanceof QuickPhotosObservationContext call) {
                  stopped.add(call);
                }
              }

              @Override
              public boolean supportsContext(Observation.Context context) {
                return true;
              }
            });
  }

  private static NewUser user(String name) {
    return new NewUser(
        name, name, name + "@example.com", LocalDate.of(1990, 4, 1), "", UserStatus.ACTIVE);
  }

  private static Map<String, String> values(KeyValues values) {
    Map<String, String> map = new TreeMap<>();
    for (KeyValue value : values) {
      map.put(value.getKey(), value.getValue());
    }
    return map;
  }

  @Test
  void eachCallIsOneObservationWithItsPatternTableOutcomeAndCost() {
    QuickPhotos photos =
        MemoryQuickPhotos.builder()
            .costListener(QuickPhotosObservations.builder(registry).table("memory").build())
            .build();

    photos.createUser(user("ann"));
    photos.createUser(user("bob"));
    photos.follow("bob", "ann");
    assertThatThrownBy(() -> photos.follow("bob", "nobody"))
        .isInstanceOf(UserNotFoundException.class);

    assertThat(stopped).hasSize(4);
    QuickPhotosObservationContext follow = stopped.get(2);
    assertThat(follow.getName()).isEqualTo("quickphotos.call");
    assertThat(follow.getContextualName()).isEqualTo("quickphotos follow");
    assertThat(values(follow.getLowCardinalityKeyValues()))
        .containsExactlyEntriesOf(
            new TreeMap<>(
                Map.of(
                    "pattern", "follow",
                    "table", "memory",
                    "outcome", "SUCCESS",
                    "exception", "none",
                    "db.system.name", "memory",
                    "db.collection.name", "memory",
                    "db.operation.name", "follow")));
    assertThat(follow.getError()).isNull();
    assertThat(values(follow.getHighCardinalityKeyValues()))
        .containsExactlyEntriesOf(
            new TreeMap<>(
                Map.of(
                    "requests", "1",
                    "read.units", "0",
                    "write.units", "12",
                    "items.read", "0")));
    QuickPhotosObservationContext failed = stopped.get(3);
    assertThat(values(failed.getLowCardinalityKeyValues()))
        .containsEntry("outcome", "NOT_FOUND")
        .containsEntry("exception", "UserNotFoundException");
    assertThat(failed.cost().succeeded()).isFalse();
    // The exception itself, for a tracer's error span and the meter handler's error tag.
    assertThat(failed.getError())
        .isInstanceOf(UserNotFoundException.class)
        .hasMessageContaining("nobody");
  }

  @Test
  void theOutcomeOfACostThatNamesItsExceptionOnlyIsItsKind() {
    QuickPhotosObservationContext named =
        new QuickPhotosObservationContext(AccessPattern.FOLLOW, "t");
    named.setCost(
        new OperationCost(
            AccessPattern.FOLLOW,
            1,
            0,
            0,
            0,
            false,
            List.of(),
            0,
            "AlreadyFollowingException",
            List.of()));
    assertThat(named.outcome()).isEqualTo("CONFLICT");
  }

  @Test
  void aCallRefusedBeforeAnyRequestIsNotObserved() {
    QuickPhotos photos =
        MemoryQuickPhotos.builder()
            .costListener(QuickPhotosObservations.costListener(registry))
            .build();

    assertThatThrownBy(() -> photos.getUser("bad#name")).isInstanceOf(InvalidInputException.class);

    assertThat(started).isEmpty();
  }

  @Test
  void outcomesAreKindsAndAnythingElseIsInternal() {
    QuickPhotos photos =
        MemoryQuickPhotos.builder()
            .faults(Faults.create().on(Request.GET_ITEM).always(Fault.throttling()))
            .retryPolicy(io.quickphotos.RetryPolicy.noDelay())
            .costListener(QuickPhotosObservations.costListener(registry))
            .build();

    assertThatThrownBy(() -> photos.getUser("ann")).isNotNull();

    assertThat(values(stopped.get(0).getLowCardinalityKeyValues()))
        .containsEntry("outcome", "UNAVAILABLE")
        .containsEntry("table", "quick-photos")
        .containsEntry("db.system.name", "aws.dynamodb")
        .containsEntry("db.collection.name", "quick-photos");
    QuickPhotosObservationContext unknown =
        new QuickPhotosObservationContext(AccessPattern.GET_USER, "t");
    assertThat(unknown.outcome()).isEqualTo("UNKNOWN");
    unknown.setCost(
        new OperationCost(
            AccessPattern.GET_USER,
            1,
            0,
            0,
            0,
            false,
            List.of(),
            0,
            "IllegalStateException",
            List.of()));
    assertThat(unknown.outcome()).isEqualTo("INTERNAL");
  }

  @Test
  void theCallsObservationIsTheChildOfTheCurrentOneAndCurrentDuringItsRequests() throws Exception {
    List<Observation> currentAtRequest = new CopyOnWriteArrayList<>();
    ExecutionInterceptor recorder =
        new ExecutionInterceptor() {
          @Override
          public void beforeExecution(
              Context.BeforeExecution context, ExecutionAttributes attributes) {
            currentAtRequest.add(registry.getCurrentObservation());
          }
        };
    try (DynamoDbLocal local = DynamoDbLocal.start();
        DynamoDbClient client =
            DynamoDbClient.builder()
                .endpointOverride(local.endpoint())
                .region(Region.US_EAST_1)
                .credentialsProvider(
                    StaticCredentialsProvider.create(AwsBasicCredentials.create("dummy", "dummy")))
                .httpClientBuilder(UrlConnectionHttpClient.builder())
                .overrideConfiguration(c -> c.addExecutionInterceptor(recorder))
                .build()) {
      QuickPhotos photos =
          DynamoQuickPhotos.builder()
              .client(client)
              .tableName("observed")
              .createTableIfMissing(true)
              .costListener(
                  CostListener.all(
                      cost -> {},
                      QuickPhotosObservations.builder(registry).table("observed").build()))
              .build();
      currentAtRequest.clear(); // the builder's own requests, outside any call
      Observation request = Observation.start("http.server.requests", registry);
      try (Observation.Scope scope = request.openScope()) {
        photos.getUser("ann");
      } finally {
        request.stop();
      }

      assertThat(stopped).hasSize(1);
      QuickPhotosObservationContext call = stopped.get(0);
      assertThat(call.getParentObservation()).isSameAs(request);
      assertThat(currentAtRequest).hasSize(1);
      assertThat(currentAtRequest.get(0).getContext()).isSameAs(call);
      assertThat(values(call.getLowCardinalityKeyValues())).containsEntry("table", "observed");
      assertThat(values(call.getHighCardinalityKeyValues()))
          .containsEntry("requests", "1")
          .containsEntry("read.units", "1");
      assertThat(registry.getCurrentObservation()).isNull();
    }
  }

  @Test
  void aCallInsideACallOnTheSameThreadIsItsChild() {
    List<String> log = new CopyOnWriteArrayList<>();
    QuickPhotos inner =
        MemoryQuickPhotos.builder()
            .costListener(QuickPhotosObservations.builder(registry).table("inner").build())
            .build();
    // A listener of the outer repository that calls the inner one while the outer call ends.
    CostListener callsInside =
        cost -> {
          log.add("outer cost");
          inner.getUser("ann");
        };
    QuickPhotos outer =
        MemoryQuickPhotos.builder()
            .costListener(
                CostListener.all(
                    callsInside, QuickPhotosObservations.builder(registry).table("outer").build()))
            .build();

    outer.getUser("ann");

    assertThat(log).containsExactly("outer cost");
    assertThat(stopped)
        .extracting(QuickPhotosObservationContext::table)
        .containsExactly("inner", "outer");
    assertThat(stopped.get(0).getParentObservation().getContextView()).isSameAs(stopped.get(1));
    assertThat(registry.getCurrentObservation()).isNull();
  }

  @Test
  void micrometersMeterHandlerMakesATimerTaggedWithTheLowCardinalityValues() {
    MeterRegistry meters = new SimpleMeterRegistry();
    ObservationRegistry observations = ObservationRegistry.create();
    observations.observationConfig().observationHandler(new DefaultMeterObservationHandler(meters));
    QuickPhotos photos =
        MemoryQuickPhotos.builder()
            .costListener(QuickPhotosObservations.costListener(observations))
            .build();

    photos.getUser("ann");
    assertThatThrownBy(() -> photos.follow("ann", "bob")).isInstanceOf(UserNotFoundException.class);

    assertThat(
            meters
                .get("quickphotos.call")
                .tags("pattern", "get_user", "table", "quick-photos", "outcome", "SUCCESS")
                .tags("error", "none")
                .timer()
                .count())
        .isEqualTo(1);
    // The failed call's timer carries its exception, as Micrometer's handler reads the error.
    assertThat(
            meters
                .get("quickphotos.call")
                .tags("pattern", "follow", "outcome", "NOT_FOUND")
                .tags("error", "UserNotFoundException")
                .timer()
                .count())
        .isEqualTo(1);
  }

  @Test
  void aConventionOfTheApplicationsNamesTheObservation() {
    QuickPhotos photos =
        MemoryQuickPhotos.builder()
            .costListener(
                QuickPhotosObservations.builder(registry)
                    .convention(
                        new QuickPhotosObservationConvention() {
                          @Override
                          public String getName() {
                            return "photos.repository";
                          }
                        })
                    .build())
            .build();

    photos.getUser("ann");

    assertThat(stopped.get(0).getName()).isEqualTo("photos.repository");
    assertThat(values(stopped.get(0).getLowCardinalityKeyValues()))
        .containsEntry("pattern", "get_user");
  }
}
