package io.quickphotos.memory.internal;

import static io.quickphotos.memory.internal.Fixtures.item;
import static io.quickphotos.memory.internal.Fixtures.key;
import static io.quickphotos.memory.internal.Fixtures.put;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quickphotos.engine.AttributePath;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.ItemCondition;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.Limits;
import io.quickphotos.engine.TableRequestRefusedException;
import io.quickphotos.engine.TableTransactionCancelledException;
import io.quickphotos.engine.UpdateAction;
import io.quickphotos.engine.Value;
import io.quickphotos.engine.WriteAction;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;

/**
 * The values DynamoDB refuses, refused on every write path with its words and nothing written:
 * numbers of more than 38 significant digits or out of its range, values nested past its 32
 * levels, empty names; in a put, a batch (the raw load's path), a transaction, the values of an
 * update and of a condition, and the numbers an addition makes. The words are DynamoDB Local
 * 2.6.1's (conformance's {@code ValueRulesAgreementTest} runs the same requests on it).
 */
class ValueRulesTest {
  private final MemoryTable table = new MemoryTable();

  private static void refused(ThrowingCallable call, String message) {
    assertThatThrownBy(call).isInstanceOf(TableRequestRefusedException.class).hasMessage(message);
  }

  private static Item with(String pk, String name, Value value) {
    return Item.builder(key(pk, "s")).put(name, value).build();
  }

  private static Value.Num number(String text) {
    return new Value.Num(new BigDecimal(text));
  }

  /** {@code levels} maps, one in another, around a string. */
  private static Value maps(int levels) {
    Value value = new Value.Str("leaf");
    for (int i = 0; i < levels; i++) {
      value = new Value.MapValue(Map.of("k", value));
    }
    return value;
  }

  private static Value lists(int levels) {
    Value value = new Value.Str("leaf");
    for (int i = 0; i < levels; i++) {
      value = new Value.ListValue(List.of(value));
    }
    return value;
  }

  private void everyPutPathRefuses(Item item, String message) {
    refused(() -> table.write(new WriteAction.Put(item, ItemCondition.NONE)), message);
    refused(() -> table.batchWriteItem(List.of(item("p", "ok"), item)), message);
    refused(
        () ->
            table.transactWrite(
                List.of(
                    new WriteAction.Put(item("p", "ok"), ItemCondition.NONE),
                    new WriteAction.Put(item, ItemCondition.NONE))),
        message);
    assertThat(table.getItem(item.key()).item()).isEmpty();
    assertThat(table.getItem(key("p", "ok")).item()).isEmpty();
  }

  @Test
  void numbersOfThirtyEightDigitsInRangeAreStoredAndOthersRefused() {
    for (String fine :
        List.of("1".repeat(38), "1".repeat(38) + "0000", "9.9E+125", "1E-130", "-1E-130", "0")) {
      put(table, with("fine", "n", number(fine)));
    }
    everyPutPathRefuses(with("a", "n", number("1".repeat(39))), Rules.NUMBER_PRECISION);
    everyPutPathRefuses(with("b", "n", number("1E+126")), Rules.NUMBER_OVERFLOW);
    everyPutPathRefuses(with("c", "n", number("-1E+126")), Rules.NUMBER_OVERFLOW);
    everyPutPathRefuses(with("d", "n", number("1E-131")), Rules.NUMBER_UNDERFLOW);
    Value deep = new Value.MapValue(Map.of("x", new Value.ListValue(List.of(number("1E+200")))));
    everyPutPathRefuses(with("e", "m", deep), Rules.NUMBER_OVERFLOW);
  }

  @Test
  void thirtyOneMapsOrListsNestAndThirtyTwoAreRefused() {
    put(table, with("fine", "m", maps(31)));
    put(table, with("fine2", "l", lists(31)));
    everyPutPathRefuses(with("a", "m", maps(32)), Rules.NESTING_IN_ITEM);
    everyPutPathRefuses(with("b", "l", lists(32)), Rules.NESTING_IN_ITEM);
  }

  @Test
  void emptyNamesAndMapKeysAreRefused() {
    everyPutPathRefuses(with("a", "", new Value.Str("x")), Rules.EMPTY_ATTRIBUTE_NAME);
    everyPutPathRefuses(
        with("b", "m", new Value.MapValue(Map.of("", new Value.Str("x")))),
        Rules.EMPTY_ATTRIBUTE_NAME);
  }

  @Test
  void theValuesOfAnUpdateOrAConditionAreJudgedBeforeTheItemIsRead() {
    Key key = key("u", "s");
    put(table, with("u", "n", number("1")));
    refused(
        () ->
            table.write(
                new WriteAction.Update(
                    key,
                    List.of(new UpdateAction.Set(AttributePath.of("z"), number("1".repeat(39)))),
                    ItemCondition.NONE)),
        Rules.INVALID_EXPRESSION_VALUE + Rules.NUMBER_PRECISION);
    refused(
        () ->
            table.write(
                new WriteAction.Update(
                    key,
                    List.of(new UpdateAction.Set(AttributePath.of("z"), maps(33))),
                    ItemCondition.NONE)),
        Rules.INVALID_EXPRESSION_VALUE + Rules.NESTING_IN_ITEM);
    refused(
        () ->
            table.write(
                new WriteAction.Update(
                    key,
                    List.of(new UpdateAction.Set(AttributePath.of("z"), new Value.Str("x"))),
                    new ItemCondition.AttributeEquals(
                        AttributePath.of("n"), number("1".repeat(39))))),
        Rules.INVALID_EXPRESSION_VALUE + Rules.NUMBER_PRECISION);
    assertThat(table.getItem(key).item()).contains(with("u", "n", number("1")));
  }

  private static WriteAction.Update addTo(Key key, AttributePath path, String delta) {
    return new WriteAction.Update(
        key, List.of(new UpdateAction.AddNumber(path, new BigDecimal(delta))), ItemCondition.NONE);
  }

  @Test
  void aSumDynamoDbCannotStoreIsRefusedAndNothingWritten() {
    Key key = key("u", "s");
    Value app = new Value.MapValue(Map.of("views", number("9".repeat(38)), "ratio", number("0.5")));
    Item before = with("u", "app", app);
    put(table, before);
    // 38 nines and one more is 1E+38: one significant digit, stored.
    Item after = table.write(addTo(key, AttributePath.of("app", "views"), "1")).item().get();
    assertThat(after.get("app").map(v -> ((Value.MapValue) v).value().get("views")))
        .contains(number("1E+38"));
    refused(
        () -> table.write(addTo(key, AttributePath.of("app", "ratio"), "1E+37")),
        Rules.NUMBER_PRECISION);
    put(table, with("u", "big", number("9.9E+125")));
    refused(
        () -> table.write(addTo(key, AttributePath.of("big"), "9.9E+125")), Rules.NUMBER_OVERFLOW);
    // In a transaction the service cancels with a reason, as for any update it cannot apply.
    assertThatThrownBy(
            () ->
                table.transactWrite(
                    List.of(
                        new WriteAction.Put(item("p", "ok"), ItemCondition.NONE),
                        addTo(key, AttributePath.of("big"), "9.9E+125"))))
        .isInstanceOfSatisfying(
            TableTransactionCancelledException.class,
            e -> assertThat(e.reasons()).containsExactly(Limits.NONE, Limits.VALIDATION_ERROR));
    assertThat(table.getItem(key("p", "ok")).item()).isEmpty();
    assertThat(table.getItem(key).item().orElseThrow().get("big")).contains(number("9.9E+125"));
  }

  @Test
  void anUpdateThatNestsTooDeepIsRefused() {
    Key key = key("u", "s");
    put(table, with("u", "app", new Value.MapValue(Map.of())));
    refused(
        () ->
            table.write(
                new WriteAction.Update(
                    key,
                    List.of(new UpdateAction.Set(AttributePath.of("app", "deep"), maps(31))),
                    ItemCondition.NONE)),
        Rules.NESTING_IN_UPDATE);
    table.write(
        new WriteAction.Update(
            key,
            List.of(new UpdateAction.Set(AttributePath.of("app", "deep"), maps(30))),
            ItemCondition.NONE));
  }

  @Test
  void nestedPathsAppendsAndRemovesFollowDynamoDb() {
    Key key = key("u", "s");
    Value exif = new Value.MapValue(Map.of("iso", number("100")));
    put(
        table,
        Item.builder(key)
            .put("app", new Value.MapValue(Map.of("exif", exif, "alt", new Value.Str("a"))))
            .build());
    Item image =
        table
            .write(
                new WriteAction.Update(
                    key,
                    List.of(
                        new UpdateAction.Set(AttributePath.of("app", "exif", "iso"), number("200")),
                        new UpdateAction.Append(
                            AttributePath.of("app", "tags"), List.of(new Value.Str("lake"))),
                        new UpdateAction.Remove(AttributePath.of("app", "alt")),
                        new UpdateAction.Remove(AttributePath.of("app", "gone"))),
                    ItemCondition.NONE))
            .item()
            .orElseThrow();
    assertThat(image.get("app"))
        .contains(
            new Value.MapValue(
                Map.of(
                    "exif",
                    new Value.MapValue(Map.of("iso", number("200"))),
                    "tags",
                    new Value.ListValue(List.of(new Value.Str("lake"))))));
    for (UpdateAction invalid :
        List.of(
            new UpdateAction.Set(AttributePath.of("app", "none", "k"), number("1")),
            new UpdateAction.Set(AttributePath.of("app", "tags", "k"), number("1")),
            new UpdateAction.Remove(AttributePath.of("nothing", "k")),
            new UpdateAction.Remove(AttributePath.of("app", "none", "k")))) {
      refused(
          () -> table.write(new WriteAction.Update(key, List.of(invalid), ItemCondition.NONE)),
          Rules.PATH_INVALID_FOR_UPDATE);
    }
    for (UpdateAction wrongType :
        List.of(
            new UpdateAction.Append(AttributePath.of("app", "exif"), List.of(number("1"))),
            new UpdateAction.AddNumber(AttributePath.of("app", "tags"), BigDecimal.ONE))) {
      refused(
          () -> table.write(new WriteAction.Update(key, List.of(wrongType), ItemCondition.NONE)),
          Rules.OPERAND_WRONG_TYPE);
    }
    assertThat(table.getItem(key).item()).contains(image);
    // A condition reaches as deep as an update.
    assertThat(
            table
                .write(
                    new WriteAction.Update(
                        key,
                        List.of(new UpdateAction.Set(AttributePath.of("z"), number("1"))),
                        new ItemCondition.AttributeEquals(
                            AttributePath.of("app", "exif", "iso"), number("200"))))
                .item())
        .isPresent();
  }
}
