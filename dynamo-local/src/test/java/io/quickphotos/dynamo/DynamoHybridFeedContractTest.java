package io.quickphotos.dynamo;

import io.quickphotos.contract.HybridFeedContract;
import io.quickphotos.dynamo.internal.DynamoTable;
import io.quickphotos.dynamo.local.DynamoDbLocalExtension;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The hybrid feed's contract on DynamoDB Local: a fresh table per test on one shared server. */
class DynamoHybridFeedContractTest extends HybridFeedContract {
  @RegisterExtension static final DynamoDbLocalExtension DYNAMO = new DynamoDbLocalExtension();

  @Override
  protected Object newEngine() {
    return new DynamoTable(DYNAMO.table().client(), DYNAMO.table().tableName());
  }

  @Override
  protected int histories() {
    return 3;
  }
}
