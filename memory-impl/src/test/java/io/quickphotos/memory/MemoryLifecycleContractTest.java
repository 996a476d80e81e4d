package io.quickphotos.memory;

import io.quickphotos.contract.LifecycleContract;
import io.quickphotos.memory.internal.MemoryTable;

/** The lifecycle contract on the in-memory engine. */
class MemoryLifecycleContractTest extends LifecycleContract {
  @Override
  protected Object newEngine() {
    return new MemoryTable();
  }
}
