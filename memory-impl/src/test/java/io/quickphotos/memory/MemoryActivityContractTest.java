package io.quickphotos.memory;

import io.quickphotos.contract.ActivityContract;
import io.quickphotos.memory.internal.MemoryTable;

/** The activity inbox on the in-memory engine. */
class MemoryActivityContractTest extends ActivityContract {
  @Override
  protected Object newEngine() {
    return new MemoryTable();
  }
}
