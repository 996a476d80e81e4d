package io.quickphotos.memory;

import io.quickphotos.contract.IncarnationContract;
import io.quickphotos.memory.internal.MemoryTable;

/** The fenced cascades and the audit on the in-memory engine. */
class MemoryIncarnationContractTest extends IncarnationContract {
  @Override
  protected Object newEngine() {
    return new MemoryTable();
  }
}
