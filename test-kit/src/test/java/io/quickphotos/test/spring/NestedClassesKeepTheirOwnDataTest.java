package io.quickphotos.test.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.NewUser;
import io.quickphotos.QuickPhotos;
import io.quickphotos.UserStatus;
import java.time.LocalDate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

/**
 * An outer class that keeps its data between methods, and a {@code @Nested} class in the same
 * context: the nested class starts on a repository of its own, and its start does not wipe what
 * the outer class wrote (the outer's {@code @AfterAll}, after the nested class ran, still finds
 * it).
 */
@SpringBootTest(classes = TestApplication.class)
@AutoConfigureQuickPhotos(resetAfterEachTest = false)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class NestedClassesKeepTheirOwnDataTest {
  @Autowired QuickPhotos photos;

  @Test
  void theOuterClassWrites() {
    photos.createUser(MemoryByDefaultTest.ANN);
  }

  @AfterAll
  void theOuterClassStillHasItsDataAfterTheNestedOne() {
    assertThat(photos.getUser("ann")).isPresent();
    assertThat(photos.getUser("bob")).isEmpty();
  }

  @Nested
  class Inner {
    @Test
    void startsOnItsOwnRepository() {
      assertThat(photos.getUser("ann")).isEmpty();
      photos.createUser(
          new NewUser(
              "bob", "Bob", "bob@example.com", LocalDate.of(1990, 1, 1), "", UserStatus.ACTIVE));
      assertThat(photos.getUser("bob")).isPresent();
    }
  }
}
