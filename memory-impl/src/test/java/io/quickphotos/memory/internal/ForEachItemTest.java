package io.quickphotos.memory.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.engine.Item;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link io.quickphotos.engine.Table#forEachItem} over the memory engine's Scan pages. */
class ForEachItemTest {
  private final MemoryTable table = new MemoryTable();

  @Test
  void anEmptyTableHasNoItems() {
    assertThat(table.forEachItem(item -> {})).isZero();
  }

  @Test
  void everyItemIsReadOnceAcrossPagesAndPartitions() {
    List<Item> written = new ArrayList<>();
    for (int i = 0; i < 2_500; i++) {
      written.add(Fixtures.put(table, Fixtures.item("P" + i % 7, "S" + i)));
    }
    List<Item> read = new ArrayList<>();

    long count = table.forEachItem(read::add);

    assertThat(count).isEqualTo(written.size());
    assertThat(read).containsExactlyInAnyOrderElementsOf(written);
  }
}
