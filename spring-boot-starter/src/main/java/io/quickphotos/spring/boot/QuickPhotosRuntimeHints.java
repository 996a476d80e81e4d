package io.quickphotos.spring.boot;

import java.util.concurrent.Executors;
import org.springframework.aot.hint.ExecutableMode;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;
import org.springframework.util.ReflectionUtils;

/**
 * What the starter does reflectively, for an application processed ahead of time (a GraalVM
 * native image): the look-up of {@code Executors.newVirtualThreadPerTaskExecutor} behind {@code
 * quickphotos.virtual-threads} (the starter is compiled for Java 17), and the auto-configuration
 * imports the test kit's {@code @AutoConfigureQuickPhotos} reads. Registered in {@code
 * META-INF/spring/aot.factories}. Stateless.
 */
class QuickPhotosRuntimeHints implements RuntimeHintsRegistrar {

  @Override
  public void registerHints(RuntimeHints hints, ClassLoader classLoader) {
    var virtualThreads =
        ReflectionUtils.findMethod(Executors.class, "newVirtualThreadPerTaskExecutor");
    if (virtualThreads != null) {
      hints.reflection().registerMethod(virtualThreads, ExecutableMode.INVOKE);
    }
    hints.resources().registerPattern("META-INF/spring/*.imports");
  }
}
