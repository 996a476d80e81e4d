package com.example.photos;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quickphotos.NewUser;
import io.quickphotos.QuickPhotos;
import io.quickphotos.UserStatus;
import io.quickphotos.test.BothBackends;
import java.time.LocalDate;
import org.junit.jupiter.api.Test;

@BothBackends
class ProfileTest {
  @Test
  void aProfileIsThere(QuickPhotos photos) {
    photos.createUser(
        new NewUser("ann", "Ann", "ann@example.com", LocalDate.of(1990, 4, 1), "", UserStatus.ACTIVE));
    assertTrue(photos.getUser("ann").isPresent());
  }
}
