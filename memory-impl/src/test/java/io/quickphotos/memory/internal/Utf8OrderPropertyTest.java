package io.quickphotos.memory.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.internal.singletable.Index;
import io.quickphotos.internal.singletable.QueryPlan;
import io.quickphotos.internal.singletable.SortKeyCondition;
import io.quickphotos.internal.singletable.Utf8;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.From;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.constraints.Size;

/**
 * {@link Utf8#compare} is unsigned UTF-8 byte order, and the engine reads in that order.
 * Strings are drawn from the ranges where orders disagree: ASCII, U+E000–U+FFFF, supplementary.
 */
class Utf8OrderPropertyTest {

  @Property(tries = 500)
  void compareAgreesWithUnsignedUtf8Bytes(@ForAll("text") String a, @ForAll("text") String b) {
    int bytes = Arrays.compareUnsigned(utf8(a), utf8(b));

    assertThat(Integer.signum(Utf8.compare(a, b))).isEqualTo(Integer.signum(bytes));
    assertThat(Utf8.length(a)).isEqualTo(utf8(a).length);
  }

  @Property(tries = 50)
  void queriesReadInUtf8ByteOrder(@ForAll @Size(min = 1, max = 30) Set<@From("key") String> keys,
      @ForAll("key") String prefix) {
    MemoryTable table = new MemoryTable();
    keys.forEach(sk -> Fixtures.put(table, Fixtures.item("P", sk)));
    Comparator<String> byBytes = (x, y) -> Arrays.compareUnsigned(utf8(x), utf8(y));
    List<String> ascending = keys.stream().sorted(byBytes).toList();

    assertThat(Fixtures.sortKeys(table.query(Fixtures.plan("P", null, true))))
        .containsExactlyElementsOf(ascending);
    List<String> prefixed = ascending.stream().filter(k -> k.startsWith(prefix)).toList();
    QueryPlan backwards = new QueryPlan(Index.TABLE, "P",
        Optional.of(SortKeyCondition.beginsWith(prefix)), false, 1000, Optional.empty(), true);
    List<String> descending = new ArrayList<>(prefixed);
    Collections.reverse(descending);
    assertThat(Fixtures.sortKeys(table.query(backwards))).containsExactlyElementsOf(descending);
  }

  @Provide
  Arbitrary<String> text() {
    Arbitrary<Integer> codePoint = Arbitraries.frequencyOf(
        Tuple.of(3, Arbitraries.integers().between(0x20, 0x7F)),
        Tuple.of(2, Arbitraries.integers().between(0xE000, 0xFFFF)),
        Tuple.of(1, Arbitraries.integers().between(0x80, 0xD7FF)),
        Tuple.of(2, Arbitraries.integers().between(0x10000, 0x10FFFF)));
    return codePoint.list().ofMaxSize(6).map(cps -> {
      StringBuilder s = new StringBuilder();
      cps.forEach(s::appendCodePoint);
      return s.toString();
    });
  }

  @Provide
  Arbitrary<String> key() {
    return text().filter(s -> !s.isEmpty());
  }

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
