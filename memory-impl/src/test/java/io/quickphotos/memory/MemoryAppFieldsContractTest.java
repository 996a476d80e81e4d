package io.quickphotos.memory;

import io.quickphotos.contract.AppFieldsContract;
import io.quickphotos.memory.internal.MemoryTable;

/** Captions and the application's attributes on the in-memory engine. */
class MemoryAppFieldsContractTest extends AppFieldsContract {
  @Override
  protected Object newEngine() {
    return new MemoryTable();
  }
}
