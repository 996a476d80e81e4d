package io.quickphotos.dynamo;

import io.quickphotos.QuickPhotos;
import io.quickphotos.RetryPolicy;
import io.quickphotos.contract.TableItemsContract;
import io.quickphotos.dynamo.local.DynamoDbLocalExtension;
import java.time.Clock;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@code TableItems} on DynamoDB Local: the test's table, and more created on the same server. */
class DynamoTableItemsContractTest extends TableItemsContract {
  @RegisterExtension static final DynamoDbLocalExtension DYNAMO = new DynamoDbLocalExtension();

  private static final AtomicInteger COPIES = new AtomicInteger();

  private boolean first = true;

  @Override
  protected QuickPhotos newRepository(Clock clock) {
    String tableName = DYNAMO.table().tableName();
    if (!first) {
      // A table of its own; it goes with the server when the run ends.
      tableName = tableName + "-copy-" + COPIES.incrementAndGet();
      QuickPhotosTable.createIfMissing(DYNAMO.table().client(), tableName);
    }
    first = false;
    return DynamoQuickPhotos.builder()
        .client(DYNAMO.table().client())
        .tableName(tableName)
        .clock(clock)
        .retryPolicy(RetryPolicy.noDelay())
        .build();
  }
}
