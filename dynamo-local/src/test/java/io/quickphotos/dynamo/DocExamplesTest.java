package io.quickphotos.dynamo;

import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.FanOut;
import io.quickphotos.NewUser;
import io.quickphotos.PageRequest;
import io.quickphotos.Photo;
import io.quickphotos.QuickPhotos;
import io.quickphotos.UserStatus;
import io.quickphotos.dynamo.local.DynamoDbLocal;
import java.net.URI;
import java.time.Instant;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveStatus;

/**
 * The Java examples of README.md, docs/ and dynamo-impl/README.md that run on DynamoDB, each a
 * tagged region that the documents copy ({@code DocSnippetsTest} in conformance keeps the copies
 * equal), run here against DynamoDB Local. The examples build their clients the way an
 * application does, from the SDK's default chains; this test points those chains at its own
 * DynamoDB Local with the SDK's system properties, and restores them afterwards.
 */
class DocExamplesTest {
  private static final Map<String, String> CHAINS = new HashMap<>();
  private static DynamoDbLocal local;

  @BeforeAll
  static void pointTheDefaultChainsAtDynamoDbLocal() {
    // A server of its own: the examples use the table name applications use, quick-photos.
    local = DynamoDbLocal.start();
    set("aws.region", DynamoDbLocal.REGION.id());
    set("aws.accessKeyId", "dummy");
    set("aws.secretAccessKey", "dummy");
    set("aws.endpointUrl", local.endpoint().toString());
  }

  private static void set(String property, String value) {
    CHAINS.put(property, System.getProperty(property));
    System.setProperty(property, value);
  }

  @AfterAll
  static void restore() {
    CHAINS.forEach(
        (property, value) -> {
          if (value == null) {
            System.clearProperty(property);
          } else {
            System.setProperty(property, value);
          }
        });
    local.close();
  }

  @Test
  void dynamoDbQuickStart() {
    // tag::dynamodb-client[]
    DynamoDbClient client = DynamoDbClient.create(); // the default region and credentials chains
    // end::dynamodb-client[]
    try (client) {
      // tag::dynamodb-quick-start[]
      QuickPhotos photos =
          DynamoQuickPhotos.builder()
              .client(client) // yours; quickphotos never closes it
              .tableName("quick-photos")
              .createTableIfMissing(true) // or create it as infrastructure
              .build();
      // end::dynamodb-quick-start[]
      photos.createUser(newUser("ann"));
      assertThat(photos.getUser("ann")).isPresent();
      QuickPhotosTable.verify(client, "quick-photos");
    }
  }

  @Test
  void anotherEndpoint() {
    URI endpoint = local.endpoint();
    // tag::local-endpoint[]
    DynamoDbClient client =
        DynamoDbClient.builder()
            .endpointOverride(endpoint) // e.g. http://localhost:8000
            .region(Region.US_EAST_1)
            .credentialsProvider(
                StaticCredentialsProvider.create(AwsBasicCredentials.create("dummy", "dummy")))
            .build();
    QuickPhotos photos =
        DynamoQuickPhotos.builder().client(client).createTableIfMissing(true).build();
    // end::local-endpoint[]
    try (client) {
      photos.createUser(newUser("bob"));
      assertThat(photos.getUser("bob")).isPresent();
    }
  }

  @Test
  void anotherHttpClient() {
    // tag::http-client[]
    DynamoDbClient client =
        DynamoDbClient.builder()
            .httpClient(UrlConnectionHttpClient.create()) // with apache-client excluded
            .build();
    QuickPhotos photos =
        DynamoQuickPhotos.builder()
            .client(client)
            .parallelism(5) // at or below the client's pool: URL-connection keeps 5 a host
            .build();
    // end::http-client[]
    try (client) {
      QuickPhotosTable.createIfMissing(client, "quick-photos");
      assertThat(photos.followedBy("nobody", PageRequest.first()).items()).isEmpty();
    }
  }

  @Test
  void theHybridFeed() {
    try (DynamoDbClient client = DynamoDbClient.create()) {
      QuickPhotosTable.createIfMissing(client, "quick-photos");
      // tag::time-to-live[]
      client.updateTimeToLive(QuickPhotosTable.timeToLiveRequest("quick-photos"));
      // end::time-to-live[]
      QuickPhotos before = DynamoQuickPhotos.builder().client(client).build();
      before.createUser(newUser("cy"));
      before.createUser(newUser("dee"));
      before.follow("dee", "cy");
      // tag::hybrid[]
      QuickPhotos photos =
          DynamoQuickPhotos.builder()
              .client(client)
              .fanOut(FanOut.hybrid()) // timelines for authors with fewer than 1,000 followers
              .build();
      photos.fillTimeline("dee"); // makes dee's earlier follows timeline follows; resumable
      // end::hybrid[]
      Photo photo =
          photos.uploadPhoto(
              "cy", Instant.now().minusSeconds(60), "https://photos.example.com/cy/1.jpg");
      assertThat(photos.homeFeed("dee", PageRequest.first()).items()).containsExactly(photo);
      assertThat(
              client
                  .describeTimeToLive(r -> r.tableName("quick-photos"))
                  .timeToLiveDescription()
                  .timeToLiveStatus())
          .isIn(TimeToLiveStatus.ENABLED, TimeToLiveStatus.ENABLING);
    }
  }

  @Test
  void theIamPolicy() {
    // tag::iam-policy[]
    String policy = IamPolicy.forTable("eu-west-1", "123456789012", "quick-photos");
    // end::iam-policy[]
    assertThat(policy)
        .contains("arn:aws:dynamodb:eu-west-1:123456789012:table/quick-photos/index/InvertedIndex");
  }

  private static NewUser newUser(String username) {
    return new NewUser(
        username,
        "Name of " + username,
        username + "@example.com",
        LocalDate.of(1990, 4, 1),
        "",
        UserStatus.ACTIVE);
  }
}
