package io.quickphotos.test.spring.slice;

import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.NewUser;
import io.quickphotos.QuickPhotos;
import io.quickphotos.UserStatus;
import io.quickphotos.test.spring.QuickPhotosTest;
import java.time.LocalDate;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.ApplicationContext;

/**
 * {@code @QuickPhotosTest} loads the repository and its customizers and nothing else of an
 * application that scans a service it could not start here: no other auto-configuration, no
 * other component.
 */
// tag::slice[]
@QuickPhotosTest
class QuickPhotosSliceTest {
  @Autowired QuickPhotos photos;
  // end::slice[]
  @Autowired ApplicationContext context;

  @Value("${quickphotos.backend}")
  String backend;

  @Test
  void holdsTheRepositoryAndItsCustomizerOnly() {
    assertThat(backend).isEqualTo("memory");
    photos.createUser(
        new NewUser(
            "ann", "Ann", "ann@example.com", LocalDate.of(1990, 4, 1), "", UserStatus.ACTIVE));
    assertThat(photos.getUser("ann")).isPresent();
    assertThat(context.getBeanNamesForType(Components.StalenessCustomizer.class)).hasSize(1);
    assertThat(Components.StalenessCustomizer.CALLS.get()).isPositive();
    assertThat(context.getBeanNamesForType(Components.MailingService.class)).isEmpty();
    // The only auto-configurations are the starter's, which @AutoConfigureQuickPhotos imports.
    assertThat(
            Arrays.stream(context.getBeanDefinitionNames())
                .filter(name -> name.endsWith("AutoConfiguration")))
        .isNotEmpty()
        .allMatch(name -> name.startsWith("io.quickphotos.spring.boot."));
  }
}
