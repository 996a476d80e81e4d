package io.quickphotos.test.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quickphotos.NewUser;
import io.quickphotos.QuickPhotos;
import io.quickphotos.ServiceUnavailableException;
import io.quickphotos.UserStatus;
import io.quickphotos.memory.Fault;
import io.quickphotos.memory.Faults;
import io.quickphotos.memory.Request;
import io.quickphotos.test.ManualClock;
import java.time.Duration;
import java.time.LocalDate;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;

/**
 * A plain {@code @SpringBootTest} of an application that configures nothing: the memory backend,
 * no AWS anywhere, each method on an empty repository whatever the order, and the kit's clock
 * and fault script as the context's beans.
 */
@SpringBootTest(classes = {TestApplication.class, MemoryByDefaultTest.KitBeans.class})
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class MemoryByDefaultTest {
  static final NewUser ANN =
      new NewUser("ann", "Ann", "ann@example.com", LocalDate.of(1990, 4, 1), "", UserStatus.ACTIVE);

  /** The kit's clock and faults, declared as beans: the starter's repository takes both. */
  @TestConfiguration(proxyBeanMethods = false)
  static class KitBeans {
    @Bean
    ManualClock clock() {
      return ManualClock.create();
    }

    @Bean
    Faults faults() {
      return Faults.create();
    }
  }

  @Autowired QuickPhotos photos;
  @Autowired ManualClock clock;
  @Autowired Faults faults;

  @Value("${quickphotos.backend}")
  String backend;

  @Test
  @Order(1)
  void runsOnMemoryWithNoConfiguration() {
    assertThat(backend).isEqualTo("memory");
    photos.createUser(ANN);
    photos.createUser(
        new NewUser(
            "bob", "Bob", "bob@example.com", LocalDate.of(1990, 1, 1), "", UserStatus.ACTIVE));
    clock.advance(Duration.ofMinutes(5));
    assertThat(photos.follow("bob", "ann").since()).isEqualTo(clock.instant());
    faults.on(Request.PUT_ITEM).always(Fault.throttling());
  }

  @Test
  @Order(2)
  void theNextMethodStartsOnAnEmptyRepositoryWithoutTheFaults() {
    assertThat(photos.getUser("ann")).isEmpty();
    photos.createUser(ANN); // no conflict with the first method's, and no scripted throttling
    assertThat(photos.getUser("ann")).isPresent();
  }

  @Test
  @Order(3)
  void faultsScriptedOnTheBeanReachTheRepositoryWithoutSleeping() {
    faults.on(Request.PUT_ITEM).always(Fault.throttling());
    long start = System.nanoTime();
    assertThatThrownBy(() -> photos.createUser(ANN))
        .isInstanceOf(ServiceUnavailableException.class);
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(1));
  }
}
