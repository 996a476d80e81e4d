package com.example.photos;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.quickphotos.Photo;
import io.quickphotos.QuickPhotos;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The application's tests, written once and run on each backend by a subclass. */
abstract class PhotoFeedContract {

  /** A fresh, empty repository for one test. */
  abstract QuickPhotos repository();

  @Test
  void latestPhotosComeNewestFirst() {
    PhotoFeed feed = new PhotoFeed(repository());
    feed.signUp("ann", "Ann");
    feed.post("ann", Instant.parse("2024-01-01T10:00:00Z"), "https://example.com/1.jpg");
    feed.post("ann", Instant.parse("2024-03-01T10:00:00Z"), "https://example.com/2.jpg");
    feed.post("ann", Instant.parse("2024-02-01T10:00:00Z"), "https://example.com/3.jpg");

    List<Photo> latest = feed.latest("ann", 2);

    assertEquals(List.of("https://example.com/2.jpg", "https://example.com/3.jpg"),
        latest.stream().map(Photo::location).toList());
  }
}
