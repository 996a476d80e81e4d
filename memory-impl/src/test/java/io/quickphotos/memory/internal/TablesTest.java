package io.quickphotos.memory.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.engine.Item;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TablesTest {
  private final MemoryTable table = new MemoryTable();

  @Test
  void anEmptyTableHasNoItems() {
    assertThat(Tables.everyItem(table, item -> { })).isZero();
  }

  @Test
  void everyItemIsReadOnceAcrossPagesAndPartitions() {
    List<Item> written = new ArrayList<>();
    for (int i = 0; i < Tables.PAGE * 2 + 500; i++) {
      written.add(Fixtures.put(table, Fixtures.item("P" + i % 7, "S" + i)));
    }
    List<Item> read = new ArrayList<>();

    long count = Tables.everyItem(table, read::add);

    assertThat(count).isEqualTo(written.size());
    assertThat(read).containsExactlyInAnyOrderElementsOf(written);
  }
}
