package com.example.photos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quickphotos.dynamo.local.DynamoDbLocal;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The service as it runs in production, application.yml and all, on a DynamoDB endpoint (here
 * DynamoDB Local in this JVM): it starts, creates its table, serves JSON and reports its health.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ApplicationTest {
  private static final DynamoDbLocal DYNAMODB = DynamoDbLocal.start();
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  static {
    // DynamoDB Local takes any credentials; the SDK's default chain reads these properties.
    System.setProperty("aws.accessKeyId", "dummy");
    System.setProperty("aws.secretAccessKey", "dummy");
  }

  @DynamicPropertySource
  static void dynamoDbEndpoint(DynamicPropertyRegistry registry) {
    registry.add("quickphotos.dynamodb.endpoint", () -> DYNAMODB.endpoint().toString());
    registry.add("quickphotos.dynamodb.region", () -> "us-east-1");
  }

  @AfterAll
  static void stopDynamoDbLocal() {
    DYNAMODB.close();
  }

  @Value("${local.server.port}")
  int port;

  private HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
    return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  private HttpRequest.Builder at(String path) {
    return HttpRequest.newBuilder(URI.create("http://localhost:" + port + path));
  }

  @Test
  void signsUpAndServesTheProfileAsJson() throws Exception {
    HttpResponse<String> created =
        send(
            at("/users")
                .header("Content-Type", "application/json")
                .POST(
                    HttpRequest.BodyPublishers.ofString(
                        "{\"username\":\"ann\",\"name\":\"Ann\",\"email\":\"ann@example.com\","
                            + "\"birthdate\":\"1990-04-01\"}")));
    assertEquals(201, created.statusCode(), created.body());

    HttpResponse<String> profile = send(at("/users/ann").GET());
    assertEquals(200, profile.statusCode());
    assertTrue(
        profile.headers().firstValue("Content-Type").orElse("").startsWith("application/json"));
    assertTrue(profile.body().contains("\"username\":\"ann\""), profile.body());
    assertTrue(profile.body().contains("\"birthdate\":\"1990-04-01\""), profile.body());
  }

  @Test
  void reportsTheTablesHealth() throws Exception {
    HttpResponse<String> health = send(at("/actuator/health").GET());
    assertEquals(200, health.statusCode(), health.body());
    assertTrue(health.body().contains("\"quickPhotos\":{\"status\":\"UP\""), health.body());
  }
}
