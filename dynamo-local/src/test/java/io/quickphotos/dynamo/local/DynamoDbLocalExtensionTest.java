package io.quickphotos.dynamo.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quickphotos.NewUser;
import io.quickphotos.QuickPhotos;
import io.quickphotos.UserStatus;
import io.quickphotos.dynamo.QuickPhotosTable;
import java.time.LocalDate;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

@ExtendWith(DynamoDbLocalExtension.class)
class DynamoDbLocalExtensionTest {
  private static final Set<String> TABLES_SEEN = ConcurrentHashMap.newKeySet();
  private static DynamoDbLocal serverOfTheClass;

  @BeforeAll
  static void theServerIsThereBeforeAnyTest(DynamoDbLocal server, DynamoDbClient client) {
    serverOfTheClass = server;
    assertThat(client).isSameAs(server.client());
  }

  @BeforeEach
  void theTableIsThereBeforeEach(DynamoDbLocalExtension.LocalTable table) {
    QuickPhotosTable.verify(table.client(), table.tableName());
  }

  @RepeatedTest(3)
  void everyTestGetsAFreshEmptyTableOnTheSharedServer(
      DynamoDbLocalExtension.LocalTable table, QuickPhotos photos, DynamoDbLocal server) {
    assertThat(server).isSameAs(serverOfTheClass);
    assertThat(TABLES_SEEN.add(table.tableName())).as("a new table name").isTrue();
    assertThat(photos.getUser("alice")).isEmpty();
    photos.createUser(
        new NewUser(
            "alice",
            "Alice",
            "alice@example.com",
            LocalDate.of(1990, 4, 1),
            "",
            UserStatus.ACTIVE));
    assertThat(table.repository().getUser("alice")).isPresent();
  }

  @Test
  void theTableIsOnlyKnownDuringATest() {
    assertThatThrownBy(() -> new DynamoDbLocalExtension().table())
        .isInstanceOf(IllegalStateException.class);
  }

  @AfterAll
  static void finishedTablesAreDeleted(DynamoDbClient client) {
    assertThat(client.listTables().tableNames()).doesNotContainAnyElementsOf(TABLES_SEEN);
  }
}
