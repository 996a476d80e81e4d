package com.example.photos;

import io.quickphotos.QuickPhotos;
import io.quickphotos.dynamo.local.DynamoDbLocalExtension;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.ExtendWith;

/** The same tests on DynamoDB Local, in this JVM, with a fresh table per test. */
@ExtendWith(DynamoDbLocalExtension.class)
class DynamoDbLocalPhotoFeedTest extends PhotoFeedContract {

  private QuickPhotos photos;

  @BeforeEach
  void setUp(QuickPhotos photos) {
    this.photos = photos;
  }

  @Override
  QuickPhotos repository() {
    return photos;
  }
}
