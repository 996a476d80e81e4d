package io.quickphotos.dynamo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quickphotos.QuickPhotos;
import io.quickphotos.ServiceUnavailableException;
import io.quickphotos.TableConfigurationException;
import io.quickphotos.dynamo.internal.FakeDynamoDbClient;
import java.util.List;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableResponse;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;

/** The table layout, its checks, and the builder, without a server. */
class QuickPhotosTableTest {

  /** The description of a table created from {@link QuickPhotosTable#createTableRequest}. */
  private static TableDescription.Builder layout() {
    CreateTableRequest create = QuickPhotosTable.createTableRequest("quick-photos");
    return TableDescription.builder()
        .tableName("quick-photos")
        .tableStatus(TableStatus.ACTIVE)
        .attributeDefinitions(create.attributeDefinitions())
        .keySchema(create.keySchema())
        .globalSecondaryIndexes(
            GlobalSecondaryIndexDescription.builder()
                .indexName(create.globalSecondaryIndexes().get(0).indexName())
                .keySchema(create.globalSecondaryIndexes().get(0).keySchema())
                .projection(create.globalSecondaryIndexes().get(0).projection())
                .build());
  }

  private static KeySchemaElement key(String name, KeyType type) {
    return KeySchemaElement.builder().attributeName(name).keyType(type).build();
  }

  @Test
  void theCreateRequestHasTheLayoutAndOnDemandBilling() {
    CreateTableRequest create = QuickPhotosTable.createTableRequest("photos-prod");
    assertThat(create.tableName()).isEqualTo("photos-prod");
    assertThat(create.billingMode()).isEqualTo(BillingMode.PAY_PER_REQUEST);
    assertThat(create.keySchema())
        .containsExactly(key("PK", KeyType.HASH), key("SK", KeyType.RANGE));
    assertThat(create.globalSecondaryIndexes())
        .singleElement()
        .satisfies(
            gsi -> {
              assertThat(gsi.indexName()).isEqualTo("InvertedIndex");
              assertThat(gsi.keySchema())
                  .containsExactly(key("SK", KeyType.HASH), key("PK", KeyType.RANGE));
              assertThat(gsi.projection().projectionType()).isEqualTo(ProjectionType.ALL);
            });
    assertThat(QuickPhotosTable.differences(layout().build())).isEmpty();
  }

  @Test
  void badTableNamesAreRefused() {
    for (String bad : new String[] {"ab", "has space", "x".repeat(256), "ü-table"}) {
      assertThatThrownBy(() -> QuickPhotosTable.createTableRequest(bad))
          .isInstanceOf(IllegalArgumentException.class);
    }
    assertThatThrownBy(() -> QuickPhotosTable.createTableRequest(null))
        .isInstanceOf(NullPointerException.class);
  }

  @Test
  void everyDifferenceIsNamed() {
    TableDescription swapped =
        layout()
            .keySchema(key("id", KeyType.HASH))
            .globalSecondaryIndexes(
                GlobalSecondaryIndexDescription.builder()
                    .indexName("InvertedIndex")
                    .keySchema(key("SK", KeyType.HASH))
                    .projection(
                        Projection.builder().projectionType(ProjectionType.KEYS_ONLY).build())
                    .build())
            .build();
    assertThat(QuickPhotosTable.differences(swapped))
        .containsExactly(
            "key schema is [id HASH ?] but must be [PK HASH S, SK RANGE S]",
            "InvertedIndex key schema is [SK HASH S] but must be [SK HASH S, PK RANGE S]",
            "InvertedIndex projects KEYS_ONLY but must project ALL");
    TableDescription noIndex = layout().globalSecondaryIndexes(List.of()).build();
    assertThat(QuickPhotosTable.differences(noIndex))
        .containsExactly("global secondary index InvertedIndex is missing (indexes: [])");
  }

  @Test
  void createIfMissingChecksAnExistingTableWithoutCreating() {
    FakeDynamoDbClient client =
        new FakeDynamoDbClient(
            r -> DescribeTableResponse.builder().table(layout().build()).build());
    assertThat(QuickPhotosTable.createIfMissing(client, "quick-photos")).isFalse();
    assertThat(client.requests).hasSize(1);
    assertThat(client.closed).isFalse();
  }

  @Test
  void anExistingTableWithAnotherLayoutIsReported() {
    FakeDynamoDbClient client =
        new FakeDynamoDbClient(
            r ->
                DescribeTableResponse.builder()
                    .table(layout().globalSecondaryIndexes(List.of()).build())
                    .build());
    assertThatThrownBy(() -> QuickPhotosTable.createIfMissing(client, "quick-photos"))
        .isInstanceOf(TableConfigurationException.class)
        .hasMessageContaining("quick-photos does not have the quick-photos layout")
        .hasMessageContaining("InvertedIndex is missing");
    assertThatThrownBy(() -> QuickPhotosTable.verify(client, "quick-photos"))
        .isInstanceOf(TableConfigurationException.class);
  }

  @Test
  void verifyReportsAMissingTable() {
    FakeDynamoDbClient client =
        new FakeDynamoDbClient(
            r -> {
              throw ResourceNotFoundException.builder()
                  .awsErrorDetails(
                      AwsErrorDetails.builder().errorCode("ResourceNotFoundException").build())
                  .statusCode(400)
                  .build();
            });
    assertThatThrownBy(() -> QuickPhotosTable.verify(client, "quick-photos"))
        .isInstanceOf(TableConfigurationException.class)
        .hasMessageContaining("does not exist");
  }

  @Test
  void anUnreachableEndpointIsUnavailable() {
    FakeDynamoDbClient client =
        new FakeDynamoDbClient(
            r -> {
              throw SdkClientException.create("connection refused");
            });
    assertThatThrownBy(() -> QuickPhotosTable.createIfMissing(client, "quick-photos"))
        .isInstanceOf(ServiceUnavailableException.class);
  }

  // --- builder -------------------------------------------------------------------------------

  @Test
  void theBuilderNeedsAClient() {
    assertThatThrownBy(() -> DynamoQuickPhotos.builder().build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("DynamoDbClient");
    assertThatThrownBy(() -> DynamoQuickPhotos.builder().client(null))
        .isInstanceOf(NullPointerException.class);
    assertThatThrownBy(() -> DynamoQuickPhotos.builder().tableName("no"))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void buildingReadsOnlyTheRecordedSettingsAndUsesTheNamedTableWithoutClosingTheClient() {
    FakeDynamoDbClient client = new FakeDynamoDbClient(r -> GetItemResponse.builder().build());
    QuickPhotos photos =
        DynamoQuickPhotos.builder().client(client).tableName("photos-test").build();
    assertThat(client.requests).isEmpty();
    assertThat(client.settingsReads)
        .singleElement()
        .satisfies(
            read -> {
              assertThat(read.tableName()).isEqualTo("photos-test");
              assertThat(read.consistentRead()).isTrue();
            });
    assertThat(photos.getUser("alice")).isEmpty();
    assertThat(client.last(GetItemRequest.class).tableName()).isEqualTo("photos-test");
    assertThat(client.closed).isFalse();
  }

  @Test
  void theDefaultTableIsQuickPhotos() {
    FakeDynamoDbClient client = new FakeDynamoDbClient(r -> GetItemResponse.builder().build());
    DynamoQuickPhotos.builder().client(client).build().getUser("alice");
    assertThat(client.last(GetItemRequest.class).tableName()).isEqualTo("quick-photos");
  }
}
