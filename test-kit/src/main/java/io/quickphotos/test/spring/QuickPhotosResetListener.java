package io.quickphotos.test.spring;

import org.springframework.context.ApplicationContext;
import org.springframework.core.Ordered;
import org.springframework.test.context.TestContext;
import org.springframework.test.context.TestContextAnnotationUtils;
import org.springframework.test.context.support.AbstractTestExecutionListener;

/**
 * Gives each test class a repository of its own in its (possibly shared) context and, unless the
 * class says {@code @AutoConfigureQuickPhotos(resetAfterEachTest = false)}, each test method one
 * of its own, dropped when the method ends, as Spring Boot resets its mocks: what one test wrote,
 * another does not read, whatever the order, with classes in parallel and with {@code @Nested}
 * classes (see {@link TestOwners}). On DynamoDB Local, whose table the context's repositories
 * share, the table is emptied before each class and after each method instead. Registered in
 * {@code META-INF/spring.factories}; does nothing in a context without the kit's resettable
 * repository. Stateless.
 */
public final class QuickPhotosResetListener extends AbstractTestExecutionListener {

  /** Created by Spring's test framework. */
  public QuickPhotosResetListener() {}

  /** Late, beside Spring Boot's reset of its mocks. */
  @Override
  public int getOrder() {
    return Ordered.LOWEST_PRECEDENCE - 100;
  }

  /** A class starts on a repository of its own (on DynamoDB Local, an emptied table). */
  @Override
  public void beforeTestClass(TestContext testContext) {
    TestOwners.push(classOwner(testContext));
    ResettableRepository.Holder holder = holder(testContext);
    if (holder != null) {
      holder.emptyTheTable();
    }
  }

  /** A method of a class that resets after each one gets a repository of its own. */
  @Override
  public void beforeTestMethod(TestContext testContext) {
    if (perMethod(testContext)) {
      TestOwners.push(methodOwner(testContext));
    }
  }

  /** The method's repository is dropped, its faults cleared and, on DynamoDB Local, the table. */
  @Override
  public void afterTestMethod(TestContext testContext) {
    if (!perMethod(testContext)) {
      return;
    }
    try {
      ResettableRepository.Holder holder = holder(testContext);
      if (holder != null) {
        holder.release(methodOwner(testContext));
      }
    } finally {
      TestOwners.pop();
    }
  }

  /** The class's repository is dropped. */
  @Override
  public void afterTestClass(TestContext testContext) {
    try {
      ResettableRepository.Holder holder = holder(testContext);
      if (holder != null) {
        holder.release(classOwner(testContext));
      }
    } finally {
      TestOwners.pop();
    }
  }

  private static boolean perMethod(TestContext testContext) {
    AutoConfigureQuickPhotos annotation =
        TestContextAnnotationUtils.findMergedAnnotation(
            testContext.getTestClass(), AutoConfigureQuickPhotos.class);
    return annotation == null || annotation.resetAfterEachTest();
  }

  private static String classOwner(TestContext testContext) {
    return testContext.getTestClass().getName();
  }

  /** The class, the method and the test instance: a repeated or parameterized run is another. */
  private static String methodOwner(TestContext testContext) {
    return testContext.getTestClass().getName()
        + "#"
        + testContext.getTestMethod().getName()
        + "@"
        + System.identityHashCode(testContext.getTestInstance());
  }

  private static ResettableRepository.Holder holder(TestContext testContext) {
    if (!testContext.hasApplicationContext()) {
      return null;
    }
    ApplicationContext context = testContext.getApplicationContext();
    return context.containsBean(ResettableRepository.HOLDER)
        ? context.getBean(ResettableRepository.HOLDER, ResettableRepository.Holder.class)
        : null;
  }
}
