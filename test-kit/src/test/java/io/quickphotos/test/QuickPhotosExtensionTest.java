package io.quickphotos.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import io.quickphotos.QuickPhotos;
import io.quickphotos.memory.Faults;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
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
  record Events(List<String> succeeded, Map<String, String> skipped,
      Map<String, Throwable> failed) {
  }

  private static Events launch(Class<?> testClass) {
    SEEN.clear();
    List<String> succeeded = new ArrayList<>();
    Map<String, String> skipped = new ConcurrentHashMap<>();
    Map<String, Throwable> failed = new ConcurrentHashMap<>();
    Launcher launcher = LauncherFactory.create();
    launcher.execute(LauncherDiscoveryRequestBuilder.request()
        .selectors(selectClass(testClass)).build(), new TestExecutionListener() {
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

  @ExtendWith(QuickPhotosExtension.class)
  static class WithABadField {
    @Injected
    static QuickPhotos photos;

    @Test
    void neverRuns() {
    }
  }

  @Test
  void bothBackendsRunsEachTestOnMemoryAndOnDynamoDbLocal() {
    Events events = launch(OnBothBackends.class);

    assertThat(SEEN).containsExactlyInAnyOrder("memory", "DynamoDB Local", "faults on memory",
        "faults without @MemoryOnly on memory");
    assertThat(events.succeeded()).hasSize(4);
    assertThat(events.skipped()).containsEntry("scriptsFaults(Faults)",
        "memory only: scripts faults");
    assertThat(events.failed()).hasSize(1);
    assertThat(events.failed().values().iterator().next())
        .hasMessageContaining("faults can be scripted on the memory backend only;"
            + " mark the test @MemoryOnly");
  }

  @Test
  void aStaticInjectedFieldIsAConfigurationError() {
    Events events = launch(WithABadField.class);

    assertThat(events.failed()).hasSize(1);
    assertThat(events.failed().values().iterator().next())
        .hasMessageContaining("must be non-static, non-final");
  }
}
