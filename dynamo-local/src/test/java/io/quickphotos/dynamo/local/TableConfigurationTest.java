package io.quickphotos.dynamo.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quickphotos.FanOut;
import io.quickphotos.NewUser;
import io.quickphotos.PageRequest;
import io.quickphotos.PhotoId;
import io.quickphotos.QuickPhotos;
import io.quickphotos.Sharding;
import io.quickphotos.SortOrder;
import io.quickphotos.TableConfigurationException;
import io.quickphotos.TableSettings;
import io.quickphotos.UserStatus;
import io.quickphotos.dynamo.DynamoQuickPhotos;
import io.quickphotos.dynamo.QuickPhotosTable;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * A table that is not laid out as quickphotos needs is the deployment's fault, not the caller's:
 * DynamoDB Local's own refusals must come out as {@link TableConfigurationException} naming the
 * problem, never as {@code InvalidInputException}.
 */
@ExtendWith(DynamoDbLocalExtension.class)
class TableConfigurationTest {
  private static final AtomicLong TABLES = new AtomicLong();
  private static final NewUser ANN =
      new NewUser("ann", "Ann", "ann@example.com", LocalDate.of(1990, 4, 1), "", UserStatus.ACTIVE);
  private static final PhotoId PHOTO = new PhotoId("ann", Instant.parse("2024-01-01T00:00:00Z"));

  private DynamoDbClient client;
  private String tableName;

  @BeforeEach
  void setUp(DynamoDbClient client) {
    this.client = client;
    this.tableName = "misconfigured-" + TABLES.incrementAndGet();
  }

  @AfterEach
  void deleteTable() {
    if (client.listTables().tableNames().contains(tableName)) {
      client.deleteTable(r -> r.tableName(tableName));
    }
  }

  private QuickPhotos repository() {
    return DynamoQuickPhotos.builder().client(client).tableName(tableName).build();
  }

  /** A table keyed on the given attributes (all strings): HASH first, then RANGE if given. */
  private void createTable(String... keys) {
    List<KeySchemaElement> schema = new java.util.ArrayList<>();
    List<AttributeDefinition> definitions = new java.util.ArrayList<>();
    for (int i = 0; i < keys.length; i++) {
      schema.add(
          KeySchemaElement.builder()
              .attributeName(keys[i])
              .keyType(i == 0 ? KeyType.HASH : KeyType.RANGE)
              .build());
      definitions.add(
          AttributeDefinition.builder()
              .attributeName(keys[i])
              .attributeType(ScalarAttributeType.S)
              .build());
    }
    client.createTable(
        r ->
            r.tableName(tableName)
                .keySchema(schema)
                .attributeDefinitions(definitions)
                .billingMode(BillingMode.PAY_PER_REQUEST));
  }

  @Test
  void aMissingTableIsNamed() {
    assertThatThrownBy(() -> repository().getUser("ann"))
        .isExactlyInstanceOf(TableConfigurationException.class)
        .hasMessageContaining("table " + tableName + " does not exist");
  }

  @Test
  void aTableKeyedOnAnotherAttributeIsNamedOnEveryKindOfRequest() {
    createTable("id");
    QuickPhotos photos = repository();
    assertThatThrownBy(() -> photos.createUser(ANN))
        .isExactlyInstanceOf(TableConfigurationException.class)
        .hasMessageContaining("table " + tableName + " does not have the quick-photos key schema");
    assertThatThrownBy(() -> photos.getUser("ann"))
        .isExactlyInstanceOf(TableConfigurationException.class)
        .hasMessageContaining("key schema");
    assertThatThrownBy(
            () -> photos.userWithPhotos("ann", SortOrder.NEWEST_FIRST, PageRequest.first()))
        .isExactlyInstanceOf(TableConfigurationException.class)
        .hasMessageContaining("key schema");
    assertThatThrownBy(() -> photos.follow("ann", "bob"))
        .isExactlyInstanceOf(TableConfigurationException.class)
        .hasMessageContaining("key schema");
  }

  @Test
  void aTableWithoutTheSortKeyIsNamed() {
    createTable("PK");
    QuickPhotos photos = repository();
    assertThatThrownBy(() -> photos.getUser("ann"))
        .isExactlyInstanceOf(TableConfigurationException.class)
        .hasMessageContaining("key schema");
    assertThatThrownBy(
            () -> photos.userWithPhotos("ann", SortOrder.NEWEST_FIRST, PageRequest.first()))
        .isExactlyInstanceOf(TableConfigurationException.class)
        .hasMessageContaining("key schema");
  }

  @Test
  void aTableWithoutTheInvertedIndexIsNamed() {
    createTable("PK", "SK");
    QuickPhotos photos = repository();
    photos.createUser(ANN);
    assertThatThrownBy(() -> photos.photoWithReactions(PHOTO, PageRequest.first()))
        .isExactlyInstanceOf(TableConfigurationException.class)
        .hasMessageContaining("has no global secondary index InvertedIndex");
    assertThatThrownBy(() -> photos.followedBy("ann", PageRequest.first()))
        .isExactlyInstanceOf(TableConfigurationException.class)
        .hasMessageContaining("InvertedIndex");
    assertThat(photos.getUser("ann")).isPresent();
  }

  @Test
  void timeToLiveIsEnabledOnceAndThenLeftAlone() {
    QuickPhotosTable.createIfMissing(client, tableName);

    assertThat(QuickPhotosTable.enableTimeToLive(client, tableName)).isTrue();
    assertThat(
            client
                .describeTimeToLive(r -> r.tableName(tableName))
                .timeToLiveDescription()
                .attributeName())
        .isEqualTo("expiresAt");
    // Every instance of a fleet runs it at start-up: the second is no request, no error.
    assertThat(QuickPhotosTable.enableTimeToLive(client, tableName)).isFalse();
  }

  @Test
  void timeToLiveOnAnotherAttributeIsTheDeploymentsToFix() {
    QuickPhotosTable.createIfMissing(client, tableName);
    client.updateTimeToLive(
        r ->
            r.tableName(tableName)
                .timeToLiveSpecification(s -> s.attributeName("deleteAfter").enabled(true)));

    assertThatThrownBy(() -> QuickPhotosTable.enableTimeToLive(client, tableName))
        .isInstanceOf(TableConfigurationException.class)
        .hasMessageContaining("deleteAfter");
  }

  @Test
  void timeToLiveOfAMissingTableIsTheDeploymentsToFix() {
    assertThatThrownBy(() -> QuickPhotosTable.enableTimeToLive(client, tableName))
        .isInstanceOf(TableConfigurationException.class)
        .hasMessageContaining("does not exist");
  }

  /** The WARNING lines the repository factory logs while {@code build} runs. */
  private static List<String> warningsWhile(Runnable build) {
    Logger logger = Logger.getLogger("io.quickphotos.internal.repository.Repositories");
    List<String> warnings = new CopyOnWriteArrayList<>();
    Handler handler =
        new Handler() {
          @Override
          public void publish(LogRecord record) {
            if (record.getLevel().intValue() >= Level.WARNING.intValue()) {
              warnings.add(record.getMessage());
            }
          }

          @Override
          public void flush() {}

          @Override
          public void close() {}
        };
    logger.addHandler(handler);
    try {
      build.run();
    } finally {
      logger.removeHandler(handler);
    }
    return warnings;
  }

  @Test
  void aBuilderGivenBothSettingsStillWarnsOfEachThatDiffersFromTheTables() {
    QuickPhotosTable.createIfMissing(client, tableName);
    TableSettings meant = new TableSettings(FanOut.hybrid(), Sharding.of(4, 50, 60));
    repository().recordSettings(meant);

    List<String> warnings =
        warningsWhile(
            () ->
                DynamoQuickPhotos.builder()
                    .client(client)
                    .tableName(tableName)
                    .fanOut(FanOut.off())
                    .sharding(Sharding.defaults())
                    .build());

    assertThat(warnings).hasSize(2);
    assertThat(warnings).anySatisfy(w -> assertThat(w).contains("sharding setting"));
    assertThat(warnings).anySatisfy(w -> assertThat(w).contains("fan-out setting"));
    assertThat(
            warningsWhile(
                () ->
                    DynamoQuickPhotos.builder()
                        .client(client)
                        .tableName(tableName)
                        .fanOut(meant.fanOut())
                        .sharding(meant.sharding())
                        .build()))
        .as("the table's own settings")
        .isEmpty();
  }

  @Test
  void aSettingsReadThatFailsAtBuildIsAWarningNamingWhatTheRepositoryRunsWith() {
    QuickPhotos[] built = new QuickPhotos[1];

    List<String> warnings =
        warningsWhile(
            () ->
                built[0] =
                    DynamoQuickPhotos.builder()
                        .client(client)
                        .tableName(tableName) // not created
                        .fanOut(FanOut.hybrid())
                        .build());

    assertThat(warnings)
        .singleElement()
        .satisfies(
            w ->
                assertThat(w)
                    .contains("could not be read")
                    .contains(tableName)
                    .contains("sharding " + Sharding.defaults() + " (the default)")
                    .contains("fan-out " + FanOut.hybrid() + " (its own)"));
    assertThat(built[0].settings())
        .isEqualTo(new TableSettings(FanOut.hybrid(), Sharding.defaults()));
  }
}
