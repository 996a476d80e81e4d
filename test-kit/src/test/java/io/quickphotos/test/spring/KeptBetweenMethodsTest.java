package io.quickphotos.test.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.QuickPhotos;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

/** A class that opts out of the reset: its methods build on each other. */
@SpringBootTest(classes = TestApplication.class)
@AutoConfigureQuickPhotos(resetAfterEachTest = false)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class KeptBetweenMethodsTest {
  @Autowired QuickPhotos photos;

  @Test
  @Order(1)
  void signsUp() {
    assertThat(photos.getUser("ann")).as("a class starts empty").isEmpty();
    photos.createUser(MemoryByDefaultTest.ANN);
  }

  @Test
  @Order(2)
  void findsWhatTheMethodBeforeWrote() {
    assertThat(photos.getUser("ann")).isPresent();
  }
}
