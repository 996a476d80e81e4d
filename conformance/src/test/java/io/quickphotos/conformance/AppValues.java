package io.quickphotos.conformance;

import io.quickphotos.AppValue;
import io.quickphotos.AttributeChange;
import io.quickphotos.NewPhoto;
import io.quickphotos.engine.Utf8;
import io.quickphotos.internal.singletable.codec.ItemCodec;
import io.quickphotos.proptest.Gen;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Generators of captions and application attributes for the differential properties: mostly
 * small, some empty, and some at the limits — captions of up to 2,200 characters of one- to
 * four-byte characters (and one over), attributes of every type nested a few deep, and
 * attributes filled up to {@link AppValue#MAX_ATTRIBUTES_BYTES} or a few bytes past it.
 */
final class AppValues {
  private AppValues() {}

  /** Characters of one to four UTF-8 bytes, a line break and a tab. */
  private static final Gen<String> CHARACTER =
      Gen.of("a", "Q", "5", " ", "é", "ß", "€", "\u4E2D", "\uD83D\uDE00", "\n", "\t");

  /** Names of attributes as applications choose them: ASCII, starting with a letter. */
  private static final Gen<String> NAME =
      Gen.of("width", "height", "alt", "tags", "exif", "private", "bioLink", "a", "x-y", "z_9");

  static Gen<String> text(int min, int max) {
    return CHARACTER.list(min, max).map(parts -> String.join("", parts));
  }

  /** Empty, short, near the 2,200-character limit, or one over it. */
  static Gen<String> captions() {
    return Gen.frequency(
        Gen.weighted(3, Gen.constant("")),
        Gen.weighted(6, text(1, 40)),
        Gen.weighted(
            1, c -> "\uD83D\uDE00".repeat(Gen.integers(2_150, NewPhoto.MAX_CAPTION).generate(c))),
        Gen.weighted(1, Gen.constant("w".repeat(NewPhoto.MAX_CAPTION + 1))));
  }

  /** A value of any type, lists and maps at most {@code depth} deep. */
  static Gen<AppValue> values(int depth) {
    List<Gen.Weighted<AppValue>> kinds = new ArrayList<>();
    kinds.add(Gen.<AppValue>weighted(3, ItemSizeAgreementTest.numbers().map(AppValue::of)));
    kinds.add(Gen.<AppValue>weighted(3, text(0, 20).map(AppValue::of)));
    kinds.add(Gen.<AppValue>weighted(1, Gen.booleans().map(AppValue::of)));
    if (depth > 0) {
      kinds.add(Gen.<AppValue>weighted(1, values(depth - 1).list(0, 4).map(AppValue::list)));
      kinds.add(
          Gen.<AppValue>weighted(
              1,
              c -> {
                Map<String, AppValue> map = new LinkedHashMap<>();
                for (String key : text(1, 6).list(0, 4).generate(c)) {
                  if (!key.isBlank() && key.chars().noneMatch(Character::isISOControl)) {
                    map.put(key, values(depth - 1).generate(c));
                  }
                }
                return AppValue.map(map);
              }));
    }
    @SuppressWarnings("unchecked")
    Gen.Weighted<AppValue>[] all = kinds.toArray(new Gen.Weighted[0]);
    return Gen.frequency(all);
  }

  /** A few attributes of any type. */
  static Gen<Map<String, AppValue>> small() {
    return c -> {
      Map<String, AppValue> attributes = new LinkedHashMap<>();
      for (String name : NAME.list(1, 5).generate(c)) {
        attributes.put(name, values(2).generate(c));
      }
      return attributes;
    };
  }

  /**
   * Attributes of some small ones and a text that brings them to {@code target} bytes as the
   * item holds them.
   */
  static Gen<Map<String, AppValue>> filledTo(Gen<Integer> target) {
    return c -> {
      Map<String, AppValue> attributes = small().generate(c);
      attributes.remove("blob");
      int bytes = target.generate(c);
      int without = size(attributes);
      // The blob adds its name, one byte per entry and its text, in one-byte characters.
      int text = bytes - without - Utf8.length("blob") - 1;
      if (text >= 0) {
        attributes.put("blob", AppValue.of("b".repeat(text)));
      }
      return attributes;
    };
  }

  /** Empty, small, tens of KB, or filled to the limit or a few bytes past it. */
  static Gen<Map<String, AppValue>> attributes() {
    return Gen.frequency(
        Gen.weighted(3, Gen.constant(Map.<String, AppValue>of())),
        Gen.weighted(6, small()),
        Gen.weighted(1, filledTo(Gen.integers(2_000, 40_000))),
        Gen.weighted(
            1,
            filledTo(
                Gen.integers(AppValue.MAX_ATTRIBUTES_BYTES - 40, AppValue.MAX_ATTRIBUTES_BYTES))),
        Gen.weighted(
            1,
            filledTo(
                Gen.integers(
                    AppValue.MAX_ATTRIBUTES_BYTES + 1, AppValue.MAX_ATTRIBUTES_BYTES + 20))));
  }

  /** Keys inside a map attribute that single changes reach into. */
  private static final Gen<String> KEY = Gen.of("iso", "f", "k");

  /**
   * A change of one attribute: sets (of the attribute, or of a key one level into it, which the
   * table refuses where the attribute is no map), removals, appends, additions of small counts and
   * of any number DynamoDB stores (so that sums go past 38 digits or out of range), and now and
   * then a set large enough to reach the limit with what the item holds.
   */
  static Gen<AttributeChange> change() {
    return Gen.frequency(
        Gen.weighted(
            4,
            c ->
                new AttributeChange.Set(NAME.generate(c), Optional.empty(), values(2).generate(c))),
        Gen.weighted(
            2,
            c ->
                new AttributeChange.Set(
                    NAME.generate(c), Optional.of(KEY.generate(c)), values(1).generate(c))),
        Gen.weighted(2, c -> new AttributeChange.Remove(NAME.generate(c), Optional.empty())),
        Gen.weighted(
            1, c -> new AttributeChange.Remove(NAME.generate(c), Optional.of(KEY.generate(c)))),
        Gen.weighted(
            2,
            c ->
                new AttributeChange.Append(
                    NAME.generate(c), Optional.empty(), values(1).list(1, 3).generate(c))),
        Gen.weighted(
            2,
            c ->
                new AttributeChange.Add(
                    Gen.of("views", "shares").generate(c),
                    Optional.empty(),
                    BigDecimal.valueOf(Gen.integers(-2, 5).generate(c)))),
        Gen.weighted(
            1,
            c ->
                new AttributeChange.Add(
                    NAME.generate(c),
                    Optional.empty(),
                    ItemSizeAgreementTest.numbers().generate(c))),
        Gen.weighted(
            1,
            c ->
                new AttributeChange.Set(
                    "blob",
                    Optional.empty(),
                    AppValue.of(
                        "b"
                            .repeat(
                                Gen.integers(
                                        AppValue.MAX_ATTRIBUTES_BYTES - 3_000,
                                        AppValue.MAX_ATTRIBUTES_BYTES - 11)
                                    .generate(c))))));
  }

  /** One to four changes, mostly of different attributes. */
  static Gen<List<AttributeChange>> changes() {
    return change().list(1, 4);
  }

  /** What attributes take in the item: the map that holds them, with its name. */
  static int size(Map<String, AppValue> attributes) {
    return attributes.isEmpty()
        ? 0
        : Utf8.length(ItemCodec.APP) + ItemCodec.appAttributes(attributes).size();
  }
}
