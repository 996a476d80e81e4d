package io.quickphotos.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import io.quickphotos.NewUser;
import io.quickphotos.QuickPhotos;
import io.quickphotos.UserStatus;
import io.quickphotos.dynamo.local.DynamoDbLocalExtension;
import io.quickphotos.memory.Faults;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * The extension as JUnit runs it: test classes below are launched here (they are static nested
 * classes, which the build's own test run does not pick up) and their events checked.
 */
class QuickPhotosExtensionTest {
  static final List<String> SEEN = new CopyOnWriteArrayList<>();

  /** What one launch reported. */
  record Events(
      List<String> succeeded, Map<String, String> skipped, Map<String, Throwable> failed) {}

  private static Events launch(Class<?> testClass) {
    SEEN.clear();
    List<String> succeeded = new ArrayList<>();
    Map<String, String> skipped = new ConcurrentHashMap<>();
    Map<String, Throwable> failed = new ConcurrentHashMap<>();
    Launcher launcher = LauncherFactory.create();
    launcher.execute(
        LauncherDiscoveryRequestBuilder.request().selectors(selectClass(testClass)).build(),
        new TestExecutionListener() {
          @Override
          public void executionSkipped(TestIdentifier test, String reason) {
            skipped.put(test.getDisplayName(), reason);
          }

          @Override
          public void executionFinished(TestIdentifier test, TestExecutionResult result) {
            if (!test.isTest()) {
              return;
            }
            if (result.getStatus() == TestExecutionResult.Status.SUCCESSFUL) {
              succeeded.add(test.getDisplayName());
            } else {
              failed.put(test.getDisplayName(), result.getThrowable().orElseThrow());
            }
          }
        });
    return new Events(succeeded, skipped, failed);
  }

  @BothBackends
  static class OnBothBackends {
    @Injected QuickPhotos photos;
    @Injected Backend backend;

    @Test
    void seesAnEmptyTable(QuickPhotosFixture fixture) {
      assertThat(fixture.repository()).isSameAs(photos);
      assertThat(fixture.exportLines()).isEmpty();
      SEEN.add(backend.displayName());
    }

    @Test
    @MemoryOnly("scripts faults")
    void scriptsFaults(Faults faults) {
      SEEN.add("faults on " + backend.displayName());
    }

    @Test
    void asksForFaultsOnEveryBackend(Faults faults) {
      SEEN.add("faults without @MemoryOnly on " + backend.displayName());
    }
  }

  /**
   * Counts the tables on the run's DynamoDB Local server in each test's {@code afterEach}
   * callbacks, while the test's fixture is still open, and after the class.
   */
  static final class TableCount implements AfterEachCallback, AfterAllCallback {
    @Override
    public void afterEach(ExtensionContext context) {
      SEEN.add("after each: " + tables(context));
    }

    @Override
    public void afterAll(ExtensionContext context) {
      SEEN.add("after all: " + tables(context));
    }

    private static int tables(ExtensionContext context) {
      return DynamoDbLocalExtension.server(context).client().listTables().tableNames().size();
    }
  }

  @BothBackends
  @ExtendWith(TableCount.class)
  static class WritingToItsTable {
    @Test
    void writesAnn(QuickPhotos photos) {
      photos.createUser(
          new NewUser(
              "ann", "Ann", "ann@example.com", LocalDate.of(1990, 1, 1), "", UserStatus.ACTIVE));
    }

    @Test
    void writesBob(QuickPhotos photos) {
      photos.createUser(
          new NewUser(
              "bob", "Bob", "bob@example.com", LocalDate.of(1990, 1, 1), "", UserStatus.ACTIVE));
    }
  }

  @MemoryBackend
  static class OnMemory {
    @Injected Backend backend;

    @Test
    void scriptsFaults(Faults faults, QuickPhotosFixture fixture) {
      SEEN.add("faults on " + backend.displayName() + ", " + fixture);
    }
  }

  @BothBackends
  @MemoryBackend
  static class OnBothBackendsAndMemory {
    @Test
    void neverRuns() {}
  }

  @MemoryBackend
  static class WithABadField {
    @Injected static QuickPhotos photos;

    @Test
    void neverRuns() {}
  }

  @Test
  void bothBackendsRunsEachTestOnMemoryAndOnDynamoDbLocal() {
    Events events = launch(OnBothBackends.class);

    assertThat(SEEN)
        .containsExactlyInAnyOrder(
            "memory", "DynamoDB Local", "faults on memory", "faults without @MemoryOnly on memory");
    assertThat(events.succeeded()).hasSize(4);
    assertThat(events.skipped())
        .containsEntry("scriptsFaults(Faults)", "memory only: scripts faults");
    assertThat(events.failed()).hasSize(1);
    assertThat(events.failed().values().iterator().next())
        .hasMessageContaining(
            "faults can be scripted on the memory backend only;" + " mark the test @MemoryOnly");
  }

  @Test
  void junitClosesEachTestsFixtureWhenTheTestEndsDeletingItsDynamoDbLocalTable() {
    Events events = launch(WritingToItsTable.class);

    assertThat(events.succeeded()).hasSize(4);
    // Memory makes no table. On DynamoDB Local a test's table is there after the afterEach
    // callbacks and gone once JUnit has closed the test's store: the second test's afterEach
    // sees its own table only, and none is left after the class.
    assertThat(SEEN)
        .containsExactly(
            "after each: 0", "after each: 0", "after each: 1", "after each: 1", "after all: 0");
  }

  @Test
  void memoryBackendRunsEachTestOnceOnMemory() {
    Events events = launch(OnMemory.class);

    assertThat(SEEN).containsExactly("faults on memory, QuickPhotosFixture[memory]");
    assertThat(events.succeeded()).containsExactly("scriptsFaults(Faults, QuickPhotosFixture)");
    assertThat(events.skipped()).isEmpty();
    assertThat(events.failed()).isEmpty();
  }

  @Test
  void bothBackendsAndMemoryBackendOnOneClassIsAConfigurationError() {
    Events events = launch(OnBothBackendsAndMemory.class);

    assertThat(events.succeeded()).isEmpty();
    assertThat(events.failed())
        .isNotEmpty()
        .allSatisfy(
            (name, failure) ->
                assertThat(failure)
                    .hasMessageContaining("registered twice")
                    .hasMessageContaining("use one"));
  }

  @Test
  void aStaticInjectedFieldIsAConfigurationError() {
    Events events = launch(WithABadField.class);

    assertThat(events.failed()).hasSize(1);
    assertThat(events.failed().values().iterator().next())
        .hasMessageContaining("must be non-static, non-final");
  }
}
