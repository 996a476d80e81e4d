package io.quickphotos.test.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quickphotos.QuickPhotos;
import io.quickphotos.test.Backend;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * One annotation puts a class on DynamoDB Local: a table of its own, no credentials or system
 * properties, each method on an empty table.
 */
@SpringBootTest(classes = TestApplication.class)
@AutoConfigureQuickPhotos(backend = Backend.DYNAMODB_LOCAL)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class DynamoDbLocalContextTest {
  @Autowired QuickPhotos photos;
  @Autowired DynamoDbClient client;

  @Value("${quickphotos.table-name}")
  String table;

  @Test
  @Order(1)
  void writesToATableOfDynamoDbLocal() {
    assertThat(System.getProperty("aws.accessKeyId")).isNull();
    assertThat(table).startsWith("quick-photos-spring-");
    photos.createUser(MemoryByDefaultTest.ANN);
    assertThat(client.scan(r -> r.tableName(table)).count()).isEqualTo(1);
  }

  @Test
  @Order(2)
  void theNextMethodFindsTheTableEmpty() {
    assertThat(client.scan(r -> r.tableName(table)).count()).isZero();
    assertThat(photos.getUser("ann")).isEmpty();
  }

  @Test
  void withoutQuickphotosDynamoLocalTheClassFailsNamingIt() {
    assertThatThrownBy(
            () ->
                QuickPhotosContextCustomizerFactory.requireDynamoDbLocal(
                    DynamoDbLocalContextTest.class, name -> false))
        .hasMessageContaining("add the dependency io.quickphotos:quickphotos-dynamo-local");
  }
}
