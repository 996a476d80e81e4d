package io.quickphotos.dynamo;

import io.quickphotos.contract.HotReadContract;
import io.quickphotos.dynamo.internal.DynamoTable;
import io.quickphotos.dynamo.local.DynamoDbLocalExtension;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The hot-reads contract on DynamoDB Local: a fresh table per test on one shared server. */
class DynamoHotReadContractTest extends HotReadContract {
  @RegisterExtension
  @Order(1)
  static final DynamoDbLocalExtension DYNAMO = new DynamoDbLocalExtension();

  @Override
  protected Object newEngine() {
    return new DynamoTable(DYNAMO.table().client(), DYNAMO.table().tableName());
  }
}
