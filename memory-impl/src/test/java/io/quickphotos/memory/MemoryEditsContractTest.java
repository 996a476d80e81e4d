package io.quickphotos.memory;

import io.quickphotos.contract.EditsContract;
import io.quickphotos.memory.internal.MemoryTable;

/** Versions, single attributes and counters on the in-memory engine. */
class MemoryEditsContractTest extends EditsContract {
  @Override
  protected Object newEngine() {
    return new MemoryTable();
  }
}
