package io.quickphotos.dynamo;

import io.quickphotos.QuickPhotosException;
import io.quickphotos.TableConfigurationException;
import io.quickphotos.dynamo.internal.SdkErrors;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.Limits;
import io.quickphotos.internal.singletable.layout.Attributes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.waiters.WaiterOverrideConfiguration;
import software.amazon.awssdk.core.waiters.WaiterResponse;
import software.amazon.awssdk.retries.api.BackoffStrategy;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableResponse;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ResourceInUseException;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveDescription;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveSpecification;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveStatus;
import software.amazon.awssdk.services.dynamodb.model.UpdateTimeToLiveRequest;
import software.amazon.awssdk.services.dynamodb.waiters.DynamoDbWaiter;

/**
 * The quick-photos table: its layout, and provisioning it on DynamoDB. The layout is a table
 * with string keys {@code PK} (partition) and {@code SK} (sort) and one global secondary index,
 * {@code InvertedIndex}, keyed the other way round ({@code SK} partition, {@code PK} sort) with
 * every attribute projected. Provisioning creates it with on-demand billing.
 *
 * <p>Applications that manage tables as infrastructure (CloudFormation, CDK, Terraform) create
 * the same layout there and never call this class; {@link #createTableRequest} shows exactly what
 * to declare. Applications that want the table made for them call {@link #createIfMissing} once
 * at startup, or set {@link DynamoQuickPhotos.Builder#createTableIfMissing(boolean)}, which calls
 * it. The two names say the same thing where each is read: on this class the table is the
 * subject ({@code QuickPhotosTable.createIfMissing}), on the repository's builder it must be
 * named ({@code createTableIfMissing}), since a builder's other options are the repository's.
 *
 * <p>Stateless and thread-safe. The client passed in is used, never closed.
 */
public final class QuickPhotosTable {
  /** The table name the design uses, and the default of {@link DynamoQuickPhotos#builder()}. */
  public static final String DEFAULT_NAME = Limits.DEFAULT_TABLE_NAME;

  /** The name of the global secondary index with the keys swapped. */
  public static final String INVERTED_INDEX = Limits.INVERTED_INDEX_NAME;

  private static final Logger LOG = LoggerFactory.getLogger(QuickPhotosTable.class);
  private static final Pattern TABLE_NAME = Pattern.compile("[a-zA-Z0-9_.-]{3,255}");

  /** How long provisioning waits for a new table to become ACTIVE. */
  private static final Duration ACTIVE_TIMEOUT = Duration.ofMinutes(10);

  private QuickPhotosTable() {}

  /**
   * The CreateTable request for the layout, with on-demand billing: what
   * {@link #createIfMissing} sends, for applications that create tables themselves.
   *
   * @param tableName the table's name: 3 to 255 letters, digits, {@code _}, {@code -} or
   *     {@code .}
   * @return the request
   * @throws IllegalArgumentException if the name is not a valid DynamoDB table name
   */
  public static CreateTableRequest createTableRequest(String tableName) {
    checkTableName(tableName);
    return CreateTableRequest.builder()
        .tableName(tableName)
        .attributeDefinitions(
            AttributeDefinition.builder()
                .attributeName(Item.PK)
                .attributeType(ScalarAttributeType.S)
                .build(),
            AttributeDefinition.builder()
                .attributeName(Item.SK)
                .attributeType(ScalarAttributeType.S)
                .build())
        .keySchema(
            KeySchemaElement.builder().attributeName(Item.PK).keyType(KeyType.HASH).build(),
            KeySchemaElement.builder().attributeName(Item.SK).keyType(KeyType.RANGE).build())
        .globalSecondaryIndexes(
            GlobalSecondaryIndex.builder()
                .indexName(INVERTED_INDEX)
                .keySchema(
                    KeySchemaElement.builder().attributeName(Item.SK).keyType(KeyType.HASH).build(),
                    KeySchemaElement.builder()
                        .attributeName(Item.PK)
                        .keyType(KeyType.RANGE)
                        .build())
                .projection(Projection.builder().projectionType(ProjectionType.ALL).build())
                .build())
        .billingMode(BillingMode.PAY_PER_REQUEST)
        .build();
  }

  /**
   * The UpdateTimeToLive request that lets DynamoDB delete the hybrid feed's timeline entries
   * ({@link io.quickphotos.FanOut#hybrid()}) a day after they leave the window: time to live on
   * the attribute {@code expiresAt} (epoch seconds), which only timeline entries carry. Without
   * it timelines keep every entry; reads stay correct either way (entries past the window are
   * never served). Send it once, with the same client, after the table is created (it is not
   * part of {@link #createIfMissing}: DynamoDB Local honours it too and deletes entries whose time
   * has passed by the wall clock, which breaks tests that run the repository on a fixed clock in
   * the past, as this project's contract tests do).
   *
   * @param tableName the table's name
   * @return the request
   * @throws IllegalArgumentException if the name is not a valid DynamoDB table name
   */
  public static UpdateTimeToLiveRequest timeToLiveRequest(String tableName) {
    checkTableName(tableName);
    return UpdateTimeToLiveRequest.builder()
        .tableName(tableName)
        .timeToLiveSpecification(
            TimeToLiveSpecification.builder()
                .attributeName(Attributes.EXPIRES_AT)
                .enabled(true)
                .build())
        .build();
  }

  /**
   * Enables the time to live of {@link #timeToLiveRequest} on a table unless it is enabled
   * already (or being enabled): for start-up code that runs on every instance, where a second
   * UpdateTimeToLive would be refused ("TimeToLive is already enabled"). Requests: one
   * DescribeTimeToLive, and an UpdateTimeToLive only when time to live is off; DynamoDB then
   * takes up to an hour to apply it. Two instances starting at once may both send the update:
   * the second is refused with that message, which this method takes as done. The credentials
   * need {@code dynamodb:DescribeTimeToLive} and {@code dynamodb:UpdateTimeToLive}, which
   * {@link IamPolicy} leaves out: time to live is usually the business of whatever manages the
   * table. Not for tests on DynamoDB Local with a clock in the past: it deletes expired timeline
   * entries by the wall clock.
   *
   * @param client the client; not closed
   * @param tableName the table's name
   * @return true if this call sent the UpdateTimeToLive
   * @throws TableConfigurationException if the table is missing, time to live is enabled on
   *     another attribute, or the credentials lack a permission
   * @throws io.quickphotos.ServiceUnavailableException if DynamoDB cannot be reached or stays
   *     throttled
   * @throws IllegalArgumentException if the name is not a valid DynamoDB table name
   */
  public static boolean enableTimeToLive(DynamoDbClient client, String tableName) {
    Objects.requireNonNull(client, "client");
    UpdateTimeToLiveRequest request = timeToLiveRequest(tableName);
    TimeToLiveDescription current;
    try {
      current = client.describeTimeToLive(r -> r.tableName(tableName)).timeToLiveDescription();
    } catch (ResourceNotFoundException e) {
      throw new TableConfigurationException("DynamoDB table " + tableName + " does not exist", e);
    } catch (SdkException e) {
      throw SdkErrors.translate(e, "DescribeTimeToLive", false, tableName);
    }
    TimeToLiveStatus status = current == null ? null : current.timeToLiveStatus();
    if (status == TimeToLiveStatus.ENABLED || status == TimeToLiveStatus.ENABLING) {
      if (!Attributes.EXPIRES_AT.equals(current.attributeName())) {
        throw new TableConfigurationException(
            "DynamoDB table "
                + tableName
                + " has time to live on "
                + current.attributeName()
                + ", not on "
                + Attributes.EXPIRES_AT
                + ": a table has one time-to-live attribute, and the hybrid feed's timelines"
                + " expire by "
                + Attributes.EXPIRES_AT);
      }
      return false;
    }
    try {
      client.updateTimeToLive(request);
      LOG.info("Enabled time to live on {} of DynamoDB table {}", Attributes.EXPIRES_AT, tableName);
      return true;
    } catch (DynamoDbException e) {
      if (e.getMessage() != null && e.getMessage().contains("already enabled")) {
        // Another instance enabled it between our DescribeTimeToLive and this request.
        return false;
      }
      throw SdkErrors.translate(e, "UpdateTimeToLive", true, tableName);
    } catch (SdkException e) {
      throw SdkErrors.translate(e, "UpdateTimeToLive", true, tableName);
    }
  }

  /**
   * Makes sure the table exists with the layout: creates it if it is missing and waits until it
   * is ACTIVE, or checks an existing table's layout. Requests: one DescribeTable; for a missing
   * table also one CreateTable and the DescribeTable polls of the SDK's waiter. Safe to call from
   * several processes at once: one creates, the others wait for it. Time to live for the hybrid
   * feed's timelines is a separate step: {@link #timeToLiveRequest}.
   *
   * @param client the client, configured with the region, credentials and endpoint to use; not
   *     closed
   * @param tableName the table's name
   * @return true if this call created the table
   * @throws TableConfigurationException if an existing table has another layout (the message
   *     names every difference), or the credentials may not describe or create it
   * @throws QuickPhotosException if the table does not become ACTIVE in ten minutes
   * @throws io.quickphotos.ServiceUnavailableException if DynamoDB cannot be reached or stays
   *     throttled
   * @throws IllegalArgumentException if the name is not a valid DynamoDB table name
   */
  public static boolean createIfMissing(DynamoDbClient client, String tableName) {
    Objects.requireNonNull(client, "client");
    CreateTableRequest request = createTableRequest(tableName);
    Optional<TableDescription> existing = describe(client, tableName);
    boolean created = false;
    if (existing.isEmpty()) {
      try {
        client.createTable(request);
        created = true;
        LOG.info("Created DynamoDB table {} with index {}", tableName, INVERTED_INDEX);
      } catch (ResourceInUseException e) {
        // Someone else is creating it right now; wait for theirs like for ours.
        LOG.debug("DynamoDB table {} is being created elsewhere", tableName, e);
      } catch (SdkException e) {
        throw SdkErrors.translate(e, "CreateTable", true, tableName);
      }
    }
    TableDescription table =
        existing.isPresent() && existing.get().tableStatus() == TableStatus.ACTIVE
            ? existing.get()
            : waitUntilActive(client, tableName);
    List<String> differences = differences(table);
    if (!differences.isEmpty()) {
      throw mismatch(tableName, differences);
    }
    return created;
  }

  /**
   * Checks that an existing table has the layout, with one DescribeTable.
   *
   * @param client the client; not closed
   * @param tableName the table's name
   * @throws TableConfigurationException if the table is missing or has another layout (the
   *     message names every difference), or the credentials may not describe it
   * @throws io.quickphotos.ServiceUnavailableException if DynamoDB cannot be reached or stays
   *     throttled
   * @throws IllegalArgumentException if the name is not a valid DynamoDB table name
   */
  public static void verify(DynamoDbClient client, String tableName) {
    Objects.requireNonNull(client, "client");
    checkTableName(tableName);
    TableDescription table =
        describe(client, tableName)
            .orElseThrow(
                () ->
                    new TableConfigurationException(
                        "DynamoDB table " + tableName + " does not exist"));
    List<String> differences = differences(table);
    if (!differences.isEmpty()) {
      throw mismatch(tableName, differences);
    }
  }

  static void checkTableName(String tableName) {
    Objects.requireNonNull(tableName, "tableName");
    if (!TABLE_NAME.matcher(tableName).matches()) {
      throw new IllegalArgumentException(
          "not a DynamoDB table name (3 to 255 of a-z A-Z 0-9 _" + " - .): " + tableName);
    }
  }

  /**
   * Every way a table's description differs from the layout, in words.
   *
   * @param table the description
   * @return the differences, empty if it matches
   */
  static List<String> differences(TableDescription table) {
    List<String> differences = new ArrayList<>();
    Map<String, ScalarAttributeType> types =
        table.attributeDefinitions().stream()
            .collect(
                Collectors.toMap(
                    AttributeDefinition::attributeName,
                    AttributeDefinition::attributeType,
                    (a, b) -> a));
    String keys = keySchema(table.keySchema(), types);
    String wantedKeys = "PK HASH S, SK RANGE S";
    if (!keys.equals(wantedKeys)) {
      differences.add("key schema is [" + keys + "] but must be [" + wantedKeys + "]");
    }
    Optional<GlobalSecondaryIndexDescription> index =
        table.globalSecondaryIndexes().stream()
            .filter(gsi -> INVERTED_INDEX.equals(gsi.indexName()))
            .findFirst();
    if (index.isEmpty()) {
      differences.add(
          "global secondary index "
              + INVERTED_INDEX
              + " is missing (indexes: "
              + table.globalSecondaryIndexes().stream()
                  .map(GlobalSecondaryIndexDescription::indexName)
                  .toList()
              + ")");
    } else {
      String indexKeys = keySchema(index.get().keySchema(), types);
      String wantedIndexKeys = "SK HASH S, PK RANGE S";
      if (!indexKeys.equals(wantedIndexKeys)) {
        differences.add(
            INVERTED_INDEX
                + " key schema is ["
                + indexKeys
                + "] but must be ["
                + wantedIndexKeys
                + "]");
      }
      ProjectionType projection =
          index.get().projection() == null ? null : index.get().projection().projectionType();
      if (projection != ProjectionType.ALL) {
        differences.add(INVERTED_INDEX + " projects " + projection + " but must project ALL");
      }
    }
    return differences;
  }

  private static String keySchema(
      List<KeySchemaElement> schema, Map<String, ScalarAttributeType> types) {
    return schema.stream()
        .map(
            k ->
                k.attributeName()
                    + " "
                    + k.keyTypeAsString()
                    + " "
                    + Optional.ofNullable(types.get(k.attributeName()))
                        .map(Object::toString)
                        .orElse("?"))
        .collect(Collectors.joining(", "));
  }

  private static TableConfigurationException mismatch(String tableName, List<String> differences) {
    return new TableConfigurationException(
        "DynamoDB table "
            + tableName
            + " does not have the"
            + " quick-photos layout: "
            + String.join("; ", differences));
  }

  private static Optional<TableDescription> describe(DynamoDbClient client, String tableName) {
    try {
      return Optional.of(client.describeTable(r -> r.tableName(tableName)).table());
    } catch (ResourceNotFoundException e) {
      return Optional.empty();
    } catch (SdkException e) {
      throw SdkErrors.translate(e, "DescribeTable", false, tableName);
    }
  }

  private static TableDescription waitUntilActive(DynamoDbClient client, String tableName) {
    // The SDK's default polls every 20 s; a new on-demand table is usually ACTIVE within seconds.
    WaiterOverrideConfiguration polling =
        WaiterOverrideConfiguration.builder()
            .backoffStrategyV2(BackoffStrategy.fixedDelayWithoutJitter(Duration.ofSeconds(2)))
            .maxAttempts(Integer.MAX_VALUE)
            .waitTimeout(ACTIVE_TIMEOUT)
            .build();
    // A waiter built on the caller's client leaves that client open when it closes.
    try (DynamoDbWaiter waiter =
        DynamoDbWaiter.builder().client(client).overrideConfiguration(polling).build()) {
      WaiterResponse<DescribeTableResponse> response =
          waiter.waitUntilTableExists(r -> r.tableName(tableName));
      return response
          .matched()
          .response()
          .map(DescribeTableResponse::table)
          .orElseThrow(
              () ->
                  new QuickPhotosException(
                      "DynamoDB table " + tableName + " did not become ACTIVE",
                      response.matched().exception().orElse(null)));
    } catch (SdkException e) {
      throw SdkErrors.translate(e, "DescribeTable", false, tableName);
    }
  }
}
