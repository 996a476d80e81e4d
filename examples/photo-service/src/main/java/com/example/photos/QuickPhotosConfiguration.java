package com.example.photos;

import io.quickphotos.QuickPhotos;
import io.quickphotos.dynamo.DynamoQuickPhotos;
import io.quickphotos.memory.MemoryQuickPhotos;
import java.net.URI;
import java.time.Clock;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClientBuilder;

/**
 * The repository bean. {@code quickphotos.backend=memory} (the default) keeps the data in the
 * process, for trying the service out; {@code quickphotos.backend=dynamodb} uses the table
 * {@code quickphotos.table-name} through a {@link DynamoDbClient} built the SDK's default way
 * (region and credentials from the environment, the SDK's default HTTP client), pointed at
 * {@code quickphotos.endpoint} when set (DynamoDB Local, for instance), and creates the table
 * at start-up when {@code quickphotos.create-table=true}. Either way the repository runs
 * {@link PhotoSettings} and logs its costs through {@link CostLog}.
 */
@Configuration(proxyBeanMethods = false)
public class QuickPhotosConfiguration {

  /**
   * The clock that stamps follows, reactions and uploads sent without a time.
   *
   * @return the UTC system clock
   */
  @Bean
  public Clock clock() {
    return Clock.systemUTC();
  }

  /**
   * The DynamoDB client, on the dynamodb backend only; Spring closes it at shutdown.
   *
   * @param endpoint a DynamoDB-compatible endpoint, empty for AWS's
   * @param region the region for that endpoint
   * @return the client
   */
  @Bean
  @ConditionalOnProperty(name = "quickphotos.backend", havingValue = "dynamodb")
  public DynamoDbClient dynamoDbClient(
      @Value("${quickphotos.endpoint:}") String endpoint,
      @Value("${quickphotos.region:us-east-1}") String region) {
    DynamoDbClientBuilder client = DynamoDbClient.builder();
    if (!endpoint.isEmpty()) {
      client.endpointOverride(URI.create(endpoint)).region(Region.of(region));
    }
    return client.build();
  }

  /**
   * The repository the controller uses: thread-safe, shared by every request.
   *
   * @param backend {@code memory} or {@code dynamodb}
   * @param tableName the DynamoDB table
   * @param createTable whether to create the table at start-up when missing
   * @param client the DynamoDB client, present on the dynamodb backend
   * @param clock the service's clock
   * @return the repository
   * @throws IllegalArgumentException if the backend is neither
   */
  @Bean
  public QuickPhotos quickPhotos(
      @Value("${quickphotos.backend:memory}") String backend,
      @Value("${quickphotos.table-name:quick-photos}") String tableName,
      @Value("${quickphotos.create-table:false}") boolean createTable,
      ObjectProvider<DynamoDbClient> client,
      Clock clock) {
    switch (backend) {
      case "memory":
        return MemoryQuickPhotos.builder()
            .fanOut(PhotoSettings.FAN_OUT)
            .sharding(PhotoSettings.SHARDING)
            .costListener(new CostLog())
            .clock(clock)
            .build();
      case "dynamodb":
        return DynamoQuickPhotos.builder()
            .client(client.getObject())
            .tableName(tableName)
            .createTableIfMissing(createTable)
            .fanOut(PhotoSettings.FAN_OUT)
            .sharding(PhotoSettings.SHARDING)
            .costListener(new CostLog())
            .clock(clock)
            .build();
      default:
        throw new IllegalArgumentException(
            "quickphotos.backend must be memory or dynamodb, was " + backend);
    }
  }
}
