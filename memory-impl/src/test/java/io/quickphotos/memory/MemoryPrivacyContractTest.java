package io.quickphotos.memory;

import io.quickphotos.contract.PrivacyContract;
import io.quickphotos.memory.internal.MemoryTable;

/** Who may see what, on the in-memory engine. */
class MemoryPrivacyContractTest extends PrivacyContract {
  @Override
  protected Object newEngine() {
    return new MemoryTable();
  }
}
