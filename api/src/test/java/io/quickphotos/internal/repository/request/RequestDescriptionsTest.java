package io.quickphotos.internal.repository.request;

import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.DynamoRequest;
import io.quickphotos.PhotoId;
import io.quickphotos.SortOrder;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.ItemCondition;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.QueryPlan;
import io.quickphotos.engine.WriteAction;
import io.quickphotos.internal.singletable.feed.FollowKind;
import io.quickphotos.internal.singletable.feed.FollowPlans;
import io.quickphotos.internal.singletable.layout.KeyLayout;
import io.quickphotos.internal.singletable.photo.PhotoPlans;
import io.quickphotos.internal.singletable.photo.ReactionQueries;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class RequestDescriptionsTest {
  private static final PhotoId PHOTO =
      new PhotoId("jacksonjason", Instant.parse("2018-05-30T15:42:38Z"));

  @Test
  void showsTheKeyConditionOfAQueryAndWhereItContinues() {
    assertThat(RequestDescriptions.query(PhotoPlans.userWithPhotos("u", SortOrder.NEWEST_FIRST, 5)))
        .isEqualTo(
            new DynamoRequest(
                "Query",
                "Query PK = USER#u AND SK BETWEEN #METADATA#u AND"
                    + " PHOTO$, backwards, Limit 5, strongly consistent"));
    QueryPlan next = FollowPlans.followersOf("u", 10).startingAfter(new Key("USER#u", "#FRIEND#k"));
    assertThat(RequestDescriptions.query(next).description())
        .isEqualTo(
            "Query PK = USER#u AND begins_with(SK, #FRIEND#), forwards, Limit 10, "
                + "ExclusiveStartKey PK = USER#u, SK = #FRIEND#k, strongly consistent");
  }

  @Test
  void namesTheIndexOfAnIndexQueryAndItsKeys() {
    assertThat(
            RequestDescriptions.query(ReactionQueries.photoWithReactions(PHOTO, 10)).description())
        .isEqualTo(
            "Query InvertedIndex SK = PHOTO#jacksonjason#"
                + "2018-05-30T15:42:38.000000000Z, backwards, Limit 10, eventually consistent");
  }

  @Test
  void listsTheActionsOfATransaction() {
    assertThat(
            RequestDescriptions.transactWriteItems(
                FollowPlans.unfollow(
                        "a", "b", FollowKind.PULL, FollowPlans.Decrement.whole(KeyLayout.user("b")))
                    .actions()))
        .isEqualTo(
            new DynamoRequest(
                "TransactWriteItems",
                "TransactWriteItems, all or nothing: "
                    + "DeleteItem PK = USER#b, SK = #FRIEND#a"
                    + " if attribute_exists(PK) AND NOT (attribute_exists(feed)); "
                    + "UpdateItem PK = USER#b, SK = #METADATA#b SET followers = if_not_exists(followers, 0)"
                    + " - 1, rev = if_not_exists(rev, 0) + 1"
                    + " if attribute_exists(PK) AND NOT (shards >= 1) AND followers >= 1; "
                    + "UpdateItem PK = USER#a, SK = #METADATA#a SET following = if_not_exists(following, 0)"
                    + " - 1, rev = if_not_exists(rev, 0) + 1 if attribute_exists(PK)"));
  }

  @Test
  void aSingleWriteIsNamedAfterItsOperation() {
    DynamoRequest put =
        RequestDescriptions.write(
            new WriteAction.Put(
                Item.builder(KeyLayout.user("ann")).put("name", "Ann").build(),
                ItemCondition.ABSENT));
    assertThat(put.operation()).isEqualTo("PutItem");
    assertThat(put.description())
        .isEqualTo("PutItem PK = USER#ann, SK = #METADATA#ann if attribute_not_exists(PK)");
    assertThat(RequestDescriptions.getItem(KeyLayout.user("ann")).description())
        .isEqualTo("GetItem PK = USER#ann, SK = #METADATA#ann, strongly consistent");
  }

  @Test
  void aBatchNamesItsFirstKeysAndCountsTheRest() {
    List<Key> three = List.of(KeyLayout.user("a"), KeyLayout.user("b"), KeyLayout.user("c"));
    assertThat(RequestDescriptions.batchGetItem(three).description())
        .isEqualTo(
            "BatchGetItem"
                + " 3 keys (PK = USER#a, SK = #METADATA#a; PK = USER#b, SK = #METADATA#b; and 1 more),"
                + " strongly consistent");
    assertThat(RequestDescriptions.batchGetItem(three.subList(0, 1)).description())
        .isEqualTo("BatchGetItem 1 key (PK = USER#a, SK = #METADATA#a), strongly consistent");
    assertThat(
            RequestDescriptions.batchWriteItem(List.of(Item.builder(KeyLayout.user("a")).build()))
                .description())
        .isEqualTo("BatchWriteItem 1 put (PK = USER#a, SK = #METADATA#a)");
  }
}
