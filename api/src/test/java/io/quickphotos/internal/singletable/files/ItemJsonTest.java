package io.quickphotos.internal.singletable.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quickphotos.InvalidInputException;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.Value;
import java.io.StringReader;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ItemJsonTest {
  private static final Item EVERY_TYPE =
      Item.builder(new Key("USER#ann", "#METADATA#ann"))
          .put("name", "Ann \"the\" \\ \u00e9\u4e2d\uD83D\uDE00\n\t\u0001")
          .put("followers", 12)
          .put("ratio", new Value.Num(new BigDecimal("-0.000125")))
          .put("big", new Value.Num(new BigDecimal("1E+30")))
          .put("active", new Value.Bool(true))
          .put("nothing", new Value.Null())
          .put(
              "reactions",
              new Value.MapValue(
                  Map.of("heart", Value.Num.of(1), "nested", new Value.MapValue(Map.of()))))
          .put(
              "tags",
              new Value.ListValue(
                  List.of(new Value.Str("a"), Value.Num.of(2), new Value.ListValue(List.of()))))
          .put("empty", "")
          .build();

  @Test
  void aFormattedItemParsesBackEqual() {
    String line = ItemJson.formatLine(EVERY_TYPE);

    assertThat(line)
        .startsWith(
            "{\"Item\":{\"PK\":{\"S\":\"USER#ann\"},\"SK\":{\"S\":"
                + "\"#METADATA#ann\"},\"active\":{\"BOOL\":true},\"big\":{\"N\":\"1000000000000000"
                + "000000000000000\"}");
    assertThat(ItemJson.parseLine(line)).isEqualTo(EVERY_TYPE);
  }

  @Test
  void readsBareAndWrappedLinesAndSkipsBlankOnes() {
    List<Item> items = new ArrayList<>();
    long count =
        ItemJson.read(
            new StringReader(
                String.join(
                    "\n",
                    "{\"PK\": {\"S\": \"USER#ann\"}, \"SK\": {\"S\": \"#METADATA#ann\"},"
                        + " \"n\": {\"N\": \" 42 \"}, \"s\": {\"S\": \"caf\\u00e9\\/\"}}",
                    "   ",
                    " { \"Item\" : {\"PK\":{\"S\":\"USER#bob\"},\"SK\":{\"S\":\"#METADATA#bob\"}} } ")),
            items::add);

    assertThat(count).isEqualTo(2);
    assertThat(items.get(0).number("n")).isEqualByComparingTo("42");
    assertThat(items.get(0).string("s")).isEqualTo("café/");
    assertThat(items.get(1).key()).isEqualTo(new Key("USER#bob", "#METADATA#bob"));
  }

  @Test
  void refusesWhatIsNotAnItemNamingTheLine() {
    for (String bad :
        List.of(
            "[1]",
            "{}",
            "{\"PK\": {\"S\": \"a\"}}",
            "{\"PK\": {\"N\": \"1\"}, \"SK\": {\"S\": \"x\"}}",
            "{\"PK\": {\"S\": \"a\"}, \"SK\": {\"S\": \"x\"}, \"b\": {\"B\": \"AAA=\"}}",
            "{\"PK\": {\"S\": \"a\"}, \"SK\": {\"S\": \"x\"}, \"n\": {\"N\": \"one\"}}",
            "{\"PK\": {\"S\": \"a\"}, \"SK\": {\"S\": \"x\"}, \"v\": \"plain\"}",
            "{\"PK\": {\"S\": \"a\"}, \"SK\": {\"S\": \"x\"}} trailing",
            "{\"PK\": {\"S\": \"a\"}, \"PK\": {\"S\": \"b\"}}",
            "{\"PK\": {\"S\": \"unterminated}")) {
      assertThatThrownBy(() -> ItemJson.read(new StringReader("\n" + bad), item -> {}))
          .as(bad)
          .isInstanceOf(InvalidInputException.class)
          .hasMessageStartingWith("line 2: ");
    }
  }
}
