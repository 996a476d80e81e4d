package io.quickphotos.memory;

import io.quickphotos.contract.FleetContract;
import io.quickphotos.memory.internal.MemoryTable;

/** A fleet of differently set repositories on one in-memory table. */
class MemoryFleetContractTest extends FleetContract {
  @Override
  protected Object newEngine() {
    return new MemoryTable();
  }
}
