package io.quickphotos.dynamo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.quickphotos.TableConfigurationException;
import io.quickphotos.contract.ConditionCases;
import io.quickphotos.dynamo.internal.DynamoTable;
import io.quickphotos.dynamo.local.DynamoDbLocalExtension;
import io.quickphotos.engine.AttributePath;
import io.quickphotos.engine.Index;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.ItemCondition;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.QueryPlan;
import io.quickphotos.engine.QueryResult;
import io.quickphotos.engine.SortKeyCondition;
import io.quickphotos.engine.SortKeyCondition.Operator;
import io.quickphotos.engine.Table;
import io.quickphotos.engine.TableConditionFailedException;
import io.quickphotos.engine.TableRequestRefusedException;
import io.quickphotos.engine.TableTransactionCancelledException;
import io.quickphotos.engine.UpdateAction;
import io.quickphotos.engine.Utf8;
import io.quickphotos.engine.Value;
import io.quickphotos.engine.WriteAction;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/** The engine's every SPI call against DynamoDB Local, one fresh table per test. */
class DynamoTableTest {
  @RegisterExtension static final DynamoDbLocalExtension DYNAMO = new DynamoDbLocalExtension();

  /**
   * Sort keys that catch wrong orderings: case, prefixes, the key separator, and U+FF61 against
   * the supplementary U+10002, which UTF-16 order puts the other way round.
   */
  private static final List<String> SORT_KEYS =
      List.of(
          "a",
          "a#",
          "a#b",
          "ab",
          "b",
          "B",
          "PHOTO#a",
          "PHOTO$",
          "\uFF61",
          "\uD800\uDC02",
          "z",
          "zz");

  private DynamoTable table;

  @BeforeEach
  void engine() {
    table = new DynamoTable(DYNAMO.table().client(), DYNAMO.table().tableName());
  }

  private void put(Item item) {
    table.write(new WriteAction.Put(item, ItemCondition.NONE));
  }

  private void putSortKeys(String partition) {
    for (String sk : SORT_KEYS) {
      put(Item.builder(new Key(partition, sk)).put("n", 1).build());
    }
  }

  private static List<String> expected(SortKeyCondition condition, boolean forward) {
    List<String> keys =
        new ArrayList<>(
            SORT_KEYS.stream().filter(k -> condition == null || condition.matches(k)).toList());
    keys.sort(forward ? Utf8::compare : (a, b) -> Utf8.compare(b, a));
    return keys;
  }

  /** Reads the whole listing page by page, following LastEvaluatedKey. */
  private List<Item> readAll(QueryPlan first) {
    List<Item> items = new ArrayList<>();
    QueryPlan plan = first;
    for (int pages = 0; pages < 100; pages++) {
      QueryResult page = table.query(plan);
      assertThat(page.items()).hasSizeLessThanOrEqualTo(plan.limit());
      items.addAll(page.items());
      if (page.lastEvaluatedKey().isEmpty()) {
        return items;
      }
      plan = plan.startingAfter(page.lastEvaluatedKey().get());
    }
    throw new AssertionError("more than 100 pages");
  }

  // --- conditions beyond existence (the same cases as memory-impl's ConditionTest) -----------

  @ParameterizedTest
  @MethodSource("io.quickphotos.contract.ConditionCases#cases")
  void aConditionHoldsExactlyWhenDynamoDbSaysSo(ConditionCases.Case c) {
    ConditionCases.check(table, c);
  }

  // --- GetItem -------------------------------------------------------------------------------

  @Test
  void getItemReturnsEveryValueTypeAsWritten() {
    Item item =
        Item.builder(new Key("USER#a", "#METADATA#a"))
            .put("s", "text ☃ \uD83D\uDE00")
            .put("empty", "")
            .put("n", new Value.Num(new BigDecimal("-0.000125")))
            .put("big", new Value.Num(new BigDecimal("99999999999999999999999999999999999999")))
            .put("t", new Value.Bool(true))
            .put("nothing", new Value.Null())
            .put(
                "m",
                new Value.MapValue(
                    Map.of("heart", Value.Num.of(3), "inner", new Value.MapValue(Map.of()))))
            .put("l", new Value.ListValue(List.of(new Value.Str("x"), Value.Num.of(2))))
            .build();
    put(item);
    Table.Read read = table.getItem(item.key());
    assertThat(read.item()).contains(item);
    assertThat(read.consumed().read()).isEqualTo(1);
  }

  @Test
  void getItemOfAMissingItemIsEmpty() {
    assertThat(table.getItem(new Key("USER#nobody", "#METADATA#nobody")).item()).isEmpty();
  }

  // --- Query ---------------------------------------------------------------------------------

  static Stream<Arguments> conditions() {
    List<Arguments> all = new ArrayList<>();
    for (Operator op : List.of(Operator.EQ, Operator.LT, Operator.LE, Operator.GT, Operator.GE)) {
      for (String value : List.of("a#", "b", "\uFF61", "\uD800\uDC02", "m")) {
        all.add(Arguments.of(SortKeyCondition.compare(op, value)));
      }
    }
    all.add(Arguments.of(SortKeyCondition.between("a#", "b")));
    all.add(Arguments.of(SortKeyCondition.between("\uFF61", "\uD800\uDC02")));
    all.add(Arguments.of(SortKeyCondition.between("b", "b")));
    all.add(Arguments.of(SortKeyCondition.between("PHOTO#", "PHOTO$")));
    for (String prefix : List.of("a", "a#", "PHOTO", "\uFF61", "zzz")) {
      all.add(Arguments.of(SortKeyCondition.beginsWith(prefix)));
    }
    all.add(Arguments.of((SortKeyCondition) null));
    return all.stream();
  }

  @ParameterizedTest
  @MethodSource("conditions")
  void everySortKeyConditionReadsInUtf8OrderBothWaysAndPagesCleanly(SortKeyCondition condition) {
    putSortKeys("P");
    for (boolean forward : new boolean[] {true, false}) {
      List<String> want = expected(condition, forward);
      for (int limit : new int[] {1, 3, 100}) {
        QueryPlan plan =
            new QueryPlan(
                Index.TABLE,
                "P",
                Optional.ofNullable(condition),
                forward,
                limit,
                Optional.empty(),
                true);
        assertThat(readAll(plan))
            .extracting(i -> i.string(Item.SK))
            .as("%s forward=%s limit=%d", condition, forward, limit)
            .containsExactlyElementsOf(want);
      }
    }
  }

  @Test
  void aPageThatStopsAtTheLimitHasALastKeyEvenWhenNothingRemains() {
    put(Item.builder(new Key("P", "only")).build());
    QueryResult first =
        table.query(
            new QueryPlan(Index.TABLE, "P", Optional.empty(), true, 1, Optional.empty(), true));
    assertThat(first.items()).hasSize(1);
    assertThat(first.lastEvaluatedKey()).contains(new Key("P", "only"));
    QueryResult next =
        table.query(
            new QueryPlan(
                Index.TABLE, "P", Optional.empty(), true, 1, first.lastEvaluatedKey(), true));
    assertThat(next.items()).isEmpty();
    assertThat(next.lastEvaluatedKey()).isEmpty();
  }

  @Test
  void theInvertedIndexSortsByPkAndItsLastKeyCarriesTheTableKey() {
    for (String pk : List.of("REACTION#b#heart", "USER#alice", "REACTION#a#heart")) {
      put(Item.builder(new Key(pk, "PHOTO#alice#1")).build());
    }
    put(Item.builder(new Key("USER#alice", "PHOTO#alice#2")).build());
    QueryPlan backwards =
        new QueryPlan(
            Index.INVERTED, "PHOTO#alice#1", Optional.empty(), false, 2, Optional.empty(), false);
    QueryResult first = table.query(backwards);
    assertThat(first.items())
        .extracting(i -> i.string(Item.PK))
        .containsExactly("USER#alice", "REACTION#b#heart");
    assertThat(first.lastEvaluatedKey()).contains(new Key("REACTION#b#heart", "PHOTO#alice#1"));
    assertThat(readAll(backwards))
        .extracting(i -> i.string(Item.PK))
        .containsExactly("USER#alice", "REACTION#b#heart", "REACTION#a#heart");
    assertThat(
            readAll(
                new QueryPlan(
                    Index.INVERTED,
                    "PHOTO#alice#1",
                    Optional.of(SortKeyCondition.beginsWith("REACTION#")),
                    true,
                    10,
                    Optional.empty(),
                    false)))
        .extracting(i -> i.string(Item.PK))
        .containsExactly("REACTION#a#heart", "REACTION#b#heart");
  }

  @Test
  void betweenWithBoundsOutOfOrderIsRefused() {
    assertThatThrownBy(
            () ->
                table.query(
                    new QueryPlan(
                        Index.TABLE,
                        "P",
                        Optional.of(SortKeyCondition.between("b", "a")),
                        true,
                        10,
                        Optional.empty(),
                        true)))
        .isInstanceOf(TableRequestRefusedException.class)
        .hasMessageContaining("BETWEEN");
  }

  @Test
  void aConsistentReadOnTheIndexIsRefused() {
    assertThatThrownBy(
            () ->
                table.query(
                    new QueryPlan(
                        Index.INVERTED, "S", Optional.empty(), true, 10, Optional.empty(), true)))
        .isInstanceOf(TableRequestRefusedException.class)
        .hasMessageContaining("onsistent");
  }

  @Test
  void aLimitBelowOneIsRefused() {
    assertThatThrownBy(
            () ->
                table.query(
                    new QueryPlan(
                        Index.TABLE, "P", Optional.empty(), true, 0, Optional.empty(), true)))
        .isInstanceOf(TableRequestRefusedException.class);
  }

  @Test
  void aStartKeyOutsideTheConditionIsRefused() {
    putSortKeys("P");
    assertThatThrownBy(
            () ->
                table.query(
                    new QueryPlan(
                        Index.TABLE,
                        "P",
                        Optional.of(SortKeyCondition.beginsWith("a")),
                        true,
                        10,
                        Optional.of(new Key("P", "z")),
                        true)))
        .isInstanceOf(TableRequestRefusedException.class);
  }

  // --- BatchGetItem --------------------------------------------------------------------------

  @Test
  void batchGetReturnsWhatExistsAndNothingForMissingKeys() {
    List<Key> keys = IntStream.range(0, 100).mapToObj(i -> new Key("B", "k" + i)).toList();
    for (Key key : keys.subList(0, 60)) {
      put(Item.builder(key).put("i", key.sk()).build());
    }
    Table.BatchRead read = table.batchGetItem(keys);
    assertThat(read.items())
        .extracting(Item::key)
        .containsExactlyInAnyOrderElementsOf(keys.subList(0, 60));
    assertThat(read.unprocessedKeys()).isEmpty();
  }

  @Test
  void batchGetRefusesDuplicatesAndMoreThanAHundredKeys() {
    assertThatThrownBy(() -> table.batchGetItem(List.of(new Key("B", "1"), new Key("B", "1"))))
        .isInstanceOf(TableRequestRefusedException.class)
        .hasMessageContaining("duplicates");
    List<Key> tooMany = IntStream.range(0, 101).mapToObj(i -> new Key("B", "k" + i)).toList();
    assertThatThrownBy(() -> table.batchGetItem(tooMany))
        .isInstanceOf(TableRequestRefusedException.class);
  }

  // --- single writes -------------------------------------------------------------------------

  @Test
  void putIfAbsentFailsOnAnExistingItemAndLeavesIt() {
    Item original = Item.builder(new Key("U", "1")).put("v", "original").build();
    assertThat(table.write(new WriteAction.Put(original, ItemCondition.ABSENT)).item())
        .contains(original);
    Item other = Item.builder(new Key("U", "1")).put("v", "other").build();
    TableConditionFailedException failed =
        catchThrowableOfType(
            TableConditionFailedException.class,
            () -> table.write(new WriteAction.Put(other, ItemCondition.ABSENT)));
    assertThat(failed).hasMessage(TableConditionFailedException.MESSAGE);
    assertThat(failed.getCause())
        .isInstanceOf(
            software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException.class);
    // DynamoDB Local honours ReturnValuesOnConditionCheckFailure=ALL_OLD on a single PutItem:
    // createUser tells its own resent write from another call's user by it.
    assertThat(failed.item()).contains(original);
    assertThat(table.getItem(original.key()).item()).contains(original);
  }

  @Test
  void updateReturnsTheNewImageAndNeverTouchesOtherAttributes() {
    put(Item.builder(new Key("U", "1")).put("name", "A").put("status", "ACTIVE").build());
    // name, status and timestamp are reserved words in DynamoDB expressions.
    Table.Write write =
        table.write(
            new WriteAction.Update(
                new Key("U", "1"),
                List.of(
                    new UpdateAction.Set(AttributePath.of("name"), new Value.Str("B")),
                    new UpdateAction.Set(AttributePath.of("timestamp"), new Value.Str("t"))),
                ItemCondition.EXISTS));
    assertThat(write.item())
        .contains(
            Item.builder(new Key("U", "1"))
                .put("name", "B")
                .put("status", "ACTIVE")
                .put("timestamp", "t")
                .build());
  }

  @Test
  void updateOfAMissingItemWithExistsFailsAndCreatesNothing() {
    Key key = new Key("U", "ghost");
    assertThatThrownBy(
            () ->
                table.write(
                    new WriteAction.Update(
                        key,
                        List.of(new UpdateAction.Set(AttributePath.of("v"), new Value.Str("x"))),
                        ItemCondition.EXISTS)))
        .isInstanceOf(TableConditionFailedException.class);
    assertThat(table.getItem(key).item()).isEmpty();
  }

  @Test
  void countersStartAtZeroAndNestedCountersNeedTheirMap() {
    Key photo = new Key("USER#a", "PHOTO#a#1");
    put(Item.builder(photo).put("reactions", new Value.MapValue(Map.of())).build());
    UpdateAction heart = new UpdateAction.Add(AttributePath.of("reactions", "heart"), 1);
    table.write(new WriteAction.Update(photo, List.of(heart), ItemCondition.EXISTS));
    Table.Write twice =
        table.write(
            new WriteAction.Update(
                photo,
                List.of(heart, new UpdateAction.Add(AttributePath.of("views"), -3)),
                ItemCondition.EXISTS));
    assertThat(twice.item().orElseThrow().get("reactions"))
        .contains(new Value.MapValue(Map.of("heart", Value.Num.of(2))));
    assertThat(twice.item().orElseThrow().number("views")).isEqualByComparingTo("-3");

    Key bare = new Key("USER#a", "PHOTO#a#2");
    put(Item.builder(bare).build());
    assertThatThrownBy(
            () -> table.write(new WriteAction.Update(bare, List.of(heart), ItemCondition.EXISTS)))
        .isInstanceOf(TableRequestRefusedException.class)
        .hasMessageContaining("document path");
  }

  @Test
  void updateWithoutConditionCreatesTheItem() {
    Table.Write write =
        table.write(
            new WriteAction.Update(
                new Key("U", "new"),
                List.of(new UpdateAction.Add(AttributePath.of("followers"), 1)),
                ItemCondition.NONE));
    assertThat(write.item())
        .contains(Item.builder(new Key("U", "new")).put("followers", 1).build());
  }

  @Test
  void deleteIfPresentFailsOnAMissingItem() {
    put(Item.builder(new Key("D", "1")).build());
    assertThat(table.write(new WriteAction.Delete(new Key("D", "1"), ItemCondition.EXISTS)).item())
        .isEmpty();
    assertThat(table.getItem(new Key("D", "1")).item()).isEmpty();
    assertThatThrownBy(
            () -> table.write(new WriteAction.Delete(new Key("D", "1"), ItemCondition.EXISTS)))
        .isInstanceOf(TableConditionFailedException.class);
  }

  @Test
  void itemsOverTheLimitsAreRefused() {
    Item huge = Item.builder(new Key("L", "1")).put("data", "x".repeat(400 * 1024)).build();
    assertThatThrownBy(() -> put(huge))
        .isInstanceOf(TableRequestRefusedException.class)
        .hasMessageContaining("size");
    assertThatThrownBy(() -> put(Item.builder(new Key("L", "")).build()))
        .isInstanceOf(TableRequestRefusedException.class);
    assertThatThrownBy(() -> put(Item.builder(new Key("L", "s".repeat(1025))).build()))
        .isInstanceOf(TableRequestRefusedException.class);
    // PK is the index's sort key, so it is held to the sort-key limit, 1024 bytes, not 2048.
    assertThatThrownBy(() -> put(Item.builder(new Key("p".repeat(1025), "s")).build()))
        .isInstanceOf(TableRequestRefusedException.class);
    put(Item.builder(new Key("p".repeat(1024), "s".repeat(1024))).build());
  }

  // --- TransactWriteItems --------------------------------------------------------------------

  private static WriteAction.Update increment(Key key, String counter) {
    return new WriteAction.Update(
        key, List.of(new UpdateAction.Add(AttributePath.of(counter), 1)), ItemCondition.EXISTS);
  }

  @Test
  void aTransactionWritesEveryAction() {
    Key alice = new Key("USER#alice", "#METADATA#alice");
    Key bob = new Key("USER#bob", "#METADATA#bob");
    put(Item.builder(alice).build());
    put(Item.builder(bob).build());
    Key friendship = new Key("USER#alice", "#FRIEND#bob");
    table.transactWrite(
        List.of(
            new WriteAction.Put(Item.builder(friendship).build(), ItemCondition.ABSENT),
            increment(alice, "followers"),
            increment(bob, "following")));
    assertThat(table.getItem(friendship).item()).isPresent();
    assertThat(table.getItem(alice).item().orElseThrow().number("followers"))
        .isEqualTo(BigDecimal.ONE);
    assertThat(table.getItem(bob).item().orElseThrow().number("following"))
        .isEqualTo(BigDecimal.ONE);
  }

  @Test
  void aCancelledTransactionNamesTheFailedActionsAndWritesNothing() {
    Key alice = new Key("USER#alice", "#METADATA#alice");
    put(Item.builder(alice).build());
    Key photo = new Key("USER#alice", "PHOTO#alice#1");
    Key ghost = new Key("USER#ghost", "#METADATA#ghost");
    TableTransactionCancelledException cancelled =
        catchThrowableOfType(
            TableTransactionCancelledException.class,
            () ->
                table.transactWrite(
                    List.of(
                        new WriteAction.Check(alice, ItemCondition.EXISTS),
                        new WriteAction.Put(Item.builder(photo).build(), ItemCondition.ABSENT),
                        new WriteAction.Check(ghost, ItemCondition.EXISTS),
                        new WriteAction.Delete(
                            new Key("USER#alice", "#FRIEND#x"), ItemCondition.EXISTS))));
    assertThat(cancelled.reasons())
        .containsExactly("None", "None", "ConditionalCheckFailed", "ConditionalCheckFailed");
    assertThat(cancelled.getCause())
        .isInstanceOf(
            software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException.class);
    assertThat(table.getItem(photo).item()).isEmpty();
  }

  @Test
  void twoActionsOnOneItemAreRefused() {
    Key key = new Key("T", "1");
    put(Item.builder(key).build());
    assertThatThrownBy(
            () ->
                table.transactWrite(
                    List.of(new WriteAction.Check(key, ItemCondition.EXISTS), increment(key, "n"))))
        .isInstanceOf(TableRequestRefusedException.class);
  }

  @Test
  void moreThanAHundredActionsAreRefused() {
    List<WriteAction> actions =
        IntStream.range(0, 101)
            .mapToObj(
                i ->
                    (WriteAction)
                        new WriteAction.Put(
                            Item.builder(new Key("T", "k" + i)).build(), ItemCondition.NONE))
            .toList();
    assertThatThrownBy(() -> table.transactWrite(actions))
        .isInstanceOf(TableRequestRefusedException.class);
    List<WriteAction> hundred = actions.subList(0, 100);
    table.transactWrite(hundred);
    assertThat(table.getItem(new Key("T", "k99")).item()).isPresent();
  }

  @Test
  void aConditionCheckWithoutAConditionIsRefused() {
    assertThatThrownBy(
            () ->
                table.transactWrite(
                    List.of(new WriteAction.Check(new Key("T", "1"), ItemCondition.NONE))))
        .isInstanceOf(TableRequestRefusedException.class);
  }

  // --- the table itself ----------------------------------------------------------------------

  @Test
  void aMissingTableIsReportedByName() {
    DynamoTable missing = new DynamoTable(DYNAMO.table().client(), "no-such-table");
    assertThatThrownBy(() -> missing.getItem(new Key("P", "S")))
        .isExactlyInstanceOf(TableConfigurationException.class)
        .hasMessageContaining("no-such-table does not exist");
  }

  @Test
  void aTableWithoutTheIndexIsReportedOnIndexQueries() {
    String name = DYNAMO.table().tableName() + "-bare";
    DYNAMO
        .table()
        .client()
        .createTable(
            r ->
                r.tableName(name)
                    .billingMode(BillingMode.PAY_PER_REQUEST)
                    .attributeDefinitions(
                        AttributeDefinition.builder()
                            .attributeName("PK")
                            .attributeType(ScalarAttributeType.S)
                            .build(),
                        AttributeDefinition.builder()
                            .attributeName("SK")
                            .attributeType(ScalarAttributeType.S)
                            .build())
                    .keySchema(
                        KeySchemaElement.builder()
                            .attributeName("PK")
                            .keyType(KeyType.HASH)
                            .build(),
                        KeySchemaElement.builder()
                            .attributeName("SK")
                            .keyType(KeyType.RANGE)
                            .build()));
    try {
      DynamoTable bare = new DynamoTable(DYNAMO.table().client(), name);
      // Without the index, PK may use the full partition-key limit.
      bare.write(
          new WriteAction.Put(
              Item.builder(new Key("p".repeat(2048), "s")).build(), ItemCondition.NONE));
      assertThatThrownBy(
              () ->
                  bare.query(
                      new QueryPlan(
                          Index.INVERTED,
                          "S",
                          Optional.empty(),
                          true,
                          10,
                          Optional.empty(),
                          false)))
          .isExactlyInstanceOf(TableConfigurationException.class)
          .hasMessageContaining("InvertedIndex");
      assertThatThrownBy(() -> QuickPhotosTable.createIfMissing(DYNAMO.table().client(), name))
          .isInstanceOf(TableConfigurationException.class)
          .hasMessageContaining("global secondary index InvertedIndex is missing");
    } finally {
      DYNAMO.table().client().deleteTable(r -> r.tableName(name));
    }
  }

  @Test
  void timeToLiveOnTimelineEntriesIsASeparateStep() {
    String name = "ttl-" + System.nanoTime();
    var client = DYNAMO.table().client();
    assertThat(QuickPhotosTable.createIfMissing(client, name)).isTrue();
    try {
      assertThat(
              client
                  .describeTimeToLive(r -> r.tableName(name))
                  .timeToLiveDescription()
                  .timeToLiveStatusAsString())
          .isEqualTo("DISABLED");
      client.updateTimeToLive(QuickPhotosTable.timeToLiveRequest(name));
      var ttl = client.describeTimeToLive(r -> r.tableName(name)).timeToLiveDescription();
      assertThat(ttl.attributeName()).isEqualTo("expiresAt");
      assertThat(ttl.timeToLiveStatusAsString()).isIn("ENABLED", "ENABLING");
    } finally {
      client.deleteTable(r -> r.tableName(name));
    }
  }
}
