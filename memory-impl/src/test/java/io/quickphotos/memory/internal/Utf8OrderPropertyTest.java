package io.quickphotos.memory.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.engine.Index;
import io.quickphotos.engine.QueryPlan;
import io.quickphotos.engine.SortKeyCondition;
import io.quickphotos.engine.Utf8;
import io.quickphotos.proptest.Gen;
import io.quickphotos.proptest.Property;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * {@link Utf8#compare} is unsigned UTF-8 byte order, and the engine reads in that order.
 * Strings are drawn from the ranges where orders disagree: ASCII, U+E000–U+FFFF, supplementary.
 */
class Utf8OrderPropertyTest {
  /** Code points from the ranges where UTF-16 order and code-point order part ways. */
  private static final Gen<Integer> CODE_POINTS =
      Gen.frequency(
          Gen.weighted(3, Gen.integers(0x20, 0x7F)),
          Gen.weighted(2, Gen.integers(0xE000, 0xFFFF)),
          Gen.weighted(1, Gen.integers(0x80, 0xD7FF)),
          Gen.weighted(2, Gen.integers(0x10000, 0x10FFFF)));

  /** Up to six code points, the empty string included. */
  static final Gen<String> TEXT =
      CODE_POINTS
          .list(0, 6)
          .map(
              cps -> {
                StringBuilder s = new StringBuilder();
                cps.forEach(s::appendCodePoint);
                return s.toString();
              });

  static final Gen<String> KEYS = TEXT.filter(s -> !s.isEmpty());

  /** A set of sort keys and a prefix to read them by. */
  record KeysAndPrefix(List<String> keys, String prefix) {}

  @Test
  void compareAgreesWithUnsignedUtf8Bytes() {
    Property.named("Utf8OrderPropertyTest.compareAgreesWithUnsignedUtf8Bytes")
        .cases(500)
        .check(
            TEXT.list(2),
            pair -> {
              String a = pair.get(0);
              String b = pair.get(1);
              int bytes = Arrays.compareUnsigned(utf8(a), utf8(b));

              assertThat(Integer.signum(Utf8.compare(a, b))).isEqualTo(Integer.signum(bytes));
              assertThat(Utf8.length(a)).isEqualTo(utf8(a).length);
            });
  }

  @Test
  void queriesReadInUtf8ByteOrder() {
    Gen<KeysAndPrefix> cases =
        c -> new KeysAndPrefix(KEYS.uniqueList(1, 30).generate(c), KEYS.generate(c));
    Property.named("Utf8OrderPropertyTest.queriesReadInUtf8ByteOrder")
        .cases(50)
        .check(
            cases,
            generated -> {
              List<String> keys = generated.keys();
              String prefix = generated.prefix();
              MemoryTable table = new MemoryTable();
              keys.forEach(sk -> Fixtures.put(table, Fixtures.item("P", sk)));
              Comparator<String> byBytes = (x, y) -> Arrays.compareUnsigned(utf8(x), utf8(y));
              List<String> ascending = keys.stream().sorted(byBytes).toList();

              assertThat(Fixtures.sortKeys(table.query(Fixtures.plan("P", null, true))))
                  .containsExactlyElementsOf(ascending);
              List<String> prefixed = ascending.stream().filter(k -> k.startsWith(prefix)).toList();
              QueryPlan backwards =
                  new QueryPlan(
                      Index.TABLE,
                      "P",
                      Optional.of(SortKeyCondition.beginsWith(prefix)),
                      false,
                      1000,
                      Optional.empty(),
                      true);
              List<String> descending = new ArrayList<>(prefixed);
              Collections.reverse(descending);
              assertThat(Fixtures.sortKeys(table.query(backwards)))
                  .containsExactlyElementsOf(descending);
            });
  }

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
