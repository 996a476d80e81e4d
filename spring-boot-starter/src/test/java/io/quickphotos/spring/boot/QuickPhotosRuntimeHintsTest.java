package io.quickphotos.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;
import org.springframework.aot.hint.ExecutableMode;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;
import org.springframework.aot.hint.predicate.RuntimeHintsPredicates;
import org.springframework.core.io.support.SpringFactoriesLoader;

/**
 * The starter's hints for ahead-of-time processing, found as Spring's AOT finds them (in {@code
 * META-INF/spring/aot.factories}): the reflective look-up of virtual threads, where the runtime
 * has them, and the auto-configuration imports.
 */
class QuickPhotosRuntimeHintsTest {

  @Test
  void theStartersReflectionAndResourcesAreHinted() {
    RuntimeHints hints = new RuntimeHints();
    SpringFactoriesLoader.forResourceLocation("META-INF/spring/aot.factories")
        .load(RuntimeHintsRegistrar.class)
        .forEach(registrar -> registrar.registerHints(hints, getClass().getClassLoader()));

    assertThat(
            RuntimeHintsPredicates.resource()
                .forResource(
                    "META-INF/spring/org.springframework.boot.autoconfigure.AutoConfiguration.imports"))
        .accepts(hints);
    if (Runtime.version().feature() >= 21) {
      // Read from the hints themselves: the predicate for a method's invocation is named
      // differently in Spring 6.2 (Boot 3.5) and 7 (Boot 4).
      assertThat(hints.reflection().getTypeHint(Executors.class))
          .isNotNull()
          .satisfies(
              type ->
                  assertThat(type.methods())
                      .anyMatch(
                          method ->
                              method.getName().equals("newVirtualThreadPerTaskExecutor")
                                  && method.getMode() == ExecutableMode.INVOKE));
    }
  }
}
