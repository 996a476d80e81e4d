package io.quickphotos.memory.internal;

import static io.quickphotos.memory.internal.Fixtures.item;
import static io.quickphotos.memory.internal.Fixtures.key;
import static io.quickphotos.memory.internal.Fixtures.plan;
import static io.quickphotos.memory.internal.Fixtures.put;
import static io.quickphotos.memory.internal.Fixtures.sized;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quickphotos.engine.AttributePath;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.ItemCondition;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.SortKeyCondition;
import io.quickphotos.engine.SortKeyCondition.Operator;
import io.quickphotos.engine.TableRequestRefusedException;
import io.quickphotos.engine.UpdateAction;
import io.quickphotos.engine.Value;
import io.quickphotos.engine.WriteAction;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.assertj.core.api.AbstractThrowableAssert;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;

/** Requests DynamoDB refuses are refused with its message, and nothing is written. */
class ValidationTest {
  private static final String EMPTY_KEY =
      "One or more parameter values are not valid. The "
          + "AttributeValue for a key attribute cannot contain an empty string value. Key: ";

  private final MemoryTable table = new MemoryTable();

  private static AbstractThrowableAssert<?, ? extends Throwable> refused(
      ThrowingCallable call, String message) {
    return assertThatThrownBy(call)
        .isInstanceOf(TableRequestRefusedException.class)
        .hasMessage(message);
  }

  private void assertEmpty(String partition) {
    assertThat(table.query(plan(partition, true, 10)).items()).isEmpty();
  }

  private static WriteAction.Update update(Key key, UpdateAction... actions) {
    return new WriteAction.Update(key, List.of(actions), ItemCondition.NONE);
  }

  private static UpdateAction add(String attribute, long delta) {
    return new UpdateAction.Add(AttributePath.of(attribute), delta);
  }

  @Test
  void emptyKeyValuesAreRefusedEverywhere() {
    refused(() -> table.getItem(key("", "s")), EMPTY_KEY + "PK");
    refused(() -> table.getItem(key("p", "")), EMPTY_KEY + "SK");
    refused(() -> table.getItem(key("", "")), EMPTY_KEY + "PK");
    refused(() -> put(table, item("p", "")), EMPTY_KEY + "SK");
    refused(
        () -> table.write(new WriteAction.Delete(key("", "s"), ItemCondition.NONE)),
        EMPTY_KEY + "PK");
    refused(() -> table.batchGetItem(List.of(key("p", "s"), key("p", ""))), EMPTY_KEY + "SK");
    refused(() -> table.query(plan("", true, 1)), EMPTY_KEY + "PK");
  }

  @Test
  void partitionKeysUpTo2048Utf8BytesAreValidKeys() {
    String twoByteChars = "\u00E9".repeat(1024);

    assertThat(table.getItem(key(twoByteChars, "s")).item()).isEmpty();
    refused(
        () -> table.getItem(key(twoByteChars + "a", "s")),
        "One or more parameter values "
            + "were invalid: Size of hashkey has exceeded the maximum size limit of2048 bytes");
    refused(() -> put(table, item("a".repeat(2049), "s")), Rules.PARTITION_KEY_TOO_LONG);
    assertThat(table.query(plan("a".repeat(2049), true, 1)).items()).isEmpty();
  }

  @Test
  void aStoredItemsPartitionKeyIsHeldTo1024BytesAsTheIndexSortKey() {
    String twoByteChars = "\u00E9".repeat(512);
    // The service's words for an index key over its limit; DynamoDB Local's are shorter
    // (dynamo-local's DynamoDbLocalLimitsTest).
    String sizeLimit =
        "One or more parameter values were invalid: Size limit exceeded for Index "
            + "Key PK Actual Size: 1025 bytes Max Size: 1024 bytes IndexName: InvertedIndex";

    assertThatCode(() -> put(table, item(twoByteChars, "s"))).doesNotThrowAnyException();
    refused(() -> put(table, item(twoByteChars + "a", "s")), sizeLimit);
    refused(() -> table.write(update(key(twoByteChars + "a", "s"), add("n", 1))), sizeLimit);
    assertThat(
            table
                .write(new WriteAction.Delete(key(twoByteChars + "a", "s"), ItemCondition.NONE))
                .item())
        .isEmpty();
    assertEmpty(twoByteChars + "a");
  }

  @Test
  void sortKeyConditionOperandsAreHeldTo1024Bytes() {
    refused(
        () -> table.query(plan("p", SortKeyCondition.compare(Operator.GT, "a".repeat(1025)), true)),
        Rules.SORT_KEY_TOO_LONG);
    assertThat(
            table.query(plan("p", SortKeyCondition.between("a", "b".repeat(1024)), true)).items())
        .isEmpty();
  }

  @Test
  void sortKeysUpTo1024Utf8BytesAreAccepted() {
    String fourByteChars = "\uD83D\uDE00".repeat(256);

    assertThatCode(() -> put(table, item("p", fourByteChars))).doesNotThrowAnyException();
    refused(
        () -> put(table, item("p", fourByteChars + "a")),
        "One or more parameter values were "
            + "invalid: Aggregated size of all range keys has exceeded the size limit of 1024 bytes");
    refused(
        () -> table.write(new WriteAction.Delete(key("p", "b".repeat(1025)), ItemCondition.NONE)),
        Rules.SORT_KEY_TOO_LONG);
  }

  @Test
  void itemsUpTo400KilobytesAreAccepted() {
    assertThatCode(() -> put(table, sized(key("p", "max"), 409_600))).doesNotThrowAnyException();
    refused(
        () -> put(table, sized(key("p", "over"), 409_601)),
        "Item size has exceeded the maximum allowed size");
    assertThat(table.getItem(key("p", "over")).item()).isEmpty();
  }

  @Test
  void anUpdateMayNotGrowAnItemPast400Kilobytes() {
    Item max = put(table, sized(key("p", "s"), 409_600));

    refused(
        () -> table.write(update(key("p", "s"), add("n", 1))),
        "Item size to update has exceeded the maximum allowed size");
    assertThat(table.getItem(key("p", "s")).item()).containsSame(max);
  }

  @Test
  void aPutItemNeedsBothKeysAsStrings() {
    refused(
        () -> put(table, new Item(Map.of("PK", new Value.Str("p")))),
        "One or more parameter values were invalid: Missing the key SK in the item");
    refused(
        () -> put(table, new Item(Map.of("PK", Value.Num.of(1), "SK", new Value.Str("s")))),
        "One or more parameter values were invalid: Type mismatch for key PK expected: S "
            + "actual: N");
  }

  @Test
  void aConditionCheckIsNotASingleWrite() {
    assertThatThrownBy(() -> table.write(new WriteAction.Check(key("p", "s"), ItemCondition.NONE)))
        .isInstanceOf(TableRequestRefusedException.class);
  }

  @Test
  void anUpdateMayNotTouchAKeyAttribute() {
    refused(
        () ->
            table.write(
                update(
                    key("p", "s"),
                    new UpdateAction.Set(AttributePath.of("PK"), new Value.Str("q")))),
        "One or more parameter values were invalid: Cannot update attribute PK. This attribute "
            + "is part of the key");
    refused(
        () -> table.write(update(key("p", "s"), add("SK", 1))),
        "One or more parameter "
            + "values were invalid: Cannot update attribute SK. This attribute is part of the key");
    assertEmpty("p");
  }

  @Test
  void updatePathsMayNotOverlap() {
    assertThatThrownBy(
            () ->
                table.write(
                    update(
                        key("p", "s"),
                        add("m", 1),
                        new UpdateAction.Add(AttributePath.of("m", "k"), 1))))
        .isInstanceOf(TableRequestRefusedException.class)
        .hasMessageStartingWith("Invalid UpdateExpression: Two document paths overlap");
  }

  @Test
  void aNestedPathNeedsItsMap() {
    put(table, Item.builder(key("p", "s")).put("text", "t").build());
    String invalidPath =
        "The document path provided in the update expression is invalid for " + "update";

    refused(
        () ->
            table.write(
                update(
                    key("p", "s"),
                    new UpdateAction.Add(AttributePath.of("reactions", "heart"), 1))),
        invalidPath);
    refused(
        () ->
            table.write(
                update(key("p", "s"), new UpdateAction.Add(AttributePath.of("text", "heart"), 1))),
        invalidPath);
    refused(
        () ->
            table.write(
                update(
                    key("p", "s"),
                    new UpdateAction.Set(AttributePath.of("reactions", "heart"), Value.Num.of(1)))),
        invalidPath);
    refused(
        () ->
            table.write(
                update(
                    key("new", "s"),
                    new UpdateAction.Add(AttributePath.of("reactions", "heart"), 1))),
        invalidPath);
    assertEmpty("new");
  }

  @Test
  void addingToANonNumberIsRefused() {
    put(
        table,
        Item.builder(key("p", "s"))
            .put("text", "t")
            .put("m", new Value.MapValue(Map.of("k", new Value.Bool(true))))
            .build());
    String wrongType = "An operand in the update expression has an incorrect data type";

    refused(() -> table.write(update(key("p", "s"), add("text", 1))), wrongType);
    refused(
        () ->
            table.write(update(key("p", "s"), new UpdateAction.Add(AttributePath.of("m", "k"), 1))),
        wrongType);
  }

  @Test
  void batchGetItemTakesOneToOneHundredDistinctKeys() {
    List<Key> hundred = IntStream.range(0, 100).mapToObj(i -> key("p", "s" + i)).toList();
    List<Key> hundredAndOne = new ArrayList<>(hundred);
    hundredAndOne.add(key("p", "s100"));

    assertThat(table.batchGetItem(hundred).items()).isEmpty();
    refused(
        () -> table.batchGetItem(hundredAndOne),
        "Too many items requested for the BatchGetItem call");
    assertThatThrownBy(() -> table.batchGetItem(List.of()))
        .isInstanceOf(TableRequestRefusedException.class);
    refused(
        () -> table.batchGetItem(List.of(key("p", "a"), key("p", "b"), key("p", "a"))),
        "Provided list of item keys contains duplicates");
  }

  @Test
  void aTransactionTakesOneToOneHundredActions() {
    List<WriteAction> hundred =
        IntStream.range(0, 100)
            .mapToObj(
                i -> (WriteAction) new WriteAction.Put(item("p", "s" + i), ItemCondition.NONE))
            .toList();
    List<WriteAction> hundredAndOne = new ArrayList<>(hundred);
    hundredAndOne.add(new WriteAction.Put(item("q", "s"), ItemCondition.NONE));

    assertThatThrownBy(() -> table.transactWrite(hundredAndOne))
        .isInstanceOf(TableRequestRefusedException.class)
        .hasMessageContaining("Member must have length less than or equal to 100");
    assertEmpty("p");
    assertThatThrownBy(() -> table.transactWrite(List.of()))
        .isInstanceOf(TableRequestRefusedException.class);
    table.transactWrite(hundred);
    assertThat(table.query(plan("p", true, 1000)).items()).hasSize(100);
  }

  @Test
  void aTransactionMayNotActTwiceOnOneItem() {
    List<WriteAction> twice =
        List.of(
            new WriteAction.Put(item("p", "a"), ItemCondition.NONE),
            new WriteAction.Put(item("p", "b"), ItemCondition.NONE),
            new WriteAction.Check(key("p", "a"), ItemCondition.NONE));

    refused(
        () -> table.transactWrite(twice),
        "Transaction request cannot include multiple operations on one item");
    assertEmpty("p");
  }

  @Test
  void oneInvalidActionRefusesTheWholeTransaction() {
    List<WriteAction> actions =
        List.of(
            new WriteAction.Put(item("p", "a"), ItemCondition.NONE),
            new WriteAction.Put(sized(key("p", "big"), 409_601), ItemCondition.NONE));

    refused(() -> table.transactWrite(actions), Rules.ITEM_TOO_LARGE);
    assertEmpty("p");
  }

  /**
   * Eleven puts of {@code total} bytes in all (by DynamoDB's size formula), plus {@code others}
   * after them.
   */
  private static List<WriteAction> transactionOf(long total, WriteAction... others) {
    long puts = total;
    for (WriteAction other : others) {
      puts -= Item.builder(other.key()).build().size();
    }
    List<WriteAction> actions = new ArrayList<>();
    long each = puts / 11;
    for (int i = 0; i < 11; i++) {
      int size = (int) (i == 10 ? puts - 10 * each : each);
      actions.add(new WriteAction.Put(sized(key("T", "k" + i), size), ItemCondition.NONE));
    }
    actions.addAll(List.of(others));
    return actions;
  }

  @Test
  void aTransactionOfUpTo4MegabytesIsAccepted() {
    List<WriteAction> max = transactionOf(4_194_304);
    table.transactWrite(max);
    assertThat(max).allSatisfy(a -> assertThat(table.getItem(a.key()).item()).isPresent());
  }

  @Test
  void aTransactionOverFourMegabytesIsRefusedWithTheServicesMessage() {
    refused(
        () -> table.transactWrite(transactionOf(4_194_305)),
        "Transaction request size cannot exceed 4 MB.");
    assertEmpty("T");
  }

  @Test
  void theKeysOfUpdatesDeletesAndChecksCountTowardsTheFourMegabytes() {
    put(table, item("E", "x"));
    Key existing = key("E", "x");
    for (WriteAction other :
        List.of(
            new WriteAction.Delete(existing, ItemCondition.EXISTS),
            new WriteAction.Check(existing, ItemCondition.EXISTS),
            update(existing, add("n", 1)))) {
      List<WriteAction> over = transactionOf(4_194_305, other);
      refused(() -> table.transactWrite(over), Rules.TRANSACTION_TOO_LARGE);
      assertEmpty("T");
      assertThat(table.getItem(existing).item()).contains(item("E", "x"));
    }
    table.transactWrite(transactionOf(4_194_304, update(existing, add("n", 1))));
    assertThat(table.getItem(existing).item().orElseThrow().number("n"))
        .isEqualTo(java.math.BigDecimal.ONE);
  }

  @Test
  void batchWritesHoldOneToTwentyFiveDistinctValidItems() {
    List<Item> twentySix = IntStream.range(0, 26).mapToObj(i -> item("B", "s" + i)).toList();
    refused(() -> table.batchWriteItem(List.of()), Rules.BATCH_WRITE_SIZE);
    refused(() -> table.batchWriteItem(twentySix), Rules.BATCH_WRITE_SIZE);
    refused(
        () -> table.batchWriteItem(List.of(item("B", "a"), item("B", "a"))),
        Rules.BATCH_WRITE_DUPLICATES);
    refused(() -> table.batchWriteItem(List.of(item("B", "b"), item("B", ""))), EMPTY_KEY + "SK");
    assertEmpty("B");
    assertThat(table.batchWriteItem(twentySix.subList(0, 25)).unprocessedItems()).isEmpty();
    assertThat(table.query(plan("B", true, 100)).items()).hasSize(25);
  }
}
