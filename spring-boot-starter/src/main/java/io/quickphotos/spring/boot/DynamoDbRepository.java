package io.quickphotos.spring.boot;

import io.quickphotos.QuickPhotos;
import io.quickphotos.QuickPhotosException;
import io.quickphotos.dynamo.DynamoQuickPhotos;
import io.quickphotos.dynamo.QuickPhotosTable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The starter's repository on DynamoDB. Its own class, apart from {@link
 * QuickPhotosAutoConfiguration}, so that every reference to quickphotos-dynamo and the AWS SDK is
 * here and in the class-conditioned client configuration: an application that excludes
 * quickphotos-dynamo never loads this class, and the auto-configuration, whose methods Spring
 * reads by reflection, names none of their types. Stateless.
 */
final class DynamoDbRepository {
  private static final Logger LOG = LoggerFactory.getLogger(DynamoDbRepository.class);

  /** The name of the client the starter builds when the application has none. */
  static final String STARTERS_CLIENT = "quickPhotosDynamoDbClient";

  private DynamoDbRepository() {}

  /**
   * Builds the repository on the context's one {@link DynamoDbClient}, checking the deployment:
   * the table's creation and time to live when the properties ask, then one GetItem.
   *
   * @throws QuickPhotosStartupException for what the deployment must fix
   */
  static QuickPhotos build(
      QuickPhotosProperties properties,
      QuickPhotosBuilderConfigurer configurer,
      ObjectProvider<BuiltRepository> built,
      BeanFactory beans) {
    ObjectProvider<DynamoDbClient> clients = beans.getBeanProvider(DynamoDbClient.class);
    DynamoDbClient client = clients.getIfUnique();
    if (client == null) {
      long count = clients.stream().count();
      throw new QuickPhotosStartupException(
          "quickphotos.backend is dynamodb and there is "
              + (count == 0 ? "no DynamoDbClient bean" : count + " DynamoDbClient beans, not one")
              + " to build the repository with.",
          count == 0
              ? "Remove the condition that kept the starter's client out, or declare a"
                  + " DynamoDbClient bean; or set quickphotos.backend=memory."
              : "Mark the one the repository should use @Primary.",
          null);
    }
    warnIfIgnored(properties, client, beans);
    String table = properties.getTableName();
    String region = region(client);
    // The client and table first, so that a customizer may change them as it may anything.
    DynamoQuickPhotos.Builder builder =
        configurer.configure(
            DynamoQuickPhotos.builder()
                .client(client)
                .tableName(table)
                .createTableIfMissing(properties.isCreateTableIfMissing()));
    QuickPhotos photos;
    try {
      photos = builder.build();
    } catch (RuntimeException e) {
      throw DeploymentProblems.request(
          e,
          properties.isCreateTableIfMissing()
              ? DeploymentProblems.Step.CREATE_TABLE
              : DeploymentProblems.Step.READ,
          table,
          region);
    }
    if (properties.getDynamodb().isEnableTimeToLive()) {
      try {
        QuickPhotosTable.enableTimeToLive(client, table);
      } catch (RuntimeException e) {
        throw DeploymentProblems.request(e, DeploymentProblems.Step.TIME_TO_LIVE, table, region);
      }
    }
    checkTheTable(photos, table, region);
    built.ifAvailable(b -> b.record("dynamodb", table));
    return photos;
  }

  /**
   * The table a builder is configured for, for the meters' and spans' {@code table} tag; null
   * for a builder of another backend.
   */
  static String tableOf(Object builder) {
    return builder instanceof DynamoQuickPhotos.Builder dynamo ? dynamo.tableName() : null;
  }

  /**
   * Reads the table once, so that a deployment that cannot read it stops now rather than failing
   * every call: the builder's own read of the recorded settings is only a WARNING when it fails
   * (and is not made when fan-out and sharding are both set). One GetItem of 1 read unit per
   * start. A transient failure (throttled, unreachable) is a WARNING: the deployment may be
   * right, and the health contributor reports it.
   */
  private static void checkTheTable(QuickPhotos photos, String table, String region) {
    try {
      photos.recordedSettings();
    } catch (QuickPhotosException e) {
      if (e.kind() == QuickPhotosException.Kind.MISCONFIGURED) {
        throw DeploymentProblems.request(e, DeploymentProblems.Step.READ, table, region);
      }
      LOG.warn(
          "quickphotos could not read the table {} at start-up ({}); starting anyway: {}",
          table,
          e.kind(),
          e.getMessage());
    }
  }

  /**
   * The client's region and endpoint are the application's when the client is: {@code
   * quickphotos.dynamodb.region} and {@code .endpoint} set beside it are ignored, which the
   * application should hear of rather than find out.
   */
  private static void warnIfIgnored(
      QuickPhotosProperties properties, DynamoDbClient client, BeanFactory beans) {
    QuickPhotosProperties.DynamoDb dynamodb = properties.getDynamodb();
    if (dynamodb.getRegion() == null && dynamodb.getEndpoint() == null) {
      return;
    }
    boolean startersClient =
        beans.containsBean(STARTERS_CLIENT) && beans.getBean(STARTERS_CLIENT) == client;
    if (!startersClient) {
      LOG.warn(
          "quickphotos.dynamodb.region and .endpoint are set ({}, {}), and the repository uses"
              + " the application's own DynamoDbClient bean, which has its own: they are ignored."
              + " Configure that client, or remove the properties.",
          dynamodb.getRegion(),
          dynamodb.getEndpoint());
    }
  }

  private static String region(DynamoDbClient client) {
    try {
      Region region = client.serviceClientConfiguration().region();
      return region == null ? null : region.id();
    } catch (RuntimeException e) {
      return null; // a client of the application's that does not say
    }
  }
}
