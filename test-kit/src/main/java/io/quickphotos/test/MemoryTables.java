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

/**
 * Opens memory tables: the engine behind a fault script and the settings' throughput model, as
 * MemoryQuickPhotos builds it, keeping the bare table for fixture files.
 */
final class MemoryTables {
  private MemoryTables() {}

  static QuickPhotosFixture open(ManualClock clock, QuickPhotosSettings settings) {
    MemoryTable table = new MemoryTable();
    Faults faults = Faults.create();
    RetryPolicy retry = settings.retryPolicy();
    List<OperationCost> costs = QuickPhotosFixture.newCostLog();
    QuickPhotos repository =
        Repositories.create(
            DynamoDbFailures.around(
                table, faults, settings.throughput().orElse(null), clock, retry),
            RepositoryOptions.defaults()
                .withCostListener(settings.listenerAfter(costs::add))
                .withClock(clock)
                .withRetryPolicy(retry)
                .withSharding(settings.sharding())
                .withFanOut(settings.fanOut()));
    return new QuickPhotosFixture(
        Backend.MEMORY, repository, clock, faults, table, table::forEachItem, costs, () -> {});
  }
}
