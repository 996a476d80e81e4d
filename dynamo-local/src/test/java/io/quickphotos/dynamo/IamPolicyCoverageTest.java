package io.quickphotos.dynamo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quickphotos.Follow;
import io.quickphotos.NewUser;
import io.quickphotos.PageRequest;
import io.quickphotos.Photo;
import io.quickphotos.ProfileUpdate;
import io.quickphotos.QuickPhotos;
import io.quickphotos.ReactionType;
import io.quickphotos.Snapshot;
import io.quickphotos.SortOrder;
import io.quickphotos.UserStatus;
import io.quickphotos.dynamo.local.DynamoDbLocal;
import io.quickphotos.dynamo.local.DynamoDbLocalExtension;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Get;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItem;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsRequest;

/**
 * The policy is no wider than the backend: one pass over the repository's calls on DynamoDB Local
 * uses every action of every statement, on the table and the index the statement names, and
 * provisioning uses exactly the table-creation statement. Together with {@link IamPolicyCheck}
 * on the contract suites (nothing outside the policy), the policy is what the backend needs. Also
 * checks the recorder itself, so a recorder that saw nothing or mapped transactions wrongly
 * could not let those checks pass.
 */
class IamPolicyCoverageTest {
  @RegisterExtension static final DynamoDbLocalExtension DYNAMO = new DynamoDbLocalExtension();

  private static final PolicyStatements POLICY = PolicyStatements.template();

  private static NewUser user(String name) {
    return new NewUser(
        name, name, name + "@example.com", LocalDate.of(1990, 1, 1), "", UserStatus.ACTIVE);
  }

  @Test
  void theRepositorysCallsUseEveryActionOfItsStatementsAndNoOther() {
    RecordedRequests recorded = new RecordedRequests();
    try (DynamoDbClient client =
        IamPolicyCheck.recordingClient(DYNAMO.table().server(), recorded)) {
      QuickPhotos photos =
          DynamoQuickPhotos.builder().client(client).tableName(DYNAMO.table().tableName()).build();
      Instant t0 = Instant.parse("2024-01-01T00:00:00Z");

      photos.createUser(user("ann")); // PutItem
      photos.importSnapshot( // BatchWriteItem
          new Snapshot(
              List.of(user("bob"), user("cy")),
              List.of(),
              List.of(new Follow("cy", "bob", t0)),
              List.of()),
          written -> {});
      photos.updateProfile("ann", ProfileUpdate.builder().name("Ann").build()); // UpdateItem
      photos.getUser("ann"); // GetItem
      Photo photo = photos.uploadPhoto("ann", t0, "https://example.com/1.jpg"); // check + put
      photos.follow("bob", "ann"); // updates + put
      photos.followedBy("bob", PageRequest.first()); // Query on the index + BatchGetItem
      photos.userWithPhotos("ann", SortOrder.OLDEST_FIRST, PageRequest.first()); // Query
      photos.reactTo("bob", photo.id(), ReactionType.HEART);
      photos.removeReaction("bob", photo.id(), ReactionType.HEART); // delete in a transaction
      photos.deletePhoto(photo.id()); // UpdateItem mark + DeleteItem
      photos.audit(false, scanned -> {}); // Scan
    }

    Set<RecordedRequests.Access> used =
        recorded.accesses(Set.of(DYNAMO.table().tableName())).keySet();
    assertThat(used)
        .containsExactlyInAnyOrderElementsOf(POLICY.grants(IamPolicyCheck.REPOSITORY_STATEMENTS));
    assertThat(recorded.operations().keySet())
        .contains("TransactWriteItems")
        .doesNotContain("DescribeTable", "CreateTable");
  }

  @Test
  void provisioningUsesExactlyTheTableCreationStatementThenReadsTheSettings(DynamoDbLocal server) {
    RecordedRequests recorded = new RecordedRequests();
    String name = "quick-photos-provisioned-" + System.nanoTime();
    try (DynamoDbClient client = IamPolicyCheck.recordingClient(server, recorded)) {
      DynamoQuickPhotos.builder().client(client).tableName(name).createTableIfMissing(true).build();
      QuickPhotosTable.verify(client, name);
    } finally {
      server.client().deleteTable(r -> r.tableName(name));
    }

    // Provisioning, then the build's one read of the table's recorded settings, which the
    // repository's own statement grants.
    Set<RecordedRequests.Access> expected = new java.util.LinkedHashSet<>();
    expected.addAll(POLICY.grants("QuickPhotosCreateTable"));
    expected.add(new RecordedRequests.Access("dynamodb:GetItem", PolicyStatements.TABLE_ARN));
    assertThat(POLICY.grants(IamPolicyCheck.REPOSITORY_STATEMENTS))
        .contains(new RecordedRequests.Access("dynamodb:GetItem", PolicyStatements.TABLE_ARN));
    assertThat(recorded.accesses(Set.of(name)).keySet())
        .containsExactlyInAnyOrderElementsOf(expected);
  }

  @Test
  void theRecorderNamesWhatIamChecksForTransactionsAndForeignTables() {
    TransactGetItemsRequest transactGet =
        TransactGetItemsRequest.builder()
            .transactItems(
                TransactGetItem.builder().get(Get.builder().tableName("t").build()).build())
            .build();
    assertThat(RecordedRequests.targets("TransactGetItems", transactGet))
        .containsExactly(new RecordedRequests.Target("dynamodb:GetItem", "t", null));

    RecordedRequests recorded = new RecordedRequests();
    try (DynamoDbClient client =
        IamPolicyCheck.recordingClient(DYNAMO.table().server(), recorded)) {
      client.listTables();
      GetItemRequest foreign =
          GetItemRequest.builder()
              .tableName("someone-elses")
              .key(Map.of("PK", AttributeValue.fromS("a"), "SK", AttributeValue.fromS("b")))
              .build();
      // Recorded before it is sent, so the table need not exist.
      assertThatThrownBy(() -> client.getItem(foreign))
          .isInstanceOf(ResourceNotFoundException.class);
    }
    Set<RecordedRequests.Access> accesses =
        recorded.accesses(Set.of(DYNAMO.table().tableName())).keySet();
    assertThat(accesses)
        .containsExactlyInAnyOrder(
            new RecordedRequests.Access(
                "dynamodb:ListTables", "arn:aws:dynamodb:<region>:<account>:table/?"),
            new RecordedRequests.Access(
                "dynamodb:GetItem", "arn:aws:dynamodb:<region>:<account>:table/someone-elses"));
    // Neither is allowed: the check would fail on them.
    accesses.forEach(a -> assertThat(POLICY.allows(a.action(), a.resource())).isFalse());
  }
}
