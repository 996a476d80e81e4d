package io.quickphotos.test.spring;

import io.quickphotos.test.Backend;
import java.util.List;
import org.springframework.test.context.ContextConfigurationAttributes;
import org.springframework.test.context.ContextCustomizer;
import org.springframework.test.context.ContextCustomizerFactory;
import org.springframework.test.context.TestContextAnnotationUtils;
import org.springframework.util.ClassUtils;

/**
 * Makes every Spring test context of an application with quickphotos' starter a test context for
 * quickphotos: the memory backend where no configuration names one, or DynamoDB Local where the
 * class says {@link AutoConfigureQuickPhotos}, and a repository that can be emptied between
 * tests. Spring's test framework finds it in {@code META-INF/spring.factories} (Spring Framework
 * 6.2 under Boot 3.5, 7 under Boot 4), so it is loaded only where Spring's test support is: the
 * test kit needs no Spring otherwise. Stateless.
 */
public final class QuickPhotosContextCustomizerFactory implements ContextCustomizerFactory {
  static final String STARTER = "io.quickphotos.spring.boot.QuickPhotosAutoConfiguration";
  static final String DYNAMODB_LOCAL = "io.quickphotos.dynamo.local.DynamoDbLocal";

  /** Created by Spring's test framework. */
  public QuickPhotosContextCustomizerFactory() {}

  /**
   * The customizer of a test class's context.
   *
   * @param testClass the test class
   * @param attributes its context configuration
   * @return null where quickphotos' starter is not on the class path, else the customizer
   * @throws IllegalStateException if the class asks for DynamoDB Local and
   *     quickphotos-dynamo-local is not on the test class path
   */
  @Override
  public ContextCustomizer createContextCustomizer(
      Class<?> testClass, List<ContextConfigurationAttributes> attributes) {
    ClassLoader loader = testClass.getClassLoader();
    if (!ClassUtils.isPresent(STARTER, loader)) {
      return null;
    }
    AutoConfigureQuickPhotos annotation =
        TestContextAnnotationUtils.findMergedAnnotation(testClass, AutoConfigureQuickPhotos.class);
    Backend backend = annotation == null ? Backend.MEMORY : annotation.backend();
    if (backend == Backend.DYNAMODB_LOCAL) {
      requireDynamoDbLocal(testClass, name -> ClassUtils.isPresent(name, loader));
    }
    boolean slice =
        TestContextAnnotationUtils.findMergedAnnotation(testClass, QuickPhotosTest.class) != null;
    return new QuickPhotosContextCustomizer(backend, slice);
  }

  /** What the test class path holds. */
  interface ClassPath {
    boolean has(String className);
  }

  /**
   * Fails a DynamoDB Local class without quickphotos-dynamo-local with one message.
   *
   * @param testClass the class, for the message
   * @param classPath what can be loaded
   * @throws IllegalStateException naming the dependency to add
   */
  static void requireDynamoDbLocal(Class<?> testClass, ClassPath classPath) {
    if (!classPath.has(DYNAMODB_LOCAL)) {
      throw new IllegalStateException(
          "@AutoConfigureQuickPhotos(backend = DYNAMODB_LOCAL) on "
              + testClass.getName()
              + " runs its Spring context on DynamoDB Local, and quickphotos-dynamo-local is not"
              + " on the test class path: add the dependency io.quickphotos:quickphotos-dynamo-local"
              + " in test scope, or leave the backend to memory.");
    }
  }
}
