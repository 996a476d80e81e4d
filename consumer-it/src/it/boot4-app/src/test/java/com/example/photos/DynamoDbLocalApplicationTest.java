package com.example.photos;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.quickphotos.QuickPhotos;
import io.quickphotos.test.Backend;
import io.quickphotos.test.spring.AutoConfigureQuickPhotos;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

/** The same application on DynamoDB Local in the test JVM: one annotation, nothing else. */
// tag::spring-test[]
@SpringBootTest // without the next line: memory, emptied after each test
@AutoConfigureQuickPhotos(backend = Backend.DYNAMODB_LOCAL) // a table of DynamoDB Local's
class DynamoDbLocalApplicationTest {
  // end::spring-test[]
  @Autowired ProfileController profiles;
  @Autowired QuickPhotos photos;

  @Test
  void signsUpOnATableOfItsOwn() {
    profiles.signUp(
        new ProfileController.SignUp("ann", "Ann", "ann@example.com", java.time.LocalDate.of(1990, 4, 1)));
    assertEquals("ann@example.com", photos.getUser("ann").orElseThrow().email());
  }
}
