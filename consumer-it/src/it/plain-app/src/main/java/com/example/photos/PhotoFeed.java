package com.example.photos;

import io.quickphotos.NewUser;
import io.quickphotos.PageRequest;
import io.quickphotos.Photo;
import io.quickphotos.QuickPhotos;
import io.quickphotos.SortOrder;
import io.quickphotos.UserStatus;
import io.quickphotos.dynamo.DynamoQuickPhotos;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** An application's own service, written against the storage-agnostic repository. */
public final class PhotoFeed {

  private final QuickPhotos photos;

  public PhotoFeed(QuickPhotos photos) {
    this.photos = photos;
  }

  /** The production wiring: DynamoDB through the application's own client. */
  public static PhotoFeed onDynamoDb(DynamoDbClient client, String tableName) {
    return new PhotoFeed(DynamoQuickPhotos.builder().client(client).tableName(tableName).build());
  }

  public void signUp(String username, String name) {
    photos.createUser(new NewUser(username, name, username + "@example.com",
        LocalDate.of(1990, 1, 1), "", UserStatus.ACTIVE));
  }

  public Photo post(String username, Instant takenAt, String url) {
    return photos.uploadPhoto(username, takenAt, url);
  }

  public List<Photo> latest(String username, int count) {
    return photos.userWithPhotos(username, SortOrder.NEWEST_FIRST, PageRequest.first(count))
        .photos().items();
  }
}
