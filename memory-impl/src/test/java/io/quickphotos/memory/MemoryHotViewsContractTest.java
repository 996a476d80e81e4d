package io.quickphotos.memory;

import io.quickphotos.contract.HotViewsContract;
import io.quickphotos.memory.internal.MemoryTable;

/** A viral photo's views on the in-memory engine. */
class MemoryHotViewsContractTest extends HotViewsContract {
  @Override
  protected Object newEngine() {
    return new MemoryTable();
  }
}
