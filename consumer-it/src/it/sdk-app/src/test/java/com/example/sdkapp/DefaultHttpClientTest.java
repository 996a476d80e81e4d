package com.example.sdkapp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import com.sun.net.httpserver.HttpServer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.HttpMetric;
import software.amazon.awssdk.http.SdkHttpService;
import software.amazon.awssdk.metrics.MetricCollection;
import software.amazon.awssdk.metrics.MetricPublisher;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Which HTTP client the SDK picks for a client built without one, as DynamoDbClient.create()
 * builds it, once quickphotos-dynamo is on the class path beside the SDK: the SDK's default, and
 * the only one there.
 */
class DefaultHttpClientTest {

  @Test
  void theClassPathHoldsOneSynchronousHttpClientTheSdksDefault() {
    List<String> services = new ArrayList<>();
    ServiceLoader.load(SdkHttpService.class).forEach(s -> services.add(s.getClass().getName()));

    assertEquals(List.of("software.amazon.awssdk.http.apache.ApacheSdkHttpService"), services);
  }

  @Test
  void aClientBuiltWithoutAnHttpClientSendsThroughApache() throws Exception {
    // A stand-in endpoint on the loopback interface: an empty ListTables answer.
    HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext("/", exchange -> {
      byte[] body = "{\"TableNames\":[]}".getBytes(StandardCharsets.UTF_8);
      exchange.getResponseHeaders().add("Content-Type", "application/x-amz-json-1.0");
      exchange.sendResponseHeaders(200, body.length);
      exchange.getResponseBody().write(body);
      exchange.close();
    });
    server.start();
    List<String> clientNames = new ArrayList<>();
    MetricPublisher publisher = new MetricPublisher() {
      @Override
      public void publish(MetricCollection metrics) {
        collect(metrics, clientNames);
      }

      @Override
      public void close() {}
    };
    try (DynamoDbClient client = DynamoDbClient.builder()
        .endpointOverride(URI.create("http://127.0.0.1:" + server.getAddress().getPort()))
        .region(Region.US_EAST_1)
        .credentialsProvider(
            StaticCredentialsProvider.create(AwsBasicCredentials.create("dummy", "dummy")))
        .overrideConfiguration(o -> o.addMetricPublisher(publisher))
        .build()) {
      assertNotNull(PhotoStorage.on(client));
      client.listTables();
    } finally {
      server.stop(0);
    }

    // Every request (the repository's build reads the table's recorded settings, then
    // ListTables) went through the one client on the class path.
    assertFalse(clientNames.isEmpty());
    assertEquals(List.of("Apache"), clientNames.stream().distinct().toList());
  }

  private static void collect(MetricCollection metrics, List<String> names) {
    names.addAll(metrics.metricValues(HttpMetric.HTTP_CLIENT_NAME));
    metrics.children().forEach(child -> collect(child, names));
  }
}
