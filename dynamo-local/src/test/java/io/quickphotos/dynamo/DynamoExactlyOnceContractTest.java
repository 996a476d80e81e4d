package io.quickphotos.dynamo;

import io.quickphotos.contract.ExactlyOnceContract;
import io.quickphotos.dynamo.internal.DynamoTable;
import io.quickphotos.dynamo.local.DynamoDbLocalExtension;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Resent single writes answer once on DynamoDB Local, which returns the item that failed a
 * PutItem's condition ({@code ReturnValuesOnConditionCheckFailure=ALL_OLD}): a fresh table per
 * test.
 */
class DynamoExactlyOnceContractTest extends ExactlyOnceContract {
  @RegisterExtension static final DynamoDbLocalExtension DYNAMO = new DynamoDbLocalExtension();

  @Override
  protected Object newEngine() {
    return new DynamoTable(DYNAMO.table().client(), DYNAMO.table().tableName());
  }
}
