package io.quickphotos.bench.footprint;

import static org.assertj.core.api.Assertions.assertThat;

import io.quickphotos.engine.Item;
import io.quickphotos.engine.Key;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;

/**
 * What reading through an {@link Item.Name} allocates, in bytes the thread allocated (which a
 * busy machine does not change, unlike time). Here, on the class path, because the engine's own
 * tests run in a module that does not read {@code jdk.management}.
 */
class RememberedNamesTest {
  private static final Key KEY = new Key("USER#ann", "PHOTO#ann#1");

  /**
   * Items of two sets of names, read in turn through one name: each set keeps its own answer, so
   * nothing is made per read (remembering only the last set made an object each time the set
   * changed, 24 bytes a name a read: 2.4 MB here).
   */
  @Test
  void readingItemsOfAlternatingSetsOfNamesAllocatesNothing() {
    Item.Name name = new Item.Name("owner");
    Item[] items = {
      Item.builder(KEY).put("owner", "ann").put("since", "1").build(),
      Item.builder(KEY).put("caption", "hi").put("owner", "bob").build()
    };
    com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    long read = 0;
    for (int i = 0; i < 1_000; i++) {
      read += items[i & 1].string(name).length();
    }
    long before = threads.getCurrentThreadAllocatedBytes();
    for (int i = 0; i < 100_000; i++) {
      read += items[i & 1].string(name).length();
    }
    long allocated = threads.getCurrentThreadAllocatedBytes() - before;
    assertThat(read).isEqualTo(101_000 * 3);
    assertThat(allocated).isLessThan(10_000);
  }
}
