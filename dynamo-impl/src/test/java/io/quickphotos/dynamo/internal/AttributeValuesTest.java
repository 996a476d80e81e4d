package io.quickphotos.dynamo.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quickphotos.QuickPhotosException;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.Value;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class AttributeValuesTest {

  @Test
  void everyValueTypeSurvivesTheRoundTrip() {
    Value nested =
        new Value.MapValue(
            Map.of(
                "s", new Value.Str("text ☃ \uD83D\uDE00"),
                "empty", new Value.Str(""),
                "n", new Value.Num(new BigDecimal("-12.50")),
                "big",
                    new Value.Num(new BigDecimal("1.2345678901234567890123456789012345678E+100")),
                "t", new Value.Bool(true),
                "f", new Value.Bool(false),
                "null", new Value.Null(),
                "list",
                    new Value.ListValue(
                        List.of(
                            Value.Num.of(1),
                            new Value.Str("two"),
                            new Value.ListValue(List.of()),
                            new Value.MapValue(Map.of())))));
    assertThat(AttributeValues.fromSdk(AttributeValues.toSdk(nested))).isEqualTo(nested);
  }

  @Test
  void numbersGoOutInPlainNotation() {
    assertThat(AttributeValues.toSdk(new Value.Num(new BigDecimal("1E+3"))).n()).isEqualTo("1000");
    assertThat(AttributeValues.toSdk(new Value.Num(new BigDecimal("0.000"))).n()).isEqualTo("0");
    assertThat(AttributeValues.fromSdk(AttributeValue.fromN("1.0E2"))).isEqualTo(Value.Num.of(100));
  }

  @Test
  void integersReadWithoutTheGeneralParserEqualWhatItReads() {
    for (String text :
        List.of(
            "0",
            "-0",
            "7",
            "10",
            "11",
            "-1",
            "-10",
            "007",
            "100",
            "123456789012345678",
            "-123456789012345678",
            "1234567890123456789",
            "99999999999999999999",
            "1.5",
            "-2.50",
            "1E+3",
            "+4",
            "3e2")) {
      assertThat(AttributeValues.number(text))
          .as(text)
          .isEqualTo(new Value.Num(new BigDecimal(text)));
      assertThat(AttributeValues.toSdk(AttributeValues.number(text)).n())
          .as(text)
          .isEqualTo(new Value.Num(new BigDecimal(text)).value().toPlainString());
    }
  }

  @Test
  void itemsAndKeysConvert() {
    Item item = Item.builder(new Key("USER#a", "#METADATA#a")).put("followers", 3).build();
    Map<String, AttributeValue> sdk = AttributeValues.toSdk(item);
    assertThat(sdk)
        .containsEntry("PK", AttributeValue.fromS("USER#a"))
        .containsEntry("followers", AttributeValue.fromN("3"));
    assertThat(AttributeValues.item(sdk)).isEqualTo(item);
    assertThat(AttributeValues.key(AttributeValues.toSdk(item.key()))).isEqualTo(item.key());
  }

  @Test
  void typesQuickphotosNeverWritesAreReportedByName() {
    assertThatThrownBy(
            () -> AttributeValues.fromSdk(AttributeValue.fromB(SdkBytes.fromUtf8String("x"))))
        .isInstanceOf(QuickPhotosException.class)
        .hasMessageContaining("B");
    assertThatThrownBy(() -> AttributeValues.fromSdk(AttributeValue.fromSs(List.of("a"))))
        .isInstanceOf(QuickPhotosException.class)
        .hasMessageContaining("SS");
  }

  @Test
  void aKeyWithoutStringPkAndSkIsRejected() {
    assertThatThrownBy(() -> AttributeValues.key(Map.of("PK", AttributeValue.fromS("a"))))
        .isInstanceOf(QuickPhotosException.class);
    assertThatThrownBy(
            () ->
                AttributeValues.key(
                    Map.of("PK", AttributeValue.fromN("1"), "SK", AttributeValue.fromS("a"))))
        .isInstanceOf(QuickPhotosException.class);
  }
}
