package io.quickphotos.test.spring;

import java.util.concurrent.atomic.AtomicBoolean;
import org.springframework.beans.factory.annotation.AnnotatedBeanDefinition;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.core.annotation.MergedAnnotations;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.EnumerablePropertySource;
import org.springframework.core.env.PropertySource;
import org.springframework.core.type.MethodMetadata;
import org.springframework.test.context.BootstrapWith;
import org.springframework.test.context.ContextConfiguration;
import org.springframework.test.context.support.TestPropertySourceUtils;
import org.springframework.util.ClassUtils;

/**
 * {@code quickphotos.backend=memory} for a test context, last in precedence (the application or
 * the test naming a backend wins), unless the test points the repository at a server of its own:
 *
 * <ul>
 *   <li>a {@code quickphotos.dynamodb.endpoint} of the test's ({@code @DynamicPropertySource},
 *       {@code @TestPropertySource}, {@code @SpringBootTest(properties = ...)}; read when the
 *       backend is asked, so whenever Spring adds those sources);
 *   <li>a {@code DynamoDbClient} bean of the test's (declared in a {@code @TestConfiguration}, or
 *       in a class nested in a Spring test class), or any {@code QuickPhotosConnectionDetails}
 *       bean (a {@code @ServiceConnection}'s): seen once every bean is defined, before the
 *       repository is built.
 * </ul>
 *
 * An application's own client bean (Spring Cloud AWS's, say) does not count: tests stay off AWS.
 * Which way the context went is logged once, at INFO. Thread-safe.
 */
final class MemoryUnlessTold extends EnumerablePropertySource<Object>
    implements BeanFactoryPostProcessor {
  static final String NAME = "quickphotos-test-memory";
  private static final String BACKEND = "quickphotos.backend";
  private static final String ENDPOINT = "quickphotos.dynamodb.endpoint";
  private static final String DYNAMIC = "Dynamic Test Properties";
  private static final String CLIENT = "software.amazon.awssdk.services.dynamodb.DynamoDbClient";
  private static final String CONNECTION =
      "io.quickphotos.spring.boot.QuickPhotosConnectionDetails";
  private static final String STARTERS_CONNECTION = "quickPhotosConnectionDetails";
  private static final System.Logger LOG = System.getLogger(MemoryUnlessTold.class.getName());

  private final ConfigurableEnvironment environment;
  private final ConfigurableListableBeanFactory beanFactory;
  private final AtomicBoolean logged = new AtomicBoolean();

  /** The test's client bean, once every bean is defined; null before, or if it has none. */
  private volatile String clientOfTheTests;

  MemoryUnlessTold(
      ConfigurableEnvironment environment, ConfigurableListableBeanFactory beanFactory) {
    super(NAME, new Object());
    this.environment = environment;
    this.beanFactory = beanFactory;
  }

  @Override
  public String[] getPropertyNames() {
    return serverOfTheTests() == null ? new String[] {BACKEND} : new String[0];
  }

  @Override
  public Object getProperty(String name) {
    return BACKEND.equals(name) && serverOfTheTests() == null ? "memory" : null;
  }

  /** What the test points the repository at, or null for memory. */
  private String serverOfTheTests() {
    if (clientOfTheTests != null) {
      return clientOfTheTests;
    }
    String endpoint = endpointOfTheTests();
    return endpoint != null ? endpoint : connectionDetails();
  }

  private String endpointOfTheTests() {
    for (String source :
        new String[] {TestPropertySourceUtils.INLINED_PROPERTIES_PROPERTY_SOURCE_NAME, DYNAMIC}) {
      PropertySource<?> properties = environment.getPropertySources().get(source);
      Object endpoint = properties == null ? null : properties.getProperty(ENDPOINT);
      if (endpoint != null) {
        return ENDPOINT + "=" + endpoint;
      }
    }
    return null;
  }

  /**
   * A connection-details bean other than the starter's: a {@code @ServiceConnection}'s are
   * defined before the context starts, so they are seen when the starter's conditions ask.
   */
  private String connectionDetails() {
    ClassLoader loader = beanFactory.getBeanClassLoader();
    if (!ClassUtils.isPresent(CONNECTION, loader)) {
      return null;
    }
    for (String name :
        beanFactory.getBeanNamesForType(
            ClassUtils.resolveClassName(CONNECTION, loader), true, false)) {
      if (!STARTERS_CONNECTION.equals(name)) {
        return "the QuickPhotosConnectionDetails bean " + name;
      }
    }
    return null;
  }

  /**
   * Once every bean is defined: looks for the test's own client, and logs, once, which way the
   * context went (nothing when the application or the test names the backend itself).
   */
  @Override
  public void postProcessBeanFactory(ConfigurableListableBeanFactory factory) {
    ClassLoader loader = factory.getBeanClassLoader();
    if (serverOfTheTests() == null && ClassUtils.isPresent(CLIENT, loader)) {
      for (String name :
          factory.getBeanNamesForType(ClassUtils.resolveClassName(CLIENT, loader), true, false)) {
        String declaredIn = declaringClass(factory.getBeanDefinition(name));
        if (declaredIn != null && ofATest(declaredIn, loader)) {
          clientOfTheTests = "its DynamoDbClient bean " + name + " (" + declaredIn + ")";
          break;
        }
      }
    }
    if (namedElsewhere() || !logged.compareAndSet(false, true)) {
      return;
    }
    String server = serverOfTheTests();
    LOG.log(
        System.Logger.Level.INFO,
        server == null
            ? "quickphotos-test: this test context runs on the memory backend (no"
                + " quickphotos.backend, and no endpoint, DynamoDbClient or"
                + " QuickPhotosConnectionDetails of the test's)"
            : "quickphotos-test: this test context keeps the DynamoDB backend, as the test"
                + " points it at "
                + server);
  }

  /** Whether another property source names the backend, which then wins over this one. */
  private boolean namedElsewhere() {
    for (PropertySource<?> source : environment.getPropertySources()) {
      if (source != this
          && !"configurationProperties".equals(source.getName())
          && source.getProperty(BACKEND) != null) {
        return true;
      }
    }
    return false;
  }

  private static String declaringClass(BeanDefinition definition) {
    if (definition instanceof AnnotatedBeanDefinition annotated) {
      MethodMetadata method = annotated.getFactoryMethodMetadata();
      if (method != null) {
        return method.getDeclaringClassName();
      }
    }
    return definition.getBeanClassName();
  }

  /** A {@code @TestConfiguration}, or a class nested in a Spring test class. */
  private static boolean ofATest(String className, ClassLoader loader) {
    if (!ClassUtils.isPresent(className, loader)) {
      return false;
    }
    Class<?> type = ClassUtils.resolveClassName(className, loader);
    if (MergedAnnotations.from(type)
        .isPresent("org.springframework.boot.test.context.TestConfiguration")) {
      return true;
    }
    for (Class<?> outer = type.getEnclosingClass();
        outer != null;
        outer = outer.getEnclosingClass()) {
      MergedAnnotations annotations =
          MergedAnnotations.from(outer, MergedAnnotations.SearchStrategy.TYPE_HIERARCHY);
      if (annotations.isPresent(BootstrapWith.class)
          || annotations.isPresent(ContextConfiguration.class)) {
        return true;
      }
    }
    return false;
  }
}
