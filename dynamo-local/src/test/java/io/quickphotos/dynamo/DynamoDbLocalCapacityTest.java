package io.quickphotos.dynamo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.quickphotos.AccessPattern;
import io.quickphotos.NewUser;
import io.quickphotos.OperationCost;
import io.quickphotos.PageRequest;
import io.quickphotos.Photo;
import io.quickphotos.ProfileUpdate;
import io.quickphotos.QuickPhotos;
import io.quickphotos.ReactionType;
import io.quickphotos.SortOrder;
import io.quickphotos.UserStatus;
import io.quickphotos.contract.RecordingCostListener;
import io.quickphotos.contract.TickingClock;
import io.quickphotos.dynamo.internal.DynamoTable;
import io.quickphotos.dynamo.local.DynamoDbLocalExtension;
import io.quickphotos.engine.AttributePath;
import io.quickphotos.engine.Capacity;
import io.quickphotos.engine.Index;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.ItemCondition;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.QueryPlan;
import io.quickphotos.engine.QueryResult;
import io.quickphotos.engine.Table;
import io.quickphotos.engine.UpdateAction;
import io.quickphotos.engine.WriteAction;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Pins the capacity DynamoDB Local 2.6.1 reports ({@code ReturnConsumedCapacity=TOTAL}) for each
 * request shape, beside what DynamoDB's documented formulas (shared/DYNAMODB.md) give. Where the
 * two differ the assertion holds Local's number and the comment says {@code service:}; the
 * contract suite expects those numbers on Local through
 * {@link io.quickphotos.contract.Billing#DYNAMODB_LOCAL}. Should a new DynamoDB Local change any
 * of these, this class fails first and says which.
 *
 * <p>Every item here has both index keys, so every write also writes {@code InvertedIndex}.
 */
class DynamoDbLocalCapacityTest {
  @RegisterExtension static final DynamoDbLocalExtension DYNAMO = new DynamoDbLocalExtension();

  private DynamoTable table;

  @BeforeEach
  void engine() {
    table = new DynamoTable(DYNAMO.table().client(), DYNAMO.table().tableName());
  }

  /** An item of exactly {@code size} bytes by DynamoDB's formula. */
  static Item sized(String pk, String sk, int size) {
    int keys = "PK".length() + pk.length() + "SK".length() + sk.length() + "data".length();
    Item item = Item.builder(new Key(pk, sk)).put("data", "x".repeat(size - keys)).build();
    assertThat(item.size()).isEqualTo(size);
    return item;
  }

  private Capacity put(Item item) {
    return table.write(new WriteAction.Put(item, ItemCondition.NONE)).consumed();
  }

  private static Capacity reads(double units) {
    return new Capacity(units, 0);
  }

  private static Capacity writes(double units) {
    return new Capacity(0, units);
  }

  private QueryResult query(Index index, String partition, boolean consistent) {
    return table.query(
        new QueryPlan(index, partition, Optional.empty(), true, 100, Optional.empty(), consistent));
  }

  // --- GetItem -------------------------------------------------------------------------------

  @Test
  void getItemRoundsTheItemUpToFourKilobytes() {
    put(sized("P", "small", 100));
    put(sized("P", "4096", 4096));
    put(sized("P", "4097", 4097));
    assertThat(table.getItem(new Key("P", "small")).consumed()).isEqualTo(reads(1));
    assertThat(table.getItem(new Key("P", "4096")).consumed()).isEqualTo(reads(1));
    assertThat(table.getItem(new Key("P", "4097")).consumed()).isEqualTo(reads(2));
  }

  @Test
  void getItemOfAMissingItemCostsTheMinimum() {
    assertThat(table.getItem(new Key("P", "missing")).consumed()).isEqualTo(reads(1));
  }

  // --- Query ---------------------------------------------------------------------------------

  @Test
  void queryOfNothingCostsNothingOnLocal() {
    // service: the minimum, 1 strongly consistent and 0.5 eventually consistent.
    assertThat(query(Index.TABLE, "empty", true).consumed()).isEqualTo(reads(0));
    assertThat(query(Index.TABLE, "empty", false).consumed()).isEqualTo(reads(0));
    assertThat(query(Index.INVERTED, "empty", false).consumed()).isEqualTo(reads(0));
  }

  @Test
  void queryRoundsTheSumOfItemSizesUpOnce() {
    put(sized("ONE", "a", 100));
    for (int i = 0; i < 3; i++) {
      put(sized("MANY", "s" + i, 1000));
    }
    assertThat(query(Index.TABLE, "ONE", true).consumed()).isEqualTo(reads(1));
    assertThat(query(Index.TABLE, "ONE", false).consumed()).isEqualTo(reads(0.5));
    assertThat(query(Index.TABLE, "MANY", true).consumed()).isEqualTo(reads(1));
    assertThat(query(Index.TABLE, "MANY", false).consumed()).isEqualTo(reads(0.5));
    // On the index the partition is the SK value; "a" holds one item.
    assertThat(query(Index.INVERTED, "a", false).consumed()).isEqualTo(reads(0.5));
  }

  @Test
  void queryOfItemsAtTheFourKilobyteBoundary() {
    put(sized("Q4096", "k", 4096));
    put(sized("Q4097", "k", 4097));
    assertThat(query(Index.TABLE, "Q4096", true).consumed()).isEqualTo(reads(1));
    assertThat(query(Index.TABLE, "Q4097", true).consumed()).isEqualTo(reads(2));
    assertThat(query(Index.TABLE, "Q4096", false).consumed()).isEqualTo(reads(0.5));
    assertThat(query(Index.TABLE, "Q4097", false).consumed()).isEqualTo(reads(1));
    // Both items share SK "k": 8193 bytes on the index, three 4 KB blocks, half a unit each.
    assertThat(query(Index.INVERTED, "k", false).consumed()).isEqualTo(reads(1.5));
  }

  @Test
  void theOneMegabyteCutIncludesTheItemThatCrossesIt() {
    for (int i = 0; i < 12; i++) {
      put(sized("BIG", String.format("%02d", i), 100_000));
    }
    QueryResult page = query(Index.TABLE, "BIG", true);
    // Ten items are 1,000,000 bytes, under 1 MB (1,048,576); the eleventh crosses it and is
    // returned, and the page stops there.
    assertThat(page.items()).hasSize(11);
    assertThat(page.lastEvaluatedKey()).contains(new Key("BIG", "10"));
    // 1,100,000 bytes read, rounded up to 4 KB once: 269 blocks.
    assertThat(page.consumed()).isEqualTo(reads(269));
    QueryResult rest =
        table.query(
            new QueryPlan(
                Index.TABLE, "BIG", Optional.empty(), true, 100, page.lastEvaluatedKey(), true));
    assertThat(rest.items()).hasSize(1);
    assertThat(rest.lastEvaluatedKey()).isEmpty();
  }

  // --- BatchGetItem --------------------------------------------------------------------------

  @Test
  void batchGetRoundsEachItemOnItsOwnAndAMissingKeyCostsNothingOnLocal() {
    put(sized("B", "small", 100));
    put(sized("B", "4096", 4096));
    put(sized("B", "4097", 4097));
    assertThat(table.batchGetItem(List.of(new Key("B", "4096"), new Key("B", "4097"))).consumed())
        .isEqualTo(reads(3));
    // service: the missing key costs the minimum too, 1 (DYNAMODB.md).
    assertThat(table.batchGetItem(List.of(new Key("B", "missing"))).consumed()).isEqualTo(reads(0));
    assertThat(
            table.batchGetItem(List.of(new Key("B", "small"), new Key("B", "missing"))).consumed())
        .isEqualTo(reads(1));
  }

  // --- single writes: table and index together -----------------------------------------------

  @Test
  void transactGetReadsEachItemTransactionallyRoundedOnItsOwn() {
    put(sized("T", "small", 100));
    put(sized("T", "4097", 4097));
    Table.TransactRead read =
        table.transactGetItems(
            List.of(new Key("T", "small"), new Key("T", "4097"), new Key("T", "missing")));
    assertThat(read.items())
        .extracting(java.util.Optional::isPresent)
        .containsExactly(true, true, false);
    // Twice a strongly consistent read per item: 2 + 4 for the two, and the missing key counts
    // as one of 4 KB (2), as the memory engine bills it (TransactGetTest).
    assertThat(read.consumed()).isEqualTo(reads(8));
  }

  @Test
  void putOfANewItemWritesTableAndIndex() {
    // TOTAL includes the GSI: one unit per KB on the table and one on the index.
    assertThat(put(sized("W", "1024", 1024))).isEqualTo(writes(2));
    assertThat(put(sized("W", "1025", 1025))).isEqualTo(writes(4));
  }

  @Test
  void putOverAnExistingItem() {
    put(sized("W", "same", 100));
    // The identical image again: the table write only; the index entry is unchanged.
    assertThat(put(sized("W", "same", 100))).isEqualTo(writes(1));
    put(sized("W", "grow", 1024));
    // Larger of the two images on the table (2) and the new entry on the index (2).
    assertThat(put(sized("W", "grow", 1025))).isEqualTo(writes(4));
    put(sized("W", "shrink", 1025));
    // Larger of the two images on the table (2); the index is billed on the old entry (2).
    assertThat(put(sized("W", "shrink", 100))).isEqualTo(writes(4));
  }

  @Test
  void updateItemWritesTableAndIndex() {
    put(sized("U", "1", 100));
    List<UpdateAction> set = List.of(new UpdateAction.Add(AttributePath.of("n"), 1));
    assertThat(
            table
                .write(new WriteAction.Update(new Key("U", "1"), set, ItemCondition.EXISTS))
                .consumed())
        .isEqualTo(writes(2));
    assertThat(
            table
                .write(new WriteAction.Update(new Key("U", "new"), set, ItemCondition.NONE))
                .consumed())
        .isEqualTo(writes(2));
  }

  @Test
  void deleteItemOfPresentAndMissingItems() {
    put(sized("D", "small", 100));
    put(sized("D", "1025", 1025));
    assertThat(
            table
                .write(new WriteAction.Delete(new Key("D", "small"), ItemCondition.NONE))
                .consumed())
        .isEqualTo(writes(2));
    assertThat(
            table
                .write(new WriteAction.Delete(new Key("D", "1025"), ItemCondition.NONE))
                .consumed())
        .isEqualTo(writes(4));
    // Nothing to delete: the table's minimum, and no index entry.
    assertThat(
            table
                .write(new WriteAction.Delete(new Key("D", "missing"), ItemCondition.NONE))
                .consumed())
        .isEqualTo(writes(1));
  }

  @Test
  void failedConditionalWritesReportNoCapacity() {
    put(sized("F", "1", 100));
    var failed =
        catchThrowableOfType(
            io.quickphotos.engine.TableConditionFailedException.class,
            () -> table.write(new WriteAction.Put(sized("F", "1", 100), ItemCondition.ABSENT)));
    var sdk =
        (software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException)
            failed.getCause();
    // The error response carries only the type and message: no ConsumedCapacity to report.
    assertThat(sdk.awsErrorDetails().rawResponse().asUtf8String())
        .doesNotContain("ConsumedCapacity");
  }

  // --- TransactWriteItems --------------------------------------------------------------------

  private Capacity transact(WriteAction... actions) {
    return table.transactWrite(List.of(actions));
  }

  private static WriteAction.Put putAbsent(Item item) {
    return new WriteAction.Put(item, ItemCondition.ABSENT);
  }

  private static WriteAction.Update increment(String pk, String sk) {
    return new WriteAction.Update(
        new Key(pk, sk),
        List.of(new UpdateAction.Add(AttributePath.of("n"), 1)),
        ItemCondition.EXISTS);
  }

  @Test
  void transactionBillsEachActionAtFourTimesItsSingleWrite() {
    // service: 2 per KB (prepare and commit) on the table and on the index: 4 here.
    assertThat(transact(putAbsent(sized("T1", "a", 100)))).isEqualTo(writes(8));
    // service: 8.
    assertThat(transact(putAbsent(sized("T2", "a", 1025)))).isEqualTo(writes(16));
  }

  @Test
  void transactionCountsActionsWithEqualCostsOnce() {
    put(sized("T3", "u", 100));
    put(sized("T4", "u", 100));
    // Local merges the per-action figures in a set, so equal ones collapse into one:
    // service: 12 (three writes of table and index, doubled).
    assertThat(
            transact(putAbsent(sized("T3", "f", 100)), increment("T3", "u"), increment("T4", "u")))
        .isEqualTo(writes(8));
    // Different figures add up: 8 + 16. service: 4 + 8.
    assertThat(transact(putAbsent(sized("T5", "a", 100)), putAbsent(sized("T6", "a", 1025))))
        .isEqualTo(writes(24));
  }

  @Test
  void transactionBillsAConditionCheckAsWriteUnits() {
    put(sized("C", "user", 100));
    WriteAction check = new WriteAction.Check(new Key("C", "user"), ItemCondition.EXISTS);
    // service: 2 read units (a transactional read of up to 4 KB), no write units.
    assertThat(transact(check)).isEqualTo(writes(4));
    // Put + Update + ConditionCheck: the put and the update cost the same and count once.
    // service: 2 read units and 8 write units.
    put(sized("C", "photo", 100));
    assertThat(
            transact(
                putAbsent(sized("C", "reaction", 100)),
                increment("C", "photo"),
                new WriteAction.Check(new Key("C", "user"), ItemCondition.EXISTS)))
        .isEqualTo(writes(12));
  }

  // --- the access patterns, as the cost listener sees them -----------------------------------

  private static void assertCost(
      OperationCost cost, AccessPattern pattern, int requests, double rcu, double wcu) {
    assertThat(cost.pattern()).isEqualTo(pattern);
    assertThat(cost.requests()).as("requests of %s", pattern).isEqualTo(requests);
    assertThat(cost.readCapacityUnits()).as("RCU of %s", pattern).isEqualTo(rcu);
    assertThat(cost.writeCapacityUnits()).as("WCU of %s", pattern).isEqualTo(wcu);
  }

  @Test
  void everyAccessPatternOnLocal() {
    RecordingCostListener costs = new RecordingCostListener();
    // The clock must be later than the birth dates: a future birth date is invalid input.
    QuickPhotos photos =
        DYNAMO.table().repository(costs, new TickingClock(Instant.parse("2026-01-01T00:00:00Z")));
    Instant t0 = Instant.parse("2018-05-30T15:42:38Z");
    for (String name : List.of("alice", "bob", "carol", "dave")) {
      photos.createUser(
          new NewUser(
              name,
              "Name of " + name,
              name + "@example.com",
              LocalDate.of(1990, 4, 1),
              "1 Main Street, Springfield",
              UserStatus.ACTIVE));
    }
    assertCost(costs.last(), AccessPattern.CREATE_USER, 1, 0, 2);
    photos.getUser("alice");
    assertCost(costs.last(), AccessPattern.GET_USER, 1, 1, 0);
    photos.updateProfile("alice", ProfileUpdate.builder().name("Alice").build());
    assertCost(costs.last(), AccessPattern.UPDATE_PROFILE, 1, 0, 2);
    Photo photo = photos.uploadPhoto("alice", t0, "https://photos.example.com/a.jpg");
    // service: 2 RCU, 4 WCU.
    assertCost(costs.last(), AccessPattern.UPLOAD_PHOTO, 1, 0, 12);
    photos.getPhoto(photo.id());
    assertCost(costs.last(), AccessPattern.GET_PHOTO, 1, 1, 0);
    photos.userWithPhotos("alice", SortOrder.NEWEST_FIRST, PageRequest.first());
    assertCost(costs.last(), AccessPattern.USER_WITH_PHOTOS, 1, 1, 0);
    photos.reactTo("bob", photo.id(), ReactionType.HEART);
    // check reactor + check owner + put reaction + update photo; service: 4 RCU, 8 WCU.
    assertCost(costs.last(), AccessPattern.REACT_TO, 1, 0, 12);
    photos.photoWithReactions(photo.id(), PageRequest.first());
    assertCost(costs.last(), AccessPattern.PHOTO_WITH_REACTIONS, 1, 0.5, 0);
    photos.followersOf("alice", PageRequest.first());
    // service: 1 (the minimum of a query that reads nothing).
    assertCost(costs.last(), AccessPattern.FOLLOWERS_OF, 1, 0, 0);
    photos.followedBy("bob", PageRequest.first());
    // service: 0.5.
    assertCost(costs.last(), AccessPattern.FOLLOWED_BY, 1, 0, 0);
    for (String followed : List.of("alice", "carol", "dave")) {
      photos.follow("bob", followed);
      // service: 12 WCU.
      assertCost(costs.last(), AccessPattern.FOLLOW, 1, 0, 8);
    }
    photos.followersOf("alice", PageRequest.first());
    assertCost(costs.last(), AccessPattern.FOLLOWERS_OF, 1, 1, 0);
    photos.followedBy("bob", PageRequest.first());
    assertCost(costs.last(), AccessPattern.FOLLOWED_BY, 2, 3.5, 0);
    photos.unfollow("bob", "dave");
    // service: 12 WCU.
    assertCost(costs.last(), AccessPattern.UNFOLLOW, 1, 0, 8);
    // The lifecycle patterns.
    photos.isFollowing("bob", "alice");
    assertCost(costs.last(), AccessPattern.IS_FOLLOWING, 1, 1, 0);
    photos.reactionsLeftBy("bob", photo.id());
    assertCost(costs.last(), AccessPattern.REACTIONS_LEFT_BY, 1, 0.5, 0);
    photos.removeReaction("bob", photo.id(), ReactionType.HEART);
    // service: 8 WCU as well.
    assertCost(costs.last(), AccessPattern.REMOVE_REACTION, 1, 0, 8);
    photos.reactTo("bob", photo.id(), ReactionType.HEART);
    photos.deletePhoto(photo.id());
    // the mark (2) + index Query (0.5) + deletes of reaction and photo; service: 0.5 RCU, 10 WCU.
    assertCost(costs.last(), AccessPattern.DELETE_PHOTO, 3, 0.5, 10);
    Photo own = photos.uploadPhoto("carol", t0, "https://photos.example.com/c.jpg");
    photos.reactTo("carol", own.id(), ReactionType.SMILEY);
    // the owner is the reactor: no second check; service: 2 RCU, 8 WCU.
    assertCost(costs.last(), AccessPattern.REACT_TO, 1, 0, 12);
    photos.deleteUser("dave");
    // service: 6.5 RCU (seven Queries that read nothing at their minimum), 4 WCU.
    assertCost(costs.last(), AccessPattern.DELETE_USER, 9, 0, 4);
  }
}
