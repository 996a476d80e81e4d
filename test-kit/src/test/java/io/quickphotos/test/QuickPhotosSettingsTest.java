package io.quickphotos.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import io.quickphotos.CostListener;
import io.quickphotos.FanOut;
import io.quickphotos.NewUser;
import io.quickphotos.OperationCost;
import io.quickphotos.PageRequest;
import io.quickphotos.QuickPhotos;
import io.quickphotos.RetryPolicy;
import io.quickphotos.ServiceUnavailableException;
import io.quickphotos.Sharding;
import io.quickphotos.UserStatus;
import io.quickphotos.memory.Fault;
import io.quickphotos.memory.Request;
import io.quickphotos.memory.Throughput;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * Each setting of {@link QuickPhotosSettings} reaches the repository on both backends. The test
 * classes below are launched here (static nested classes, which the build's own test run does
 * not pick up), and each records what its tests saw on which backend.
 */
class QuickPhotosSettingsTest {
  static final List<String> SEEN = new CopyOnWriteArrayList<>();

  /** What one launch reported: the tests that passed, and the failures by test. */
  record Events(List<String> succeeded, Map<String, Throwable> failed) {}

  private static Events launch(Class<?> testClass) {
    SEEN.clear();
    List<String> succeeded = new CopyOnWriteArrayList<>();
    Map<String, Throwable> failed = new ConcurrentHashMap<>();
    Launcher launcher = LauncherFactory.create();
    launcher.execute(
        LauncherDiscoveryRequestBuilder.request().selectors(selectClass(testClass)).build(),
        new TestExecutionListener() {
          @Override
          public void executionFinished(TestIdentifier test, TestExecutionResult result) {
            if (result.getStatus() == TestExecutionResult.Status.SUCCESSFUL) {
              if (test.isTest()) {
                succeeded.add(test.getDisplayName());
              }
            } else {
              failed.put(test.getDisplayName(), result.getThrowable().orElseThrow());
            }
          }
        });
    return new Events(succeeded, failed);
  }

  private static NewUser user(String name) {
    return new NewUser(
        name, name, name + "@example.com", LocalDate.of(1990, 1, 1), "", UserStatus.ACTIVE);
  }

  private static long linesContaining(QuickPhotosFixture fixture, String text) {
    return fixture.exportLines().stream().filter(line -> line.contains(text)).count();
  }

  @BothBackends
  static class WithTheHybridFeed {
    @RegisterExtension
    static final QuickPhotosSettings SETTINGS =
        QuickPhotosSettings.builder().fanOut(FanOut.hybrid()).build();

    @Test
    void anUploadWritesATimelineEntryForEachFollower(
        QuickPhotos photos, QuickPhotosFixture fixture, Backend backend) {
      photos.createUser(user("ann"));
      photos.createUser(user("bob"));
      photos.follow("ann", "bob");
      Instant taken = fixture.clock().instant();
      photos.uploadPhoto("bob", taken, "https://example.com/1.jpg");

      // The timeline entry lives in the reader's feed partition: FEED#ann.
      assertThat(linesContaining(fixture, "\"FEED#ann\"")).isEqualTo(1);
      assertThat(photos.homeFeed("ann", PageRequest.first()).items()).hasSize(1);
      SEEN.add("timeline on " + backend.displayName());
    }
  }

  @BothBackends
  static class WithLowShardingThresholds {
    @RegisterExtension
    static final QuickPhotosSettings SETTINGS =
        QuickPhotosSettings.of(s -> s.sharding(Sharding.of(2, 1, 1000)));

    @Test
    void theSecondFollowShardsTheUser(
        QuickPhotos photos, QuickPhotosFixture fixture, Backend backend) {
      for (String name : List.of("star", "fan1", "fan2")) {
        photos.createUser(user(name));
      }
      photos.follow("fan1", "star");
      assertThat(linesContaining(fixture, "SHARD##METADATA#star#")).isZero();

      // This follow finds 1 follower, at the threshold: the profile's counter moves to 2 shards.
      photos.follow("fan2", "star");

      assertThat(linesContaining(fixture, "SHARD##METADATA#star#")).isEqualTo(2);
      assertThat(photos.getUser("star").orElseThrow().followers()).isEqualTo(2);
      SEEN.add("shards on " + backend.displayName());
    }
  }

  @BothBackends
  static class WithTwoAttempts {
    @RegisterExtension
    static final QuickPhotosSettings SETTINGS =
        QuickPhotosSettings.builder().retryPolicy(RetryPolicy.noDelay(2)).build();

    /** The next {@code count} transactions are cancelled by a conflict, on either backend. */
    private static void conflicts(QuickPhotosFixture fixture, int count) {
      if (fixture.backend() == Backend.MEMORY) {
        fixture.faults().on(Request.TRANSACT_WRITE_ITEMS).next(count, Fault.transactionConflict());
      } else {
        ConflictingTransactions.next(count);
      }
    }

    @AfterEach
    void clearConflicts() {
      ConflictingTransactions.clear();
    }

    @Test
    void oneConflictIsRetriedAndTwoExhaustThePolicy(
        QuickPhotos photos, QuickPhotosFixture fixture, Backend backend) {
      for (String name : List.of("ann", "bob", "cyd")) {
        photos.createUser(user(name));
      }

      conflicts(fixture, 1);
      photos.follow("ann", "bob");

      // The kit's default, noDelay() with 8 attempts, would get through two conflicts.
      conflicts(fixture, 2);
      assertThatThrownBy(() -> photos.follow("cyd", "bob"))
          .isInstanceOf(ServiceUnavailableException.class);

      assertThat(photos.getUser("bob").orElseThrow().followers()).isEqualTo(1);
      List<OperationCost> follows =
          fixture.costs().stream().filter(c -> c.pattern().name().equals("FOLLOW")).toList();
      assertThat(follows).extracting(OperationCost::requests).containsExactly(2, 2);
      SEEN.add("two attempts on " + backend.displayName());
    }
  }

  @BothBackends
  static class WithThroughputLimits {
    @RegisterExtension
    static final QuickPhotosSettings SETTINGS =
        QuickPhotosSettings.builder().throughput(Throughput.perPartition(1, 1)).build();

    @Test
    void memoryThrottlesAHotProfileAndDynamoDbLocalDoesNot(
        QuickPhotos photos, QuickPhotosFixture fixture, Backend backend) {
      photos.createUser(user("ann"));
      fixture.clock().advance(java.time.Duration.ofSeconds(10));
      int throttled = 0;
      for (int i = 0; i < 3; i++) {
        try {
          photos.getUser("ann");
        } catch (ServiceUnavailableException e) {
          throttled++;
        }
      }
      // One read unit a second: the first read spends it, and the clock stands still.
      SEEN.add(throttled + " of 3 throttled on " + backend.displayName());
    }
  }

  /** The application's listener: what it saw, and what the fixture had logged by then. */
  static final List<String> HEARD = new CopyOnWriteArrayList<>();

  @BothBackends
  static class WithTheApplicationsListener {
    static final List<OperationCost> APP_COSTS = new CopyOnWriteArrayList<>();
    static QuickPhotosFixture current;

    @RegisterExtension
    static final QuickPhotosSettings SETTINGS =
        QuickPhotosSettings.builder()
            .costListener(
                cost -> {
                  APP_COSTS.add(cost);
                  HEARD.add(
                      cost.pattern()
                          + " after the fixture logged "
                          + current.costs().size()
                          + " on "
                          + current.backend().displayName());
                })
            .build();

    @Test
    void bothSeeEveryCost(QuickPhotos photos, QuickPhotosFixture fixture, Backend backend) {
      current = fixture;
      APP_COSTS.clear();
      photos.createUser(user("ann"));
      photos.getUser("ann");

      assertThat(fixture.costs()).hasSize(2);
      assertThat(APP_COSTS).containsExactlyElementsOf(fixture.costs());
      SEEN.add("listener on " + backend.displayName());
    }
  }

  @BothBackends
  static class WithAListenerThatThrows {
    @RegisterExtension
    static final QuickPhotosSettings SETTINGS =
        QuickPhotosSettings.builder()
            .costListener(
                cost -> {
                  throw new IllegalStateException("the application's metrics are down");
                })
            .build();

    @Test
    void theFixtureStillLogsAndTheCallSucceeds(
        QuickPhotos photos, QuickPhotosFixture fixture, Backend backend) {
      photos.createUser(user("ann"));

      assertThat(fixture.costs())
          .singleElement()
          .satisfies(c -> assertThat(c.succeeded()).isTrue());
      SEEN.add("logged despite the listener on " + backend.displayName());
    }
  }

  @MemoryBackend
  static class WithSettingsInAnInstanceField {
    @RegisterExtension final QuickPhotosSettings settings = QuickPhotosSettings.builder().build();

    @Test
    void neverRuns() {}
  }

  @MemoryBackend
  static class WithNestedClasses {
    @RegisterExtension
    static final QuickPhotosSettings SETTINGS =
        QuickPhotosSettings.builder().fanOut(FanOut.hybrid()).build();

    @Test
    void outer(QuickPhotos photos, QuickPhotosFixture fixture) {
      SEEN.add("outer " + uploadAndCountTimelineEntries(photos, fixture));
    }

    @Nested
    class Inheriting {
      @Test
      void inner(QuickPhotos photos, QuickPhotosFixture fixture) {
        SEEN.add("inheriting " + uploadAndCountTimelineEntries(photos, fixture));
      }
    }

    @Nested
    class Replacing {
      @RegisterExtension static final QuickPhotosSettings OWN = QuickPhotosSettings.defaults();

      @Test
      void inner(QuickPhotos photos, QuickPhotosFixture fixture) {
        SEEN.add("replacing " + uploadAndCountTimelineEntries(photos, fixture));
      }
    }
  }

  private static long uploadAndCountTimelineEntries(
      QuickPhotos photos, QuickPhotosFixture fixture) {
    photos.createUser(user("ann"));
    photos.createUser(user("bob"));
    photos.follow("ann", "bob");
    photos.uploadPhoto("bob", fixture.clock().instant(), "https://example.com/1.jpg");
    return linesContaining(fixture, "\"FEED#ann\"");
  }

  @Test
  void theHybridFeedWritesTimelinesOnBothBackends() {
    Events events = launch(WithTheHybridFeed.class);

    assertThat(events.failed()).isEmpty();
    assertThat(SEEN).containsExactly("timeline on memory", "timeline on DynamoDB Local");
  }

  @Test
  void shardingThresholdsShardAKeyOnBothBackends() {
    Events events = launch(WithLowShardingThresholds.class);

    assertThat(events.failed()).isEmpty();
    assertThat(SEEN).containsExactly("shards on memory", "shards on DynamoDB Local");
  }

  @Test
  void theRetryPolicyBoundsTheRepositorysAttemptsOnBothBackends() {
    Events events = launch(WithTwoAttempts.class);

    assertThat(events.failed()).isEmpty();
    assertThat(SEEN).containsExactly("two attempts on memory", "two attempts on DynamoDB Local");
  }

  @Test
  void theThroughputModelAppliesOnMemoryAndIsIgnoredOnDynamoDbLocal() {
    Events events = launch(WithThroughputLimits.class);

    assertThat(events.failed()).isEmpty();
    assertThat(SEEN)
        .containsExactly("2 of 3 throttled on memory", "0 of 3 throttled on DynamoDB Local");
  }

  @Test
  void theApplicationsListenerHearsEveryCostAfterTheFixturesLog() {
    HEARD.clear();
    Events events = launch(WithTheApplicationsListener.class);

    assertThat(events.failed()).isEmpty();
    assertThat(SEEN).containsExactly("listener on memory", "listener on DynamoDB Local");
    assertThat(HEARD)
        .containsExactly(
            "CREATE_USER after the fixture logged 1 on memory",
            "GET_USER after the fixture logged 2 on memory",
            "CREATE_USER after the fixture logged 1 on DynamoDB Local",
            "GET_USER after the fixture logged 2 on DynamoDB Local");
  }

  @Test
  void aListenerThatThrowsLosesTheFixtureNothing() {
    Events events = launch(WithAListenerThatThrows.class);

    assertThat(events.failed()).isEmpty();
    assertThat(SEEN)
        .containsExactly(
            "logged despite the listener on memory",
            "logged despite the listener on DynamoDB Local");
  }

  @Test
  void settingsInAnInstanceFieldFailTheTestSayingSo() {
    Events events = launch(WithSettingsInAnInstanceField.class);

    assertThat(events.succeeded()).isEmpty();
    assertThat(events.failed())
        .hasSize(1)
        .allSatisfy(
            (name, failure) ->
                assertThat(failure).hasMessageContaining("must be registered in a static field"));
  }

  @Test
  void aNestedClassInheritsItsEnclosingClassesSettingsOrReplacesThem() {
    Events events = launch(WithNestedClasses.class);

    assertThat(events.failed()).isEmpty();
    assertThat(SEEN).containsExactlyInAnyOrder("outer 1", "inheriting 1", "replacing 0");
  }

  @Test
  void unsetSettingsAreTheKitsDefaults() {
    QuickPhotosSettings defaults = QuickPhotosSettings.builder().build();

    assertThat(defaults.sharding()).isSameAs(Sharding.defaults());
    assertThat(defaults.fanOut()).isSameAs(FanOut.off());
    assertThat(defaults.retryPolicy()).isEqualTo(RetryPolicy.noDelay());
    assertThat(defaults.throughput()).isEmpty();
    assertThat(defaults.costListener()).isSameAs(CostListener.NONE);
    assertThat(QuickPhotosSettings.defaults().toString())
        .isEqualTo(
            "QuickPhotosSettings[Sharding[8 shards from 1000 followers or 1000 reactions of one"
                + " type], "
                + FanOut.off()
                + ", "
                + RetryPolicy.noDelay()
                + ", throughput unlimited, listener none]");
  }

  @Test
  void nullSettingsAreRefusedByName() {
    QuickPhotosSettings.Builder builder = QuickPhotosSettings.builder();
    List<Runnable> setters = new ArrayList<>();
    setters.add(() -> builder.sharding(null));
    setters.add(() -> builder.fanOut(null));
    setters.add(() -> builder.retryPolicy(null));
    setters.add(() -> builder.throughput(null));
    setters.add(() -> builder.costListener(null));
    List<String> messages = new ArrayList<>();
    for (Runnable setter : setters) {
      assertThatThrownBy(setter::run)
          .isInstanceOf(NullPointerException.class)
          .satisfies(e -> messages.add(e.getMessage()));
    }
    assertThat(messages)
        .containsExactly("sharding", "fanOut", "retryPolicy", "throughput", "costListener");
    assertThatThrownBy(() -> QuickPhotosSettings.of(null))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("configuration");
  }
}
