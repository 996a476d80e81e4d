package io.quickphotos.memory;

import io.quickphotos.contract.HybridFeedContract;
import io.quickphotos.memory.internal.MemoryTable;

/** The hybrid feed's contract on the in-memory engine. */
class MemoryHybridFeedContractTest extends HybridFeedContract {
  @Override
  protected Object newEngine() {
    return new MemoryTable();
  }
}
