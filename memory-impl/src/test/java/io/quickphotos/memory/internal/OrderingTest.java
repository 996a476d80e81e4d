package io.quickphotos.memory.internal;

import static io.quickphotos.memory.internal.Fixtures.plan;
import static io.quickphotos.memory.internal.Fixtures.putAll;
import static io.quickphotos.memory.internal.Fixtures.sortKeys;
import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.engine.SortKeyCondition;
import io.quickphotos.engine.SortKeyCondition.Operator;
import org.junit.jupiter.api.Test;

/** Sort keys come back in UTF-8 byte order (code-point order), not String.compareTo order. */
class OrderingTest {
  private static final String HALFWIDTH_STOP = "\uFF61";
  private static final String LINEAR_B = new String(Character.toChars(0x10002));

  private final MemoryTable table = new MemoryTable();

  @Test
  void codePointOrderPutsTheBmpCharacterBeforeTheSupplementaryOne() {
    assertThat(HALFWIDTH_STOP.compareTo(LINEAR_B))
        .as("Java's UTF-16 order is the opposite")
        .isPositive();
    putAll(table, "P", LINEAR_B, HALFWIDTH_STOP);

    assertThat(sortKeys(table.query(plan("P", null, true))))
        .containsExactly(HALFWIDTH_STOP, LINEAR_B);
    assertThat(sortKeys(table.query(plan("P", null, false))))
        .containsExactly(LINEAR_B, HALFWIDTH_STOP);
    assertThat(
            sortKeys(table.query(plan("P", SortKeyCondition.compare(Operator.LT, LINEAR_B), true))))
        .containsExactly(HALFWIDTH_STOP);
    assertThat(
            sortKeys(
                table.query(
                    plan("P", SortKeyCondition.compare(Operator.GT, HALFWIDTH_STOP), true))))
        .containsExactly(LINEAR_B);
  }

  @Test
  void thePrefixPlusSupplementarySortsAfterThePrefixPlusPrivateUseCharacter() {
    putAll(table, "P", "k" + LINEAR_B + "a", "k\uE000z", "k\uFFFF");

    assertThat(sortKeys(table.query(plan("P", SortKeyCondition.beginsWith("k"), true))))
        .containsExactly("k\uE000z", "k\uFFFF", "k" + LINEAR_B + "a");
  }

  @Test
  void lowercaseSortsAfterUppercaseByteValue() {
    putAll(table, "P", "a", "b", "A", "B");

    assertThat(sortKeys(table.query(plan("P", null, true)))).containsExactly("A", "B", "a", "b");
  }

  @Test
  void aStringSortsBeforeEveryLongerStringItPrefixes() {
    putAll(table, "P", "PHOTO#u#2", "PHOTO#u#10", "PHOTO#u#", "PHOTO#u#1", "PHOTO#v", "PHOTO");

    assertThat(sortKeys(table.query(plan("P", null, true))))
        .containsExactly("PHOTO", "PHOTO#u#", "PHOTO#u#1", "PHOTO#u#10", "PHOTO#u#2", "PHOTO#v");
  }

  @Test
  void longerUtf8EncodingsSortHigher() {
    putAll(table, "P", "\u4E2D", "\u00E9", "z", "\u007F");

    assertThat(sortKeys(table.query(plan("P", null, true))))
        .containsExactly("z", "\u007F", "\u00E9", "\u4E2D");
  }
}
