package io.quickphotos.test;

import io.quickphotos.OperationCost;
import io.quickphotos.QuickPhotos;
import io.quickphotos.RetryPolicy;
import io.quickphotos.internal.repository.Repositories;
import io.quickphotos.internal.repository.RepositoryOptions;
import io.quickphotos.memory.Faults;
import io.quickphotos.memory.internal.DynamoDbFailures;
import io.quickphotos.memory.internal.MemoryTable;
import java.util.List;

/** Opens memory tables: the engine behind a fault script, as MemoryQuickPhotos builds it. */
final class MemoryTables {
  private MemoryTables() {}

  static QuickPhotosFixture open(ManualClock clock) {
    MemoryTable table = new MemoryTable();
    Faults faults = Faults.create();
    RetryPolicy retry = RetryPolicy.noDelay();
    List<OperationCost> costs = QuickPhotosFixture.newCostLog();
    QuickPhotos repository =
        Repositories.create(
            DynamoDbFailures.around(table, faults, null, clock, retry),
            RepositoryOptions.defaults()
                .withCostListener(costs::add)
                .withClock(clock)
                .withRetryPolicy(retry));
    return new QuickPhotosFixture(
        Backend.MEMORY, repository, clock, faults, table, table::forEachItem, costs, () -> {});
  }
}
