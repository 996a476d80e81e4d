package io.quickphotos.test.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import io.quickphotos.QuickPhotos;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

/**
 * Two test classes sharing one cached context, run in parallel by JUnit (launched here with
 * parallel execution on): each writes the same user at the same moment, which on one shared
 * repository would conflict, and neither sees the other's. The two classes are disabled but for
 * this launcher, so that Surefire does not run them on their own.
 */
class ParallelClassesTest {
  /** Both classes' methods meet here, so that they really run at once. */
  static final CyclicBarrier BOTH_STARTED = new CyclicBarrier(2);

  static final CyclicBarrier BOTH_WROTE = new CyclicBarrier(2);

  /** One of the two classes; the other is the same class under another name. */
  @SpringBootTest(classes = TestApplication.class)
  @Disabled("run by ParallelClassesTest's launcher, with the other at once")
  static class First {
    @Autowired QuickPhotos photos;

    @Test
    void writesTheSameUserAsTheOther() throws Exception {
      BOTH_STARTED.await(30, TimeUnit.SECONDS);
      assertThat(photos.getUser("ann")).isEmpty();
      photos.createUser(MemoryByDefaultTest.ANN); // a conflict if the other's repository is this
      BOTH_WROTE.await(30, TimeUnit.SECONDS);
      assertThat(photos.getUser("ann")).isPresent();
    }
  }

  /** The other class, in the same context. */
  @SpringBootTest(classes = TestApplication.class)
  @Disabled("run by ParallelClassesTest's launcher, with the other at once")
  static class Second extends First {}

  @Test
  void twoClassesInParallelDoNotSeeEachOthersData() {
    LauncherDiscoveryRequest request =
        LauncherDiscoveryRequestBuilder.request()
            .selectors(selectClass(First.class), selectClass(Second.class))
            // Surefire runs nested classes too: they are disabled but for this launcher.
            .configurationParameter(
                "junit.jupiter.conditions.deactivate", "org.junit.*DisabledCondition")
            .configurationParameter("junit.jupiter.execution.parallel.enabled", "true")
            .configurationParameter("junit.jupiter.execution.parallel.mode.default", "concurrent")
            .configurationParameter(
                "junit.jupiter.execution.parallel.mode.classes.default", "concurrent")
            .configurationParameter("junit.jupiter.execution.parallel.config.strategy", "fixed")
            .configurationParameter(
                "junit.jupiter.execution.parallel.config.fixed.parallelism", "2")
            .build();
    Launcher launcher = LauncherFactory.create();
    SummaryGeneratingListener summary = new SummaryGeneratingListener();

    launcher.execute(request, summary);

    TestExecutionSummary result = summary.getSummary();
    result.getFailures().forEach(failure -> failure.getException().printStackTrace());
    assertThat(result.getTestsSucceededCount()).isEqualTo(2);
    assertThat(result.getTotalFailureCount()).isZero();
  }
}
