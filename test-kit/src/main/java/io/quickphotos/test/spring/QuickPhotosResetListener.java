package io.quickphotos.test.spring;

import org.springframework.context.ApplicationContext;
import org.springframework.core.Ordered;
import org.springframework.test.context.TestContext;
import org.springframework.test.context.TestContextAnnotationUtils;
import org.springframework.test.context.support.AbstractTestExecutionListener;

/**
 * Empties a test context's quickphotos repository before each test class and, unless the class
 * says {@code @AutoConfigureQuickPhotos(resetAfterEachTest = false)}, after each test method, as
 * Spring Boot resets its mocks: what one test wrote, the next does not read, whatever the order.
 * Registered in {@code META-INF/spring.factories}; does nothing in a context without the kit's
 * resettable repository. Stateless.
 */
public final class QuickPhotosResetListener extends AbstractTestExecutionListener {

  /** Created by Spring's test framework. */
  public QuickPhotosResetListener() {}

  /** Late, beside Spring Boot's reset of its mocks. */
  @Override
  public int getOrder() {
    return Ordered.LOWEST_PRECEDENCE - 100;
  }

  /** A class starts on an empty repository, also in a context an earlier class left cached. */
  @Override
  public void beforeTestClass(TestContext testContext) {
    reset(testContext);
  }

  /** Each method leaves an empty repository behind it, unless the class opted out. */
  @Override
  public void afterTestMethod(TestContext testContext) {
    AutoConfigureQuickPhotos annotation =
        TestContextAnnotationUtils.findMergedAnnotation(
            testContext.getTestClass(), AutoConfigureQuickPhotos.class);
    if (annotation == null || annotation.resetAfterEachTest()) {
      reset(testContext);
    }
  }

  private static void reset(TestContext testContext) {
    if (!testContext.hasApplicationContext()) {
      return;
    }
    ApplicationContext context = testContext.getApplicationContext();
    if (context.containsBean(ResettableRepository.HOLDER)) {
      context.getBean(ResettableRepository.HOLDER, ResettableRepository.Holder.class).reset();
    }
  }
}
