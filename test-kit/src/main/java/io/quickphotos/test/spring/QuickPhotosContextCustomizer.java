package io.quickphotos.test.spring;

import io.quickphotos.test.Backend;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;
import org.springframework.test.context.ContextCustomizer;
import org.springframework.test.context.MergedContextConfiguration;

/**
 * Sets a test context's quickphotos backend (memory unless the test points it at a server, {@link
 * MemoryUnlessTold}) and makes its repository one per test ({@link ResettableRepository}); for a
 * {@link QuickPhotosTest}, keeps component scanning to the repository's customizers. Two customizers
 * of the same backend are equal, so Spring's context cache shares one context between the test
 * classes that would otherwise share it. Immutable.
 */
final class QuickPhotosContextCustomizer implements ContextCustomizer {
  /** The property source of the defaults the kit gives a test context, after all others. */
  static final String DEFAULTS = "quickphotos-test";

  /** The property source that puts a context on DynamoDB Local, before all others. */
  static final String DYNAMODB_LOCAL = "quickphotos-test-dynamodb-local";

  private final Backend backend;

  /** Whether the context is a {@link QuickPhotosTest} slice's. */
  private final boolean slice;

  QuickPhotosContextCustomizer(Backend backend, boolean slice) {
    this.backend = backend;
    this.slice = slice;
  }

  /**
   * Whether Spring is processing the context ahead of time ({@code process-test-aot}, which sets
   * {@code spring.aot.processing}): the bean definitions then become generated code, which cannot
   * hold the kit's run-time objects (a DynamoDB Local client, the repository's scope). The kit
   * adds them when the processed context runs instead, as this customizer runs again then.
   */
  static boolean aotProcessing() {
    return Boolean.getBoolean("spring.aot.processing");
  }

  @Override
  public void customizeContext(
      ConfigurableApplicationContext context, MergedContextConfiguration configuration) {
    ConfigurableEnvironment environment = context.getEnvironment();
    Map<String, Object> defaults = new LinkedHashMap<>();
    // Tests drive repositories into their retry limits; they should not sleep there. Last in
    // precedence, so a test or the application that sets retries keeps its own.
    defaults.put("quickphotos.retry.base-delay", "0ms");
    defaults.put("quickphotos.retry.max-delay", "0ms");
    TestTable table = null;
    if (backend == Backend.MEMORY) {
      MemoryUnlessTold memory = new MemoryUnlessTold(environment, context.getBeanFactory());
      environment.getPropertySources().addLast(memory);
      context.addBeanFactoryPostProcessor(memory);
    } else {
      table = DynamoLocalContexts.prepare(context);
    }
    environment.getPropertySources().addLast(new MapPropertySource(DEFAULTS, defaults));
    context.addBeanFactoryPostProcessor(new ResettableRepository(table));
    if (slice) {
      // What @TypeExcludeFilters does in Boot's own slices; that annotation moved between Boot
      // 3.5 and 4, the filter's registration did not.
      context
          .getBeanFactory()
          .registerSingleton(
              QuickPhotosTypeExcludeFilter.BEAN,
              new QuickPhotosTypeExcludeFilter(context.getClassLoader()));
    }
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof QuickPhotosContextCustomizer that
        && that.backend == backend
        && that.slice == slice;
  }

  @Override
  public int hashCode() {
    return backend.hashCode() * 31 + Boolean.hashCode(slice);
  }
}
