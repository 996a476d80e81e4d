package io.quickphotos.test;

import org.junit.jupiter.api.extension.Extension;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;

/**
 * The first extension of a {@link BothBackends} class: it checks, when JUnit registers it, what
 * the class needs on its test class path, so that a missing piece fails the class with one
 * message naming what to add, not with a bare {@code NoClassDefFoundError}.
 *
 * <p>It must be registered before {@link BackendTemplates} and may use no JUnit type newer than
 * 5.0: on a JUnit older than 5.13, {@code BackendTemplates} cannot even be loaded (its interface,
 * {@code ClassTemplateInvocationContextProvider}, came with 5.13), and JUnit registers a class's
 * extensions one after another in the order declared, so this constructor's exception is the one
 * the class fails with.
 */
final class BothBackendsRequirements implements Extension {
  /** The JUnit type {@link BothBackends} needs: class templates came with JUnit 5.13. */
  static final String CLASS_TEMPLATE = "org.junit.jupiter.api.ClassTemplate";

  /** The type the DynamoDB Local run needs, from {@code quickphotos-dynamo-local}. */
  static final String DYNAMODB_LOCAL = "io.quickphotos.dynamo.local.DynamoDbLocal";

  /**
   * Checks the test class path.
   *
   * @throws ExtensionConfigurationException naming what to add or upgrade
   */
  BothBackendsRequirements() {
    check(BothBackendsRequirements::present);
  }

  /** Whether a class of the test class path can be loaded. */
  interface ClassPath {
    boolean has(String className);
  }

  /**
   * Fails with the message for the first missing requirement.
   *
   * @param classPath what can be loaded
   * @throws ExtensionConfigurationException naming what to add or upgrade
   */
  static void check(ClassPath classPath) {
    if (!classPath.has(CLASS_TEMPLATE)) {
      throw new ExtensionConfigurationException(
          "@BothBackends needs JUnit 5.13 or later (a class template runs the class once per"
              + " backend), and this test runs on JUnit Jupiter "
              + jupiterVersion()
              + ": upgrade JUnit to 5.13 or later, or 6. On Spring Boot 3.5, which manages JUnit"
              + " 5.12, set the property junit-jupiter.version to 5.14.4 in your pom. Or run the"
              + " class on memory alone with @MemoryBackend, which any JUnit 5 runs.");
    }
    if (!classPath.has(DYNAMODB_LOCAL)) {
      throw new ExtensionConfigurationException(
          "@BothBackends runs each test on DynamoDB Local too, and quickphotos-dynamo-local is"
              + " not on the test class path: add the dependency"
              + " io.quickphotos:quickphotos-dynamo-local in test scope, or run the class on"
              + " memory alone with @MemoryBackend.");
    }
  }

  private static boolean present(String className) {
    try {
      Class.forName(className, false, BothBackendsRequirements.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }

  private static String jupiterVersion() {
    Package jupiter = Extension.class.getPackage();
    String version = jupiter == null ? null : jupiter.getImplementationVersion();
    return version == null ? "(version unknown)" : version;
  }
}
