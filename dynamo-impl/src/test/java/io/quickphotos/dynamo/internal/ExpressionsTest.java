package io.quickphotos.dynamo.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.internal.singletable.AttributePath;
import io.quickphotos.internal.singletable.SortKeyCondition;
import io.quickphotos.internal.singletable.SortKeyCondition.Operator;
import io.quickphotos.internal.singletable.UpdateAction;
import io.quickphotos.internal.singletable.Value;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class ExpressionsTest {

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "EQ|#pk = :pk AND #sk = :sk",
      "LT|#pk = :pk AND #sk < :sk",
      "LE|#pk = :pk AND #sk <= :sk",
      "GT|#pk = :pk AND #sk > :sk",
      "GE|#pk = :pk AND #sk >= :sk",
      "BEGINS_WITH|#pk = :pk AND begins_with(#sk, :sk)"})
  void everyOneOperandSortConditionUsesPlaceholders(Operator operator, String expected) {
    Expressions.Expression e = Expressions.keyCondition("SK", "PHOTO#a#1", "PK",
        new SortKeyCondition(operator, "USER#", null));
    assertThat(e.expression()).isEqualTo(expected);
    assertThat(e.names()).isEqualTo(Map.of("#pk", "SK", "#sk", "PK"));
    assertThat(e.values()).isEqualTo(Map.of(":pk", AttributeValue.fromS("PHOTO#a#1"),
        ":sk", AttributeValue.fromS("USER#")));
  }

  @Test
  void betweenHasBothBounds() {
    Expressions.Expression e = Expressions.keyCondition("PK", "USER#a", "SK",
        SortKeyCondition.between("#METADATA#a", "PHOTO$"));
    assertThat(e.expression()).isEqualTo("#pk = :pk AND #sk BETWEEN :sk AND :upper");
    assertThat(e.values()).containsEntry(":sk", AttributeValue.fromS("#METADATA#a"))
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
    Expressions.Expression e = Expressions.update(List.of(
        new UpdateAction.Set(AttributePath.of("name"), new Value.Str("N")),
        new UpdateAction.Add(AttributePath.of("reactions", "heart"), 1),
        new UpdateAction.Add(AttributePath.of("reactions", "smiley"), -2)));
    assertThat(e.expression()).isEqualTo("SET #a0 = :v0, "
        + "#a1.#a2 = if_not_exists(#a1.#a2, :zero) + :d1, "
        + "#a1.#a3 = if_not_exists(#a1.#a3, :zero) + :d2");
    assertThat(e.names()).isEqualTo(Map.of("#a0", "name", "#a1", "reactions", "#a2", "heart",
        "#a3", "smiley"));
    assertThat(e.values()).isEqualTo(Map.of(":v0", AttributeValue.fromS("N"),
        ":d1", AttributeValue.fromN("1"), ":d2", AttributeValue.fromN("-2"),
        ":zero", AttributeValue.fromN("0")));
  }

  @Test
  void setsAloneNeedNoZero() {
    Expressions.Expression e = Expressions.update(List.of(
        new UpdateAction.Set(AttributePath.of("status"), new Value.Str("ACTIVE"))));
    assertThat(e.expression()).isEqualTo("SET #a0 = :v0");
    assertThat(e.values()).containsOnlyKeys(":v0");
  }
}
