package io.quickphotos.test.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.QuickPhotos;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.annotation.Configuration;
import org.springframework.test.context.junit.jupiter.SpringJUnitConfig;

/**
 * {@code @AutoConfigureQuickPhotos} adds the repository to a context that has no auto-configuration
 * at all, as it does to {@code @WebMvcTest} or any other slice: it imports the starter's.
 */
@SpringJUnitConfig(ImportedIntoAnyContextTest.Nothing.class)
@AutoConfigureQuickPhotos
class ImportedIntoAnyContextTest {
  /** A configuration with no bean and no auto-configuration. */
  @Configuration(proxyBeanMethods = false)
  static class Nothing {}

  @Autowired QuickPhotos photos;

  @Test
  void theRepositoryIsThereOnMemory() {
    photos.createUser(MemoryByDefaultTest.ANN);
    assertThat(photos.getUser("ann")).isPresent();
  }
}
