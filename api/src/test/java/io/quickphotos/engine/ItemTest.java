package io.quickphotos.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@link Item} keeps its attributes in a compact form, names shared per shape and values
 * unwrapped; it must still read, compare, hash and size exactly as the map it was made from.
 */
class ItemTest {
  private static final Key KEY = new Key("USER#ann", "PHOTO#ann#1");

  private static Map<String, Value> sample() {
    Map<String, Value> attributes = new LinkedHashMap<>();
    attributes.put(Item.PK, new Value.Str(KEY.pk()));
    attributes.put(Item.SK, new Value.Str(KEY.sk()));
    attributes.put("location", new Value.Str("https://example.com/ü.jpg"));
    attributes.put("count", new Value.Num(new BigDecimal("12.50")));
    attributes.put("flag", new Value.Bool(true));
    attributes.put("nothing", new Value.Null());
    attributes.put("reactions", new Value.MapValue(Map.of("heart", Value.Num.of(3))));
    attributes.put("tags", new Value.ListValue(List.of(new Value.Str("a"), Value.Num.of(1))));
    return attributes;
  }

  @Test
  void readsAsTheMapItWasMadeFrom() {
    Map<String, Value> attributes = sample();
    Item item = new Item(attributes);

    assertThat(item.attributes()).isEqualTo(attributes);
    assertThat(attributes).isEqualTo(item.attributes());
    assertThat(item.attributes().hashCode()).isEqualTo(attributes.hashCode());
    assertThat(item.hashCode()).isEqualTo(attributes.hashCode());
    assertThat(item.attributes().keySet()).isEqualTo(attributes.keySet());
    assertThat(item.string("location")).isEqualTo("https://example.com/ü.jpg");
    assertThat(item.number("count")).isEqualByComparingTo("12.5");
    assertThat(item.get("flag")).contains(new Value.Bool(true));
    assertThat(item.get("nothing")).contains(new Value.Null());
    assertThat(item.get("missing")).isEmpty();
    assertThat(item.stringOrNull("count")).isNull();
    assertThat(item.key()).isEqualTo(KEY);
    assertThat(item.toString()).startsWith("Item[attributes={").contains("location=Str[value=");
  }

  /**
   * A number takes one byte of sign and exponent and one per pair of digits aligned on the
   * decimal point, a negative one of fewer than 20 pairs one byte more (DynamoDB Local's
   * encoding; conformance's {@code ItemSizeAgreementTest} checks these at the 400 KB edge).
   */
  @org.junit.jupiter.params.ParameterizedTest(name = "{0} takes {1} bytes")
  @org.junit.jupiter.params.provider.CsvSource({
    "0, 1",
    "1, 2",
    "12, 2",
    "120, 3",
    "1200, 2",
    "123, 3",
    "1.2, 3",
    "0.12, 2",
    "0.012, 3",
    "-1, 3",
    "-0.012, 4",
    "1E+125, 2",
    "-1E-130, 3",
    "12345678901234567890123456789012345678, 20",
    "-12345678901234567890123456789012345678, 21",
    "-1234567890123456789012345678901234567.8, 21",
    "-123456789012345678901234567890123456.7, 21",
    "9223372036854775807, 11",
    "-9223372036854775808, 12"
  })
  void numbersTakeTheBytesOfTheirEncoding(String number, int bytes) {
    assertThat(new Value.Num(new BigDecimal(number)).size()).isEqualTo(bytes);
  }

  @Test
  void namesWithTheSameHashAreFoundApartAndMissingOnesAreNot() {
    // "Aa" and "BB" share a hash code, as do "AaAa", "AaBB", "BBAa" and "BBBB": each probe of the
    // shape's table meets the others' slots.
    Item.Builder builder = Item.builder(KEY);
    List<String> present = List.of("Aa", "BB", "AaAa", "BBBB");
    for (int i = 0; i < present.size(); i++) {
      builder.put(present.get(i), i);
    }
    // Twice: the second item shares the first's shape, with its table of names.
    for (Item item : List.of(builder.build(), builder.build())) {
      for (int i = 0; i < present.size(); i++) {
        String asked = new String(present.get(i).toCharArray()); // equal text, not the same object
        assertThat(item.get(asked)).contains(Value.Num.of(i));
        assertThat(item.has(asked)).isTrue();
      }
      for (String missing : List.of("AaBB", "BBAa", "a", "pk0", "")) {
        assertThat(item.get(missing)).isEmpty();
        assertThat(item.has(missing)).isFalse();
      }
    }
  }

  /**
   * A {@link Item.Name} is remembered by each shared set of names it is asked of: items of many
   * sets (the name elsewhere, absent, not a string, an item made from a map) must read exactly
   * as through the plain name, in any order and from threads that fill the same slots; so must a
   * name made past the {@value Item.Name#REMEMBERED} that get a slot.
   */
  @Test
  void aRememberingNameReadsEveryItemAsThePlainNameDoes() throws Exception {
    Item.Name name = new Item.Name("follower");
    List<Item.Name> filler = new java.util.ArrayList<>();
    for (int i = 0; i < Item.Name.REMEMBERED; i++) {
      filler.add(new Item.Name("filler" + i));
    }
    Item.Name unremembered = new Item.Name("follower");
    List<Item> items =
        List.of(
            Item.builder(KEY).put("follower", "ann").put("since", "1").build(),
            // "a…" sorts before "follower": the name is found at another index.
            Item.builder(KEY).put("aaa", "x").put("abc", "y").put("follower", "bob").build(),
            Item.builder(KEY).put("since", "2").build(),
            Item.builder(KEY).put("follower", 7).build(),
            new Item(Map.of(Item.PK, new Value.Str("p"), "follower", new Value.Str("cid"))));
    java.util.concurrent.ExecutorService threads =
        java.util.concurrent.Executors.newFixedThreadPool(4);
    try {
      List<java.util.concurrent.Future<?>> readers = new java.util.ArrayList<>();
      for (int t = 0; t < 4; t++) {
        int offset = t;
        readers.add(
            threads.submit(
                () -> {
                  for (int round = 0; round < 20_000; round++) {
                    Item item = items.get((round * 7 + offset) % items.size());
                    assertThat(read(item, name)).isEqualTo(read(item, "follower"));
                    assertThat(read(item, unremembered)).isEqualTo(read(item, "follower"));
                  }
                }));
      }
      for (java.util.concurrent.Future<?> reader : readers) {
        reader.get();
      }
    } finally {
      threads.shutdownNow();
    }
    assertThat(filler).allSatisfy(f -> assertThat(items.get(0).has(f)).isFalse());
    assertThat(name.text()).isEqualTo("follower");
    assertThat(name).hasToString("follower");
  }

  /** The text read, or the refusal's message. */
  private static String read(Item item, Object name) {
    try {
      return name instanceof Item.Name remembering
          ? item.string(remembering)
          : item.string((String) name);
    } catch (UnreadableItemException e) {
      return "refused: " + e.getMessage();
    }
  }

  @Test
  void sizeIsDynamoDbsFormula() {
    Map<String, Value> attributes = sample();
    int expected = 0;
    for (Map.Entry<String, Value> e : attributes.entrySet()) {
      expected += Utf8.length(e.getKey()) + e.getValue().size();
    }
    assertThat(new Item(attributes).size()).isEqualTo(expected);
  }

  @Test
  void equalityIgnoresTheOrderAttributesWereGivenIn() {
    Map<String, Value> reversed = new LinkedHashMap<>();
    List<Map.Entry<String, Value>> entries = List.copyOf(sample().entrySet());
    for (int i = entries.size() - 1; i >= 0; i--) {
      reversed.put(entries.get(i).getKey(), entries.get(i).getValue());
    }
    Item built =
        Item.builder(KEY)
            .put("location", "https://example.com/ü.jpg")
            .put("count", new Value.Num(new BigDecimal("12.5")))
            .put("flag", new Value.Bool(true))
            .put("nothing", new Value.Null())
            .put("reactions", sample().get("reactions"))
            .put("tags", sample().get("tags"))
            .build();

    assertThat(new Item(reversed)).isEqualTo(new Item(sample())).isEqualTo(built);
    assertThat(built.hashCode()).isEqualTo(new Item(sample()).hashCode());
    assertThat(built).isNotEqualTo(Item.builder(KEY).put("location", "x").build());
  }

  @Test
  void theBuilderReplacesAnAttributeSetTwice() {
    Item item = Item.builder(KEY).put("n", 1).put("n", 2).build();

    assertThat(item.attributes()).hasSize(3).containsEntry("n", Value.Num.of(2));
  }

  @Test
  void toBuilderChangesACopyAndKeepsTheOriginal() {
    Item original = new Item(sample());
    Item.Builder builder = original.toBuilder();
    assertThat(builder.get("count")).contains(new Value.Num(new BigDecimal("12.5")));

    Item changed = builder.put("count", 13).put("added", "x").build();

    assertThat(original).isEqualTo(new Item(sample()));
    Map<String, Value> expected = new HashMap<>(sample());
    expected.put("count", Value.Num.of(13));
    expected.put("added", new Value.Str("x"));
    assertThat(changed.attributes()).isEqualTo(expected);
    assertThat(original.toBuilder().put("count", 13).build().number("count"))
        .isEqualByComparingTo("13");
  }

  @Test
  void anItemBuiltFromAnotherIsSizedAsIfMadeAnew() {
    Item sized = new Item(sample());
    sized.size();
    Item unsized = new Item(sample());
    for (Item original : List.of(sized, unsized)) {
      List<Item> changed =
          List.of(
              original.toBuilder().put("count", 1234567).build(),
              original.toBuilder().put("location", "ü".repeat(40)).put("flag", 7).build(),
              original.toBuilder().put("added", "x").put("added", "yz").build(),
              original.toBuilder()
                  .put("reactions", new Value.MapValue(Map.of("heart", Value.Num.of(4))))
                  .put("nothing", new Value.ListValue(List.of(new Value.Null())))
                  .build(),
              original.withKey(new Key("USER#ännä", "PHOTO#ann#1")));
      for (Item item : changed) {
        assertThat(item.size()).isEqualTo(new Item(item.attributes()).size());
      }
    }
  }

  @Test
  void withKeyReplacesTheKeyStringsOnly() {
    Key same = new Key(new String(KEY.pk()), new String(KEY.sk()));
    Item item = new Item(sample()).withKey(same);

    assertThat(item).isEqualTo(new Item(sample()));
    assertThat(item.string(Item.PK)).isSameAs(same.pk());
    assertThat(item.string(Item.SK)).isSameAs(same.sk());
  }

  @Test
  void typedReadersRefuseMissingAndMistypedAttributes() {
    Item item = new Item(sample());

    assertThatThrownBy(() -> item.string("count"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith("attribute count is not a string in Item[attributes={");
    assertThatThrownBy(() -> item.number("missing")).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void theAttributeMapIsImmutable() {
    Map<String, Value> attributes = new Item(sample()).attributes();

    assertThatThrownBy(() -> attributes.put("x", new Value.Null()))
        .isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> attributes.remove(Item.PK))
        .isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(attributes::clear).isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void nullNamesAndValuesAreRefused() {
    Map<String, Value> withNull = new HashMap<>();
    withNull.put("a", null);
    assertThatThrownBy(() -> new Item(withNull)).isInstanceOf(NullPointerException.class);
    assertThatThrownBy(() -> Item.builder(KEY).put("a", (String) null))
        .isInstanceOf(NullPointerException.class);
  }
}
