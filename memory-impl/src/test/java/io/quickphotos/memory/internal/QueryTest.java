package io.quickphotos.memory.internal;

import static io.quickphotos.memory.internal.Fixtures.indexPlan;
import static io.quickphotos.memory.internal.Fixtures.key;
import static io.quickphotos.memory.internal.Fixtures.plan;
import static io.quickphotos.memory.internal.Fixtures.put;
import static io.quickphotos.memory.internal.Fixtures.putAll;
import static io.quickphotos.memory.internal.Fixtures.readAllPages;
import static io.quickphotos.memory.internal.Fixtures.sized;
import static io.quickphotos.memory.internal.Fixtures.sortKeys;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quickphotos.engine.AttributePath;
import io.quickphotos.engine.Index;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.ItemCondition;
import io.quickphotos.engine.QueryPlan;
import io.quickphotos.engine.QueryResult;
import io.quickphotos.engine.SortKeyCondition;
import io.quickphotos.engine.SortKeyCondition.Operator;
import io.quickphotos.engine.TableRequestRefusedException;
import io.quickphotos.engine.UpdateAction;
import io.quickphotos.engine.Value;
import io.quickphotos.engine.WriteAction;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Query: key conditions, direction, Limit, LastEvaluatedKey, 1 MB pages, start keys, index. */
class QueryTest {
  private final MemoryTable table = new MemoryTable();

  private List<String> read(SortKeyCondition condition, boolean forward) {
    return sortKeys(table.query(plan("P", condition, forward)));
  }

  @Nested
  class KeyConditions {
    KeyConditions() {
      putAll(table, "P", "a", "b", "c", "d", "e");
      putAll(table, "Q", "c");
    }

    @Test
    void equalTo() {
      assertThat(read(SortKeyCondition.equalTo("c"), true)).containsExactly("c");
      assertThat(read(SortKeyCondition.equalTo("cc"), true)).isEmpty();
      assertThat(read(SortKeyCondition.equalTo("C"), true)).isEmpty();
    }

    @Test
    void lessThanAndLessOrEqualAtTheBound() {
      assertThat(read(SortKeyCondition.compare(Operator.LT, "c"), true)).containsExactly("a", "b");
      assertThat(read(SortKeyCondition.compare(Operator.LE, "c"), true))
          .containsExactly("a", "b", "c");
      assertThat(read(SortKeyCondition.compare(Operator.LT, "a"), true)).isEmpty();
      assertThat(read(SortKeyCondition.compare(Operator.LE, "a"), true)).containsExactly("a");
    }

    @Test
    void greaterThanAndGreaterOrEqualAtTheBound() {
      assertThat(read(SortKeyCondition.compare(Operator.GT, "c"), true)).containsExactly("d", "e");
      assertThat(read(SortKeyCondition.compare(Operator.GE, "c"), true))
          .containsExactly("c", "d", "e");
      assertThat(read(SortKeyCondition.compare(Operator.GT, "e"), true)).isEmpty();
      assertThat(read(SortKeyCondition.compare(Operator.GE, "e"), true)).containsExactly("e");
    }

    @Test
    void betweenIncludesBothBounds() {
      assertThat(read(SortKeyCondition.between("b", "d"), true)).containsExactly("b", "c", "d");
      assertThat(read(SortKeyCondition.between("bb", "cc"), true)).containsExactly("c");
      assertThat(read(SortKeyCondition.between("0", "z"), true)).hasSize(5);
    }

    @Test
    void betweenWithEqualBoundsIsFine() {
      assertThat(read(SortKeyCondition.between("c", "c"), true)).containsExactly("c");
      assertThat(read(SortKeyCondition.between("cc", "cc"), true)).isEmpty();
    }

    @Test
    void betweenWithTheLowerBoundAboveTheUpperIsRefused() {
      assertThatThrownBy(() -> read(SortKeyCondition.between("d", "b"), true))
          .isInstanceOf(TableRequestRefusedException.class)
          .hasMessage(
              "Invalid KeyConditionExpression: The BETWEEN operator requires upper bound "
                  + "to be greater than or equal to lower bound; lower bound operand: AttributeValue: "
                  + "{S:d}, upper bound operand: AttributeValue: {S:b}");
    }

    @Test
    void betweenBoundsAreOrderedByCodePointNotUtf16() {
      String supplementary = new String(Character.toChars(0x10002));
      assertThatThrownBy(() -> read(SortKeyCondition.between(supplementary, "\uFF61"), true))
          .isInstanceOf(TableRequestRefusedException.class);
      assertThat(read(SortKeyCondition.between("\uFF61", supplementary), true)).isEmpty();
    }

    @Test
    void everyConditionReadsBackwardsInReverse() {
      for (SortKeyCondition condition :
          List.of(
              SortKeyCondition.equalTo("c"),
              SortKeyCondition.compare(Operator.LT, "c"),
              SortKeyCondition.compare(Operator.LE, "c"),
              SortKeyCondition.compare(Operator.GT, "c"),
              SortKeyCondition.compare(Operator.GE, "c"),
              SortKeyCondition.between("b", "d"),
              SortKeyCondition.beginsWith("c"))) {
        List<String> forward = new ArrayList<>(read(condition, true));
        Collections.reverse(forward);
        assertThat(read(condition, false)).as(condition.toString()).isEqualTo(forward);
      }
      assertThat(read(null, false)).containsExactly("e", "d", "c", "b", "a");
    }
  }

  @Nested
  class BeginsWith {
    BeginsWith() {
      putAll(
          table,
          "P",
          "#FRIEND",
          "#FRIEND#ann",
          "#FRIEND#bob",
          "#FRIENDS",
          "#METADATA#u",
          "PHOTO#u#1",
          "x\uFFFF",
          "x\uFFFFa",
          "x\uD83D\uDE00",
          "x\uD83D\uDE00b",
          "y");
    }

    @Test
    void readsExactlyTheKeysWithThePrefixInBothDirections() {
      assertThat(read(SortKeyCondition.beginsWith("#FRIEND#"), true))
          .containsExactly("#FRIEND#ann", "#FRIEND#bob");
      assertThat(read(SortKeyCondition.beginsWith("#FRIEND#"), false))
          .containsExactly("#FRIEND#bob", "#FRIEND#ann");
    }

    @Test
    void aPrefixEqualToAKeyIncludesThatKey() {
      assertThat(read(SortKeyCondition.beginsWith("#FRIEND"), true))
          .containsExactly("#FRIEND", "#FRIEND#ann", "#FRIEND#bob", "#FRIENDS");
      assertThat(read(SortKeyCondition.beginsWith("#FRIEND#bob"), false))
          .containsExactly("#FRIEND#bob");
    }

    @Test
    void aOneCharacterPrefix() {
      assertThat(read(SortKeyCondition.beginsWith("#"), false))
          .containsExactly("#METADATA#u", "#FRIENDS", "#FRIEND#bob", "#FRIEND#ann", "#FRIEND");
      assertThat(read(SortKeyCondition.beginsWith("z"), true)).isEmpty();
    }

    @Test
    void prefixesEndingInTheHighestCharactersOfEachPlane() {
      assertThat(read(SortKeyCondition.beginsWith("x\uFFFF"), false))
          .containsExactly("x\uFFFFa", "x\uFFFF");
      assertThat(read(SortKeyCondition.beginsWith("x\uD83D\uDE00"), false))
          .containsExactly("x\uD83D\uDE00b", "x\uD83D\uDE00");
      assertThat(read(SortKeyCondition.beginsWith("x"), false))
          .containsExactly("x\uD83D\uDE00b", "x\uD83D\uDE00", "x\uFFFFa", "x\uFFFF");
    }

    @Test
    void anEmptyPrefixIsRefusedLikeAnyEmptyKeyValue() {
      assertThatThrownBy(() -> read(SortKeyCondition.beginsWith(""), true))
          .isInstanceOf(TableRequestRefusedException.class)
          .hasMessage(
              "One or more parameter values are not valid. The AttributeValue for a key "
                  + "attribute cannot contain an empty string value. Key: SK");
    }
  }

  @Nested
  class LimitAndLastEvaluatedKey {
    LimitAndLastEvaluatedKey() {
      putAll(table, "P", "a", "b", "c");
    }

    @Test
    void aPageThatStopsAtTheLimitHasALastEvaluatedKeyEvenIfNothingRemains() {
      QueryResult page = table.query(plan("P", true, 3));

      assertThat(sortKeys(page)).containsExactly("a", "b", "c");
      assertThat(page.lastEvaluatedKey()).contains(key("P", "c"));
      QueryResult next = table.query(plan("P", true, 3).startingAfter(key("P", "c")));
      assertThat(next.items()).isEmpty();
      assertThat(next.lastEvaluatedKey()).isEmpty();
    }

    @Test
    void aPageThatExhaustsTheRangeHasNone() {
      QueryResult page = table.query(plan("P", true, 4));

      assertThat(sortKeys(page)).containsExactly("a", "b", "c");
      assertThat(page.lastEvaluatedKey()).isEmpty();
    }

    @Test
    void backwardsTheLastEvaluatedKeyIsTheLowestReadSoFar() {
      QueryResult page = table.query(plan("P", false, 2));

      assertThat(sortKeys(page)).containsExactly("c", "b");
      assertThat(page.lastEvaluatedKey()).contains(key("P", "b"));
      assertThat(sortKeys(table.query(plan("P", false, 2).startingAfter(key("P", "b")))))
          .containsExactly("a");
    }

    @Test
    void aMissingPartitionIsAnEmptyLastPage() {
      QueryResult page = table.query(plan("nowhere", true, 1));

      assertThat(page.items()).isEmpty();
      assertThat(page.lastEvaluatedKey()).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(ints = {0, -1})
    void aLimitBelowOneIsRefused(int limit) {
      assertThatThrownBy(() -> table.query(plan("P", true, limit)))
          .isInstanceOf(TableRequestRefusedException.class)
          .hasMessageContaining(
              "at 'limit' failed to satisfy constraint: Member must have value "
                  + "greater than or equal to 1");
    }
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 2, 7, 49, 50, 51})
  void pagingVisitsEveryItemExactlyOnceInBothDirections(int limit) {
    List<String> keys = IntStream.range(0, 50).mapToObj(i -> "SK#" + (i * 7919 % 50)).toList();
    keys.forEach(sk -> put(table, Fixtures.item("P", sk)));
    List<String> ascending = keys.stream().sorted(SortedStore.ORDER).toList();
    List<String> descending = new ArrayList<>(ascending);
    Collections.reverse(descending);

    assertThat(readAllPages(table, plan("P", true, limit)).stream().map(i -> i.string(Item.SK)))
        .containsExactlyElementsOf(ascending);
    assertThat(readAllPages(table, plan("P", false, limit)).stream().map(i -> i.string(Item.SK)))
        .containsExactlyElementsOf(descending);
    assertThat(
            readAllPages(
                table,
                plan("P", SortKeyCondition.between("SK#1", "SK#3"), false)
                    .startingAfter(key("P", "SK#3"))))
        .hasSize(22);
  }

  @Nested
  class OneMegabytePages {
    private static final int BIG = 300_000;

    @Test
    void aPageEndsWithTheItemThatCrossesOneMegabyte() {
      for (String sk : List.of("a", "b", "c", "d", "e")) {
        put(table, sized(key("P", sk), BIG));
      }

      QueryResult first = table.query(plan("P", true, 100));

      assertThat(sortKeys(first)).containsExactly("a", "b", "c", "d");
      assertThat(first.lastEvaluatedKey()).contains(key("P", "d"));
      assertThat(first.consumed().read()).isEqualTo(Math.ceil(4.0 * BIG / 4096));
      QueryResult second = table.query(plan("P", true, 100).startingAfter(key("P", "d")));
      assertThat(sortKeys(second)).containsExactly("e");
      assertThat(second.lastEvaluatedKey()).isEmpty();
    }

    @Test
    void backwardsTheCutCountsFromTheTop() {
      for (String sk : List.of("a", "b", "c", "d", "e")) {
        put(table, sized(key("P", sk), BIG));
      }

      assertThat(readAllPages(table, plan("P", false, 100))).hasSize(5);
      assertThat(sortKeys(table.query(plan("P", false, 100)))).containsExactly("e", "d", "c", "b");
    }

    @Test
    void reachingExactlyOneMegabyteEndsThePage() {
      for (String sk : List.of("a", "b", "c", "d", "e")) {
        put(table, sized(key("P", sk), 262_144));
      }

      QueryResult page = table.query(plan("P", true, 100));

      assertThat(sortKeys(page)).containsExactly("a", "b", "c", "d");
      assertThat(page.lastEvaluatedKey()).contains(key("P", "d"));
    }

    @Test
    void reachingOneMegabyteWithTheLastItemOfTheRangeEndsWithoutALastEvaluatedKey() {
      for (String sk : List.of("a", "b", "c", "d")) {
        put(table, sized(key("P", sk), 262_144));
      }
      for (String sk : List.of("a", "b", "c")) {
        put(table, sized(key("Q", sk), 262_144));
      }
      put(table, sized(key("Q", "d"), 262_143));
      put(table, sized(key("Q", "e"), 10));

      QueryResult page = table.query(plan("P", true, 100));
      QueryResult justUnder = table.query(plan("Q", true, 100));

      assertThat(sortKeys(page)).containsExactly("a", "b", "c", "d");
      assertThat(page.lastEvaluatedKey()).isEmpty();
      assertThat(sortKeys(justUnder)).containsExactly("a", "b", "c", "d", "e");
      assertThat(justUnder.lastEvaluatedKey()).isEmpty();
      assertThat(justUnder.consumed().read()).isEqualTo(257.0);
    }

    @Test
    void theLimitStillAppliesToLargeItems() {
      for (String sk : List.of("a", "b", "c")) {
        put(table, sized(key("P", sk), BIG));
      }

      assertThat(sortKeys(table.query(plan("P", true, 2)))).containsExactly("a", "b");
    }
  }

  @Nested
  class ExclusiveStartKey {
    ExclusiveStartKey() {
      putAll(table, "P", "a", "b", "c", "d", "e");
    }

    @Test
    void resumesStrictlyAfterAKeyThatNeedNotExist() {
      QueryPlan all = plan("P", null, true);
      assertThat(sortKeys(table.query(all.startingAfter(key("P", "bb")))))
          .containsExactly("c", "d", "e");
      assertThat(sortKeys(table.query(plan("P", null, false).startingAfter(key("P", "bb")))))
          .containsExactly("b", "a");
      assertThat(sortKeys(table.query(all.startingAfter(key("P", "e"))))).isEmpty();
    }

    @Test
    void aStartKeyInAnotherPartitionIsRefused() {
      assertThatThrownBy(() -> table.query(plan("P", null, true).startingAfter(key("Q", "b"))))
          .isInstanceOf(TableRequestRefusedException.class)
          .hasMessage("The provided starting key is invalid");
    }

    @Test
    void aStartKeyOutsideTheSortConditionIsRefused() {
      QueryPlan plan = plan("P", SortKeyCondition.between("b", "d"), true);

      assertThat(sortKeys(table.query(plan.startingAfter(key("P", "b")))))
          .containsExactly("c", "d");
      assertThat(sortKeys(table.query(plan.startingAfter(key("P", "d"))))).isEmpty();
      for (String outside : List.of("a", "e", "dd")) {
        assertThatThrownBy(() -> table.query(plan.startingAfter(key("P", outside))))
            .isInstanceOf(TableRequestRefusedException.class)
            .hasMessage(
                "The provided starting key is outside query boundaries based on provided "
                    + "conditions");
      }
      QueryPlan prefixed = plan("P", SortKeyCondition.beginsWith("c"), false);
      assertThatThrownBy(() -> table.query(prefixed.startingAfter(key("P", "b"))))
          .isInstanceOf(TableRequestRefusedException.class);
    }
  }

  @Nested
  class InvertedIndex {
    private final Item photo =
        put(
            table,
            Item.builder(key("USER#ann", "PHOTO#ann#1"))
                .put("location", "https://example.com/1.jpg")
                .build());
    private final Item reaction =
        put(
            table,
            Item.builder(key("REACTION#bob#heart", "PHOTO#ann#1")).put("type", "heart").build());
    private final Item other = put(table, Fixtures.item("USER#ann", "PHOTO#ann#2"));

    @Test
    void returnsTheSameItemsUnderSwappedKeys() {
      QueryResult page = table.query(indexPlan("PHOTO#ann#1", true, 10));

      assertThat(page.items()).containsExactly(reaction, photo);
      assertThat(page.items().get(1)).isSameAs(table.getItem(photo.key()).item().orElseThrow());
      assertThat(table.query(indexPlan("PHOTO#ann#1", false, 10)).items())
          .containsExactly(photo, reaction);
      assertThat(table.query(indexPlan("PHOTO#ann#2", true, 10)).items()).containsExactly(other);
    }

    @Test
    void itsLastEvaluatedKeyIsTheTableKeyAndResumesOnTheIndex() {
      QueryResult first = table.query(indexPlan("PHOTO#ann#1", true, 1));

      assertThat(first.lastEvaluatedKey()).contains(key("REACTION#bob#heart", "PHOTO#ann#1"));
      QueryResult second =
          table.query(
              indexPlan("PHOTO#ann#1", true, 1).startingAfter(first.lastEvaluatedKey().get()));
      assertThat(second.items()).containsExactly(photo);
      assertThat(second.lastEvaluatedKey()).contains(photo.key());
      assertThatThrownBy(
              () ->
                  table.query(
                      indexPlan("PHOTO#ann#1", true, 1)
                          .startingAfter(key("USER#ann", "PHOTO#ann#2"))))
          .isInstanceOf(TableRequestRefusedException.class)
          .hasMessage("The provided starting key is invalid");
    }

    @Test
    void sortConditionsApplyToTheTablePartitionKey() {
      QueryPlan users =
          new QueryPlan(
              Index.INVERTED,
              "PHOTO#ann#1",
              Optional.of(SortKeyCondition.beginsWith("USER#")),
              true,
              10,
              Optional.empty(),
              false);

      assertThat(table.query(users).items()).containsExactly(photo);
    }

    @Test
    void followsUpdatesAndDeletes() {
      Item updated =
          table
              .write(
                  new WriteAction.Update(
                      photo.key(),
                      List.of(
                          new UpdateAction.Set(
                              AttributePath.of("location"), new Value.Str("moved"))),
                      ItemCondition.EXISTS))
              .item()
              .orElseThrow();
      table.write(new WriteAction.Delete(reaction.key(), ItemCondition.EXISTS));

      assertThat(table.query(indexPlan("PHOTO#ann#1", true, 10)).items()).containsExactly(updated);
      table.write(new WriteAction.Delete(photo.key(), ItemCondition.NONE));
      assertThat(table.query(indexPlan("PHOTO#ann#1", true, 10)).items()).isEmpty();
    }

    @Test
    void consistentReadsAreRefused() {
      QueryPlan consistent =
          new QueryPlan(
              Index.INVERTED, "PHOTO#ann#1", Optional.empty(), true, 10, Optional.empty(), true);

      assertThatThrownBy(() -> table.query(consistent))
          .isInstanceOf(TableRequestRefusedException.class)
          .hasMessage("Consistent reads are not supported on global secondary indexes");
    }

    @Test
    void anEmptyKeyConditionOperandNamesTheIndexAndItsKey() {
      assertThatThrownBy(() -> table.query(indexPlan("", true, 10)))
          .isInstanceOf(TableRequestRefusedException.class)
          .hasMessage(
              "One or more parameter values are not valid. A value specified for a "
                  + "secondary index key is not supported. The AttributeValue for a key attribute "
                  + "cannot contain an empty string value. IndexName: InvertedIndex, IndexKey: SK");
      assertThatThrownBy(
              () ->
                  table.query(
                      new QueryPlan(
                          Index.INVERTED,
                          "PHOTO#ann#1",
                          Optional.of(SortKeyCondition.beginsWith("")),
                          true,
                          10,
                          Optional.empty(),
                          false)))
          .isInstanceOf(TableRequestRefusedException.class)
          .hasMessageEndingWith("IndexName: InvertedIndex, IndexKey: PK");
    }
  }
}
