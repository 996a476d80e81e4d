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
import io.quickphotos.engine.Table;
import io.quickphotos.engine.TableConditionFailedException;
import io.quickphotos.engine.TableTransactionCancelledException;
import io.quickphotos.engine.UpdateAction;
import io.quickphotos.engine.Value;
import io.quickphotos.engine.WriteAction;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** PutItem, UpdateItem, DeleteItem and TransactWriteItems with their conditions. */
class WriteTest {
  private final MemoryTable table = new MemoryTable();
  private final Key key = key("p", "s");

  private Optional<Item> stored(Key k) {
    return table.getItem(k).item();
  }

  private static UpdateAction add(AttributePath path, long delta) {
    return new UpdateAction.Add(path, delta);
  }

  private static UpdateAction set(String attribute, String value) {
    return new UpdateAction.Set(AttributePath.of(attribute), new Value.Str(value));
  }

  @Nested
  class Put {
    @Test
    void returnsAndStoresThePutItemItself() {
      Item item = Item.builder(key).put("a", "1").build();

      Table.Write write = table.write(new WriteAction.Put(item, ItemCondition.ABSENT));

      assertThat(write.item()).containsSame(item);
      assertThat(stored(key)).containsSame(item);
    }

    @Test
    void replacesTheWholeItem() {
      put(table, Item.builder(key).put("a", "1").build());
      Item replacement = Item.builder(key).put("b", "2").build();

      table.write(new WriteAction.Put(replacement, ItemCondition.EXISTS));

      assertThat(stored(key).orElseThrow().attributes()).doesNotContainKey("a");
    }

    @Test
    void failedConditionsThrowAndWriteNothing() {
      Item original = put(table, Item.builder(key).put("a", "1").build());

      assertThatThrownBy(
              () -> table.write(new WriteAction.Put(item("p", "s"), ItemCondition.ABSENT)))
          .isInstanceOf(TableConditionFailedException.class)
          .hasMessage("The conditional request failed");
      assertThatThrownBy(
              () -> table.write(new WriteAction.Put(item("p", "t"), ItemCondition.EXISTS)))
          .isInstanceOf(TableConditionFailedException.class);
      assertThat(stored(key)).containsSame(original);
      assertThat(stored(key("p", "t"))).isEmpty();
    }
  }

  @Nested
  class Update {
    @Test
    void createsAMissingItemWhenTheConditionAllows() {
      Table.Write write =
          table.write(
              new WriteAction.Update(
                  key,
                  List.of(set("name", "Ann"), add(AttributePath.of("followers"), 3)),
                  ItemCondition.NONE));

      Item expected = Item.builder(key).put("name", "Ann").put("followers", 3).build();
      assertThat(write.item()).contains(expected);
      assertThat(stored(key)).contains(expected);
    }

    @Test
    void refusesAMissingItemUnderExists() {
      assertThatThrownBy(
              () ->
                  table.write(
                      new WriteAction.Update(
                          key,
                          List.of(add(AttributePath.of("reactions", "heart"), 1)),
                          ItemCondition.EXISTS)))
          .isInstanceOf(TableConditionFailedException.class);
      assertThat(stored(key)).isEmpty();
    }

    @Test
    void countersStartAtZeroAndAddNegativeDeltas() {
      put(
          table,
          Item.builder(key)
              .put("name", "Ann")
              .put("following", 5)
              .put("reactions", new Value.MapValue(Map.of("heart", Value.Num.of(2))))
              .build());

      Item after =
          table
              .write(
                  new WriteAction.Update(
                      key,
                      List.of(
                          add(AttributePath.of("following"), -1),
                          add(AttributePath.of("followers"), -1),
                          add(AttributePath.of("reactions", "heart"), 1),
                          add(AttributePath.of("reactions", "smiley"), 1)),
                      ItemCondition.EXISTS))
              .item()
              .orElseThrow();

      assertThat(after.number("following")).isEqualByComparingTo("4");
      assertThat(after.number("followers")).isEqualByComparingTo("-1");
      assertThat(after.get("reactions"))
          .contains(
              new Value.MapValue(Map.of("heart", Value.Num.of(3), "smiley", Value.Num.of(1))));
      assertThat(after.string("name")).isEqualTo("Ann");
      assertThat(stored(key)).containsSame(after);
    }

    @Test
    void setReplacesAnyValueAndANewMapKey() {
      put(
          table,
          Item.builder(key)
              .put("status", Value.Num.of(1))
              .put("m", new Value.MapValue(Map.of()))
              .build());

      Item after =
          table
              .write(
                  new WriteAction.Update(
                      key,
                      List.of(
                          set("status", "ACTIVE"),
                          new UpdateAction.Set(AttributePath.of("m", "k"), new Value.Bool(true))),
                      ItemCondition.EXISTS))
              .item()
              .orElseThrow();

      assertThat(after.string("status")).isEqualTo("ACTIVE");
      assertThat(after.get("m")).contains(new Value.MapValue(Map.of("k", new Value.Bool(true))));
    }

    @Test
    void numbersKeepTheirPrecision() {
      put(table, Item.builder(key).put("n", new Value.Num(new BigDecimal("0.5"))).build());

      Item after =
          table
              .write(
                  new WriteAction.Update(
                      key, List.of(add(AttributePath.of("n"), 1)), ItemCondition.NONE))
              .item()
              .orElseThrow();

      assertThat(after.number("n")).isEqualByComparingTo("1.5");
    }
  }

  @Nested
  class Delete {
    @Test
    void removesTheItemAndReturnsNothing() {
      put(table, item("p", "s"));

      Table.Write write = table.write(new WriteAction.Delete(key, ItemCondition.EXISTS));

      assertThat(write.item()).isEmpty();
      assertThat(stored(key)).isEmpty();
    }

    @Test
    void aMissingItemIsFineUnlessItMustExist() {
      assertThat(table.write(new WriteAction.Delete(key, ItemCondition.NONE)).item()).isEmpty();
      assertThat(table.write(new WriteAction.Delete(key, ItemCondition.ABSENT)).item()).isEmpty();
      assertThatThrownBy(() -> table.write(new WriteAction.Delete(key, ItemCondition.EXISTS)))
          .isInstanceOf(TableConditionFailedException.class);
    }

    @Test
    void absentConditionProtectsAnExistingItem() {
      put(table, item("p", "s"));

      assertThatThrownBy(() -> table.write(new WriteAction.Delete(key, ItemCondition.ABSENT)))
          .isInstanceOf(TableConditionFailedException.class);
      assertThat(stored(key)).isPresent();
    }
  }

  @Nested
  class Transactions {
    private final Key user = key("USER#ann", "#METADATA#ann");
    private final Key photo = key("USER#ann", "PHOTO#ann#1");
    private final Key reaction = key("REACTION#bob#heart", "PHOTO#ann#1");

    Transactions() {
      put(table, Item.builder(user).put("followers", 0).build());
      put(table, Item.builder(photo).put("reactions", new Value.MapValue(Map.of())).build());
    }

    private List<WriteAction> react() {
      return List.of(
          new WriteAction.Check(user, ItemCondition.EXISTS),
          new WriteAction.Put(
              Item.builder(reaction).put("type", "heart").build(), ItemCondition.ABSENT),
          new WriteAction.Update(
              photo,
              List.of(add(AttributePath.of("reactions", "heart"), 1)),
              ItemCondition.EXISTS));
    }

    @Test
    void appliesEveryAction() {
      table.transactWrite(react());

      assertThat(stored(reaction)).isPresent();
      assertThat(stored(photo).orElseThrow().get("reactions"))
          .contains(new Value.MapValue(Map.of("heart", Value.Num.of(1))));
    }

    @Test
    void oneFailedConditionCancelsEverythingWithAReasonPerAction() {
      table.transactWrite(react());
      Item photoBefore = stored(photo).orElseThrow();

      assertThatThrownBy(() -> table.transactWrite(react()))
          .isInstanceOfSatisfying(
              TableTransactionCancelledException.class,
              e ->
                  assertThat(e.reasons()).containsExactly("None", "ConditionalCheckFailed", "None"))
          .hasMessage(
              "Transaction cancelled, please refer cancellation reasons for specific "
                  + "reasons [None, ConditionalCheckFailed, None]");
      assertThat(stored(photo)).containsSame(photoBefore);
    }

    @Test
    void everyFailedConditionIsReported() {
      table.write(new WriteAction.Delete(user, ItemCondition.EXISTS));
      table.write(new WriteAction.Delete(photo, ItemCondition.EXISTS));

      assertThatThrownBy(() -> table.transactWrite(react()))
          .isInstanceOfSatisfying(
              TableTransactionCancelledException.class,
              e ->
                  assertThat(e.reasons())
                      .containsExactly("ConditionalCheckFailed", "None", "ConditionalCheckFailed"));
      assertThat(stored(reaction)).isEmpty();
    }

    @Test
    void conditionsAreTestedAgainstTheStateBeforeTheTransaction() {
      Key a = key("p", "a");
      Key b = key("p", "b");
      put(table, item("p", "a"));

      table.transactWrite(
          List.of(
              new WriteAction.Delete(a, ItemCondition.EXISTS),
              new WriteAction.Put(item("p", "b"), ItemCondition.ABSENT)));

      assertThat(stored(a)).isEmpty();
      assertThat(stored(b)).isPresent();
    }

    @Test
    void anUpdateThatCannotApplyCancelsWithAValidationError() {
      Key bare = key("p", "bare");
      put(table, item("p", "bare"));

      assertThatThrownBy(
              () ->
                  table.transactWrite(
                      List.of(
                          new WriteAction.Put(item("p", "new"), ItemCondition.ABSENT),
                          new WriteAction.Update(
                              bare,
                              List.of(add(AttributePath.of("reactions", "heart"), 1)),
                              ItemCondition.NONE))))
          .isInstanceOfSatisfying(
              TableTransactionCancelledException.class,
              e -> assertThat(e.reasons()).containsExactly("None", "ValidationError"));
      assertThat(stored(key("p", "new"))).isEmpty();
    }
  }
}
