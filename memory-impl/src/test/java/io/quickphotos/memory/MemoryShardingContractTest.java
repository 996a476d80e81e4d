package io.quickphotos.memory;

import io.quickphotos.contract.ShardingContract;
import io.quickphotos.memory.internal.MemoryTable;

/** The hot-keys contract on the in-memory engine. */
class MemoryShardingContractTest extends ShardingContract {
  @Override
  protected Object newEngine() {
    return new MemoryTable();
  }
}
