package io.quickphotos.conformance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.quickphotos.InvalidInputException;
import io.quickphotos.QuickPhotos;
import io.quickphotos.TableItems;
import io.quickphotos.dynamo.DynamoQuickPhotos;
import io.quickphotos.engine.AttributePath;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.ItemCondition;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.Table;
import io.quickphotos.engine.TableConditionFailedException;
import io.quickphotos.engine.TableRequestRefusedException;
import io.quickphotos.engine.TableTransactionCancelledException;
import io.quickphotos.engine.UpdateAction;
import io.quickphotos.engine.Value;
import io.quickphotos.engine.WriteAction;
import io.quickphotos.memory.MemoryQuickPhotos;
import io.quickphotos.memory.internal.MemoryTable;
import java.io.StringReader;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The values DynamoDB refuses, refused alike by both engines on every write path, and by both
 * backends' raw loads: numbers of more than 38 significant digits or out of DynamoDB's range,
 * values nested past its 32 levels, empty attribute names and map keys; in a PutItem, a
 * BatchWriteItem, a transaction's Put, the values of an UpdateItem and of a condition, and the
 * sums, lists and nesting an update makes. Each request runs on the memory engine and on DynamoDB
 * Local: both must write it, or both refuse it with the same words and leave the items as they
 * were.
 *
 * <p>Two differences are DynamoDB Local's, and named here: it ends the words about an update's or
 * a condition's value with {@code " for key :v0"}, the placeholder the DynamoDB engine chose
 * (the memory engine has none); and it refuses a transaction whose update cannot be applied to
 * its item (a sum out of range, a path through no map) as a whole request, where the service
 * cancels it with the reason {@code ValidationError} for that action (the TransactWriteItems
 * reference lists these messages under that reason), as the memory engine does. Either way the
 * repository answers {@link InvalidInputException} and nothing is written.
 */
class ValueRulesAgreementTest {
  private static final AtomicLong RUNS = new AtomicLong();

  private final String prefix = "values" + RUNS.incrementAndGet() + "|";
  private final Table memory = new MemoryTable();
  private final Table dynamo = SharedDynamoDbLocal.engine();

  private Key key(String pk) {
    return new Key(prefix + pk, "s");
  }

  private Item with(String pk, String name, Value value) {
    return Item.builder(key(pk)).put(name, value).build();
  }

  private static Value.Num number(String text) {
    return new Value.Num(new BigDecimal(text));
  }

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

  /** What a request did: "ok", or the refusal's type and words. */
  private static String outcome(Runnable request) {
    Throwable thrown = catchThrowable(request::run);
    if (thrown == null) {
      return "ok";
    }
    if (thrown instanceof TableTransactionCancelledException cancelled) {
      return "cancelled " + cancelled.reasons();
    }
    if (thrown instanceof TableConditionFailedException) {
      return "condition failed";
    }
    assertThat(thrown).isInstanceOf(TableRequestRefusedException.class);
    return "refused: " + thrown.getMessage();
  }

  /** Runs one request on both engines and checks they agree, and agree on what they hold. */
  private String agree(Function<Table, Runnable> request, List<Key> touched) {
    String onMemory = outcome(request.apply(memory));
    String onDynamo = outcome(request.apply(dynamo));
    if (onMemory.startsWith("refused: ExpressionAttributeValues contains invalid value: ")) {
      assertThat(onDynamo).as("Local names its placeholder").startsWith(onMemory + " for key :");
    } else if (onMemory.startsWith("cancelled ")) {
      assertThat(onMemory).contains("ValidationError");
      assertThat(onDynamo).as("Local refuses the whole request").startsWith("refused: ");
    } else {
      assertThat(onDynamo).isEqualTo(onMemory);
    }
    for (Key key : touched) {
      assertThat(dynamo.getItem(key).item())
          .as("%s after %s", key, onMemory)
          .isEqualTo(memory.getItem(key).item());
    }
    return onMemory;
  }

  private String put(Item item) {
    return agree(t -> () -> t.write(new WriteAction.Put(item, ItemCondition.NONE)), keys(item));
  }

  private String batch(Item item) {
    Item ok = with("ok", "a", new Value.Str("fine"));
    return agree(t -> () -> t.batchWriteItem(List.of(ok, item)), keys(ok, item));
  }

  private String transaction(Item item) {
    Item ok = with("ok", "a", new Value.Str("fine"));
    return agree(
        t ->
            () ->
                t.transactWrite(
                    List.of(
                        new WriteAction.Put(ok, ItemCondition.NONE),
                        new WriteAction.Put(item, ItemCondition.NONE))),
        keys(ok, item));
  }

  private static List<Key> keys(Item... items) {
    List<Key> keys = new ArrayList<>();
    for (Item item : items) {
      keys.add(item.key());
    }
    return keys;
  }

  private String update(Key key, ItemCondition condition, UpdateAction... clauses) {
    return agree(
        t -> () -> t.write(new WriteAction.Update(key, List.of(clauses), condition)), List.of(key));
  }

  private String updateInTransaction(Key key, UpdateAction... clauses) {
    Item ok = with("tx-ok", "a", new Value.Str("fine"));
    return agree(
        t ->
            () ->
                t.transactWrite(
                    List.of(
                        new WriteAction.Put(ok, ItemCondition.NONE),
                        new WriteAction.Update(key, List.of(clauses), ItemCondition.NONE))),
        List.of(key, ok.key()));
  }

  @Test
  void everyWayAnItemIsStoredRefusesWhatDynamoDbRefuses() {
    List<Item> refused =
        List.of(
            with("p39", "n", number("1".repeat(39))),
            with("over", "n", number("1E+126")),
            with("under", "n", number("-1E-131")),
            with("inside", "m", new Value.MapValue(Map.of("x", number("1".repeat(40))))),
            with("maps", "m", maps(32)),
            with("lists", "l", lists(32)),
            with("empty", "", new Value.Str("x")),
            with("emptyKey", "m", new Value.MapValue(Map.of("", number("1")))));
    for (Item item : refused) {
      assertThat(put(item)).startsWith("refused: ");
      assertThat(batch(item)).startsWith("refused: ");
      assertThat(transaction(item)).startsWith("refused: ");
    }
    List<Item> stored =
        List.of(
            with("p38", "n", number("9".repeat(38))),
            with("zeros", "n", number("1".repeat(38) + "000")),
            with("top", "n", number("-9.9E+125")),
            with("bottom", "n", number("1E-130")),
            with("maps31", "m", maps(31)),
            with("lists31", "l", lists(31)));
    for (Item item : stored) {
      assertThat(put(item)).isEqualTo("ok");
    }
  }

  @Test
  void updatesAndConditionsRefuseWhatDynamoDbRefuses() {
    Key key = key("u");
    Value app =
        new Value.MapValue(
            Map.of(
                "views",
                number("9".repeat(38)),
                "ratio",
                number("0.5"),
                "tags",
                new Value.ListValue(List.of(new Value.Str("a"))),
                "exif",
                new Value.MapValue(Map.of("iso", number("100")))));
    assertThat(put(Item.builder(key).put("app", app).put("big", number("9.9E+125")).build()))
        .isEqualTo("ok");
    AttributePath views = AttributePath.of("app", "views");
    AttributePath ratio = AttributePath.of("app", "ratio");
    AttributePath tags = AttributePath.of("app", "tags");
    ItemCondition none = ItemCondition.NONE;
    assertThat(update(key, none, new UpdateAction.Set(AttributePath.of("z"), number("1E+126"))))
        .startsWith("refused: ExpressionAttributeValues contains invalid value: Number overflow");
    assertThat(update(key, none, new UpdateAction.Set(AttributePath.of("z"), maps(33))))
        .startsWith("refused: ExpressionAttributeValues contains invalid value: Nesting");
    // A value of 32 levels passes as a value, and is refused in the item.
    assertThat(update(key, none, new UpdateAction.Set(AttributePath.of("z"), maps(32))))
        .isEqualTo("refused: Nesting Levels have exceeded supported limits");
    assertThat(
            update(
                key,
                new ItemCondition.AttributeEquals(ratio, number("1".repeat(39))),
                new UpdateAction.Set(AttributePath.of("z"), number("1"))))
        .startsWith("refused: ExpressionAttributeValues contains invalid value: DynamoDB only");
    assertThat(update(key, none, new UpdateAction.AddNumber(ratio, new BigDecimal("1E+37"))))
        .isEqualTo("refused: DynamoDB only supports precision up to 38 digits");
    assertThat(
            update(
                key,
                none,
                new UpdateAction.AddNumber(AttributePath.of("big"), number("9.9E+125").value())))
        .startsWith("refused: Number overflow");
    assertThat(update(key, none, new UpdateAction.Set(AttributePath.of("app", "deep"), maps(31))))
        .isEqualTo("refused: Nesting Levels have exceeded supported limits");
    assertThat(update(key, none, new UpdateAction.Append(ratio, List.of(number("1")))))
        .isEqualTo("refused: An operand in the update expression has an incorrect data type");
    assertThat(update(key, none, new UpdateAction.AddNumber(tags, BigDecimal.ONE)))
        .isEqualTo("refused: An operand in the update expression has an incorrect data type");
    for (AttributePath nowhere :
        List.of(
            AttributePath.of("app", "none", "k"),
            AttributePath.of("app", "ratio", "k"),
            AttributePath.of("noapp", "k"))) {
      assertThat(update(key, none, new UpdateAction.Set(nowhere, number("1"))))
          .isEqualTo(
              "refused: The document path provided in the update expression is invalid for update");
      assertThat(update(key, none, new UpdateAction.Remove(nowhere)))
          .isEqualTo(
              "refused: The document path provided in the update expression is invalid for update");
    }
    assertThat(updateInTransaction(key, new UpdateAction.AddNumber(ratio, new BigDecimal("1E+37"))))
        .contains("ValidationError");
    assertThat(
            updateInTransaction(
                key, new UpdateAction.Set(AttributePath.of("app", "none", "k"), number("1"))))
        .contains("ValidationError");
    // What both take: 38 nines and one more is 1E+38, one significant digit; appends to a list
    // there or not yet; a key inside a map inside the map; a condition as deep; a map compared
    // whole.
    assertThat(
            update(
                key,
                new ItemCondition.AttributeEquals(
                    AttributePath.of("app", "exif", "iso"), number("100")),
                new UpdateAction.AddNumber(views, BigDecimal.ONE),
                new UpdateAction.Append(tags, List.of(new Value.Str("b"))),
                new UpdateAction.Append(AttributePath.of("app", "new"), List.of(number("2"))),
                new UpdateAction.Set(AttributePath.of("app", "exif", "f"), number("2.8")),
                new UpdateAction.Remove(AttributePath.of("app", "gone"))))
        .isEqualTo("ok");
    Value now = memory.getItem(key).item().orElseThrow().get("app").orElseThrow();
    assertThat(
            update(
                key,
                new ItemCondition.AttributeEquals(AttributePath.of("app"), now),
                new UpdateAction.Set(AttributePath.of("z"), number("1"))))
        .isEqualTo("ok");
    assertThat(
            update(
                key,
                new ItemCondition.AttributeEquals(
                    AttributePath.of("app"), new Value.MapValue(Map.of("q", number("1")))),
                new UpdateAction.Set(AttributePath.of("z"), number("2"))))
        .isEqualTo("condition failed");
  }

  @Test
  void aRawLoadIsRefusedAlikeByBothBackends() {
    QuickPhotos onMemory = MemoryQuickPhotos.create();
    QuickPhotos onDynamo =
        DynamoQuickPhotos.builder()
            .client(SharedDynamoDbLocal.client())
            .tableName(SharedDynamoDbLocal.TABLE)
            .build();
    for (String value :
        List.of(
            "{\"N\": \"" + "1".repeat(39) + "\"}",
            "{\"N\": \"1E+126\"}",
            "{\"M\": {\"\": {\"S\": \"x\"}}}",
            "{\"L\": [{\"N\": \"1E-131\"}]}")) {
      String line =
          "{\"Item\": {\"PK\": {\"S\": \""
              + prefix
              + "load\"}, \"SK\": {\"S\": \"s\"}, \"v\": "
              + value
              + "}}\n";
      Throwable inMemory = catchThrowable(() -> TableItems.load(onMemory, new StringReader(line)));
      Throwable onLocal = catchThrowable(() -> TableItems.load(onDynamo, new StringReader(line)));
      assertThat(inMemory).as(value).isInstanceOf(InvalidInputException.class);
      assertThat(onLocal).as(value).isInstanceOf(InvalidInputException.class);
      assertThat(onLocal.getMessage()).as(value).isEqualTo(inMemory.getMessage());
    }
    assertThat(dynamo.getItem(key("load")).item()).isEqualTo(Optional.empty());
  }
}
