package io.quickphotos.test;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;

/**
 * What a {@code @BothBackends} class fails with when its test class path lacks something. The
 * same messages on a real JUnit 5.12 and without quickphotos-dynamo-local: consumer-it's
 * boot35-kit-misuse application.
 */
class BothBackendsRequirementsTest {

  private static BothBackendsRequirements.ClassPath only(String... present) {
    Set<String> classes = Set.of(present);
    return classes::contains;
  }

  @Test
  void aJUnitWithoutClassTemplatesIsToldToUpgrade() {
    assertThatThrownBy(
            () -> BothBackendsRequirements.check(only(BothBackendsRequirements.DYNAMODB_LOCAL)))
        .isInstanceOf(ExtensionConfigurationException.class)
        .hasMessageContaining("@BothBackends needs JUnit 5.13 or later")
        .hasMessageContaining("junit-jupiter.version")
        .hasMessageContaining("@MemoryBackend");
  }

  @Test
  void aClassPathWithoutDynamoDbLocalIsToldWhatToAdd() {
    assertThatThrownBy(
            () -> BothBackendsRequirements.check(only(BothBackendsRequirements.CLASS_TEMPLATE)))
        .isInstanceOf(ExtensionConfigurationException.class)
        .hasMessageContaining("io.quickphotos:quickphotos-dynamo-local in test scope");
  }

  @Test
  void thisClassPathHasBoth() {
    assertThatCode(BothBackendsRequirements::new).doesNotThrowAnyException();
  }
}
