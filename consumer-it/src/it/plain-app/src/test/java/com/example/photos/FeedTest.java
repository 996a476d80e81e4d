package com.example.photos;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.quickphotos.FanOut;
import io.quickphotos.PageRequest;
import io.quickphotos.Photo;
import io.quickphotos.QuickPhotos;
import io.quickphotos.test.BothBackends;
import io.quickphotos.test.ManualClock;
import io.quickphotos.test.QuickPhotosFixture;
import io.quickphotos.test.QuickPhotosSettings;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The README's test of the test kit, pasted as it is. */
// tag::kit[]
@BothBackends // each test runs on memory and on DynamoDB Local, a fresh table each
class FeedTest {
  @RegisterExtension // the settings production runs with, on both backends
  static final QuickPhotosSettings SETTINGS =
      QuickPhotosSettings.builder().fanOut(FanOut.hybrid()).build();

  @Test
  void aNewPhotoComesFirst(QuickPhotos photos, QuickPhotosFixture fixture, ManualClock clock) {
    fixture.load(Path.of("src/test/resources/fixtures/items.json")); // DynamoDB JSON lines
    clock.advance(Duration.ofMinutes(5)); // the clock starts at 2024-01-01T00:00:00Z
    Photo photo = photos.uploadPhoto("jacksonjason", clock.instant(), "https://example.com/2.jpg");
    assertEquals(photo, photos.homeFeed("ylee", PageRequest.first()).items().get(0));
  }
}
// end::kit[]
