package io.quickphotos.memory;

import io.quickphotos.CostListener;
import io.quickphotos.QuickPhotos;
import io.quickphotos.contract.QuickPhotosContract;
import java.time.Clock;

/** The contract suite on the in-memory backend. */
class MemoryQuickPhotosContractTest extends QuickPhotosContract {
  @Override
  protected QuickPhotos newRepository(CostListener costListener, Clock clock) {
    return MemoryQuickPhotos.builder().costListener(costListener).clock(clock).build();
  }
}
