package io.quickphotos.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.engine.AttributePath;
import io.quickphotos.engine.Capacity;
import io.quickphotos.engine.Item;
import io.quickphotos.engine.ItemCondition;
import io.quickphotos.engine.Key;
import io.quickphotos.engine.Limits;
import io.quickphotos.engine.Table;
import io.quickphotos.engine.UpdateAction;
import io.quickphotos.engine.Utf8;
import io.quickphotos.engine.Value;
import io.quickphotos.engine.WriteAction;
import io.quickphotos.memory.internal.MemoryTable;
import io.quickphotos.proptest.Gen;
import io.quickphotos.proptest.Property;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * DynamoDB's item size, byte for byte, on both engines: an item is padded to exactly 400 KB by
 * the memory engine's count ({@link Item#size()}), and DynamoDB Local must take it, then refuse it
 * one byte larger, alike on PutItem and on UpdateItem; both engines must bill the same units for
 * writing and reading it, and read it back equal. Any byte the memory engine counted differently
 * (an attribute name, a number, a map or list entry) moves the edge and fails the test. The items
 * hold random attributes of every type an item of the layout or of an application holds: text of
 * one- to four-byte characters, numbers of 1 to 38 digits and every exponent DynamoDB takes, of
 * both signs, booleans, nulls, and lists and maps of them nested a few deep.
 */
class ItemSizeAgreementTest {
  private static final AtomicLong KEYS = new AtomicLong();
  private static final String PAD = "pad";

  /** Numbers whose size the documentation's approximation gets wrong, and its easy cases. */
  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {
        "0",
        "1",
        "-1",
        "12",
        "120",
        "1200",
        "1.2",
        "0.12",
        "0.012",
        "-0.012",
        "123.456",
        "1E+125",
        "-9.9999999999999999999999999999999999999E+125",
        "1E-130",
        "-1E-130",
        "12345678901234567890123456789012345678",
        "-12345678901234567890123456789012345678",
        "-1234567890123456789012345678901234567.8",
        "-123456789012345678901234567890123456.7",
        "9223372036854775807",
        "-9223372036854775808"
      })
  void aNumberTakesTheBytesDynamoDbCounts(String number) {
    Map<String, Value> attributes = new LinkedHashMap<>();
    attributes.put("n", new Value.Num(new BigDecimal(number)));
    attributes.put("inList", new Value.ListValue(List.of(new Value.Num(new BigDecimal(number)))));
    agreeAtTheLimit(attributes);
  }

  @Test
  void randomItemsFillFourHundredKilobytesAlikeOnBothEngines() {
    Property.named("ItemSizeAgreementTest.randomItemsFillFourHundredKilobytesAlike")
        .cases(60)
        .check(attributes(), this::agreeAtTheLimit);
  }

  private void agreeAtTheLimit(Map<String, Value> attributes) {
    Table memory = new MemoryTable();
    Table dynamo = SharedDynamoDbLocal.engine();
    Key key = new Key("size#" + KEYS.incrementAndGet(), "s");
    Item fits = padded(key, attributes, Limits.MAX_ITEM_BYTES);
    Item over = padded(key, attributes, Limits.MAX_ITEM_BYTES + 1);
    assertThat(fits.size()).isEqualTo(Limits.MAX_ITEM_BYTES);

    // One byte over is refused alike, and writes nothing.
    Outcome<Capacity> overInMemory = Outcome.of(() -> memory.write(put(over)).consumed());
    Outcome<Capacity> overOnDynamo = Outcome.of(() -> dynamo.write(put(over)).consumed());
    assertThat(overInMemory.failed()).as("memory refuses %s", overInMemory).isTrue();
    assertThat(overOnDynamo.error()).as("%s", overOnDynamo).isEqualTo(overInMemory.error());
    assertThat(dynamo.getItem(key).item()).isEmpty();

    // Exactly 400 KB is taken alike, billed alike, and reads back equal.
    Outcome<Capacity> inMemory = Outcome.of(() -> memory.write(put(fits)).consumed());
    Outcome<Capacity> onDynamo = Outcome.of(() -> dynamo.write(put(fits)).consumed());
    assertThat(inMemory.failed()).as("memory takes it: %s", inMemory).isFalse();
    assertThat(onDynamo).as("DynamoDB Local takes it").isEqualTo(inMemory);
    Table.Read readInMemory = memory.getItem(key);
    Table.Read readOnDynamo = dynamo.getItem(key);
    assertThat(readOnDynamo.item().equals(readInMemory.item())).as("read back").isTrue();
    assertThat(readOnDynamo.consumed()).isEqualTo(readInMemory.consumed());

    // An update that grows it by one byte is refused alike; one that keeps it at 400 KB is not.
    String padding = fits.string(PAD);
    WriteAction grow =
        new WriteAction.Update(
            key,
            List.of(new UpdateAction.Set(AttributePath.of(PAD), new Value.Str(padding + "x"))),
            ItemCondition.EXISTS);
    Outcome<Capacity> grownInMemory = Outcome.of(() -> memory.write(grow).consumed());
    Outcome<Capacity> grownOnDynamo = Outcome.of(() -> dynamo.write(grow).consumed());
    assertThat(grownInMemory.failed()).as("memory refuses the update").isTrue();
    assertThat(grownOnDynamo.error()).isEqualTo(grownInMemory.error());
    WriteAction same =
        new WriteAction.Update(
            key,
            List.of(
                new UpdateAction.Set(
                    AttributePath.of(PAD), new Value.Str("y" + padding.substring(1)))),
            ItemCondition.EXISTS);
    assertThat(Outcome.of(() -> dynamo.write(same).consumed()))
        .isEqualTo(Outcome.of(() -> memory.write(same).consumed()));
  }

  private static WriteAction put(Item item) {
    return new WriteAction.Put(item, ItemCondition.NONE);
  }

  /** The item of {@code attributes} with a text attribute that brings it to {@code bytes}. */
  private static Item padded(Key key, Map<String, Value> attributes, int bytes) {
    Item.Builder builder = Item.builder(key);
    attributes.forEach(builder::put);
    int without = builder.build().size();
    int text = bytes - without - Utf8.length(PAD);
    assertThat(text).as("room for the padding").isPositive();
    return builder.put(PAD, "p".repeat(text)).build();
  }

  // --- generators ----------------------------------------------------------------------------

  /** Up to 12 attributes of every type, names of one- to four-byte characters. */
  static Gen<Map<String, Value>> attributes() {
    Gen<String> name = text(1, 12);
    return c -> {
      Map<String, Value> attributes = new LinkedHashMap<>();
      for (String n : name.list(1, 12).generate(c)) {
        if (!n.equals(PAD) && !n.equals(Item.PK) && !n.equals(Item.SK)) {
          attributes.put(n, values(3).generate(c));
        }
      }
      return attributes;
    };
  }

  private static Gen<Value> values(int depth) {
    List<Gen.Weighted<Value>> kinds = new ArrayList<>();
    kinds.add(Gen.<Value>weighted(4, numbers().map(Value.Num::new)));
    kinds.add(Gen.<Value>weighted(3, text(0, 40).map(Value.Str::new)));
    kinds.add(Gen.<Value>weighted(1, Gen.booleans().map(Value.Bool::new)));
    kinds.add(Gen.<Value>weighted(1, Gen.constant(new Value.Null())));
    if (depth > 0) {
      kinds.add(Gen.<Value>weighted(1, values(depth - 1).list(0, 5).map(Value.ListValue::new)));
      kinds.add(
          Gen.<Value>weighted(
              1,
              c -> {
                Map<String, Value> map = new LinkedHashMap<>();
                for (String key : text(1, 8).list(0, 5).generate(c)) {
                  map.put(key, values(depth - 1).generate(c));
                }
                return new Value.MapValue(map);
              }));
    }
    @SuppressWarnings("unchecked")
    Gen.Weighted<Value>[] all = kinds.toArray(new Gen.Weighted[0]);
    return Gen.frequency(all);
  }

  /** Numbers of 1 to 38 digits, either sign, with exponents across DynamoDB's whole range. */
  static Gen<BigDecimal> numbers() {
    Gen<BigDecimal> any =
        c -> {
          int digits = Gen.integers(1, 38).generate(c);
          StringBuilder unscaled = new StringBuilder();
          unscaled.append((char) ('1' + Gen.integers(0, 8).generate(c)));
          for (int i = 1; i < digits; i++) {
            unscaled.append((char) ('0' + Gen.integers(0, 9).generate(c)));
          }
          // The leading digit's power of ten, -130 to 125, mostly near zero.
          int exponent =
              Gen.frequency(
                      Gen.weighted(3, Gen.integers(-6, 12)),
                      Gen.weighted(1, Gen.integers(-130, 125)))
                  .generate(c);
          BigDecimal value =
              new BigDecimal(new BigInteger(unscaled.toString()), digits - 1 - exponent);
          return Gen.booleans().generate(c) ? value.negate() : value;
        };
    return Gen.frequency(
        Gen.weighted(1, Gen.constant(BigDecimal.ZERO)),
        Gen.weighted(3, Gen.longs(-100_000, 100_000).map(BigDecimal::valueOf)),
        Gen.weighted(6, any));
  }

  /** Text of one- to four-byte characters. */
  static Gen<String> text(int min, int max) {
    Gen<String> character = Gen.of("a", "Z", "7", " ", "é", "ß", "€", "\u4E2D", "\uD83D\uDE00");
    return character.list(min, max).map(parts -> String.join("", parts));
  }
}
