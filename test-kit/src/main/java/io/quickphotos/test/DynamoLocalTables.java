package io.quickphotos.test;

import io.quickphotos.OperationCost;
import io.quickphotos.QuickPhotos;
import io.quickphotos.dynamo.DynamoQuickPhotos;
import io.quickphotos.dynamo.QuickPhotosTable;
import io.quickphotos.dynamo.internal.DynamoTable;
import io.quickphotos.dynamo.local.DynamoDbLocal;
import io.quickphotos.dynamo.local.DynamoDbLocalExtension;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.extension.ExtensionContext;
import software.amazon.awssdk.core.exception.SdkException;

/**
 * Opens tables on the DynamoDB Local server shared by the whole JVM (started on first use,
 * stopped when the test run ends). Loaded only for DynamoDB Local, so memory-only tests need
 * neither quickphotos-dynamo-local nor the AWS SDK on their class path.
 */
final class DynamoLocalTables {
  private static final AtomicLong TABLES = new AtomicLong();

  private DynamoLocalTables() {}

  static QuickPhotosFixture open(
      ExtensionContext context, ManualClock clock, QuickPhotosSettings settings) {
    DynamoDbLocal server = DynamoDbLocalExtension.server(context);
    String tableName = "quick-photos-kit-" + TABLES.incrementAndGet();
    QuickPhotosTable.createIfMissing(server.client(), tableName);
    List<OperationCost> costs = QuickPhotosFixture.newCostLog();
    QuickPhotos repository =
        DynamoQuickPhotos.builder()
            .client(server.client())
            .tableName(tableName)
            .clock(clock)
            .retryPolicy(settings.retryPolicy())
            .sharding(settings.sharding())
            .fanOut(settings.fanOut())
            // Fixtures write around the repository: hot keys are read from the table every time,
            // as on memory.
            .hotReadStaleness(java.time.Duration.ZERO)
            // No throughput model: DynamoDB Local never throttles (the settings say so).
            .costListener(settings.listenerAfter(costs::add))
            .build();
    DynamoTable table = new DynamoTable(server.client(), tableName);
    return new QuickPhotosFixture(
        Backend.DYNAMODB_LOCAL,
        repository,
        clock,
        null,
        table,
        table::forEachItem,
        costs,
        () -> {
          try {
            server.client().deleteTable(r -> r.tableName(tableName));
          } catch (SdkException e) {
            // The server may be stopping; the table goes with it either way.
          }
        });
  }
}
