package io.quickphotos.spring.boot;

import java.net.URI;
import org.springframework.boot.autoconfigure.service.connection.ConnectionDetails;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;

/**
 * Where the DynamoDB client the starter builds connects: Spring Boot's {@link ConnectionDetails}
 * for quickphotos, so that a {@code @ServiceConnection} factory (a DynamoDB Local or LocalStack
 * container's, say) or a bean of the application's points the repository at a server without
 * properties. Without such a bean the starter uses one read from {@code
 * quickphotos.dynamodb.endpoint} and {@code .region} and the SDK's default credentials chain.
 * Used only for the client the starter builds: an application's own {@code DynamoDbClient} bean
 * is configured by the application. Implementations must be thread-safe; the starter reads them
 * once, when it builds the client.
 *
 * <pre>{@code
 * @Bean
 * QuickPhotosConnectionDetails dynamoDbLocal() {
 *   return QuickPhotosConnectionDetails.of(
 *       URI.create("http://localhost:8000"),
 *       "us-east-1",
 *       StaticCredentialsProvider.create(AwsBasicCredentials.create("dummy", "dummy")));
 * }
 * }</pre>
 */
public interface QuickPhotosConnectionDetails extends ConnectionDetails {
  /**
   * The endpoint of a DynamoDB-compatible server.
   *
   * @return its URI, or null for AWS's endpoint of the region
   */
  URI getEndpoint();

  /**
   * The region the client signs requests for.
   *
   * @return its id (e.g. {@code eu-west-1}), or null for the SDK's region chain
   */
  String getRegion();

  /**
   * The credentials the client signs requests with.
   *
   * @return a provider, or null for the SDK's default credentials chain
   */
  default AwsCredentialsProvider getCredentialsProvider() {
    return null;
  }

  /**
   * Connection details with the given values.
   *
   * @param endpoint the server's URI, or null for AWS's
   * @param region the region's id, or null for the SDK's chain
   * @param credentials the credentials, or null for the SDK's default chain
   * @return immutable connection details
   */
  static QuickPhotosConnectionDetails of(
      URI endpoint, String region, AwsCredentialsProvider credentials) {
    return new QuickPhotosConnectionDetails() {
      @Override
      public URI getEndpoint() {
        return endpoint;
      }

      @Override
      public String getRegion() {
        return region;
      }

      @Override
      public AwsCredentialsProvider getCredentialsProvider() {
        return credentials;
      }

      @Override
      public String toString() {
        return "QuickPhotosConnectionDetails[endpoint=" + endpoint + ", region=" + region + "]";
      }
    };
  }
}
