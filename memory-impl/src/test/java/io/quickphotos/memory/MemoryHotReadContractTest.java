package io.quickphotos.memory;

import io.quickphotos.contract.HotReadContract;
import io.quickphotos.memory.internal.MemoryTable;

/** The hot-reads contract on the in-memory engine. */
class MemoryHotReadContractTest extends HotReadContract {
  @Override
  protected Object newEngine() {
    return new MemoryTable();
  }
}
