package com.example.sdkapp;

import io.quickphotos.QuickPhotos;
import io.quickphotos.dynamo.DynamoQuickPhotos;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** The application's wiring: its own SDK client, built the SDK's default way, under quickphotos. */
public final class PhotoStorage {
  private PhotoStorage() {}

  /** Production: the default region, credentials and HTTP client chains. */
  public static QuickPhotos onAws() {
    return on(DynamoDbClient.create());
  }

  public static QuickPhotos on(DynamoDbClient client) {
    return DynamoQuickPhotos.builder().client(client).build();
  }
}
