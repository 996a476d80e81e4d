package io.quickphotos.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.engine.AttributePath;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.ItemCondition;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.Limits;
import io.quickphotos.engine.Table;
import io.quickphotos.engine.TableConditionFailedException;
import io.quickphotos.engine.TableTransactionCancelledException;
import io.quickphotos.engine.UpdateAction;
import io.quickphotos.engine.Value;
import io.quickphotos.engine.WriteAction;
import java.util.List;
import java.util.Map;

/**
 * Condition expressions beyond the item's existence, as DynamoDB evaluates them: a comparison
 * with a missing attribute or one of another type is false, its negation true. One list of cases
 * and one check, run by each engine's own test (memory-impl's {@code ConditionTest}, dynamo-local's
 * {@code DynamoTableTest} on DynamoDB Local), so both engines answer the same cases.
 */
public final class ConditionCases {
  private ConditionCases() {}

  /**
   * A condition, and whether it holds on the test item and on a missing item.
   *
   * @param name what the case shows
   * @param condition the condition
   * @param onItem whether it holds on the stored item
   * @param onMissing whether it holds where there is no item
   */
  public record Case(String name, ItemCondition condition, boolean onItem, boolean onMissing) {
    @Override
    public String toString() {
      return name;
    }
  }

  private static final AttributePath STATUS = AttributePath.of("status");
  private static final AttributePath N = AttributePath.of("n");
  private static final AttributePath HEART = AttributePath.of("m", "heart");
  private static final AttributePath SMILEY = AttributePath.of("m", "smiley");
  private static final AttributePath WINK = AttributePath.of("m", "wink");

  /** The item every case is tested on (its key set per case). */
  private static Item item(Key key) {
    return Item.builder(key)
        .put("status", "ACTIVE")
        .put("n", 3)
        .put("s", "x")
        .put("m", new Value.MapValue(Map.of("heart", Value.Num.of(2), "smiley", Value.Num.of(0))))
        .build();
  }

  /**
   * The cases.
   *
   * @return every case
   */
  public static List<Case> cases() {
    return List.of(
        new Case(
            "attribute_exists(status)", new ItemCondition.AttributeExists(STATUS), true, false),
        new Case(
            "attribute_exists(deleting)",
            new ItemCondition.AttributeExists(AttributePath.of("deleting")),
            false,
            false),
        new Case(
            "NOT attribute_exists(deleting)",
            ItemCondition.not(new ItemCondition.AttributeExists(AttributePath.of("deleting"))),
            true,
            true),
        new Case(
            "attribute_exists(m.heart)", new ItemCondition.AttributeExists(HEART), true, false),
        new Case(
            "status = ACTIVE",
            new ItemCondition.AttributeEquals(STATUS, new Value.Str("ACTIVE")),
            true,
            false),
        new Case(
            "status = CLOSING",
            new ItemCondition.AttributeEquals(STATUS, new Value.Str("CLOSING")),
            false,
            false),
        new Case(
            "NOT status = CLOSING",
            ItemCondition.not(new ItemCondition.AttributeEquals(STATUS, new Value.Str("CLOSING"))),
            true,
            true),
        new Case("n = 3", new ItemCondition.AttributeEquals(N, Value.Num.of(3)), true, false),
        new Case(
            "n = \"3\" (other type)",
            new ItemCondition.AttributeEquals(N, new Value.Str("3")),
            false,
            false),
        new Case(
            "m.heart = 2", new ItemCondition.AttributeEquals(HEART, Value.Num.of(2)), true, false),
        new Case("n >= 3", new ItemCondition.AtLeast(N, 3), true, false),
        new Case("n >= 4", new ItemCondition.AtLeast(N, 4), false, false),
        new Case("n >= -1", new ItemCondition.AtLeast(N, -1), true, false),
        new Case(
            "s >= 1 (a string)", new ItemCondition.AtLeast(AttributePath.of("s"), 1), false, false),
        new Case("m.heart >= 2", new ItemCondition.AtLeast(HEART, 2), true, false),
        new Case("m.smiley >= 1", new ItemCondition.AtLeast(SMILEY, 1), false, false),
        new Case("m.wink >= 1 (missing key)", new ItemCondition.AtLeast(WINK, 1), false, false),
        new Case(
            "NOT m.wink >= 1", ItemCondition.not(new ItemCondition.AtLeast(WINK, 1)), true, true),
        new Case(
            "exists AND NOT status = CLOSING",
            ItemCondition.and(
                ItemCondition.EXISTS,
                ItemCondition.not(
                    new ItemCondition.AttributeEquals(STATUS, new Value.Str("CLOSING")))),
            true,
            false),
        new Case(
            "attribute_exists(status) AND n >= 4",
            ItemCondition.and(
                new ItemCondition.AttributeExists(STATUS), new ItemCondition.AtLeast(N, 4)),
            false,
            false),
        new Case(
            "NOT (exists AND m.heart >= 1)",
            ItemCondition.not(
                ItemCondition.and(ItemCondition.EXISTS, new ItemCondition.AtLeast(HEART, 1))),
            false,
            true),
        new Case(
            "NOT m.heart >= 1 AND NOT m.smiley >= 1",
            ItemCondition.and(
                ItemCondition.not(new ItemCondition.AtLeast(HEART, 1)),
                ItemCondition.not(new ItemCondition.AtLeast(SMILEY, 1))),
            false,
            true));
  }

  /**
   * Checks one case on an engine: the condition must hold exactly as the case says, on a stored
   * item and on a missing one, both as a transaction's condition check and on a single UpdateItem.
   *
   * @param engine the engine (a {@link Table}), with no item at partition {@code P}; typed
   *     {@code Object} because memory-impl's tests compile inside its named module, which cannot
   *     name the SPI in a signature of this class-path type
   * @param c the case
   */
  public static void check(Object engine, Case c) {
    Table table = (Table) engine;
    Key present = new Key("P", "present");
    Key missing = new Key("P", "missing");
    table.write(new WriteAction.Put(item(present), ItemCondition.NONE));
    for (Key key : List.of(present, missing)) {
      boolean expected = key.equals(present) ? c.onItem() : c.onMissing();
      // As a transaction's condition check ...
      boolean checked;
      try {
        table.transactWrite(List.of(new WriteAction.Check(key, c.condition())));
        checked = true;
      } catch (TableTransactionCancelledException e) {
        assertThat(e.reasons()).containsExactly(Limits.CONDITIONAL_CHECK_FAILED);
        checked = false;
      }
      assertThat(checked).as("check of %s on %s", c, key.sk()).isEqualTo(expected);
      // ... and on a single UpdateItem, whose placeholders it shares.
      boolean updated;
      try {
        table.write(
            new WriteAction.Update(
                key,
                List.of(
                    new UpdateAction.Add(N, 0),
                    new UpdateAction.Set(AttributePath.of("touched"), new Value.Bool(true))),
                c.condition()));
        updated = true;
      } catch (TableConditionFailedException e) {
        updated = false;
      }
      assertThat(updated).as("update under %s on %s", c, key.sk()).isEqualTo(expected);
      if (updated && key.equals(missing)) {
        table.write(new WriteAction.Delete(missing, ItemCondition.NONE));
      }
    }
  }
}
