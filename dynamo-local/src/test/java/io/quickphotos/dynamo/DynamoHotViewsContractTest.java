package io.quickphotos.dynamo;

import io.quickphotos.contract.HotViewsContract;
import io.quickphotos.dynamo.internal.DynamoTable;
import io.quickphotos.dynamo.local.DynamoDbLocalExtension;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A viral photo's views on DynamoDB Local: a fresh table per test on one shared server. Its
 * requests are of the actions the hot-keys suite's IAM check already covers (the switch's and the
 * fold's TransactWriteItems, the snapshot's TransactGetItems, the fold's BatchGetItem).
 */
class DynamoHotViewsContractTest extends HotViewsContract {
  @RegisterExtension static final DynamoDbLocalExtension DYNAMO = new DynamoDbLocalExtension();

  @Override
  protected Object newEngine() {
    return new DynamoTable(DYNAMO.table().client(), DYNAMO.table().tableName());
  }
}
