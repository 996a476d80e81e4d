package io.quickphotos.dynamo.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.engine.AttributePath;
import io.quickphotos.engine.ItemCondition;
import io.quickphotos.engine.SortKeyCondition;
import io.quickphotos.engine.SortKeyCondition.Operator;
import io.quickphotos.engine.UpdateAction;
import io.quickphotos.engine.Value;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class ExpressionsTest {

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "EQ|#pk = :pk AND #sk = :sk",
        "LT|#pk = :pk AND #sk < :sk",
        "LE|#pk = :pk AND #sk <= :sk",
        "GT|#pk = :pk AND #sk > :sk",
        "GE|#pk = :pk AND #sk >= :sk",
        "BEGINS_WITH|#pk = :pk AND begins_with(#sk, :sk)"
      })
  void everyOneOperandSortConditionUsesPlaceholders(Operator operator, String expected) {
    Expressions.Expression e =
        Expressions.keyCondition(
            "SK", "PHOTO#a#1", "PK", new SortKeyCondition(operator, "USER#", null));
    assertThat(e.expression()).isEqualTo(expected);
    assertThat(e.names()).isEqualTo(Map.of("#pk", "SK", "#sk", "PK"));
    assertThat(e.values())
        .isEqualTo(
            Map.of(":pk", AttributeValue.fromS("PHOTO#a#1"), ":sk", AttributeValue.fromS("USER#")));
  }

  @Test
  void betweenHasBothBounds() {
    Expressions.Expression e =
        Expressions.keyCondition(
            "PK", "USER#a", "SK", SortKeyCondition.between("#METADATA#a", "PHOTO$"));
    assertThat(e.expression()).isEqualTo("#pk = :pk AND #sk BETWEEN :sk AND :upper");
    assertThat(e.values())
        .containsEntry(":sk", AttributeValue.fromS("#METADATA#a"))
        .containsEntry(":upper", AttributeValue.fromS("PHOTO$"));
  }

  @Test
  void partitionOnlyConditionHasNoSortPart() {
    Expressions.Expression e = Expressions.keyCondition("PK", "USER#a", "SK", null);
    assertThat(e.expression()).isEqualTo("#pk = :pk");
    assertThat(e.names()).containsOnlyKeys("#pk");
    assertThat(e.values()).containsOnlyKeys(":pk");
  }

  @Test
  void setsAndCountersShareAliasesForRepeatedNames() {
    Expressions.Expression e =
        Expressions.update(
            List.of(
                new UpdateAction.Set(AttributePath.of("name"), new Value.Str("N")),
                new UpdateAction.Add(AttributePath.of("reactions", "heart"), 1),
                new UpdateAction.Add(AttributePath.of("reactions", "smiley"), -2)));
    assertThat(e.expression())
        .isEqualTo(
            "SET #a0 = :v0, "
                + "#a1.#a2 = if_not_exists(#a1.#a2, :zero) + :d1, "
                + "#a1.#a3 = if_not_exists(#a1.#a3, :zero) + :d2");
    assertThat(e.names())
        .isEqualTo(Map.of("#a0", "name", "#a1", "reactions", "#a2", "heart", "#a3", "smiley"));
    assertThat(e.values())
        .isEqualTo(
            Map.of(
                ":v0",
                AttributeValue.fromS("N"),
                ":d1",
                AttributeValue.fromN("1"),
                ":d2",
                AttributeValue.fromN("-2"),
                ":zero",
                AttributeValue.fromN("0")));
  }

  @Test
  void setsAloneNeedNoZero() {
    Expressions.Expression e =
        Expressions.update(
            List.of(new UpdateAction.Set(AttributePath.of("status"), new Value.Str("ACTIVE"))));
    assertThat(e.expression()).isEqualTo("SET #a0 = :v0");
    assertThat(e.values()).containsOnlyKeys(":v0");
  }

  @Test
  void existenceConditionsStayLiteralAndNoneHasNoExpression() {
    assertThat(Expressions.condition(ItemCondition.NONE)).isNull();
    Expressions.Expression exists = Expressions.condition(ItemCondition.EXISTS);
    assertThat(exists.expression()).isEqualTo("attribute_exists(PK)");
    assertThat(exists.names()).isEmpty();
    assertThat(exists.values()).isEmpty();
    assertThat(Expressions.condition(ItemCondition.ABSENT).expression())
        .isEqualTo("attribute_not_exists(PK)");
  }

  @Test
  void conditionTreesUseTheirOwnPlaceholders() {
    ItemCondition condition =
        ItemCondition.and(
            ItemCondition.EXISTS,
            ItemCondition.not(
                new ItemCondition.AttributeEquals(
                    AttributePath.of("status"), new Value.Str("CLOSING"))),
            new ItemCondition.AtLeast(AttributePath.of("reactions", "heart"), 1),
            ItemCondition.not(new ItemCondition.AttributeExists(AttributePath.of("deleting"))));
    Expressions.Expression e = Expressions.condition(condition);
    assertThat(e.expression())
        .isEqualTo(
            "(attribute_exists(PK)) AND (NOT (#c0 = :c0)) AND "
                + "(#c1.#c2 >= :c1) AND (NOT (attribute_exists(#c3)))");
    assertThat(e.names())
        .isEqualTo(Map.of("#c0", "status", "#c1", "reactions", "#c2", "heart", "#c3", "deleting"));
    assertThat(e.values())
        .isEqualTo(
            Map.of(":c0", AttributeValue.fromS("CLOSING"), ":c1", AttributeValue.fromN("1")));
  }

  @Test
  void aConditionAndAnUpdateShareOneRequestWithoutClashing() {
    Expressions.Expression update =
        Expressions.update(
            List.of(new UpdateAction.Add(AttributePath.of("reactions", "heart"), -1)));
    Expressions.Expression condition =
        Expressions.condition(new ItemCondition.AtLeast(AttributePath.of("reactions", "heart"), 1));
    Map<String, String> names = Expressions.merged(condition.names(), update.names());
    Map<String, AttributeValue> values = Expressions.merged(condition.values(), update.values());
    assertThat(names).hasSize(condition.names().size() + update.names().size());
    assertThat(values).hasSize(condition.values().size() + update.values().size());
    assertThat(Expressions.merged(Map.of(), null)).isNull();
  }

  @Test
  void aWriteCarriesBothExpressionsAndIsTheSameForEqualShapesRepeated() {
    for (int i = 0; i < 3; i++) {
      // A new but equal condition and counter each time, as a plan makes them.
      ItemCondition active =
          ItemCondition.and(
              ItemCondition.EXISTS,
              ItemCondition.not(
                  new ItemCondition.AttributeEquals(
                      AttributePath.of("status"), new Value.Str("CLOSING"))));
      Expressions.Write write =
          Expressions.write(
              active, List.of(new UpdateAction.Add(AttributePath.of("followers"), i)));
      assertThat(write.update()).isEqualTo("SET #a0 = if_not_exists(#a0, :zero) + :d0");
      assertThat(write.condition()).isEqualTo("(attribute_exists(PK)) AND (NOT (#c0 = :c0))");
      assertThat(write.names()).isEqualTo(Map.of("#a0", "followers", "#c0", "status"));
      assertThat(write.values())
          .isEqualTo(
              Map.of(
                  ":zero",
                  AttributeValue.fromN("0"),
                  ":d0",
                  AttributeValue.fromN(Integer.toString(i)),
                  ":c0",
                  AttributeValue.fromS("CLOSING")));
    }
    Expressions.Write absent = Expressions.write(ItemCondition.ABSENT, null);
    assertThat(absent).isEqualTo(Expressions.write(ItemCondition.ABSENT, null));
    assertThat(absent.condition()).isEqualTo("attribute_not_exists(PK)");
    assertThat(absent.update()).isNull();
    assertThat(absent.names()).isNull();
    assertThat(absent.values()).isNull();
    assertThat(Expressions.write(ItemCondition.NONE, null).condition()).isNull();
  }

  @Test
  void aWriteThatSetsValuesHasThemAll() {
    for (String name : List.of("A", "B")) {
      Expressions.Write write =
          Expressions.write(
              ItemCondition.EXISTS,
              List.of(new UpdateAction.Set(AttributePath.of("name"), new Value.Str(name))));
      assertThat(write.update()).isEqualTo("SET #a0 = :v0");
      assertThat(write.values()).isEqualTo(Map.of(":v0", AttributeValue.fromS(name)));
    }
  }
}
