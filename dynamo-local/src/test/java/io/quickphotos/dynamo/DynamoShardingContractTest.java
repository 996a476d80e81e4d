package io.quickphotos.dynamo;

import io.quickphotos.contract.ShardingContract;
import io.quickphotos.dynamo.internal.DynamoTable;
import io.quickphotos.dynamo.local.DynamoDbLocalExtension;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The hot-keys contract on DynamoDB Local: a fresh table per test on one shared server. */
class DynamoShardingContractTest extends ShardingContract {
  @RegisterExtension static final DynamoDbLocalExtension DYNAMO = new DynamoDbLocalExtension();

  @Override
  protected Object newEngine() {
    return new DynamoTable(DYNAMO.table().client(), DYNAMO.table().tableName());
  }
}
