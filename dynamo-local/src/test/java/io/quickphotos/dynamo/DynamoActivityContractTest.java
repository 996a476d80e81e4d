package io.quickphotos.dynamo;

import io.quickphotos.contract.ActivityContract;
import io.quickphotos.dynamo.internal.DynamoTable;
import io.quickphotos.dynamo.local.DynamoDbLocalExtension;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The activity inbox on DynamoDB Local: a fresh table per test on one shared server. Its requests
 * are Query, BatchGetItem, BatchWriteItem and PutItem, which the contract suite's IAM check
 * covers.
 */
class DynamoActivityContractTest extends ActivityContract {
  @RegisterExtension static final DynamoDbLocalExtension DYNAMO = new DynamoDbLocalExtension();

  @Override
  protected Object newEngine() {
    return new DynamoTable(DYNAMO.table().client(), DYNAMO.table().tableName());
  }
}
