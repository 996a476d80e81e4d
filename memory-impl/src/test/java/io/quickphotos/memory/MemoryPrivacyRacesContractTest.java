package io.quickphotos.memory;

import io.quickphotos.contract.PrivacyRacesContract;
import io.quickphotos.memory.internal.MemoryTable;

/** Refusals seen at once, and the races of who may see what, on the in-memory engine. */
class MemoryPrivacyRacesContractTest extends PrivacyRacesContract {
  @Override
  protected Object newEngine() {
    return new MemoryTable();
  }
}
