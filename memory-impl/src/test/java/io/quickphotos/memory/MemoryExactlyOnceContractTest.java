package io.quickphotos.memory;

import io.quickphotos.contract.ExactlyOnceContract;
import io.quickphotos.memory.internal.MemoryTable;

/** Resent single writes answer once on the in-memory engine. */
class MemoryExactlyOnceContractTest extends ExactlyOnceContract {
  @Override
  protected Object newEngine() {
    return new MemoryTable();
  }
}
