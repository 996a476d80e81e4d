package com.example.photos;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.quickphotos.NewUser;
import io.quickphotos.Page;
import io.quickphotos.PageRequest;
import io.quickphotos.Photo;
import io.quickphotos.QuickPhotos;
import io.quickphotos.ReactionType;
import io.quickphotos.UserStatus;
import io.quickphotos.memory.MemoryQuickPhotos;
import java.time.Instant;
import java.time.LocalDate;
import org.junit.jupiter.api.Test;

/** The README's memory quick start, pasted as it is, with what the README says it does. */
class QuickStartTest {

  @Test
  void theQuickStartRuns() {
    // tag::quick-start[]
    QuickPhotos photos = MemoryQuickPhotos.create();
    LocalDate born = LocalDate.of(1990, 4, 1);
    photos.createUser(new NewUser("ann", "Ann", "ann@example.com", born, "", UserStatus.ACTIVE));
    photos.createUser(new NewUser("bob", "Bob", "bob@example.com", born, "", UserStatus.ACTIVE));
    photos.follow("bob", "ann"); // both users' counters, in one transaction
    Instant taken = Instant.parse("2024-06-01T09:30:00Z");
    Photo photo = photos.uploadPhoto("ann", taken, "https://photos.example.com/ann/1.jpg");
    photos.reactTo("bob", photo.id(), ReactionType.HEART); // once per user and type
    Page<Photo> feed = photos.homeFeed("bob", PageRequest.first(20)); // newest first
    // end::quick-start[]
    assertEquals(photo.id(), feed.items().get(0).id());
    assertEquals(1, feed.items().get(0).reactionCount(ReactionType.HEART));
    assertEquals(1, photos.getUser("ann").orElseThrow().followers());
  }
}
