package io.quickphotos.dynamo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quickphotos.Follow;
import io.quickphotos.NewUser;
import io.quickphotos.QuickPhotos;
import io.quickphotos.QuickPhotosException;
import io.quickphotos.UserStatus;
import io.quickphotos.dynamo.internal.DynamoTable;
import io.quickphotos.dynamo.local.DynamoDbLocalExtension;
import io.quickphotos.dynamo.local.DynamoDbLocalExtension.LocalTable;
import io.quickphotos.engine.ClientToken;
import io.quickphotos.engine.TableTransactionCancelledException;
import io.quickphotos.engine.WriteAction;
import io.quickphotos.internal.singletable.feed.FollowPlans;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * What DynamoDB Local does with a repeated ClientRequestToken, as the engine sends it: the
 * guarantee the repository's transaction retries rest on.
 */
@ExtendWith(DynamoDbLocalExtension.class)
class ClientRequestTokenLocalTest {

  private static NewUser user(String name) {
    return new NewUser(
        name, name, name + "@example.com", LocalDate.of(1990, 1, 1), "", UserStatus.ACTIVE);
  }

  @Test
  void aRepeatedTransactionWithItsTokenIsAppliedOnce(LocalTable local) {
    QuickPhotos photos = local.repository();
    photos.createUser(user("ann"));
    photos.createUser(user("bob"));
    DynamoTable table = new DynamoTable(local.client(), local.tableName());
    List<WriteAction> follow =
        FollowPlans.follow(new Follow("bob", "ann", Instant.EPOCH)).actions();
    ClientToken token = new ClientToken();

    table.transactWrite(follow, token);
    // The friendship exists now, so without the token this repeat would be cancelled.
    table.transactWrite(follow, token);

    assertThat(photos.getUser("ann").orElseThrow().followers()).isEqualTo(1);
    assertThat(photos.getUser("bob").orElseThrow().following()).isEqualTo(1);
    assertThatThrownBy(() -> table.transactWrite(follow, new ClientToken()))
        .isInstanceOf(TableTransactionCancelledException.class);
  }

  @Test
  void aCancelledTransactionIsNotRememberedUnderItsToken(LocalTable local) {
    QuickPhotos photos = local.repository();
    photos.createUser(user("bob"));
    DynamoTable table = new DynamoTable(local.client(), local.tableName());
    List<WriteAction> follow =
        FollowPlans.follow(new Follow("bob", "ann", Instant.EPOCH)).actions();
    ClientToken token = new ClientToken();

    // ann does not exist yet: cancelled, nothing written.
    assertThatThrownBy(() -> table.transactWrite(follow, token))
        .isInstanceOf(TableTransactionCancelledException.class);
    photos.createUser(user("ann"));
    // The same request under the same token, once its conditions hold, is carried out: a
    // retry after a cancellation is a new attempt, as the repository's conflict retries need.
    table.transactWrite(follow, token);

    assertThat(photos.getUser("ann").orElseThrow().followers()).isEqualTo(1);
  }

  @Test
  void otherParametersUnderAnAppliedTokenAreRefused(LocalTable local) {
    QuickPhotos photos = local.repository();
    photos.createUser(user("ann"));
    photos.createUser(user("bob"));
    photos.createUser(user("cid"));
    DynamoTable table = new DynamoTable(local.client(), local.tableName());
    ClientToken token = new ClientToken();
    table.transactWrite(
        FollowPlans.follow(new Follow("bob", "ann", Instant.EPOCH)).actions(), token);

    assertThatThrownBy(
            () ->
                table.transactWrite(
                    FollowPlans.follow(new Follow("cid", "ann", Instant.EPOCH)).actions(), token))
        .isInstanceOf(QuickPhotosException.class)
        .hasMessageContaining("IdempotentParameterMismatch");
    assertThat(photos.getUser("ann").orElseThrow().followers()).isEqualTo(1);
  }
}
