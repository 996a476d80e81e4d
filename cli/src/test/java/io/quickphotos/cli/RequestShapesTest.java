package io.quickphotos.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.PhotoId;
import io.quickphotos.SortOrder;
import io.quickphotos.internal.singletable.Plans;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class RequestShapesTest {
  private static final PhotoId PHOTO =
      new PhotoId("jacksonjason", Instant.parse("2018-05-30T15:42:38Z"));

  @Test
  void showsTheKeyConditionOfAQuery() {
    assertThat(RequestShapes.query(Plans.userWithPhotos("u", SortOrder.NEWEST_FIRST, 5), false))
        .containsExactly("Query PK = USER#u AND SK BETWEEN #METADATA#u AND PHOTO$, backwards, "
            + "Limit 5, strongly consistent");
    assertThat(RequestShapes.query(Plans.followersOf("u", 10), true))
        .containsExactly("Query PK = USER#u AND begins_with(SK, #FRIEND#), forwards, Limit 10, "
            + "ExclusiveStartKey from the cursor, strongly consistent");
  }

  @Test
  void namesTheIndexOfAnIndexQuery() {
    assertThat(RequestShapes.query(Plans.photoWithReactions(PHOTO, 10), false))
        .containsExactly("Query InvertedIndex SK = PHOTO#jacksonjason#"
            + "2018-05-30T15:42:38.000000000Z, backwards, Limit 10, eventually consistent");
  }

  @Test
  void listsTheActionsOfATransaction() {
    assertThat(RequestShapes.write(Plans.unfollow("a", "b"))).containsExactly(
        "TransactWriteItems, all or nothing:",
        "  DeleteItem PK = USER#b, SK = #FRIEND#a if attribute_exists(PK)",
        "  UpdateItem PK = USER#b, SK = #METADATA#b SET followers = if_not_exists(followers, 0) - 1"
            + " if attribute_exists(PK)",
        "  UpdateItem PK = USER#a, SK = #METADATA#a SET following = if_not_exists(following, 0) - 1"
            + " if attribute_exists(PK)");
  }

  @Test
  void showsTheFanOutOfTheHomeFeed() {
    assertThat(RequestShapes.homeFeed("u", 10)).containsExactly(
        "Query InvertedIndex SK = #FRIEND#u, forwards, Limit 1000, eventually consistent, "
            + "repeated from its last evaluated key until the list ends",
        "then for each followed user <f>: Query PK = USER#<f> AND begins_with(SK, PHOTO#<f>#), "
            + "backwards, Limit 10, eventually consistent (after a cursor: SK BETWEEN PHOTO#<f># "
            + "AND PHOTO#<f>#<position>)",
        "merged newest first: ⌊F / 1000⌋ + 1 + F requests for F followed users");
  }
}
