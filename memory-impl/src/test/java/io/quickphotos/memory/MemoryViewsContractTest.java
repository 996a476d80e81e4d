package io.quickphotos.memory;

import io.quickphotos.contract.ViewsContract;
import io.quickphotos.memory.internal.MemoryTable;

/** Views of a photo on the in-memory engine. */
class MemoryViewsContractTest extends ViewsContract {
  @Override
  protected Object newEngine() {
    return new MemoryTable();
  }
}
