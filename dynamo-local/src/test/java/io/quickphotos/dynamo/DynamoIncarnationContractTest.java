package io.quickphotos.dynamo;

import io.quickphotos.contract.IncarnationContract;
import io.quickphotos.dynamo.internal.DynamoTable;
import io.quickphotos.dynamo.local.DynamoDbLocalExtension;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The fenced cascades and the audit on DynamoDB Local: a fresh table per test. */
class DynamoIncarnationContractTest extends IncarnationContract {
  @RegisterExtension static final DynamoDbLocalExtension DYNAMO = new DynamoDbLocalExtension();

  @Override
  protected Object newEngine() {
    return new DynamoTable(DYNAMO.table().client(), DYNAMO.table().tableName());
  }
}
